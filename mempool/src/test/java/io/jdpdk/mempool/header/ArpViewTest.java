package io.jdpdk.mempool.header;

import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;

import static io.jdpdk.mempool.header.Packets.ARP_REQUEST;
import static io.jdpdk.mempool.header.Packets.copy;
import static io.jdpdk.mempool.header.Packets.hex;
import static io.jdpdk.mempool.header.Packets.prefix;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ArpViewTest
{
    private final ArpView arp = new ArpView();

    @Test
    void shouldReadArpRequestFields()
    {
        assertTrue(arp.wrap(copy(ARP_REQUEST), 14, ARP_REQUEST.length - 14));

        assertEquals(ArpView.HARDWARE_TYPE_ETHERNET, arp.hardwareType());
        assertEquals(EtherType.IPV4, arp.protocolType());
        assertEquals(6, arp.hardwareLength());
        assertEquals(4, arp.protocolLength());
        assertEquals(ArpView.OPERATION_REQUEST, arp.operation());
        assertEquals(0x0800_278A_3B1CL, arp.senderHardwareAddress());
        assertEquals(0x0A00_020F, arp.senderProtocolAddress());
        assertEquals(0L, arp.targetHardwareAddress());
        assertEquals(0x0A00_0202, arp.targetProtocolAddress());
    }

    @Test
    void shouldTurnRequestIntoReply()
    {
        final byte[] frame = ARP_REQUEST.clone();
        assertTrue(arp.wrap(MemorySegment.ofArray(frame), 14, frame.length - 14));

        final long requesterMac = arp.senderHardwareAddress();
        final int requesterIp = arp.senderProtocolAddress();
        arp.operation(ArpView.OPERATION_REPLY)
            .targetHardwareAddress(requesterMac)
            .targetProtocolAddress(requesterIp)
            .senderHardwareAddress(0x5254_0012_3502L)
            .senderProtocolAddress(0x0A00_0202);

        assertArrayEquals(hex("00010800060400025254001235020a0002020800278a3b1c0a00020f"),
            java.util.Arrays.copyOfRange(frame, 14, 42));
    }

    @Test
    void shouldRejectArpForOtherThanIpv4OverEthernet()
    {
        final byte[] frame = ARP_REQUEST.clone();
        frame[14 + 3] = (byte)0x06; // hardware type 6 (IEEE 802)
        assertFalse(arp.wrap(MemorySegment.ofArray(frame), 14, frame.length - 14));

        final byte[] ipv6Arp = ARP_REQUEST.clone();
        ipv6Arp[14 + 5] = 16; // protocol address length 16
        assertFalse(arp.wrap(MemorySegment.ofArray(ipv6Arp), 14, ipv6Arp.length - 14));
    }

    @Test
    void shouldRejectArpShorterThan28Bytes()
    {
        assertFalse(arp.wrap(prefix(ARP_REQUEST, 41), 14, 27));
        assertTrue(arp.wrap(prefix(ARP_REQUEST, 42), 14, 28));
    }
}
