package io.jdpdk.mempool.header;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.SplittableRandom;

import static io.jdpdk.mempool.header.Packets.DNS_QUERY_UDP_IPV4;
import static io.jdpdk.mempool.header.Packets.ICMPV6_ECHO_HOP_BY_HOP;
import static io.jdpdk.mempool.header.Packets.ICMP_ECHO_IPV4_OPTIONS;
import static io.jdpdk.mempool.header.Packets.IPV4_FRAGMENT_NON_FIRST;
import static io.jdpdk.mempool.header.Packets.QINQ_UDP_IPV4;
import static io.jdpdk.mempool.header.Packets.TCP_SYNACK_IPV6_EXTENSIONS;
import static io.jdpdk.mempool.header.Packets.TCP_SYN_IPV4;
import static io.jdpdk.mempool.header.Packets.UDP_IPV6;
import static io.jdpdk.mempool.header.Packets.WIKIPEDIA_IPV4_HEADER;
import static io.jdpdk.mempool.header.Packets.put16;
import static io.jdpdk.mempool.header.Packets.u16;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChecksumsTest
{
    private static final long SEED = 0x5EED_C0FFEEL;

    private final Ipv4View ip4 = new Ipv4View();
    private final Ipv6View ip6 = new Ipv6View();
    private final UdpView udp = new UdpView();
    private final TcpView tcp = new TcpView();
    private final IcmpView icmp = new IcmpView();
    private final Icmpv6View icmpv6 = new Icmpv6View();

    @Test
    void shouldFoldAnySixtyFourBitSumAsRepeatedEndAroundCarryDoes()
    {
        final java.util.SplittableRandom random = new java.util.SplittableRandom(1071);
        final long[] edges = { 0, 1, 0xFFFF, 0x10000, 0x1FFFE, 0xFFFF_FFFFL, 0x1_0000_0000L, 0xFFFF_FFFF_FFFFL,
            Long.MAX_VALUE, -1L, Long.MIN_VALUE };
        for (final long sum : edges)
        {
            assertEquals(slowFold(sum), Checksums.fold(sum), Long.toHexString(sum));
        }
        for (int i = 0; i < 100_000; i++)
        {
            final long sum = random.nextLong() >>> random.nextInt(64);
            assertEquals(slowFold(sum), Checksums.fold(sum), Long.toHexString(sum));
        }
    }

    /** RFC 1071's end-around carry, one 16-bit step at a time. */
    private static int slowFold(final long sum)
    {
        long folded = sum;
        while ((folded >>> 16) != 0)
        {
            folded = (folded & 0xFFFF) + (folded >>> 16);
        }
        return (int)folded;
    }

    @Test
    void shouldMatchWikipediaIpv4HeaderChecksum()
    {
        final byte[] packet = Arrays.copyOf(WIKIPEDIA_IPV4_HEADER, 0x73); // Total Length 115

        assertTrue(ip4.wrap(MemorySegment.ofArray(packet), 0, packet.length));

        assertEquals(0xB861, Checksums.computeIpv4Header(ip4));
        assertFalse(Checksums.verifyIpv4Header(ip4));
        Checksums.setIpv4Header(ip4);
        assertEquals(0xB861, u16(packet, 10));
        assertTrue(Checksums.verifyIpv4Header(ip4));
    }

    @Test
    void shouldSumAReadOnlyNativeSegmentButRefuseToWrapIt()
    {
        final byte[] header = Arrays.copyOf(WIKIPEDIA_IPV4_HEADER, 20);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment readOnly = arena.allocate(20).copyFrom(MemorySegment.ofArray(header)).asReadOnly();
            assertEquals(Checksums.sum(MemorySegment.ofArray(header), 0, 20, 0), Checksums.sum(readOnly, 0, 20, 0));
            assertThrows(IllegalArgumentException.class, () -> ip4.wrap(readOnly, 0, 20));
            assertThrows(IllegalArgumentException.class,
                () -> ip4.wrap(MemorySegment.ofArray(header).asReadOnly(), 0, 20));
        }
    }

    @Test
    void shouldComputeTheKnownChecksumsOfIpv4Frames()
    {
        final MemorySegment dns = wrapIpv4(DNS_QUERY_UDP_IPV4, 14);
        assertEquals(0x0250, Checksums.computeIpv4Header(ip4));
        assertTrue(udp.wrap(dns, 34, DNS_QUERY_UDP_IPV4.length - 34));
        assertEquals(0xFA2E, Checksums.computeUdp(ip4, udp));
        assertTrue(Checksums.verifyUdp(ip4, udp));

        final MemorySegment syn = wrapIpv4(TCP_SYN_IPV4, 14);
        assertEquals(0x39E3, Checksums.computeIpv4Header(ip4));
        assertTrue(tcp.wrap(syn, 34, TCP_SYN_IPV4.length - 34));
        assertEquals(0x4759, Checksums.computeTcp(ip4, tcp));
        assertTrue(Checksums.verifyTcp(ip4, tcp));

        final MemorySegment ping = wrapIpv4(ICMP_ECHO_IPV4_OPTIONS, 14);
        assertEquals(0xA06C, Checksums.computeIpv4Header(ip4));
        assertTrue(icmp.wrap(ping, 38, ICMP_ECHO_IPV4_OPTIONS.length - 38));
        assertEquals(0xA279, Checksums.computeIcmp(ip4, icmp));
        assertTrue(Checksums.verifyIcmp(ip4, icmp));

        final MemorySegment qinq = wrapIpv4(QINQ_UDP_IPV4, 22);
        assertEquals(0x239C, Checksums.computeIpv4Header(ip4));
        assertTrue(udp.wrap(qinq, 42, QINQ_UDP_IPV4.length - 42));
        assertEquals(0x3DCE, Checksums.computeUdp(ip4, udp));

        wrapIpv4(IPV4_FRAGMENT_NON_FIRST, 14);
        assertEquals(0x23D0, Checksums.computeIpv4Header(ip4));
        assertTrue(Checksums.verifyIpv4Header(ip4));
    }

    @Test
    void shouldComputeTheKnownChecksumsOfIpv6Frames()
    {
        final MemorySegment ping = wrapIpv6(ICMPV6_ECHO_HOP_BY_HOP);
        assertTrue(icmpv6.wrap(ping, 14 + ip6.upperLayerOffset(), 12));
        assertEquals(0x2C0F, Checksums.computeIcmpv6(ip6, icmpv6));
        assertTrue(Checksums.verifyIcmpv6(ip6, icmpv6));

        final MemorySegment synAck = wrapIpv6(TCP_SYNACK_IPV6_EXTENSIONS);
        assertTrue(tcp.wrap(synAck, 14 + ip6.upperLayerOffset(), ip6.upperLayerLength()));
        assertEquals(0x6BF2, Checksums.computeTcp(ip6, tcp));
        assertTrue(Checksums.verifyTcp(ip6, tcp));

        final MemorySegment dhcp = wrapIpv6(UDP_IPV6);
        assertTrue(udp.wrap(dhcp, 54, UDP_IPV6.length - 54));
        assertEquals(0x4107, Checksums.computeUdp(ip6, udp));
        assertTrue(Checksums.verifyUdp(ip6, udp));
    }

    @Test
    void shouldSetChecksumsThatWereZeroedBackToTheirKnownValues()
    {
        final byte[] frame = TCP_SYN_IPV4.clone();
        put16(frame, 14 + 10, 0);
        put16(frame, 34 + 16, 0);
        final MemorySegment segment = MemorySegment.ofArray(frame);
        assertTrue(ip4.wrap(segment, 14, frame.length - 14));
        assertTrue(tcp.wrap(segment, 34, frame.length - 34));

        Checksums.setIpv4Header(ip4);
        assertTrue(Checksums.setTcp(ip4, tcp));

        assertEquals(0x39E3, u16(frame, 14 + 10));
        assertEquals(0x4759, u16(frame, 34 + 16));

        final byte[] ping = ICMPV6_ECHO_HOP_BY_HOP.clone();
        put16(ping, 62 + 2, 0x1111);
        final MemorySegment pingSegment = MemorySegment.ofArray(ping);
        assertTrue(ip6.wrap(pingSegment, 14, ping.length - 14));
        assertTrue(icmpv6.wrap(pingSegment, 62, 12));
        assertFalse(Checksums.verifyIcmpv6(ip6, icmpv6));
        assertTrue(Checksums.setIcmpv6(ip6, icmpv6));
        assertEquals(0x2C0F, u16(ping, 62 + 2));
    }

    @Test
    void shouldDetectEveryCorruptedPayloadByte()
    {
        for (int i = 42; i < DNS_QUERY_UDP_IPV4.length; i++)
        {
            final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
            frame[i] ^= 0x20;
            final MemorySegment segment = MemorySegment.ofArray(frame);
            assertTrue(ip4.wrap(segment, 14, frame.length - 14));
            assertTrue(udp.wrap(segment, 34, frame.length - 34));

            assertFalse(Checksums.verifyUdp(ip4, udp), "byte " + i);
        }
    }

    @Test
    void shouldLeaveEthernetPaddingOutOfTransportChecksums()
    {
        final byte[] padded = Arrays.copyOf(ICMP_ECHO_IPV4_OPTIONS, ICMP_ECHO_IPV4_OPTIONS.length + 7);
        Arrays.fill(padded, ICMP_ECHO_IPV4_OPTIONS.length, padded.length, (byte)0x5A);
        final MemorySegment segment = MemorySegment.ofArray(padded);
        assertTrue(ip4.wrap(segment, 14, padded.length - 14));
        assertTrue(icmp.wrap(segment, 38, padded.length - 38));

        assertEquals(0xA279, Checksums.computeIcmp(ip4, icmp));
    }

    @Test
    void shouldTreatZeroUdpChecksumOverIpv4AsNone()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        put16(frame, 34 + 6, 0);
        frame[50] ^= 1;
        final MemorySegment segment = MemorySegment.ofArray(frame);
        assertTrue(ip4.wrap(segment, 14, frame.length - 14));
        assertTrue(udp.wrap(segment, 34, frame.length - 34));

        assertTrue(Checksums.verifyUdp(ip4, udp));
    }

    @Test
    void shouldRejectZeroUdpChecksumOverIpv6()
    {
        final byte[] frame = UDP_IPV6.clone();
        put16(frame, 54 + 6, 0);
        final MemorySegment segment = MemorySegment.ofArray(frame);
        assertTrue(ip6.wrap(segment, 14, frame.length - 14));
        assertTrue(udp.wrap(segment, 54, frame.length - 54));

        assertFalse(Checksums.verifyUdp(ip6, udp));
    }

    @Test
    void shouldSendAComputedZeroUdpChecksumAsAllOnes()
    {
        // Make the data sum to 0xFFFF: with the first payload word zero the checksum is c = ~S, and S + c = 0xFFFF,
        // so writing c into that word makes the computed checksum 0, which UDP must send as 0xFFFF.
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        put16(frame, 42, 0);
        final MemorySegment segment = MemorySegment.ofArray(frame);
        assertTrue(ip4.wrap(segment, 14, frame.length - 14));
        assertTrue(udp.wrap(segment, 34, frame.length - 34));
        put16(frame, 42, Checksums.computeUdp(ip4, udp));

        assertEquals(0xFFFF, Checksums.computeUdp(ip4, udp));
        assertTrue(Checksums.setUdp(ip4, udp));
        assertEquals(0xFFFF, udp.checksum());
        assertTrue(Checksums.verifyUdp(ip4, udp));
    }

    @Test
    void shouldRefuseTransportChecksumsOfFragments()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        frame[14 + 6] |= 0x20; // more fragments
        final MemorySegment segment = MemorySegment.ofArray(frame);
        assertTrue(ip4.wrap(segment, 14, frame.length - 14));
        assertTrue(udp.wrap(segment, 34, frame.length - 34));

        assertEquals(Checksums.INVALID, Checksums.computeUdp(ip4, udp));
        assertFalse(Checksums.setUdp(ip4, udp));
        assertEquals(0xFA2E, udp.checksum());
        assertFalse(Checksums.verifyUdp(ip4, udp));

        final byte[] v6 = TCP_SYNACK_IPV6_EXTENSIONS.clone();
        put16(v6, 14 + 40 + 8 + 24 + 2, 1); // M set: first fragment of a larger datagram
        final MemorySegment v6Segment = MemorySegment.ofArray(v6);
        assertTrue(ip6.wrap(v6Segment, 14, v6.length - 14));
        assertTrue(tcp.wrap(v6Segment, 94, 24));
        assertEquals(Checksums.INVALID, Checksums.computeTcp(ip6, tcp));
    }

    @Test
    void shouldRefuseTcpChecksumOfSegmentLongerThanTheTcpView()
    {
        final byte[] frame = Arrays.copyOf(TCP_SYN_IPV4, TCP_SYN_IPV4.length + 4);
        put16(frame, 14 + 2, 64);
        final MemorySegment segment = MemorySegment.ofArray(frame);
        assertTrue(ip4.wrap(segment, 14, frame.length - 14));
        assertTrue(tcp.wrap(segment, 34, 40));

        assertEquals(Checksums.INVALID, Checksums.computeTcp(ip4, tcp));
        assertFalse(Checksums.verifyTcp(ip4, tcp));
        assertTrue(tcp.wrap(segment, 34, 44));
        assertTrue(Checksums.computeTcp(ip4, tcp) >= 0);
    }

    @Test
    void shouldRefuseIcmpChecksumOfLengthOutsideTheView()
    {
        assertTrue(icmp.wrap(MemorySegment.ofArray(ICMP_ECHO_IPV4_OPTIONS.clone()), 38, 24));

        assertEquals(Checksums.INVALID, Checksums.computeIcmp(icmp, 7));
        assertEquals(Checksums.INVALID, Checksums.computeIcmp(icmp, 25));
        assertEquals(0xA279, Checksums.computeIcmp(icmp, 24));
    }

    @Test
    void shouldAgreeWithByteLoopReferenceOnRandomPackets()
    {
        final SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < 5_000; i++)
        {
            final int ihl = 5 + random.nextInt(11);
            final int l4Length = 20 + random.nextInt(300);
            final int total = ihl * 4 + l4Length;
            final byte[] packet = new byte[total];
            random.nextBytes(packet);
            packet[0] = (byte)(0x40 | ihl);
            put16(packet, 2, total);
            packet[6] = (byte)(packet[6] & 0x80); // not a fragment
            packet[7] = 0;
            final int l4 = ihl * 4;
            put16(packet, l4 + 4, l4Length); // UDP length
            packet[l4 + 12] = (byte)((5 + random.nextInt((Math.min(l4Length, 60) - 20) / 4 + 1)) << 4); // TCP offset
            final MemorySegment segment = MemorySegment.ofArray(packet);
            assertTrue(ip4.wrap(segment, 0, total));
            assertTrue(udp.wrap(segment, l4, l4Length));
            assertTrue(tcp.wrap(segment, l4, l4Length));
            assertTrue(icmp.wrap(segment, l4, l4Length));

            assertEquals(ReferenceChecksum.checksum(packet, 0, l4, 10), Checksums.computeIpv4Header(ip4));
            final int udpExpected = ReferenceChecksum.checksum(
                ReferenceChecksum.ipv4PseudoHeader(packet, 0, IpProtocol.UDP, l4Length), packet, l4, total, l4 + 6);
            assertEquals(udpExpected == 0 ? 0xFFFF : udpExpected, Checksums.computeUdp(ip4, udp));
            assertEquals(ReferenceChecksum.checksum(
                ReferenceChecksum.ipv4PseudoHeader(packet, 0, IpProtocol.TCP, l4Length), packet, l4, total, l4 + 16),
                Checksums.computeTcp(ip4, tcp));
            assertEquals(ReferenceChecksum.checksum(packet, l4, total, l4 + 2), Checksums.computeIcmp(ip4, icmp));
        }
    }

    @Test
    void shouldAgreeWithByteLoopReferenceOnRandomIpv6Packets()
    {
        final SplittableRandom random = new SplittableRandom(SEED + 1);
        for (int i = 0; i < 5_000; i++)
        {
            final int l4Length = 20 + random.nextInt(300);
            final byte[] packet = new byte[40 + l4Length];
            random.nextBytes(packet);
            packet[0] = 0x60;
            put16(packet, 4, l4Length);
            packet[6] = (byte)IpProtocol.UDP;
            put16(packet, 40 + 4, l4Length);
            packet[40 + 12] = 0x50;
            final MemorySegment segment = MemorySegment.ofArray(packet);
            assertTrue(ip6.wrap(segment, 0, packet.length));
            assertTrue(udp.wrap(segment, 40, l4Length));
            assertTrue(tcp.wrap(segment, 40, l4Length));
            assertTrue(icmpv6.wrap(segment, 40, l4Length));

            final int udpExpected = ReferenceChecksum.checksum(
                ReferenceChecksum.ipv6PseudoHeader(packet, 0, IpProtocol.UDP, l4Length), packet, 40, packet.length, 46);
            assertEquals(udpExpected == 0 ? 0xFFFF : udpExpected, Checksums.computeUdp(ip6, udp));
            assertEquals(ReferenceChecksum.checksum(
                ReferenceChecksum.ipv6PseudoHeader(packet, 0, IpProtocol.TCP, l4Length), packet, 40, packet.length,
                56), Checksums.computeTcp(ip6, tcp));
            assertEquals(ReferenceChecksum.checksum(
                ReferenceChecksum.ipv6PseudoHeader(packet, 0, IpProtocol.ICMPV6, l4Length), packet, 40,
                packet.length, 42), Checksums.computeIcmpv6(ip6, icmpv6));
        }
    }

    @Test
    void shouldMatchFullRecomputationAfterIncrementalTtlUpdate()
    {
        final SplittableRandom random = new SplittableRandom(SEED + 2);
        final byte[] header = new byte[60];
        final MemorySegment segment = MemorySegment.ofArray(header);
        for (int i = 0; i < 100_000; i++)
        {
            final int ihl = 5 + random.nextInt(11);
            random.nextBytes(header);
            header[0] = (byte)(0x40 | ihl);
            put16(header, 2, ihl * 4);
            assertTrue(ip4.wrap(segment, 0, ihl * 4));
            Checksums.setIpv4Header(ip4);
            final int oldWord = u16(header, 8);

            ip4.ttl(random.nextInt(256));
            final int updated = Checksums.incrementalUpdate(ip4.checksum(), oldWord, u16(header, 8));

            assertEquals(Checksums.computeIpv4Header(ip4), updated, "iteration " + i);
            ip4.checksum(updated);
            assertTrue(Checksums.verifyIpv4Header(ip4));
        }
    }

    @Test
    void shouldMatchFullRecomputationWhenDecrementTtlRunsToZero()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        assertTrue(ip4.wrap(MemorySegment.ofArray(frame), 14, frame.length - 14));

        for (int ttl = 63; ttl >= 0; ttl--)
        {
            assertEquals(ttl, ip4.decrementTtl());
            assertEquals(Checksums.computeIpv4Header(ip4), ip4.checksum(), "TTL " + ttl);
        }
    }

    @Test
    void shouldMatchFullRecomputationAfterIncrementalAddressRewrite()
    {
        final SplittableRandom random = new SplittableRandom(SEED + 3);
        final byte[] frame = TCP_SYN_IPV4.clone();
        final MemorySegment segment = MemorySegment.ofArray(frame);
        assertTrue(ip4.wrap(segment, 14, frame.length - 14));
        assertTrue(tcp.wrap(segment, 34, frame.length - 34));
        for (int i = 0; i < 100_000; i++)
        {
            final int oldAddress = ip4.sourceAddress();
            final int newAddress = random.nextInt();
            final int ipChecksum = Checksums.incrementalUpdate32(ip4.checksum(), oldAddress, newAddress);
            final int tcpChecksum = Checksums.incrementalUpdate32(tcp.checksum(), oldAddress, newAddress);

            ip4.sourceAddress(newAddress);

            assertEquals(Checksums.computeIpv4Header(ip4), ipChecksum, "iteration " + i);
            assertEquals(Checksums.computeTcp(ip4, tcp), tcpChecksum, "iteration " + i);
            ip4.checksum(ipChecksum);
            tcp.checksum(tcpChecksum);
        }
    }

    @Test
    void shouldKeepChecksumsValidWhenSwappingAddressesAndPorts()
    {
        final byte[] frame = TCP_SYN_IPV4.clone();
        final MemorySegment segment = MemorySegment.ofArray(frame);
        assertTrue(ip4.wrap(segment, 14, frame.length - 14));
        assertTrue(tcp.wrap(segment, 34, frame.length - 34));

        ip4.swapAddresses();
        tcp.swapPorts();

        assertTrue(Checksums.verifyIpv4Header(ip4));
        assertTrue(Checksums.verifyTcp(ip4, tcp));
    }

    @Test
    void shouldTurnEchoRequestIntoReplyWithIncrementalChecksum()
    {
        final byte[] frame = ICMP_ECHO_IPV4_OPTIONS.clone();
        final MemorySegment segment = MemorySegment.ofArray(frame);
        assertTrue(ip4.wrap(segment, 14, frame.length - 14));
        assertTrue(icmp.wrap(segment, 38, frame.length - 38));
        final int oldWord = u16(frame, 38);

        icmp.type(IcmpView.ECHO_REPLY);
        icmp.checksum(Checksums.incrementalUpdate(icmp.checksum(), oldWord, u16(frame, 38)));

        assertEquals(0xAA79, icmp.checksum());
        assertTrue(Checksums.verifyIcmp(ip4, icmp));
    }

    private MemorySegment wrapIpv4(final byte[] frame, final int offset)
    {
        final MemorySegment segment = MemorySegment.ofArray(frame.clone());
        assertTrue(ip4.wrap(segment, offset, frame.length - offset));
        return segment;
    }

    private MemorySegment wrapIpv6(final byte[] frame)
    {
        final MemorySegment segment = MemorySegment.ofArray(frame.clone());
        assertTrue(ip6.wrap(segment, 14, frame.length - 14));
        return segment;
    }
}
