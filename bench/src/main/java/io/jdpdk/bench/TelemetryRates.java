package io.jdpdk.bench;

import java.io.IOException;
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
import java.util.stream.Stream;

/**
 * Measures one DPDK process from outside, through DPDK's telemetry socket ({@link TelemetryClient}), so a C app
 * and a jdpdk app are measured by the same code from the same counters whatever each prints: the process is
 * started with {@code --file-prefix PREFIX}; once every port has received something, {@code /ethdev/stats,N} is
 * read for each port every second, and each interval's rate is the {@code ipackets} and {@code opackets} deltas
 * over the time between the reads (taken on the harness's clock). Then SIGINT, as a user would stop it, and its
 * EAL runtime directory (this run's own prefix) is removed.
 */
final class TelemetryRates
{
    private static final Pattern IPACKETS = Pattern.compile("\"ipackets\":\\s*(\\d+)");
    private static final Pattern OPACKETS = Pattern.compile("\"opackets\":\\s*(\\d+)");
    private static final Pattern[] PROBLEMS = {
        Pattern.compile("\"(imissed)\":\\s*(\\d+)"), Pattern.compile("\"(ierrors)\":\\s*(\\d+)"),
        Pattern.compile("\"(oerrors)\":\\s*(\\d+)"), Pattern.compile("\"(rx_nombuf)\":\\s*(\\d+)") };
    private static final long STARTUP_SECONDS = 120;
    private static final long PERIOD_NANOS = TimeUnit.SECONDS.toNanos(1);

    private TelemetryRates()
    {
    }

    /**
     * Packets per second of each port over one interval.
     *
     * @param rx ipackets delta per second, by port
     * @param tx opackets delta per second, by port
     */
    record Interval(double[] rx, double[] tx)
    {
        double rxTotal()
        {
            return Arrays.stream(rx).sum();
        }

        double txTotal()
        {
            return Arrays.stream(tx).sum();
        }
    }

    /**
     * What one run measured.
     *
     * @param median    the measured interval of median total RX rate (warm-up intervals left out)
     * @param intervals every interval, warm-up first
     * @param problems  non-zero imissed, ierrors, oerrors, rx_nombuf at the last read, e.g. "port 0 oerrors 12"
     * @param output    everything the process printed
     */
    record Result(Interval median, List<Interval> intervals, List<String> problems, String output)
    {
    }

