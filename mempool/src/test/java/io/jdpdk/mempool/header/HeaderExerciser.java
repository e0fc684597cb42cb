package io.jdpdk.mempool.header;

import java.lang.foreign.MemorySegment;

/**
 * Runs {@link PacketParser} and every view over one buffer, calls every accessor of every view that wraps, and
 * checks the invariants that must hold whatever the bytes: no exception, a known result code, offsets and lengths
 * inside the buffer, views inside the buffer, the same answer when parsed twice. A read past the bounds shows up as
 * an {@link IndexOutOfBoundsException} when the buffer is a heap segment of exactly the given length. Shared by the
 * truncation tests and the fuzz tests; not thread-safe.
 */
final class HeaderExerciser
{
    private final PacketParser parser = new PacketParser();
    private final EthernetView ethernet = new EthernetView();
    private final VlanView vlan = new VlanView();
    private final ArpView arp = new ArpView();
    private final Ipv4View ipv4 = new Ipv4View();
    private final Ipv6View ipv6 = new Ipv6View();
    private final UdpView udp = new UdpView();
    private final TcpView tcp = new TcpView();
    private final IcmpView icmp = new IcmpView();
    private final Icmpv6View icmpv6 = new Icmpv6View();
    private final byte[] address = new byte[16];

    /** Accumulates what the accessors read, so none of them is optimised away. */
    long sink;

    PacketParser parser()
    {
        return parser;
    }

    /**
     * Parses {@code [base, base + length)}, checks the parser's invariants, reads its views, then wraps every view
     * at the offsets the parse found and at the fixed offsets of untagged, tagged and double-tagged frames.
     *
     * @return a fingerprint of the parse (result and offsets), equal for equal bytes whatever the segment
     */
    long exercise(final MemorySegment segment, final long base, final int length)
    {
        final int result = parser.parse(segment, base, length);
        final long fingerprint = fingerprint();
        checkParser(result, base, length);

        readParserViews(base, length);

        final int[] offsets = {0, 14, 18, 22, 34, 38, 42, 54, 62, parser.l3Offset(), parser.l4Offset()};
        for (final int offset : offsets)
        {
            if (offset >= 0 && offset <= length)
            {
                wrapAndReadEverything(segment, base + offset, length - offset, base, length);
            }
        }
        if (parser.parse(segment, base, length) != result || fingerprint() != fingerprint)
        {
            throw new AssertionError("a second parse of the same bytes disagreed");
        }
        return fingerprint;
    }

    private long fingerprint()
    {
        long f = parser.result();
        f = f * 31 + parser.l2Length();
        f = f * 31 + parser.vlanCount();
        f = f * 31 + parser.outerVlanTci();
        f = f * 31 + parser.innerVlanTci();
        f = f * 31 + parser.etherType();
        f = f * 31 + parser.l3Type();
        f = f * 31 + parser.l3Offset();
        f = f * 31 + parser.l3HeaderLength();
        f = f * 31 + parser.l4Protocol();
        f = f * 31 + parser.l4Offset();
        f = f * 31 + parser.l4Length();
        return f * 31 + (parser.isFragment() ? 1 : 0);
    }

    private void checkParser(final int result, final long base, final int length)
    {
        if (!(result >= PacketParser.OK && result <= PacketParser.UNSUPPORTED))
        {
            fail("result code " + result);
        }
        if (result != parser.result())
        {
            fail("result() differs from parse()");
        }
        final int l2 = parser.l2Length();
        if (l2 != -1)
        {
            if (!(l2 == 14 + 4 * parser.vlanCount() && l2 <= length))
            {
                fail("l2Length " + l2);
            }
        }
        if (!(parser.vlanCount() >= 0 && parser.vlanCount() <= PacketParser.MAX_VLAN_TAGS))
        {
            fail("vlanCount");
        }
        final int l3 = parser.l3Offset();
        if (l3 != -1)
        {
            if (!(l3 == l2 && l3 <= length))
            {
                fail("l3Offset " + l3);
            }
        }
        if (parser.l3HeaderLength() != -1)
        {
            if (!(l3 != -1 && parser.l3Type() != PacketParser.L3_NONE))
            {
                fail("l3 header without l3");
            }
            if (!(parser.l3HeaderLength() > 0 && l3 + parser.l3HeaderLength() <= length))
            {
                fail("l3HeaderLength");
            }
        }
        final int l4 = parser.l4Offset();
        if (l4 != -1)
        {
            if (!(l4 == l3 + parser.l3HeaderLength()))
            {
                fail("l4Offset " + l4);
            }
            if (!(parser.l4Length() >= 0 && l4 + parser.l4Length() <= length))
            {
                fail("l4Length " + parser.l4Length());
            }
            if (!(parser.l4Protocol() >= 0 && parser.l4Protocol() <= 255))
            {
                fail("l4Protocol");
            }
        }
        else
        {
            if (parser.l4Length() != -1)
            {
                fail("l4Length without l4Offset");
            }
        }
        if (result == PacketParser.OK)
        {
            if (parser.l3Type() == PacketParser.L3_NONE)
            {
                fail("OK without L3");
            }
            if (!parser.ethernet().isValid())
            {
                fail("OK without Ethernet view");
            }
            if (l4 != -1 && !parser.isFragment())
            {
                final boolean wrapped = switch (parser.l4Protocol())
                {
                    case IpProtocol.UDP -> parser.udp().isValid();
                    case IpProtocol.TCP -> parser.tcp().isValid();
                    case IpProtocol.ICMP -> parser.icmp().isValid();
                    case IpProtocol.ICMPV6 -> parser.icmpv6().isValid();
                    default -> false;
                };
                if (!wrapped)
                {
                    fail("OK L4 without its view");
                }
            }
        }
        checkInside(parser.ethernet(), base, length);
        checkInside(parser.arp(), base, length);
        checkInside(parser.ipv4(), base, length);
        checkInside(parser.ipv6(), base, length);
        checkInside(parser.udp(), base, length);
        checkInside(parser.tcp(), base, length);
        checkInside(parser.icmp(), base, length);
        checkInside(parser.icmpv6(), base, length);
    }

