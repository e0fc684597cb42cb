package io.jdpdk.pmd.pipeline;

import io.jdpdk.eal.Counters;
import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.MbufDynField;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.status.AtomicCounter;

/**
 * Receives bursts from its RX queues and hands them to the next stage's rings. With one output
 * ring the burst moves whole; with several (several workers) its packets are split by
 * {@link FlowHash} so a flow always goes to the same worker, or, in order, each whole burst goes to the next
 * worker in turn, numbered ({@link PacketBurst#sequence()}). When a ring is full it drops and frees
 * the (part) burst and counts it, or waits, as {@link Backpressure} says.
 */
final class RxStage implements Agent, CountedStage
{
    private final RxQueue[] queues;
    private final PacketRing[] out;
    private final BurstFunction function;
    private final Backpressure backpressure;
    private final PacketBurst received;
    private final PacketBurst[] split;
    private final Mbuf mbuf = new Mbuf();
    private final AtomicCounter rxPackets;
    private final AtomicCounter ringFullDrops;
    /**
     * Where each packet carries its receive time (a TSC value), or null: only when the pipeline records latency
     * (a TSC read per burst, an 8-byte write per packet).
     */
    private final MbufDynField rxTsc;
    /** Whether whole bursts go round robin to the rings, numbered ({@link Pipeline.Builder#inOrder()}). */
    private final boolean inOrder;
    /** The sequence number of the next burst published in order. */
    private long nextSequence;
    private volatile boolean receiving = true;
    private volatile boolean quiescent;

    RxStage(final int index, final RxQueue[] queues, final PacketRing[] out, final BurstFunction function,
        final Backpressure backpressure, final int burstSize, final MbufDynField rxTsc, final boolean inOrder)
    {
        this.rxTsc = rxTsc;
        this.inOrder = inOrder;
        this.queues = queues.clone();
        this.out = out;
        this.function = function;
        this.backpressure = backpressure;
        this.received = new PacketBurst(burstSize);
        this.split = new PacketBurst[out.length];
        for (int i = 0; i < out.length; i++)
        {
            split[i] = new PacketBurst(burstSize);
        }
        rxPackets = Counters.get().newCounter("pipeline rx " + index + ": packets received", Counters.RX_PACKETS);
        ringFullDrops = Counters.get().newCounter("pipeline rx " + index + ": dropped, ring full",
            Counters.RING_FULL_DROPS);
    }

    @Override
    public int doWork()
    {
        if (!receiving)
        {
            quiescent = true; // no burst of ours is in flight past this point
            return 0;
        }
        int work = 0;
        for (final RxQueue q : queues)
        {
            final int n = q.port().rxBurst(q.queue(), received.mbufs());
            if (n == 0)
            {
                continue;
            }
            received.received(q.port().id(), q.queue());
            if (rxTsc != null)
            {
                stamp(received.mbufs(), n);
            }
            if (function != null)
            {
                function.apply(received);
            }
            rxPackets.getAndAddRelease(n);
            work += n;
            if (inOrder)
            {
                // Burst s goes to ring s % rings; a dropped burst takes no number, so the TX merge has no gap.
                received.sequence(nextSequence);
                if (publish(out[(int)(nextSequence % out.length)], received))
                {
                    nextSequence++;
                }
            }
            else if (out.length == 1)
            {
                publish(out[0], received);
            }
            else
            {
                spread();
            }
        }
        return work;
    }

    /** Writes one TSC reading into every packet's {@link #rxTsc} field. */
    private void stamp(final MbufBurst mbufs, final int n)
    {
        final long tsc = EalRaw.rdtsc();
        for (int i = 0; i < n; i++)
        {
            rxTsc.putLong(mbufs.get(i), tsc);
        }
    }

    private void spread()
    {
        final int n = received.count();
        for (int i = 0; i < n; i++)
        {
            final int w = Integer.remainderUnsigned(FlowHash.of(received.mbuf(i, mbuf)), out.length);
            final PacketBurst target = split[w];
            final int slot = target.count();
            target.mbufs().add(received.mbufs().get(i));
            target.outPort(slot, received.outPort(i));
        }
        received.mbufs().count(0);
        for (int w = 0; w < out.length; w++)
        {
            final PacketBurst target = split[w];
            if (target.count() > 0)
            {
                target.stamp(received);
                publish(out[w], target);
            }
        }
    }

    /** @return whether the burst went on, false when the ring was full and it was freed */
    private boolean publish(final PacketRing ring, final PacketBurst burst)
    {
        while (!ring.offer(burst))
        {
            if (backpressure == Backpressure.DROP || !receiving)
            {
                ringFullDrops.getAndAddRelease(burst.count());
                burst.freeAll();
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    /** Packets received. */
    long packets()
    {
        return rxPackets.get();
    }

    /** Packets freed because the next ring was full. */
    long ringFullDrops()
    {
        return ringFullDrops.get();
    }

    /** Stops receiving (the first step of a pipeline's drain); any thread. */
    void stopReceiving()
    {
        receiving = false;
    }

    /** Whether the stage has seen {@link #stopReceiving()} and published its last burst. */
    boolean quiescent()
    {
        return quiescent;
    }

    @Override
    public void freeCounters()
    {
        Counters.get().free(rxPackets, ringFullDrops);
    }

    @Override
    public void onClose()
    {
        received.close();
        for (final PacketBurst b : split)
        {
            b.close();
        }
    }

    @Override
    public String roleName()
    {
        return "pipeline-rx";
    }
}
