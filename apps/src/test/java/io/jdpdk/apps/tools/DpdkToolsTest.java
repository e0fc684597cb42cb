package io.jdpdk.apps.tools;

import io.jdpdk.apps.l2fwd.L2fwd;
import io.jdpdk.apps.l3fwd.L3fwd;
import io.jdpdk.apps.l3fwd.L3fwdFrames;
import io.jdpdk.apps.skeleton.Skeleton;
import io.jdpdk.apps.stat.JdpdkStatProbe;
import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.Commands;
import io.jdpdk.apps.testing.Pcap;
import io.jdpdk.apps.testing.PoolLine;
import io.jdpdk.apps.testpmd.TestPmd;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DPDK's own tools on each shipped app while it forwards, as a DPDK user would run them: the app is a primary
 * process ({@code --file-prefix}) with two net_pcap ports, port 0 reading a veth interface live ({@code rx_iface})
 * and port 1 writing to /dev/null. Frames go in through the veth's peer (scapy); the stock, unmodified
 * {@code dpdk-dumpcap} captures port 1 and must hold every forwarded frame, byte for byte as the app forwards it;
 * {@code dpdk-proc-info --stats} and {@code dpdk-telemetry.py} (DPDK's {@code /ethdev/stats}, jdpdk's
 * {@code /jdpdk/counters} and {@code /jdpdk/lcores}) and {@code jdpdk-stat} read the same counts. After the tools
 * detached the app keeps forwarding, and Ctrl-C leaves no mbuf out of its pool.
 */
class DpdkToolsTest
{
    private static final String PYTHON = "/usr/bin/python3";
    private static final int CAPTURED = 64;
    private static final int AFTER = 32;
    /**
     * dpdk-proc-info 22.11.11 (Debian 12) prints the statistics, then dies of SIGSEGV (139) on its way out whenever
     * the primary has net_pcap ports: with DPDK's own dpdk-testpmd as the primary too. Hence line-buffered output
     * and 139 allowed; the statistics it printed are still checked.
     */
    private static final java.util.Set<Integer> PROC_INFO_EXITS = java.util.Set.of(0, 139);

    enum App
    {
        SKELETON(Skeleton.class, List.of(), 130, false, "forwarding packets. [Ctrl+C to quit]", App::same),
        TESTPMD(TestPmd.class, List.of("--total-num-mbufs=8192"), 0, true, "Press enter to exit", App::same),
        L2FWD(L2fwd.class, List.of("-p", "3"), 130, true, "L2FWD: entering main loop", App::l2fwdRewrite),
        L3FWD(L3fwd.class, List.of("-p", "3", "--config=(0,0,1),(1,0,1)"), 130, true, "L3FWD: entering main loop",
            App::l3fwdRewrite);

        final Class<?> main;
        final List<String> appArgs;
        final int sigintExit;
        final boolean forwardsOnWorker;
        final String ready;
        final BiPredicate<byte[], byte[]> forwarded;

        App(final Class<?> main, final List<String> appArgs, final int sigintExit, final boolean forwardsOnWorker,
            final String ready, final BiPredicate<byte[], byte[]> forwarded)
        {
            this.main = main;
            this.appArgs = appArgs;
            this.sigintExit = sigintExit;
            this.forwardsOnWorker = forwardsOnWorker;
            this.ready = ready;
            this.forwarded = forwarded;
        }

        private static boolean same(final byte[] in, final byte[] out)
        {
            return java.util.Arrays.equals(in, out);
        }

        /** l2fwd's MAC updating: destination 02:00:00:00:00:01 (the TX port's id), the rest as sent. */
        private static boolean l2fwdRewrite(final byte[] in, final byte[] out)
        {
            return L3fwdFrames.sameApartFromRewrite(in, out, false) &&
                HexFormat.of().formatHex(out, 0, 6).equals("020000000001");
        }

        /** l3fwd: routed to port 1 (198.18.1.0/24), TTL one less, new MACs, the rest as sent. */
        private static boolean l3fwdRewrite(final byte[] in, final byte[] out)
        {
            return L3fwdFrames.sameApartFromRewrite(in, out, true) && L3fwdFrames.ttl(out) == L3fwdFrames.ttl(in) - 1;
        }
    }

