package io.jdpdk.mempool.header;

import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;

import static io.jdpdk.mempool.header.Packets.ARP_REQUEST;
import static io.jdpdk.mempool.header.Packets.DNS_QUERY_UDP_IPV4;
import static io.jdpdk.mempool.header.Packets.QINQ_UDP_IPV4;
import static io.jdpdk.mempool.header.Packets.copy;
import static io.jdpdk.mempool.header.Packets.hex;
import static io.jdpdk.mempool.header.Packets.prefix;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EthernetAndVlanViewTest
{
    private final EthernetView ethernet = new EthernetView();
    private final VlanView vlan = new VlanView();

    @Test
    void shouldReadMacAddressesAndEtherTypeOfDnsQuery()
    {
        assertTrue(ethernet.wrap(copy(DNS_QUERY_UDP_IPV4), 0, DNS_QUERY_UDP_IPV4.length));

        assertEquals(0x5254_0012_3502L, ethernet.destination());
        assertEquals(0x0800_278A_3B1CL, ethernet.source());
        assertEquals(EtherType.IPV4, ethernet.etherType());
        assertEquals(14, ethernet.payloadOffset());
        assertFalse(ethernet.isMulticast());
    }

    @Test
    void shouldDetectBroadcastDestinationAsMulticast()
    {
        assertTrue(ethernet.wrap(copy(ARP_REQUEST), 0, ARP_REQUEST.length));

        assertEquals(0xFFFF_FFFF_FFFFL, ethernet.destination());
        assertTrue(ethernet.isMulticast());
    }

    @Test
    void shouldSwapMacAddresses()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        assertTrue(ethernet.wrap(MemorySegment.ofArray(frame), 0, frame.length));

        assertSame(ethernet, ethernet.swapAddresses());

        assertArrayEquals(hex("0800278a3b1c525400123502"), java.util.Arrays.copyOf(frame, 12));
    }

    @Test
    void shouldWriteMacAddressesAndEtherTypeInNetworkOrder()
    {
        final byte[] frame = new byte[14];
        assertTrue(ethernet.wrap(MemorySegment.ofArray(frame), 0, frame.length));

        ethernet.destination(0x0102_0304_0506L).source(0xA1A2_A3A4_A5A6L).etherType(EtherType.IPV6);

        assertArrayEquals(hex("010203040506a1a2a3a4a5a686dd"), frame);
    }

    @Test
    void shouldRejectFrameShorterThanEthernetHeader()
    {
        assertFalse(ethernet.wrap(prefix(DNS_QUERY_UDP_IPV4, 13), 0, 13));
        assertFalse(ethernet.isValid());
    }

    @Test
    void shouldRejectBoundsThatLeaveTheSegment()
    {
        final MemorySegment segment = copy(DNS_QUERY_UDP_IPV4);

        assertFalse(ethernet.wrap(segment, 60, 14));
        assertFalse(ethernet.wrap(segment, -1, 20));
        assertFalse(ethernet.wrap(null, 0, 20));
        assertTrue(ethernet.wrap(segment, 57, 14));
    }

    @Test
    void shouldThrowInsteadOfReadingPacketBytesAfterFailedWrap()
    {
        assertTrue(ethernet.wrap(copy(DNS_QUERY_UDP_IPV4), 0, DNS_QUERY_UDP_IPV4.length));
        assertFalse(ethernet.wrap(prefix(DNS_QUERY_UDP_IPV4, 10), 0, 10));

        assertEquals(0, ethernet.limit());
        assertSame(MemorySegment.NULL, ethernet.segment());
        assertThrows(IndexOutOfBoundsException.class, ethernet::destination);
    }

    @Test
    void shouldReadOuterAndInnerTagsOfQinqFrame()
    {
        final MemorySegment segment = copy(QINQ_UDP_IPV4);
        assertTrue(ethernet.wrap(segment, 0, QINQ_UDP_IPV4.length));
        assertEquals(EtherType.QINQ, ethernet.etherType());

        assertTrue(vlan.wrap(segment, 14, QINQ_UDP_IPV4.length - 14));
        assertEquals(0xA064, vlan.tci());
        assertEquals(5, vlan.pcp());
        assertFalse(vlan.dei());
        assertEquals(100, vlan.vlanId());
        assertEquals(EtherType.VLAN, vlan.etherType());

        assertTrue(vlan.wrap(segment, 18, QINQ_UDP_IPV4.length - 18));
        assertEquals(0, vlan.pcp());
        assertEquals(200, vlan.vlanId());
        assertEquals(EtherType.IPV4, vlan.etherType());
    }

    @Test
    void shouldRewriteVlanIdKeepingPriorityAndPriorityKeepingVlanId()
    {
        final byte[] frame = QINQ_UDP_IPV4.clone();
        assertTrue(vlan.wrap(MemorySegment.ofArray(frame), 14, 4));

        vlan.vlanId(0xABC);
        assertEquals(5, vlan.pcp());
        assertEquals(0xABC, vlan.vlanId());

        vlan.pcp(2);
        assertEquals(0xABC, vlan.vlanId());
        assertEquals(0x4ABC, Packets.u16(frame, 14));
    }

    @Test
    void shouldRejectVlanTagShorterThanFourBytes()
    {
        assertFalse(vlan.wrap(prefix(QINQ_UDP_IPV4, 17), 14, 3));
        assertTrue(vlan.wrap(prefix(QINQ_UDP_IPV4, 18), 14, 4));
    }
}
