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
 * {@code show port N rss-hash [key]} of jdpdk's testpmd against dpdk-testpmd 22.11 as the oracle: each runs
 * interactively on the same devices, one after the other, and gets the same commands one at a time; what each
 * command prints on standard output and, apart, on standard error must be the same ({@link TestPmdSession}).
 */
class TestPmdRssHashTest
{

    /** Syntax and port checks, the same on any device. */
    private static final List<String> PORT_CHECKS = List.of("show port 9 rss-hash", "show port 9 rss-hash key",
        "show port 70000 rss-hash", "show port all rss-hash", "show port 0 rss-hash foo", "show port -1 rss-hash",
        "show port 0x0 rss-hash", "show port 0b0 rss-hash key", "show port 08 rss-hash", "show port rss-hash");

    @TempDir
    Path dir;

    @BeforeAll
    static void needDpdkTestpmd()
    {
        TestPmdSession.requireDpdkTestpmd();
    }

    @Test
    void shouldSayNetNullGivesNoValidHashKeySizeAsDpdkTestpmd() throws Exception
    {
        final List<String> commands = new ArrayList<>(List.of("show port 0 rss-hash", "show port 0 rss-hash key"));
        commands.addAll(PORT_CHECKS);
        final List<String> dpdk = run(true, List.of("--vdev=net_null0"), List.of(), commands);
        assertTrue(dpdk.get(0).endsWith("stderr:\ndev_info did not provide a valid hash key size\n"), dpdk.get(0));
        assertEquals(dpdk, run(false, List.of("--vdev=net_null0"), List.of(), commands));
    }

    @Test
    void shouldSayNetTapWithTwoQueuesCannotReportItsRssHashAsDpdkTestpmd() throws Exception
    {
        final List<String> commands = new ArrayList<>(List.of("show port 0 rss-hash", "show port 0 rss-hash key"));
        commands.addAll(PORT_CHECKS);
        final List<String> dpdk = run(true, List.of(tap()), List.of("--rxq=2", "--txq=2"), commands);
        assertTrue(dpdk.get(0).endsWith("stderr:\noperation not supported by device\n"), dpdk.get(0));
        assertEquals(dpdk, run(false, List.of(tap()), List.of("--rxq=2", "--txq=2"), commands));
    }

    /**
     * net_bonding over net_tap is the virtual device that reports RSS: the bond answers
     * {@code rte_eth_dev_rss_hash_conf_get} with the functions testpmd configured (RTE_ETH_RSS_IP for two RX queues)
     * and its default 40-byte key; port 0, the tap inside it, still says it cannot.
     */
    @Test
    void shouldShowRssFunctionsAndKeyOfABondedTapAsDpdkTestpmd() throws Exception
    {
        final List<String> commands = List.of("show port 1 rss-hash", "show port 1 rss-hash key",
            "show port 0 rss-hash key", "show port 2 rss-hash");
        final List<String> dpdk = run(true, TestPmdSession.bondedTap(), List.of("--rxq=2", "--txq=2"), commands);
        assertTrue(dpdk.get(1).contains("\nRSS functions:\n  ip  ipv4  ipv4-frag  ipv4-other  ipv6  ipv6-frag  " +
            "ipv6-other\n  ipv6-ex\nRSS key:\n6D5A56DA"), dpdk.get(1));
        assertEquals(dpdk, run(false, TestPmdSession.bondedTap(), List.of("--rxq=2", "--txq=2"), commands));
    }

    @Test
    void shouldSayRssDisabledOnABondedTapWithOneQueueAsDpdkTestpmd() throws Exception
    {
        final List<String> commands = List.of("show port 1 rss-hash", "show port 1 rss-hash key");
        final List<String> dpdk = run(true, TestPmdSession.bondedTap(), List.of(), commands);
        assertTrue(dpdk.get(1).contains("stdout:\nRSS disabled\nstderr:\n"), dpdk.get(1));
        assertEquals(dpdk, run(false, TestPmdSession.bondedTap(), List.of(), commands));
    }

