package io.jdpdk.pmd;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link Port#parseMac} accepts what DPDK 22.11.11's {@code rte_ether_unformat_addr} accepts, and only that (checked
 * against the installed library's: one-digit octets are refused).
 */
class MacAddressTest
{
    @Test
    void shouldParseSixOctetsOfTwoDigitsInEitherCase()
    {
        assertEquals(0x0A0B_0C0D_0E0FL, Port.parseMac("0A:0b:0C:0d:0E:0f"));
        assertEquals(0x0200_0000_0001L, Port.parseMac("02:00:00:00:00:01"));
        assertEquals(0xFFFF_FFFF_FFFFL, Port.parseMac("ff:FF:ff:FF:ff:FF"));
    }

    @Test
    void shouldParseThreeWordsOfFourDigits()
    {
        assertEquals(0x0A0B_0C0D_0E0FL, Port.parseMac("0A0B:0C0D:0E0F"));
        assertEquals(0x0200_0000_0001L, Port.parseMac("0200:0000:0001"));
    }

    @Test
    void shouldRoundTripWithFormatMac()
    {
        assertEquals(0x02AB_CDEF_0012L, Port.parseMac(Port.formatMac(0x02AB_CDEF_0012L)));
    }

    @ParameterizedTest
    @ValueSource(strings = { "", ":", "0A:0B:0C:0D:0E", "0A:0B:0C:0D:0E:0G", "0A:0B:0C:0D:0E:100",
        "0A:0B:0C:0D:0E:0F:", "0A:0B:0C:0D:0E:0F:10", "0A::0C:0D:0E:0F", "A:B:C", "0A0:0C0D:0E0F",
        "0A0B:0C0D:0E0F0", "0A0B-0C0D-0E0F", " 0A:0B:0C:0D:0E:0F", "0x:0B:0C:0D:0E:0F", "\u0660A:0B:0C:0D:0E:0F",
        "2:0:0:0:0:1", "02:0:00:00:00:01", "02:00:00:00:00:1" })
    void shouldRefuseWhatRteEtherUnformatAddrRefuses(final String text)
    {
        assertEquals(-1, Port.parseMac(text), text);
    }
}
