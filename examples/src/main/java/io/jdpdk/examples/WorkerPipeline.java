package io.jdpdk.examples;

import io.jdpdk.eal.Eal;
import io.jdpdk.eal.timer.LcoreTimers;
import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.mempool.header.EthernetView;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;
import io.jdpdk.pmd.pipeline.Pipeline;
import io.jdpdk.pmd.pipeline.RxQueue;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

import java.util.concurrent.TimeUnit;

/**
 * RX on lcore 1, a worker on lcore 2 that swaps the MAC addresses and sends each packet back out of the other port,
 * TX on lcore 3; the main lcore's timer prints the rate every second, for -Dseconds=S (default 5).
 */
public final class WorkerPipeline
{
    public static void main(final String[] args)
    {
        final long seconds = Long.getLong("seconds", 5);
        try (Eal eal = Eal.init(args))
        {
            final Mempool pool = Mempool.create("pool", 16383, 256);
            final Port p0 = Port.of(0).configure(new PortConfig().mempool(pool)).start();
            final Port p1 = Port.of(1).configure(new PortConfig().mempool(pool)).start();
            final Mbuf mbuf = new Mbuf();
            try (Pipeline pipeline = Pipeline.builder()
                .rx(eal.worker(1), new RxQueue(p0, 0), new RxQueue(p1, 0))
                .workers(burst ->
                {
                    for (int i = 0; i < burst.count(); i++)
                    {
                        EthernetView.swapAddresses(burst.mbuf(i, mbuf));
                    }
                    burst.sendAllTo(burst.inPort() ^ 1);
                }, eal.worker(2))
                .tx(eal.worker(3))
                .idle(BackoffIdleStrategy::new)
                .build())
            {
                pipeline.start();
                final LcoreTimers timers = new LcoreTimers(TimeUnit.MILLISECONDS.toNanos(1));
                final long[] last = new long[1];
                timers.schedulePeriodic(TimeUnit.SECONDS.toNanos(1), (timerId, nowNs) ->
                {
                    final long sent = pipeline.txPackets();
                    System.out.printf("tx %,d pps%n", sent - last[0]);
                    last[0] = sent;
                });
                final IdleStrategy idle = new BackoffIdleStrategy();
                final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
                while (System.nanoTime() < end)
                {
                    idle.idle(timers.poll());
                }
                pipeline.stop();
                System.out.printf("received %d, dropped %d (rings full), swapped and sent %d packets%n",
                    pipeline.rxPackets(), pipeline.rxRingFullDrops(), pipeline.txPackets());
            }
            p0.close();
            p1.close();
            System.out.printf("%d mbufs in use%n", pool.inUseCount());
        }
    }
}
