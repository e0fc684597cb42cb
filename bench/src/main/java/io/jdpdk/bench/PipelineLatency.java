package io.jdpdk.bench;

import org.HdrHistogram.Histogram;

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
 * prints its percentiles and its whole histogram at the end.
 * <p>
 * Each load is measured twice, half the turns each: C started first, then jdpdk first. Which program was started
 * first changed the tails on this machine (the reason is not known); measured at an eighth of the saturation rate:
 * <ul>
 *   <li>C started first: jdpdk's p99 was the worse in all but 3 of 33 runs.</li>
 *   <li>jdpdk started first: C's p99 was the worse in 3 runs of 5.</li>
 *   <li>Two copies of jdpdk's program: the second's p99 was the worse in 10 runs of 12.</li>
 *   <li>Two copies of the C program: the second's was the worse in 3 runs of 6.</li>
 * </ul>
 * So each side's figures come from its two histograms added together, one from each order.
 */
final class PipelineLatency
{
    private static final Pattern LINE = Pattern.compile(
        "RX-to-TX latency per packet \\(ns\\): p50 (\\d+) p99 (\\d+) p99\\.9 (\\d+) max (\\d+) \\((\\d+) packets\\)");
    private static final Pattern HISTOGRAM = Pattern.compile(
        "RX-to-TX latency histogram \\(ns, highest equivalent value:count\\):(.*)");
    private static final Pattern STALE = Pattern.compile("Not recorded: (\\d+) packets older than");
    private static final String[] PERCENTILES = { "p50", "p99", "p99.9", "max" };
    /**
     * Seconds each side runs alone first, from its first packet: one less than its own warm-up (ring_handoff.c's 2 s,
     * PipelineScenario's 3 s, in which jdpdk's JIT compiles), so that both start recording during the turns.
     */
    private static final int C_WARMUP = 1;
    private static final int JAVA_WARMUP = 2;
    /** A p50 above this, at a load one side should keep up with, is a queue ({@link #run}). */
    private static final long QUEUED_P50_NANOS = 50_000;
    /** The smallest share of the saturation rate {@link #run} goes down to. */
    private static final int MAX_DIVISOR = 64;

    private final int turns;
    private final Summary summary;

    /**
     * @param turns   turns of 0.1 s each side takes, over both orders
     * @param summary where the rows go
     */
    PipelineLatency(final int turns, final Summary summary)
    {
        this.turns = turns;
        this.summary = summary;
    }

    /**
     * One side's figures, of one run or of runs added together: its histogram (p50, p99, p99.9, max) and the packets
     * it left out.
     *
     * @param histogram the packets' nanoseconds, in HdrHistogram's buckets of 3 significant digits
     * @param stale     packets in flight across a stop, not recorded
     */
    record Result(Histogram histogram, long stale)
    {
        /**
         * Reads a run's output: its whole histogram and the packets it left out, checked against the percentiles it
         * printed itself.
         *
         * @throws IllegalStateException naming the program when it printed no latency lines, or a histogram whose
         *                               percentiles are not those it printed
         */
        static Result parse(final String name, final String output)
        {
            final Matcher m = LINE.matcher(output);
            final Matcher h = HISTOGRAM.matcher(output);
            final Matcher stale = STALE.matcher(output);
            if (!m.find() || !h.find() || !stale.find())
            {
                throw new IllegalStateException(name + " printed no latency lines; its output:\n" + output);
            }
            final Histogram histogram = new Histogram(3);
            for (final String bucket : h.group(1).trim().split(" "))
            {
                if (!bucket.isEmpty())
                {
                    final int colon = bucket.indexOf(':');
                    histogram.recordValueWithCount(Long.parseLong(bucket.substring(0, colon)),
                        Long.parseLong(bucket.substring(colon + 1)));
                }
            }
            final Result result = new Result(histogram, Long.parseLong(stale.group(1)));
            final long[] ns = result.ns();
            for (int i = 0; i < ns.length; i++)
            {
                if (ns[i] != Long.parseLong(m.group(i + 1)))
                {
                    throw new IllegalStateException(name + "'s histogram gives " + PERCENTILES[i] + " " + ns[i] +
                        " ns, it printed " + m.group(i + 1) + "; its output:\n" + output);
                }
            }
            return result;
        }

        /** Both runs' packets: the histograms added, the stale counts summed. */
        Result plus(final Result other)
        {
            final Histogram sum = histogram.copy();
            sum.add(other.histogram);
            return new Result(sum, stale + other.stale);
        }

        /** p50, p99, p99.9 and max in nanoseconds, in {@link #PERCENTILES}' order, as HdrHistogram gives them. */
        long[] ns()
        {
            return new long[] { histogram.getValueAtPercentile(50), histogram.getValueAtPercentile(99),
                histogram.getValueAtPercentile(99.9), histogram.getMaxValue() };
        }

        private String format()
        {
            final long[] ns = ns();
            return String.format(Locale.ROOT, "p50 %7.2f  p99 %8.2f  p99.9 %8.2f  max %9.2f us  (%d packets " +
                "recorded, %d in flight across a stop left out)", ns[0] / 1e3, ns[1] / 1e3, ns[2] / 1e3, ns[3] / 1e3,
                histogram.getTotalCount(), stale);
        }
    }

