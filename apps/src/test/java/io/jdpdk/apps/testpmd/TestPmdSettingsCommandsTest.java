package io.jdpdk.apps.testpmd;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * testpmd's run-time settings and queue queries ({@code set flush_rx|link_check|xstats-hide-zero},
 * {@code set default}, {@code set burst tx delay D retry N}, {@code set stat_qmap}, {@code set txtimes}, {@code port N rxq|txq Q start|stop},
 * {@code port config all drop-en|max-lro-pkt-size|loopback}, {@code port N rxq|txq Q deferred_start},
 * {@code port cleanup}, {@code set port N queue Q rate R}, {@code set port N rxq Q avail_thresh T},
 * {@code set port N uta}, {@code set port N ptype_mask M}, {@code show port N flow transfer proxy},
 * {@code set log}, {@code load FILE}, {@code show port N rxq|txq Q desc D status},
 * {@code show port N rxq Q desc used count}), command by command beside dpdk-testpmd 22.11.
 */
class TestPmdSettingsCommandsTest
{
    @TempDir
    static Path dir;

    @BeforeAll
    static void oracle()
    {
        TestPmdSession.requireDpdkTestpmd();
    }

    @Test
    void shouldTakeTheOnOffSettingsAndLogLevelsAsDpdkTestpmd() throws Exception
    {
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of("--vdev=net_null0", "--vdev=net_null1"),
            List.of(), List.of("set xstats-hide-zero on", "show port xstats 0", "set xstats-hide-zero off",
                "show port xstats 0", "set xstats-hide-zero maybe", "set flush_rx on", "set flush_rx off",
                "set link_check off", "port stop 0", "port start 0", "set link_check on", "port stop 0",
                "port start 0", "set log bogus[ 7", "set log global 4", "set log pmd.net.null.* 8", "set log",
                "set log global -1"), TestPmdSession::maskMacs);
        assertFalse(dpdk.get(1).contains(": 0\n"), dpdk.get(1));
        assertTrue(dpdk.get(3).contains("rx_good_packets: 0\n"), dpdk.get(3));
        assertTrue(dpdk.get(4).contains("Bad arguments"), dpdk.get(4));
        assertFalse(dpdk.get(9).contains("Checking link statuses"), dpdk.get(9));
        assertTrue(dpdk.get(12).contains("Checking link statuses"), dpdk.get(12));
        assertTrue(dpdk.get(13).contains("Unable to set log level"), dpdk.get(13));
    }

    @Test
    void shouldResetRetryMapQueuesAndConfigureLoopbackDropAndLroAsDpdkTestpmd() throws Exception
    {
        // net_null maps no queue to a counter and starts or stops no single queue: each is refused in testpmd's
        // words, as are bad ports, queues and counters; the port settings need stopped ports and reconfigure them.
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of("--vdev=net_null0", "--vdev=net_null1"),
            List.of(), List.of("set eth-peer 0 0A:0B:0C:0D:0E:0F", "set portlist 1", "set default", "show config fwd",
                "set fwd io retry", "set burst tx delay 10 retry 5", "show config rxtx", "set stat_qmap tx 0 0 0",
                "set stat_qmap rx 0 0 1", "set stat_qmap rx 9 0 1", "set stat_qmap rx 0 5 1", "set stat_qmap rx 0 0 16",
                "port 0 rxq 0 stop", "port 0 txq 3 start", "port 9 rxq 0 stop", "port config all drop-en on",
                "port stop all", "port 0 rxq 0 stop", "port config all drop-en on",
                "port config all max-lro-pkt-size 1000", "port config all loopback 1", "port config 0 loopback 0",
                "port config 9 loopback 0", "port start all", "start", "port 0 txq 0 start", "stop",
                "clear port info all", "clear port fdir 0", "clear port summary 1", "set txtimes 10,20",
                "set txtimes 5", "set txtimes 1,2,3", "show config txtimes"),
            TestPmdSession::maskCounts);
        assertTrue(dpdk.get(2).contains("Reset to default forwarding configuration..."), dpdk.get(2));
        assertTrue(dpdk.get(3).contains("ports=1"), "the streams stay as they were until the next start: " +
            dpdk.get(3));
        assertTrue(dpdk.get(24).contains("TX retry num: 5, delay between TX retries: 10us"), dpdk.get(24));
        assertTrue(dpdk.get(7).contains("failed to set tx queue stats mapping."), dpdk.get(7));
        assertTrue(dpdk.get(11).contains("map_value not in required range 0..15"), dpdk.get(11));
        assertTrue(dpdk.get(12).contains("Function not supported in PMD"), dpdk.get(12));
        assertTrue(dpdk.get(13).contains("Invalid TX queue 3 (must be < nb_txq=1)"), dpdk.get(13));
        assertTrue(dpdk.get(17).contains("Please start port 0 first"), dpdk.get(17));
        assertTrue(dpdk.get(23).contains("Configuring Port 0"), dpdk.get(23));
        assertTrue(dpdk.get(25).contains("Please stop forwarding first"), dpdk.get(25));
        assertTrue(dpdk.get(33).contains("Interburst gap: 10\nIntraburst gap: 20"), dpdk.get(33));
    }

    @Test
    void shouldLeaveOutTheStreamOfADeferredQueueAndRefuseWhatNetNullCannotAsDpdkTestpmd() throws Exception
    {
        // Port 0's RX queue 0 deferred: after the port starts it stays stopped (net_null reports no queue state and
        // starts no single queue), so the stream from it sits out the forwarding and port 0 receives nothing.
        // net_null then refuses a queue rate, an available-descriptors threshold, its UTA and a TX cleanup.
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of("--vdev=net_null0", "--vdev=net_null1"),
            List.of(), List.of("port 0 rxq 0 deferred_start on", "port stop 0", "port 0 rxq 0 deferred_start on",
                "port 0 rxq 3 deferred_start on", "port 9 txq 0 deferred_start on", "port start 0", "start",
                TestPmdSession.PAUSE + "300", "stop", "port 0 rxq 0 start", "port stop 0",
                "port 0 rxq 0 deferred_start off", "port start 0", "set port 0 queue 0 rate 100",
                "set port 0 queue 0 rate 20000", "set port 9 queue 0 rate 1", "set port 0 rxq 0 avail_thresh 10",
                "set port 9 rxq 0 avail_thresh 10", "set port 0 rxq 0 avail_thresh 100", "set port 0 uta all on",
                "set port 0 uta 02:00:00:00:00:01 on", "set port 0 uta 02:00:00:00:00:01 off", "set port 9 uta all on",
                "port cleanup 0 txq 0 10", "port cleanup 9 txq 0 1"),
            results -> TestPmdSession.maskMacs(results).stream()
                .map(r -> r.replaceAll("(RX|TX)-(packets|dropped|total): *[1-9]\\d* *", "$1-$2: N ")).toList());
        assertTrue(dpdk.get(0).contains("Please stop port 0 first"), dpdk.get(0));
        assertTrue(dpdk.get(3).contains("Invalid RX queue 3 (must be < nb_rxq=1)"), dpdk.get(3));
        assertFalse(dpdk.get(5).contains("Configuring Port"), "only the queues are set up again: " + dpdk.get(5));
        assertTrue(dpdk.get(8).matches("(?s).*for port 0 +-+\n  RX-packets: 0 .*for port 1 +-+\n  RX-packets: N .*"),
            "port 0's stream sat out, port 1's forwarded: " + dpdk.get(8));
        assertTrue(dpdk.get(9).contains("Function not supported in PMD"), dpdk.get(9));
        assertTrue(dpdk.get(13).contains("queue_rate_limit_cmd error: (Operation not supported)"), dpdk.get(13));
        assertTrue(dpdk.get(14).contains("Invalid rate value:20000 bigger than link speed: 10000"), dpdk.get(14));
        assertTrue(dpdk.get(16).contains("rxq_avail_thresh_cmd error: (Operation not supported)"), dpdk.get(16));
        assertTrue(dpdk.get(19).contains("bad unicast hash table parameter, return code = -95"), dpdk.get(19));
        assertTrue(dpdk.get(23).contains("Failed to get port 0 Tx queue 0 info"), dpdk.get(23));
    }

    @Test
    void shouldSetThePacketTypesADeviceClassifiesAndNameTransferProxiesAsDpdkTestpmd() throws Exception
    {
        // net_tap reports the packet types it classifies but cannot narrow them (ethdev answers success and sets
        // none); net_null classifies nothing; a missing port gets ethdev's line, then testpmd's. net_tap makes its
        // own transfer rules; net_null has no rte_flow (ENOSYS).
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of(TestPmdSession.tap(), "--vdev=net_null1"),
            List.of(), List.of("set port 0 ptype_mask 0x0", "set port 0 ptype_mask 0xfff", "set port 1 ptype_mask 0x3",
                "set port 9 ptype_mask 1", "port stop 0", "port start 0", "show port 0 ptypes",
                "show port 0 flow transfer proxy", "show port 1 flow transfer proxy", "show port 9 flow transfer proxy"),
            TestPmdSession::maskMacs);
        assertTrue(dpdk.get(7).contains("Transfer proxy port ID: 0"), dpdk.get(7));
        assertTrue(dpdk.get(8).contains("Failed to pick transfer proxy: Function not implemented"), dpdk.get(8));
        assertTrue(dpdk.get(0).contains("Successfully set following ptypes for Port 0"), dpdk.get(0));
        assertTrue(dpdk.get(2).contains("Port 1 doesn't support any ptypes."), dpdk.get(2));
        assertTrue(dpdk.get(3).contains("Port 9 doesn't support any ptypes."), dpdk.get(3));
    }

    @Test
    void shouldQueryDescriptorsAsDpdkTestpmd() throws Exception
    {
        // net_null has neither query (ENOTSUP); net_vhost counts the used descriptors, none without a peer.
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of("--vdev=net_null0",
                "--vdev=net_vhost0,iface=" + dir.resolve("q.sock")),
            List.of(), List.of("show port 0 rxq 0 desc 0 status", "show port 0 txq 0 desc 5 status",
                "show port 9 rxq 0 desc 0 status", "show port 0 rxq 0 desc used count",
                "show port 1 rxq 0 desc used count", "show port 1 rxq 3 desc used count",
                "show port 1 rxq 2000 desc used count", "show port 9 rxq 0 desc used count",
                "show port 0 rxq 0 desc x status", "show port 1 rxq 0 desc 1 status"), TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("Invalid input: queue id = 0, desc id = 0"), dpdk.get(0));
        assertTrue(dpdk.get(2).contains("invalid port id 9"), dpdk.get(2));
        assertTrue(dpdk.get(4).contains("Used desc count = 0"), dpdk.get(4));
    }

    @Test
    void shouldLoadCommandsFromAFileAtThePromptAsDpdkTestpmd() throws Exception
    {
        final Path commands = dir.resolve("cmds.txt");
        Files.writeString(commands, "show config fwd\nset nbport 1\nbogus\nquit\nshow config fwd\n");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of("--vdev=net_null0", "--vdev=net_null1"),
            List.of(), List.of("load " + commands, "show config fwd", "load " + dir.resolve("missing.txt"), "load"),
            TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("Number of forwarding ports set to 1"), dpdk.get(0));
        assertTrue(dpdk.get(0).contains("Read CLI commands from " + commands), dpdk.get(0));
    }

    @Test
    void shouldConfigureBurstThresholdsSpeedsAndForwardingCoresAsDpdkTestpmd() throws Exception
    {
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of("--vdev=net_null0", "--vdev=net_null1"),
            List.of(), List.of("set corelist 1", "set corelist 0", "set corelist 1,1", "set corelist 5", "set corelist x",
                "show config cores", "port config all burst 64", "port stop all", "port config all burst 0",
                "port config all burst 600", "port config all burst 64", "port config all rxpt 8",
                "port config all rxpt 256", "port config all txrst 300", "port config all txfreet 70000",
                "port config all speed 1000 duplex half", "port config all speed 10 duplex half",
                "port config 0 speed auto duplex auto", "port config 5 speed auto duplex auto",
                "port config all speed 5 duplex full", "port start 1", "port config 1 speed 10000 duplex full",
                "port start all", "show config rxtx"), TestPmdSession::maskMacs);
        assertTrue(dpdk.get(1).contains("lcore 0 cannot be masked on"), dpdk.get(1));
        assertTrue(dpdk.get(6).contains("Please stop all ports first"), dpdk.get(6));
        assertTrue(dpdk.get(15).contains("Invalid speed/duplex parameters"), dpdk.get(15));
        assertTrue(dpdk.get(21).contains("Please stop port 1 first"), dpdk.get(21));
        assertTrue(dpdk.get(23).contains("packets/burst=64"), dpdk.get(23));
    }

    @Test
    void shouldKeepTheMulticastListAndReadEepromsAsDpdkTestpmd() throws Exception
    {
        // No virtual PMD filters multicast or has an EEPROM: the list rolls back on the driver's ENOTSUP.
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of("--vdev=net_null0", TestPmdSession.tap()),
            List.of(), List.of("mcast_addr add 0 01:00:5E:00:00:01", "mcast_addr add 1 01:00:5E:00:00:01",
                "mcast_addr add 0 02:00:00:00:00:01", "mcast_addr remove 0 01:00:5E:00:00:01",
                "mcast_addr add 7 01:00:5E:00:00:01", "mcast_addr add 0 zz", "show port 0 mcast_macs",
                "show port 1 eeprom", "show port 0 module_eeprom", "show port 7 eeprom", "port stop all",
                "port close 0", "show port 1 mcast_macs"), TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("rte_eth_dev_set_mc_addr_list(port=0, nb=1) failed. diag=-95"), dpdk.get(0));
        assertTrue(dpdk.get(2).contains("Invalid multicast addr MAC"), dpdk.get(2)); // MACs masked
        assertTrue(dpdk.get(3).contains("multicast address not filtered by port 0"), dpdk.get(3));
        assertTrue(dpdk.get(7).contains("operation not supported by device"), dpdk.get(7));
    }

    /**
     * DPDK's dumps through testpmd's {@code dump_*} commands: what is the same in both programs is compared (the
     * struct sizes, the device arguments, the rings with their addresses masked, the refusals); what differs by
     * construction (the pool's memory chunks and its ops index follow each program's allocations and the order its
     * mempool drivers registered, the log types' ids the libraries' load order, the memzones and heap counts what
     * each program allocated besides the pool) is checked for its form.
     */
    @Test
    void shouldDumpDpdksStateAsDpdkTestpmd() throws Exception
    {
        final List<String> commands = List.of("dump_struct_sizes", "dump_devargs", "dump_ring", "dump_mempool",
            "dump_ring nope", "dump_mempool nope", "dump_mempool a b", "dump_log_types", "dump_socket_mem",
            "dump_socket_mem", "dump_memzone", "dump_physmem");
        final List<String> dpdk = masked(TestPmdSession.onDevices(true, dir, List.of("--vdev=net_null0"), List.of(),
            commands));
        final List<String> ours = masked(TestPmdSession.onDevices(false, dir, List.of("--vdev=net_null0"), List.of(),
            commands));
        for (final int i : new int[] {0, 1, 2, 4, 5, 6})
        {
            assertEquals(dpdk.get(i), ours.get(i));
        }
        assertTrue(ours.get(0).contains("sizeof(struct rte_mbuf) = 128\n"), ours.get(0));
        assertTrue(ours.get(3).contains("mempool <mb_pool_0>@ADDR\n  flags=10\n  socket_id=0\n"), ours.get(3));
        assertTrue(ours.get(4).contains("Cannot find ring"), ours.get(4));
        assertTrue(ours.get(7).matches("(?s).*id \\d+: testpmd, level is debug\n.*"), ours.get(7));
        assertTrue(ours.get(9).matches("(?s).*Socket 0: size\\(M\\) total: [0-9.]+ alloc: [0-9.]+\\([0-9.]+%\\) free: " +
            "[0-9.]+ \tcount alloc: \\d+ *free: \\d+\nTotal   : .*\nMemory total change: 0\\.000000\\(M\\), " +
            "allocation change: 0\\.000000\\(M\\)\n.*"), ours.get(9));
        assertTrue(ours.get(10).contains("name:<MP_mb_pool_0>"), ours.get(10));
        assertTrue(ours.get(11).matches("(?s).*Segment \\d+-\\d+: IOVA:ADDR, len:\\d+, virt:ADDR, socket_id:0.*"),
            ours.get(11));
    }

    /** Addresses masked: each program's pointers are its own. */
    private static List<String> masked(final List<String> results)
    {
        return results.stream().map(r -> r.replaceAll("0x[0-9a-f]+", "ADDR")).toList();
    }
}
