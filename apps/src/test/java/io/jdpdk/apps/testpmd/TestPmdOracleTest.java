package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.Pcap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jdpdk's testpmd against dpdk-testpmd 22.11 as the oracle: both forward the same two input pcaps through two
 * net_pcap ports in one mode and must write byte-identical output pcaps (captured bytes and original lengths;
 * timestamps differ) and the same forward statistics. Both run interactively with commands on a pipe: {@code start},
 * then {@code stop} and {@code quit} once both output files hold every packet; {@code --no-flush-rx}, since the
 * flush would otherwise read the pcap files before forwarding starts.
 */
class TestPmdOracleTest
{
    private static final long SEED = 0x5EED_7E57_0D0DL;
    private static final String[] COMMON = { "-i", "--no-flush-rx", "--total-num-mbufs=8192" };

    @TempDir
    Path dir;

    @BeforeAll
    static void needDpdkTestpmd()
    {
        io.jdpdk.apps.testing.Tools.require(Files.isExecutable(TestPmdRun.DPDK_TESTPMD), "dpdk-testpmd is not installed");
    }

    @Test
    void ioForwardsEveryFrameUnchangedAsDpdkTestpmd() throws Exception
    {
        final List<byte[]> in0 = frames(SEED, true, true);
        final List<byte[]> in1 = frames(SEED + 1, true, true);
        final Outputs outputs = compare("io", in0, in1);
        assertEquals(records(in0), outputs.out1, "io changes nothing");
        assertEquals(records(in1), outputs.out0, "io changes nothing");
    }

    @Test
    void macWritesPeerAndPortAddressesAsDpdkTestpmd() throws Exception
    {
        final List<byte[]> in0 = frames(SEED + 2, true, true);
        final Outputs outputs = compare("mac", in0, frames(SEED + 3, true, true), "--eth-peer=1,0A:0B:0C:0D:0E:0F");
        final byte[] first = outputs.out1.get(0).data();
        assertEquals(0x0A0B_0C0D_0E0FL, mac(first, 0), "peer of port 1 from --eth-peer");
        assertEquals(0x0270_6361_7001L, mac(first, 6), "net_pcap1's own address");
        assertEquals(0x0200_0000_0000L, mac(outputs.out0.get(0).data(), 0), "port 0's default peer");
        assertArrayEquals(java.util.Arrays.copyOfRange(in0.get(0), 12, in0.get(0).length),
            java.util.Arrays.copyOfRange(first, 12, first.length), "nothing after the addresses changes");
    }

    /** Also in a JVM with the Vector API, whose 16-byte load-shuffle-store EthernetView then swaps with. */
    @ParameterizedTest
    @ValueSource(strings = { "", "--add-modules=jdk.incubator.vector" })
    void macswapSwapsAddressesAsDpdkTestpmd(final String jvmFlag) throws Exception
    {
        final List<byte[]> in0 = frames(SEED + 4, true, false);
        final Outputs outputs = compare(jvmFlag.isEmpty() ? List.of() : List.of(jvmFlag), List.of(), "macswap", in0,
            frames(SEED + 5, true, false));
        assertEquals(!jvmFlag.isEmpty(), outputs.jdpdkText.contains("WARNING: Using incubator modules: jdk.incubator.vector"),
            "the JVM says when it has the module: " + outputs.jdpdkText);
        final byte[] first = outputs.out1.get(0).data();
        assertEquals(mac(in0.get(0), 6), mac(first, 0));
        assertEquals(mac(in0.get(0), 0), mac(first, 6));
    }

