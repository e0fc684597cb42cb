package io.jdpdk.apps.l3fwd;

import io.jdpdk.apps.l3fwd.L3fwdConfig.ConfigException;
import io.jdpdk.apps.l3fwd.L3fwdConfig.LcoreParams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** l3fwd's argument syntax and the checks made before EAL starts; the app is run in-process and stops before EAL. */
class L3fwdConfigTest
{
    @Test
    void shouldReadPortMasksInHexWithOrWithout0x()
    {
        assertEquals(0x3, L3fwdConfig.parsePortMask("0x3"));
        assertEquals(0x3, L3fwdConfig.parsePortMask("3"));
        assertEquals(0xFFFF_FFFFL, L3fwdConfig.parsePortMask("ffffffff"));
        for (final String bad : new String[] { "", "0x", "0", "0x0", "zz", "-1", "+3", "1ffffffff", "0x3 " })
        {
            assertThrows(ConfigException.class, () -> L3fwdConfig.parsePortMask(bad), bad);
        }
    }

    @Test
    void shouldReadConfigTuplesInCNotation()
    {
        assertEquals(List.of(new LcoreParams(0, 0, 1), new LcoreParams(1, 0, 2), new LcoreParams(1, 1, 16)),
            L3fwdConfig.parseLcoreParams("(0,0,1),(1,0,2), (1, 0x1, 020)"));
        assertEquals(List.of(new LcoreParams(31, 1023, 127)), L3fwdConfig.parseLcoreParams(" (31,1023,127) "));
    }

    @Test
    void shouldRefuseMalformedConfig()
    {
        for (final String bad : new String[] { "", "()", "(0,0)", "(0,0,0,0)", "(0,0,0", "0,0,0", "(0,0,0)x",
            "(0,0,0),", "(0,0,0)(1,0,0)", "(a,0,0)", "(0,0,1x)", "(32,0,0)", "(0,1024,0)", "(0,0,128)", "(-1,0,0)",
            "(0,,0)", "(0x,0,0)", "(09,0,0)" })
        {
            final ConfigException ex =
                assertThrows(ConfigException.class, () -> L3fwdConfig.parseLcoreParams(bad), bad);
            assertTrue(ex.getMessage().startsWith("Invalid config"), ex.getMessage());
        }
    }

    @Test
    void shouldReadEthDestAndDefaultTo02000000000Port()
    {
        final L3fwdConfig config = new L3fwdConfig();
        assertEquals(0x02_00_00_00_00_00L, config.ethDest(0));
        assertEquals(0x02_00_00_00_00_1FL, config.ethDest(31));
        assertArrayEquals(new long[] { 3, 0x0A_1B_2C_3D_4E_5FL }, L3fwdConfig.parseEthDest("3,0a:1b:2c:3D:4E:5F"));
        for (final String bad : new String[] { "3", ",00:00:00:00:00:01", "x,00:00:00:00:00:01", "32,00:00:00:00:00:01",
            "1,00:00:00:00:00", "1,00:00:00:00:00:001", "1,0g:00:00:00:00:01", "1,00-00-00-00-00-01" })
        {
            assertThrows(ConfigException.class, () -> L3fwdConfig.parseEthDest(bad), bad);
        }
        assertEquals("0A:1B:2C:3D:4E:5F", io.jdpdk.pmd.Port.formatMac(0x0A_1B_2C_3D_4E_5FL));
    }

    @Test
    void shouldCheckConfigAgainstTheMaskAndQueueNumbering()
    {
        assertEquals(2, config(0x3, "(0,0,0),(0,1,1),(1,0,1)").rxQueues(0));
        assertArrayEquals(new int[] { 0, 1 }, config(0x3, "(0,1,1),(0,0,0),(1,0,1)").lcores());
        assertMessage("port 2 is not enabled in port mask", 0x3, "(0,0,0),(2,0,0)");
        assertMessage("queue ids of the port 0 must be in sequence and must start with 0", 0x1, "(0,1,0)");
        assertMessage("queue ids of the port 0 must be in sequence and must start with 0", 0x1, "(0,0,0),(0,2,0)");
        assertMessage("RX queue 0 of port 0 is given twice", 0x1, "(0,0,0),(0,0,1)");
        final StringBuilder seventeen = new StringBuilder("(0,0,0)");
        for (int q = 1; q < 17; q++)
        {
            seventeen.append(",(0,").append(q).append(",0)");
        }
        assertMessage("too many queues (17) for lcore: 0", 0x1, seventeen.toString());
    }

    @Test
    void shouldRefuseAMissingPortMask()
    {
        final Result r = run("--", "--config=(0,0,0)");
        assertEquals(1, r.code);
        assertTrue(r.err.contains("l3fwd: Invalid portmask: -p PORTMASK is required"), r.err);
        assertTrue(r.err.contains("Usage: l3fwd"), r.err);
    }

    @Test
    void shouldRefuseMalformedConfigBeforeStartingEal()
    {
        final Result r = run("--", "-p", "0x3", "--config=(0,0,0),(1,0)");
        assertEquals(1, r.code);
        assertTrue(r.err.contains("l3fwd: Invalid config '(0,0,0),(1,0)': '(1,0)' has 2 field(s), expected " +
            "(port,queue,lcore)"), r.err);
        assertTrue(!r.out.contains("EAL") && !r.err.contains("EAL:"), "no EAL started");
    }

