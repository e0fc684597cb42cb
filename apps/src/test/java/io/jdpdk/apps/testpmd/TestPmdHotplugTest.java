package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.Pcap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A port's life at the prompt: {@code port close|reset N|all}, {@code port attach IDENTIFIER},
 * {@code port detach N} and {@code device detach IDENTIFIER}, in jdpdk's testpmd against dpdk-testpmd 22.11 as the
 * oracle ({@link TestPmdSession}, MAC addresses masked), and ports attached at run time forwarding.
 */
class TestPmdHotplugTest
{
    @TempDir
    Path dir;

    /**
     * Ethdev refuses to close a started port and testpmd to reset one; net_null has no reset ("diag=-95"); a closed
     * port is released ("Port 0 is closed") and leaves the ports, an attached one takes the lowest free id and joins
     * the forwarding ports; a started port is not detached; a detached device takes its ports with it, also one
     * whose ports were closed; what EAL cannot probe, parse or find is testpmd's one error line.
     */
    @Test
    void shouldCloseResetAttachAndDetachPortsAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("port close 1", "port reset 0", "port stop 0", "port reset 0",
            "port reset all", "port close 0", "show port summary all", "port attach net_null7",
            "port attach net_bogus0", "port attach net_null1", "show port summary all", "port start all",
            "show config fwd", "port detach 1", "port stop all", "port detach 1", "device detach net_null1",
            "device detach net_null0", "device detach pci:zz", "port attach net_null2,size=128 # the size",
            "show port summary all", "port detach 9", "port close 9", "port reset 300", "device", "device detach",
            "port close all", "show port summary all", "show fwd stats all");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of("--vdev=net_null0", "--vdev=net_null1"),
            List.of(), commands, TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("Closing ports...\nDone\nstderr:\nCannot close started device (port 1)\n"),
            dpdk.get(0));
        assertTrue(dpdk.get(1).contains("Can not reset port(s), please stop port(s) first."), dpdk.get(1));
        assertTrue(dpdk.get(3).contains("Resetting ports...\nDone\nstderr:\nFailed to reset port 0. diag=-95\n"),
            dpdk.get(3));
        assertTrue(dpdk.get(5).contains("Closing ports...\nPort 0 is closed\nDone\n"), dpdk.get(5));
        assertTrue(dpdk.get(6).contains("Number of available ports: 1\n"), dpdk.get(6));
        assertTrue(dpdk.get(7).contains("Port 0 is attached. Now total ports is 2\nDone\n"), dpdk.get(7));
        assertTrue(dpdk.get(8).contains("testpmd: Failed to attach port net_bogus0"), dpdk.get(8));
        assertTrue(dpdk.get(10).contains("0    MAC net_null7    net_null       down"), dpdk.get(10));
        assertTrue(dpdk.get(12).contains("RX P=1/Q=0 (socket 0) -> TX P=0/Q=0"), dpdk.get(12));
        assertTrue(dpdk.get(13).contains("Port not stopped"), dpdk.get(13));
        assertTrue(dpdk.get(15).contains("Removing a device...\nPort 1 is closed\nDevice is detached\n" +
            "Now total ports is 1\nDone\n") && dpdk.get(15).contains("Port was not closed"), dpdk.get(15));
        assertTrue(dpdk.get(16).contains("Failed to detach device net_null1(vdev)"), dpdk.get(16));
        assertTrue(dpdk.get(17).contains("Device net_null0 is detached\nNow total ports is 1\n"), dpdk.get(17));
        assertTrue(dpdk.get(18).contains("cannot parse identifier"), dpdk.get(18));
        assertTrue(dpdk.get(20).contains("Number of available ports: 2\n"), dpdk.get(20));
        assertTrue(dpdk.get(21).contains("Invalid port_id=9"), dpdk.get(21));
        assertTrue(dpdk.get(23).contains("Bad arguments") && dpdk.get(24).contains("Bad arguments") &&
            dpdk.get(25).contains("Bad arguments"), dpdk.get(23) + dpdk.get(24) + dpdk.get(25));
        assertTrue(dpdk.get(26).contains("Closing ports...\nPort 0 is closed\nPort 1 is closed\nDone\n"),
            dpdk.get(26));
        assertTrue(dpdk.get(27).contains("Number of available ports: 0\n"), dpdk.get(27));
        // fwd_stats_display reads as many ids as the last forwarding configuration had ports, closed or not.
        assertTrue(dpdk.get(28).contains("fwd_stats_display: Error: failed to get stats (port 0): -19"),
            dpdk.get(28));
    }

    /**
     * {@code device detach net_null1} is that device only, not net_null10, whose started port does not stand in its
     * way; nor does net_null1's stopped port stand in net_null10's way.
     */
    @Test
    void shouldDetachTheDeviceOfExactlyThatNameAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of("--vdev=net_null1", "--vdev=net_null10"),
            List.of(), List.of("port stop 1", "device detach net_null10", "device detach net_null1", "port stop 0",
                "device detach net_null1", "show port summary all"), TestPmdSession::maskMacs);
        assertTrue(dpdk.get(1).contains("Device net_null10 is detached\nNow total ports is 1\n"), dpdk.get(1));
        assertTrue(dpdk.get(2).contains("Port 0 not stopped"), dpdk.get(2));
        assertTrue(dpdk.get(4).contains("Device net_null1 is detached\nNow total ports is 0\n"), dpdk.get(4));
    }

    /**
     * Two net_pcap ports attached after the only port of the start-up was detached forward each other's frames,
     * all of them, byte for byte as dpdk-testpmd forwards them, with the same forward statistics; at the exit every mbuf is
     * back in the pool.
     */
    @Test
    void shouldForwardBetweenPortsAttachedAtThePromptAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final Path in0 = dir.resolve("in0.pcap");
        final Path in1 = dir.resolve("in1.pcap");
        final List<byte[]> frames = OracleFrames.allModes(11);
        Pcap.write(in0, frames.subList(0, frames.size() / 2));
        Pcap.write(in1, frames.subList(frames.size() / 2, frames.size()));
        final List<List<String>> results = new ArrayList<>();
        final List<String> exits = new ArrayList<>();
        for (final boolean dpdk : new boolean[] {true, false})
        {
            final String side = dpdk ? "dpdk" : "jdpdk";
            final List<String> commands = List.of("port stop 0", "port close 0", "device detach net_null0",
                "port attach net_pcap0,rx_pcap=" + in0 + ",tx_pcap=" + dir.resolve(side + "0.pcap"),
                "port attach net_pcap1,rx_pcap=" + in1 + ",tx_pcap=" + dir.resolve(side + "1.pcap"),
                "port start all", "start", "#pause 1000", "stop");
            final List<String> args = new ArrayList<>(List.of("--in-memory", "--no-pci", "-l", "0-1",
                "--vdev=net_null0", "--", "-i", "--total-num-mbufs=8192", "--no-flush-rx"));
            final TestPmdSession.Result run = TestPmdSession.run(dpdk, dir, args, commands);
            results.add(TestPmdSession.maskMacs(run.commands()).stream()
                .map(r -> r.replace(dir.toString(), "DIR").replace(side, "SIDE")).toList());
            exits.add(run.stdout());
        }
        assertEquals(results.get(0), results.get(1));
        assertTrue(results.get(0).get(8).contains("RX-packets: " + frames.size() / 2 + " "), results.get(0).get(8));
        assertTrue(exits.get(1).contains("Mempool mb_pool_0: 0 of 8192 mbufs in use"), exits.get(1));
        for (final int port : new int[] {0, 1})
        {
            final List<byte[]> dpdk = Pcap.read(dir.resolve("dpdk" + port + ".pcap"));
            final List<byte[]> jdpdk = Pcap.read(dir.resolve("jdpdk" + port + ".pcap"));
            final List<byte[]> sent = port == 0 ? frames.subList(frames.size() / 2, frames.size()) :
                frames.subList(0, frames.size() / 2);
            assertEquals(sent.size(), dpdk.size());
            assertEquals(dpdk.size(), jdpdk.size());
            assertArrayEquals(sent.get(0), jdpdk.get(0), "port " + port + ", frame 0");
            for (int i = 0; i < dpdk.size(); i++)
            {
                // net_pcap cuts a frame longer than an mbuf's data room (the 20000-byte one) to it, on both sides.
                assertArrayEquals(dpdk.get(i), jdpdk.get(i), "port " + port + ", frame " + i);
            }
        }
    }

    /**
     * A port that a running stream still polls, though {@code set nbport 1} took it out of the forwarding ports,
     * is not closed under the lcore (testpmd would free the queues it polls): refused as a forwarding port is, and
     * closed once forwarding stopped; every mbuf is back in the pool at exit.
     */
    @Test
    void shouldNotClosePortsThatRunningStreamsStillPoll() throws Exception
    {
        final TestPmdSession.Result run = TestPmdSession.run(false, dir, List.of("--in-memory", "--no-pci", "-l",
            "0-1", "--log-level=lib.eal:error", "--vdev=net_null0", "--vdev=net_null1", "--", "-i",
            "--total-num-mbufs=8192", "--no-flush-rx"), List.of("start", "set nbport 1", "port stop 1",
            "port close 1", "device detach net_null1", "show port summary all", "stop", "port close 1",
            "show port summary all"));
        final List<String> results = run.commands();
        assertTrue(results.get(3).contains("Closing ports...\nDone\nstderr:\nPlease remove port 1 from " +
            "forwarding configuration.\n"), results.get(3));
        assertTrue(results.get(4).contains("Port 1 not stopped"), results.get(4));
        assertTrue(results.get(5).contains("Number of available ports: 2\n"), results.get(5));
        assertTrue(results.get(7).contains("Closing ports...\nPort 1 is closed\nDone\n"), results.get(7));
        assertTrue(results.get(8).contains("Number of available ports: 1\n"), results.get(8));
        assertTrue(run.stdout().contains("Mempool mb_pool_0: 0 of 8192 mbufs in use"), run.stdout());
    }
}
