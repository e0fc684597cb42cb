package io.jdpdk.pmd;

import io.jdpdk.pmd.raw.EthdevRaw;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A reusable snapshot of a port's basic counters ({@code struct rte_eth_stats}), filled by
 * {@link Port#stats(PortStats)} without allocation, so it can be polled from a stats timer.
 * Its native memory is the garbage collector's to free (an automatic arena): nothing to close.
 * Not thread-safe.
 */
public final class PortStats
{
    /** Zeroed statistics, to fill with {@link Port#stats(PortStats)}. */
    public PortStats()
    {
    }

    private static final long IPACKETS = EthdevRaw.offset(EthdevRaw.RTE_ETH_STATS, "ipackets");
    private static final long OPACKETS = EthdevRaw.offset(EthdevRaw.RTE_ETH_STATS, "opackets");
    private static final long IBYTES = EthdevRaw.offset(EthdevRaw.RTE_ETH_STATS, "ibytes");
    private static final long OBYTES = EthdevRaw.offset(EthdevRaw.RTE_ETH_STATS, "obytes");
    private static final long IMISSED = EthdevRaw.offset(EthdevRaw.RTE_ETH_STATS, "imissed");
    private static final long IERRORS = EthdevRaw.offset(EthdevRaw.RTE_ETH_STATS, "ierrors");
    private static final long OERRORS = EthdevRaw.offset(EthdevRaw.RTE_ETH_STATS, "oerrors");
    private static final long RX_NOMBUF = EthdevRaw.offset(EthdevRaw.RTE_ETH_STATS, "rx_nombuf");

    private final MemorySegment segment = Arena.ofAuto().allocate(EthdevRaw.RTE_ETH_STATS);

    MemorySegment segment()
    {
        return segment;
    }

    /**
     * Packets received ({@code ipackets}).
     *
     * @return the count in the last snapshot
     */
    public long ipackets()
    {
        return segment.get(ValueLayout.JAVA_LONG, IPACKETS);
    }

    /**
     * Packets sent ({@code opackets}).
     *
     * @return the count in the last snapshot
     */
    public long opackets()
    {
        return segment.get(ValueLayout.JAVA_LONG, OPACKETS);
    }

    /**
     * Bytes received ({@code ibytes}).
     *
     * @return the count in the last snapshot
     */
    public long ibytes()
    {
        return segment.get(ValueLayout.JAVA_LONG, IBYTES);
    }

    /**
     * Bytes sent ({@code obytes}).
     *
     * @return the count in the last snapshot
     */
    public long obytes()
    {
        return segment.get(ValueLayout.JAVA_LONG, OBYTES);
    }

    /**
     * Packets the hardware dropped because the RX queue was full ({@code imissed}).
     *
     * @return the count in the last snapshot
     */
    public long imissed()
    {
        return segment.get(ValueLayout.JAVA_LONG, IMISSED);
    }

    /**
     * Erroneous packets received ({@code ierrors}).
     *
     * @return the count in the last snapshot
     */
    public long ierrors()
    {
        return segment.get(ValueLayout.JAVA_LONG, IERRORS);
    }

    /**
     * Packets that failed to send ({@code oerrors}).
     *
     * @return the count in the last snapshot
     */
    public long oerrors()
    {
        return segment.get(ValueLayout.JAVA_LONG, OERRORS);
    }

    /**
     * RX mbuf allocation failures ({@code rx_nombuf}).
     *
     * @return the count in the last snapshot
     */
    public long rxNombuf()
    {
        return segment.get(ValueLayout.JAVA_LONG, RX_NOMBUF);
    }


    @Override
    public String toString()
    {
        return "PortStats{ipackets=" + ipackets() + ", opackets=" + opackets() + ", ibytes=" + ibytes() +
            ", obytes=" + obytes() + ", imissed=" + imissed() + ", ierrors=" + ierrors() + ", oerrors=" +
            oerrors() + ", rx_nombuf=" + rxNombuf() + "}";
    }
}
