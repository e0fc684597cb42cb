package io.jdpdk.mempool.header;

import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;

import static io.jdpdk.mempool.header.Packets.DNS_QUERY_UDP_IPV4;
import static io.jdpdk.mempool.header.Packets.ICMPV6_ECHO_HOP_BY_HOP;
import static io.jdpdk.mempool.header.Packets.ICMP_ECHO_IPV4_OPTIONS;
import static io.jdpdk.mempool.header.Packets.TCP_SYN_IPV4;
import static io.jdpdk.mempool.header.Packets.copy;
import static io.jdpdk.mempool.header.Packets.put16;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** UDP, TCP, ICMP and ICMPv6 views. */
class TransportViewTest
{
    private static final int UDP = 34;
    private static final int TCP = 34;
    private static final int ICMP = 38;
    private static final int ICMPV6 = 62;

    private final UdpView udp = new UdpView();
    private final TcpView tcp = new TcpView();
    private final IcmpView icmp = new IcmpView();
    private final Icmpv6View icmpv6 = new Icmpv6View();

    @Test
    void shouldReadUdpFieldsOfDnsQuery()
    {
        assertTrue(udp.wrap(copy(DNS_QUERY_UDP_IPV4), UDP, DNS_QUERY_UDP_IPV4.length - UDP));

        assertEquals(53124, udp.sourcePort());
        assertEquals(53, udp.destinationPort());
        assertEquals(37, udp.length());
        assertEquals(0xFA2E, udp.checksum());
        assertEquals(8, udp.payloadOffset());
        assertEquals(29, udp.payloadLength());
    }

    @Test
    void shouldSwapUdpPorts()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        assertTrue(udp.wrap(MemorySegment.ofArray(frame), UDP, frame.length - UDP));

        udp.swapPorts();

        assertEquals(53, udp.sourcePort());
        assertEquals(53124, udp.destinationPort());
        assertEquals(0xFA2E, udp.checksum());
    }

    @Test
    void shouldRejectUdpLengthBelowEight()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        put16(frame, UDP + 4, 7);

        assertFalse(udp.wrap(MemorySegment.ofArray(frame), UDP, frame.length - UDP));
    }

    @Test
    void shouldRejectUdpLengthBeyondTheBuffer()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        put16(frame, UDP + 4, frame.length - UDP + 1);

        assertFalse(udp.wrap(MemorySegment.ofArray(frame), UDP, frame.length - UDP));
    }

    @Test
    void shouldReadTcpSynFieldsAndOptions()
    {
        assertTrue(tcp.wrap(copy(TCP_SYN_IPV4), TCP, TCP_SYN_IPV4.length - TCP));

        assertEquals(49152, tcp.sourcePort());
        assertEquals(80, tcp.destinationPort());
        assertEquals(0x1234_5678, tcp.sequenceNumber());
        assertEquals(0, tcp.acknowledgmentNumber());
        assertEquals(10, tcp.dataOffset());
        assertEquals(40, tcp.headerLength());
        assertEquals(TcpView.SYN, tcp.flags());
        assertTrue(tcp.hasFlags(TcpView.SYN));
        assertFalse(tcp.hasFlags(TcpView.SYN | TcpView.ACK));
        assertEquals(64240, tcp.window());
        assertEquals(0x4759, tcp.checksum());
        assertEquals(0, tcp.urgentPointer());
        assertEquals(20, tcp.optionsLength());
        assertEquals(2, tcp.option(0)); // MSS kind
        assertEquals(4, tcp.option(1)); // MSS length
        assertEquals(1460, (tcp.option(2) << 8) | tcp.option(3));
        assertEquals(7, tcp.option(19)); // window scale shift count
        assertEquals(-1, tcp.option(20));
        assertEquals(40, tcp.payloadOffset());
    }

    @Test
    void shouldSwapTcpPortsAndRewriteSequenceNumbers()
    {
        final byte[] frame = TCP_SYN_IPV4.clone();
        assertTrue(tcp.wrap(MemorySegment.ofArray(frame), TCP, frame.length - TCP));

        tcp.swapPorts().acknowledgmentNumber(tcp.sequenceNumber() + 1).sequenceNumber(0xCAFE_BABE)
            .flags(TcpView.SYN | TcpView.ACK).window(1024);

        assertEquals(80, tcp.sourcePort());
        assertEquals(49152, tcp.destinationPort());
        assertEquals(0x1234_5679, tcp.acknowledgmentNumber());
        assertEquals(0xCAFE_BABE, tcp.sequenceNumber());
        assertTrue(tcp.hasFlags(TcpView.SYN | TcpView.ACK));
        assertEquals(1024, tcp.window());
    }

    @Test
    void shouldRejectTcpDataOffsetBelowFive()
    {
        final byte[] frame = TCP_SYN_IPV4.clone();
        frame[TCP + 12] = 0x40;

        assertFalse(tcp.wrap(MemorySegment.ofArray(frame), TCP, frame.length - TCP));
    }

    @Test
    void shouldRejectTcpDataOffsetBeyondTheBuffer()
    {
        final byte[] frame = TCP_SYN_IPV4.clone();
        frame[TCP + 12] = (byte)0xF0; // 60-byte header in 40 bytes

        assertFalse(tcp.wrap(MemorySegment.ofArray(frame), TCP, frame.length - TCP));
    }

    @Test
    void shouldReadIcmpEchoRequest()
    {
        assertTrue(icmp.wrap(copy(ICMP_ECHO_IPV4_OPTIONS), ICMP, ICMP_ECHO_IPV4_OPTIONS.length - ICMP));

        assertEquals(IcmpView.ECHO_REQUEST, icmp.type());
        assertEquals(0, icmp.code());
        assertEquals(0xA279, icmp.checksum());
        assertEquals(0x1234, icmp.identifier());
        assertEquals(7, icmp.sequenceNumber());
        assertEquals(0x1234_0007, icmp.restOfHeader());
    }

    @Test
    void shouldReadIcmpv6EchoRequest()
    {
        assertTrue(icmpv6.wrap(copy(ICMPV6_ECHO_HOP_BY_HOP), ICMPV6, ICMPV6_ECHO_HOP_BY_HOP.length - ICMPV6));

        assertEquals(Icmpv6View.ECHO_REQUEST, icmpv6.type());
        assertEquals(0, icmpv6.code());
        assertEquals(0x2C0F, icmpv6.checksum());
        assertEquals(0x0BAD, icmpv6.identifier());
        assertEquals(1, icmpv6.sequenceNumber());
    }

    @Test
    void shouldRejectIcmpShorterThanEightBytes()
    {
        final MemorySegment segment = copy(ICMP_ECHO_IPV4_OPTIONS);

        assertFalse(icmp.wrap(segment, ICMP, 7));
        assertFalse(icmpv6.wrap(segment, ICMP, 7));
        assertTrue(icmp.wrap(segment, ICMP, 8));
    }
}
