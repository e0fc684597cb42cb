package io.jdpdk.apps.testpmd;

import io.jdpdk.eal.Eal;
import org.agrona.concurrent.Agent;

/**
 * A forwarding lcore's loop ({@code run_pkt_fwd_on_lcore}): every duty cycle runs the engine's
 * {@code packetFwd} once on each of the lcore's streams, in order. The work count handed to the idle strategy is
 * the number of packets received plus sent in the cycle; with testpmd's {@code record_core_cycles} each stream's
 * bursts that moved packets add their TSC cycles to it. Runs on one lcore thread; the engine instance is this
 * lcore's own. Allocation-free.
 */
final class ForwardLcore implements Agent
{
    private final int lcoreId;
    private final ForwardEngine engine;
    private final FwdStream[] streams;
    /** testpmd's {@code record_core_cycles} when the lcore was launched. */
    private final boolean recordCycles;

    ForwardLcore(final int lcoreId, final ForwardEngine engine, final FwdStream[] streams, final boolean recordCycles)
    {
        this.lcoreId = lcoreId;
        this.engine = engine;
        this.streams = streams.clone();
        this.recordCycles = recordCycles;
    }

    @Override
    public int doWork()
    {
        long work = 0;
        for (final FwdStream fs : streams)
        {
            final long before = fs.rxPackets + fs.txPackets;
            if (recordCycles)
            {
                final long dropped = fs.fwdDropped;
                final long start = Eal.tsc();
                engine.packetFwd(fs);
                if (fs.rxPackets + fs.txPackets - before + fs.fwdDropped - dropped != 0)
                {
                    fs.coreCycles += Eal.tsc() - start; // get_end_cycles: a burst that had packets, sent or not
                }
            }
            else
            {
                engine.packetFwd(fs);
            }
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
