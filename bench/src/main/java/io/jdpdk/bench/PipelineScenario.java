package io.jdpdk.bench;

import io.jdpdk.apps.common.AppArgs;
import io.jdpdk.apps.common.NicStats;
import io.jdpdk.apps.common.Shutdown;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.Lcore;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;
import io.jdpdk.pmd.pipeline.BurstFunction;
import io.jdpdk.pmd.pipeline.Pipeline;
import io.jdpdk.pmd.pipeline.RunToCompletion;
import io.jdpdk.pmd.pipeline.RxQueue;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.BusySpinIdleStrategy;

import java.util.Locale;

/**
 * jdpdk's side of the pipeline benchmark, io forwarding (port 0 &lt;-&gt; 1) on two net_null ports:
 * <ul>
 *   <li>{@code rtc}: {@link RunToCompletion} on one worker lcore;</li>
 *   <li>{@code pipeline}: RX on the first worker lcore → Disruptor ring → TX on the second;</li>
 *   <li>{@code pipeline-latency}: the same, with the RX-to-TX latency of every burst recorded in an
 *   HdrHistogram and printed at exit (a clock read on each side and a histogram update per burst, which
 *   the C peer does not pay, so throughput is measured without it).</li>
 * </ul>
 * Prints testpmd's statistics block every second until SIGINT.
 * Arguments: {@code rtc|pipeline|pipeline-latency} then EAL arguments.
 */
public final class PipelineScenario
{
    private static final BurstFunction IO_FWD = burst -> burst.sendAllTo(burst.inPort() ^ 1);

    private PipelineScenario()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final String mode = args[0];
        final Shutdown shutdown = new Shutdown();
        final Histogram latency = new Histogram(10_000_000_000L, 3);
        final NicStats stats = new NicStats();
        try (Eal eal = Eal.init(AppArgs.split(java.util.Arrays.copyOfRange(args, 1, args.length)).eal()))
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
            else
            {
                final Pipeline.Builder builder = Pipeline.builder().rx(first, queues).workers(IO_FWD)
                    .tx(eal.workers().get(1)).idle(BusySpinIdleStrategy::new);
                if ("pipeline-latency".equals(mode))
                {
                    builder.onTxLatency(latency::recordValue);
                }
                pipeline = builder.build();
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
            if (latency.getTotalCount() > 0)
            {
                System.out.printf(Locale.ROOT, "RX-to-TX latency per burst (ns): p50 %d p99 %d p99.9 %d max %d (%d bursts)%n",
                    latency.getValueAtPercentile(50), latency.getValueAtPercentile(99),
                    latency.getValueAtPercentile(99.9), latency.getMaxValue(), latency.getTotalCount());
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
}