    /**
     * Runs both sides taking turns at {@code saturation / divisor} packets per second, twice (C started first, then
     * jdpdk), prints each run and both added together, and adds a summary row per percentile of the sums (max is
     * printed only: one packet's figure).
     * <p>
     * A p50 above {@link #QUEUED_P50_NANOS} on either side is a standing queue, not the handoff's latency: that side
     * did not keep up with the offered load, which comes from the throughput turns run before, and the handoff's rate
     * moves with where the host puts the two vCPUs (C's rte_ring reached 26.4 Mpps in one run and 66.8 in the next
     * on this VM, and at 33.4 Mpps offered its p50 was 430 us). The load is then halved and both measured again, up
     * to 1/{@link #MAX_DIVISOR} of the saturation rate; the rows name the load measured.
     *
     * @param saturation aggregate packets per second over both ports that the slower side sent when free-running
     * @param divisor    the offered load's share of it: 2 for half, 8 for an eighth
     * @return the divisor of the load the rows are for: {@code divisor}, or a multiple of it when a side queued
     */
    int run(final double saturation, final int divisor) throws Exception
    {
        int share = divisor;
        while (true)
        {
            final Result[] sides = measure(saturation / share, share);
            final long cP50 = sides[0].ns()[0];
            final long javaP50 = sides[1].ns()[0];
            if (Math.max(cP50, javaP50) <= QUEUED_P50_NANOS || share >= MAX_DIVISOR)
            {
                report(sides[0], sides[1], saturation / share, share);
                return share;
            }
            System.out.printf(Locale.ROOT, "note: p50 C %.2f us, jdpdk %.2f us at %.2f Mpps: above %d us is a " +
                "queue, not the handoff's latency (the slower side no longer keeps up with the rate the throughput " +
                "turns reached); measuring again at 1/%d of it%n", cP50 / 1e3, javaP50 / 1e3, saturation / share / 1e6,
                QUEUED_P50_NANOS / 1000, share * 2);
            share *= 2;
        }
    }

    /** Both orders at {@code offered} packets per second; returns C's and jdpdk's histograms added over them. */
    private Result[] measure(final double offered, final int share) throws Exception
    {
        final int half = Math.max(1, (turns + 1) / 2);
        System.out.printf(Locale.ROOT, "== pipeline RX-to-TX latency per packet at %.2f Mpps offered (1/%d of the " +
            "saturation rate of the slower side), RX paced on the TSC, warm-ups excluded (C 2 s, jdpdk 3 s), no " +
            "statistics printed; taking turns of 0.1 s, %d each, C started first, then %d each, jdpdk started first%n",
            offered / 1e6, share, half, half);
        final String pps = Long.toString(Math.round(offered));
        final Result[] cFirst = runOnce(pps, half, false);
        final Result[] javaFirst = runOnce(pps, half, true);
        final Result c = cFirst[0].plus(javaFirst[0]);
        final Result java = cFirst[1].plus(javaFirst[1]);
        System.out.printf(Locale.ROOT, "both orders: C rte_ring      %s%n             jdpdk pipeline  %s%n", c.format(),
            java.format());
        return new Result[] { c, java };
    }

    private void report(final Result c, final Result java, final double offered, final int share)
    {
        final long[] cNs = c.ns();
        final long[] javaNs = java.ns();
        final StringBuilder line = new StringBuilder("C/jdpdk:");
        for (int i = 0; i < PERCENTILES.length; i++)
        {
            line.append(String.format(Locale.ROOT, "  %s %.2f/%.2f us (%.3f)", PERCENTILES[i], cNs[i] / 1e3,
                javaNs[i] / 1e3, (double)cNs[i] / javaNs[i]));
        }
        System.out.println(line);
        for (int i = 0; i < PERCENTILES.length - 1; i++)
        {
            summary.lowerIsBetter(String.format(Locale.ROOT, "pipeline RX-to-TX latency %s at %.1f Mpps, 1/%d of " +
                "saturation (C: rte_ring)", PERCENTILES[i], offered / 1e6, share), "us", cNs[i] / 1e3,
                javaNs[i] / 1e3);
        }
    }

    private static Result[] runOnce(final String pps, final int turns, final boolean javaFirst) throws Exception
    {
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
        final TakingTurns.Result turnsResult = TakingTurns.run(c, cPrefix, java, javaPrefix, 2, C_WARMUP, JAVA_WARMUP,
            turns, true, javaFirst);
        final Result cRun = Result.parse("ring_handoff latency", turnsResult.cOutput());
        final Result javaRun = Result.parse("PipelineScenario pipeline-latency", turnsResult.javaOutput());
        final String order = javaFirst ? "jdpdk first:" : "C first:    ";
        System.out.printf(Locale.ROOT, "%s C rte_ring      %s%n             jdpdk pipeline  %s%n", order,
            cRun.format(), javaRun.format());
        System.out.printf(Locale.ROOT, "             received in their turns: C %.2f Mpps, jdpdk %.2f Mpps%n",
            turnsResult.c() / 1e6, turnsResult.java() / 1e6);
        if (!turnsResult.problems().isEmpty())
        {
            System.out.println("note: " + String.join(", ", turnsResult.problems()));
        }
        return new Result[] { cRun, javaRun };
    }
}
