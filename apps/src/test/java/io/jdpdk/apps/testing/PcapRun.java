package io.jdpdk.apps.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One run of a forwarding app, DPDK's own sample or jdpdk's, on net_pcap ports that read {@code DIR/inP.pcap} and
 * write {@code DIR/NAMEP.pcap}: started, left running until its ports have sent the frames expected (DPDK's
 * telemetry, {@code /ethdev/stats} of ports 0 and 1), then stopped with Ctrl-C as a user stops it. Holds what it printed and reads
 * what its ports wrote, for oracle tests that give DPDK's app and jdpdk's the same command line and compare.
 *
 * @param dir  the directory of the pcaps
 * @param name the run's name: its TX pcaps are {@code NAME0.pcap}, {@code NAME1.pcap}, ...
 * @param log  everything it printed, standard output and error
 */
public record PcapRun(Path dir, String name, String log)
{
    private static final Pattern OPACKETS = Pattern.compile("\"opackets\": (\\d+)");
    private static final Pattern IPACKETS = Pattern.compile("\"ipackets\": (\\d+)");

    /**
     * Writes the input pcaps: {@code DIR/inP.pcap} holds {@code frames[P]} {@link Frames#mixed} frames of seed
     * {@code seed + P}.
     *
     * @return each port's frames, in order
     */
    public static List<List<byte[]>> inputs(final Path dir, final long seed, final int... frames) throws IOException
    {
        final List<List<byte[]>> inputs = new ArrayList<>();
        for (int port = 0; port < frames.length; port++)
        {
            final List<byte[]> in = Frames.mixed(frames[port], seed + port);
            Pcap.write(dir.resolve("in" + port + ".pcap"), in);
            inputs.add(in);
        }
        return inputs;
    }

    /**
     * The EAL arguments of a run named {@code name}: a {@code --file-prefix} of its own (for telemetry) and
     * {@code ports} net_pcap ports, port P reading {@code DIR/inP.pcap} once and writing {@code DIR/NAMEP.pcap}.
     */
    public static List<String> eal(final Path dir, final String name, final int ports)
    {
        final List<String> args = new ArrayList<>(List.of("--no-pci", "--in-memory", "--file-prefix=" +
            prefix(dir, name)));
        for (int port = 0; port < ports; port++)
        {
            args.add("--vdev=net_pcap" + port + ",rx_pcap=" + dir.resolve("in" + port + ".pcap") + ",tx_pcap=" +
                dir.resolve(name + port + ".pcap"));
        }
        return args;
    }

    /**
     * Runs {@code command} (arguments from {@link #eal} among them) until ports 0 and 1 have sent {@code sent} frames in
     * all, then stops it, with SIGINT as Ctrl-C does or else with SIGTERM, and asserts that it exits with
     * {@code exitStatus} (jdpdk's apps exit 130 after cleaning up). SIGTERM is for a program without a SIGINT
     * handler, such as DPDK's skeleton: started from a background job, as CI may run the tests, it inherits SIGINT
     * ignored and would not stop.
     *
     * @throws AssertionError when it ends early, sends fewer within 60 s, or exits otherwise, with its output
     */
    public static PcapRun run(final Path dir, final String name, final List<String> command, final long sent,
        final boolean ctrlC, final int exitStatus) throws Exception
    {
        return run(dir, name, command, OPACKETS, sent, 0, ctrlC, exitStatus);
    }

    /**
     * As {@link #run(Path, String, List, long, boolean, int)} for an app that may drop some of what it reads: it runs
     * until ports 0 and 1 have received {@code received} frames in all, and {@code settleMillis} more for what it
     * still buffers to go out, then gets Ctrl-C.
     */
    public static PcapRun runUntilReceived(final Path dir, final String name, final List<String> command,
        final long received, final long settleMillis, final int exitStatus) throws Exception
    {
        return run(dir, name, command, IPACKETS, received, settleMillis, true, exitStatus);
    }

    private static PcapRun run(final Path dir, final String name, final List<String> command, final Pattern counter,
        final long count, final long settleMillis, final boolean ctrlC, final int exitStatus) throws Exception
    {
        try (AppProcess process = AppProcess.startCommand(command))
        {
            awaitCount(prefix(dir, name), counter, count, process);
            Thread.sleep(settleMillis);
            if (ctrlC)
            {
                process.interrupt();
            }
            else
            {
                process.terminate();
            }
            assertEquals(exitStatus, process.waitFor(30), process.output());
            return new PcapRun(dir, name, process.output());
        }
        finally
        {
            Commands.removeDpdkFiles(prefix(dir, name));
        }
    }

    /** The frames port {@code port} wrote. */
    public List<byte[]> output(final int port) throws IOException
    {
        return Pcap.read(dir.resolve(name + port + ".pcap"));
    }

    /** Asserts the same frames, byte for byte, in the same order. */
    public static void assertFrames(final List<byte[]> expected, final List<byte[]> actual, final String what)
    {
        assertEquals(expected.size(), actual.size(), what + ": frames");
        for (int i = 0; i < expected.size(); i++)
        {
            assertArrayEquals(expected.get(i), actual.get(i), what + ", frame " + i);
        }
    }

    private static String prefix(final Path dir, final String name)
    {
        return "pr_" + name + "_" + ProcessHandle.current().pid() + "_" + Integer.toHexString(dir.hashCode());
    }

    /** Polls DPDK's telemetry until the {@code counter} of ports 0 and 1 adds up to {@code count}. */
    private static void awaitCount(final String prefix, final Pattern counter, final long count,
        final AppProcess process) throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true)
        {
            Thread.sleep(300);
            assertTrue(process.isAlive() && System.nanoTime() < deadline, "not all " + count + " frames " +
                (counter == OPACKETS ? "sent" : "received") + " in time:\n" + process.output());
            final String answer;
            try
            {
                answer = Commands.telemetry(prefix, "/ethdev/stats,0", "/ethdev/stats,1");
            }
            catch (final AssertionError notYetListening)
            {
                continue;
            }
            final Matcher m = counter.matcher(answer);
            long total = 0;
            while (m.find())
            {
                total += Long.parseLong(m.group(1));
            }
            if (total == count)
            {
                return;
            }
        }
    }
}
