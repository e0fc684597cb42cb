package io.jdpdk.apps.l2fwd;

import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.PoolLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The l2fwd app as a user runs it: its own JVM and EAL, DPDK's command line, net_pcap ports fed
 * from pcap files; stopped with Ctrl-C once its statistics show every frame received; then the
 * output pcaps, the counters and the pool are checked.
 */
class L2fwdAppTest
{
    private static final String SIGNAL = "Signal 2 received, preparing to exit...";

    @Test
    void shouldRewriteMacsAndForwardBetweenTheTwoPortsOfAPairCountingEveryFrame(@TempDir final Path dir)
        throws Exception
    {
        final PcapPorts ports = PcapPorts.create(dir, 2, true);
        final String out = runUntilAllReceived(ports, "0", "-p", "3", "-q", "2", "-T", "1");
        assertTrue(out.contains("MAC updating enabled\n"), out);
        assertTrue(out.contains("Lcore 0: RX port 0 TX port 1\nLcore 0: RX port 1 TX port 0\n"), out);
        assertTrue(out.contains("L2FWD: entering main loop on lcore 0\n"), out);
        assertTrue(out.contains("Port 0 Link up at 10 Gbps FDX Fixed\n"), out);

        final Map<Integer, byte[]> macs = PcapPorts.macs(out);
        assertEquals(2, macs.size(), out);
        assertForwarded(ports, 0, 1, macs.get(1));
        assertForwarded(ports, 1, 0, macs.get(0));
        assertExitStatistics(out, new int[] { 0, 1 }, ports, new int[] { 1, 0 });
    }

    @Test
    void shouldForwardFourPortsInConsecutivePairsOnMainAndWorkerLcores(@TempDir final Path dir) throws Exception
    {
        final PcapPorts ports = PcapPorts.create(dir, 4, false);
        final String out = runUntilAllReceived(ports, "0-1", "-p", "f", "-q", "2", "-T", "1");
        assertTrue(out.contains("Lcore 0: RX port 0 TX port 1\nLcore 0: RX port 1 TX port 0\n" +
            "Lcore 1: RX port 2 TX port 3\nLcore 1: RX port 3 TX port 2\n"), out);
        assertTrue(out.contains("L2FWD:  -- lcoreid=1 portid=3\n"), out);

        final Map<Integer, byte[]> macs = PcapPorts.macs(out);
        final int[] peer = { 1, 0, 3, 2 };
        for (int rx = 0; rx < 4; rx++)
        {
            assertForwarded(ports, rx, peer[rx], macs.get(peer[rx]));
        }
        assertExitStatistics(out, new int[] { 0, 1, 2, 3 }, ports, peer);
    }

    @Test
    void shouldForwardAlongThePortmapPairs(@TempDir final Path dir) throws Exception
    {
        final PcapPorts ports = PcapPorts.create(dir, 4, false);
        final String out = runUntilAllReceived(ports, "0", "-p", "0xf", "-q", "4", "-T", "1",
            "--portmap=(0,3),(1,2)");
        assertTrue(out.contains("Lcore 0: RX port 0 TX port 3\nLcore 0: RX port 1 TX port 2\n" +
            "Lcore 0: RX port 2 TX port 1\nLcore 0: RX port 3 TX port 0\n"), out);

        final Map<Integer, byte[]> macs = PcapPorts.macs(out);
        final int[] peer = { 3, 2, 1, 0 };
        for (int rx = 0; rx < 4; rx++)
        {
            assertForwarded(ports, rx, peer[rx], macs.get(peer[rx]));
        }
        assertExitStatistics(out, new int[] { 0, 1, 2, 3 }, ports, peer);
    }

