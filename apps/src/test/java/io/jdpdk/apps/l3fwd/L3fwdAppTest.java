package io.jdpdk.apps.l3fwd;

import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.Pcap;
import io.jdpdk.apps.testing.PoolLine;
import io.jdpdk.eal.Hugepages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * l3fwd as a user runs it: its own JVM and EAL, DPDK's command line, net_pcap ports reading input pcaps and
 * writing output pcaps. Each test waits until the app's periodic port statistics show every input frame
 * received, stops it with SIGINT, and then checks the output files byte by byte, with checksums and TTLs
 * computed by the test, and the drop counters the app printed.
 */
class L3fwdAppTest
{
    private static final Pattern RX_PACKETS =
        Pattern.compile("NIC statistics for port (\\d+)\\s+#+\\s+RX-packets: (\\d+)");
    /** DOTALL: on ports without RSS (net_pcap) a line on the RSS functions comes before the addresses, as in DPDK's. */
    private static final Pattern PORT_LINE = Pattern.compile(
        "Initializing port (\\d+) \\.\\.\\. .*? Address:([0-9A-F:]{17}), Destination:([0-9A-F:]{17})",
        Pattern.DOTALL);
    private static final Pattern DROPPED = Pattern.compile("L3FWD: dropped: bad-header=(\\d+) bad-checksum=(\\d+) " +
        "ttl-exceeded=(\\d+) port-not-enabled=(\\d+)");
    private static final Pattern ROUTED = Pattern.compile(
        "L3FWD: ipv4-routed=(\\d+) lpm-miss-to-input-port=(\\d+) ipv6-routed=(\\d+) " +
        "lpm6-miss-to-input-port=(\\d+) non-ip-to-input-port=(\\d+)");
    private static final long PORT1_DEST = 0x0A_0B_0C_0D_0E_01L;

    /** One input frame and where it should leave: an output port, or a drop reason (negative). */
    private record Expect(byte[] frame, int rxPort, int outPort)
    {
        boolean ipv4()
        {
            return L3fwdFrames.etherType(frame) == 0x0800;
        }

        /** IPv4 and IPv6 frames carry a tag; ARP frames do not. */
        boolean tagged()
        {
            return ipv4() || L3fwdFrames.etherType(frame) == 0x86DD;
        }
    }

