package io.jdpdk.apps.common;

import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortStats;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * testpmd's {@code show port stats} block for one port, with the throughput since the previous
 * call, in the same layout as testpmd's {@code nic_stats_display} so scripts that read it keep
 * working. Keeps the previous counters per port; with testpmd's {@code --display-xstats}, the extended statistics
 * named follow the throughput ({@code nic_xstats_display_periodic}). Control path.
 */
public final class NicStats
{
    /** A printer with no previous counters: its first block shows rates of 0. */
    public NicStats()
    {
    }

    private static final String BORDER = "########################";

    private final PortStats stats = new PortStats();
    private final long[] prevRx = new long[64];
    private final long[] prevTx = new long[64];
    private final long[] prevRxBytes = new long[64];
    private final long[] prevTxBytes = new long[64];
    private final long[] prevNanos = new long[64];
    /** The extended statistics to show ({@code xstats_display}), in the order given. */
    private String[] xstatNames = new String[0];
    /** Per port, those of {@link #xstatNames} it has ({@code ids_supp}), found at its last start. */
    private final String[][] xstatsShown = new String[64][];
    private final long[][] prevXstats = new long[64][];
    private final long[] prevXstatsNanos = new long[64];

    /**
     * testpmd's {@code --display-xstats}: these extended statistics follow the throughput in every block, with their
     * rate since the previous block, on the ports {@link #findXstats} found them on.
     *
     * @param names the statistics' names, as {@code rte_eth_xstats_get_names} gives them
     */
    public void displayXstats(final List<String> names)
    {
        xstatNames = names.toArray(String[]::new);
    }

    /**
     * testpmd's {@code fill_xstats_display_info_for_port}, at each start of the port: which of the names it has; one
     * it lacks is said on {@code err} and skipped. Nothing without {@link #displayXstats}.
     *
     * @param port a started port with an id below 64
     * @param err  where a missing statistic is said
     */
    public void findXstats(final Port port, final PrintStream err)
    {
        if (xstatNames.length == 0)
        {
            return;
        }
        final int id = port.id();
        final Set<String> has = port.xstats().keySet();
        final List<String> found = new ArrayList<>();
        for (int i = 0; i < xstatNames.length; i++)
        {
            if (has.contains(xstatNames[i]))
            {
                found.add(xstatNames[i]);
            }
            else
            {
                err.printf("No xstat '%s' on port %d - skip it %d%n", xstatNames[i], id, i);
            }
        }
        xstatsShown[id] = found.toArray(String[]::new);
        if (prevXstats[id] == null)
        {
            prevXstats[id] = new long[xstatNames.length]; // alloc_xstats_display_info: once, zeroed
        }
    }

    /**
     * Prints the block for {@code port} on {@code out} ({@code rte_eth_stats_get}); the throughput is 0 on the
     * first call for a port.
     *
     * @param port a port with an id below 64
     * @param out where the block goes, flushed at once
     */
    public void print(final Port port, final PrintStream out)
    {
        final int id = port.id();
        port.stats(stats);
        final long now = System.nanoTime();
        final long dt = prevNanos[id] == 0 ? 0 : now - prevNanos[id];
        final long rxPps = rate(stats.ipackets() - prevRx[id], dt);
        final long txPps = rate(stats.opackets() - prevTx[id], dt);
        final long rxBps = rate(stats.ibytes() - prevRxBytes[id], dt) * 8;
        final long txBps = rate(stats.obytes() - prevTxBytes[id], dt) * 8;
        prevRx[id] = stats.ipackets();
        prevTx[id] = stats.opackets();
        prevRxBytes[id] = stats.ibytes();
        prevTxBytes[id] = stats.obytes();
        prevNanos[id] = now;
        final StringBuilder sb = new StringBuilder(512);
        sb.append(String.format("%n  %s NIC statistics for port %-2d %s%n", BORDER, id, BORDER));
        sb.append(String.format("  RX-packets: %-10d RX-missed: %-10d RX-bytes:  %d%n",
            stats.ipackets(), stats.imissed(), stats.ibytes()));
        sb.append(String.format("  RX-errors: %d%n", stats.ierrors()));
        sb.append(String.format("  RX-nombuf:  %-10d%n", stats.rxNombuf()));
        sb.append(String.format("  TX-packets: %-10d TX-errors: %-10d TX-bytes:  %d%n",
            stats.opackets(), stats.oerrors(), stats.obytes()));
        sb.append(String.format("%n  Throughput (since last show)%n"));
        sb.append(String.format("  Rx-pps: %12d          Rx-bps: %12d%n  Tx-pps: %12d          Tx-bps: %12d%n",
            rxPps, rxBps, txPps, txBps));
        if (xstatNames.length > 0)
        {
            appendXstats(sb, port);
        }
        sb.append(String.format("  %s############################%s%n", BORDER, BORDER));
        out.print(sb);
        out.flush();
    }

    /**
     * testpmd's {@code free_xstats_display_info} when a port closes: the next start of a port at its id begins its
     * rates from zero again (the time of the last block is kept, as testpmd keeps it).
     *
     * @param portId the closed port's id, below 64
     */
    public void portClosed(final int portId)
    {
        prevXstats[portId] = null;
        xstatsShown[portId] = null;
    }

    /**
     * {@code nic_xstats_display_periodic}: each statistic the port has, its value and its rate since the previous
     * block (0 in the first). As testpmd, the i-th value found is labelled with the i-th name given, so a name the
     * port lacks shifts the labels after it.
     */
    private void appendXstats(final StringBuilder sb, final Port port)
    {
        final int id = port.id();
        final String[] shown = xstatsShown[id];
        if (shown == null || shown.length == 0)
        {
            return;
        }
        sb.append(String.format("%n"));
        final Map<String, Long> values = port.xstats();
        final long now = System.nanoTime();
        final long dt = prevXstatsNanos[id] == 0 ? 0 : now - prevXstatsNanos[id];
        prevXstatsNanos[id] = now;
        sb.append(String.format("%-31s%-17s%s%n", " ", "Value", "Rate (since last show)"));
        for (int i = 0; i < shown.length; i++)
        {
            final long value = values.getOrDefault(shown[i], 0L);
            final long diff = Long.compareUnsigned(value, prevXstats[id][i]) > 0 ? value - prevXstats[id][i] : 0;
            prevXstats[id][i] = value;
            sb.append(String.format("  %-25s%12s %15d%n", xstatNames[i], Long.toUnsignedString(value),
                rate(diff, dt)));
        }
    }

    private static long rate(final long delta, final long nanos)
    {
        return nanos <= 0 ? 0 : (long)(delta * 1e9 / nanos);
    }
}
