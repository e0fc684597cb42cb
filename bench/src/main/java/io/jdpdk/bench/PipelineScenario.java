package io.jdpdk.bench;

import io.jdpdk.apps.common.AppArgs;
import io.jdpdk.apps.common.NicStats;
import io.jdpdk.apps.common.Shutdown;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.Lcore;
import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;
import io.jdpdk.pmd.PortStats;
import io.jdpdk.pmd.pipeline.BurstFunction;
import io.jdpdk.pmd.pipeline.Pipeline;
import io.jdpdk.pmd.pipeline.RunToCompletion;
import io.jdpdk.pmd.pipeline.RxQueue;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.NoOpIdleStrategy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Locale;

/**
 * jdpdk's side of the pipeline benchmark, io forwarding (port 0 &lt;-&gt; 1) on two net_null ports:
 * <ul>
 *   <li>{@code rtc}: {@link RunToCompletion} on one worker lcore;</li>
 *   <li>{@code pipeline}: RX on the first worker lcore → Disruptor ring → TX on the second;</li>
 *   <li>{@code pipeline-latency PPS}: RX → Disruptor ring → TX at a fixed offered load of PPS packets per
 *   second, as ring_handoff.c's {@code latency} mode does it in C: RX runs on the main lcore (the main thread,
 *   pinned to its CPU as C's main lcore is, {@link Eal#pinToMainLcore()}), whose loop does one
 *   RX round over the ports (a burst of 32 from each) only when the schedule on the TSC says so, a round every
 *   32 * ports / PPS seconds (a late round runs at once); TX on the first worker lcore, which polls its ring
 *   without pausing ({@link NoOpIdleStrategy}), as ring_handoff.c's TX loop polls rte_ring: the pipeline's default,
 *   {@link BusySpinIdleStrategy}, executes a PAUSE after each empty poll, which added about 40 ns to the p50 at an
 *   eighth of the saturation rate (six runs of 60 turns each, both variants at 5 Mpps, both start orders). The
 *   pipeline's
 *   {@link Pipeline.Builder#onTxLatency} gives the packets' RX-to-TX nanoseconds once per burst (TSC stamp in an
 *   mbuf dynamic field), recorded with their count in an HdrHistogram (3 significant digits) from the fourth second
 *   of the loop on (warm-up)
 *   and printed at exit as p50, p99, p99.9 and max, with the packets sent meanwhile, and whole (its non-empty
 *   buckets, as ring_handoff.c prints its own); no statistics blocks. For
 *   the bench's turns ({@link PipelineLatency}: SIGSTOP and SIGCONT every 100 ms), as ring_handoff.c: a loop more
 *   than {@link #MAX_LATE_MILLIS} behind its schedule (stopped) starts it afresh instead of catching up and records
 *   nothing for {@link #SETTLE_MILLIS}, and a packet older than {@link #STALE_NANOS} at TX (in flight while the
 *   process was stopped) is counted, not recorded.</li>
 * </ul>
 * Prints testpmd's statistics block every second until SIGINT (but in {@code pipeline-latency}).
 * Arguments: {@code rtc|pipeline|pipeline-latency PPS} then EAL arguments.
 */
public final class PipelineScenario
{
    private static final BurstFunction IO_FWD = burst -> burst.sendAllTo(burst.inPort() ^ 1);
    /** Seconds of the paced loop before latency is recorded, as in ring_handoff.c. */
    private static final int WARMUP_SECONDS = 3;
    /** The histograms' range: 10 s in nanoseconds, 3 significant digits. */
    private static final long HIGHEST_NANOS = 10_000_000_000L;
    /**
     * Where the TX lcore records: {@code [0]} during the warm-up, {@code [1]} after it, the one printed. Chosen by
     * indexing with {@link #phase} rather than by a test, so that the code recording after the warm-up is the code
     * the JIT compiled during it: a branch never taken in the warm-up would be compiled as a trap, and taking it
     * would send the TX lcore back to the interpreter, and its CPU to the compiler, just as recording starts. For
     * the same reason {@code [1]} starts with the two ends of the range recorded ({@link #seeds()}), so that no
     * value moves its minimum or maximum (updates that stop early in the warm-up); they are taken out at the end.
     */
    private static final Histogram[] LATENCY = { new Histogram(HIGHEST_NANOS, 3), seeds(), seeds() };
    /** How far the paced loop may fall behind before it starts its schedule afresh: ring_handoff.c's MAX_LATE_MS. */
    private static final long MAX_LATE_MILLIS = 20;
    /**
     * A packet this old at TX was in flight while the bench had the process stopped: ring_handoff.c's STALE_MS. It
     * goes to {@code LATENCY[2]}, only counted.
     */
    private static final long STALE_NANOS = 50_000_000L;
    /** Nothing is recorded for this long after a resume: ring_handoff.c's SETTLE_MS. */
    private static final long SETTLE_MILLIS = 5;
    /**
     * 1 while the TX lcore records, else 0: written by {@link #runPaced}'s loop every RX round (release stores), 1
     * once the warm-up is over but for {@link #SETTLE_MILLIS} after each resume; read by the TX lcore per packet.
     */
    private static volatile int phase;
    private static final VarHandle PHASE;
    /** 1 once the warm-up thread has found the warm-up over. */
    private static volatile int warmedUp;