    @Test
    void shouldRouteDPDKsDefaultTableAndDropWhatRfc1812RefusesCountingEachReason(@TempDir final Path dir)
        throws Exception
    {
        final List<Expect> from0 = new ArrayList<>();
        int tag = 1000;
        from0.add(new Expect(L3fwdFrames.ipv4("198.18.0.5", 64, tag++), 0, 0));
        from0.add(new Expect(L3fwdFrames.ipv4("198.18.1.5", 64, tag++), 0, 1));
        from0.add(new Expect(L3fwdFrames.ipv4("198.18.1.6", 2, tag++), 0, 1));
        from0.add(new Expect(L3fwdFrames.ipv4("203.0.113.9", 10, tag++), 0, 0));              // miss: input port
        from0.add(new Expect(L3fwdFrames.ipv4("198.18.15.1", 64, tag++), 0, 0));              // port 15 not in mask
        from0.add(new Expect(L3fwdFrames.ipv4("198.18.2.1", 64, tag++), 0, LpmRouter.PORT_NOT_ENABLED));
        from0.add(new Expect(L3fwdFrames.ipv4("198.18.1.7", 1, tag++), 0, LpmRouter.TTL_EXCEEDED));
        from0.add(new Expect(L3fwdFrames.ipv4("198.18.1.8", 0, tag++), 0, LpmRouter.TTL_EXCEEDED));
        final byte[] good = L3fwdFrames.ipv4("198.18.1.9", 64, tag++);
        from0.add(new Expect(L3fwdFrames.with(good, L3fwdFrames.CHECKSUM, good[L3fwdFrames.CHECKSUM] ^ 0x10, false),
            0, LpmRouter.BAD_CHECKSUM));
        from0.add(new Expect(L3fwdFrames.with(L3fwdFrames.ipv4("198.18.1.10", 64, tag++), L3fwdFrames.ETH, 0x55, true),
            0, LpmRouter.BAD_HEADER));                                                           // version 5
        from0.add(new Expect(L3fwdFrames.with(L3fwdFrames.ipv4("198.18.1.11", 64, tag++), L3fwdFrames.ETH, 0x44, true),
            0, LpmRouter.BAD_HEADER));                                                           // IHL 4
        from0.add(new Expect(L3fwdFrames.withTotalLength(L3fwdFrames.ipv4WithIhl("198.18.1.12", 64, tag++, 6), 23),
            0, LpmRouter.BAD_HEADER));                                                           // below IHL * 4
        final byte[] truncated = L3fwdFrames.ipv4("198.18.1.13", 64, tag++, 100);
        from0.add(new Expect(L3fwdFrames.withTotalLength(truncated, truncated.length - L3fwdFrames.ETH + 4),
            0, LpmRouter.BAD_HEADER));                                                           // beyond the frame
        from0.add(new Expect(L3fwdFrames.ipv6(0x2001_0200_0000_0001L, 5, 7000), 0, 1));          // 2001:200:0:1::5
        from0.add(new Expect(L3fwdFrames.ipv6(0x2001_0200_0000_0000L, 9, 7001), 0, 0));          // 2001:200::9
        from0.add(new Expect(L3fwdFrames.ipv6(0x2001_0db8_0000_0000L, 1, 7002), 0, 0));          // miss: input port
        from0.add(new Expect(L3fwdFrames.ipv6(0x2001_0200_0000_0002L, 1, 7003), 0, LpmRouter.PORT_NOT_ENABLED));
        final byte[] lying = L3fwdFrames.ipv6(0x2001_0200_0000_0001L, 6, 7004);
        lying[L3fwdFrames.ETH + 5] = 19;                                                         // payload past the frame
        from0.add(new Expect(lying, 0, LpmRouter.BAD_HEADER));
        from0.add(new Expect(L3fwdFrames.arp(), 0, 0));
        from0.add(new Expect(L3fwdFrames.ipv4WithIhl("198.18.1.14", 64, tag++, 15), 0, 1));

        final List<Expect> from1 = new ArrayList<>();
        tag = 2000;
        from1.add(new Expect(L3fwdFrames.ipv4("198.18.0.7", 64, tag++), 1, 0));
        from1.add(new Expect(L3fwdFrames.ipv4("192.0.2.99", 200, tag++), 1, 1));               // miss: input port
        from1.add(new Expect(L3fwdFrames.arp(), 1, 1));
        from1.add(new Expect(L3fwdFrames.ipv6(0x2001_0200_0000_0000L, 2, 7100), 1, 0));          // 2001:200::2
        for (int i = 0; i < 100; i++)                                                            // fills TX buffers
        {
            from1.add(new Expect(L3fwdFrames.ipv4("198.18." + (i % 3 == 0 ? 1 : 0) + "." + i, 64, tag++, i), 1,
                i % 3 == 0 ? 1 : 0));
        }

        Pcap.write(dir.resolve("in0.pcap"), from0.stream().map(Expect::frame).toList());
        Pcap.write(dir.resolve("in1.pcap"), from1.stream().map(Expect::frame).toList());
        final String out = runUntilConsumed(Map.of(0, from0.size(), 1, from1.size()),
            eal("0", pcap(dir, 0, "in0.pcap", "out0.pcap"), pcap(dir, 1, "in1.pcap", "out1.pcap")),
            "-p", "0x7", "--config=(0,0,0),(1,0,0)", "--eth-dest=1,0A:0B:0C:0D:0E:01", "--strict-rfc1812");

        assertTrue(out.contains("l3fwd: port 2 is in the port mask but not present; packets routed to it are dropped"),
            out);
        assertTrue(out.contains("LPM: Adding route 198.18.2.0 / 24 (2)"), out);
        assertTrue(!out.contains("LPM: Adding route 198.18.3.0"), out);
        assertTrue(out.contains("LPM: Adding route 2001:200:0:1:: / 64 (1)"), out);
        assertTrue(!out.contains("LPM: Adding route 2001:200:0:3::"), out);
        final Map<Integer, long[]> macs = portMacs(out);
        assertEquals(0x02_00_00_00_00_00L, macs.get(0)[1], "port 0 destination: l3fwd's default 02:00:00:00:00:00");
        assertEquals(PORT1_DEST, macs.get(1)[1], "port 1 destination from --eth-dest");

        final List<Expect> all = new ArrayList<>(from0);
        all.addAll(from1);
        assertForwarded(all, Map.of(0, Pcap.read(dir.resolve("out0.pcap")), 1, Pcap.read(dir.resolve("out1.pcap"))),
            macs);
        assertDrops(out, all);
        final Matcher routed = find(ROUTED, out);
        assertEquals("3", routed.group(2), "misses: 203.0.113.9, 198.18.15.1, 192.0.2.99");
        assertEquals("4", routed.group(3), "IPv6 routed: to 2001:200:0:1::5, 2001:200::9, 2001:db8::1, 2001:200::2");
        assertEquals("1", routed.group(4), "IPv6 miss: 2001:db8::1");
        assertEquals("2", routed.group(5), "the two ARP frames");
        assertEquals("L3FWD: port 0: rx=" + from0.size() + " tx=" + count(all, 0) + " tx-dropped=0",
            line(out, "L3FWD: port 0:"));
        assertEquals("L3FWD: port 1: rx=" + from1.size() + " tx=" + count(all, 1) + " tx-dropped=0",
            line(out, "L3FWD: port 1:"));
    }

