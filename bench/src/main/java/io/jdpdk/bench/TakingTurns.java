package io.jdpdk.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
     */
    record Result(double c, double java, double cTx, double javaTx, double[] pairs, List<String> problems)
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
     * Starts {@code cCommand}, lets it forward {@code cWarmup} seconds, stops it; starts {@code javaCommand}, lets
     * it forward {@code javaWarmup} seconds; then {@code turns} turns each, alternating which goes first in a pair;
     * then SIGINT to both. Each command's EAL arguments include {@code --file-prefix} of its prefix.
     *
     * @throws IOException when either does not start, forward, answer telemetry or stop; the message has its output
     */
    static Result run(final List<String> cCommand, final String cPrefix, final List<String> javaCommand,
        final String javaPrefix, final int ports, final int cWarmup, final int javaWarmup, final int turns)
        throws IOException, InterruptedException
    {
        final Side c = new Side(cCommand, cPrefix);
        Side java = null;
        try
        {
            c.start(ports, cWarmup);
            c.signal(ProcessSignals.SIGSTOP);
            java = new Side(javaCommand, javaPrefix);
            java.start(ports, javaWarmup);
            java.signal(ProcessSignals.SIGSTOP);
            final double[][] rates = new double[2][turns];
            final Side[] sides = { c, java };
            for (int t = 0; t < turns; t++)
            {
                for (int k = 0; k < 2; k++)
                {
                    final int s = (t & 1) == 0 ? k : 1 - k; // C first in even pairs, jdpdk first in odd ones
                    rates[s][t] = sides[s].turn(ports);
                }
            }
            final double[] pairs = new double[turns];
            for (int t = 0; t < turns; t++)
            {
                pairs[t] = rates[1][t] / rates[0][t];
            }
            Arrays.sort(pairs);
            final List<String> problems = new ArrayList<>();
            for (final Side side : sides)
            {
                side.signal(ProcessSignals.SIGCONT);
                for (final String problem : TelemetryRates.problems(TelemetryRates.read(side.telemetry, ports)))
                {
                    problems.add((side == c ? "C: " : "jdpdk: ") + problem);
                }
            }
            c.stop();
            java.stop();
            return new Result(c.rx / c.seconds, java.rx / java.seconds, c.tx / c.seconds, java.tx / java.seconds,
                pairs, problems);
        }
        finally
        {
            c.close();
            if (java != null)
            {
                java.close();
            }
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

        void stop() throws IOException, InterruptedException
        {
            telemetry.close();
            telemetry = null;
            TelemetryRates.stop(process, command, out);
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