    @ParameterizedTest
    @EnumSource(App.class)
    void shouldLetDumpcapProcInfoTelemetryAndJdpdkStatWatchTheAppWhileItForwards(final App app, @TempDir final Path dir)
        throws Exception
    {
        final String tag = app.name().substring(0, 2).toLowerCase() + (ProcessHandle.current().pid() % 100000);
        final String inside = "jdA" + tag;
        final String outside = "jdB" + tag;
        final String prefix = "jdtools" + tag;
        final List<byte[]> frames = new ArrayList<>();
        for (int i = 0; i < CAPTURED + AFTER; i++)
        {
            frames.add(L3fwdFrames.ipv4("198.18.1." + (1 + i % 200), 64, 0x100 + i));
        }
        // A short path: a secondary sees a vdev's arguments cut to 63 characters (seen with DPDK 22.11.11: a
        // longer rx_pcap path left dumpcap with "tx_pcap=/dev" and no port).
        final Path empty = Path.of("/tmp", prefix + ".pcap");
        Pcap.write(empty, List.of());
        Pcap.write(dir.resolve("first.pcap"), frames.subList(0, CAPTURED));
        Pcap.write(dir.resolve("then.pcap"), frames.subList(CAPTURED, frames.size()));
        Commands.veth(inside, outside);
        final List<String> args = new ArrayList<>(List.of("-l", "0-1", "--no-pci", "--file-prefix", prefix,
            "--vdev=net_pcap0,rx_iface=" + inside + ",tx_pcap=/dev/null",
            "--vdev=net_pcap1,rx_pcap=" + empty + ",tx_pcap=/dev/null", "--"));
        args.addAll(app.appArgs);
        try (AppProcess process = AppProcess.start(app.main, args.toArray(String[]::new)))
        {
            process.awaitOutput(app.ready, 60);

            // dpdk-dumpcap on port 1 while the app forwards CAPTURED frames from port 0.
            final Path capture = dir.resolve("cap.pcapng");
            final Path dumpcapLog = dir.resolve("dumpcap.log");
            final Process dumpcap = new ProcessBuilder("dpdk-dumpcap", "--file-prefix", prefix, "-i", "net_pcap1",
                "-c", Integer.toString(CAPTURED), "-w", capture.toString()).redirectErrorStream(true)
                .redirectOutput(dumpcapLog.toFile()).start();
            try
            {
                awaitFile(dumpcapLog, "Packets captured: ", dumpcap);
                Thread.sleep(300);
                inject(dir.resolve("first.pcap"), outside);
                assertTrue(dumpcap.waitFor(30, TimeUnit.SECONDS), "dumpcap still running:\n" + read(dumpcapLog));
            }
            finally
            {
                dumpcap.destroyForcibly(); // no secondary left behind when an assertion failed
            }
            assertEquals(0, dumpcap.exitValue(), read(dumpcapLog));
            assertTrue(read(dumpcapLog).contains("Packets received/dropped on interface 'net_pcap1': " + CAPTURED + "/0"),
                read(dumpcapLog));
            Commands.run(60, "tshark", "-r", capture.toString(), "-F", "pcap", "-w", dir.resolve("cap.pcap").toString());
            final List<byte[]> captured = Pcap.read(dir.resolve("cap.pcap"));
            assertEquals(CAPTURED, captured.size(), "frames dumpcap captured");
            for (int i = 0; i < CAPTURED; i++)
            {
                assertTrue(app.forwarded.test(frames.get(i), captured.get(i)), "frame " + i + ": sent " +
                    HexFormat.of().formatHex(frames.get(i)) + ", captured " + HexFormat.of().formatHex(captured.get(i)));
            }

            // dpdk-proc-info reads the port statistics of the running primary.
            assertEquals(List.of((long)CAPTURED, 0L, 0L, (long)CAPTURED), procInfoStats(prefix, CAPTURED));

            // DPDK's telemetry: its own /ethdev/stats beside jdpdk's commands.
            final String telemetry = Commands.telemetry(prefix, "/ethdev/stats,1", "/jdpdk/counters", "/jdpdk/lcores");
            assertTrue(telemetry.contains("{\"/ethdev/stats\": {\"ipackets\": 0, \"opackets\": " + CAPTURED + ","), telemetry);
            assertTrue(telemetry.matches("(?s).*\"port_1\": \\{\"rx_packets\": 0, \"tx_packets\": " + CAPTURED + ",.*"), telemetry);
            assertTrue(telemetry.matches("(?s).*\"port_0\": \\{\"rx_packets\": " + CAPTURED + ",.*"), telemetry);
            assertTrue(telemetry.matches("(?s).*\"mempool_[^\"]+\": \\{\"mbufs_in_use\": \\d+, \"size\": \\d+}.*"), telemetry);
            assertTrue(telemetry.matches("(?s).*\"lcore_\\d\": \\{\"busy_polls\": [1-9].*"),
                "the forwarding lcore, main or worker, counted busy polls: " + telemetry);
            final Matcher lcore = Pattern.compile("\\{\"/jdpdk/lcores\": \\{\"1\": \\{\"lcore\": 1, \"role\": \"[^\"]+\", " +
                "\"state\": \"(\\w+)\", \"busy_polls\": (\\d+), \"idle_polls\": (\\d+)").matcher(telemetry);
            assertTrue(lcore.find(), telemetry);
            assertEquals(app.forwardsOnWorker ? "RUNNING" : "WAIT", lcore.group(1), telemetry);
            assertEquals(app.forwardsOnWorker, Long.parseLong(lcore.group(2)) + Long.parseLong(lcore.group(3)) > 0, telemetry);

            // jdpdk-stat, from outside the process, reads the same counters.
            final String stat = JdpdkStatProbe.once(process.pid());
            assertTrue(stat.matches("(?s).*\\s" + CAPTURED + "\\s+\\S+  port 1: tx packets\\n.*"), stat);

            // The tools are gone; forwarding goes on, and Ctrl-C returns every mbuf.
            inject(dir.resolve("then.pcap"), outside);
            assertEquals(List.of((long)(CAPTURED + AFTER), 0L, 0L, (long)(CAPTURED + AFTER)),
                procInfoStats(prefix, CAPTURED + AFTER));
            process.interrupt();
            assertEquals(app.sigintExit, process.waitFor(60), process.output());
            PoolLine.assertEveryMbufBack(process.output(), null);
        }
        finally
        {
            Commands.run(30, "ip", "link", "del", inside);
            Files.deleteIfExists(empty);
            Commands.removeDpdkFiles(prefix); // the primary's runtime directory and hugepage files
        }
    }