    @Test
    void shouldLeaveFramesByteIdenticalWithNoMacUpdating(@TempDir final Path dir) throws Exception
    {
        final PcapPorts ports = PcapPorts.create(dir, 2, true);
        final String out = runUntilAllReceived(ports, "0", "-p", "3", "-q", "2", "-T", "1", "--no-mac-updating");
        assertTrue(out.contains("MAC updating disabled\n"), out);
        assertFrames(ports.input(0), ports.output(1));
        assertFrames(ports.input(1), ports.output(0));
        assertExitStatistics(out, new int[] { 0, 1 }, ports, new int[] { 1, 0 });
    }

    /** DPDK 22.11's l2fwd no longer refuses an odd port count: the last port forwards to itself. */
    @Test
    void shouldSendTheOddPortsFramesBackOutOfItselfWithL2fwdsNotice(@TempDir final Path dir) throws Exception
    {
        final PcapPorts ports = PcapPorts.create(dir, 3, false);
        final String out = runUntilAllReceived(ports, "0", "-p", "7", "-q", "3", "-T", "1");
        assertTrue(out.contains("Notice: odd number of ports in portmask.\n"), out);
        assertTrue(out.contains("Lcore 0: RX port 2 TX port 2\n"), out);
        final Map<Integer, byte[]> macs = PcapPorts.macs(out);
        assertForwarded(ports, 0, 1, macs.get(1));
        assertForwarded(ports, 1, 0, macs.get(0));
        assertForwarded(ports, 2, 2, macs.get(2));
        assertExitStatistics(out, new int[] { 0, 1, 2 }, ports, new int[] { 1, 0, 2 });
    }

    @Test
    void shouldExitWithUsageOnAnInvalidPortmaskBeforeStartingDpdk() throws Exception
    {
        try (AppProcess app = AppProcess.start(L2fwd.class, "-l", "0", "--no-pci", "--", "-p", "0"))
        {
            assertEquals(1, app.waitFor(30), app.output());
            final String out = app.output();
            assertTrue(out.contains("invalid portmask\nl2fwd [EAL options] -- -p PORTMASK [-P] [-q NQ]\n"), out);
            assertTrue(out.contains("EAL: Error - exiting with code: 1\n  Cause: Invalid L2FWD arguments\n"), out);
            assertTrue(!out.contains("EAL: Detected"), "no EAL started:\n" + out);
        }
    }

    @Test
    void shouldExitWithAllPortsDisabledWithoutDashP(@TempDir final Path dir) throws Exception
    {
        final String out = runFailing(dir, 2, "0", "-q", "2");
        assertTrue(out.contains("Skipping disabled port 0\nSkipping disabled port 1\n"), out);
        assertTrue(out.contains("Cause: All available ports are disabled. Please set portmask.\n"), out);
    }

    @Test
    void shouldExitWhenThePortmaskNamesAPortThatIsNotThere(@TempDir final Path dir) throws Exception
    {
        final String out = runFailing(dir, 2, "0", "-p", "7", "-q", "3");
        assertTrue(out.contains("Cause: Invalid portmask; possible (0x3)\n"), out);
    }

    @Test
    void shouldExitWhenThereAreMorePortsThanLcoresTimesQueues(@TempDir final Path dir) throws Exception
    {
        final String out = runFailing(dir, 2, "0", "-p", "3");
        assertTrue(out.contains("Lcore 0: RX port 0 TX port 1\n"), out);
        assertTrue(out.contains("Cause: Not enough cores\n"), out);
    }

    @Test
    void shouldExitWhenThePortmapUsesAPortOutsideTheMask(@TempDir final Path dir) throws Exception
    {
        final String out = runFailing(dir, 3, "0", "-p", "3", "-q", "2", "--portmap=(0,2)");
        assertTrue(out.contains("port 2 is not enabled in port mask\n"), out);
        assertTrue(out.contains("Cause: Invalid port pair config\n"), out);
    }

    // ---- helpers -------------------------------------------------------------------------------------