    private void readParserViews(final long base, final int length)
    {
        read(parser.ethernet());
        read(parser.arp());
        read(parser.ipv4(), parser.udp(), parser.tcp(), parser.icmp());
        read(parser.ipv6(), parser.udp(), parser.tcp(), parser.icmpv6());
    }

    private void wrapAndReadEverything(final MemorySegment segment, final long address, final int limit,
        final long base, final int length)
    {
        if (ethernet.wrap(segment, address, limit))
        {
            checkInside(ethernet, base, length);
            read(ethernet);
        }
        if (vlan.wrap(segment, address, limit))
        {
            checkInside(vlan, base, length);
            sink += vlan.tci() + vlan.vlanId() + vlan.pcp() + (vlan.dei() ? 1 : 0) + vlan.etherType();
        }
        if (arp.wrap(segment, address, limit))
        {
            checkInside(arp, base, length);
            read(arp);
        }
        final boolean v4 = ipv4.wrap(segment, address, limit);
        final boolean v6 = ipv6.wrap(segment, address, limit);
        // transport views over the rest of the buffer after the IP header, and over the IP payload only
        for (int pass = 0; pass < 2; pass++)
        {
            final int offset = v4 ? ipv4.headerLength() : v6 ? ipv6.upperLayerOffset() : 0;
            final int bound = pass == 0 ? limit - offset :
                v4 ? ipv4.payloadLength() : v6 ? ipv6.upperLayerLength() : limit;
            udp.wrap(segment, address + offset, bound);
            tcp.wrap(segment, address + offset, bound);
            icmp.wrap(segment, address + offset, bound);
            icmpv6.wrap(segment, address + offset, bound);
            checkInside(udp, base, length);
            checkInside(tcp, base, length);
            checkInside(icmp, base, length);
            checkInside(icmpv6, base, length);
            if (v4)
            {
                checkInside(ipv4, base, length);
                read(ipv4, udp, tcp, icmp);
            }
            else if (v6)
            {
                checkInside(ipv6, base, length);
                read(ipv6, udp, tcp, icmpv6);
            }
            else
            {
                readTransport();
            }
        }
    }

    private void read(final EthernetView view)
    {
        if (view.isValid())
        {
            sink += view.destination() + view.source() + view.etherType() + view.payloadOffset() +
                (view.isMulticast() ? 1 : 0);
            view.swapAddresses().swapAddresses();
        }
    }

    private void read(final ArpView view)
    {
        if (view.isValid())
        {
            sink += view.hardwareType() + view.protocolType() + view.hardwareLength() + view.protocolLength() +
                view.operation() + view.senderHardwareAddress() + view.senderProtocolAddress() +
                view.targetHardwareAddress() + view.targetProtocolAddress();
        }
    }

    private void read(final Ipv4View ip, final UdpView udp, final TcpView tcp, final IcmpView icmp)
    {
        if (ip.isValid())
        {
            if (!(ip.headerLength() >= 20 && ip.headerLength() <= ip.totalLength() && ip.totalLength() <= ip.limit()))
            {
                fail("IPv4 lengths");
            }
            sink += ip.version() + ip.ihl() + ip.tos() + ip.dscp() + ip.ecn() + ip.identification() +
                ip.fragmentOffset() + ip.ttl() + ip.protocol() + ip.checksum() + ip.sourceAddress() +
                ip.destinationAddress() + ip.payloadOffset() + ip.payloadLength() + (ip.dontFragment() ? 1 : 0) +
                (ip.moreFragments() ? 1 : 0) + (ip.isFragment() ? 1 : 0);
            for (int i = -1; i <= ip.optionsLength(); i++)
            {
                sink += ip.option(i);
            }
            sink += Checksums.computeIpv4Header(ip) + (Checksums.verifyIpv4Header(ip) ? 1 : 0);
            ip.swapAddresses().swapAddresses();
            if (udp.isValid())
            {
                sink += Checksums.computeUdp(ip, udp) + (Checksums.verifyUdp(ip, udp) ? 1 : 0);
            }
            if (tcp.isValid())
            {
                sink += Checksums.computeTcp(ip, tcp) + (Checksums.verifyTcp(ip, tcp) ? 1 : 0);
            }
            if (icmp.isValid())
            {
                sink += Checksums.computeIcmp(ip, icmp) + (Checksums.verifyIcmp(ip, icmp) ? 1 : 0) +
                    Checksums.computeIcmp(icmp, ip.payloadLength());
            }
        }
        readTransport(udp, tcp, icmp, null);
    }

