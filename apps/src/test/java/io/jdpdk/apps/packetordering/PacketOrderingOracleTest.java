package io.jdpdk.apps.packetordering;

import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.Commands;
import io.jdpdk.apps.testing.DpdkExamples;
import io.jdpdk.apps.testing.Frames;
import io.jdpdk.apps.testing.Pcap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jdpdk's packet_ordering beside DPDK's own ({@code dpdk-packet_ordering}, built from DPDK 22.11's
 * examples/packet_ordering by {@code build-dpdk-examples.sh}) with the same command line, on two net_pcap ports
 * reading 320 and 640 frames: the same frames out of each port in the same order, and the same statistics at exit.
 * Each port gets a multiple of 32 frames, because DPDK's app sends only full 32-packet TX buffers.
 */
class PacketOrderingOracleTest
{
    private static final int[] FRAMES = { 320, 640 };
    private static final int TOTAL = FRAMES[0] + FRAMES[1];
    private static final Pattern OPACKETS = Pattern.compile("\"opackets\": (\\d+)");

    @Test
    void shouldSendEveryFrameInArrivalOrderThroughTwoWorkersWithDpdksStatistics(@TempDir final Path dir)
        throws Exception
    {
        final List<List<byte[]>> inputs = inputs(dir);
        final String lcores = "--lcores=0@0,1@1,2@1,3@0";
        final Run c = runC(dir, "c", lcores, "-p", "3", "--insight-worker");
        final Run java = runJava(dir, "java", lcores, "-p", "3", "--insight-worker");
        for (int port = 0; port < 2; port++)
        {
            final List<byte[]> expected = inputs.get(port ^ 1);
            assertFrames(expected, c.output(port), "DPDK's, port " + port);
            assertFrames(expected, java.output(port), "jdpdk's, port " + port);
        }
        assertEquals(withoutWorkerDetail(c.stats()), withoutWorkerDetail(java.stats()));
        for (final Run run : List.of(c, java))
        {
            final Matcher m = Pattern.compile("Worker thread stats on core \\[(\\d)]:\n - Pkts deqd from workers " +
                "ring:\t\t(\\d+)").matcher(run.stats());
            long sum = 0;
            final List<String> cores = new ArrayList<>();
            while (m.find())
            {
                cores.add(m.group(1));
                sum += Long.parseLong(m.group(2));
            }
            assertEquals(List.of("1", "2"), cores, run.stats());
            assertEquals(TOTAL, sum, "the workers' share adds up: " + run.stats());
        }
        assertTrue(java.log().contains("Mempool mbuf_pool: 0 of 65535 mbufs in use"), java.log());
    }

    @Test
    void shouldSendEveryFrameOnceWithReorderingDisabled(@TempDir final Path dir) throws Exception
    {
        final List<List<byte[]>> inputs = inputs(dir);
        final String lcores = "--lcores=0@0,1@1,2@1";
        final Run c = runC(dir, "c", lcores, "-p", "3", "--disable-reorder");
        final Run java = runJava(dir, "java", lcores, "-p", "3", "--disable-reorder");
        assertTrue(c.log().contains("reorder disabled") && java.log().contains("reorder disabled"));
        for (int port = 0; port < 2; port++)
        {
            final List<byte[]> expected = sorted(inputs.get(port ^ 1));
            assertFrames(expected, sorted(c.output(port)), "DPDK's, port " + port);
            assertFrames(expected, sorted(java.output(port)), "jdpdk's, port " + port);
        }
        assertEquals(c.stats(), java.stats());
    }

    private static List<List<byte[]>> inputs(final Path dir) throws Exception
    {
        final List<List<byte[]>> inputs = new ArrayList<>();
        for (int port = 0; port < 2; port++)
        {
            final List<byte[]> frames = Frames.mixed(FRAMES[port], 40 + port);
            Pcap.write(dir.resolve("in" + port + ".pcap"), frames);
            inputs.add(frames);
        }
        return inputs;
    }

    private static List<String> eal(final Path dir, final String name, final String lcores)
    {
        final List<String> args = new ArrayList<>(List.of(lcores, "--no-pci", "--in-memory",
            "--file-prefix=" + prefix(dir, name)));
        for (int port = 0; port < 2; port++)
        {
            args.add("--vdev=net_pcap" + port + ",rx_pcap=" + dir.resolve("in" + port + ".pcap") + ",tx_pcap=" +
                dir.resolve(name + port + ".pcap"));
        }
        return args;
    }

