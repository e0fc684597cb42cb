package io.jdpdk.mempool.header;

import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

import static io.jdpdk.mempool.header.Packets.DNS_QUERY_UDP_IPV4;
import static io.jdpdk.mempool.header.Packets.ICMP_ECHO_IPV4_OPTIONS;
import static io.jdpdk.mempool.header.Packets.IPV4_FRAGMENT_NON_FIRST;
import static io.jdpdk.mempool.header.Packets.copy;
import static io.jdpdk.mempool.header.Packets.put16;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Ipv4ViewTest
{
    private static final int IP = 14;

    private final Ipv4View ip = new Ipv4View();

    @Test
    void shouldReadFieldsOfDnsQueryHeader()
    {
        assertTrue(ip.wrap(copy(DNS_QUERY_UDP_IPV4), IP, DNS_QUERY_UDP_IPV4.length - IP));

        assertEquals(4, ip.version());
        assertEquals(5, ip.ihl());
        assertEquals(20, ip.headerLength());
        assertEquals(0, ip.tos());
        assertEquals(57, ip.totalLength());
        assertEquals(0x1C46, ip.identification());
        assertTrue(ip.dontFragment());
        assertFalse(ip.moreFragments());
        assertFalse(ip.isFragment());
        assertEquals(64, ip.ttl());
        assertEquals(IpProtocol.UDP, ip.protocol());
        assertEquals(0x0250, ip.checksum());
        assertEquals(0x0A00_020F, ip.sourceAddress());
        assertEquals(0x0808_0808, ip.destinationAddress());
        assertEquals(0, ip.optionsLength());
        assertEquals(-1, ip.option(0));
        assertEquals(20, ip.payloadOffset());
        assertEquals(37, ip.payloadLength());
    }

    @Test
    void shouldReadRouterAlertOptionBytes()
    {
        assertTrue(ip.wrap(copy(ICMP_ECHO_IPV4_OPTIONS), IP, ICMP_ECHO_IPV4_OPTIONS.length - IP));

        assertEquals(6, ip.ihl());
        assertEquals(24, ip.headerLength());
        assertEquals(4, ip.optionsLength());
        assertEquals(0x94, ip.option(0));
        assertEquals(0x04, ip.option(1));
        assertEquals(0x00, ip.option(3));
        assertEquals(-1, ip.option(4));
        assertEquals(-1, ip.option(-1));
        assertEquals(24, ip.payloadLength());
    }

    @Test
    void shouldLeaveEthernetPaddingOutOfThePayload()
    {
        final byte[] padded = Arrays.copyOf(DNS_QUERY_UDP_IPV4, DNS_QUERY_UDP_IPV4.length + 9);

        assertTrue(ip.wrap(MemorySegment.ofArray(padded), IP, padded.length - IP));

        assertEquals(66, ip.limit());
        assertEquals(57, ip.totalLength());
        assertEquals(37, ip.payloadLength());
    }

    @Test
    void shouldReportNonFirstFragment()
    {
        assertTrue(ip.wrap(copy(IPV4_FRAGMENT_NON_FIRST), IP, IPV4_FRAGMENT_NON_FIRST.length - IP));

        assertTrue(ip.isFragment());
        assertFalse(ip.moreFragments());
        assertEquals(185, ip.fragmentOffset());
    }

    @Test
    void shouldRejectIpv4WhoseVersionIsNot4()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        frame[IP] = 0x65;

        assertFalse(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));
        assertFalse(ip.isValid());
    }

    @Test
    void shouldRejectIpv4WhoseIhlIsBelowFive()
    {
        for (int ihl = 0; ihl < 5; ihl++)
        {
            final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
            frame[IP] = (byte)(0x40 | ihl);

            assertFalse(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP), "IHL " + ihl);
        }
    }

    @Test
    void shouldRejectIpv4WhoseIhlExceedsTheBuffer()
    {
        final byte[] frame = Arrays.copyOf(DNS_QUERY_UDP_IPV4, IP + 40);
        frame[IP] = 0x4F; // 60-byte header in a 40-byte buffer
        put16(frame, IP + 2, 40);

        assertFalse(ip.wrap(MemorySegment.ofArray(frame), IP, 40));
    }

    @Test
    void shouldRejectIpv4WhoseTotalLengthIsBelowHeaderLength()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        put16(frame, IP + 2, 19);

        assertFalse(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));
    }

    @Test
    void shouldRejectIpv4WhoseTotalLengthExceedsTheBuffer()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        put16(frame, IP + 2, frame.length - IP + 1);

        assertFalse(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));
    }

    @Test
    void shouldSwapAddressesKeepingHeaderChecksumValid()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        assertTrue(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));

        ip.swapAddresses();

        assertEquals(0x0808_0808, ip.sourceAddress());
        assertEquals(0x0A00_020F, ip.destinationAddress());
        assertTrue(Checksums.verifyIpv4Header(ip));
    }

    @Test
    void shouldDecrementTtlAndPatchHeaderChecksum()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        assertTrue(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));

        assertEquals(63, ip.decrementTtl());

        assertEquals(63, ip.ttl());
        assertEquals(0x0350, ip.checksum());
        assertEquals(Checksums.computeIpv4Header(ip), ip.checksum());
    }

    @Test
    void shouldRefuseToDecrementZeroTtl()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        assertTrue(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));
        ip.ttl(0);
        final int checksum = ip.checksum();

        assertEquals(-1, ip.decrementTtl());
        assertEquals(0, ip.ttl());
        assertEquals(checksum, ip.checksum());
    }

    @Test
    void shouldRewriteTosAndAddresses()
    {
        final byte[] frame = DNS_QUERY_UDP_IPV4.clone();
        assertTrue(ip.wrap(MemorySegment.ofArray(frame), IP, frame.length - IP));

        ip.tos(0xB8).sourceAddress(0xC0A8_0101).destinationAddress(0x0101_0101).checksum(0xBEEF);

        assertEquals(46, ip.dscp());
        assertEquals(0, ip.ecn());
        assertEquals(0xC0A8_0101, ip.sourceAddress());
        assertEquals(0x0101_0101, ip.destinationAddress());
        assertEquals(0xBEEF, Packets.u16(frame, IP + 10));
    }
}
