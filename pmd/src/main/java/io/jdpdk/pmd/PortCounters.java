package io.jdpdk.pmd;

import io.jdpdk.eal.Counters;
import io.jdpdk.pmd.raw.EthdevRaw;
import org.agrona.concurrent.status.AtomicCounter;

/**
 * A started port's statistics ({@code rte_eth_stats_get}) copied into {@link Counters} whenever they are read
 * ({@link Counters#sample()}, {@link Counters#demandSamples}), and once more as the port stops, so {@code jdpdk-stat},
 * DPDK's telemetry ({@code /jdpdk/counters}) and JFR see them without a call on the datapath. Labels are
 * "port N: rx packets" and so on. Lives from the port's first start to its close.
 */
final class PortCounters implements AutoCloseable
{
    private final Port port;
    private final int portId;
    private final PortStats stats = new PortStats();
    private final AtomicCounter rxPackets;
    private final AtomicCounter txPackets;
    private final AtomicCounter rxBytes;
    private final AtomicCounter txBytes;
    private final AtomicCounter rxMissed;
    private final AtomicCounter rxErrors;
    private final AtomicCounter txErrors;
    private final AtomicCounter rxNombuf;
    private final AutoCloseable sampler;

    PortCounters(final Port port)
    {
        this.port = port;
        this.portId = port.id();
        final Counters counters = Counters.get();
        final String prefix = "port " + portId + ": ";
        rxPackets = counters.newCounter(prefix + "rx packets", Counters.PORT_RX_PACKETS);
        txPackets = counters.newCounter(prefix + "tx packets", Counters.PORT_TX_PACKETS);
        rxBytes = counters.newCounter(prefix + "rx bytes", Counters.PORT_RX_BYTES);
        txBytes = counters.newCounter(prefix + "tx bytes", Counters.PORT_TX_BYTES);
        rxMissed = counters.newCounter(prefix + "rx missed", Counters.PORT_RX_MISSED);
        rxErrors = counters.newCounter(prefix + "rx errors", Counters.PORT_RX_ERRORS);
        txErrors = counters.newCounter(prefix + "tx errors", Counters.PORT_TX_ERRORS);
        rxNombuf = counters.newCounter(prefix + "rx nombuf", Counters.PORT_RX_NOMBUF);
        sampler = counters.addSampler(this::sampleIfStarted);
        sampleIfStarted();
    }

    /** On the sampling thread: a started port's statistics, under the port's statistics lock. */
    private void sampleIfStarted()
    {
        synchronized (port.statsLock)
        {
            if (port.isStarted())
            {
                sample();
            }
        }
    }

    /** Copies the statistics into the counters; the caller holds {@code port.statsLock}. */
    void sample()
    {
        if (EthdevRaw.stats_get(portId, stats.segment()) != 0)
        {
            return;
        }
        rxPackets.setRelease(stats.ipackets());
        txPackets.setRelease(stats.opackets());
        rxBytes.setRelease(stats.ibytes());
        txBytes.setRelease(stats.obytes());
        rxMissed.setRelease(stats.imissed());
        rxErrors.setRelease(stats.ierrors());
        txErrors.setRelease(stats.oerrors());
        rxNombuf.setRelease(stats.rxNombuf());
    }

    /** Stops sampling (waiting for a sample in progress) and frees the counters; before the port closes. */
    @Override
    public void close()
    {
        try
        {
            sampler.close();
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException("stopping the sampling of port counters", ex);
        }
        Counters.get().free(rxPackets, txPackets, rxBytes, txBytes, rxMissed, rxErrors, txErrors, rxNombuf);
    }
}
