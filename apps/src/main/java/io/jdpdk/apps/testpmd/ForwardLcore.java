package io.jdpdk.apps.testpmd;

import org.agrona.concurrent.Agent;

/**
 * A forwarding lcore's loop ({@code run_pkt_fwd_on_lcore}): every duty cycle runs the engine's
 * {@code packetFwd} once on each of the lcore's streams, in order. The work count handed to the idle strategy is
 * the number of packets received plus sent in the cycle. Runs on one lcore thread; the engine instance is this
 * lcore's own. Allocation-free.
 */
final class ForwardLcore implements Agent
{
    private final int lcoreId;
    private final ForwardEngine engine;
    private final FwdStream[] streams;

    ForwardLcore(final int lcoreId, final ForwardEngine engine, final FwdStream[] streams)
    {
        this.lcoreId = lcoreId;
        this.engine = engine;
        this.streams = streams.clone();
    }

    @Override
    public int doWork()
    {
        long work = 0;
        for (final FwdStream fs : streams)
        {
            final long before = fs.rxPackets + fs.txPackets;
            engine.packetFwd(fs);
            work += fs.rxPackets + fs.txPackets - before;
        }
        return (int)work;
    }

    @Override
    public String roleName()
    {
        return "testpmd-fwd-lcore-" + lcoreId;
    }
}
