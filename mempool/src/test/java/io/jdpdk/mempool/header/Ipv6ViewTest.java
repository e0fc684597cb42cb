package io.jdpdk.mempool.header;

import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

import static io.jdpdk.mempool.header.Packets.ICMPV6_ECHO_HOP_BY_HOP;
import static io.jdpdk.mempool.header.Packets.TCP_SYNACK_IPV6_EXTENSIONS;
import static io.jdpdk.mempool.header.Packets.UDP_IPV6;
import static io.jdpdk.mempool.header.Packets.copy;
import static io.jdpdk.mempool.header.Packets.hex;
import static io.jdpdk.mempool.header.Packets.put16;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Ipv6ViewTest
{
    private static final int IP = 14;

    private final Ipv6View ip = new Ipv6View();

    @Test
    void shouldSkipHopByHopHeaderToIcmpv6()
    {
        assertTrue(ip.wrap(copy(ICMPV6_ECHO_HOP_BY_HOP), IP, ICMPV6_ECHO_HOP_BY_HOP.length - IP));

        assertEquals(6, ip.version());
        assertEquals(20, ip.payloadLength());
        assertEquals(IpProtocol.IPV6_HOP_BY_HOP, ip.nextHeader());
        assertEquals(1, ip.hopLimit());
        assertEquals(8, ip.extensionHeadersLength());
        assertEquals(48, ip.upperLayerOffset());
        assertEquals(IpProtocol.ICMPV6, ip.upperLayerProtocol());
        assertEquals(12, ip.upperLayerLength());
        assertTrue(ip.hasUpperLayerHeader());
        assertFalse(ip.isFragment());
    }

    @Test
    void shouldSkipDestinationOptionsRoutingAndFragmentHeadersToTcp()
    {
        assertTrue(ip.wrap(copy(TCP_SYNACK_IPV6_EXTENSIONS), IP, TCP_SYNACK_IPV6_EXTENSIONS.length - IP));

        assertEquals(IpProtocol.IPV6_DESTINATION_OPTIONS, ip.nextHeader());
        assertEquals(8 + 24 + 8, ip.extensionHeadersLength());
        assertEquals(IpProtocol.TCP, ip.upperLayerProtocol());
        assertEquals(80, ip.upperLayerOffset());
        assertEquals(24, ip.upperLayerLength());
        assertTrue(ip.hasFragmentHeader());
        assertFalse(ip.isFragment(), "an atomic fragment is the whole datagram");
        assertEquals(0, ip.fragmentOffset());
        assertFalse(ip.moreFragments());
        assertTrue(ip.hasUpperLayerHeader());
    }

    @Test
    void shouldReadTrafficClassAndFlowLabel()
    {
        final byte[] frame = TCP_SYNACK_IPV6_EXTENSIONS.clone();
        assertTrue(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));

        assertEquals(0x20, ip.trafficClass());
        assertEquals(0x12345, ip.flowLabel());

        ip.trafficClass(0xB8);
        assertEquals(0xB8, ip.trafficClass());
        assertEquals(0x12345, ip.flowLabel());
        assertEquals(6, ip.version());
    }

    @Test
    void shouldReadAddressesAsLongsAndBytes()
    {
        assertTrue(ip.wrap(copy(UDP_IPV6), IP, UDP_IPV6.length - IP));

        assertEquals(0x2001_0DB8_0000_0000L, ip.sourceAddressHigh());
        assertEquals(1L, ip.sourceAddressLow());
        assertEquals(0x2001_0DB8_0000_0000L, ip.destinationAddressHigh());
        assertEquals(2L, ip.destinationAddressLow());

        final byte[] address = new byte[18];
        ip.getDestinationAddress(address, 2);
        assertArrayEquals(hex("000020010db8000000000000000000000002"), address);
    }

    @Test
    void shouldWriteAddressesFromLongsAndBytes()
    {
        final byte[] frame = UDP_IPV6.clone();
        assertTrue(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));

        ip.sourceAddress(0xFE80_0000_0000_0000L, 0x0A00_27FF_FE8A_3B1CL);
        ip.putDestinationAddress(hex("ff020000000000000000000000000001"), 0);

        assertArrayEquals(hex("fe800000000000000a0027fffe8a3b1cff020000000000000000000000000001"),
            Arrays.copyOfRange(frame, IP + 8, IP + 40));
    }

    @Test
    void shouldSwapAddressesKeepingUdpChecksumValid()
    {
        final byte[] frame = UDP_IPV6.clone();
        final MemorySegment segment = MemorySegment.ofArray(frame);
        assertTrue(ip.wrap(segment, IP, frame.length - IP));
        final UdpView udp = new UdpView();
        assertTrue(udp.wrap(segment, IP + 40, frame.length - IP - 40));

        ip.swapAddresses();

        assertEquals(2L, ip.sourceAddressLow());
        assertEquals(1L, ip.destinationAddressLow());
        assertTrue(Checksums.verifyUdp(ip, udp));
    }

    @Test
    void shouldRejectIpv6WhoseVersionIsNot6()
    {
        final byte[] frame = UDP_IPV6.clone();
        frame[IP] = 0x40;

        assertFalse(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));
    }

    @Test
    void shouldRejectIpv6WhosePayloadLengthExceedsTheBuffer()
    {
        final byte[] frame = UDP_IPV6.clone();
        put16(frame, IP + 4, frame.length - IP - 40 + 1);

        assertFalse(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));
    }

    @Test
    void shouldRejectExtensionHeaderRunningPastThePayload()
    {
        final byte[] frame = TCP_SYNACK_IPV6_EXTENSIONS.clone();
        frame[IP + 40 + 8 + 1] = 9; // routing header of (9 + 1) * 8 = 80 bytes in a 64-byte payload

        assertFalse(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));
    }

    @Test
    void shouldRejectExtensionHeaderOfEmptyPayload()
    {
        final byte[] frame = ICMPV6_ECHO_HOP_BY_HOP.clone();
        put16(frame, IP + 4, 0);

        assertFalse(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));
    }

    @Test
    void shouldStopAtEspAndNoNextHeader()
    {
        for (final int stop : new int[] {IpProtocol.ESP, IpProtocol.IPV6_NO_NEXT_HEADER})
        {
            final byte[] frame = ICMPV6_ECHO_HOP_BY_HOP.clone();
            frame[IP + 40] = (byte)stop; // the hop-by-hop header's next header

            assertTrue(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));
            assertEquals(stop, ip.upperLayerProtocol());
            assertEquals(48, ip.upperLayerOffset());
            assertEquals(stop == IpProtocol.ESP, ip.hasUpperLayerHeader());
        }
    }

    @Test
    void shouldSkipAuthenticationHeaderByItsOwnLengthUnit()
    {
        // hop-by-hop (8 bytes), then AH whose length 1 means (1 + 2) * 4 = 12 bytes, then No Next Header
        final byte[] frame = Arrays.copyOf(ICMPV6_ECHO_HOP_BY_HOP, IP + 40 + 8 + 12);
        frame[IP + 40] = (byte)IpProtocol.AH;
        Arrays.fill(frame, IP + 48, frame.length, (byte)0);
        frame[IP + 48] = (byte)IpProtocol.IPV6_NO_NEXT_HEADER;
        frame[IP + 49] = 1;
        put16(frame, IP + 4, 8 + 12);

        assertTrue(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));
        assertEquals(20, ip.extensionHeadersLength());
        assertEquals(IpProtocol.IPV6_NO_NEXT_HEADER, ip.upperLayerProtocol());
        assertEquals(0, ip.upperLayerLength());
        assertFalse(ip.hasUpperLayerHeader());
    }

    @Test
    void shouldNotLookForUpperLayerHeaderAfterNonFirstFragment()
    {
        final byte[] frame = TCP_SYNACK_IPV6_EXTENSIONS.clone();
        put16(frame, IP + 40 + 8 + 24 + 2, (100 << 3) | 1); // fragment offset 100, M set

        assertTrue(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));
        assertTrue(ip.isFragment());
        assertEquals(100, ip.fragmentOffset());
        assertTrue(ip.moreFragments());
        assertEquals(IpProtocol.TCP, ip.upperLayerProtocol());
        assertFalse(ip.hasUpperLayerHeader());
    }
}
