package io.jdpdk.pmd.pipeline;

import io.jdpdk.eal.Counters;
import org.agrona.concurrent.status.AtomicCounter;

/**
 * Runs the user's {@link BurstFunction} on each burst from its input rings and passes the burst on
 * to its TX ring. One worker sees whole flows (the RX stage splits by flow hash), in order; in an in-order
 * pipeline it sees every {@code n}-th burst and waits on a full TX ring rather than drop, so that the TX stage's
 * merge has no gap ({@link RingStage}).
 */
final class WorkerStage extends RingStage implements CountedStage
{
    private final PacketRing out;
    private final BurstFunction function;
    private final Backpressure backpressure;
    private final AtomicCounter packets;
    private final AtomicCounter ringFullDrops;

    @Override
    public void freeCounters()
    {
        Counters.get().free(packets, ringFullDrops);
    }

    WorkerStage(final int index, final PacketRing[] in, final PacketRing out, final BurstFunction function,
        final Backpressure backpressure)
    {
        super(in, false);
        this.out = out;
        this.function = function;
        this.backpressure = backpressure;
        packets = Counters.get().newCounter("pipeline worker " + index + ": packets", Counters.WORKER_PACKETS);
        ringFullDrops = Counters.get().newCounter("pipeline worker " + index + ": dropped, ring full",
            Counters.RING_FULL_DROPS);
    }

    @Override
    public boolean onEvent(final PacketBurst burst, final long sequence, final boolean endOfBatch)
    {
        final int n = burst.count();
        function.apply(burst);
        packets.getAndAddRelease(n);
        work += n;
        while (!out.offer(burst))
        {
            if (backpressure == Backpressure.DROP)
            {
                ringFullDrops.getAndAddRelease(burst.count());
                burst.freeAll();
                break;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    /** Packets the function saw. */
    long packets()
    {
        return packets.get();
    }

    /** Packets freed because the TX ring was full. */
    long ringFullDrops()
    {
        return ringFullDrops.get();
    }

    @Override
    public String roleName()
    {
        return "pipeline-worker";
    }
}
