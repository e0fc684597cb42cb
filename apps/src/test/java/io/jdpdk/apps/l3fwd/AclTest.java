package io.jdpdk.apps.l3fwd;

import io.jdpdk.apps.l3fwd.RouteTable.RouteFileException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** l3fwd's ACL rules: the rule files as l3fwd_acl.c reads them, and which rule a packet matches. */
class AclTest
{
    private static int lookup4(final Acl acl, final byte[] frame)
    {
        return acl.lookupIpv4(MemorySegment.ofArray(frame), 0, frame.length);
    }

    @Test
    void shouldTakeTheFirstMatchingRuleOnProtocolMaskPrefixesAndInclusivePortRanges(@TempDir final Path dir)
        throws Exception
    {
        // L3fwdFrames' IPv4 frames: UDP from 192.0.2.1 port 1024 to port 2048.
        final Path file = Files.writeString(dir.resolve("acl4.cfg"), String.join("\n",
            "# deny UDP to 198.18.1.0/24 from ports 1024-1024",
            "@0.0.0.0/0 198.18.1.0/24 1024 : 1024 0 : 65535 17/0xff",
            "R192.0.2.0/24 198.18.0.0/16 0 : 65535 2048 : 2048 0x10/0xf0 1",
            "R0.0.0.0/0 198.18.0.0/15 0 : 1023 0 : 65535 0/0 2",
            "R192.0.2.1/32 0.0.0.0/0 1000 : 1024 2000 : 2048 6/0xff 3", ""));
        final Acl acl = Acl.ipv4(Acl.parseIpv4(file, 0xF));
        assertEquals(4, acl.size());
        assertEquals(Acl.DROP, lookup4(acl, L3fwdFrames.ipv4("198.18.1.9", 64, 1)));   // the deny comes first
        assertEquals(1, lookup4(acl, L3fwdFrames.ipv4("198.18.7.9", 64, 1)));          // 17 & 0xf0 == 0x10
        assertEquals(Acl.DROP, lookup4(acl, L3fwdFrames.ipv4("198.19.0.1", 64, 1)));   // /15, but port 1024 > 1023
        final byte[] tcp = L3fwdFrames.with(L3fwdFrames.ipv4("10.0.0.1", 64, 1), L3fwdFrames.ETH + 9, 6, true);
        assertEquals(3, lookup4(acl, tcp));                                             // the ranges' ends match
        final byte[] frame = L3fwdFrames.ipv4("198.18.7.9", 64, 1);
        assertEquals(Acl.SHORT, acl.lookupIpv4(MemorySegment.ofArray(frame).asSlice(0, 37), 0, 37));
        assertEquals(1, acl.lookupIpv4(MemorySegment.ofArray(frame).asSlice(0, 38), 0, 38));
    }

    @Test
    void shouldMatchIpv6PrefixesOfEightFullGroups(@TempDir final Path dir) throws Exception
    {
        final Path file = Files.writeString(dir.resolve("acl6.cfg"), String.join("\n",
            "R2001:0db8:0:0:0:0:0:0/32 2001:0200:0000:0001:0:0:0:0/64 0 : 65535 0 : 65535 0/0 0",
            "R0:0:0:0:0:0:0:0/0 2001:0200:0:0:0:0:0:0/127 0 : 65535 0 : 65535 0x11/0xff 1", ""));
        final Acl acl = Acl.ipv6(Acl.parseIpv6(file, 0x3));
        final byte[] toOne = L3fwdFrames.ipv6(0x2001_0200_0000_0001L, 5, 1);
        assertEquals(0, acl.lookupIpv6(MemorySegment.ofArray(toOne), 0, toOne.length));
        final byte[] toLast = L3fwdFrames.ipv6(0x2001_0200_0000_0000L, 1, 1);          // 2001:200::1 in ::/127
        assertEquals(1, acl.lookupIpv6(MemorySegment.ofArray(toLast), 0, toLast.length));
        final byte[] beyond = L3fwdFrames.ipv6(0x2001_0200_0000_0000L, 2, 1);          // ::2 is not
        assertEquals(Acl.DROP, acl.lookupIpv6(MemorySegment.ofArray(beyond), 0, beyond.length));
    }