    /**
     * csum with GSO on both TX ports and 800-byte segments: DPDK's librte_gso, called as testpmd calls it, cuts the
     * long TCP/IPv4 and UDP/IPv4 packets (also VLAN-tagged, with options, in mbuf chains) into the same segments as
     * dpdk-testpmd's, byte for byte, IPv4 header checksums computed again; the short ones and IPv6 leave as they are,
     * and every mbuf, originals included, is back in the pool at exit. The commands' answers are dpdk-testpmd's.
     */
    @Test
    void csumWithGsoCutsLongPacketsIntoDpdkTestpmdsSegments() throws Exception
    {
        final List<byte[]> in0 = frames(SEED + 16, false, true);
        final Outputs outputs = compare(List.of(), List.of("show port 1 gso", "set port 0 gso on", "set port 1 gso on",
            "set gso segsz 54", "set gso segsz 800", "show port 1 gso"), "csum", in0, frames(SEED + 17, false, true));
        assertTrue(outputs.out1.size() > in0.size() + 20, "the long packets were cut: " + outputs.out1.size());
        // TCP/IPv4 and UDP/IPv4, tagged or not, are cut (ICMP, ARP and IPv6 are not).
        final List<Integer> longTcpUdp = outputs.out1.stream().map(TestPmdRun.Record::data)
            .filter(d -> d.length > 800 && isTcpOrUdpOverIpv4(d)).map(d -> d.length).toList();
        assertEquals(List.of(), longTcpUdp, "no TCP/IPv4 or UDP/IPv4 segment longer than 800 bytes");
        for (final String said : List.of("GSO is not enabled on Port 1", "gso_size should be larger than 55. Please " +
            "input a legal value", "Max GSO'd packet size: 800B\nSupported GSO types: TCP/IPv4, UDP/IPv4, VxLAN with " +
            "inner TCP/IPv4 packet, GRE with inner TCP/IPv4 packet"))
        {
            assertTrue(outputs.dpdkText.contains(said) && outputs.jdpdkText.contains(said), said);
        }
    }

    /**
     * csum with TSO asked of port 1 ({@code tso set 800 1} on the stopped port: net_pcap has no TSO, which both say,
     * and both keep the size, as testpmd does): a TCP/IPv4 packet longer than its headers and 800 bytes leaves
     * flagged for the NIC with its wrong checksums untouched, a short one is summed again; every byte is
     * dpdk-testpmd's.
     */
    @Test
    void csumWithTsoLeavesLongTcpPacketsToTheNicAsDpdkTestpmd() throws Exception
    {
        // Without set verbose: with it, dpdk-testpmd 22.11.11 dies (SIGSEGV on its forwarding lcore) on these frames.
        final List<byte[]> in0 = wrongChecksums(frames(SEED + 18, false, true));
        final Outputs outputs = compare(List.of(), List.of("port stop 1", "tso set 800 1", "tso show 1",
            "port start 1"), "csum", in0, wrongChecksums(frames(SEED + 19, false, true)));
        final String refused = "Error: TSO is not supported by port 1";
        assertTrue(outputs.dpdkText.contains(refused) && outputs.jdpdkText.contains(refused), outputs.jdpdkText);
        boolean sawLong = false;
        boolean sawShort = false;
        for (int i = 0; i < in0.size(); i++)
        {
            final byte[] before = in0.get(i);
            if (before.length < 54 || before[12] != 0x08 || before[13] != 0x00 || before[14] != 0x45 || before[23] != 6)
            {
                continue;
            }
            final byte[] after = outputs.out1.get(i).data();
            final boolean isLong = before.length > 14 + 20 + ((before[46] & 0xF0) >> 2) + 800;
            assertEquals(isLong, ByteBuffer.wrap(before).getShort(24) == ByteBuffer.wrap(after).getShort(24),
                "packet " + i + " of " + before.length + " bytes: IPv4 checksum left to the NIC only when long");
            sawLong |= isLong;
            sawShort |= !isLong;
        }
        assertTrue(sawLong && sawShort, "frames of both kinds");
    }

