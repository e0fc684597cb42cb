package io.jdpdk.apps.l3fwd;

import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.Commands;
import io.jdpdk.apps.testing.DpdkExamples;
import io.jdpdk.apps.testing.Pcap;
import io.jdpdk.pmd.PortConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * jdpdk's l3fwd beside DPDK's own ({@code dpdk-l3fwd}, built from DPDK 22.11's examples/l3fwd by
 * {@code build-dpdk-examples.sh}) with the same command line, on two net_tap ports: the only virtual ports
 * DPDK's l3fwd can configure, as it asks for RX checksum offload. The kernel side injects the same frames into
 * both taps (scapy's {@code sendp}) and captures what each app sends (tshark: our addresses, the app's source MAC);
 * every port must send the same frames in the same order, byte for byte but the source MAC, which is each
 * run's own port address (checked against the address the app printed). The frames are IPv4 to DPDK's default
 * routes, to a miss, with options; IPv6 to the default routes and to a miss; ARP; and those RFC 1812 would have a
 * router drop but DPDK's l3fwd forwards, as jdpdk's does without {@code --strict-rfc1812}: TTL 1 and 0, a bad
 * header checksum, a checksum of 0xFEFF (where DPDK's increment and RFC 1624 differ), Total Lengths past the frame
 * and below the header, IPv6 headers that lie. What {@code --strict-rfc1812} drops is covered by
 * {@link L3fwdAppTest}.
 */
class L3fwdOracleTest
{
    private static final Pattern RX_OFFLOADS = Pattern.compile("\"rx_offloads\":\\s*\"?(0x[0-9a-fA-F]+|\\d+)");
    private static final Pattern PORT_LINE =
        // DOTALL: in ACL mode DPDK's l3fwd prints a line about the port's RSS functions before the addresses.
        Pattern.compile("Initializing port (\\d+) \\.\\.\\. .*?Address:([0-9A-F:]{17}), Destination:([0-9A-F:]{17})",
            Pattern.DOTALL);
    private static final String[] APP = { "-p", "0x3", "--config=(0,0,0),(1,0,0)", "--eth-dest=1,0A:0B:0C:0D:0E:01",
        "--parse-ptype" };

    @Test
    void shouldSendTheSameIpv4AndIpv6FramesOutOfTheSamePortsAsDpdksOwnL3fwd(@TempDir final Path dir)
        throws Exception
    {
        // DPDK's default tables: out of port 0, 22 of port 0's 40 frames and 17 of port 1's; out of port 1 the rest.
        compareWithDpdk(dir, new int[] { 39, 41 }, List.of());
    }

    @Test
    void shouldRouteAsDpdksOwnL3fwdWithFibLookupTakingNonIpFramesForIpv6(@TempDir final Path dir) throws Exception
    {
        // l3fwd_fib.c takes every frame that is not IPv4 for IPv6: this one (EtherType 0x88B5, local experimental)
        // has 2001:200:0:1::7 where an IPv6 destination would be, so FIB sends it out of port 1 (LPM: input port).
        final byte[] bait = L3fwdFrames.ipv6(0x2001_0200_0000_0001L, 7, 77);
        bait[12] = (byte)0x88;
        bait[13] = (byte)0xB5;
        compareWithDpdk(dir, new int[] { 39, 43 }, List.of(bait), "--lookup=fib");
    }

    @Test
    void shouldForwardByExactMatchOfIpv4RulesAsDpdksOwnL3fwd(@TempDir final Path dir) throws Exception
    {
        compareWithDpdk(dir, null, List.of(), exactMatchRules(dir, "-E"));
    }

    @Test
    void shouldForwardByExactMatchOfIpv6RulesWithIpv6FlagAsDpdksOwnL3fwd(@TempDir final Path dir) throws Exception
    {
        compareWithDpdk(dir, null, List.of(), exactMatchRules(dir, "--lookup=em", "--ipv6"));
    }

    @Test
    void shouldForwardAndDropByAclRulesAsDpdksOwnL3fwd(@TempDir final Path dir) throws Exception
    {
        // First match wins: a deny before the route that would take it, a port range the frame with IPv4 options
        // misses (l3fwd reads its ports right after 20 bytes, in the options), no rule (dropped), non-IP (dropped).
        Files.writeString(dir.resolve("acl4.cfg"), String.join("\n", "# IPv4 ACL rules and routes",
            "@0.0.0.0/0 198.18.1.5/32 0 : 65535 0 : 65535 0/0",
            "R0.0.0.0/0 198.18.0.0/24 0 : 65535 0 : 65535 0x11/0xff 1",
            "R192.0.2.0/24 198.18.1.0/24 1024 : 1024 2000 : 2100 17/0xff 0",
            "R0.0.0.0/0 203.0.113.0/24 0 : 1023 0 : 65535 0/0 1", ""));
        Files.writeString(dir.resolve("acl6.cfg"), String.join("\n", "# IPv6 ACL rules and routes",
            "R0:0:0:0:0:0:0:0/0 2001:0200:0000:0001:0:0:0:0/64 0 : 65535 0 : 65535 0/0 0",
            "@2001:0db8:0:0:0:0:0:0/32 2001:0200:0:0:0:0:0:0/64 0 : 65535 2048 : 2048 0x11/0xff",
            "R0:0:0:0:0:0:0:0/0 2001:0200:0:0:0:0:0:0/48 0 : 65535 0 : 65535 0/0 1", ""));
        compareWithDpdk(dir, null, false, true, List.of(), "--lookup=acl", "--alg=scalar",
            "--rule_ipv4=" + dir.resolve("acl4.cfg"), "--rule_ipv6=" + dir.resolve("acl6.cfg"));
    }

    /**
     * Exact-match rule files for the frames of {@link #frames(int)} (all UDP from 192.0.2.1 or 2001:db8::1, port 1024
     * to 2048): hits to both ports, a rule with the ports the wrong way round (a miss), one for the IPv4 frame with
     * options (a miss: only option-less headers are looked up), one to port 15 (not in the mask: skipped), a
     * duplicate (the later wins), hex and octal numbers.
     *
     * @return the command-line arguments: {@code options}, then both rule files
     */
    private static String[] exactMatchRules(final Path dir, final String... options) throws Exception
    {
        Files.writeString(dir.resolve("em4.cfg"), String.join("\n", "# IPv4 5-tuples",
            "R198.18.0.5 192.0.2.1 2048 1024 17 1", "R198.18.1.5 192.0.2.1 2048 1024 0x11 0",
            "R198.18.1.6 192.0.2.1 1024 2048 17 0", "R198.18.1.14 192.0.2.1 2048 1024 17 0",
            "R203.0.113.9 192.0.2.1 0x800 02000 17 15", "R198.18.0.200 192.0.2.1 2048 1024 17 0",
            "R198.18.0.200 192.0.2.1 2048 1024 17 1", "R198.18.1.20 192.0.2.1 2048 1024 17 0", ""));
        Files.writeString(dir.resolve("em6.cfg"), String.join("\n", "# IPv6 5-tuples",
            "R2001:200:0:1::5 2001:db8::1 2048 1024 17 0", "R2001:200::9 2001:db8::1 2048 1024 17 1",
            "R2001:db8::1 2001:db8::1 2048 1024 6 0", "R2001:200:0:f::1 2001:db8::1 2048 1024 17 15",
            "R2001:200::1 2001:db8::1 2048 1024 17 1", ""));
        final List<String> args = new ArrayList<>(List.of(options));
        args.add("--rule_ipv4=" + dir.resolve("em4.cfg"));
        args.add("--rule_ipv6=" + dir.resolve("em6.cfg"));
        return args.toArray(String[]::new);
    }

    @Test
    void shouldRouteByRuleFilesOfBothFamiliesAsDpdksOwnL3fwd(@TempDir final Path dir) throws Exception
    {
        Files.writeString(dir.resolve("v4.cfg"), String.join("\n", "# IPv4 rules", "R198.18.0.0/16 1",
            "R198.18.1.0/25 0", "R203.0.113.0/24 1", ""));
        Files.writeString(dir.resolve("v6.cfg"), String.join("\n", "# IPv6 rules", "R2001:200::/48 1",
            "R2001:0200:0000:0001:0000:0000:0000:0000/64 0", "R2001:db8::/32 1", "R2001:200:0:f::1/128 0", ""));
        compareWithDpdk(dir, null, List.of(), "--rule_ipv4=" + dir.resolve("v4.cfg"), "--rule_ipv6=" + dir.resolve("v6.cfg"));
    }

    /**
     * Runs dpdk-l3fwd, then jdpdk's l3fwd, with {@link #APP} and {@code extra}, feeds both the same frames
     * ({@link #frames(int)} and {@code more} into each port) and compares what each port sent. Every frame must
     * leave exactly once; {@code expected}, when given, is how many out of each port.
     */
    private static void compareWithDpdk(final Path dir, final int[] expected, final List<byte[]> more,
        final String... extra) throws Exception
    {
        compareWithDpdk(dir, expected, true, false, more, extra);
    }

    /**
     * As {@link #compareWithDpdk(Path, int[], List, String...)}; with {@code allOut} false some frames, but not all,
     * must be dropped instead. With {@code familiesApart}, each port's IPv4 frames are compared in order, then the
     * others in order, but not how the two interleave: l3fwd's ACL mode classifies and sends each RX burst's IPv4
     * packets before its IPv6 ones, and where a burst ends depends on how fast the tap delivered the frames, not on
     * the program.
     */
    private static void compareWithDpdk(final Path dir, final int[] expected, final boolean allOut,
        final boolean familiesApart, final List<byte[]> more, final String... extra) throws Exception
    {
        assumeTrue(Files.exists(Path.of("/dev/net/tun")), "/dev/net/tun is missing: no TAP devices on this machine");
        final Path oracle = DpdkExamples.binary("l3fwd");
        int total = 0;
        for (int port = 0; port < 2; port++)
        {
            final List<byte[]> frames = new ArrayList<>(frames(port));
            frames.addAll(more);
            total += frames.size();
            Pcap.write(dir.resolve("in" + port + ".pcap"), frames);
        }
        final String tag = "jl" + (ProcessHandle.current().pid() % 100_000);
        final List<String> cCommand = new ArrayList<>(List.of(oracle.toString()));
        cCommand.addAll(eal(tag + "c"));
        cCommand.add("--");
        cCommand.addAll(List.of(APP));
        cCommand.addAll(List.of(extra));
        final Run c = run(dir, tag + "c", cCommand, "Checking link status", 0);

        final List<String> javaCommand = new ArrayList<>(AppProcess.command(L3fwd.class));
        javaCommand.addAll(eal(tag + "j"));
        javaCommand.add("--");
        javaCommand.addAll(List.of(APP));
        javaCommand.addAll(List.of(extra));
        // jdpdk's apps exit 130 on Ctrl-C (Shutdown), where DPDK's l3fwd returns 0.
        // Both print "Checking link status" as their lcores start (the L3FWD lines are INFO, silenced by --log-level).
        final Run java = run(dir, tag + "j", javaCommand, "Checking link status", 130);

        // What both printed of the ports' RSS functions (in ACL mode the taps lack SCTP hashing).
        assertEquals(rssLines(c.log), rssLines(java.log), "RSS lines\n" + java.log);
        final int out = c.out.get(0).size() + c.out.get(1).size();
        if (allOut)
        {
            assertEquals(total, out, "every frame out once:\n" + c.log);
        }
        else
        {
            assertTrue(out > 0 && out < total, out + " of " + total + " frames out: some must be dropped\n" + c.log);
        }
        for (int port = 0; port < 2; port++)
        {
            // Both leave the IPv4 header checksum to the tap's RX offload (DPDK's asks for IPv4, UDP and TCP).
            assertEquals(PortConfig.RX_OFFLOAD_CHECKSUM, c.rxOffloads[port] & PortConfig.RX_OFFLOAD_CHECKSUM,
                "dpdk-l3fwd port " + port + ": RX offloads in force");
            assertEquals(PortConfig.RX_OFFLOAD_IPV4_CKSUM, java.rxOffloads[port] & PortConfig.RX_OFFLOAD_CHECKSUM,
                "jdpdk l3fwd port " + port + ": RX offloads in force");
            assertEquals(c.macs[port][1], java.macs[port][1], "destination MAC of port " + port);
            if (expected != null)
            {
                assertEquals(expected[port], c.out.get(port).size(), "frames dpdk-l3fwd sent out of port " + port +
                    ":\n" + c.log);
            }
            assertEquals(hex(c.out.get(port), c.macs[port][0], familiesApart),
                hex(java.out.get(port), java.macs[port][0], familiesApart), "frames out of port " + port + "\n" + java.log);
        }
    }

    /**
     * What one app sent out of each port, its port MACs, its output, and the RX offloads in force on each port
     * ({@code rx_offloads} of DPDK's telemetry {@code /ethdev/info,N}).
     */
    private record Run(List<List<byte[]>> out, long[][] macs, String log, long[] rxOffloads)
    {
    }

    /**
     * Starts {@code command} with taps {@code ifaces + "0"} and {@code + "1"}, waits for {@code ready}, brings the
     * taps up, captures what comes in from the app on each, injects {@code in0.pcap} and {@code in1.pcap} and stops
     * everything, expecting exit status {@code exitOnSigint}.
     */
    private static Run run(final Path dir, final String ifaces, final List<String> command, final String ready,
        final int exitOnSigint) throws Exception
    {
        final Path log = dir.resolve(ifaces + ".log");
        final Process app = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        final List<Process> captures = new ArrayList<>();
        try
        {
            await(app, log, ready);
            final long[] rxOffloads = new long[2];
            for (int port = 0; port < 2; port++)
            {
                final Matcher m = RX_OFFLOADS.matcher(Commands.telemetry(ifaces, "/ethdev/info," + port));
                assertTrue(m.find(), "no rx_offloads in /ethdev/info," + port);
                rxOffloads[port] = Long.decode(m.group(1));
            }
            for (int port = 0; port < 2; port++)
            {
                Commands.run(60, "ip", "link", "set", ifaces + port, "up");
            }
            for (int port = 0; port < 2; port++)
            {
                final Path capLog = dir.resolve(ifaces + port + ".tshark");
                final Process tshark = new ProcessBuilder("tshark", "-i", ifaces + port, "-q", "-F", "pcap", "-w",
                    dir.resolve(ifaces + "-out" + port + ".pcap").toString(), "-f",
                    "not ether src 00:11:22:33:44:55 and (src host 192.0.2.1 or src host 2001:db8::1 or arp or " +
                    "ether proto 0x88b5)")
                    .redirectErrorStream(true).redirectOutput(capLog.toFile()).start();
                captures.add(tshark);
                await(tshark, capLog, "Capturing on");
            }
            Thread.sleep(500);
            for (int port = 0; port < 2; port++)
            {
                Commands.sendp(dir.resolve("in" + port + ".pcap"), ifaces + port, 0);
            }
            Thread.sleep(1500);
            for (final Process tshark : captures)
            {
                interrupt(tshark);
            }
            interrupt(app);
            final String out = Files.readString(log, StandardCharsets.UTF_8);
            assertEquals(exitOnSigint, app.exitValue(), out);
            final List<List<byte[]>> sent = new ArrayList<>();
            for (int port = 0; port < 2; port++)
            {
                sent.add(Pcap.read(dir.resolve(ifaces + "-out" + port + ".pcap")));
            }
            return new Run(sent, portMacs(out), out, rxOffloads);
        }
        finally
        {
            captures.forEach(Process::destroyForcibly);
            app.destroyForcibly();
            app.waitFor(30, TimeUnit.SECONDS);
            Commands.removeDpdkFiles(ifaces); // the file prefix is the taps' name
        }
    }

    /** Frames into port {@code port}, every one of which DPDK's l3fwd forwards. */
    private static List<byte[]> frames(final int port)
    {
        final int tag = 100 * (port + 1);
        final List<byte[]> frames = new ArrayList<>();
        frames.add(L3fwdFrames.ipv4("198.18.0.5", 64, tag));
        frames.add(L3fwdFrames.ipv4("198.18.1.5", 64, tag + 1));
        frames.add(L3fwdFrames.ipv4("198.18.1.6", 2, tag + 2, 200));
        frames.add(L3fwdFrames.ipv4("203.0.113.9", 10, tag + 3));                 // miss: input port
        frames.add(L3fwdFrames.ipv4("198.18.15.1", 64, tag + 4));                 // port 15 not in the mask: miss
        frames.add(L3fwdFrames.ipv4WithIhl("198.18.1.14", 64, tag + 5, 15));     // options
        frames.add(L3fwdFrames.ipv4("198.18.0.200", 255, tag + 6, 1000));
        frames.add(L3fwdFrames.ipv6(0x2001_0200_0000_0001L, 5, tag + 7));        // 2001:200:0:1::5
        frames.add(L3fwdFrames.ipv6(0x2001_0200_0000_0000L, 9, tag + 8));        // 2001:200::9
        frames.add(L3fwdFrames.ipv6(0x2001_0db8_0000_0000L, 1, tag + 9));        // miss: input port
        frames.add(L3fwdFrames.ipv6(0x2001_0200_0000_000FL, 1, tag + 10));       // port 15 not in the mask: miss
        frames.add(L3fwdFrames.arp());
        // Forwarded by DPDK's l3fwd, which checks neither TTL nor checksum nor lengths but Total Length >= 20.
        frames.add(L3fwdFrames.ipv4("198.18.1.20", 1, tag + 11));                  // TTL 1: leaves with 0
        frames.add(L3fwdFrames.ipv4("198.18.0.21", 0, tag + 12));                  // TTL 0: leaves with 255
        final byte[] bad = L3fwdFrames.ipv4("198.18.1.22", 64, tag + 13);
        frames.add(L3fwdFrames.with(bad, L3fwdFrames.CHECKSUM, bad[L3fwdFrames.CHECKSUM] ^ 0x10, false));
        final byte[] past = L3fwdFrames.ipv4("198.18.0.23", 64, tag + 14);
        frames.add(L3fwdFrames.withTotalLength(past, past.length - L3fwdFrames.ETH + 4)); // past the frame
        frames.add(L3fwdFrames.withTotalLength(L3fwdFrames.ipv4WithIhl("198.18.1.24", 64, tag + 15, 6), 22));
        final byte[] edge = L3fwdFrames.with(L3fwdFrames.ipv4("198.18.0.25", 64, tag + 16), L3fwdFrames.CHECKSUM,
            0xFE, false);
        frames.add(L3fwdFrames.with(edge, L3fwdFrames.CHECKSUM + 1, 0xFF, false));   // 0xFEFF
        final byte[] lying = L3fwdFrames.ipv6(0x2001_0200_0000_0001L, 7, tag + 17);
        lying[L3fwdFrames.ETH + 5] = 19;                                           // payload past the frame
        frames.add(lying);
        frames.add(L3fwdFrames.with(L3fwdFrames.ipv6(0x2001_0200_0000_0000L, 8, tag + 18), L3fwdFrames.ETH + 6, 0,
            false));                                                               // a hop-by-hop header not there
        for (int i = 0; i < 20; i++)
        {
            frames.add(i % 2 == 0 ? L3fwdFrames.ipv4("198.18." + (i % 4 / 2) + "." + i, 64, tag + 20 + i) :
                L3fwdFrames.ipv6(0x2001_0200_0000_0000L | (i % 4 / 2), i, tag + 20 + i));
        }
        return frames;
    }

    /** EAL arguments: taps {@code ifaces + "0"} and {@code + "1"}, and {@code ifaces} as the telemetry prefix. */
    private static List<String> eal(final String ifaces)
    {
        return List.of("-l", "0", "--no-pci", "--in-memory", "--log-level=*:warning", "--file-prefix", ifaces,
            "--vdev=net_tap0,iface=" + ifaces + "0", "--vdev=net_tap1,iface=" + ifaces + "1");
    }

    private static void await(final Process process, final Path log, final String text) throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(log, StandardCharsets.UTF_8).contains(text))
        {
            assertTrue(process.isAlive() && System.nanoTime() < deadline, "no '" + text + "' in:\n" +
                Files.readString(log, StandardCharsets.UTF_8));
            Thread.sleep(50);
        }
    }

    private static void interrupt(final Process process) throws Exception
    {
        Commands.sigint(process);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "did not stop on SIGINT: " + process.info());
    }

    /** The "Port N modified RSS hash function ..." lines of an app's output, in order. */
    private static List<String> rssLines(final String out)
    {
        final List<String> lines = new ArrayList<>();
        final Matcher m = Pattern.compile("Port \\d+ modified RSS hash function[^\\n]*").matcher(out);
        while (m.find())
        {
            lines.add(m.group());
        }
        return lines;
    }

    /** Port id to {own MAC, destination MAC}, from the "Initializing port" lines both apps print. */
    private static long[][] portMacs(final String out)
    {
        final long[][] macs = new long[2][];
        final Matcher m = PORT_LINE.matcher(out);
        while (m.find())
        {
            macs[Integer.parseInt(m.group(1))] = new long[] { L3fwdConfig.parseMac(m.group(2)),
                L3fwdConfig.parseMac(m.group(3)) };
        }
        assertTrue(macs[0] != null && macs[1] != null, "no port lines in:\n" + out);
        return macs;
    }

    /**
     * The frames in hex, one a line, each source MAC checked against {@code ownMac} and blanked; with
     * {@code familiesApart}, the IPv4 frames first.
     */
    private static String hex(final List<byte[]> frames, final long ownMac, final boolean familiesApart)
    {
        final StringBuilder sb = new StringBuilder();
        final List<byte[]> ordered = new ArrayList<>(frames);
        if (familiesApart)
        {
            // A stable sort: IPv4 frames first, each family in the order it left.
            ordered.sort(java.util.Comparator.comparingInt(f -> L3fwdFrames.isIpv4(f) ? 0 : 1));
        }
        for (final byte[] frame : ordered)
        {
            assertEquals(ownMac, L3fwdFrames.sourceMac(frame), "source MAC");
            final byte[] copy = frame.clone();
            Arrays.fill(copy, 6, 12, (byte)0);
            sb.append(HexFormat.of().formatHex(copy)).append('\n');
        }
        return sb.toString();
    }
}
