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
 * worker in turn, numbered ({@link PacketBurst#sequence()}). A whole burst is received straight into its ring's
 * next slot; a burst split by flow, aside, then swapped into the rings. When a ring is full, as {@link Backpressure}
 * says: the burst is received and freed, and counted, or (waiting) nothing is received until the ring has room, and
 * a split part waits, spinning, for it.
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
        final boolean split = !inOrder && out.length > 1;
        for (final RxQueue q : queues)
        {
            // A whole burst goes to one ring (in order: burst s to ring s % rings). RX receives straight into that
            // ring's next slot, claimed ahead (the Disruptor's claim, fill, publish), so that what the receive and
            // the function write lands in the slot's lines before the stamp, and the publish after it writes the
            // cursor only. Swapping a burst received aside into the slot wrote the slot's event after the stamp: a
            // cache line the TX lcore had last, which the cursor's store waited behind. At 5 Mpps, taking turns
            // with the swapping build, this took 74-270 ns off the p50 of RX-to-TX latency in 4 of 4 runs.
            final PacketRing ring = split ? null : out[inOrder ? (int)(nextSequence % out.length) : 0];
            PacketBurst burst = ring == null ? received : ring.claim();
            if (burst == null)
            {
                if (backpressure == Backpressure.WAIT)
                {
                    break; // nothing is received until the ring has room: the packets wait in the NIC's queue
                }
                burst = received; // received, then freed and counted below
            }
            final int n = q.port().rxBurst(q.queue(), burst.mbufs());
            if (n == 0)
            {
                continue; // a claimed slot stays claimed for the next poll
            }
            burst.received(q.port().id(), q.queue());
            if (rxTsc != null)
            {
                stamp(burst.mbufs(), n);
            }
            if (function != null)
            {
                function.apply(burst);
            }
            rxPackets.getAndAddRelease(n);
            work += n;
            if (ring == null)
            {
                spread();
            }
            else if (burst != received)
            {
                if (inOrder)
                {
                    // A burst dropped on a full ring takes no number, so the TX merge has no gap.
                    burst.sequence(nextSequence++);
                }
                ring.publishClaimed();
            }
            else
            {
                dropRingFull(burst);
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

    /** Swaps a part burst into {@code ring}; when it is full, frees and counts it, or waits, as backpressure says. */
    private void publish(final PacketRing ring, final PacketBurst burst)
    {
        while (!ring.offer(burst))
        {
            if (backpressure == Backpressure.DROP || !receiving)
            {
                dropRingFull(burst);
                return;
            }
            Thread.onSpinWait();
        }
    }

    /** Frees a burst its ring had no room for and counts its packets. */
    private void dropRingFull(final PacketBurst burst)
    {
        ringFullDrops.getAndAddRelease(burst.count());
        burst.freeAll();
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