    private void read(final Ipv6View ip, final UdpView udp, final TcpView tcp, final Icmpv6View icmpv6)
    {
        if (ip.isValid())
        {
            if (!(ip.upperLayerOffset() >= 40 && ip.upperLayerLength() >= 0 &&
                ip.upperLayerOffset() + ip.upperLayerLength() == 40 + ip.payloadLength() &&
                40 + ip.payloadLength() <= ip.limit()))
            {
                fail("IPv6 lengths");
            }
            sink += ip.version() + ip.trafficClass() + ip.flowLabel() + ip.payloadLength() + ip.nextHeader() +
                ip.hopLimit() + ip.sourceAddressHigh() + ip.sourceAddressLow() + ip.destinationAddressHigh() +
                ip.destinationAddressLow() + ip.extensionHeadersLength() + ip.upperLayerProtocol() +
                ip.fragmentOffset() + (ip.moreFragments() ? 1 : 0) + (ip.isFragment() ? 1 : 0) +
                (ip.hasFragmentHeader() ? 1 : 0) + (ip.hasUpperLayerHeader() ? 1 : 0);
            ip.getSourceAddress(address, 0);
            ip.getDestinationAddress(address, 0);
            ip.swapAddresses().swapAddresses();
            if (udp.isValid())
            {
                sink += Checksums.computeUdp(ip, udp) + (Checksums.verifyUdp(ip, udp) ? 1 : 0);
            }
            if (tcp.isValid())
            {
                sink += Checksums.computeTcp(ip, tcp) + (Checksums.verifyTcp(ip, tcp) ? 1 : 0);
            }
            if (icmpv6.isValid())
            {
                sink += Checksums.computeIcmpv6(ip, icmpv6) + (Checksums.verifyIcmpv6(ip, icmpv6) ? 1 : 0);
            }
        }
        readTransport(udp, tcp, null, icmpv6);
    }

    private void readTransport()
    {
        readTransport(udp, tcp, icmp, icmpv6);
    }

    private void readTransport(final UdpView udp, final TcpView tcp, final IcmpView icmp, final Icmpv6View icmpv6)
    {
        if (udp.isValid())
        {
            if (!(udp.length() >= 8 && udp.length() <= udp.limit()))
            {
                fail("UDP length");
            }
            sink += udp.sourcePort() + udp.destinationPort() + udp.length() + udp.checksum() + udp.payloadOffset() +
                udp.payloadLength();
            udp.swapPorts().swapPorts();
        }
        if (tcp.isValid())
        {
            if (!(tcp.headerLength() >= 20 && tcp.headerLength() <= tcp.limit()))
            {
                fail("TCP header length");
            }
            sink += tcp.sourcePort() + tcp.destinationPort() + tcp.sequenceNumber() + tcp.acknowledgmentNumber() +
                tcp.dataOffset() + tcp.flags() + tcp.window() + tcp.checksum() + tcp.urgentPointer() +
                tcp.payloadOffset() + (tcp.hasFlags(TcpView.SYN) ? 1 : 0);
            for (int i = -1; i <= tcp.optionsLength(); i++)
            {
                sink += tcp.option(i);
            }
            tcp.swapPorts().swapPorts();
        }
        if (icmp != null && icmp.isValid())
        {
            sink += icmp.type() + icmp.code() + icmp.checksum() + icmp.restOfHeader() + icmp.identifier() +
                icmp.sequenceNumber() + Checksums.computeIcmp(icmp, icmp.limit());
        }
        if (icmpv6 != null && icmpv6.isValid())
        {
            sink += icmpv6.type() + icmpv6.code() + icmpv6.checksum() + icmpv6.restOfHeader() +
                icmpv6.identifier() + icmpv6.sequenceNumber();
        }
    }

    private static void checkInside(final HeaderView view, final long base, final int length)
    {
        if (view.isValid())
        {
            if (!(view.base() >= base && view.limit() >= 0 && view.base() + view.limit() <= base + length))
            {
                fail("view " + view.getClass().getSimpleName() + " [" + view.base() + ", +" + view.limit() +
                    ") outside [" + base + ", +" + length + ")");
            }
        }
    }

    private static void fail(final String what)
    {
        throw new AssertionError("invariant broken: " + what);
    }
}