    @Test
    void fiveTupleSwapSwapsMacIpAndPortsAsDpdkTestpmd() throws Exception
    {
        final List<byte[]> in0 = frames(SEED + 6, false, false);
        final Outputs outputs = compare("5tswap", in0, frames(SEED + 7, false, false));
        // Frames.mixed starts with an IPv4 UDP frame: addresses and ports come back swapped.
        final byte[] before = in0.get(0);
        final byte[] after = outputs.out1.get(0).data();
        assertEquals(ByteBuffer.wrap(before).getInt(26), ByteBuffer.wrap(after).getInt(30));
        assertEquals(ByteBuffer.wrap(before).getShort(34), ByteBuffer.wrap(after).getShort(36));
        assertNotEquals(ByteBuffer.wrap(before).getInt(26), ByteBuffer.wrap(after).getInt(26));
    }

    @Test
    void csumRecomputesChecksumsAndWritesAddressesAsDpdkTestpmd() throws Exception
    {
        // Wrong checksums in, so that recomputing them changes the bytes; the runts cut inside headers too, whose
        // UDP and TCP checksums DPDK sets to 0xFFFF where the IP length runs past the packet.
        final List<byte[]> in0 = wrongChecksums(frames(SEED + 14, false, true));
        final Outputs outputs = compare("csum", in0, wrongChecksums(frames(SEED + 15, false, true)),
            "--eth-peer=1,0A:0B:0C:0D:0E:0F");
        // Frames.mixed starts with an IPv4 UDP frame.
        final byte[] first = outputs.out1.get(0).data();
        assertEquals(0x0A0B_0C0D_0E0FL, mac(first, 0), "peer of port 1 from --eth-peer");
        assertEquals(0x0270_6361_7001L, mac(first, 6), "net_pcap1's own address");
        assertEquals(0xFFFF, onesComplementSum(first, 14, 20), "the IPv4 header checksum is right again");
        assertNotEquals(0xFFFF, onesComplementSum(in0.get(0), 14, 20), "it was wrong");
        assertEquals(outputs.dpdkText.lines().filter(line -> line.contains("Bad-")).toList(),
            outputs.jdpdkText.lines().filter(line -> line.contains("Bad-")).toList());
        assertTrue(outputs.jdpdkText.contains("  Bad-ipcsum: 0              Bad-l4csum: 0             " +
            "Bad-outer-l4csum: 0"), outputs.jdpdkText);
    }

    @Test
    void csumSumsChainsOfOddSegmentsAsDpdkTestpmd() throws Exception
    {
        // 2047 bytes of data per mbuf: the frames past 2 KiB are chains whose later segments start at odd offsets of
        // the L4 bytes, whose sums rte_raw_cksum_mbuf byte-swaps (after cutting each to 16 bits).
        final List<byte[]> in0 = wrongChecksums(frames(SEED + 18, false, false));
        final Outputs outputs = compare("csum", in0, wrongChecksums(frames(SEED + 19, false, false)),
            "--mbuf-size=2175");
        assertTrue(outputs.out1.stream().anyMatch(record -> record.originalLength() > 4000), "chains were sent");
    }

    @Test
    void csumLeavesTheAddressesAloneOnAPortWithMacSwapOffAsDpdkTestpmd() throws Exception
    {
        final List<byte[]> in0 = wrongChecksums(frames(SEED + 16, false, false));
        final Outputs outputs = compare(List.of("csum mac-swap off 1", "csum mac-swap on 7", "csum mac-swap of 0"),
            "csum", in0, wrongChecksums(frames(SEED + 17, false, false)));
        assertEquals(mac(in0.get(0), 0), mac(outputs.out1.get(0).data(), 0), "port 1 sends the destination it got");
        assertEquals(0x0200_0000_0000L, mac(outputs.out0.get(0).data(), 0), "port 0 still writes its peer");
        assertEquals(0xFFFF, onesComplementSum(outputs.out1.get(0).data(), 14, 20), "the checksum is right again");
        final String invalid = "Invalid port 7";
        assertTrue(outputs.dpdkText.contains(invalid), outputs.dpdkText);
        assertTrue(outputs.jdpdkText.contains(invalid), outputs.jdpdkText);
    }

