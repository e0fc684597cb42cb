package io.jdpdk.apps.common;

import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortStats;

import java.io.PrintStream;

/**
 * testpmd's {@code show port stats} block for one port, with the throughput since the previous
 * call, in the same layout as testpmd's {@code nic_stats_display} so scripts that read it keep
 * working. Keeps the previous counters per port; control path.
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
        sb.append(String.format("  %s############################%s%n", BORDER, BORDER));
        out.print(sb);
        out.flush();
    }

    private static long rate(final long delta, final long nanos)
    {
        return nanos <= 0 ? 0 : (long)(delta * 1e9 / nanos);
    }
}