    @Test
    void shouldRouteByTheLongestOfOverlappingPrefixesFromARouteFileWithoutConfig(@TempDir final Path dir)
        throws Exception
    {
        Files.writeString(dir.resolve("routes.txt"), String.join("\n",
            "# overlapping prefixes, longest wins",
            "10.0.0.0/8 1",
            "10.1.0.0/16 0",
            "R10.1.2.0/24 1",
            "10.1.2.128/25 0",
            "10.1.2.200/32 1",
            "192.168.0.0/16 5",
            ""));
        final List<Expect> from0 = new ArrayList<>();
        final String[] destinations = { "10.9.9.9", "10.1.9.9", "10.1.2.3", "10.1.2.130", "10.1.2.200", "10.1.2.201",
            "10.1.2.127", "192.168.1.1", "198.18.1.1", "11.0.0.1" };
        final int[] ports = { 1, 0, 1, 0, 1, 0, 1, 0, 0, 0 };
        for (int i = 0; i < destinations.length; i++)
        {
            from0.add(new Expect(L3fwdFrames.ipv4(destinations[i], 33, 3000 + i), 0, ports[i]));
        }
        final List<Expect> from1 = List.of(new Expect(L3fwdFrames.ipv4("10.1.2.129", 5, 4000), 1, 0),
            new Expect(L3fwdFrames.ipv4("10.200.0.1", 5, 4001), 1, 1));
        Pcap.write(dir.resolve("in0.pcap"), from0.stream().map(Expect::frame).toList());
        Pcap.write(dir.resolve("in1.pcap"), from1.stream().map(Expect::frame).toList());

        final String out = runUntilConsumed(Map.of(0, from0.size(), 1, from1.size()),
            eal("0", pcap(dir, 0, "in0.pcap", "out0.pcap"), pcap(dir, 1, "in1.pcap", "out1.pcap")),
            "-p", "3", "-L", "--route-file=" + dir.resolve("routes.txt"));

        assertTrue(out.contains("l3fwd: no --config given; DPDK l3fwd would use " + L3fwd.DPDK_DEFAULT_CONFIG +
            "; using (0,0,0),(1,0,0)"), out);
        assertTrue(out.contains("LPM: Adding route 10.1.2.200 / 32 (1)"), out);
        assertTrue(!out.contains("LPM: Adding route 192.168.0.0"), "port 5 is not in the mask: " + out);
        assertTrue(!out.contains("LPM: Adding route 198.18."), "the route file replaces the default table: " + out);
        final List<Expect> all = new ArrayList<>(from0);
        all.addAll(from1);
        assertForwarded(all, Map.of(0, Pcap.read(dir.resolve("out0.pcap")), 1, Pcap.read(dir.resolve("out1.pcap"))),
            portMacs(out));
        assertDrops(out, all);
    }

