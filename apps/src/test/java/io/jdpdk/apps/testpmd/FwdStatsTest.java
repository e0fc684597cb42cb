package io.jdpdk.apps.testpmd;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The forward statistics text, character for character as dpdk-testpmd 22.11 printed it (pure Java). */
class FwdStatsTest
{
    @Test
    void shouldPrintTestpmdsBlocksForTwoPorts()
    {
        // dpdk-testpmd -a --no-flush-rx on two net_pcap ports reading 5 and 3 frames.
        final String expected = """

              ---------------------- Forward statistics for port 0  ----------------------
              RX-packets: 5              RX-dropped: 0             RX-total: 5
              TX-packets: 3              TX-dropped: 0             TX-total: 3
              ----------------------------------------------------------------------------

              ---------------------- Forward statistics for port 1  ----------------------
              RX-packets: 3              RX-dropped: 0             RX-total: 3
              TX-packets: 5              TX-dropped: 0             TX-total: 5
              ----------------------------------------------------------------------------

              +++++++++++++++ Accumulated forward statistics for all ports+++++++++++++++
              RX-packets: 8              RX-dropped: 0             RX-total: 8
              TX-packets: 8              TX-dropped: 0             TX-total: 8
              ++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++
            """.replace("\n", System.lineSeparator());
        final String text = FwdStats.format(
            List.of(new FwdStats.Stream(0, 0, 1, 0, 5, 5, 0, new long[4]),
                new FwdStats.Stream(1, 0, 0, 0, 3, 3, 0, new long[4])),
            List.of(new FwdStats.Port(0, 5, 0, 0, 0, 3, 0, 0), new FwdStats.Port(1, 3, 0, 0, 0, 5, 0, 0)), "io", false, 0);
        assertEquals(expected, text);
    }

    @Test
    void shouldCountTheStreamsDropsAndThePortsTxErrorsAsItsTxDropped()
    {
        // fwd_stats_display: tx_dropped = ports_stats[pt_id].tx_dropped + stats.oerrors, per port and in the sum.
        final String text = FwdStats.format(List.of(),
            List.of(new FwdStats.Port(0, 10, 2, 0, 0, 7, 4, 3), new FwdStats.Port(1, 0, 0, 0, 0, 1, 0, 1)), "io", false, 0);
        assertTrue(text.contains("  RX-packets: 10             RX-dropped: 2             RX-total: 12"), text);
        assertTrue(text.contains("  TX-packets: 7              TX-dropped: 7             TX-total: 14"), text);
        assertTrue(text.contains("  TX-packets: 1              TX-dropped: 1             TX-total: 2"), text);
        assertTrue(text.contains("  TX-packets: 8              TX-dropped: 8             TX-total: 16"), text);
    }

    @Test
    void shouldShowRxErrorsAndNombufsOnlyWhenThereAreAny()
    {
        final String quiet = FwdStats.format(List.of(), List.of(new FwdStats.Port(0, 1, 0, 0, 0, 1, 0, 0)), "io", false, 0);
        assertTrue(!quiet.contains("RX-error") && !quiet.contains("RX-nombufs"), quiet);
        final String loud = FwdStats.format(List.of(), List.of(new FwdStats.Port(0, 1, 0, 5, 6, 1, 0, 0)), "io", false, 0);
        assertTrue(loud.contains("  RX-error: 5" + System.lineSeparator() + "  RX-nombufs: 6"), loud);
        assertTrue(loud.contains("  RX-nombufs: 6             " + System.lineSeparator() + "  +++"), loud);
    }

