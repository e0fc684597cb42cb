package io.jdpdk.apps.testpmd;

import io.jdpdk.eal.Eal;
import io.jdpdk.pmd.BitrateStats;
import io.jdpdk.pmd.LatencyStats;
import org.agrona.concurrent.Agent;

import java.util.concurrent.TimeUnit;

/**
 * A forwarding lcore's loop ({@code run_pkt_fwd_on_lcore}): every duty cycle runs the engine's
 * {@code packetFwd} once on each of the lcore's streams, in order. The work count handed to the idle strategy is
 * the number of packets received plus sent in the cycle; with testpmd's {@code record_core_cycles} each stream's
 * bursts that moved packets add their TSC cycles to it. Runs on one lcore thread; the engine instance is this
 * lcore's own. The lcore that {@code --latencystats} names also publishes the latency statistics after each cycle, and
 * the one {@code --bitrate-stats} names computes every port's bit rates once a second, as testpmd's loop does.
 * Allocation-free.
 */
final class ForwardLcore implements Agent
{
    private static final long BITRATE_PERIOD_NANOS = TimeUnit.SECONDS.toNanos(1);
    private final int lcoreId;
    private final ForwardEngine engine;
    private final FwdStream[] streams;
    /** testpmd's {@code record_core_cycles} when the lcore was launched. */
    private final boolean recordCycles;

    /** Whether this lcore calls {@link LatencyStats#update} after each cycle. */
    private final boolean latencyStats;
    /** The bit rates this lcore computes once a second, or null. */
    private final BitrateStats bitrates;
    /** The ports whose bit rates it computes: those probed at launch ({@code ports_ids}). */
    private final int[] bitratePorts;
    private long bitrateDatumNanos = System.nanoTime();

    ForwardLcore(final int lcoreId, final ForwardEngine engine, final FwdStream[] streams, final boolean recordCycles,
        final boolean latencyStats, final BitrateStats bitrates, final int[] bitratePorts)
    {
        this.lcoreId = lcoreId;
        this.engine = engine;
        this.streams = streams.clone();
        this.recordCycles = recordCycles && engine.recordsCycles();
        this.latencyStats = latencyStats;
        this.bitrates = bitrates;
        this.bitratePorts = bitratePorts.clone();
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
        if (bitrates != null)
        {
            final long now = System.nanoTime();
            if (now - bitrateDatumNanos >= BITRATE_PERIOD_NANOS)
            {
                for (final int portId : bitratePorts)
                {
                    bitrates.calc(portId);
                }
                bitrateDatumNanos = now;
            }
        }
        if (latencyStats)
        {
            LatencyStats.update();
        }
        return (int)work;
    }

    @Override
    public String roleName()
    {
        return "testpmd-fwd-lcore-" + lcoreId;
    }
}
