package io.jdpdk.apps.l3fwd;

import io.jdpdk.apps.l3fwd.RouteTable.RouteFileException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** l3fwd's exact-match rules: the rule files as em_route_parse.c reads them, and which frames match a 5-tuple. */
class ExactMatchTest
{
    /** L3fwdFrames' flows: UDP from 192.0.2.1 / 2001:db8::1, port 1024 to 2048. */
    private static final int SPORT = 1024;
    private static final int DPORT = 2048;

    private static int lookup4(final ExactMatch table, final byte[] frame)
    {
        return table.lookupIpv4(MemorySegment.ofArray(frame), 0, frame.length);
    }

    private static int lookup6(final ExactMatch table, final byte[] frame)
    {
        return table.lookupIpv6(MemorySegment.ofArray(frame), 0, frame.length);
    }

    @Test
    void shouldMatchTheWholeFiveTupleOfOptionlessTcpAndUdpIpv4Only()
    {
        final int dst = 0xC612_0005; // 198.18.0.5
        final int src = 0xC000_0201; // 192.0.2.1
        final ExactMatch table = ExactMatch.ipv4(List.of(new ExactMatch.Rule4(dst, src, DPORT, SPORT, 17, 1),
            new ExactMatch.Rule4(0xC612_0006, src, DPORT, SPORT, 6, 2)), 0b111);
        assertEquals(2, table.size());
        assertEquals(1, lookup4(table, L3fwdFrames.ipv4("198.18.0.5", 64, 1)));
        // Ports the other way round, another destination, the TCP rule for a UDP packet: no rule.
        assertEquals(ExactMatch.MISS, lookup4(ExactMatch.ipv4(List.of(new ExactMatch.Rule4(dst, src, SPORT, DPORT,
            17, 1)), 0b11), L3fwdFrames.ipv4("198.18.0.5", 64, 1)));
        assertEquals(ExactMatch.MISS, lookup4(table, L3fwdFrames.ipv4("198.18.0.7", 64, 1)));
        assertEquals(ExactMatch.MISS, lookup4(table, L3fwdFrames.ipv4("198.18.0.6", 64, 1)));
        // The same packet as TCP matches the TCP rule; as ICMP, or with options (IHL 6), it is not looked up.
        final byte[] tcp = L3fwdFrames.with(L3fwdFrames.ipv4("198.18.0.6", 64, 1), L3fwdFrames.ETH + 9, 6, true);
        assertEquals(2, lookup4(table, tcp));
        final byte[] icmp = L3fwdFrames.with(L3fwdFrames.ipv4("198.18.0.5", 64, 1), L3fwdFrames.ETH + 9, 1, true);
        assertEquals(ExactMatch.MISS, lookup4(table, icmp));
        assertEquals(ExactMatch.MISS, lookup4(table, L3fwdFrames.ipv4WithIhl("198.18.0.5", 64, 1, 6)));
        // Too short for the ports: a miss, nothing read past the frame.
        final byte[] frame = L3fwdFrames.ipv4("198.18.0.5", 64, 1);
        assertEquals(ExactMatch.MISS, table.lookupIpv4(MemorySegment.ofArray(frame).asSlice(0, 37), 0, 37));
        assertEquals(1, table.lookupIpv4(MemorySegment.ofArray(frame).asSlice(0, 38), 0, 38));
    }

    @Test
    void shouldSkipRulesToPortsOutsideTheMaskAndLetALaterDuplicateWin()
    {
        final ExactMatch.Rule4 first = new ExactMatch.Rule4(0xC612_0005, 0xC000_0201, DPORT, SPORT, 17, 0);
        final ExactMatch table = ExactMatch.ipv4(List.of(first, new ExactMatch.Rule4(0xC612_0005, 0xC000_0201, DPORT,
            SPORT, 17, 1), new ExactMatch.Rule4(0xC612_0009, 0xC000_0201, DPORT, SPORT, 17, 5)), 0b11);
        assertEquals(1, table.size());
        assertEquals(1, lookup4(table, L3fwdFrames.ipv4("198.18.0.5", 64, 1)));
        assertEquals(ExactMatch.MISS, lookup4(table, L3fwdFrames.ipv4("198.18.0.9", 64, 1)));
        assertEquals(ExactMatch.MISS, lookup4(ExactMatch.empty(), L3fwdFrames.ipv4("198.18.0.5", 64, 1)));
    }