    @Test
    void noisyHoldsPacketsBackInItsFifoAndFlushesThemAsDpdkTestpmd() throws Exception
    {
        // Four rounds of frames: bursts of 32 fill the FIFO (63 packets), the next ones push as many out, the last
        // ones wait for the flush, 20 ms later; the lookups only cost time.
        final List<byte[]> in0 = new ArrayList<>();
        final List<byte[]> in1 = new ArrayList<>();
        for (int round = 0; round < 4; round++)
        {
            in0.addAll(frames(SEED + 20 + round, true, true));
            in1.addAll(frames(SEED + 30 + round, true, true));
        }
        final Outputs outputs = compare("noisy", in0, in1, "--noisy-tx-sw-buffer-size=64",
            "--noisy-tx-sw-buffer-flushtime=20", "--noisy-lkup-memory=1", "--noisy-lkup-num-writes=3",
            "--noisy-lkup-num-reads=2", "--noisy-lkup-num-reads-writes=1");
        assertTrue(in0.size() > 2 * 63, "enough frames to push packets out of a full FIFO: " + in0.size());
        assertEquals(records(in0), outputs.out1, "noisy changes nothing and keeps the order");
        assertEquals(records(in1), outputs.out0, "noisy changes nothing and keeps the order");
    }

    @Test
    void rxonlyReceivesEverythingAndSendsNothingAsDpdkTestpmd() throws Exception
    {
        final Outputs outputs = compare("rxonly", frames(SEED + 8, true, true), frames(SEED + 9, true, true));
        assertEquals(List.of(), outputs.out0);
        assertEquals(List.of(), outputs.out1);
    }

