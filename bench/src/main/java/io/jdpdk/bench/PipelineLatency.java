package io.jdpdk.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Per-packet RX-to-TX latency of the two-lcore pipeline at a fixed offered load, jdpdk's Disruptor pipeline
 * ({@link PipelineScenario} {@code pipeline-latency}) beside the C rte_ring handoff (ring_handoff.c {@code latency}),
 * taking turns of 0.1 s ({@link TakingTurns}): both run at once, one stopped while the other runs, so that the VM's
 * drift (the same program's p50 moved from 0.25 to 0.70 us between runs a minute apart, one after the other) falls
 * on both alike. Both run the same way: RX on the main lcore (CPU 0) paced on the TSC to one RX round of a burst
 * per port every {@code 64 / offered} seconds, TX on lcore 1 (CPU 1); each packet stamped with a TSC reading in the
 * mbuf dynamic field {@code jdpdk_dynfield_rx_tsc} at RX and its difference taken as TX takes the burst, in nanoseconds,
 * into a histogram with HdrHistogram's buckets (3 significant digits) once its warm-up is over (C 2 s, jdpdk 3 s;
 * both end in the turns), told once per burst (all its packets share their stamp) on both sides. After a stop, each
 * starts its RX schedule afresh rather than catching up, and leaves out the packets that were in flight across the
 * stop (older than 50 ms at TX: counted and printed, not recorded). Neither prints statistics while it runs: each
 * prints its percentiles at the end.
 */
final class PipelineLatency
{
    private static final Pattern LINE = Pattern.compile(
        "RX-to-TX latency per packet \\(ns\\): p50 (\\d+) p99 (\\d+) p99\\.9 (\\d+) max (\\d+) \\((\\d+) packets\\)");
    private static final Pattern STALE = Pattern.compile("Not recorded: (\\d+) packets older than");
    private static final String[] PERCENTILES = { "p50", "p99", "p99.9", "max" };
    /**
     * Seconds each side runs alone first, from its first packet: one less than its own warm-up (ring_handoff.c's 2 s,
     * PipelineScenario's 3 s, in which jdpdk's JIT compiles), so that both start recording during the turns.
     */
    private static final int C_WARMUP = 1;
    private static final int JAVA_WARMUP = 2;

    private final int turns;
    private final Summary summary;

    /**
     * @param turns   turns of 0.1 s each side takes
     * @param summary where the rows go
     */
    PipelineLatency(final int turns, final Summary summary)
    {
        this.turns = turns;
        this.summary = summary;
    }

    /**
     * One side's figures: p50, p99, p99.9 and max in nanoseconds, the packets recorded, those left out.
     *
     * @param ns      the percentiles, in {@link #PERCENTILES}' order
     * @param packets packets in the histogram
     * @param stale   packets in flight across a stop, not recorded
     */
    record Result(long[] ns, long packets, long stale)
    {
        /**
         * Reads a run's output: its latency line and the packets it left out.
         *
         * @throws IllegalStateException naming the program when it printed no latency line
         */
        static Result parse(final String name, final String output)
        {
            final Matcher m = LINE.matcher(output);
            final Matcher stale = STALE.matcher(output);
            if (!m.find() || !stale.find())
            {
                throw new IllegalStateException(name + " printed no latency line; its output:\n" + output);
            }
            final long[] ns = new long[PERCENTILES.length];
            for (int i = 0; i < ns.length; i++)
            {
                ns[i] = Long.parseLong(m.group(i + 1));
            }
            return new Result(ns, Long.parseLong(m.group(5)), Long.parseLong(stale.group(1)));
        }

        private String format()
        {
            return String.format(Locale.ROOT, "p50 %7.2f  p99 %8.2f  p99.9 %8.2f  max %9.2f us  (%d packets " +
                "recorded, %d in flight across a stop left out)", ns[0] / 1e3, ns[1] / 1e3, ns[2] / 1e3, ns[3] / 1e3,
                packets, stale);
        }
    }

    /**
     * Runs both sides taking turns at {@code saturation / divisor} packets per second, prints both and adds a summary
     * row per percentile (max is printed only: one packet's figure).
     *
     * @param saturation aggregate packets per second over both ports that the slower side sent when free-running
     * @param divisor    the offered load's share of it: 2 for half, 8 for an eighth
     */
    void run(final double saturation, final int divisor) throws Exception
    {
        final double offered = saturation / divisor;
        final String pps = Long.toString(Math.round(offered));
        final List<String> eal = Bench.telemetryEalArgs();
        final String cPrefix = TakingTurns.newPrefix();
        final String javaPrefix = TakingTurns.newPrefix();
        final List<String> c = new ArrayList<>(List.of(Bench.nativePeer("ring_handoff")));
        c.addAll(eal);
        c.addAll(List.of("--file-prefix", cPrefix, "--", "latency", pps));
        final List<String> javaArgs = new ArrayList<>(List.of("pipeline-latency", pps));
        javaArgs.addAll(eal);
        javaArgs.addAll(List.of("--file-prefix", javaPrefix));
        final List<String> java = Peer.java(PipelineScenario.class, javaArgs.toArray(String[]::new));
        System.out.printf(Locale.ROOT, "== pipeline RX-to-TX latency per packet at %.2f Mpps offered (1/%d of the " +
            "saturation rate of the slower side), RX paced on the TSC, warm-ups excluded (C 2 s, jdpdk 3 s), no " +
            "statistics printed; taking turns of 0.1 s, %d each%n", offered / 1e6, divisor, turns);
        final TakingTurns.Result turnsResult = TakingTurns.run(c, cPrefix, java, javaPrefix, 2, C_WARMUP, JAVA_WARMUP,
            turns, true);
        final Result cRun = Result.parse("ring_handoff latency", turnsResult.cOutput());
        final Result javaRun = Result.parse("PipelineScenario pipeline-latency", turnsResult.javaOutput());
        System.out.printf(Locale.ROOT, "C rte_ring      %s%njdpdk pipeline  %s%n", cRun.format(), javaRun.format());
        System.out.printf(Locale.ROOT, "received in their turns: C %.2f Mpps, jdpdk %.2f Mpps%n", turnsResult.c() / 1e6,
            turnsResult.java() / 1e6);
        if (!turnsResult.problems().isEmpty())
        {
            System.out.println("note: " + String.join(", ", turnsResult.problems()));
        }
        final StringBuilder line = new StringBuilder("C/jdpdk:");
        for (int i = 0; i < PERCENTILES.length; i++)
        {
            line.append(String.format(Locale.ROOT, "  %s %.2f/%.2f us (%.3f)", PERCENTILES[i], cRun.ns()[i] / 1e3,
                javaRun.ns()[i] / 1e3, (double)cRun.ns()[i] / javaRun.ns()[i]));
        }
        System.out.println(line);
        for (int i = 0; i < PERCENTILES.length - 1; i++)
        {
            summary.lowerIsBetter(String.format(Locale.ROOT, "pipeline RX-to-TX latency %s at %.1f Mpps, 1/%d of " +
                "saturation (C: rte_ring)", PERCENTILES[i], offered / 1e6, divisor), "us", cRun.ns()[i] / 1e3,
                javaRun.ns()[i] / 1e3);
        }
    }
}
