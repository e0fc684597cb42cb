package io.jdpdk.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads a DPDK process from outside, through DPDK's telemetry socket ({@link TelemetryClient}), so a C app and a
 * jdpdk app are measured by the same code from the same counters whatever each prints ({@link TakingTurns}): the
 * process is started with {@code --file-prefix PREFIX}; its socket is awaited, then traffic on every port; its
 * {@code /ethdev/stats,N} counters read; then SIGINT, as a user would stop it, and its EAL runtime directory (the
 * run's own prefix) removed.
 */
final class TelemetryRates
{
    private static final Pattern IPACKETS = Pattern.compile("\"ipackets\":\\s*(\\d+)");
    private static final Pattern OPACKETS = Pattern.compile("\"opackets\":\\s*(\\d+)");
    private static final Pattern[] PROBLEMS = {
        Pattern.compile("\"(imissed)\":\\s*(\\d+)"), Pattern.compile("\"(ierrors)\":\\s*(\\d+)"),
        Pattern.compile("\"(oerrors)\":\\s*(\\d+)"), Pattern.compile("\"(rx_nombuf)\":\\s*(\\d+)") };
    private static final long STARTUP_SECONDS = 120;

    private TelemetryRates()
    {
    }

    /** Non-zero imissed, ierrors, oerrors, rx_nombuf in {@code /ethdev/stats} answers, e.g. "port 0 oerrors 12". */
    static List<String> problems(final String[] answers)
    {
        final List<String> problems = new ArrayList<>();
        for (int p = 0; p < answers.length; p++)
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
        return problems;
    }

    /** Waits for the telemetry socket of {@code prefix} to take a connection, while the process lives. */
    static TelemetryClient connect(final Process process, final String prefix, final Path out)
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
    static long[][] awaitTraffic(final TelemetryClient telemetry, final Process process, final int ports,
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

    /** {@code /ethdev/stats,N} of ports 0 to {@code ports - 1}. */
    static String[] read(final TelemetryClient telemetry, final int ports) throws IOException
    {
        final String[] answers = new String[ports];
        for (int p = 0; p < ports; p++)
        {
            answers[p] = telemetry.query("/ethdev/stats," + p);
        }
        return answers;
    }

    /** ipackets ([0][port]) and opackets ([1][port]) of {@code /ethdev/stats} answers. */
    static long[][] counts(final String[] answers) throws IOException
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
    static String stop(final Process process, final List<String> command, final Path out)
        throws IOException, InterruptedException
    {
        ProcessSignals.send(process, ProcessSignals.SIGINT);
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