    @ParameterizedTest
    @ValueSource(strings = { "--forward-mode=macswap", "--forward-mode=flowgen --txpkts=64,64 --flowgen-flows=7",
        "--forward-mode=txonly --txpkts=20,10", "--log-level=testpmd:warning | --forward-mode=io",
        "--forward-mode=mac --auto-start --forward-mode=bogus --forward-mode=macswap --txpkts=3000 --mbuf-size=4000" })
    void printsTheLinesDpdkTestpmdPrintsWhenRunWithoutPrompt(final String arguments) throws Exception
    {
        // "EAL | testpmd" arguments, or testpmd's alone; --log-level=testpmd:warning silences the TESTPMD_LOG(INFO)
        // pool lines in both.
        final String[] parts = arguments.contains(" | ") ? arguments.split(" \\| ") : new String[] {"", arguments};
        final String options = parts[1];
        // Without -i: EAL's lines (no word of a missing legacy telemetry socket: both load librte_metrics), the
        // options taken (after EAL's lines, as testpmd parses its own once rte_eal_init returned; for --txpkts of
        // two segments, ethdev's word on each TX queue not set up yet, and a packet too short refused), net_pcap's
        // ports without a NUMA socket (the warning), flowgen's flows per port, forwarding until Enter, the
        // statistics (the counts masked, with the padding that fits them: the generators send until Enter) and the exit.
        // Options act in command-line order: a mode set twice prints twice, --txpkts is checked against the
        // --mbuf-size before it (none: 2048, too short for 3000).
        final List<byte[]> in0 = frames(SEED + 12, false, false);
        final List<byte[]> in1 = frames(SEED + 13, false, false);
        final Path pcap0 = dir.resolve("in0.pcap");
        final Path pcap1 = dir.resolve("in1.pcap");
        Pcap.write(pcap0, in0);
        Pcap.write(pcap1, in1);
        final List<List<String>> streams = new ArrayList<>();
        for (final boolean dpdk : new boolean[] {true, false})
        {
            final Path run = Files.createDirectories(dir.resolve(dpdk ? "dpdk" : "jdpdk"));
            final List<String> command = new ArrayList<>(dpdk ? List.of("stdbuf", "-oL",
                TestPmdRun.DPDK_TESTPMD.toString()) : AppProcess.command(TestPmd.class));
            command.addAll(TestPmdRun.ealArgs(pcap0, pcap1, run.resolve("out0.pcap"), run.resolve("out1.pcap")));
            if (!parts[0].isEmpty())
            {
                command.add(parts[0]);
            }
            command.addAll(List.of("--", "--no-flush-rx", "--total-num-mbufs=8192"));
            command.addAll(List.of(options.split(" ")));
            final Process process = new ProcessBuilder(command).redirectOutput(run.resolve("stdout").toFile())
                .redirectError(run.resolve("stderr").toFile()).start();
            try
            {
                final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (TestPmdRun.records(run.resolve("out0.pcap")).size() < in1.size() ||
                    TestPmdRun.records(run.resolve("out1.pcap")).size() < in0.size() ||
                    !Files.readString(run.resolve("stdout")).contains("Press enter to exit"))
                {
                    assertTrue(process.isAlive() && System.nanoTime() < deadline, Files.readString(run.resolve(
                        "stdout")) + Files.readString(run.resolve("stderr")));
                    Thread.sleep(50);
                }
                process.getOutputStream().write('\n');
                process.getOutputStream().close();
                assertTrue(process.waitFor(60, TimeUnit.SECONDS));
                assertEquals(0, process.exitValue(), Files.readString(run.resolve("stderr")));
            }
            finally
            {
                process.destroyForcibly();
            }
            streams.add(Files.readAllLines(run.resolve("stdout")).stream()
                .map(line -> line.matches(" +(RX|TX)-.*") ? line.replaceAll("\\d+ *", "N ") : line).toList());
            streams.add(Files.readAllLines(run.resolve("stderr")));
        }
        final List<String> jdpdkOut = new ArrayList<>(streams.get(2));
        final int pool = jdpdkOut.indexOf("Mempool mb_pool_0: 0 of 8192 mbufs in use");
        assertTrue(pool > 0 && jdpdkOut.get(pool - 1).isEmpty(), "jdpdk's pool line: " + jdpdkOut);
        jdpdkOut.subList(pool - 1, pool + 1).clear(); // jdpdk's own line at exit, and the empty line before it
        final String mode = options.substring("--forward-mode=".length()).split(" ")[0];
        assertTrue(streams.get(0).contains("Set " + mode + " packet forwarding mode"), streams.get(0).toString());
        assertTrue(streams.get(1).contains("Warning: NUMA should be configured manually by using --port-numa-config " +
            "and --ring-numa-config parameters along with --numa."), streams.get(1).toString());
        assertEquals(!parts[0].isEmpty(), streams.get(1).stream().noneMatch(line -> line.contains("mbuf pool")),
            "the pool lines, but where the log level silences them: " + streams.get(1));
        assertEquals(String.join("\n", streams.get(0)), String.join("\n", jdpdkOut), "standard output");
        assertEquals(String.join("\n", streams.get(1)), String.join("\n", streams.get(3)), "standard error");
    }

    /** What both wrote, after checking they wrote the same, and what each printed. */
    private record Outputs(List<TestPmdRun.Record> out0, List<TestPmdRun.Record> out1, String dpdkText,
        String jdpdkText)
    {
    }

    private Outputs compare(final String mode, final List<byte[]> in0, final List<byte[]> in1, final String... extra)
        throws Exception
    {
        return compare(List.of(), mode, in0, in1, extra);
    }

    /** {@link #compare(String, List, List, String...)} with {@code commands} sent to both before {@code start}. */
    private Outputs compare(final List<String> commands, final String mode, final List<byte[]> in0,
        final List<byte[]> in1, final String... extra) throws Exception
    {
        return compare(List.of(), commands, mode, in0, in1, extra);
    }

