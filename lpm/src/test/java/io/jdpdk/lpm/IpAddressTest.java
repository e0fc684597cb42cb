package io.jdpdk.lpm;

import org.junit.jupiter.api.Test;

import static io.jdpdk.lpm.IpAddress.formatIpv4;
import static io.jdpdk.lpm.IpAddress.parseIpv4;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** IpAddress against what glibc's inet_pton and inet_ntop do with the same text and numbers. */
class IpAddressTest
{
    @Test
    void shouldWriteIpv6AddressesAsInetNtop()
    {
        assertEquals("::", IpAddress.formatIpv6(0, 0));
        assertEquals("::1", IpAddress.formatIpv6(0, 1));
        assertEquals("2001:db8::1", IpAddress.formatIpv6(0x2001_0db8_0000_0000L, 1));
        assertEquals("2001:db8:0:1:1:1:1:1", IpAddress.formatIpv6(0x2001_0db8_0000_0001L, 0x0001_0001_0001_0001L),
            "a single zero group is not shortened (RFC 5952 4.2.2)");
        assertEquals("2001:0:0:1::1", IpAddress.formatIpv6(0x2001_0000_0000_0001L, 1),
            "the longer run of zeros is shortened");
        assertEquals("1:0:0:1::1", IpAddress.formatIpv6(0x0001_0000_0000_0001L, 1), "three zeros beat two");
        assertEquals("1::2:0:0:3:4", IpAddress.formatIpv6(0x0001_0000_0000_0002L, 0x0000_0000_0003_0004L),
            "of equal runs, the first");
        assertEquals("fe80::", IpAddress.formatIpv6(0xFE80_0000_0000_0000L, 0));
        assertEquals("::ffff:192.0.2.1", IpAddress.formatIpv6(0, 0x0000_FFFF_C000_0201L), "IPv4-mapped");
        assertEquals("::192.0.2.1", IpAddress.formatIpv6(0, 0xC000_0201L), "IPv4-compatible");
        assertEquals("::0.1.255.255", IpAddress.formatIpv6(0, 0x0001_FFFFL), "six zero groups, as glibc");
        assertEquals("::1:ffff:c000:201", IpAddress.formatIpv6(0, 0x0001_FFFF_C000_0201L), "only ::ffff: is mapped");
        assertEquals("::ffff:0:0:0:1", IpAddress.formatIpv6(0x0000_0000_0000_FFFFL, 1), "ffff in group 3 is not");
    }

    @Test
    void shouldReadIpv6AddressesAsInetPton()
    {
        assertArrayEquals(new long[] { 0x2001_0200_0000_0001L, 0 }, IpAddress.parseIpv6Address("2001:200:0:1::"));
        assertArrayEquals(new long[] { 0x2001_0200_0000_0001L, 0 },
            IpAddress.parseIpv6Address("2001:0200:0000:0001:0000:0000:0000:0000"));
        assertArrayEquals(new long[] { 0, 0 }, IpAddress.parseIpv6Address("::"));
        assertArrayEquals(new long[] { 0, 1 }, IpAddress.parseIpv6Address("::1"));
        assertArrayEquals(new long[] { 0x0001_0000_0000_0000L, 0 }, IpAddress.parseIpv6Address("1::"));
        assertArrayEquals(new long[] { 0xFE80_0000_0000_0000L, 0x0000_0000_0000_ABCDL },
            IpAddress.parseIpv6Address("FE80::aBcD"));
        assertArrayEquals(new long[] { 0, 0x0000_FFFF_C000_0201L }, IpAddress.parseIpv6Address("::ffff:192.0.2.1"));
        assertArrayEquals(new long[] { 0x0001_0002_0003_0004L, 0x0005_0006_C000_0201L },
            IpAddress.parseIpv6Address("1:2:3:4:5:6:192.0.2.1"));
        for (final String bad : new String[] { "", ":", ":::", "1::2::3", "12345::", "g::", "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7", "1::2:", ":1::2", "1:2:3:4:5:6:7:8::", "::1.2.3", "::1.2.3.256", "1.2.3.4",
            "2001:db8::/32", " ::1", "\u0661::", "::ffff:01.2.3.4" })
        {
            assertThrows(IllegalArgumentException.class, () -> IpAddress.parseIpv6Address(bad), bad);
        }
    }

    @Test
    void shouldParseAndFormatDottedQuads()
    {
        assertEquals(0xC612_0001, parseIpv4("198.18.0.1"));
        assertEquals(0, parseIpv4("0.0.0.0"));
        assertEquals(-1, parseIpv4("255.255.255.255"));
        assertEquals("198.18.0.1", formatIpv4(0xC612_0001));
        assertEquals("255.255.255.255", formatIpv4(-1));
        for (final String bad : new String[] {"", "1.2.3", "1.2.3.4.", "1.2.3.4.5", "1..3.4", "1.2.3.1000",
            "1.2.3.256", " 1.2.3.4", "1.2.3.4 ", "a.b.c.d", "1.2.3.-4", "::1", "01.2.3.4", "1.2.3.00"})
        {
            assertThrows(IllegalArgumentException.class, () -> parseIpv4(bad), bad);
        }
    }
}