    @Test
    void shouldForwardOnAWorkerLcoreThroughItsOwnTxQueue(@TempDir final Path dir) throws Exception
    {
        final List<Expect> from0 = new ArrayList<>();
        final List<Expect> from1 = new ArrayList<>();
        for (int i = 0; i < 40; i++)
        {
            from0.add(new Expect(L3fwdFrames.ipv4("198.18." + (i % 2) + ".1", 64, 5000 + i), 0, i % 2));
            from1.add(new Expect(L3fwdFrames.ipv4("198.18." + ((i + 1) % 2) + ".2", 64, 6000 + i), 1, (i + 1) % 2));
        }
        Pcap.write(dir.resolve("in0.pcap"), from0.stream().map(Expect::frame).toList());
        Pcap.write(dir.resolve("in1.pcap"), from1.stream().map(Expect::frame).toList());
        // One TX queue per forwarding lcore: queue 0 for lcore 0 (port 0's RX), queue 1 for lcore 1 (port 1's RX).
        final String out = runUntilConsumed(Map.of(0, from0.size(), 1, from1.size()),
            eal("0-1", pcap(dir, 0, "in0.pcap", "out0q0.pcap", "out0q1.pcap"),
                pcap(dir, 1, "in1.pcap", "out1q0.pcap", "out1q1.pcap")),
            "-p", "0x3", "--config=(0,0,0),(1,0,1)");

        // l3fwd's RTE_LOG(INFO, L3FWD, ...) lines obey --log-level (*:warning here), as in DPDK's l3fwd.
        assertFalse(out.contains("L3FWD: entering main loop"), out);
        assertTrue(out.contains("nb_rxq=1 nb_txq=2"), out);
        final Map<Integer, long[]> macs = portMacs(out);
        assertForwarded(from0, Map.of(0, Pcap.read(dir.resolve("out0q0.pcap")), 1,
            Pcap.read(dir.resolve("out1q0.pcap"))), macs);
        assertForwarded(from1, Map.of(0, Pcap.read(dir.resolve("out0q1.pcap")), 1,
            Pcap.read(dir.resolve("out1q1.pcap"))), macs);
    }

    @Test
    void shouldExitNonZeroWithAMessageWhenThePortMaskIsMissing() throws Exception
    {
        try (AppProcess app = AppProcess.start(L3fwd.class, "-l", "0", "--no-pci", "--", "--config=(0,0,0)"))
        {
            assertEquals(1, app.waitFor(30), app.output());
            assertTrue(app.output().contains("l3fwd: Invalid portmask: -p PORTMASK is required"), app.output());
            assertTrue(app.output().contains("l3fwd: Invalid L3FWD parameters"), app.output());
        }
    }

