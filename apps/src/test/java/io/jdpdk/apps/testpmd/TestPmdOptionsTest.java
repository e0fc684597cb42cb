package io.jdpdk.apps.testpmd;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * testpmd's option syntax and its refusals, before any EAL starts (pure Java): each bad value exits 1 with
 * testpmd's own words, as its {@code rte_exit} does.
 */
class TestPmdOptionsTest
{
    private record Result(int code, String out, String err)
    {
    }

    private static Result run(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = TestPmd.run(args, new ByteArrayInputStream(new byte[0]),
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static void assertRefused(final String message, final String... appArgs)
    {
        final String[] args = new String[appArgs.length + 1];
        args[0] = "--";
        System.arraycopy(appArgs, 0, args, 1, appArgs.length);
        final Result r = run(args);
        assertEquals(1, r.code, r.err);
        assertEquals("EAL: Error - exiting with code: 1" + System.lineSeparator() + "  Cause: " + message + System.lineSeparator(), r.err);
    }

    /** A refusal that parse_item_list explains first, on standard error, as testpmd's does. */
    private static void assertRefusedAfter(final String explanation, final String message, final String... appArgs)
    {
        final String[] args = new String[appArgs.length + 1];
        args[0] = "--";
        System.arraycopy(appArgs, 0, args, 1, appArgs.length);
        final Result r = run(args);
        assertEquals(1, r.code, r.err);
        assertEquals(explanation + System.lineSeparator() + "EAL: Error - exiting with code: 1" + System.lineSeparator() + "  Cause: " + message + System.lineSeparator(),
            r.err);
    }

    @Test
    void shouldRefuseAnUnknownOptionAsGetoptAndRteExitDo()
    {
        final Result r = run("--", "--bogus");
        assertEquals(1, r.code);
        assertEquals(List.of("testpmd: unrecognized option '--bogus' (testpmd --help lists the options)",
            "Invalid option: --bogus", "EAL: Error - exiting with code: 1",
            "  Cause: Command line is incomplete or incorrect"), r.err.lines().toList(), r.err);
    }

    @Test
    void shouldRefuseAStrayArgument()
    {
        final Result r = run("--", "-i", "extra");
        assertEquals(1, r.code);
        assertEquals(List.of("Invalid parameter: extra", "EAL: Error - exiting with code: 1",
            "  Cause: Command line is incorrect"), r.err.lines().toList(), r.err);
    }

    @Test
    void shouldRefuseOutOfRangeValuesWithTestpmdsWords()
    {
        assertRefused("burst must be between1 and 512", "--burst=600");
        assertRefused("burst must be between1 and 512", "--burst", "-1");
        assertRefused("rxd(0) invalid - must be > 0", "--rxd=0");
        assertRefused("txd must be in > 0", "--txd=-3");
        assertRefused("Invalid stats-period value", "--stats-period=x");
        assertRefused("Invalid ethernet address: zz", "--eth-peer=1,zz");
        assertRefused("Invalid eth-peer: 1-02:00:00:00:00:01", "--eth-peer=1-02:00:00:00:00:01");
        assertRefused("eth-peer: port 32 >= RTE_MAX_ETHPORTS(32)", "--eth-peer=32,02:00:00:00:00:01");
        assertRefusedAfter("character a is not a decimal digit", "bad txpkts", "--txpkts=64,a");
        assertRefusedAfter("No valid value before comma", "bad txpkts", "--txpkts=64,,64");
        assertRefusedAfter("character x is not a decimal digit", "bad mbuf-size", "--mbuf-size=x");
        assertRefused("flows must be >= 1", "--flowgen-flows=0");
        assertRefused("Invalid tx-ip: 1.2.3.4", "--tx-ip=1.2.3.4");
        assertRefused("Invalid destination IP address: 1.2.3", "--tx-ip=1.2.3.4,1.2.3");
        assertRefused("Invalid UDP port: 70000", "--tx-udp=70000");
        assertRefused("Invalid destination UDP port: x", "--tx-udp=9,x");
        assertRefused("total-num-mbufs should be > 1024", "--total-num-mbufs=1024");
        assertRefused("mbuf-size should be > 0 and < 65536", "--mbuf-size=65536");
        assertRefused("mbuf-size should be > 0 and < 65536", "--mbuf-size=2048,0");
        // Of two bad options checked before the EAL, the first on the command line fails, as in testpmd.
        assertRefused("txd must be in > 0", "--txd=0", "--rxd=0");
        // Segments that testpmd would ask the ports about once EAL runs, then a bad option: no EAL, no question.
        assertRefused("Invalid tx-ip: 1.2.3.4", "--txpkts=64,64", "--tx-ip=1.2.3.4");
        assertRefused("port-topology ring invalid - must be: paired, chained or loop", "--port-topology=ring");
        assertRefused("Invalid fwd port mask", "--portmask=0x");
        assertRefused("Invalid fwd port mask", "--portmask=3 ");
        assertRefused("Invalid fwd port list", "--portlist=1-");
        assertRefused("Invalid fwd port list", "--portlist=32");
        assertRefused("Invalid max-pkt-len=63 - should be > 64", "--max-pkt-len=63");
        assertRefused("mbcache must be >= 0 and <= 512", "--mbcache=513");
        assertRefused("noisy-tx-sw-buffer-size must be >= 0", "--noisy-tx-sw-buffer-size=-1");
        assertRefused("rxq-share must be >= 0", "--rxq-share=-1");
        assertRefused("vxlan-gpe-port must be >= 0", "--vxlan-gpe-port=-1");
        assertRefused("geneve-parsed-port must be >= 0", "--geneve-parsed-port=-2");
        assertRefused("hairpin mode invalid", "--hairpin-mode=x");
        assertRefused("mp-alloc bogus invalid - must be: native, anon, xmem or xmemhuge", "--mp-alloc=bogus");
        assertRefused("noisy-lkup-num-reads-writes must be >= 0", "--noisy-lkup-num-reads-writes=-2");
        // strtoull's value kept in an int: bit 31 or a negative or too large a number is refused.
        assertRefused("rx-offloads must be >= 0", "--rx-offloads=0x80000000");
        assertRefused("tx-offloads must be >= 0", "--tx-offloads=-1");
        assertRefused("rx-offloads must be >= 0", "--rx-offloads=0x1ffffffffffffffff");
        assertRefused("rxpt must be >= 0", "--rxpt=-1");
        assertRefused("txrst must be >= 0", "--txrst=-5");
        assertRefused("rxfreet must be >= 0", "--rxfreet=x-1", "--rxfreet=-1");
        assertRefused("rxd must be > rx_free_thresh(64)", "--rxfreet=64", "--rxd=32");
        assertRefused("tx-offloads must be >= 0", "--tx-offloads=-1ffffffffffffffff"); // strtoull's ULLONG_MAX
        assertRefused("clones must be >= 0 and <= current burst", "--flowgen-clones=-1");
        assertRefused("Invalid fwd core mask", "--coremask=zz");
        assertRefused("Invalid fwd core mask", "--coremask=");
        assertRefused("rx-mq-mode must be >= 0 and <= 7", "--rx-mq-mode=0x8");
        assertRefused("rx-mq-mode must be >= 0 and <= 7", "--rx-mq-mode=0xffffffff");
        assertRefusedAfter("Invalid event: bogus", "invalid print-event argument", "--print-event=bogus");
        assertRefusedAfter("Invalid event: ALL", "invalid mask-event argument", "--mask-event=ALL");
    }

    /** {@code --rx-offloads} and {@code --tx-offloads} as testpmd reads them: strtoull's prefix kept in an int. */
    @Test
    void shouldReadTheOffloadMasksAsStrtoullKeptInAnInt() throws Exception
    {
        assertEquals(0xeL, Parameters.offloadMask("0xe", "rx-offloads"));
        assertEquals(0x7fffffffL, Parameters.offloadMask(" 7FFFFFFF", "rx-offloads"));
        assertEquals(2L, Parameters.offloadMask("0x100000002zz", "rx-offloads"), "the high bits lost, the rest ignored");
        assertEquals(0L, Parameters.offloadMask("zz", "rx-offloads"));
        assertEquals(0L, Parameters.offloadMask("0x", "tx-offloads"));
    }

    /** {@code --portmask} as {@code strtoull(s, &end, 16)} reads it, and nothing after it. */
    @Test
    void shouldReadThePortMaskAsStrtoullInBase16()
    {
        assertEquals(3L, Parameters.parsePortmask("0x3"));
        assertEquals(0x1fL, Parameters.parsePortmask("  1F"));
        assertEquals(-1L, Parameters.parsePortmask("-1"));
        assertEquals(-1L, Parameters.parsePortmask("123456789abcdef01"));
        assertEquals(null, Parameters.parsePortmask(""));
        assertEquals(null, Parameters.parsePortmask("3 "));
        assertEquals(null, Parameters.parsePortmask("0xg"));
    }

    /**
     * {@code --portlist} as testpmd's {@code parse_port_list} reads it: ids and ranges in the order given, duplicates
     * dropped, blanks around them; a range backwards is empty; what strtol cannot read is port 0 before a comma.
     */
    @Test
    void shouldReadThePortListAsParsePortList()
    {
        assertArrayEquals(new int[] {2, 0, 1, 3}, Parameters.parsePortList("2,0-3", 32));
        assertArrayEquals(new int[] {1, 2}, Parameters.parsePortList(" 1 - 2 ", 32));
        assertArrayEquals(new int[] {2}, Parameters.parsePortList("3-1,2", 32));
        assertArrayEquals(new int[] {0, 1}, Parameters.parsePortList(",1", 32));
        assertArrayEquals(new int[0], Parameters.parsePortList("1-3-5", 32));
        assertArrayEquals(new int[0], Parameters.parsePortList("-1", 32));
        assertArrayEquals(new int[0], Parameters.parsePortList("1;2", 32));
        assertArrayEquals(new int[0], Parameters.parsePortList("", 32));
        assertArrayEquals(new int[] {0, 1}, Parameters.parsePortList("4294967296,1", 32)); // strtol's long in an int
        assertArrayEquals(new int[0], Parameters.parsePortList("99999999999999999999", 32)); // ERANGE
    }

    @Test
    void shouldTakeThePmdsRecommendedBurstForZeroWithinTestpmdsLimits() throws Exception
    {
        assertEquals(64, Parameters.pmdBurst(64));
        assertEquals(512, Parameters.pmdBurst(512));
        assertEquals("PMD recommended burst size of 513 exceeds maximum value of 512",
            assertThrows(Parameters.BadOption.class, () -> Parameters.pmdBurst(513)).getMessage());
        assertEquals("PMD does not recommend a burst size. Provided value must be between 1 and 512",
            assertThrows(Parameters.BadOption.class, () -> Parameters.pmdBurst(0)).getMessage());
    }

    @Test
    void shouldPrintUsageForHelpAndExitZero()
    {
        final Result r = run("--", "--help");
        assertEquals(0, r.code);
        assertTrue(r.out.contains("--forward-mode=N"), r.out);
        assertTrue(r.out.contains("--eth-peer=X,M:M:M:M:M:M"), r.out);
    }

    @Test
    void shouldParseIpv4AsInetPton()
    {
        assertEquals(0xC612_0001L, Parameters.parseIpv4("198.18.0.1"));
        assertEquals(-1, Parameters.parseIpv4("198.18.0.256"));
        assertEquals(-1, Parameters.parseIpv4("198.18.0"));
        assertEquals(-1, Parameters.parseIpv4("198.018.0.1"));
    }

    @Test
    void shouldReadNumbersAsCsAtoi()
    {
        assertEquals(12, Parameters.atoi("12abc"));
        assertEquals(0, Parameters.atoi("abc"));
        assertEquals(-4, Parameters.atoi(" -4"));
    }

    @Test
    void shouldSizeTheDefaultPoolAsTestpmd()
    {
        // dpdk-testpmd -l 0-1 (one forwarding lcore): "create a new mbuf pool <mb_pool_0>: n=155456".
        assertEquals(155_456, TestPmd.defaultNumMbufs(1, TestPmd.MBUF_CACHE));
    }
}