    static
    {
        try
        {
            PHASE = MethodHandles.lookup().findStaticVarHandle(PipelineScenario.class, "phase", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private PipelineScenario()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final String mode = args[0];
        final boolean paced = "pipeline-latency".equals(mode);
        final double offered = paced ? Double.parseDouble(args[1]) : 0;
        final int ealFrom = paced ? 2 : 1;
        final Shutdown shutdown = new Shutdown();
        final NicStats stats = new NicStats();
        try (Eal eal = Eal.init(AppArgs.split(java.util.Arrays.copyOfRange(args, ealFrom, args.length)).eal()))
        {
            Port.requireVdevsProbed(eal.args());
            final Mempool pool = Mempool.create("MBUF_POOL", 16383, 250);
            final Port p0 = Port.of(0).configure(new PortConfig().mempool(pool)).start();
            final Port p1 = Port.of(1).configure(new PortConfig().mempool(pool)).start();
            final RxQueue[] queues = { new RxQueue(p0, 0), new RxQueue(p1, 0) };
            Pipeline pipeline = null;
            final Lcore first = eal.workers().get(0);
            if ("rtc".equals(mode))
            {
                first.launch(new RunToCompletion(IO_FWD, 0, 32, queues), new BusySpinIdleStrategy());
            }
            else if (paced)
            {
                pipeline = Pipeline.builder().rxOnMainLcore(queues).workers(IO_FWD).tx(first)
                    .idle(NoOpIdleStrategy::new).onTxLatency(PipelineScenario::record).build();
                pipeline.start();
                try (Eal.Pinning _ = eal.pinToMainLcore())
                {
                    runPaced(pipeline.mainLcoreAgent(), eal.tscHz(), 32 * queues.length / offered, shutdown, p0, p1);
                }
            }
            else
            {
                pipeline = Pipeline.builder().rx(first, queues).workers(IO_FWD).tx(eal.workers().get(1))
                    .idle(BusySpinIdleStrategy::new).build();
                pipeline.start();
            }
            while (shutdown.isRunning())
            {
                Thread.sleep(1000);
                stats.print(p0, System.out);
                stats.print(p1, System.out);
            }
            if (pipeline != null)
            {
                pipeline.close();
            }
            if (paced)
            {
                final Histogram stale = LATENCY[2];
                stale.subtract(seeds());
                System.out.printf("Not recorded: %d packets older than %d ms at TX (in flight while the process " +
                    "was stopped)%n", stale.getTotalCount(), STALE_NANOS / 1_000_000);
                final Histogram recorded = LATENCY[1];
                recorded.subtract(seeds());
                System.out.printf(Locale.ROOT, "RX-to-TX latency per packet (ns): p50 %d p99 %d p99.9 %d max %d " +
                    "(%d packets)%n", recorded.getValueAtPercentile(50), recorded.getValueAtPercentile(99),
                    recorded.getValueAtPercentile(99.9), recorded.getMaxValue(), recorded.getTotalCount());
                printHistogram(recorded);
            }
            if (pipeline == null)
            {
                first.stop();
                first.await();
            }
            System.out.printf("Mempool %s: %d of %d mbufs in use%n", pool.name(), pool.inUseCount(), pool.size());
        }
        finally
        {
            shutdown.cleanedUp();
        }
    }

    /**
     * The whole histogram on one line, as ring_handoff.c prints its own, for the bench to merge runs
     * ({@link PipelineLatency}): each non-empty bucket as its highest equivalent value and its count.
     */
    private static void printHistogram(final Histogram recorded)
    {
        final StringBuilder line = new StringBuilder("RX-to-TX latency histogram (ns, highest equivalent value:count):");
        for (final HistogramIterationValue bucket : recorded.recordedValues())
        {
            line.append(' ').append(bucket.getValueIteratedTo()).append(':').append(bucket.getCountAtValueIteratedTo());
        }
        System.out.println(line);
    }

    /** A histogram holding one value at each end of the range, 1 and {@link #HIGHEST_NANOS}. */
    private static Histogram seeds()
    {
        final Histogram seeds = new Histogram(HIGHEST_NANOS, 3);
        seeds.recordValue(1);
        seeds.recordValue(HIGHEST_NANOS);
        return seeds;
    }

    /**
     * Into {@code LATENCY[phase]}, or {@code LATENCY[2]} when older than {@link #STALE_NANOS}: chosen by arithmetic,
     * not a branch, since no packet is that old in the warm-up (see {@link #LATENCY}).
     */
    private static void record(final long nanos, final int packets)
    {
        final int stale = (int)((STALE_NANOS - 1 - nanos) >>> 63); // 1 when nanos >= STALE_NANOS (nanos >= 0)
        final int index = phase;
        LATENCY[index + stale * (2 - index)].recordValueWithCount(nanos, packets);
    }

    /**
     * The main lcore's loop until SIGINT, ring_handoff.c's in latency mode: an RX round ({@code rx}'s duty cycle)
     * whenever the TSC reaches the next slot, {@code roundSeconds} apart. Prints nothing while it runs (the
     * statistics blocks would have the JIT compile their formatting code on the lcores' CPUs every second); at the
     * end, what the ports sent while latency was recorded.
     * <p>
     * The end of the warm-up is a thread of its own that sleeps through it, notes the packets sent and the TSC, and
     * sets {@link #warmedUp}, which this loop turns into {@link #phase} by arithmetic every round, as it does the
     * resumes: a test for either, never true in the warm-up, would be compiled as a trap that sends the main lcore
     * back to the interpreter just as recording starts (see {@link #LATENCY}).
     */
    private static void runPaced(final Agent rx, final long hz, final double roundSeconds, final Shutdown shutdown,
        final Port... ports) throws Exception
    {
        final long period = (long)(hz * roundSeconds);
        final long maxLate = hz / 1000 * MAX_LATE_MILLIS;
        final long[] recordingFrom = new long[2]; // the TSC and the packets sent as recording starts
        final Thread warmUp = Thread.ofPlatform().name("warm-up").daemon(true).start(() ->
        {
            try
            {
                Thread.sleep(WARMUP_SECONDS * 1000L);
            }
            catch (final InterruptedException ex)
            {
                return; // stopped within the warm-up
            }
            recordingFrom[1] = sent(ports);
            recordingFrom[0] = EalRaw.rdtsc();
            warmedUp = 1;
        });
        final long settle = hz / 1000 * SETTLE_MILLIS;
        long settleUntil = 0;
        long next = EalRaw.rdtsc();
        while (shutdown.isRunning())
        {
            final long now = EalRaw.rdtsc();
            if (now - next >= 0)
            {
                // When more than maxLate behind (resumed after a stop): next = now and settleUntil = now + settle,
                // without a branch that the warm-up never takes (see LATENCY): the mask is all ones only then.
                final long behind = now - next;
                final long resumed = (maxLate - behind) >> 63;
                next += behind & resumed;
                settleUntil = (settleUntil & ~resumed) | ((now + settle) & resumed);
                PHASE.setRelease(warmedUp & (1 - (int)((now - settleUntil) >>> 63)));
                rx.doWork();
                next += period;
            }
        }
        warmUp.interrupt();
        warmUp.join();
        final double seconds = (double)(EalRaw.rdtsc() - recordingFrom[0]) / hz;
        final long sent = sent(ports) - recordingFrom[1];
        System.out.printf(Locale.ROOT, "Sent while recording: %d packets in %.3f s, %.0f pps%n", sent, seconds,
            sent / seconds);
    }

    private static long sent(final Port... ports)
    {
        final PortStats stats = new PortStats();
        long sent = 0;
        for (final Port p : ports)
        {
            p.stats(stats);
            sent += stats.opackets();
        }
        return sent;
    }
}