    private static String prefix(final Path dir, final String name)
    {
        return "po_" + name + "_" + ProcessHandle.current().pid() + "_" + Integer.toHexString(dir.hashCode());
    }

    private static Run runC(final Path dir, final String name, final String lcores, final String... app)
        throws Exception
    {
        final List<String> command = new ArrayList<>(List.of(DpdkExamples.binary("packet_ordering").toString()));
        command.addAll(eal(dir, name, lcores));
        command.add("--");
        command.addAll(List.of(app));
        final Path log = dir.resolve(name + ".log");
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
            .start();
        try
        {
            awaitAllSent(prefix(dir, name), process::isAlive, () -> read(log));
            Commands.sigint(process);
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "dpdk-packet_ordering did not stop:\n" + read(log));
            assertEquals(0, process.exitValue(), read(log));
        }
        finally
        {
            process.destroyForcibly();
        }
        return new Run(dir, name, read(log));
    }

    private static Run runJava(final Path dir, final String name, final String lcores, final String... app)
        throws Exception
    {
        final List<String> args = new ArrayList<>(eal(dir, name, lcores));
        args.add("--");
        args.addAll(List.of(app));
        try (AppProcess process = AppProcess.start(PacketOrdering.class, args.toArray(String[]::new)))
        {
            awaitAllSent(prefix(dir, name), () -> true, () ->
            {
                try
                {
                    return process.output();
                }
                catch (final java.io.IOException ex)
                {
                    return ex.toString();
                }
            });
            process.interrupt();
            assertEquals(130, process.waitFor(30), process.output());
            return new Run(dir, name, process.output());
        }
    }

    /** Polls DPDK's telemetry until the ports have sent every frame. */
    private static void awaitAllSent(final String prefix, final java.util.function.BooleanSupplier alive,
        final java.util.function.Supplier<String> log) throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true)
        {
            Thread.sleep(300);
            assertTrue(alive.getAsBoolean() && System.nanoTime() < deadline, "not all sent in time:\n" + log.get());
            final String answer;
            try
            {
                answer = Commands.telemetry(prefix, "/ethdev/stats,0", "/ethdev/stats,1");
            }
            catch (final AssertionError notYetListening)
            {
                continue;
            }
            final Matcher m = OPACKETS.matcher(answer);
            long sent = 0;
            while (m.find())
            {
                sent += Long.parseLong(m.group(1));
            }
            if (sent == TOTAL)
            {
                return;
            }
        }
    }

    private static void assertFrames(final List<byte[]> expected, final List<byte[]> actual, final String what)
    {
        assertEquals(expected.size(), actual.size(), what + ": frames");
        for (int i = 0; i < expected.size(); i++)
        {
            assertArrayEquals(expected.get(i), actual.get(i), what + ", frame " + i);
        }
    }

    private static List<byte[]> sorted(final List<byte[]> frames)
    {
        final List<byte[]> copy = new ArrayList<>(frames);
        copy.sort(Comparator.comparing(Arrays::toString));
        return copy;
    }

    private static String withoutWorkerDetail(final String stats)
    {
        return stats.replaceAll("\nWorker thread stats on core \\[\\d+]:\n( - [^\n]*\n){3}", "");
    }

    private static String read(final Path file)
    {
        try
        {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.ISO_8859_1) : "";
        }
        catch (final java.io.IOException ex)
        {
            return ex.toString();
        }
    }

    /** One app's run: its output and the frames its ports wrote. */
    private record Run(Path dir, String name, String log)
    {
        /** print_stats' block: from "RX thread stats" to the last port's "Mbuf Errs" line. */
        String stats()
        {
            final int from = log.indexOf("\nRX thread stats:");
            final int last = log.lastIndexOf(" - Mbuf Errs: ");
            assertTrue(from >= 0 && last > from, log);
            return log.substring(from, log.indexOf('\n', last) + 1);
        }

        List<byte[]> output(final int port) throws Exception
        {
            return Pcap.read(dir.resolve(name + port + ".pcap"));
        }
    }
}