    /**
     * Runs {@code command} (whose EAL arguments include {@code --file-prefix prefix}), measures {@code warmup}
     * then {@code measured} one-second intervals once every one of {@code ports} ports has received packets, and
     * stops it with SIGINT.
     *
     * @throws IOException when it does not start, its telemetry does not answer, or it does not stop on SIGINT;
     *                     the message has its output
     */
    static Result run(final List<String> command, final String prefix, final int ports, final int warmup,
        final int measured) throws IOException, InterruptedException
    {
        final Path out = Files.createTempFile("jdpdk-bench", ".out");
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile())
            .redirectInput(ProcessBuilder.Redirect.PIPE).start();
        try
        {
            final List<Interval> intervals = new ArrayList<>();
            final List<String> problems = new ArrayList<>();
            try (TelemetryClient telemetry = connect(process, prefix, out))
            {
                long[][] last = awaitTraffic(telemetry, process, ports, out);
                long lastNanos = System.nanoTime();
                final long start = lastNanos;
                String[] answers = new String[ports];
                for (int i = 1; i <= warmup + measured; i++)
                {
                    final long wake = start + i * PERIOD_NANOS;
                    TimeUnit.NANOSECONDS.sleep(Math.max(0, wake - System.nanoTime()));
                    answers = read(telemetry, ports);
                    final long now = System.nanoTime();
                    final long[][] stats = counts(answers);
                    final double seconds = (now - lastNanos) / 1e9;
                    final double[] rx = new double[ports];
                    final double[] tx = new double[ports];
                    for (int p = 0; p < ports; p++)
                    {
                        rx[p] = (stats[0][p] - last[0][p]) / seconds;
                        tx[p] = (stats[1][p] - last[1][p]) / seconds;
                    }
                    intervals.add(new Interval(rx, tx));
                    last = stats;
                    lastNanos = now;
                }
                for (int p = 0; p < ports; p++)
                {
                    for (final Pattern problem : PROBLEMS)
                    {
                        final Matcher m = problem.matcher(answers[p]);
                        if (m.find() && Long.parseLong(m.group(2)) != 0)
                        {
                            problems.add("port " + p + " " + m.group(1) + " " + m.group(2));
                        }
                    }
                }
            }
            final String output = stop(process, command, out);
            final Interval[] sorted = intervals.subList(warmup, intervals.size()).toArray(Interval[]::new);
            Arrays.sort(sorted, Comparator.comparingDouble(Interval::rxTotal));
            return new Result(sorted[sorted.length / 2], List.copyOf(intervals), List.copyOf(problems), output);
        }
        finally
        {
            if (process.isAlive())
            {
                process.destroyForcibly();
                process.waitFor(30, TimeUnit.SECONDS);
            }
            Files.deleteIfExists(out);
            removeRuntimeDir(prefix);
        }
    }

    /** Waits for the telemetry socket of {@code prefix} to take a connection, while the process lives. */
    private static TelemetryClient connect(final Process process, final String prefix, final Path out)
        throws IOException, InterruptedException
    {
        final Path socket = TelemetryClient.socketPath(prefix);
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STARTUP_SECONDS);
        IOException last = null;
        while (System.nanoTime() < deadline)
        {
            if (!process.isAlive())
            {
                throw new IOException("the process stopped before its telemetry socket " + socket + " answered; " +
                    "its output:\n" + Files.readString(out, StandardCharsets.UTF_8));
            }
            if (Files.exists(socket))
            {
                try
                {
                    return TelemetryClient.connect(prefix);
                }
                catch (final IOException ex)
                {
                    last = ex;
                }
            }
            Thread.sleep(100);
        }
        throw new IOException("no telemetry socket " + socket + " answered in " + STARTUP_SECONDS + " s (" + last +
            "); the process printed:\n" + Files.readString(out, StandardCharsets.UTF_8));
    }

    /** Waits until every port has received packets (ports started, lcores forwarding); @return those counts */
    private static long[][] awaitTraffic(final TelemetryClient telemetry, final Process process, final int ports,
        final Path out) throws IOException, InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STARTUP_SECONDS);
        while (System.nanoTime() < deadline && process.isAlive())
        {
            final long[][] counts = counts(read(telemetry, ports));
            if (Arrays.stream(counts[0]).allMatch(n -> n > 0))
            {
                return counts;
            }
            Thread.sleep(100);
        }
        throw new IOException("the ports received nothing in " + STARTUP_SECONDS + " s; the process printed:\n" +
            Files.readString(out, StandardCharsets.UTF_8));
    }

    private static String[] read(final TelemetryClient telemetry, final int ports) throws IOException
    {
        final String[] answers = new String[ports];
        for (int p = 0; p < ports; p++)
        {
            answers[p] = telemetry.query("/ethdev/stats," + p);
        }
        return answers;
    }

    /** ipackets ([0][port]) and opackets ([1][port]) of {@code /ethdev/stats} answers. */
    private static long[][] counts(final String[] answers) throws IOException
    {
        final long[][] counts = new long[2][answers.length];
        for (int p = 0; p < answers.length; p++)
        {
            counts[0][p] = number(IPACKETS, answers[p]);
            counts[1][p] = number(OPACKETS, answers[p]);
        }
        return counts;
    }

    private static long number(final Pattern pattern, final String json) throws IOException
    {
        final Matcher m = pattern.matcher(json);
        if (!m.find())
        {
            throw new IOException("telemetry answered without " + pattern.pattern() + ": " + json);
        }
        return Long.parseLong(m.group(1));
    }

    /** SIGINT, then up to 30 s for the process to clean up and exit; @return what it printed */
    private static String stop(final Process process, final List<String> command, final Path out)
        throws IOException, InterruptedException
    {
        new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
        if (!process.waitFor(30, TimeUnit.SECONDS))
        {
            throw new IOException(command.get(0) + " did not stop on SIGINT; its output:\n" +
                Files.readString(out, StandardCharsets.UTF_8));
        }
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    /** DPDK leaves a primary's runtime directory behind; this prefix is the run's own. */
    static void removeRuntimeDir(final String prefix) throws IOException
    {
        final Path dir = TelemetryClient.runtimeDir(prefix);
        if (Files.isDirectory(dir))
        {
            try (Stream<Path> files = Files.list(dir))
            {
                for (final Path file : (Iterable<Path>)files::iterator)
                {
                    Files.deleteIfExists(file);
                }
            }
            Files.deleteIfExists(dir);
        }
    }
}
