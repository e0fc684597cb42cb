package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.common.CNumbers;

import java.math.BigInteger;
import java.util.List;

/**
 * testpmd's forward statistics text ({@code fwd_stats_display} of DPDK 22.11 {@code app/test-pmd/testpmd.c}),
 * printed by {@code stop} and at exit: one block per forwarding port, with RX and TX counted by the port since
 * forwarding started, RX-dropped the port's missed packets and TX-dropped what the streams sending on the port
 * freed because TX refused it plus the port's TX errors; then the accumulated block, the sums of those. When
 * there are more streams than ports (several queues) each stream that moved packets gets a block first.
 * Pure formatting; control path.
 */
final class FwdStats
{
    private static final String FWD_BORDER = "----------------------";
    private static final String ACC_BORDER = "+++++++++++++++";
    private static final String STREAM_BORDER = "-------";

    /**
     * One forwarding port's counters since forwarding started (deltas of {@code rte_eth_stats}), plus the TX drops
     * of the streams that send on it. {@code rxErrors} is the port's absolute count, as testpmd prints it.
     */
    record Port(int id, long rxPackets, long rxMissed, long rxErrors, long rxNombuf, long txPackets, long txErrors,
        long txDropped)
    {
    }

    /**
     * One stream's own counters; {@code badCsum} holds its RX packets with a bad IP, L4, outer L4 and outer IP
     * checksum by the PMD's verdict, which csum mode counts; {@code rxBursts} and {@code txBursts} its bursts by size
     * (null when not recorded), {@code coreCycles} the TSC cycles of its bursts that moved packets.
     */
    record Stream(int rxPort, int rxQueue, int txPort, int txQueue, long rxPackets, long txPackets, long txDropped,
        long[] badCsum, long[] rxBursts, long[] txBursts, long coreCycles)
    {
        /** A stream whose bursts and cycles were not recorded. */
        Stream(final int rxPort, final int rxQueue, final int txPort, final int txQueue, final long rxPackets,
            final long txPackets, final long txDropped, final long[] badCsum)
        {
            this(rxPort, rxQueue, txPort, txQueue, rxPackets, txPackets, txDropped, badCsum, null, null, 0);
        }

        /** The stream with its counters zeroed. */
        Stream cleared()
        {
            return new Stream(rxPort, rxQueue, txPort, txQueue, 0, 0, 0, new long[4],
                rxBursts == null ? null : new long[rxBursts.length], txBursts == null ? null : new long[txBursts.length],
                0);
        }
    }

    private FwdStats()
    {
    }