    @Test
    void shouldTakeItsOptionsInCommandLineOrderAsDpdksL3fwdAndRefuseASecondLookupMode(@TempDir final Path dir)
        throws Exception
    {
        // parse_args acts on each option as getopt_long meets it and stops at the first bad one: the lines in that
        // order, once per occurrence, up to it; the last good -p; a second lookup flag refused, even the same one; a
        // zero portmask refused though a good one follows. Standard output and exit status of both, compared.
        final List<List<String>> lines = List.of(
            List.of("--per-port-pool", "--parse-ptype", "--parse-ptype", "-p", "0x3", "-p", "1", "--config=(0,0,0)",
                "-L", "-L"),
            List.of("-p", "1", "--config=(0,0,0)", "-L", "-E", "--parse-ptype"),
            List.of("--parse-ptype", "-p", "0", "-p", "1", "--config=(0,0,0)", "--per-port-pool"),
            List.of("--lookup=lpm", "--parse-ptype", "--lookup=em", "-p", "1", "--config=(0,0,0)"));
        for (final List<String> app : lines)
        {
            final List<List<String>> outputs = new ArrayList<>();
            for (final boolean dpdk : new boolean[] {true, false})
            {
                final List<String> command = new ArrayList<>(dpdk ?
                    List.of(io.jdpdk.apps.testing.DpdkExamples.binary("l3fwd").toString()) :
                    AppProcess.command(L3fwd.class));
                command.addAll(List.of("-l", "0", "--no-pci", "--in-memory", "--vdev=net_null0", "--"));
                command.addAll(app);
                final Path out = dir.resolve(dpdk ? "dpdk.out" : "jdpdk.out");
                final Path err = dir.resolve(dpdk ? "dpdk.err" : "jdpdk.err");
                final Process process = new ProcessBuilder(command).redirectOutput(out.toFile())
                    .redirectError(err.toFile()).start();
                assertTrue(process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), command.toString());
                assertEquals(1, process.exitValue(), app + ": " + Files.readString(err));
                outputs.add(Files.readAllLines(out));
            }
            assertEquals(outputs.get(0), outputs.get(1), app + ": standard output");
        }
        assertTrue(Files.readString(dir.resolve("jdpdk.err")).contains("Only one lookup mode is allowed at a time!"));
    }

    @Test
    void shouldRefuseRouteFileBesideRuleFilesAndReportAMalformedIpv6Rule(@TempDir final Path dir) throws Exception
    {
        Files.writeString(dir.resolve("v4.cfg"), "R198.18.0.0/24 0\n");
        Files.writeString(dir.resolve("v6.cfg"), "R2001:200::/64 0\nR2001:200:::1/64 1\n");
        try (AppProcess both = AppProcess.start(L3fwd.class, "-l", "0", "--no-pci", "--", "-p", "1",
            "--config=(0,0,0)", "--route-file=" + dir.resolve("v4.cfg"), "--rule_ipv4=" + dir.resolve("v4.cfg"),
            "--rule_ipv6=" + dir.resolve("v6.cfg"));
             AppProcess v6 = AppProcess.start(L3fwd.class, "-l", "0", "--no-pci", "--", "-p", "1",
                 "--config=(0,0,0)", "--route-file=" + dir.resolve("v4.cfg"), "--rule_ipv6=" + dir.resolve("v6.cfg"));
             AppProcess bad = AppProcess.start(L3fwd.class, "-l", "0", "--no-pci", "--", "-p", "1",
                 "--config=(0,0,0)", "--rule_ipv4=" + dir.resolve("v4.cfg"), "--rule_ipv6=" + dir.resolve("v6.cfg")))
        {
            assertEquals(1, both.waitFor(30), both.output());
            assertTrue(both.output().contains("l3fwd: --route-file cannot be combined with --rule_ipv4 and " +
                "--rule_ipv6"), both.output());
            assertEquals(1, v6.waitFor(30), v6.output());
            assertTrue(v6.output().contains("l3fwd: --route-file cannot be combined with --rule_ipv6:"), v6.output());
            assertEquals(1, bad.waitFor(30), bad.output());
            assertTrue(bad.output().contains("v6.cfg:2: not an IPv6 address: '2001:200:::1'"), bad.output());
        }
    }

    @Test
    void shouldExitWithOneMessageAndNoCrashWhenATapPortRefusesTheMaxPacketLength() throws Exception
    {
        assumeTrue(Files.exists(Path.of("/dev/net/tun")), "/dev/net/tun is missing: no TAP devices on this machine");
        // net_tap takes frames up to 1522 bytes: rte_eth_dev_configure refuses the MTU (rxmode.mtu, as DPDK's l3fwd
        // asks), with ethdev's own line on why, and the app exits with one message, the pool and port freed in order.
        final String tag = "jm" + (ProcessHandle.current().pid() % 100_000);
        try (AppProcess app = AppProcess.start(L3fwd.class, "-l", "0", "--no-pci", "--in-memory",
            "--file-prefix", tag, "--vdev=net_tap0,iface=" + tag + "0", "--", "-p", "1", "--config=(0,0,0)",
            "--max-pkt-len", "9000", "--per-port-pool"))
        {
            assertEquals(1, app.waitFor(60), app.output());
            assertTrue(app.output().contains("per port buffer pool is enabled"), app.output());
            assertTrue(app.output().contains("Frame size (9000) > device max frame size (1522) for port_id 0\n" +
                "l3fwd: rte_eth_dev_configure(port=0, nb_rx_q=1, nb_tx_q=1): Invalid argument"), app.output());
            assertTrue(!app.output().contains("fatal error"), app.output());
        }
        finally
        {
            io.jdpdk.apps.testing.Commands.removeDpdkFiles(tag);
        }
    }

    @Test
    void shouldExitNonZeroWhenConfigNamesAnLcoreEalDoesNotHave(@TempDir final Path dir) throws Exception
    {
        Pcap.write(dir.resolve("in0.pcap"), List.of(L3fwdFrames.arp()));
        final List<String> args = new ArrayList<>(eal("0", pcap(dir, 0, "in0.pcap", "out0.pcap")));
        args.addAll(List.of("--", "-p", "1", "--config=(0,0,3)"));
        try (AppProcess app = AppProcess.start(L3fwd.class, args.toArray(String[]::new)))
        {
            assertEquals(1, app.waitFor(30), app.output());
            assertTrue(app.output().contains("l3fwd: error: lcore 3 is not enabled in lcore mask (EAL lcores: [0])"),
                app.output());
        }
    }

    // ---- helpers ---------------------------------------------------------------------------------------

    private static String pcap(final Path dir, final int port, final String rx, final String... tx)
    {
        final StringBuilder devargs = new StringBuilder("--vdev=net_pcap" + port + ",rx_pcap=" + dir.resolve(rx));
        for (final String file : tx)
        {
            devargs.append(",tx_pcap=").append(dir.resolve(file));
        }
        return devargs.toString();
    }

    private static List<String> eal(final String lcores, final String... vdevs)
    {
        final List<String> args = new ArrayList<>(List.of("-l", lcores, "--no-pci", "--log-level=*:warning"));
        args.addAll(List.of(vdevs));
        if (Hugepages.problem() != null)
        {
            args.addAll(List.of("--no-huge", "-m", "256"));
        }
        return args;
    }

    /**
     * Runs l3fwd with {@code ealArgs -- appArgs --idle=backoff --stats-period=0.1} until every port of
     * {@code rxCounts} has received its count, then sends SIGINT and checks a clean exit. @return the output
     */
    private static String runUntilConsumed(final Map<Integer, Integer> rxCounts, final List<String> ealArgs,
        final String... appArgs) throws Exception
    {
        final List<String> args = new ArrayList<>(ealArgs);
        args.add("--");
        args.addAll(List.of(appArgs));
        args.addAll(List.of("--idle=backoff", "--stats-period=0.1"));
        try (AppProcess app = AppProcess.start(L3fwd.class, args.toArray(String[]::new)))
        {
            final long deadline = System.nanoTime() + 60_000_000_000L;
            while (!received(app.output(), rxCounts))
            {
                if (System.nanoTime() > deadline)
                {
                    throw new AssertionError("input not consumed within 60 s:\n" + app.output());
                }
                Thread.sleep(50);
            }
            app.interrupt();
            assertEquals(130, app.waitFor(30), app.output());
            final String out = app.output();
            assertTrue(out.contains("Bye..."), out);
            PoolLine.assertEveryMbufBack(out, "mbuf_pool_0");
            return out;
        }
    }

    private static boolean received(final String out, final Map<Integer, Integer> rxCounts)
    {
        final Map<Integer, Integer> last = new HashMap<>();
        final Matcher m = RX_PACKETS.matcher(out);
        while (m.find())
        {
            last.put(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        }
        return rxCounts.entrySet().stream().allMatch(e -> e.getValue().equals(last.get(e.getKey())));
    }

    /** Port id to {own MAC, destination MAC}, from the app's "Initializing port" lines. */
    private static Map<Integer, long[]> portMacs(final String out)
    {
        final Map<Integer, long[]> macs = new HashMap<>();
        final Matcher m = PORT_LINE.matcher(out);
        while (m.find())
        {
            macs.put(Integer.parseInt(m.group(1)),
                new long[] { L3fwdConfig.parseMac(m.group(2)), L3fwdConfig.parseMac(m.group(3)) });
        }
        return macs;
    }

    /**
     * Every output frame is the rewrite of an expected input frame: found by its tag (IPv4, IPv6) or as the ARP
     * frame received on that port; same bytes but MACs, TTL and checksum (IPv6: but MACs, the hop limit left
     * alone); TTL one less; checksum as computed here;
     * destination MAC that of the port, source MAC the port's own. Per input port, the frames come out in
     * input order, and none is missing.
     */
    private static void assertForwarded(final List<Expect> expected, final Map<Integer, List<byte[]>> outputs,
        final Map<Integer, long[]> macs)
    {
        final Map<Integer, Expect> byTag = new HashMap<>();
        for (final Expect e : expected)
        {
            if (e.tagged())
            {
                byTag.put(L3fwdFrames.tag(e.frame()), e);
            }
        }
        for (final Map.Entry<Integer, List<byte[]>> output : outputs.entrySet())
        {
            final int port = output.getKey();
            final Map<Integer, List<Expect>> seenFrom = new HashMap<>();
            for (final byte[] frame : output.getValue())
            {
                final int etherType = L3fwdFrames.etherType(frame);
                final Expect in = etherType == 0x0800 || etherType == 0x86DD ? byTag.get(L3fwdFrames.tag(frame)) :
                    expected.stream().filter(e -> !e.tagged() && e.rxPort() == port && e.outPort() == port).findFirst()
                        .orElse(null);
                assertTrue(in != null, "unexpected frame on port " + port + ": tag " + L3fwdFrames.tag(frame));
                assertEquals(in.outPort(), port, "frame tagged " + L3fwdFrames.tag(frame) + " left by port " + port);
                assertTrue(L3fwdFrames.sameApartFromRewrite(in.frame(), frame, in.ipv4()),
                    "frame tagged " + L3fwdFrames.tag(frame) + " changed beyond MACs, TTL and checksum");
                assertEquals(macs.get(port)[1], L3fwdFrames.destinationMac(frame), "destination MAC on port " + port);
                assertEquals(macs.get(port)[0], L3fwdFrames.sourceMac(frame), "source MAC on port " + port);
                if (in.ipv4())
                {
                    assertEquals(L3fwdFrames.ttl(in.frame()) - 1, L3fwdFrames.ttl(frame), "TTL one less");
                    assertEquals(L3fwdFrames.headerChecksum(frame), L3fwdFrames.checksumField(frame),
                        "header checksum of frame tagged " + L3fwdFrames.tag(frame));
                }
                seenFrom.computeIfAbsent(in.rxPort(), k -> new ArrayList<>()).add(in);
            }
            for (final int rxPort : List.of(0, 1))
            {
                final List<Expect> want = expected.stream().filter(e -> e.rxPort() == rxPort && e.outPort() == port)
                    .toList();
                assertEquals(want, seenFrom.getOrDefault(rxPort, List.of()),
                    "frames from port " + rxPort + " out of port " + port + ", in order");
            }
        }
    }

    private static void assertDrops(final String out, final List<Expect> expected)
    {
        final Matcher m = find(DROPPED, out);
        final int[] codes = { LpmRouter.BAD_HEADER, LpmRouter.BAD_CHECKSUM, LpmRouter.TTL_EXCEEDED,
            LpmRouter.PORT_NOT_ENABLED };
        for (int i = 0; i < codes.length; i++)
        {
            final int code = codes[i];
            assertEquals(expected.stream().filter(e -> e.outPort() == code).count(), Long.parseLong(m.group(i + 1)),
                LpmRouter.dropName(code) + " in " + m.group());
        }
    }

    private static long count(final List<Expect> expected, final int port)
    {
        return expected.stream().filter(e -> e.outPort() == port).count();
    }

    private static Matcher find(final Pattern pattern, final String out)
    {
        final Matcher m = pattern.matcher(out);
        assertTrue(m.find(), "no " + pattern + " in:\n" + out);
        return m;
    }

    private static String line(final String out, final String prefix)
    {
        return out.lines().filter(l -> l.startsWith(prefix)).findFirst().orElse("no line " + prefix);
    }
}
