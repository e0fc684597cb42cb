package io.jdpdk.pmd.pipeline;

import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.YieldingWaitStrategy;

/**
 * A single-producer, single-consumer Disruptor ring of {@link PacketBurst} events between two
 * stages. The producer either fills the next slot's event in place, the Disruptor's claim, fill, publish
 * ({@link #claim}, then {@link #publishClaimed}: the RX stage receives into it), or {@link #offer}s a burst
 * it holds by swapping it into the next slot (no copy); the consumer {@link #poll}s with an
 * {@link EventPoller}, so both sides stay non-blocking agent duty cycles. Preallocated: {@code size} events
 * of {@code burstCapacity} pointers each.
 */
final class PacketRing
{
    private final RingBuffer<PacketBurst> ring;
    private final EventPoller<PacketBurst> poller;
    /** The slot {@link #claim} took and {@link #publishClaimed} has not yet published, or -1. */
    private long claimed = -1;

    PacketRing(final int size, final int burstCapacity)
    {
        ring = RingBuffer.createSingleProducer(() -> new PacketBurst(burstCapacity), size, new YieldingWaitStrategy());
        poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
    }

    /**
     * Publishes {@code burst}'s content into the next slot, leaving {@code burst} with the slot's
     * old (empty) content. Producer thread only.
     *
     * @return false, changing nothing, when the ring is full
     */
    boolean offer(final PacketBurst burst)
    {
        final PacketBurst slot = claim();
        if (slot == null)
        {
            return false;
        }
        slot.swapWith(burst);
        publishClaimed();
        return true;
    }

    /**
     * The next slot's event, for the producer to fill in place, or null, claiming nothing, when the ring is full.
     * The event is empty (the consumer emptied it), and stays the producer's, the same on every call, until
     * {@link #publishClaimed}. Producer thread only.
     *
     * @return the claimed event, or null
     */
    PacketBurst claim()
    {
        if (claimed < 0)
        {
            if (!ring.hasAvailableCapacity(1))
            {
                return null;
            }
            claimed = ring.next();
        }
        return ring.get(claimed);
    }

    /** Hands the event {@link #claim} returned on to the consumer. Producer thread only. */
    void publishClaimed()
    {
        ring.publish(claimed);
        claimed = -1;
    }

    /** Hands every available event to {@code handler}, in order. Consumer thread only. */
    void poll(final EventPoller.Handler<PacketBurst> handler) throws Exception
    {
        poller.poll(handler);
    }

    /**
     * Hands the next event, if one is published, to {@code handler}, and no other. Consumer thread only.
     *
     * @return whether there was one
     */
    boolean pollOne(final EventPoller.Handler<PacketBurst> handler) throws Exception
    {
        return poller.poll(handler) == EventPoller.PollState.PROCESSING;
    }

    /** Whether the consumer has taken every published event. */
    boolean drained()
    {
        return poller.getSequence().get() == ring.getCursor();
    }

    /** Frees the mbufs of every event and releases the arrays; only when no stage runs. */
    void close()
    {
        for (int i = 0; i < ring.getBufferSize(); i++)
        {
            ring.get(i).close();
        }
    }
}