    /**
     * dpdk-dumpcap attached and detached five times while the skeleton forwards two net_null ports at full rate and
     * a busy loop shares the forwarding CPU, so pdump's callback copies every burst when dumpcap disables it and
     * frees its ring and pool, and the forwarding loop is preempted now and then, inside the callback among other
     * places. DPDK 22.11's own pdump answers the disable without waiting for a callback still running: there the
     * loop resumes on the freed pool and dies (the old jdpdk, on {@code rte_pdump_init}, died in each of 6 such
     * runs). jdpdk's pdump server ({@code jdpdk_pdump.c}) answers once no lcore is inside the callback. The skeleton
     * runs as DPDK's default gives it every CPU ({@code -l 0-1}) and forwards on the main lcore, CPU 0, and dumpcap
     * runs where DPDK puts it, CPU 0 too. Each capture must hold at least its 100 frames, the app must outlive every
     * detach, and Ctrl-C must find every mbuf back in the pool.
     */
    @org.junit.jupiter.api.Test
    void shouldKeepForwardingAndLoseNoMbufWhenDumpcapDetachesUnderFullRateTraffic(@TempDir final Path dir)
        throws Exception
    {
        final String prefix = "jdcap" + (ProcessHandle.current().pid() % 100000);
        Process hog = null;
        try (AppProcess process = AppProcess.start(Skeleton.class, "-l", "0-1", "--no-pci", "--file-prefix", prefix,
            "--vdev=net_null0", "--vdev=net_null1"))
        {
            process.awaitOutput("forwarding packets. [Ctrl+C to quit]", 60);
            hog = new ProcessBuilder("taskset", "-c", "0", "sh", "-c", "while :; do :; done").start();
            for (int round = 0; round < 5; round++)
            {
                final Path capture = dir.resolve("cap" + round + ".pcapng");
                final String log = Commands.run(60, "dpdk-dumpcap", "--file-prefix", prefix, "-i", "net_null1", "-c",
                    "100", "-w", capture.toString());
                final Matcher counts = Pattern.compile("Packets received/dropped on interface 'net_null1': (\\d+)/")
                    .matcher(log);
                assertTrue(counts.find() && Long.parseLong(counts.group(1)) >= 100, log);
                final String frames = Commands.run(60, "tshark", "-r", capture.toString(), "-T", "fields",
                    "-e", "frame.len");
                // dumpcap stops after the burst that reached 100 frames; net_null's frames are 64 bytes.
                final List<String> lengths = frames.lines().filter(line -> line.matches("\\d+")).toList(); // no warnings
                assertTrue(lengths.size() >= 100 && lengths.stream().allMatch("64"::equals),
                    "capture " + round + ": " + lengths.size() + " frames, lengths " + new java.util.TreeSet<>(lengths));
                assertTrue(ProcessHandle.of(process.pid()).map(ProcessHandle::isAlive).orElse(false),
                    "skeleton died after dumpcap " + round + " detached:\n" + process.output());
            }
            process.interrupt();
            assertEquals(130, process.waitFor(60), process.output());
            PoolLine.assertEveryMbufBack(process.output(), null);
        }
        finally
        {
            if (hog != null)
            {
                hog.destroyForcibly();
            }
            Commands.removeDpdkFiles(prefix); // the primary's runtime directory and hugepage files
        }
    }

