package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.Tools;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An interactive testpmd, dpdk-testpmd or jdpdk's, given commands one at a time: each is sent after the prompt
 * and what it prints until the next prompt is kept, standard output and standard error apart, so that the two
 * testpmds can be compared command by command. dpdk-testpmd runs under {@code stdbuf -oL} so that its standard
 * output, a file here, reaches the file before the next prompt.
 */
final class TestPmdSession
{
    static final String PROMPT = "testpmd> ";
    /** The pseudo-command of {@link #run} that waits instead of sending. */
    static final String PAUSE = "#pause ";

    /**
     * What a session printed.
     *
     * @param commands per command, "testpmd&gt; COMMAND", then "stdout:" and what it printed there (the echo left
     *                 out, carriage returns dropped), then "stderr:" and what it printed there
     * @param stdout   the whole standard output, the exit's lines included
     */
    record Result(List<String> commands, String stdout)
    {
    }

    private TestPmdSession()
    {
    }

    /** Fails (under ./jdpdk test) or skips a test class whose oracle, dpdk-testpmd under stdbuf, is missing. */
    static void requireDpdkTestpmd()
    {
        Tools.require(Files.isExecutable(TestPmdRun.DPDK_TESTPMD), "dpdk-testpmd is not installed");
        Tools.require(Files.isExecutable(Path.of("/usr/bin/stdbuf")), "stdbuf (coreutils) is not installed");
    }

    /** The EAL arguments of {@link #onDevices}, devices aside. */
    private static final List<String> EAL = List.of("--in-memory", "--no-pci", "-l", "0-1",
        "--log-level=lib.eal:error");
    /** testpmd's arguments of {@link #onDevices}, more aside. */
    private static final List<String> APP = List.of("-i", "--total-num-mbufs=8192", "--no-flush-rx");
    private static final AtomicInteger TAPS = new AtomicInteger();

    /** A MAC address as testpmd prints it (net_tap and net_null draw theirs at random in each run). */
    private static final String MAC = "[0-9A-F]{2}(:[0-9A-F]{2}){5}";

    /**
     * Runs {@code commands} ({@link #onDevices}) in dpdk-testpmd, then in jdpdk's testpmd, and asserts that each
     * command's results are equal once {@code mask} has been applied to both.
     *
     * @return dpdk-testpmd's results, masked
     */
    static List<String> sameAsDpdk(final Path dir, final List<String> vdevs, final List<String> appArgs,
        final List<String> commands, final UnaryOperator<List<String>> mask) throws Exception
    {
        final List<String> dpdk = mask.apply(onDevices(true, dir, vdevs, appArgs, commands));
        assertEquals(dpdk, mask.apply(onDevices(false, dir, vdevs, appArgs, commands)));
        return dpdk;
    }

    /**
     * {@link #maskMacs}, and the packet counts of the forward statistics, which depend on how long forwarding ran.
     *
     * @return the results, masked
     */
    static List<String> maskCounts(final List<String> results)
    {
        return maskMacs(results).stream()
            .map(r -> r.replaceAll("(RX|TX)-(packets|dropped|total): *\\d+ *", "$1-$2: N ")).toList();
    }

    /** {@code results} with every MAC address written {@code MAC}. */
    static List<String> maskMacs(final List<String> results)
    {
        return results.stream().map(result -> result.replaceAll(MAC, "MAC")).toList();
    }

    /**
     * Each command's result ({@link #run}) in an interactive testpmd on {@code vdevs} (lcores 0 and 1, in memory),
     * given {@code appArgs} besides {@code -i --total-num-mbufs=8192 --no-flush-rx}.
     */
    static List<String> onDevices(final boolean dpdk, final Path dir, final List<String> vdevs,
        final List<String> appArgs, final List<String> commands) throws Exception
    {
        return run(dpdk, dir, args(vdevs, appArgs), commands).commands();
    }

    /** The whole command line of {@link #onDevices}: EAL's arguments, {@code vdevs}, {@code --}, testpmd's. */
    static List<String> args(final List<String> vdevs, final List<String> appArgs)
    {
        final List<String> args = new ArrayList<>(EAL);
        args.addAll(vdevs);
        args.add("--");
        args.addAll(APP);
        args.addAll(appArgs);
        return args;
    }

    /** How a run that was not interactive ended: its exit code and standard error. */
    record Exit(int code, String stderr)
    {
    }