    @Test
    void shouldRefuseAclWithoutRuleFilesMoreThanOneLookupAndEveryModeButPoll()
    {
        final Result acl = run("--", "-p", "1", "--lookup=acl", "--rule_ipv6=/nonexistent");
        assertEquals(1, acl.code);
        assertTrue(acl.err.contains("IPv4 rule file not specified: --lookup=acl needs --rule_ipv4=FILE and " +
            "--rule_ipv6=FILE"), acl.err);
        assertTrue(run("--", "-p", "1", "--lookup=hash").err
            .contains("Invalid lookup option! Accepted options: acl, em, lpm, fib"));
        for (final String[] both : new String[][] { { "-L", "--lookup=lpm" }, { "-E", "-L" }, { "-E", "--lookup=fib" } })
        {
            final Result r = run("--", "-p", "1", both[0], both[1]);
            assertEquals(1, r.code);
            assertTrue(r.err.contains("Only one lookup mode is allowed at a time!"), r.err);
        }
        assertTrue(run("--", "-p", "1", "--mode=eventdev").err.contains("mode eventdev is not supported: jdpdk's " +
            "l3fwd runs in poll mode only (--mode=poll)"));
        assertTrue(run("--", "-p", "1", "--mode=interrupt").err.contains("DPDK knows poll and eventdev"));
    }

    @Test
    void shouldRefuseExactMatchWithPrefixRouteFileOrMalformedRuleBeforeStartingEal(@TempDir final Path dir)
        throws Exception
    {
        final Result withRouteFile = run("--", "-p", "1", "-E", "--route-file=" + dir.resolve("none"));
        assertEquals(1, withRouteFile.code);
        assertTrue(withRouteFile.err.contains("--route-file gives prefixes for lpm and fib"), withRouteFile.err);

        final Path v4 = Files.writeString(dir.resolve("em4.cfg"), "# rules\nR198.18.0.1 10.0.0.1 9 9 17 0\n" +
            "R198.18.0.2 10.0.0.1 9 65536 17 0\n");
        final Path v6 = Files.writeString(dir.resolve("em6.cfg"), "R2001:200::1 2001:200::2 9 9 17 0\n");
        final Result bad = run("--", "-p", "1", "-E", "--rule_ipv4=" + v4, "--rule_ipv6=" + v6);
        assertEquals(1, bad.code);
        assertTrue(bad.err.contains("l3fwd: cannot read route file: " + v4 + ":3: source port '65536' is not " +
            "0..65535: 'R198.18.0.2 10.0.0.1 9 65536 17 0'"), bad.err);
        assertTrue(!bad.out.contains("EAL") && !bad.err.contains("EAL:"), "no EAL started");
    }

    @Test
    void shouldRefuseAMaxPacketLengthOutside64To9600AndIgnoreTheHashEntryNumberWithL3fwdsNote()
    {
        for (final String len : new String[] { "63", "9601", "0" })
        {
            final Result r = run("--", "-p", "1", "--max-pkt-len", len);
            assertEquals(1, r.code);
            assertTrue(r.err.contains("Invalid max packet length: " + len + " (64-9600)"), r.err);
        }
        assertTrue(run("--", "-p", "1", "--max-pkt-len", "1e3").err.contains("Invalid value for option " +
            "'--max-pkt-len'"));
        final Result ignored = run("--", "-p", "1", "--hash-entry-num", "16", "--max-pkt-len", "63");
        assertTrue(ignored.err.contains("Hash entry number will be ignored"), ignored.err);
    }

    @Test
    void shouldRefuseUnknownOptionsAndBadEthDest()
    {
        assertTrue(run("--", "-p", "1", "--bogus").err.contains("Unknown option: '--bogus'"));
        assertTrue(run("--", "-p", "1", "--eth-dest=1,00:11").err.contains("Invalid ethernet address: 00:11"));
        assertTrue(run("--", "-p", "1", "--idle=sleepy").err.contains("--idle must be busy or backoff"));
    }

    @Test
    void shouldRefuseAnUnreadableRouteFileNamingTheLineAndLoadingNothing() throws Exception
    {
        final java.nio.file.Path file = java.nio.file.Files.createTempFile("l3fwd-routes", ".txt");
        try
        {
            // 4,999 good routes, a bad one on line 5000, more good ones after it.
            final StringBuilder routes = new StringBuilder();
            for (int i = 1; i <= 6000; i++)
            {
                routes.append(i == 5000 ? "10.0.0.0/33 1" : "R10." + (i >> 8) + "." + (i & 255) + ".0/24 " + (i & 1))
                    .append('\n');
            }
            java.nio.file.Files.writeString(file, routes);
            final Result r = run("--", "-p", "3", "--config=(0,0,0)", "--route-file=" + file);
            assertEquals(1, r.code);
            assertTrue(r.err.contains("l3fwd: cannot read route file: " + file + ":5000: prefix length '33' is not " +
                "0..32: '10.0.0.0/33 1'"), r.err);
            assertFalse(r.out.contains("LPM: Adding route"), r.out);
        }
        finally
        {
            java.nio.file.Files.delete(file);
        }
    }

    private static L3fwdConfig config(final long mask, final String lcoreParams)
    {
        return new L3fwdConfig().portMask(mask).lcoreParams(L3fwdConfig.parseLcoreParams(lcoreParams)).conclude();
    }

    private static void assertMessage(final String message, final long mask, final String lcoreParams)
    {
        final ConfigException ex = assertThrows(ConfigException.class, () -> config(mask, lcoreParams));
        assertTrue(ex.getMessage().contains(message), ex.getMessage());
    }

    private record Result(int code, String out, String err)
    {
    }

    private static Result run(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8))
        {
            code = L3fwd.run(args, o, e);
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