    private static void inject(final Path pcap, final String iface) throws Exception
    {
        Commands.sendp(pcap, iface, 0.002);
    }

    /**
     * dpdk-proc-info's {@code --stats} for ports 0 and 1 as [port 0 RX, port 0 TX, port 1 RX, port 1 TX], asked
     * until port 1 has sent {@code expectTx} (the last frames may still be on their way) or 10 s passed.
     */
    private static List<Long> procInfoStats(final String prefix, final long expectTx) throws Exception
    {
        final Pattern block = Pattern.compile("NIC statistics for port (\\d)\\s+#+\\s+RX-packets:\\s+(\\d+).*?" +
            "TX-packets:\\s+(\\d+)", Pattern.DOTALL);
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true)
        {
            final String out = Commands.run(60, PROC_INFO_EXITS, "stdbuf", "-oL", "dpdk-proc-info", "--file-prefix", prefix,
                "--log-level=*:error", "--", "--stats");
            final long[] stats = new long[4];
            final Matcher m = block.matcher(out);
            int blocks = 0;
            while (m.find())
            {
                final int port = Integer.parseInt(m.group(1));
                stats[port * 2] = Long.parseLong(m.group(2));
                stats[port * 2 + 1] = Long.parseLong(m.group(3));
                blocks++;
            }
            assertEquals(2, blocks, out);
            if (stats[3] >= expectTx || System.nanoTime() > deadline)
            {
                return List.of(stats[0], stats[1], stats[2], stats[3]);
            }
            Thread.sleep(200);
        }
    }

    private static void awaitFile(final Path file, final String text, final Process process) throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!read(file).contains(text))
        {
            assertTrue(process.isAlive() && System.nanoTime() < deadline, "no '" + text + "' from dumpcap:\n" + read(file));
            Thread.sleep(50);
        }
    }

    private static String read(final Path file) throws IOException
    {
        return new File(file.toString()).exists() ? Files.readString(file, StandardCharsets.ISO_8859_1) : "";
    }
}
