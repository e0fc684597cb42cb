package io.jdpdk.pmd.pipeline;

import com.lmax.disruptor.EventPoller;
import org.agrona.concurrent.Agent;

/**
 * A pipeline stage fed by rings: each duty cycle polls every input ring once, in order, and hands each
 * burst to {@link #onEvent}; the work count for the idle strategy is what {@code onEvent} adds to
 * {@link #work}. Runs on one lcore.
 * <p>
 * In order ({@link Pipeline.Builder#inOrder()}) the input rings are the workers' rings, which an RX stage fed
 * round robin, burst {@code s} to ring {@code s % rings}: the stage then takes burst {@code s} from ring
 * {@code s % rings}, then burst {@code s + 1} from the next ring, and so on, waiting on a ring whose burst has not
 * come yet. That merge restores RX order without a reorder buffer, since every ring is FIFO and no burst is lost
 * after RX numbered it. {@link #onEvent} then sees {@code endOfBatch} false, and {@link #endOfCycle()} ends the
 * cycle's batch.
 */
abstract class RingStage implements Agent, EventPoller.Handler<PacketBurst>
{
    /** Bursts taken per duty cycle in order, at most: the TX buffers are flushed at least this often. */
    private static final int IN_ORDER_BURSTS_PER_CYCLE = 64;

    private final PacketRing[] in;
    private final boolean inOrder;
    private final EventPoller.Handler<PacketBurst> takeOne = (burst, sequence, endOfBatch) ->
    {
        onEvent(burst, sequence, false);
        return false;
    };
    /** The RX sequence of the next burst to take, in order. */
    private long next;
    /** Packets handled in the current duty cycle; {@code onEvent} adds to it. */
    int work;

    RingStage(final PacketRing[] in, final boolean inOrder)
    {
        this.in = in;
        this.inOrder = inOrder;
    }

    @Override
    public final int doWork() throws Exception
    {
        work = 0;
        if (!inOrder)
        {
            for (final PacketRing ring : in)
            {
                ring.poll(this);
            }
            return work;
        }
        int taken = 0;
        while (taken < IN_ORDER_BURSTS_PER_CYCLE && in[(int)(next % in.length)].pollOne(takeOne))
        {
            next++;
            taken++;
        }
        if (taken > 0)
        {
            endOfCycle();
        }
        return work + taken;
    }

    /** After an in-order duty cycle that took bursts: where a stage ends its batch. Does nothing by default. */
    void endOfCycle()
    {
    }
}