    /**
     * testpmd's port check lets 65535 ({@code RTE_PORT_ALL}) through, so the command fails at
     * {@code rte_eth_dev_info_get}: ethdev logs "Invalid port_id=65535", then testpmd prints its error; and so does
     * {@code port config mtu 65535 N}, whose MTU check stops there without a word of its own.
     */
    @Test
    void shouldLetPort65535ThroughToTheDeviceInfoErrorAsDpdkTestpmd() throws Exception
    {
        final List<String> commands = List.of("show port 65535 rss-hash", "show port 0xffff rss-hash key",
            "port stop all", "port config mtu 65535 1500");
        final List<String> dpdk = run(true, List.of("--vdev=net_null0"), List.of(), commands);
        assertTrue(dpdk.get(0).endsWith("stderr:\nInvalid port_id=65535\nError during getting device (port 65535) " +
            "info: No such device\n"), dpdk.get(0));
        assertTrue(dpdk.get(3).endsWith("stderr:\nInvalid port_id=65535\n"), dpdk.get(3));
        assertEquals(dpdk, run(false, List.of("--vdev=net_null0"), List.of(), commands));
    }

    /**
     * The RSS redirection table of a net_null with two RX queues: entries read through masks (one per 64 entries),
     * entries sent to other queues and read back; what testpmd refuses (a hash index past the table, a malformed
     * pair, a wrong number of masks, a size past the table, no parentheses) and what ethdev or the driver refuses (a
     * queue the port does not have, a size the driver does not have, no mask bit set), each in their words.
     */
    @Test
    void shouldShowAndChangeTheRedirectionTableAsDpdkTestpmd() throws Exception
    {
        final List<String> commands = List.of("show port 0 rss reta 128 (0xf,0x0)",
            "port config 0 rss reta (0,1),(1,1),(3,0),(64,1)", "show port 0 rss reta 128 (0xf,0x1)",
            "port config 0 rss reta (0,5)", "port config 0 rss reta (200,1)", "port config 0 rss reta (1,2,3)",
            "port config 0 rss reta (1)", "port config 0 rss reta (0x2,0)", "show port 0 rss reta 128 (0xf)",
            "show port 0 rss reta 64 (0xffffffffffffffff)", "show port 0 rss reta 0 (0x1)",
            "show port 0 rss reta 600 (0x1)", "show port 0 rss reta 128 0xf", "show port 9 rss reta 128 (0x1,0x0)",
            "show port 0 rss reta 128 (0x0,0x0)", "show port 0 rss reta 128 (0x7,0x1)", "port config 9 rss reta (0,1)",
            "port config 0 rss reta (-0,1),(0x8000000000000001,1)", "port config 0 rss reta (-0,1)",
            "port config 0 rss reta " + "(1,1),".repeat(21) + "(1,1)", "show port 0 rss reta 128 (0x1,0x0)");
        final List<String> dpdk = run(true, List.of("--vdev=net_null0"), List.of("--rxq=2", "--txq=2"), commands);
        assertTrue(dpdk.get(2).contains("RSS RETA configuration: hash index=0, queue=1\nRSS RETA configuration: " +
            "hash index=1, queue=1\n") && dpdk.get(2).contains("hash index=3, queue=0\nRSS RETA configuration: " +
            "hash index=64, queue=1\n"), dpdk.get(2));
        assertTrue(dpdk.get(3).contains("Bad redirection table parameter, return code = -22"), dpdk.get(3));
        assertTrue(dpdk.get(4).contains("Invalid RETA hash index=200\nInvalid RSS Redirection Table config entered"),
            dpdk.get(4));
        assertTrue(dpdk.get(15).contains("hash index=1, queue=1\nRSS RETA configuration: hash index=2, queue=0\n"),
            "(0x2,0) set entry 2, the refused (1,2,3) left entry 1: " + dpdk.get(15));
        assertEquals(dpdk, run(false, List.of("--vdev=net_null0"), List.of("--rxq=2", "--txq=2"), commands));
    }

    /** Port net_tap0 with an interface name no other run uses. */
    private static String tap()
    {
        return TestPmdSession.tap();
    }

    /** {@link TestPmdSession#run}'s results of each command, on {@code vdevs} with {@code appArgs}. */
    private List<String> run(final boolean dpdk, final List<String> vdevs, final List<String> appArgs,
        final List<String> commands) throws Exception
    {
        return TestPmdSession.onDevices(dpdk, dir, vdevs, appArgs, commands);
    }
}