    /**
     * Runs l2fwd on the ports until its statistics show every input frame received, stops it with
     * SIGINT, checks the clean exit and returns its output.
     */
    private static String runUntilAllReceived(final PcapPorts ports, final String lcores, final String... app)
        throws Exception
    {
        final List<String> args = new ArrayList<>(ports.eal(lcores));
        args.add("--");
        args.addAll(List.of(app));
        try (AppProcess process = AppProcess.start(L2fwd.class, args.toArray(String[]::new)))
        {
            process.awaitOutput(String.format("Total packets received: %14d%n", ports.totalInput()), 60);
            process.interrupt();
            assertEquals(130, process.waitFor(30), process.output());
            final String out = process.output();
            assertTrue(out.contains(SIGNAL), out);
            assertTrue(out.endsWith("Bye...\n"), out);
            PoolLine.assertEveryMbufBack(out, "mbuf_pool");
            return out;
        }
    }

    /** Runs l2fwd on {@code n} pcap ports expecting rte_exit; returns its output. */
    private static String runFailing(final Path dir, final int n, final String lcores, final String... app)
        throws Exception
    {
        final List<String> args = new ArrayList<>(PcapPorts.create(dir, n, false).eal(lcores));
        args.add("--");
        args.addAll(List.of(app));
        try (AppProcess process = AppProcess.start(L2fwd.class, args.toArray(String[]::new)))
        {
            assertEquals(1, process.waitFor(30), process.output());
            final String out = process.output();
            assertTrue(out.contains("EAL: Error - exiting with code: 1\n"), out);
            assertTrue(!out.contains("Bye..."), out);
            return out;
        }
    }

    /** Port {@code tx} wrote exactly port {@code rx}'s frames, in order, MACs rewritten for tx. */
    private static void assertForwarded(final PcapPorts ports, final int rx, final int tx, final byte[] txMac)
        throws Exception
    {
        final List<byte[]> expected = new ArrayList<>();
        for (final byte[] frame : ports.input(rx))
        {
            expected.add(PcapPorts.macUpdated(frame, tx, txMac));
        }
        assertFrames(expected, ports.output(tx));
    }

    private static void assertFrames(final List<byte[]> expected, final List<byte[]> actual)
    {
        assertEquals(expected.size(), actual.size(), "frames");
        for (int i = 0; i < expected.size(); i++)
        {
            assertArrayEquals(expected.get(i), actual.get(i),
                "frame " + i + " of " + expected.get(i).length + " bytes");
        }
    }

    /**
     * The statistics printed at exit, after the signal: port p received its input, sent its peer's
     * input, dropped nothing, and the totals add up, all in l2fwd's layout.
     */
    private static void assertExitStatistics(final String out, final int[] portIds, final PcapPorts ports,
        final int[] peer)
    {
        final String atExit = out.substring(out.lastIndexOf(SIGNAL));
        final StringBuilder expected = new StringBuilder("\033[2J\033[1;1H");
        expected.append("\nPort statistics ====================================");
        for (final int p : portIds)
        {
            expected.append(String.format("\nStatistics for port %d ------------------------------" +
                "\nPackets sent: %24d\nPackets received: %20d\nPackets dropped: %21d", p,
                ports.input(indexOf(peer, p)).size(), ports.input(p).size(), 0));
        }
        expected.append(String.format("\nAggregate statistics ===============================" +
            "\nTotal packets sent: %18d\nTotal packets received: %14d\nTotal packets dropped: %15d" +
            "\n====================================================\n", ports.totalInput(), ports.totalInput(), 0));
        assertTrue(atExit.contains(expected), "expected at exit:\n" + expected + "\nin:\n" + atExit);
    }

    /** The port whose frames go out of {@code p}. */
    private static int indexOf(final int[] peer, final int p)
    {
        for (int i = 0; i < peer.length; i++)
        {
            if (peer[i] == p)
            {
                return i;
            }
        }
        throw new AssertionError("no port forwards to " + p);
    }
}