    /**
     * Runs dpdk-testpmd ({@code dpdk}) or jdpdk's testpmd on {@code vdevs} as {@link #onDevices} does, but without
     * {@code -i} and with no input, for a run that ends by itself (a refused start-up, say); waits up to 60 s.
     */
    static Exit exitOnDevices(final boolean dpdk, final Path dir, final List<String> vdevs,
        final List<String> appArgs) throws Exception
    {
        final List<String> command = new ArrayList<>(dpdk ? List.of(TestPmdRun.DPDK_TESTPMD.toString()) :
            AppProcess.command(TestPmd.class));
        command.addAll(EAL);
        command.addAll(vdevs);
        command.add("--");
        command.addAll(APP.subList(1, APP.size()));
        command.addAll(appArgs);
        final Path stderr = Files.createTempFile(dir, dpdk ? "dpdk" : "jdpdk", ".err");
        final Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(stderr.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
        process.getOutputStream().close();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "ended by itself: " + command);
        return new Exit(process.exitValue(), Files.readString(stderr));
    }

    /** A {@code --vdev} of net_tap0 with an interface name no other run of this JVM uses. */
    static String tap()
    {
        return "--vdev=net_tap0,iface=jdtp" + (ProcessHandle.current().pid() % 100_000) + "x" + TAPS.incrementAndGet();
    }

    /**
     * Port 0 a net_tap ({@link #tap()}), port 1 a round-robin bond of it: the virtual device that reports its RSS
     * functions and key.
     */
    static List<String> bondedTap()
    {
        return List.of(tap(), "--vdev=net_bonding0,mode=0,slave=net_tap0");
    }

    /**
     * Runs dpdk-testpmd ({@code dpdk}) or jdpdk's testpmd with {@code args} (EAL arguments, "--", testpmd's, which
     * must include {@code -i}), sends each command and waits for the next prompt, then quits; asserts that it
     * exits 0. A command {@code #pause MS} sends nothing: it waits MS milliseconds (what the lcores print meanwhile
     * is in {@link Result#stdout} only), and is its own result.
     */
    static Result run(final boolean dpdk, final Path dir, final List<String> args, final List<String> commands)
        throws Exception
    {
        final List<String> command = new ArrayList<>(dpdk ? List.of("stdbuf", "-oL",
            TestPmdRun.DPDK_TESTPMD.toString()) : AppProcess.command(TestPmd.class));
        command.addAll(args);
        final String name = dpdk ? "dpdk" : "jdpdk";
        final Path stdout = Files.createTempFile(dir, name, ".out");
        final Path stderr = Files.createTempFile(dir, name, ".err");
        final Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile())
            .redirectError(stderr.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
        try
        {
            final OutputStream in = process.getOutputStream();
            int prompts = awaitPrompts(process, stdout, stderr, 1);
            final List<String> results = new ArrayList<>();
            for (final String line : commands)
            {
                if (line.startsWith(PAUSE))
                {
                    Thread.sleep(Long.parseLong(line.substring(PAUSE.length())));
                    results.add(line);
                    continue;
                }
                final int outFrom = read(stdout).length();
                final int errFrom = read(stderr).length();
                in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                in.flush();
                prompts = awaitPrompts(process, stdout, stderr, prompts + 1);
                final String out = read(stdout);
                final String printed = out.substring(outFrom, out.lastIndexOf(PROMPT)).replace("\r", "");
                final int echo = printed.indexOf('\n');
                assertEquals(line, printed.substring(0, Math.max(0, echo)), name + " echoes the command: " + out);
                results.add(PROMPT + line + "\nstdout:\n" + printed.substring(echo + 1) + "stderr:\n" +
                    read(stderr).substring(errFrom));
            }
            in.write("quit\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
            in.close();
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), name + " did not quit:\n" + read(stdout));
            assertEquals(0, process.exitValue(), name + ":\n" + read(stdout) + read(stderr));
            return new Result(results, read(stdout));
        }
        finally
        {
            process.destroyForcibly();
        }
    }

    /** Waits until standard output holds {@code count} prompts; returns it. */
    private static int awaitPrompts(final Process process, final Path stdout, final Path stderr, final int count)
        throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (read(stdout).split(PROMPT, -1).length - 1 < count)
        {
            if (System.nanoTime() > deadline || !process.isAlive())
            {
                throw new AssertionError("no prompt " + count + " in:\n" + read(stdout) + "\nstderr:\n" +
                    read(stderr));
            }
            Thread.sleep(20);
        }
        return count;
    }

    private static String read(final Path file) throws IOException
    {
        return Files.readString(file, StandardCharsets.ISO_8859_1);
    }
}