    /** {@link #compare(List, String, List, List, String...)}, jdpdk's JVM given {@code jvmFlags} as well. */
    private Outputs compare(final List<String> jvmFlags, final List<String> commands, final String mode,
        final List<byte[]> in0, final List<byte[]> in1, final String... extra) throws Exception
    {
        final Path pcap0 = dir.resolve("in0.pcap");
        final Path pcap1 = dir.resolve("in1.pcap");
        Pcap.write(pcap0, in0);
        Pcap.write(pcap1, in1);
        final List<String> args = new ArrayList<>(List.of(COMMON));
        args.add("--forward-mode=" + mode);
        args.addAll(List.of(extra));
        final String[] appArgs = args.toArray(String[]::new);
        try (TestPmdRun dpdk = TestPmdRun.start(true, dir.resolve("dpdk"), pcap0, pcap1, appArgs);
             TestPmdRun jdpdk = TestPmdRun.start(false, jvmFlags, dir.resolve("jdpdk"), pcap0, pcap1, appArgs))
        {
            for (final TestPmdRun run : List.of(dpdk, jdpdk))
            {
                for (final String command : commands)
                {
                    run.send(command + "\n");
                }
                run.send("start\n");
            }
            final boolean sends = !mode.equals("rxonly");
            // With GSO on (csum mode), a packet may leave as several: wait for as many as dpdk-testpmd wrote.
            final boolean cuts = commands.stream().anyMatch(command -> command.endsWith(" gso on"));
            if (sends)
            {
                for (final TestPmdRun run : List.of(dpdk, jdpdk))
                {
                    run.awaitRecords(in1.size(), in0.size(), 60);
                }
                if (cuts)
                {
                    // dpdk-testpmd's count unchanged over three checks 300 ms apart: it wrote every segment.
                    int seen = -1;
                    for (int same = 0; same < 3; )
                    {
                        Thread.sleep(300);
                        final int now = TestPmdRun.records(dpdk.out0).size() + TestPmdRun.records(dpdk.out1).size();
                        same = now == seen ? same + 1 : 0;
                        seen = now;
                    }
                    jdpdk.awaitRecords(TestPmdRun.records(dpdk.out0).size(), TestPmdRun.records(dpdk.out1).size(), 60);
                }
            }
            else
            {
                // Nothing to wait for in the output files: the pcap files are read within microseconds of start.
                jdpdk.awaitOutput("packets/burst=", 60);
                Thread.sleep(1500);
            }
            for (final TestPmdRun run : List.of(dpdk, jdpdk))
            {
                run.send("stop\nquit\n");
                run.closeInput();
            }
            final int dpdkExit = dpdk.waitFor(60);
            assertEquals(0, dpdkExit, dpdk.output());
            final int jdpdkExit = jdpdk.waitFor(60);
            assertEquals(0, jdpdkExit, jdpdk.output());

            final List<TestPmdRun.Record> expected0 = TestPmdRun.records(dpdk.out0);
            final List<TestPmdRun.Record> expected1 = TestPmdRun.records(dpdk.out1);
            final List<TestPmdRun.Record> actual0 = TestPmdRun.records(jdpdk.out0);
            final List<TestPmdRun.Record> actual1 = TestPmdRun.records(jdpdk.out1);
            if (!cuts)
            {
                assertEquals(sends ? in1.size() : 0, expected0.size());
                assertEquals(sends ? in0.size() : 0, expected1.size());
            }
            assertSameRecords(expected0, actual0, mode + " port 0");
            assertSameRecords(expected1, actual1, mode + " port 1");

            final String dpdkOut = dpdk.output();
            final String jdpdkOut = jdpdk.output();
            assertEquals(TestPmdRun.portStats(dpdkOut), TestPmdRun.portStats(jdpdkOut), jdpdkOut);
            assertEquals(2, TestPmdRun.portStats(jdpdkOut).size(), jdpdkOut);
            assertArrayEquals(TestPmdRun.accumulated(dpdkOut), TestPmdRun.accumulated(jdpdkOut), jdpdkOut);
            assertEquals(in0.size() + in1.size(), TestPmdRun.accumulated(jdpdkOut)[0], jdpdkOut);
            final long[] inUse = TestPmdRun.inUse(jdpdkOut);
            assertNotNull(inUse, jdpdkOut);
            assertEquals(0, inUse[0], jdpdkOut);
            return new Outputs(actual0, actual1, dpdkOut, jdpdkOut);
        }
    }

