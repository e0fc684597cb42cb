package io.jdpdk.pmd.pipeline;

import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.YieldingWaitStrategy;

/**
 * A single-producer, single-consumer Disruptor ring of {@link PacketBurst} events between two
 * stages. The producer {@link #offer}s a burst by swapping it into the next slot (no copy); the
 * consumer {@link #poll}s with an {@link EventPoller}, so both sides stay non-blocking agent duty
 * cycles. Preallocated: {@code size} events of {@code burstCapacity} pointers each.
 */
final class PacketRing
{
    private final RingBuffer<PacketBurst> ring;
    private final EventPoller<PacketBurst> poller;

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
        if (!ring.hasAvailableCapacity(1))
        {
            return false;
        }
        final long sequence = ring.next();
        ring.get(sequence).swapWith(burst);
        ring.publish(sequence);
        return true;
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