    /**
     * The text testpmd prints between "Waiting for lcores to finish..." and "Done.".
     *
     * @param streams     the streams' counters
     * @param ports       the forwarding ports' counters
     * @param mode        the forwarding mode: csum's blocks add the bad checksum counts of the streams receiving on
     *                    the port; txonly and flowgen count cycles per packet sent, the others per packet received
     * @param burstStats  testpmd's {@code record_burst_stats}: each port's (or stream's) most frequent burst sizes
     * @param coreCycles  0, or the TSC's ticks per second when testpmd's {@code record_core_cycles} is on: the cycles
     *                    per packet after the accumulated block
     */
    static String format(final List<Stream> streams, final List<Port> ports, final String mode,
        final boolean burstStats, final long coreCycles)
    {
        final boolean csum = CsumEngine.NAME.equals(mode);
        final StringBuilder sb = new StringBuilder(1024);
        if (streams.size() > ports.size())
        {
            for (final Stream s : streams)
            {
                if (s.rxPackets == 0 && s.txPackets == 0 && s.txDropped == 0)
                {
                    continue;
                }
                sb.append(String.format("%n  %s Forward Stats for RX Port=%2d/Queue=%2d -> TX Port=%2d/Queue=%2d %s%n",
                    STREAM_BORDER, s.rxPort, s.rxQueue, s.txPort, s.txQueue, STREAM_BORDER));
                sb.append(unsigned("  RX-packets: %-14d TX-packets: %-14d TX-dropped: %-14d",
                    s.rxPackets, s.txPackets, s.txDropped));
                if (csum)
                {
                    sb.append(unsigned("  RX- bad IP checksum: %-14d  Rx- bad L4 checksum: %-14d Rx- bad outer " +
                        "L4 checksum: %-14d%n RX- bad outer IP checksum: %-14d%n", s.badCsum[0], s.badCsum[1],
                        s.badCsum[2], s.badCsum[3]));
                }
                else
                {
                    sb.append(String.format("%n"));
                }
                if (burstStats)
                {
                    appendBursts(sb, "RX", s.rxBursts);
                    appendBursts(sb, "TX", s.txBursts);
                }
            }
        }
        long totalRx = 0;
        long totalTx = 0;
        long totalRxDropped = 0;
        long totalTxDropped = 0;
        long totalRxNombuf = 0;
        for (final Port p : ports)
        {
            totalRx += p.rxPackets;
            totalTx += p.txPackets;
            totalRxDropped += p.rxMissed;
            totalTxDropped += p.txDropped + p.txErrors;
            totalRxNombuf += p.rxNombuf;
            sb.append(String.format("%n  %s Forward statistics for port %-2d %s%n", FWD_BORDER, p.id, FWD_BORDER));
            sb.append(unsigned("  RX-packets: %-14d RX-dropped: %-14dRX-total: %d%n",
                p.rxPackets, p.rxMissed, p.rxPackets + p.rxMissed));
            if (csum)
            {
                final long[] bad = new long[4];
                for (final Stream s : streams)
                {
                    if (s.rxPort == p.id)
                    {
                        for (int k = 0; k < bad.length; k++)
                        {
                            bad[k] += s.badCsum[k];
                        }
                    }
                }
                sb.append(unsigned("  Bad-ipcsum: %-14d Bad-l4csum: %-14dBad-outer-l4csum: %-14d%n", bad[0],
                    bad[1], bad[2]));
                sb.append(unsigned("  Bad-outer-ipcsum: %-14d%n", bad[3]));
            }
            if (p.rxErrors + p.rxNombuf != 0)
            {
                sb.append(unsigned("  RX-error: %d%n", p.rxErrors));
                sb.append(unsigned("  RX-nombufs: %-14d%n", p.rxNombuf));
            }
            // fwd_stats_display: the port's TX-dropped is its streams' drops plus its own TX errors.
            sb.append(unsigned("  TX-packets: %-14d TX-dropped: %-14dTX-total: %d%n",
                p.txPackets, p.txDropped + p.txErrors, p.txPackets + p.txDropped + p.txErrors));
            if (burstStats && streams.size() <= ports.size())
            {
                // fwd_stats_display's ports_stats[].rx_stream and .tx_stream: the last stream on the port each way.
                Stream rx = null;
                Stream tx = null;
                for (final Stream s : streams)
                {
                    rx = s.rxPort == p.id ? s : rx;
                    tx = s.txPort == p.id ? s : tx;
                }
                if (rx != null)
                {
                    appendBursts(sb, "RX", rx.rxBursts);
                }
                if (tx != null)
                {
                    appendBursts(sb, "TX", tx.txBursts);
                }
            }
            sb.append(String.format("  %s--------------------------------%s%n", FWD_BORDER, FWD_BORDER));
        }
        sb.append(String.format("%n  %s Accumulated forward statistics for all ports%s%n", ACC_BORDER, ACC_BORDER));
        sb.append(unsigned("  RX-packets: %-14d RX-dropped: %-14dRX-total: %d%n",
            totalRx, totalRxDropped, totalRx + totalRxDropped));
        sb.append(unsigned("  TX-packets: %-14d TX-dropped: %-14dTX-total: %d%n",
            totalTx, totalTxDropped, totalTx + totalTxDropped));
        if (totalRxNombuf != 0)
        {
            sb.append(unsigned("  RX-nombufs: %-14d%n", totalRxNombuf));
        }
        sb.append(String.format("  %s++++++++++++++++++++++++++++++++++++++++++++++%s%n", ACC_BORDER, ACC_BORDER));
        if (coreCycles != 0 && (totalRx != 0 || totalTx != 0))
        {
            long cycles = 0;
            for (final Stream s : streams)
            {
                cycles += s.coreCycles;
            }
            final long packets = TxOnlyEngine.NAME.equals(mode) || FlowGenEngine.NAME.equals(mode) ? totalTx : totalRx;
            sb.append(String.format("%n  CPU cycles/packet=%s (total cycles=%s / total %s packets=%s) at %d MHz Clock%n",
                CNumbers.fixed2Upper(unsignedDouble(cycles) / unsignedDouble(packets)), Long.toUnsignedString(cycles),
                mode, Long.toUnsignedString(packets), (long)(coreCycles / 1E6)));
        }
        return sb.toString();
    }

    /**
     * {@code String.format} of counters as C's {@code PRIu64} prints them: each value unsigned (a port's count since
     * the start that went below its start, as after a port was replaced, wraps as testpmd's does).
     */
    private static String unsigned(final String format, final long... values)
    {
        final Object[] args = new Object[values.length];
        for (int i = 0; i < values.length; i++)
        {
            args[i] = new BigInteger(Long.toUnsignedString(values[i]));
        }
        return String.format(format, args);
    }

    /** C's conversion of a {@code uint64_t} to {@code double}. */
    private static double unsignedDouble(final long value)
    {
        return value >= 0 ? value : ((value >>> 1) | (value & 1)) * 2.0;
    }

    /**
     * testpmd's {@code pkt_burst_stats_display}: the bursts in all, then the share of empty ones and of the two most
     * frequent sizes (in whole percent, truncated), the rest as "other"; nothing when there was no burst.
     */
    private static void appendBursts(final StringBuilder sb, final String rxTx, final long[] spread)
    {
        if (spread == null)
        {
            return;
        }
        final long[] bursts = new long[3];
        final int[] sizes = new int[3];
        long total = spread[0];
        bursts[0] = spread[0];
        for (int size = 1; size < spread.length; size++)
        {
            final long n = spread[size];
            if (n == 0)
            {
                continue;
            }
            total += n;
            if (n > bursts[1])
            {
                bursts[2] = bursts[1];
                sizes[2] = sizes[1];
                bursts[1] = n;
                sizes[1] = size;
            }
            else if (n > bursts[2])
            {
                bursts[2] = n;
                sizes[2] = size;
            }
        }
        if (total == 0)
        {
            return;
        }
        sb.append(String.format("  %s-bursts : %d [", rxTx, total));
        long sum = 0;
        int percentSum = 0;
        for (int i = 0; i < 3; i++)
        {
            sum += bursts[i];
            if (sum == total)
            {
                sb.append(String.format("%d%% of %d pkts]%n", 100 - percentSum, sizes[i]));
                return;
            }
            final int percent = (int)((double)bursts[i] / total * 100);
            sb.append(String.format("%d%% of %d pkts + ", percent, sizes[i]));
            percentSum += percent;
        }
        sb.append(String.format("%d%% of other]%n", 100 - percentSum));
    }
}
