package io.jdpdk.apps.stat;

import io.jdpdk.eal.Counters;
import org.agrona.concurrent.status.CountersReader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.File;
import java.io.PrintStream;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * The counters of running jdpdk processes, read from their memory-mapped counters files without touching
 * their datapath (Aeron's AeronStat for jdpdk). With no PID it lists the running jdpdk processes; with one it
 * shows that process's counters, refreshed every interval, each with its rate per second since the previous
 * screen, until the process exits, {@code --count} screens were shown, or Ctrl-C. While it watches, it asks the
 * process to sample DPDK's port and mempool numbers ({@link Counters#demandSamples}), which a jdpdk process does
 * only while someone reads.
 */
public final class JdpdkStat
{
    /** How long a screen waits for the process to sample, at most: its idle check and two sampling periods. */
    private static final long SAMPLE_WAIT_MS = Counters.IDLE_CHECK_MS + 2 * Counters.SAMPLE_PERIOD_MS;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
        .withZone(ZoneId.systemDefault());

    @Command(name = "jdpdk-stat", mixinStandardHelpOptions = true, sortOptions = false, version = "jdpdk-stat 0.1.0",
        description = {
            "With no PID: lists the running jdpdk processes (PID, start time, counters, command).",
            "With a PID: shows that process's counters live, with rates per second, until it exits or Ctrl-C.",
            "Exit status: 0, 1 when there is nothing to show, 2 after printing this usage."
        })
    static final class Options
    {
        @Parameters(arity = "0..1", paramLabel = "PID", description = "the jdpdk process to watch")
        Long pid;

        @Option(names = { "-i", "--interval" }, paramLabel = "SECONDS", description = "refresh period (default ${DEFAULT-VALUE})")
        double interval = 1.0;

        @Option(names = { "-n", "--count" }, paramLabel = "N", description = "stop after N screens (default: no limit)")
        int count;

        @Option(names = "--nonzero", description = "hide counters whose value is 0")
        boolean nonZero;
    }

    private JdpdkStat()
    {
    }

    /**
     * Runs the tool on standard output and error, then exits with its status: 0, 1 when there is nothing to
     * show, 2 for usage.
     *
     * @param args {@code [-i SECONDS] [-n N] [--nonzero] [PID]}
     */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * The whole tool; returns the exit code: 0, 1 when there is nothing to show, 2 for usage (bad arguments on
     * standard error, {@code --help} on standard output).
     */
    static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        final Options options = new Options();
        final CommandLine cli = new CommandLine(options);
        try
        {
            cli.parseArgs(args);
        }
        catch (final CommandLine.ParameterException ex)
        {
            err.println("jdpdk-stat: " + ex.getMessage());
            cli.usage(err);
            return 2;
        }
        if (cli.isVersionHelpRequested())
        {
            cli.printVersionHelp(out);
            return 0;
        }
        if (cli.isUsageHelpRequested())
        {
            cli.usage(out);
            return 2; // usage, and no counters shown: a non-zero exit, as for bad arguments
        }
        if (options.interval <= 0 || options.count < 0)
        {
            err.println("jdpdk-stat: --interval must be positive and --count at least 0");
            cli.usage(err);
            return 2;
        }
        return options.pid == null ? list(out, err) : watch(options, out, err);
    }

    /** The counters files of live processes, by pid. */
    static List<File> liveFiles()
    {
        final File[] found = Counters.directory().listFiles((dir, name) -> Counters.pidOf(new File(name)) > 0);
        final List<File> live = new ArrayList<>();
        for (final File file : found == null ? new File[0] : found)
        {
            if (ProcessHandle.of(Counters.pidOf(file)).map(ProcessHandle::isAlive).orElse(false))
            {
                live.add(file);
            }
        }
        live.sort(Comparator.comparingLong(Counters::pidOf));
        return live;
    }

    private static int list(final PrintStream out, final PrintStream err)
    {
        final List<File> files = liveFiles();
        if (files.isEmpty())
        {
            err.println("jdpdk-stat: no running jdpdk process (no live jdpdk-PID.counters in " + Counters.directory() + ")");
            return 1;
        }
        out.printf("%8s  %-19s  %8s  %s%n", "PID", "STARTED", "COUNTERS", "COMMAND");
        for (final File file : files)
        {
            final CountersReader reader = Counters.reader(file);
            final long[] started = { 0 };
            final String[] command = { "?" };
            final int[] n = { 0 };
            reader.forEach((value, id, label) ->
            {
                if (reader.getCounterTypeId(id) == Counters.PROCESS)
                {
                    started[0] = value;
                    command[0] = label.substring(label.indexOf(": ") + 2);
                }
                else
                {
                    n[0]++;
                }
            });
            out.printf("%8d  %-19s  %8d  %s%n", Counters.pidOf(file), TIME.format(Instant.ofEpochMilli(started[0])),
                n[0], command[0]);
        }
        return 0;
    }

    private static int watch(final Options options, final PrintStream out, final PrintStream err)
    {
        final long pid = options.pid;
        final File file = Counters.fileOf(pid);
        if (!file.exists() || ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true))
        {
            err.println("jdpdk-stat: PID " + pid + " is not a running jdpdk process (no " + file + ")");
            return 1;
        }
        final CountersReader reader = Counters.reader(file);
        final boolean terminal = System.console() != null && out == System.out;
        final long periodNanos = (long)(options.interval * 1e9);
        Map<String, Long> previous = null;
        long previousNanos = 0;
        for (int screen = 1; ; screen++)
        {
            // The process samples DPDK's port and mempool numbers only while someone reads: ask until well past the
            // next screen, and show a sample taken after asking.
            Counters.demandSamples(reader, System.currentTimeMillis() + 2 * periodNanos / 1_000_000 + 1000,
                SAMPLE_WAIT_MS);
            final long now = System.nanoTime();
            // Keyed by id and label: a freed counter's id is reused at once, and must not yield a rate.
            final Map<String, Long> values = new HashMap<>();
            final StringBuilder text = new StringBuilder();
            text.append(String.format("jdpdk-stat: PID %d, %s%n%4s %4s %20s %14s  %s%n", pid,
                TIME.format(Instant.now()), "ID", "TYPE", "VALUE", "RATE/s", "LABEL"));
            final Map<String, Long> before = previous;
            final double seconds = (now - previousNanos) / 1e9;
            reader.forEach((value, id, label) ->
            {
                final int type = reader.getCounterTypeId(id);
                values.put(id + " " + label, value);
                if (Counters.isProcessEntry(type) || (options.nonZero && value == 0))
                {
                    return;
                }
                final Long last = before == null ? null : before.get(id + " " + label);
                final String rate = last == null ? "-" : String.format("%.0f", (value - last) / seconds);
                text.append(String.format("%4d %4d %20d %14s  %s%n", id, type, value, rate, label));
            });
            out.print((terminal ? "\033[H\033[2J" : "") + text + (terminal ? "" : System.lineSeparator()));
            out.flush();
            if (options.count > 0 && screen >= options.count)
            {
                return 0;
            }
            previous = values;
            previousNanos = now;
            LockSupport.parkNanos(periodNanos);
            if (ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true))
            {
                out.println("jdpdk-stat: PID " + pid + " has exited");
                return 0;
            }
        }
    }

    /**
     * Prints one counters file once, a line per allocated counter: id, type, value, label (no rates).
     *
     * @param file a counters file, e.g. {@code Counters.fileOf(pid)}
     * @param out where the lines go
     */
    public static void print(final File file, final PrintStream out)
    {
        out.println(file.getName() + ":");
        final CountersReader reader = Counters.reader(file);
        reader.forEach((value, id, label) -> out.printf("%4d %4d %20d %s%n", id, reader.getCounterTypeId(id), value, label));
    }
}
