package io.jdpdk.pmd.pipeline;

import com.lmax.disruptor.EventPoller;
import org.agrona.concurrent.Agent;

/**
 * A pipeline stage fed by rings: each duty cycle polls every input ring once, in order, and hands each
 * burst to {@link #onEvent}; the work count for the idle strategy is what {@code onEvent} adds to
 * {@link #work}. Runs on one lcore.
 */
abstract class RingStage implements Agent, EventPoller.Handler<PacketBurst>
{
    private final PacketRing[] in;
    /** Packets handled in the current duty cycle; {@code onEvent} adds to it. */
    int work;

    RingStage(final PacketRing[] in)
    {
        this.in = in;
    }

    @Override
    public final int doWork() throws Exception
    {
        work = 0;
        for (final PacketRing ring : in)
        {
            ring.poll(this);
        }
        return work;
    }
}