    @Test
    void shouldRefuseBadLinesRoutesToDisabledPortsAndFilesWithoutARoute(@TempDir final Path dir) throws Exception
    {
        final String[][] bad = {
            { "R0.0.0.0/0 198.18.0.0/24 0 : 65535 0 : 65535 0/0", "found 9 field(s)" },
            { "X0.0.0.0/0 198.18.0.0/24 0 : 65535 0 : 65535 0/0 1", "should start with leading char R or @" },
            { "R0.0.0.0 198.18.0.0/24 0 : 65535 0 : 65535 0/0 1", "failed to read source address/mask: 0.0.0.0" },
            { "R0.0.0.0/0 198.18.0.0/33 0 : 65535 0 : 65535 0/0 1", "destination prefix length '33' is not 0..32" },
            { "R0.0.0.0/0 198.18.0.0/24 0 - 65535 0 : 65535 0/0 1", "port ranges are 'low : high'" },
            { "R0.0.0.0/0 198.18.0.0/24 9 : 8 0 : 65535 0/0 1", "a port range ends below its start" },
            { "R0.0.0.0/0 198.18.0.0/24 0 : 65535 0 : 65535 17 1", "protocol '17' is not value/mask" },
            { "R0.0.0.0/0 198.18.0.0/24 0 : 65535 0 : 65535 0/0 5", "fwd number illegal:5" },
        };
        for (final String[] line : bad)
        {
            final Path file = Files.writeString(dir.resolve("bad.cfg"), "# rules\n" + line[0] + "\n");
            final RouteFileException ex = assertThrows(RouteFileException.class, () -> Acl.parseIpv4(file, 0x3));
            assertTrue(ex.getMessage().startsWith(file + ":2: ") && ex.getMessage().contains(line[1]),
                ex.getMessage());
        }
        final Path six = Files.writeString(dir.resolve("bad6.cfg"),
            "R0:0:0:0:0:0:0:0/0 2001:200::/64 0 : 65535 0 : 65535 0/0 1\n");
        assertTrue(assertThrows(RouteFileException.class, () -> Acl.parseIpv6(six, 0x3)).getMessage()
            .contains("eight groups, no '::'"));
        final Path denyOnly = Files.writeString(dir.resolve("deny.cfg"),
            "@0.0.0.0/0 0.0.0.0/0 0 : 65535 0 : 65535 0/0\n");
        assertTrue(assertThrows(RouteFileException.class, () -> Acl.parseIpv4(denyOnly, 0x3)).getMessage()
            .contains("Not find any route entries in " + denyOnly + "!"));
    }

    @Test
    void shouldPrintTheRulesAsL3fwdDumpsThem(@TempDir final Path dir) throws Exception
    {
        final Path v4 = Files.writeString(dir.resolve("acl4.cfg"), "@1.2.3.0/24 0.0.0.0/0 0 : 65535 53 : 53 " +
            "0x11/0xff\nR0.0.0.0/0 198.18.0.0/24 0 : 65535 0 : 65535 0/0 1\n");
        final Path v6 = Files.writeString(dir.resolve("acl6.cfg"),
            "R0:0:0:0:0:0:0:0/0 2001:200:0:0:0:0:0:0/64 0 : 65535 0 : 65535 0/0 0\n");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        Acl.printSetup(v4, v6, Acl.algorithmName("nonsense"), Acl.parseIpv4(v4, 0x3), Acl.parseIpv6(v6, 0x3),
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        final String printed = out.toString(StandardCharsets.UTF_8);
        assertTrue(printed.startsWith("ACL options are:\nrule_ipv4: " + v4 + "\nrule_ipv6: " + v6 +
            "\nalg: default\n"), printed);
        assertTrue(printed.contains("\t1:0.0.0.0/0 198.18.0.0/24 0 : 65535 0 : 65535 0x0/0x0 0xffffffff-0x1ffffffe-0x2 \n"),
            printed);
        assertTrue(printed.contains("\t1:1.2.3.0/24 0.0.0.0/0 0 : 65535 53 : 53 0x11/0xff 0xffffffff-0x1fffffff-" +
            "0xf0000000 \n"), printed);
        assertTrue(printed.contains("\t1:0000:0000:0000:0000:0000:0000:0000:0000/0 2001:0200:0000:0000:0000:0000:0000:" +
            "0000/64 0 : 65535 0 : 65535 0x0/0x0 0xffffffff-0x1fffffff-0x1 \n"), printed);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("L3FWDACL: IPv4 ACL entries 1:"));
        assertEquals("scalar", Acl.algorithmName("scalar"));
    }
}