    @Test
    void shouldShowStreamsThatMovedPacketsWhenThereAreMoreStreamsThanPorts()
    {
        final String text = FwdStats.format(
            List.of(new FwdStats.Stream(0, 0, 1, 0, 4, 4, 0, new long[4]),
                new FwdStats.Stream(0, 1, 1, 1, 0, 0, 0, new long[4]),
                new FwdStats.Stream(1, 0, 0, 0, 2, 1, 1, new long[4])),
            List.of(new FwdStats.Port(0, 4, 0, 0, 0, 1, 0, 1), new FwdStats.Port(1, 2, 0, 0, 0, 4, 0, 0)), "io", false, 0);
        assertTrue(text.contains("  ------- Forward Stats for RX Port= 0/Queue= 0 -> TX Port= 1/Queue= 0 -------" +
            System.lineSeparator() + "  RX-packets: 4              TX-packets: 4              TX-dropped: 0"), text);
        assertTrue(!text.contains("Queue= 1 -> TX"), "a stream that moved nothing is not shown: " + text);
        assertTrue(text.contains("RX Port= 1/Queue= 0 -> TX Port= 0/Queue= 0"), text);
    }

    @Test
    void shouldShowTheEmptyBurstsAndTheTwoMostFrequentSizesThenTheRestAsOther()
    {
        final long[] rx = new long[33];
        rx[0] = 10;
        rx[32] = 50;
        rx[8] = 30;
        rx[4] = 7;
        rx[1] = 3;
        final long[] tx = new long[33];
        tx[32] = 2;
        tx[8] = 1;
        final String text = FwdStats.format(List.of(new FwdStats.Stream(0, 0, 0, 0, 1778, 72, 0, new long[4], rx,
            tx, 0)), List.of(new FwdStats.Port(0, 1778, 0, 0, 0, 72, 0, 0)), "io", true, 0);
        // pkt_burst_stats_display: whole percents, truncated; the last share is what is left of 100.
        assertTrue(text.contains("  TX-total: 72" + System.lineSeparator() + "  RX-bursts : 100 [10% of 0 pkts + " +
            "50% of 32 pkts + 30% of 8 pkts + 10% of other]" + System.lineSeparator() + "  TX-bursts : 3 [0% of 0 " +
            "pkts + 66% of 32 pkts + 34% of 8 pkts]" + System.lineSeparator() + "  ---"), text);
        final String off = FwdStats.format(List.of(new FwdStats.Stream(0, 0, 0, 0, 1778, 72, 0, new long[4], rx, tx,
            0)), List.of(new FwdStats.Port(0, 1778, 0, 0, 0, 72, 0, 0)), "io", false, 0);
        assertTrue(!off.contains("bursts"), off);
    }

    @Test
    void shouldShowCyclesPerPacketReceivedOrForTxonlySent()
    {
        final List<FwdStats.Port> ports = List.of(new FwdStats.Port(0, 8, 0, 0, 0, 3, 0, 0));
        final List<FwdStats.Stream> streams = List.of(new FwdStats.Stream(0, 0, 0, 0, 8, 3, 0, new long[4], null, null,
            1001));
        assertTrue(FwdStats.format(streams, ports, "io", false, 2_400_000_000L).endsWith(System.lineSeparator() +
            "  CPU cycles/packet=125.12 (total cycles=1001 / total io packets=8) at 2400 MHz Clock" +
            System.lineSeparator()), "1001/8 = 125.125, rounded half to even as glibc does");
        assertTrue(FwdStats.format(streams, ports, "txonly", false, 2_400_000_000L).contains(
            "  CPU cycles/packet=333.67 (total cycles=1001 / total txonly packets=3) at 2400 MHz Clock"));
        assertTrue(!FwdStats.format(streams, ports, "io", false, 0).contains("CPU cycles"));
    }

    @Test
    void shouldPrintACountBelowItsStartUnsignedAsPriu64Does()
    {
        // A port replaced since the start (closed, another attached at its id) counts less than the snapshot.
        final String text = FwdStats.format(List.of(), List.of(new FwdStats.Port(0, -377344, 0, 0, 0, 0, 0, 0)),
            "io", false, 0);
        assertTrue(text.contains("  RX-packets: 18446744073709174272 RX-dropped: 0             RX-total: " +
            "18446744073709174272"), text);
    }
}
