package io.jdpdk.mempool.header;

import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

import static io.jdpdk.mempool.header.PacketParser.L3_ARP;
import static io.jdpdk.mempool.header.PacketParser.L3_IPV4;
import static io.jdpdk.mempool.header.PacketParser.L3_IPV6;
import static io.jdpdk.mempool.header.PacketParser.L3_NONE;
import static io.jdpdk.mempool.header.PacketParser.MALFORMED;
import static io.jdpdk.mempool.header.PacketParser.OK;
import static io.jdpdk.mempool.header.PacketParser.TRUNCATED;
import static io.jdpdk.mempool.header.PacketParser.UNSUPPORTED;
import static io.jdpdk.mempool.header.Packets.ARP_REQUEST;
import static io.jdpdk.mempool.header.Packets.DNS_QUERY_UDP_IPV4;
import static io.jdpdk.mempool.header.Packets.ICMPV6_ECHO_HOP_BY_HOP;
import static io.jdpdk.mempool.header.Packets.ICMP_ECHO_IPV4_OPTIONS;
import static io.jdpdk.mempool.header.Packets.IPV4_FRAGMENT_NON_FIRST;
import static io.jdpdk.mempool.header.Packets.QINQ_UDP_IPV4;
import static io.jdpdk.mempool.header.Packets.TCP_SYNACK_IPV6_EXTENSIONS;
import static io.jdpdk.mempool.header.Packets.TCP_SYN_IPV4;
import static io.jdpdk.mempool.header.Packets.UDP_IPV6;
import static io.jdpdk.mempool.header.Packets.put16;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PacketParserTest
{
    private final PacketParser parser = new PacketParser();

    @Test
    void shouldParseDnsQueryDownToUdp()
    {
        assertEquals(OK, parse(DNS_QUERY_UDP_IPV4));

        assertEquals(OK, parser.result());
        assertEquals(14, parser.l2Length());
        assertEquals(0, parser.vlanCount());
        assertEquals(-1, parser.outerVlanTci());
        assertEquals(EtherType.IPV4, parser.etherType());
        assertEquals(L3_IPV4, parser.l3Type());
        assertEquals(14, parser.l3Offset());
        assertEquals(20, parser.l3HeaderLength());
        assertEquals(IpProtocol.UDP, parser.l4Protocol());
        assertEquals(34, parser.l4Offset());
        assertEquals(37, parser.l4Length());
        assertFalse(parser.isFragment());
        assertEquals(64, parser.ipv4().ttl());
        assertEquals(53, parser.udp().destinationPort());
        assertEquals(0x0800_278A_3B1CL, parser.ethernet().source());
        assertFalse(parser.tcp().isValid());
    }

    @Test
    void shouldParseTcpSyn()
    {
        assertEquals(OK, parse(TCP_SYN_IPV4));

        assertEquals(IpProtocol.TCP, parser.l4Protocol());
        assertEquals(34, parser.l4Offset());
        assertEquals(40, parser.l4Length());
        assertTrue(parser.tcp().hasFlags(TcpView.SYN));
        assertTrue(Checksums.verifyTcp(parser.ipv4(), parser.tcp()));
    }

    @Test
    void shouldParseIcmpEchoAfterIpv4Options()
    {
        assertEquals(OK, parse(ICMP_ECHO_IPV4_OPTIONS));

        assertEquals(24, parser.l3HeaderLength());
        assertEquals(IpProtocol.ICMP, parser.l4Protocol());
        assertEquals(38, parser.l4Offset());
        assertEquals(24, parser.l4Length());
        assertEquals(IcmpView.ECHO_REQUEST, parser.icmp().type());
        assertTrue(Checksums.verifyIcmp(parser.ipv4(), parser.icmp()));
    }

    @Test
    void shouldParseIcmpv6EchoAfterHopByHopHeader()
    {
        assertEquals(OK, parse(ICMPV6_ECHO_HOP_BY_HOP));

        assertEquals(EtherType.IPV6, parser.etherType());
        assertEquals(L3_IPV6, parser.l3Type());
        assertEquals(48, parser.l3HeaderLength());
        assertEquals(IpProtocol.ICMPV6, parser.l4Protocol());
        assertEquals(62, parser.l4Offset());
        assertEquals(12, parser.l4Length());
        assertEquals(Icmpv6View.ECHO_REQUEST, parser.icmpv6().type());
        assertTrue(Checksums.verifyIcmpv6(parser.ipv6(), parser.icmpv6()));
    }

    @Test
    void shouldParseTcpAfterIpv6DestinationOptionsRoutingAndAtomicFragmentHeaders()
    {
        assertEquals(OK, parse(TCP_SYNACK_IPV6_EXTENSIONS));

        assertEquals(80, parser.l3HeaderLength());
        assertEquals(IpProtocol.TCP, parser.l4Protocol());
        assertEquals(94, parser.l4Offset());
        assertEquals(24, parser.l4Length());
        assertFalse(parser.isFragment());
        assertTrue(parser.tcp().hasFlags(TcpView.SYN | TcpView.ACK));
        assertTrue(Checksums.verifyTcp(parser.ipv6(), parser.tcp()));
    }

    @Test
    void shouldParseUdpOverIpv6()
    {
        assertEquals(OK, parse(UDP_IPV6));

        assertEquals(54, parser.l4Offset());
        assertEquals(15, parser.l4Length());
        assertEquals(547, parser.udp().destinationPort());
    }

    @Test
    void shouldParseArpRequestLeavingPaddingAlone()
    {
        assertEquals(OK, parse(ARP_REQUEST));

        assertEquals(EtherType.ARP, parser.etherType());
        assertEquals(L3_ARP, parser.l3Type());
        assertEquals(14, parser.l3Offset());
        assertEquals(28, parser.l3HeaderLength());
        assertEquals(-1, parser.l4Protocol());
        assertEquals(-1, parser.l4Offset());
        assertEquals(-1, parser.l4Length());
        assertEquals(0x0A00_0202, parser.arp().targetProtocolAddress());
    }

    @Test
    void shouldParseQinqTagsToTheInnerIpv4()
    {
        assertEquals(OK, parse(QINQ_UDP_IPV4));

        assertEquals(2, parser.vlanCount());
        assertEquals(0xA064, parser.outerVlanTci());
        assertEquals(0x00C8, parser.innerVlanTci());
        assertEquals(22, parser.l2Length());
        assertEquals(EtherType.IPV4, parser.etherType());
        assertEquals(22, parser.l3Offset());
        assertEquals(42, parser.l4Offset());
        assertEquals(19, parser.l4Length());
        assertEquals(6000, parser.udp().destinationPort());
    }

    @Test
    void shouldParseSingleVlanTag()
    {
        final byte[] tagged = tag(DNS_QUERY_UDP_IPV4, EtherType.VLAN, 0x2005);

        assertEquals(OK, parse(tagged));

        assertEquals(1, parser.vlanCount());
        assertEquals(0x2005, parser.outerVlanTci());
        assertEquals(0x2005, parser.innerVlanTci());
        assertEquals(18, parser.l2Length());
        assertEquals(38, parser.l4Offset());
    }

    @Test
    void shouldReportThirdVlanTagAsUnsupported()
    {
        assertEquals(UNSUPPORTED, parse(tag(QINQ_UDP_IPV4, EtherType.VLAN, 7)));

        assertEquals(2, parser.vlanCount());
        assertEquals(22, parser.l2Length());
        assertEquals(EtherType.VLAN, parser.etherType());
        assertEquals(-1, parser.l3Offset());
    }

    @Test
    void shouldGiveNonFirstIpv4FragmentNoL4()
    {
        assertEquals(OK, parse(IPV4_FRAGMENT_NON_FIRST));

        assertTrue(parser.isFragment());
        assertEquals(IpProtocol.UDP, parser.l4Protocol());
        assertEquals(-1, parser.l4Offset());
        assertEquals(-1, parser.l4Length());
        assertFalse(parser.udp().isValid());
    }

    @Test
    void shouldGiveFirstIpv4FragmentL4OffsetButNoUdpView()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        frame[14 + 6] |= 0x20; // more fragments, offset 0

        assertEquals(OK, parse(frame));

        assertTrue(parser.isFragment());
        assertEquals(34, parser.l4Offset());
        assertFalse(parser.udp().isValid());
    }

    @Test
    void shouldGiveNonFirstIpv6FragmentNoL4()
    {
        final byte[] frame = TCP_SYNACK_IPV6_EXTENSIONS.clone();
        put16(frame, 14 + 40 + 8 + 24 + 2, 100 << 3);

        assertEquals(OK, parse(frame));

        assertTrue(parser.isFragment());
        assertEquals(IpProtocol.TCP, parser.l4Protocol());
        assertEquals(-1, parser.l4Offset());
        assertFalse(parser.tcp().isValid());
    }

    @Test
    void shouldReportNoNextHeaderAsOkWithoutL4()
    {
        final byte[] frame = ICMPV6_ECHO_HOP_BY_HOP.clone();
        frame[14 + 40] = (byte)IpProtocol.IPV6_NO_NEXT_HEADER;

        assertEquals(OK, parse(frame));

        assertEquals(IpProtocol.IPV6_NO_NEXT_HEADER, parser.l4Protocol());
        assertEquals(-1, parser.l4Offset());
    }

    @Test
    void shouldReportEspAsUnsupportedAfterFindingIt()
    {
        final byte[] frame = ICMPV6_ECHO_HOP_BY_HOP.clone();
        frame[14 + 40] = (byte)IpProtocol.ESP;

        assertEquals(UNSUPPORTED, parse(frame));

        assertEquals(IpProtocol.ESP, parser.l4Protocol());
        assertEquals(62, parser.l4Offset());
        assertEquals(L3_IPV6, parser.l3Type());
    }

    @Test
    void shouldReportUnknownIpProtocolAsUnsupportedWithItsOffset()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        frame[14 + 9] = 47; // GRE

        assertEquals(UNSUPPORTED, parse(frame));

        assertEquals(47, parser.l4Protocol());
        assertEquals(34, parser.l4Offset());
        assertEquals(37, parser.l4Length());
    }

    @Test
    void shouldReportIcmpOverIpv6AndIcmpv6OverIpv4AsUnsupported()
    {
        final byte[] v6 = ICMPV6_ECHO_HOP_BY_HOP.clone();
        v6[14 + 40] = (byte)IpProtocol.ICMP;
        assertEquals(UNSUPPORTED, parse(v6));

        final byte[] v4 = ICMP_ECHO_IPV4_OPTIONS.clone();
        v4[14 + 9] = (byte)IpProtocol.ICMPV6;
        assertEquals(UNSUPPORTED, parse(v4));
    }

    @Test
    void shouldReportUnknownEtherTypeAsUnsupported()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        put16(frame, 12, 0x88CC); // LLDP

        assertEquals(UNSUPPORTED, parse(frame));

        assertEquals(14, parser.l2Length());
        assertEquals(0x88CC, parser.etherType());
        assertEquals(L3_NONE, parser.l3Type());
        assertEquals(-1, parser.l3Offset());
    }

    @Test
    void shouldReport8023LengthFieldAsUnsupported()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        put16(frame, 12, 57);

        assertEquals(UNSUPPORTED, parse(frame));
    }

    @Test
    void shouldReportArpForOtherThanIpv4OverEthernetAsUnsupported()
    {
        final byte[] frame = ARP_REQUEST.clone();
        put16(frame, 14 + 2, EtherType.IPV6);

        assertEquals(UNSUPPORTED, parse(frame));
        assertFalse(parser.arp().isValid());
    }

    @Test
    void shouldReportWrongIpVersionAsMalformed()
    {
        final byte[] v4 = DNS_QUERY_UDP_IPV4.clone();
        v4[14] = 0x65;
        assertEquals(MALFORMED, parse(v4));

        final byte[] v6 = UDP_IPV6.clone();
        v6[14] = 0x45;
        assertEquals(MALFORMED, parse(v6));
    }

    @Test
    void shouldReportIpv4IhlBelowFiveAsMalformed()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        frame[14] = 0x44;

        assertEquals(MALFORMED, parse(frame));
    }

    @Test
    void shouldReportIpv4IhlBeyondTheBufferAsTruncated()
    {
        final byte[] frame = Arrays.copyOf(DNS_QUERY_UDP_IPV4, 14 + 40);
        frame[14] = 0x4F;

        assertEquals(TRUNCATED, parse(frame));
    }

    @Test
    void shouldReportIpv4TotalLengthBelowHeaderAsMalformedAndBeyondBufferAsTruncated()
    {
        final byte[] small = DNS_QUERY_UDP_IPV4.clone();
        put16(small, 14 + 2, 19);
        assertEquals(MALFORMED, parse(small));

        final byte[] large = DNS_QUERY_UDP_IPV4.clone();
        put16(large, 14 + 2, 58);
        assertEquals(TRUNCATED, parse(large));
    }

    @Test
    void shouldReportIpv6PayloadBeyondTheBufferAsTruncated()
    {
        final byte[] frame = UDP_IPV6.clone();
        put16(frame, 14 + 4, 16);

        assertEquals(TRUNCATED, parse(frame));
    }

    @Test
    void shouldReportIpv6ExtensionHeaderBeyondThePayloadAsMalformed()
    {
        final byte[] frame = TCP_SYNACK_IPV6_EXTENSIONS.clone();
        frame[14 + 40 + 8 + 1] = 9;

        assertEquals(MALFORMED, parse(frame));
        assertEquals(L3_NONE, parser.l3Type());
        assertEquals(14, parser.l3Offset());
    }

    @Test
    void shouldReportUdpLengthBeyondTheIpPayloadAsMalformed()
    {
        final byte[] padded = Arrays.copyOf(DNS_QUERY_UDP_IPV4, DNS_QUERY_UDP_IPV4.length + 10);
        put16(padded, 34 + 4, 38); // fits the buffer, not the IP payload

        assertEquals(MALFORMED, parse(padded));
    }

    @Test
    void shouldReportUdpLengthBelowEightAsMalformed()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        put16(frame, 34 + 4, 7);

        assertEquals(MALFORMED, parse(frame));
    }

    @Test
    void shouldReportTcpDataOffsetBelowFiveOrBeyondThePayloadAsMalformed()
    {
        final byte[] small = TCP_SYN_IPV4.clone();
        small[34 + 12] = 0x40;
        assertEquals(MALFORMED, parse(small));

        final byte[] large = TCP_SYN_IPV4.clone();
        large[34 + 12] = (byte)0xB0; // 44 bytes in a 40-byte segment
        assertEquals(MALFORMED, parse(large));
    }

    @Test
    void shouldReportImpossibleBoundsAsMalformedWithoutThrowing()
    {
        final MemorySegment segment = MemorySegment.ofArray(DNS_QUERY_UDP_IPV4.clone());

        assertEquals(MALFORMED, parser.parse(null, 0, 10));
        assertEquals(MALFORMED, parser.parse(segment, 0, -1));
        assertEquals(MALFORMED, parser.parse(segment, -1, 10));
        assertEquals(MALFORMED, parser.parse(segment, 60, 20));
        assertEquals(MALFORMED, parser.parse(MemorySegment.NULL, 0, 0));
        assertEquals(TRUNCATED, parser.parse(segment, 71, 0));
    }

    @Test
    void shouldParseAtAnOffsetIntoTheSegment()
    {
        final byte[] buffer = new byte[DNS_QUERY_UDP_IPV4.length + 100];
        System.arraycopy(DNS_QUERY_UDP_IPV4, 0, buffer, 64, DNS_QUERY_UDP_IPV4.length);

        assertEquals(OK, parser.parse(MemorySegment.ofArray(buffer), 64, DNS_QUERY_UDP_IPV4.length));

        assertEquals(34, parser.l4Offset());
        assertEquals(64 + 34, parser.udp().base());
        assertEquals(53, parser.udp().destinationPort());
    }

    @Test
    void shouldInvalidateViewsOfThePreviousPacket()
    {
        assertEquals(OK, parse(DNS_QUERY_UDP_IPV4));
        assertTrue(parser.udp().isValid());

        assertEquals(OK, parse(ARP_REQUEST));

        assertFalse(parser.udp().isValid());
        assertFalse(parser.ipv4().isValid());
        assertTrue(parser.arp().isValid());
        assertEquals(-1, parser.l4Offset());
    }

    private int parse(final byte[] frame)
    {
        return parser.parse(MemorySegment.ofArray(frame.clone()), 0, frame.length);
    }

    /** The frame with a VLAN tag (TPID, TCI) inserted after the MAC addresses. */
    private static byte[] tag(final byte[] frame, final int tpid, final int tci)
    {
        final byte[] tagged = new byte[frame.length + 4];
        System.arraycopy(frame, 0, tagged, 0, 12);
        put16(tagged, 12, tpid);
        put16(tagged, 14, tci);
        System.arraycopy(frame, 12, tagged, 16, frame.length - 12);
        return tagged;
    }
}
