package io.jdpdk.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Two DPDK programs (a C one and a jdpdk one) measured taking turns on the same CPUs: both run at once, but only
 * one is ever running: the other is stopped ({@code SIGSTOP}) until its turn ({@code SIGCONT}). Each turn lasts
 * {@link #TURN_NANOS}; its rate is the {@code ipackets} delta of {@code /ethdev/stats} (DPDK's telemetry, read from
 * outside, {@link TelemetryRates}) between two reads taken while the program runs, over the time between them on
 * the harness's clock. The shared VMs this runs on drift by up to ±30 % over seconds, which programs run one after
 * the other cannot cancel; turns of 0.1 s can. Each program first runs alone for its warm-up (jdpdk's JIT), the
 * other stopped.
 */
final class TakingTurns
{
    /** One turn of each program. */
    static final long TURN_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** From SIGCONT to the first read of a turn: the program's threads are running again. */
    private static final long RESUME_NANOS = TimeUnit.MILLISECONDS.toNanos(3);
    /** Numbers this run's {@link #newPrefix()}es. */
    private static final AtomicInteger PREFIXES = new AtomicInteger();

    private TakingTurns()
    {
    }

    /**
     * What the turns measured.
     *
     * @param c        the C program's packets received per second (all ports) over all its turns
     * @param java     the jdpdk program's, likewise
     * @param cTx      the C program's packets sent per second
     * @param javaTx   the jdpdk program's
     * @param pairs    jdpdk's rate over C's in each pair of consecutive turns, sorted
     * @param problems non-zero error counters at the end, by program, e.g. "C: port 0 oerrors 12"
     * @param cOutput    what the C program printed, to its exit on SIGINT
     * @param javaOutput what the jdpdk program printed
     */
    record Result(double c, double java, double cTx, double javaTx, double[] pairs, List<String> problems,
        String cOutput, String javaOutput)
    {
        double ratio()
        {
            return java / c;
        }

        double pairMedian()
        {
            return pairs[pairs.length / 2];
        }
    }

    /**
     * A {@code --file-prefix} no other program of this run has: its runtime directory and telemetry socket.
     *
     * @return e.g. {@code jdpdk-bench-1234-3}
     */
    static String newPrefix()
    {
        return "jdpdk-bench-" + ProcessHandle.current().pid() + "-" + PREFIXES.incrementAndGet();
    }

    /**
     * {@link #run(List, String, List, String, int, int, int, int, boolean, boolean)} with the C program started
     * first.
     *
     * @throws IOException when either does not start, forward, answer telemetry or stop; the message has its output
     */
    static Result run(final List<String> cCommand, final String cPrefix, final List<String> javaCommand,
        final String javaPrefix, final int ports, final int cWarmup, final int javaWarmup, final int turns,
        final boolean quiet) throws IOException, InterruptedException
    {
        return run(cCommand, cPrefix, javaCommand, javaPrefix, ports, cWarmup, javaWarmup, turns, quiet, false);
    }

    /**
     * Starts {@code cCommand}, lets it forward {@code cWarmup} seconds, stops it; starts {@code javaCommand}, lets
     * it forward {@code javaWarmup} seconds, stops it (with {@code javaFirst}, the other way round); then {@code turns}
     * turns each, alternating which goes first in a pair (the one started first in the first pair); then SIGINT to
     * both. Each command's EAL arguments include {@code --file-prefix} of its prefix.
     * <p>
     * With {@code quiet}, a turn is only SIGCONT, {@link #TURN_NANOS} and SIGSTOP: no telemetry read wakes the
     * program's telemetry thread, which preempts its lcores for tens of microseconds, during its turns (latency
     * tails). Its rates are then its packets from the end of its warm-up to the end of the last turn over its turns'
     * time, and its pairs of turns are not known ({@code pairs} empty).
     *
     * @param javaFirst start the jdpdk program first: the order changed the pipeline's latency tails on this
     *                  machine ({@link PipelineLatency})
     * @throws IOException when either does not start, forward, answer telemetry or stop; the message has its output
     */
    static Result run(final List<String> cCommand, final String cPrefix, final List<String> javaCommand,
        final String javaPrefix, final int ports, final int cWarmup, final int javaWarmup, final int turns,
        final boolean quiet, final boolean javaFirst) throws IOException, InterruptedException
    {
        final Side c = new Side(cCommand, cPrefix);
        final Side java = new Side(javaCommand, javaPrefix);
        try
        {
            final Side[] sides = javaFirst ? new Side[] { java, c } : new Side[] { c, java };
            for (final Side side : sides)
            {
                side.start(ports, side == c ? cWarmup : javaWarmup);
                side.signal(ProcessSignals.SIGSTOP);
            }
            final double[][] rates = new double[2][turns]; // [0] C's, [1] jdpdk's
            for (int t = 0; t < turns; t++)
            {
                for (int k = 0; k < 2; k++)
                {
                    final Side side = sides[(t & 1) == 0 ? k : 1 - k]; // the one started first, first in even pairs
                    rates[side == c ? 0 : 1][t] = quiet ? side.quietTurn() : side.turn(ports);
                }
            }
            final double[] pairs = new double[quiet ? 0 : turns];
            for (int t = 0; t < pairs.length; t++)
            {
                pairs[t] = rates[1][t] / rates[0][t];
            }
            Arrays.sort(pairs);
            final List<String> problems = new ArrayList<>();
            for (final Side side : sides)
            {
                side.signal(ProcessSignals.SIGCONT);
                // Read as soon as it runs again (a stopped program's telemetry thread does not answer): the few
                // milliseconds since are counted into its quiet turns, as those between its warm-up's read and stop.
                final String[] last = TelemetryRates.read(side.telemetry, ports);
                if (quiet)
                {
                    side.countSinceWarmup(TelemetryRates.counts(last));
                }
                for (final String problem : TelemetryRates.problems(last))
                {
                    problems.add((side == c ? "C: " : "jdpdk: ") + problem);
                }
            }
            final String cOutput = c.stop();
            final String javaOutput = java.stop();
            return new Result(c.rx / c.seconds, java.rx / java.seconds, c.tx / c.seconds, java.tx / java.seconds,
                pairs, problems, cOutput, javaOutput);
        }
        finally
        {
            c.close();
            java.close();
        }
    }

    /** One program: its process, telemetry and what its turns added up to. */
    private static final class Side
    {
        private final List<String> command;
        private final String prefix;
        private final Path out;
        private Process process;
        private TelemetryClient telemetry;
        private long rx;
        private long tx;
        private double seconds;
        /** {@code ipackets} and {@code opackets} of each port at the end of the warm-up. */
        private long[][] warm;

        Side(final List<String> command, final String prefix) throws IOException
        {
            this.command = command;
            this.prefix = prefix;
            this.out = Files.createTempFile("jdpdk-bench", ".out");
        }

        /** Starts it with apps/bin's launchers' environment, waits for traffic, then {@code warmup} seconds. */
        void start(final int ports, final int warmup) throws IOException, InterruptedException
        {
            final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(out.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
            builder.environment().remove("JDPDK_MODULE"); // bench/bin/bench's own: apps/bin launchers run the apps
            process = builder.start();
            telemetry = TelemetryRates.connect(process, prefix, out);
            TelemetryRates.awaitTraffic(telemetry, process, ports, out);
            TimeUnit.SECONDS.sleep(warmup);
            warm = TelemetryRates.counts(TelemetryRates.read(telemetry, ports));
        }

        /** A turn without a telemetry read: SIGCONT, {@link #TURN_NANOS}, SIGSTOP. @return NaN (not measured) */
        double quietTurn() throws IOException, InterruptedException
        {
            final long start = System.nanoTime();
            signal(ProcessSignals.SIGCONT);
            TimeUnit.NANOSECONDS.sleep(TURN_NANOS);
            signal(ProcessSignals.SIGSTOP);
            seconds += (System.nanoTime() - start) / 1e9;
            return Double.NaN;
        }

        /** After quiet turns: its packets are those since the end of its warm-up, up to {@code last}. */
        void countSinceWarmup(final long[][] last)
        {
            for (int p = 0; p < last[0].length; p++)
            {
                rx += last[0][p] - warm[0][p];
                tx += last[1][p] - warm[1][p];
            }
        }

        /** One turn: SIGCONT, two reads {@link #TURN_NANOS} apart, SIGSTOP; @return packets received per second */
        double turn(final int ports) throws IOException, InterruptedException
        {
            signal(ProcessSignals.SIGCONT);
            TimeUnit.NANOSECONDS.sleep(RESUME_NANOS);
            final long[][] before = TelemetryRates.counts(TelemetryRates.read(telemetry, ports));
            final long start = System.nanoTime();
            TimeUnit.NANOSECONDS.sleep(TURN_NANOS);
            final long[][] after = TelemetryRates.counts(TelemetryRates.read(telemetry, ports));
            final long end = System.nanoTime();
            signal(ProcessSignals.SIGSTOP);
            long received = 0;
            for (int p = 0; p < ports; p++)
            {
                received += after[0][p] - before[0][p];
                tx += after[1][p] - before[1][p];
            }
            rx += received;
            seconds += (end - start) / 1e9;
            return received / ((end - start) / 1e9);
        }

        void signal(final int signal) throws IOException
        {
            if (!ProcessSignals.send(process, signal))
            {
                throw new IOException("kill(" + process.pid() + ", " + signal + ") failed: " + command.get(0) +
                    " has stopped; its output:\n" + Files.readString(out));
            }
        }

        /** SIGINT, and the wait for its exit. @return what it printed */
        String stop() throws IOException, InterruptedException
        {
            telemetry.close();
            telemetry = null;
            return TelemetryRates.stop(process, command, out);
        }

        /** Whatever state it is in: running again, then killed if still alive; its files removed. */
        void close() throws IOException, InterruptedException
        {
            if (telemetry != null)
            {
                telemetry.close();
            }
            if (process != null && process.isAlive())
            {
                signal(ProcessSignals.SIGCONT);
                process.destroyForcibly();
                process.waitFor(30, TimeUnit.SECONDS);
            }
            Files.deleteIfExists(out);
            TelemetryRates.removeRuntimeDir(prefix);
        }
    }
}
