package io.jdpdk.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Per-packet RX-to-TX latency of the two-lcore pipeline at a fixed offered load, jdpdk's Disruptor pipeline
 * ({@link PipelineScenario} {@code pipeline-latency}) beside the C rte_ring handoff (ring_handoff.c {@code latency}),
 * alternating round by round. Both sides run the same way: RX on the main lcore (CPU 0) paced on the TSC to one
 * RX round of a burst per port every {@code 64 / offered} seconds, TX on lcore 1 (CPU 1); each packet stamped with
 * a TSC reading in the mbuf dynamic field {@code jdpdk_dynfield_rx_tsc} at RX and its difference taken just
 * before TX, in nanoseconds, into a histogram with HdrHistogram's buckets (3 significant digits) from the third
 * second on. Neither prints statistics while it runs: each prints, at the end, the packets its ports sent while
 * recording, and its percentiles. Each side's figure per percentile is its best (lowest) round.
 */
final class PipelineLatency
{
    private static final Pattern LINE = Pattern.compile(
        "RX-to-TX latency per packet \\(ns\\): p50 (\\d+) p99 (\\d+) p99\\.9 (\\d+) max (\\d+) \\((\\d+) packets\\)");
    private static final Pattern SENT = Pattern.compile("Sent while recording: (\\d+) packets in ([0-9.]+) s");
    private static final String[] PERCENTILES = { "p50", "p99", "p99.9", "max" };

    private final int seconds;
    private final int rounds;
    private final Summary summary;

    PipelineLatency(final int seconds, final int rounds, final Summary summary)
    {
        this.seconds = seconds;
        this.rounds = rounds;
        this.summary = summary;
    }

    /**
     * One run's figures: p50, p99, p99.9 and max in nanoseconds, the packets recorded, the Tx rate of both ports.
     *
     * @param ns      the percentiles, in {@link #PERCENTILES}' order
     * @param packets packets in the histogram
     * @param txPps   the aggregate Tx rate while recording, packets per second
     */
    record Result(long[] ns, long packets, double txPps)
    {
        /**
         * Reads a run's output: its latency line and the packets it sent while recording.
         *
         * @throws IllegalStateException naming the program when it printed no latency line
         */
        static Result parse(final String name, final String output)
        {
            final Matcher m = LINE.matcher(output);
            final Matcher sent = SENT.matcher(output);
            if (!m.find() || !sent.find())
            {
                throw new IllegalStateException(name + " printed no latency line; its output:\n" + output);
            }
            final long[] ns = new long[PERCENTILES.length];
            for (int i = 0; i < ns.length; i++)
            {
                ns[i] = Long.parseLong(m.group(i + 1));
            }
            return new Result(ns, Long.parseLong(m.group(5)), Long.parseLong(sent.group(1)) /
                Double.parseDouble(sent.group(2)));
        }

        private String format()
        {
            return String.format(Locale.ROOT, "p50 %7.2f  p99 %8.2f  p99.9 %8.2f  max %9.2f us  (%.2f Mpps sent, " +
                "%d packets)", ns[0] / 1e3, ns[1] / 1e3, ns[2] / 1e3, ns[3] / 1e3, txPps / 1e6, packets);
        }
    }

    /**
     * Runs both sides {@code rounds} times at {@code offered} packets per second, prints every round and the best,
     * and adds a summary row per percentile (max is printed only: one packet's figure).
     *
     * @param offered aggregate packets per second over both ports
     */
    void run(final double offered) throws Exception
    {
        final String pps = Long.toString(Math.round(offered));
        final List<String> c = new ArrayList<>(List.of(Bench.nativePeer("ring_handoff")));
        c.addAll(Bench.ealArgs());
        c.addAll(List.of("--", "latency", pps));
        final List<String> javaArgs = new ArrayList<>(List.of("pipeline-latency", pps));
        javaArgs.addAll(Bench.ealArgs());
        final List<String> java = Peer.java(PipelineScenario.class, javaArgs.toArray(String[]::new));
        System.out.printf(Locale.ROOT, "== pipeline RX-to-TX latency per packet at %.2f Mpps offered (half the " +
            "saturation rate of the slower side), RX paced on the TSC, warm-up 2 s excluded, no statistics printed (%d s x %d " +
            "rounds)%n",
            offered / 1e6, seconds, rounds);
        final Result[] cRuns = new Result[rounds];
        final Result[] javaRuns = new Result[rounds];
        for (int r = 0; r < rounds; r++)
        {
            cRuns[r] = Result.parse("ring_handoff latency", Peer.run(c, seconds));
            javaRuns[r] = Result.parse("PipelineScenario pipeline-latency", Peer.run(java, seconds));
            System.out.println("round " + (r + 1) + ": C rte_ring     " + cRuns[r].format());
            System.out.println("         jdpdk pipeline " + javaRuns[r].format());
        }
        final long[] cBest = best(cRuns);
        final long[] javaBest = best(javaRuns);
        final StringBuilder line = new StringBuilder("best:    C/jdpdk");
        for (int i = 0; i < PERCENTILES.length; i++)
        {
            line.append(String.format(Locale.ROOT, "  %s %.2f/%.2f us (%.3f)", PERCENTILES[i], cBest[i] / 1e3,
                javaBest[i] / 1e3, (double)cBest[i] / javaBest[i]));
        }
        System.out.println(line);
        for (int i = 0; i < PERCENTILES.length - 1; i++)
        {
            summary.lowerIsBetter(String.format(Locale.ROOT, "pipeline RX-to-TX latency %s at %.1f Mpps (C: rte_ring)",
                PERCENTILES[i], offered / 1e6), "us", cBest[i] / 1e3, javaBest[i] / 1e3);
        }
    }

    /** Per percentile, the lowest of the runs. */
    private static long[] best(final Result[] runs)
    {
        final long[] best = new long[PERCENTILES.length];
        Arrays.fill(best, Long.MAX_VALUE);
        for (final Result run : runs)
        {
            for (int i = 0; i < best.length; i++)
            {
                best[i] = Math.min(best[i], run.ns()[i]);
            }
        }
        return best;
    }
}