    @Test
    void shouldMatchIpv6FiveTuplesOfTcpAndUdpOnly()
    {
        final ExactMatch table = ExactMatch.ipv6(List.of(new ExactMatch.Rule6(0x2001_0200_0000_0001L, 5,
            0x2001_0db8_0000_0000L, 1, DPORT, SPORT, 17, 3)), 0b1000);
        final byte[] frame = L3fwdFrames.ipv6(0x2001_0200_0000_0001L, 5, 1);
        assertEquals(3, lookup6(table, frame));
        assertEquals(ExactMatch.MISS, lookup6(table, L3fwdFrames.ipv6(0x2001_0200_0000_0001L, 6, 1)));
        assertEquals(ExactMatch.MISS, lookup6(table, L3fwdFrames.with(frame, L3fwdFrames.ETH + 6, 58, false)));
        assertEquals(ExactMatch.MISS, table.lookupIpv6(MemorySegment.ofArray(frame).asSlice(0, 57), 0, 57));
    }

    @Test
    void shouldReadRuleFilesAsL3fwdWithNumbersInAnyBase(@TempDir final Path dir) throws Exception
    {
        final Path v4 = Files.writeString(dir.resolve("v4.cfg"), "#Copy of hard-coded IPv4 FWD table\n\n" +
            "R198.18.0.0 198.18.0.1 9 9 0x11 0\nR198.18.1.0\t198.18.1.1 011 0X9 17 1 trailing words\n");
        assertEquals(List.of(new ExactMatch.Rule4(0xC612_0000, 0xC612_0001, 9, 9, 17, 0),
            new ExactMatch.Rule4(0xC612_0100, 0xC612_0101, 9, 9, 17, 1)), ExactMatch.parseIpv4(v4));
        final Path v6 = Files.writeString(dir.resolve("v6.cfg"),
            "R2001:0200:0000:0001:0000:0000:0000:0000 2001:0200:0000:0001:0000:0000:0000:0001 9 9 0x11 1\n");
        assertEquals(List.of(new ExactMatch.Rule6(0x2001_0200_0000_0001L, 0, 0x2001_0200_0000_0001L, 1, 9, 9, 17,
            1)), ExactMatch.parseIpv6(v6));
        assertEquals(ExactMatch.defaultIpv4Rules().get(15), new ExactMatch.Rule4(0xC612_0F00, 0xC612_0F01, 9, 9, 17,
            15));
        assertEquals(ExactMatch.defaultIpv6Rules().get(2), new ExactMatch.Rule6(0x2001_0200_0000_0002L, 0,
            0x2001_0200_0000_0002L, 1, 9, 9, 17, 2));
    }

    @Test
    void shouldRefuseABadLineWithItsFileAndNumberAndAFileWithoutRules(@TempDir final Path dir) throws Exception
    {
        final String[][] bad = {
            { "R198.18.0.0 198.18.0.1 9 9 17", "expected 'R<dst> <src> <dst port> <src port> <protocol> <port>', " +
                "found 5 field(s)" },
            { " R198.18.0.0 198.18.0.1 9 9 17 0", "should start with leading char R" },
            { "198.18.0.0 198.18.0.1 9 9 17 0", "should start with leading char R" },
            { "R198.18.0 198.18.0.1 9 9 17 0", "'198.18.0' is not an IPv4 address" },
            { "R198.18.0.0 198.18.0.1 9 9 256 0", "protocol '256' is not 0..255" },
            { "R198.18.0.0 198.18.0.1 9 9 17 0x100", "output port '0x100' is not 0..255" },
            { "R198.18.0.0 198.18.0.1 08 9 17 0", "destination port '08' is not 0..65535" },
            { "R198.18.0.0 198.18.0.1 9 -1 17 0", "source port '-1' is not 0..65535" },
            { "R198.18.0.0 198.18.0.1 9 0x 17 0", "source port '0x' is not 0..65535" },
        };
        for (final String[] line : bad)
        {
            final Path file = Files.writeString(dir.resolve("bad.cfg"), "# header\nR10.0.0.1 10.0.0.2 1 2 6 0\n" +
                line[0] + "\n");
            final RouteFileException ex = assertThrows(RouteFileException.class, () -> ExactMatch.parseIpv4(file));
            assertEquals(file + ":3: " + line[1] + ": '" + line[0].strip() + "'", ex.getMessage());
        }
        final Path v6 = Files.writeString(dir.resolve("bad6.cfg"), "R2001:200::1 2001:200::g 9 9 17 0\n");
        assertTrue(assertThrows(RouteFileException.class, () -> ExactMatch.parseIpv6(v6)).getMessage()
            .contains(":1: '2001:200::g' is not an IPv6 address"));
        final Path empty = Files.writeString(dir.resolve("empty.cfg"), "# nothing\n\n");
        assertTrue(assertThrows(RouteFileException.class, () -> ExactMatch.parseIpv4(empty)).getMessage()
            .contains("no rule in the file"));
    }
}