    private static void assertSameRecords(final List<TestPmdRun.Record> expected, final List<TestPmdRun.Record> actual,
        final String what)
    {
        assertEquals(expected.size(), actual.size(), what + ": number of packets");
        for (int i = 0; i < expected.size(); i++)
        {
            assertEquals(expected.get(i).originalLength(), actual.get(i).originalLength(), what + " packet " + i);
            assertArrayEquals(expected.get(i).data(), actual.get(i).data(), what + " packet " + i + " of " +
                expected.get(i).data().length + " bytes");
        }
    }

    /** The oracle frames, with the runts cut inside headers and those shorter than the addresses if wanted. */
    private static List<byte[]> frames(final long seed, final boolean cutInsideHeaders, final boolean veryShort)
    {
        final List<byte[]> frames = new ArrayList<>(OracleFrames.allModes(seed));
        if (cutInsideHeaders)
        {
            frames.addAll(OracleFrames.cutInsideHeaders(seed));
        }
        if (veryShort)
        {
            frames.addAll(OracleFrames.shorterThanAddresses(seed));
        }
        return frames;
    }

    private static List<TestPmdRun.Record> records(final List<byte[]> frames)
    {
        final List<TestPmdRun.Record> records = new ArrayList<>();
        for (final byte[] f : frames)
        {
            // The pcap PMD writes at most its snap length of a frame.
            records.add(new TestPmdRun.Record(f.length,
                java.util.Arrays.copyOf(f, Math.min(f.length, OracleFrames.PCAP_SNAPLEN))));
        }
        return records;
    }

    /** Whether {@code frame} is TCP or UDP over IPv4, after any 802.1Q and 802.1ad tags. */
    private static boolean isTcpOrUdpOverIpv4(final byte[] frame)
    {
        int type = 12;
        while (type + 2 <= frame.length && (ByteBuffer.wrap(frame).getShort(type) == (short)0x8100 ||
            ByteBuffer.wrap(frame).getShort(type) == (short)0x88A8))
        {
            type += 4;
        }
        return type + 12 <= frame.length && ByteBuffer.wrap(frame).getShort(type) == 0x0800 &&
            (frame[type + 11] == 6 || frame[type + 11] == 17);
    }

    /**
     * {@code frames} with wrong checksums where they have them: an untagged IPv4 frame's header checksum, and its UDP
     * (not 0, which csum leaves alone) or TCP checksum where the frame holds it.
     */
    private static List<byte[]> wrongChecksums(final List<byte[]> frames)
    {
        final List<byte[]> wrong = new ArrayList<>();
        for (final byte[] frame : frames)
        {
            final byte[] f = frame.clone();
            if (f.length >= 34 && f[12] == 0x08 && f[13] == 0x00 && (f[14] & 0x0F) == 5)
            {
                f[24] ^= 0x5A;
                final int checksum = f[23] == 17 ? 40 : f[23] == 6 ? 50 : -1;
                if (checksum > 0 && f.length >= checksum + 2)
                {
                    f[checksum] = 0x12;
                    f[checksum + 1] = 0x34;
                }
            }
            wrong.add(f);
        }
        return wrong;
    }

    /** The folded one's-complement sum of the big-endian words of {@code frame[from, from + length)}. */
    private static int onesComplementSum(final byte[] frame, final int from, final int length)
    {
        long sum = 0;
        for (int i = from; i < from + length; i += 2)
        {
            sum += ((frame[i] & 0xFF) << 8) | (frame[i + 1] & 0xFF);
        }
        while (sum > 0xFFFF)
        {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return (int)sum;
    }

    private static long mac(final byte[] frame, final int offset)
    {
        long mac = 0;
        for (int i = 0; i < 6; i++)
        {
            mac = (mac << 8) | (frame[offset + i] & 0xFF);
        }
        return mac;
    }
}
