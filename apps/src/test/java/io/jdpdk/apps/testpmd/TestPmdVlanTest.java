package io.jdpdk.apps.testpmd;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * testpmd's VLAN commands beside dpdk-testpmd: {@code vlan set}, {@code rx_vlan}, {@code tx_vlan} on net_null and
 * net_tap, which lack the offloads (ethdev's and testpmd's refusals, word for word), and {@code tx_vlan set} on a
 * virtio-user port, which has VLAN insertion: the packets txonly's first burst hands to it carry
 * {@code RTE_MBUF_F_TX_VLAN} (testpmd's TX dump), until {@code tx_vlan reset}.
 */
class TestPmdVlanTest
{
    private static final List<String> NULLS = List.of("--vdev=net_null0", "--vdev=net_null1");

    @TempDir
    Path dir;

    @BeforeAll
    static void oracle()
    {
        TestPmdSession.requireDpdkTestpmd();
    }

    @Test
    void shouldSayWhatDevicesWithoutVlanOffloadsRefuseAsDpdkTestpmd() throws Exception
    {
        final List<String> commands = List.of("vlan set strip on 0", "vlan set strip off 0", "vlan set filter on 1",
            "vlan set qinq_strip on 0", "vlan set extend on 0", "vlan set stripq on 0", "vlan set stripq on 0,0",
            "vlan set stripq on 0,70000", "vlan set strip on 40", "vlan set strip on 5", "vlan set strip on x",
            "vlan set inner tpid 0x8100 0", "vlan set outer tpid 34984 7", "rx_vlan add 10 0", "rx_vlan rm 10 0",
            "rx_vlan add 5000 0", "rx_vlan add all 1", "rx_vlan add 1 9", "tx_vlan set 0 10", "port stop 0",
            "tx_vlan set 0 10", "tx_vlan set 0 10 20", "tx_vlan set 0 5000", "tx_vlan reset 0",
            "tx_vlan set pvid 0 10 on", "tx_vlan set pvid 3 10 on", "show port 0 rx_offload configuration",
            "port start 0");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, NULLS, List.of(), commands, TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("rx_vlan_strip_set(port_pi=0, on=1) failed diag=-22"), dpdk.get(0));
        assertTrue(dpdk.get(14).contains("Port 0: VLAN-filtering disabled"), dpdk.get(14));
        assertTrue(dpdk.get(20).contains("Error: vlan insert is not supported by port 0"), dpdk.get(20));
        final List<String> tap = TestPmdSession.sameAsDpdk(dir, List.of(TestPmdSession.tap()), List.of(),
            List.of("vlan set strip on 0", "vlan set filter on 0", "rx_vlan add all 0", "port stop 0",
                "tx_vlan set 0 10", "port start 0"), TestPmdSession::maskMacs);
        assertTrue(tap.get(0).contains("must be within Rx offloads capabilities"), tap.get(0));
    }

    @Test
    void shouldFlagWhatEnginesSendOnAPortWithTxVlanSetAsDpdkTestpmd() throws Exception
    {
        final List<List<String>> results = new ArrayList<>();
        for (final boolean dpdk : new boolean[] {true, false})
        {
            final String socket = dir.resolve((dpdk ? "d" : "j") + ".sock").toString();
            // Plain memory (a memfd), which virtio-user can hand to the vhost-user backend.
            final List<String> args = List.of("--no-huge", "-m", "512", "--no-shconf", "--no-pci", "-l", "0-1",
                "--log-level=lib.eal:error", "--log-level=vhost.config:error", "--vdev=net_vhost0,iface=" + socket,
                "--", "-i", "--total-num-mbufs=8192", "--no-flush-rx");
            final TestPmdSession.Result run = TestPmdSession.run(dpdk, dir, args, List.of(
                "port attach net_virtio_user0,path=" + socket, TestPmdSession.PAUSE + "1000", "port stop 1",
                "tx_vlan set 1 10 20", "tx_vlan set 1 10", "port start 1", "show port 1 tx_offload configuration",
                "set fwd rxonly", "set verbose 2", "start tx_first", "stop", "port stop 1", "tx_vlan reset 1",
                "port start 1", "start tx_first", "stop", "set verbose 0", "port stop 1", "port close 1",
                TestPmdSession.PAUSE + "1000"));
            results.add(TestPmdSession.maskMacs(run.commands()));
        }
        final List<String> dpdk = results.get(0);
        final List<String> jdpdk = results.get(1);
        for (final int i : new int[] {3, 4, 6, 9, 14})
        {
            assertEquals(dpdk.get(i), jdpdk.get(i), "command " + i);
        }
        assertTrue(dpdk.get(3).contains("Error: qinq insert not supported by port 1"), dpdk.get(3));
        assertTrue(dpdk.get(6).contains("  Port : VLAN_INSERT"), dpdk.get(6));
        assertEquals(32, count(sentBy(jdpdk.get(9), 1), "ol_flags: RTE_MBUF_F_TX_VLAN"), jdpdk.get(9));
        assertEquals(0, count(sentBy(jdpdk.get(9), 0), "RTE_MBUF_F_TX_VLAN"), "port 0 inserts nothing");
        assertEquals(0, count(jdpdk.get(14), "RTE_MBUF_F_TX_VLAN"), "tx_vlan reset: " + jdpdk.get(14));
    }

    /** testpmd's TX dump of port {@code port}'s first burst in a command's output. */
    private static String sentBy(final String output, final int port)
    {
        final int from = output.indexOf("port " + port + "/queue 0: sent");
        final int next = output.indexOf("/queue 0: sent", from + 20);
        return output.substring(from, next < 0 ? output.length() : output.lastIndexOf('\n', next));
    }

    private static long count(final String text, final String what)
    {
        return text.lines().filter(l -> l.contains(what)).count();
    }
}
