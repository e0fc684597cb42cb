package io.jdpdk.apps.testpmd;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How the ports' queues are set up: RX and TX offloads and queue thresholds, from testpmd's command line and its
 * commands, in jdpdk's testpmd against dpdk-testpmd 22.11 as the oracle ({@link TestPmdSession}, MAC addresses
 * masked): {@code show port N rx_offload|tx_offload capabilities|configuration},
 * {@code port config N rx_offload|tx_offload NAME on|off}, {@code port N rxq|txq Q rx_offload|tx_offload NAME on|off},
 * {@code --rx-offloads}, {@code --tx-offloads}, the {@code --enable-*} flags and the threshold options,
 * {@code port config N rxq|txq Q ring_size S} and {@code port N rxq|txq Q setup}. A net_tap is
 * the virtual device with checksum offloads, per queue.
 */
class TestPmdQueueSetupTest
{
    @TempDir
    Path dir;

    /**
     * A queue's own ring size, shown for queue 0 and used at the next setup, until {@code port config all rxd} puts
     * every queue back on the port's; one queue set up again on a started port (net_null cannot: EBUSY, "Failed to
     * setup RX queue"), on a stopped one (done, silently), with an offload net_null refuses per queue (ethdev's line,
     * then testpmd's), a TX ring without room for the segments (testpmd's own check), and bad ports and queues.
     */
    @Test
    void shouldSizeEachQueuesRingAndSetUpOneQueueAgainAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of("--vdev=net_null0", "--vdev=net_null1"),
            List.of("--txd=64", "--rxd=64"), List.of("port config 0 rxq 0 ring_size 256",
                "port config 0 txq 0 ring_size 512", "port config 9 rxq 0 ring_size 256",
                "port config 65535 rxq 0 ring_size 256", "port config 0 rxq 4 ring_size 256", "show config rxtx",
                "port stop all", "port start all", "show config rxtx", "port 0 rxq 0 setup", "port 0 txq 9 setup",
                "port stop 0", "port 0 rxq 0 setup", "port 0 txq 0 setup", "port config 0 txq 0 ring_size 0",
                "port 0 txq 0 setup", "port 0 rxq 0 rx_offload vlan_strip on", "port 0 rxq 0 setup",
                "port 0 rxq 0 rx_offload vlan_strip off", "port stop all", "port config all rxd 128", "port start all",
                "show config rxtx"), TestPmdSession::maskMacs);
        assertTrue(dpdk.get(5).contains("RX desc=256 - RX free threshold=0"), dpdk.get(5));
        assertTrue(dpdk.get(5).contains("TX desc=512 - TX free threshold=0"), dpdk.get(5));
        assertTrue(dpdk.get(3).contains("Invalid port id"), dpdk.get(3));
        assertTrue(dpdk.get(9).contains("Failed to setup RX queue"), dpdk.get(9));
        assertTrue(dpdk.get(10).contains("Invalid TX queue 9 (must be < nb_txq=1)\nInvalid tx queue"), dpdk.get(10));
        assertEquals("testpmd> port 0 rxq 0 setup\nstdout:\nstderr:\n", dpdk.get(12));
        assertTrue(dpdk.get(15).contains("Failed to setup TX queue: not enough descriptors"), dpdk.get(15));
        assertTrue(dpdk.get(17).contains("must be within per-queue offload capabilities"), dpdk.get(17));
        assertTrue(dpdk.get(22).contains("RX desc=128 - RX free threshold=0"), dpdk.get(22));
        assertTrue(dpdk.get(22).contains("TX desc=64 - TX free threshold=0"), "every queue on --txd again: " + dpdk.get(22));
    }

    /**
     * Capabilities per queue and per port; offloads changed only on a stopped port, by DPDK's names as
     * cmdline.c's tokens spell them (upper case is a bad argument), on the port and its queues or on one queue;
     * the port's line is what ethdev has in force, the queues' what testpmd will set up; at the next start ethdev
     * refuses a queue offload the device lacks ("Fail to configure port 0 rx queues", no "Done"), and a later start
     * sets up only the queues again; an id that names no port gets ethdev's and testpmd's error lines.
     */
    @Test
    void shouldShowAndChangeOffloadsAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("show port 0 rx_offload capabilities", "show port 0 tx_offload " +
            "capabilities", "show port 1 rx_offload capabilities", "show port 0 rx_offload configuration",
            "show port 5 rx_offload configuration", "show port 5 tx_offload capabilities",
            "port config 0 rx_offload ipv4_cksum on", "port stop 0", "port config 0 rx_offload IPV4_CKSUM on",
            "port config 0 rx_offload ipv4_cksum on", "show port 0 rx_offload configuration", "port start 0",
            "show port 0 rx_offload configuration", "port stop 0", "port 0 rxq 1 rx_offload keep_crc on",
            "port 0 rxq 3 rx_offload keep_crc on", "port 0 txq 0 tx_offload send_on_timestamp on",
            "show port 0 rx_offload configuration", "port start 0", "port start 0", "show port 0 rx_offload " +
            "configuration", "port config 0 tx_offload tcp_tso on", "port config 0 tx_offload udp_cksum on",
            "port config 0 tx_offload udp_cksum off", "port 0 rxq 1 rx_offload keep_crc off", "port start 0",
            "show port 0 tx_offload configuration", "show config rxtx", "port config 5 rx_offload ipv4_cksum on",
            "port 5 txq 0 tx_offload tcp_tso on");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of(TestPmdSession.tap(), "--vdev=net_null1"),
            List.of("--rxq=2", "--txq=2"), commands, TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("  Per Queue : IPV4_CKSUM UDP_CKSUM TCP_CKSUM SCATTER\n  Per Port  :\n"),
            dpdk.get(0));
        assertTrue(dpdk.get(6).contains("Error: Can't config offload when Port 0 is not stopped"), dpdk.get(6));
        assertTrue(dpdk.get(8).contains("Bad arguments"), dpdk.get(8));
        assertTrue(dpdk.get(10).contains("  Port :\n  Queue[ 0] : IPV4_CKSUM\n"), dpdk.get(10));
        assertTrue(dpdk.get(12).contains("  Port : IPV4_CKSUM\n"), dpdk.get(12));
        assertTrue(dpdk.get(15).contains("Error: input queue_id should be 0 ... 1"), dpdk.get(15));
        assertTrue(dpdk.get(18).contains("new added offloads 0x10000 must be within per-queue offload capabilities") &&
            dpdk.get(18).contains("Fail to configure port 0 rx queues") && !dpdk.get(18).contains("Done"),
            dpdk.get(18));
        assertTrue(!dpdk.get(19).contains("Configuring Port") && dpdk.get(19).contains("rx queues"), dpdk.get(19));
        assertTrue(dpdk.get(25).contains("Configuring Port 0") && dpdk.get(25).contains("Done"), dpdk.get(25));
        assertTrue(dpdk.get(26).contains("  Port : TCP_TSO\n  Queue[ 0] : TCP_TSO\n  Queue[ 1] : TCP_TSO\n"),
            dpdk.get(26));
        assertTrue(dpdk.get(28).contains("Invalid port_id=5\nError during getting device (port 5) info: No such device"),
            dpdk.get(28));
    }

    /**
     * The queue thresholds of the command line as testpmd keeps them, in {@code int8_t} and {@code int16_t} (255 for
     * a register and 65535 for {@code --txrst} wrap to its "unset", 300 to 44, 70000 to 4464), shown by
     * {@code show config rxtx} for a device that does not report its queues, with a queue's own offload.
     */
    @Test
    void shouldSetTheQueueThresholdsAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> shown = TestPmdSession.sameAsDpdk(dir, List.of(TestPmdSession.tap(), "--vdev=net_null1"),
            List.of("--rxpt=8", "--rxht=255", "--rxwt=300", "--rxfreet=70000", "--txpt=200", "--txht=1", "--txwt=2",
                "--txfreet=32", "--txrst=65535", "--enable-drop-en"),
            List.of("show config rxtx", "port stop 0", "port 0 rxq 0 rx_offload ipv4_cksum on", "port start 0",
                "show config rxtx"), TestPmdSession::maskMacs);
        assertTrue(shown.get(0).contains("      RX desc=0 - RX free threshold=4464\n      RX threshold registers: " +
            "pthresh=8 hthresh=0  wthresh=44\n"), shown.get(0));
        assertTrue(shown.get(0).contains("      TX desc=0 - TX free threshold=32\n      TX threshold registers: " +
            "pthresh=200 hthresh=1  wthresh=2\n      TX offloads=0x0 - TX RS bit threshold=0\n"), shown.get(0));
        assertTrue(shown.get(4).contains("      RX Offloads=0x2\n"), shown.get(4));
    }

    /**
     * A port ethdev refuses at start-up leaves an interactive testpmd at its prompt, the ports after it neither
     * configured nor started, the refused port's queues "not set up" (ethdev's words in {@code show config rxtx});
     * forwarding waits until every port is started; with the offload taken off, {@code port start all} configures
     * and starts the refused port and the one after it.
     */
    @Test
    void shouldWaitAtThePromptForAPortTheDeviceRefusedAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of("--vdev=net_null0", "--vdev=net_null1"),
            List.of("--enable-rx-cksum"), List.of("show port info 0", "start", "show config rxtx",
                "show port summary all", "port config 0 rx_offload udp_cksum off", "port config 0 rx_offload " +
                "tcp_cksum off", "port config 0 rx_offload ipv4_cksum off", "port start 0", "port start all",
                "show port 1 rx_offload configuration", "port stop all", "port config 1 rx_offload udp_cksum off",
                "port config 1 rx_offload tcp_cksum off", "port config 1 rx_offload ipv4_cksum off", "port start all",
                "show port summary all"), TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("Current number of RX queues: 1"), dpdk.get(0));
        assertTrue(dpdk.get(1).contains("Not all ports were started"), dpdk.get(1));
        assertTrue(dpdk.get(2).contains("Rx queue 0 of device with port_id=0 has not been setup"), dpdk.get(2));
        assertTrue(dpdk.get(7).contains("Configuring Port 0") && dpdk.get(7).contains("Done"), dpdk.get(7));
        assertTrue(dpdk.get(8).contains("Port 0 is now not stopped") && dpdk.get(8).contains("Fail to configure " +
            "port 1"), dpdk.get(8));
        assertTrue(dpdk.get(15).contains("1    MAC net_null1    net_null       up"), dpdk.get(15));
    }

    /**
     * The start-up offloads: {@code --enable-rx-cksum} and {@code --tx-offloads} on a device that has them are in
     * force on the port and every queue, each option acting in command-line order ({@code --rx-offloads} drops the
     * scatter asked for before it, the last {@code --tx-offloads} counts); on one that lacks them ethdev refuses
     * the port's configuration, and the run ends (dpdk-testpmd, without {@code -i}, too).
     */
    @Test
    void shouldConfigureTheStartUpOffloadsAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> tap = TestPmdSession.sameAsDpdk(dir, List.of(TestPmdSession.tap()),
            List.of("--rxq=2", "--txq=2", "--enable-scatter", "--rx-offloads=0x0", "--enable-rx-cksum",
                "--tx-offloads=0x2000000e", "--tx-offloads=0x6"),
            List.of("show port 0 rx_offload configuration", "show port 0 tx_offload configuration", "show config rxtx"),
            TestPmdSession::maskMacs);
        assertTrue(tap.get(0).contains("  Port : IPV4_CKSUM UDP_CKSUM TCP_CKSUM\n  Queue[ 0] : IPV4_CKSUM UDP_CKSUM " +
            "TCP_CKSUM\n  Queue[ 1] : IPV4_CKSUM UDP_CKSUM TCP_CKSUM\n"), tap.get(0));
        assertTrue(tap.get(1).contains("  Port : IPV4_CKSUM UDP_CKSUM\n"), tap.get(1));
        final String refused = "Ethdev port_id=0 requested Rx offloads 0xe doesn't match Rx offloads capabilities " +
            "0x0 in rte_eth_dev_configure()\nFail to configure port 0\n";
        for (final boolean dpdk : new boolean[] {true, false})
        {
            final TestPmdSession.Exit exit = TestPmdSession.exitOnDevices(dpdk, dir, List.of("--vdev=net_null0"),
                List.of("--enable-rx-cksum"));
            assertEquals(1, exit.code(), exit.stderr());
            assertTrue(exit.stderr().contains(refused) && exit.stderr().contains("Start ports failed"), exit.stderr());
        }
    }
}
