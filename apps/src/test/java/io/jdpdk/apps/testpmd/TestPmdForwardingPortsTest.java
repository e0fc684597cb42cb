package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.Pcap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which ports forward where and how they are set up, from testpmd's command line and its commands, in jdpdk's
 * testpmd against dpdk-testpmd 22.11 as the oracle ({@link TestPmdSession}, MAC addresses masked):
 * {@code --port-topology}, {@code --portlist}, {@code --portmask}, {@code set portlist|portmask},
 * {@code port config all rxq|txq|rxd|txd|rss|max-pkt-len}, {@code port config mtu}, {@code set txpkts},
 * {@code set eth-peer},
 * {@code --no-numa}, {@code --disable-link-check}, {@code --no-lsc-interrupt}, {@code --rss-udp},
 * {@code --disable-rss}, {@code --max-pkt-len}, {@code --mbcache}, {@code --cmdline-file} and {@code --tx-first}.
 */
class TestPmdForwardingPortsTest
{
    private static final List<String> THREE_NULL_PORTS = List.of("--vdev=net_null0", "--vdev=net_null1",
        "--vdev=net_null2");

    @TempDir
    Path dir;

    /**
     * Chained ports in the order of {@code --portlist}; {@code set portlist} and {@code set portmask} change them
     * (and say so when their number changes), refuse a duplicate, a missing port, an empty mask and a blank in the
     * list with testpmd's words; {@code set nbport} is bounded by the configured ports, not by all ports; NUMA off
     * is said in the configuration; no link check prints no "Checking link statuses...".
     */
    @Test
    void shouldChainThePortsOfThePortListAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("show config fwd", "set portlist 2,0", "show config fwd",
            "set portmask 0x6", "set nbport 3", "set portlist 0,0", "set portlist 5", "set portmask 0",
            "set portlist 1, 2", "set portlist 0-1", "set portmask 0x1", "show config fwd", "port stop 0",
            "port start 0", "set portlist 1,0 ", "set portlist 0,1#x", "show config fwd");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, THREE_NULL_PORTS, List.of("--disable-link-check",
            "--no-numa", "--port-topology=chained", "--portlist=2,1"), commands, TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("RX P=2/Q=0 (socket 0) -> TX P=1/Q=0"), dpdk.get(0));
        assertTrue(dpdk.get(0).contains("NUMA support disabled"), dpdk.get(0));
        assertTrue(dpdk.get(4).contains("nb fwd ports 3 > 2 (number of configured ports) - ignored"), dpdk.get(4));
        assertTrue(dpdk.get(10).contains("previous number of forwarding ports 2 - changed to number of configured " +
            "ports 1"), dpdk.get(10));
        assertFalse(dpdk.get(13).contains("Checking link statuses"), dpdk.get(13));
        // The list is the rest of the line as typed, a blank after it included, up to a '#'.
        assertTrue(dpdk.get(14).endsWith("stderr:\ncharacter   is not a decimal digit\n"), dpdk.get(14));
        assertTrue(dpdk.get(16).contains("RX P=0/Q=0 (socket 0) -> TX P=1/Q=0"), dpdk.get(16));
    }

    /**
     * Each port forwards to itself in the loop topology, and an odd number of ports brings no warning (paired, it
     * does: {@link TestPmdConfigCommandsTest}).
     */
    @Test
    void shouldLoopEachPortToItselfWithoutTheOddPortsWarningAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> loop = TestPmdSession.sameAsDpdk(dir, THREE_NULL_PORTS.subList(0, 2),
            List.of("--port-topology=loop", "--portmask=0x3"), List.of("show config fwd", "set nbport 1"),
            TestPmdSession::maskMacs);
        assertTrue(loop.get(0).contains("RX P=1/Q=0 (socket 0) -> TX P=1/Q=0"), loop.get(0));
        assertTrue(loop.get(1).endsWith("stderr:\n"), loop.get(1));
    }

    /**
     * Without LSC interrupts testpmd waits for the links and prints each one when ports start and stop; the RSS
     * functions of two RX queues are UDP's with {@code --rss-udp} and none with {@code --disable-rss};
     * {@code --max-pkt-len} sets the MTU less the device's overhead.
     */
    @Test
    void shouldSetUpThePortsAsTheOptionsSayAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> lsc = TestPmdSession.sameAsDpdk(dir, THREE_NULL_PORTS, List.of("--no-lsc-interrupt"),
            List.of("port stop 1", "port start 1"), TestPmdSession::maskMacs);
        assertTrue(lsc.get(1).contains("Port 2 Link up at 10 Gbps FDX Fixed"), lsc.get(1));
        // A bond of a net_tap, port 1, is the virtual device that reports its RSS functions (TestPmdRssHashTest).
        final List<String> udp = TestPmdSession.sameAsDpdk(dir, TestPmdSession.bondedTap(), List.of("--rxq=2", "--txq=2",
            "--rss-udp"), List.of("show port 1 rss-hash", "show config fwd"), TestPmdSession::maskMacs);
        assertTrue(udp.get(0).contains("RSS functions:\n  udp  ipv4-udp  ipv6-udp  ipv6-udp-ex"), udp.get(0));
        final List<String> none = TestPmdSession.sameAsDpdk(dir, TestPmdSession.bondedTap(), List.of("--rxq=2", "--txq=2",
            "--rss-udp", "--disable-rss"), List.of("show port 1 rss-hash"), TestPmdSession::maskMacs);
        assertTrue(none.get(0).contains("RSS disabled"), none.get(0));
        final List<String> mtu = TestPmdSession.sameAsDpdk(dir, THREE_NULL_PORTS, List.of("--max-pkt-len=9000",
            "--mbcache=32"), List.of("show port info 0"), TestPmdSession::maskMacs);
        assertTrue(mtu.get(0).contains("MTU: 8982"), mtu.get(0));
    }

    /**
     * {@code port config all rxq|txq|rxd|txd N} only with every port stopped, within every port's limits; the streams
     * follow at once and the ports are configured again at their next start, with the queues' RSS; forwarding then
     * runs on each queue. {@code port config mtu} checks the device's limits and sets the MTU;
     * {@code port config all max-pkt-len} sets every stopped port's MTU to the frame less its overhead.
     */
    @Test
    void shouldConfigureQueuesDescriptorsAndMtuAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("port config all rxq 2", "port stop all", "port config all rxq 2",
            "port config all txq 2", "show config fwd", "port config all rxq 2000", "port config all txd 70000",
            "port config all rxd 128", "port config all txd 4096", "show config rxtx", "port start all",
            "show port info 0", "port config mtu 0 9000", "port config mtu 1 68", "port config mtu 1 10",
            "port config mtu 1 65535", "port config mtu 7 1500", "show port info 1", "port stop 1",
            "port config mtu 1 2000", "port start 1", "show port info 1", "port config all max-pkt-len 9000",
            "port stop all", "port config all max-pkt-len 60", "port config all max-pkt-len 9000", "port start all",
            "show port info 1");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of(TestPmdSession.tap(), "--vdev=net_null1"),
            List.of(), commands, TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("stderr:\nPlease stop all ports first\n"), dpdk.get(0));
        assertTrue(dpdk.get(4).contains("RX P=1/Q=1 (socket 0) -> TX P=0/Q=1"), dpdk.get(4));
        assertTrue(dpdk.get(5).contains("Fail: input rxq (2000) can't be greater than max_rx_queues"), dpdk.get(5));
        assertTrue(dpdk.get(10).contains("Configuring Port 0 (socket 0)"), dpdk.get(10));
        assertTrue(dpdk.get(11).contains("Current number of RX queues: 2"), dpdk.get(11));
        assertTrue(dpdk.get(21).contains("MTU: 2000"), dpdk.get(21));
        assertTrue(dpdk.get(22).contains("stderr:\nPlease stop all ports first\n"), dpdk.get(22));
        assertTrue(dpdk.get(24).contains("stderr:\nmax-pkt-len can not be less than 64\n"), dpdk.get(24));
        assertTrue(dpdk.get(27).contains("MTU: 8982"), dpdk.get(27));
        // Forwarding on the queues set up again: every stream of two net_null ports gets packets (a net_tap's
        // queues get what the kernel happens to send, so not there); the counts masked.
        final List<String> forwarding = TestPmdSession.sameAsDpdk(dir, THREE_NULL_PORTS.subList(0, 2), List.of(),
            List.of("port stop all", "port config all rxq 2", "port config all txq 2", "port start all", "start",
                "#pause 300", "stop"), results -> TestPmdSession.maskMacs(results).stream()
                .map(r -> r.replaceAll("[0-9]+", "N").replaceAll(" +", " ")).toList());
        assertEquals(4, forwarding.get(6).split("Forward Stats for RX Port", -1).length - 1, forwarding.get(6));
    }

    /**
     * {@code port config all rss}: a group, none, each device's default, an unknown name, flow type ids in and out of
     * range, a level over the types of now, all, and types a device does not hash (said per port, then set as
     * testpmd's rss_hf); the flow rss action then takes them as its default types.
     */
    @Test
    void shouldConfigureRssTypesAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("port config all rss udp", "show port 0 rss-hash",
            "port config all rss none", "port config all rss default", "port config all rss bogus",
            "port config all rss 70", "port config all rss 5", "port config all rss level-outer",
            "port config all rss all", "port config all rss ipv4-tcp", "port config all rss eth",
            "flow validate 0 ingress pattern eth / end actions rss / end");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, THREE_NULL_PORTS.subList(0, 2),
            List.of("--rxq=2", "--txq=2"), commands, TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).endsWith("stdout:\nrss_hf 0x20820\nstderr:\n"), dpdk.get(0));
        assertTrue(dpdk.get(7).contains("Port 1 modified RSS hash function based on hardware support,requested:" +
            "0x4000000000020 configured:0x20\nrss_hf 0x4000000000020"), dpdk.get(7));
    }

    /**
     * {@code set txpkts}: segments checked against the TX rings (two descriptors here hold two segments, not three),
     * the mbufs' data room and the least packet, in testpmd's words, and shown by {@code show config txpkts}; {@code set eth-peer}: the peer of a port that
     * exists, in either notation {@code rte_ether_unformat_addr} reads, shown in the forwarding configuration.
     */
    @Test
    void shouldSetTxSegmentsAndPeersAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("set fwd txonly", "set txpkts 64,64", "show config rxtx",
            "set txpkts 64,64,64", "set txpkts 10", "set txpkts 3000", "set txpkts 64,x", "set txpkts 30,30",
            "show config rxtx", "set eth-peer 1 02:11:22:33:44:55", "set eth-peer 5 02:11:22:33:44:55",
            "set eth-peer 0 zz", "set eth-peer 0 0211.2233.4456", "set eth-peer 0 2:1:22:3:4:5",
            "set eth-peer 0 0211:2233:4456", "show config fwd", "port stop all", "port config all txq 2",
            "set txpkts 64,64", "show config rxtx", "show config txpkts", "show config txtimes");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, THREE_NULL_PORTS.subList(0, 2),
            List.of("--txd=2"), commands, results -> results);
        assertTrue(dpdk.get(20).contains("Number of segments: 2\nSegment sizes: 64,64\nSplit packet: off\n"),
            dpdk.get(20));
        assertTrue(dpdk.get(3).contains("ring_size=2 - txpkts ignored\nstderr:\nTx segment size(3) is not " +
            "supported - txpkts ignored\n"), dpdk.get(3));
        assertTrue(dpdk.get(8).contains("packet len=60 - nb packet segments=2"), dpdk.get(8));
        assertTrue(dpdk.get(15).contains("TX P=1/Q=0 (socket 0) peer=02:11:22:33:44:55") &&
            dpdk.get(15).contains("TX P=0/Q=0 (socket 0) peer=02:11:22:33:44:56"), dpdk.get(15));
        // A TX queue not set up yet (ethdev says so) is no reason to refuse: testpmd cannot tell its ring either.
        assertTrue(dpdk.get(18).contains("stderr:\nInvalid Tx queue_id=1\nInvalid Tx queue_id=1\n"), dpdk.get(18));
        assertTrue(dpdk.get(19).contains("packet len=128 - nb packet segments=2"), dpdk.get(19));
    }

    /**
     * {@code --cmdline-file}: its commands run before the prompt, without prompt, echo, or librte_cmdline's own
     * words for a command it does not know or cannot parse, or for help; {@code quit} ends the file, not testpmd;
     * a file that cannot be read is said on standard error.
     */
    @Test
    void shouldRunTheCommandsOfTheCmdlineFileBeforeThePromptAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final Path file = dir.resolve("commands.txt");
        Files.writeString(file, "show config fwd\nset fwd macswap\nfoo\nset nbport x\nhelp\n# a comment\n" +
            "set nbport 1\r\nshow config fwd\nquit\nshow config rxtx\n", StandardCharsets.US_ASCII);
        final List<String> before = new ArrayList<>();
        for (final Path commands : new Path[] {file, dir.resolve("missing")})
        {
            for (final boolean dpdk : new boolean[] {true, false})
            {
                final List<String> args = new ArrayList<>(List.of("--in-memory", "--no-pci", "-l", "0-1",
                    "--log-level=lib.eal:error", "--vdev=net_null0", "--vdev=net_null1", "--", "-i",
                    "--total-num-mbufs=8192", "--cmdline-file=" + commands));
                final String stdout = TestPmdSession.run(dpdk, dir, args, List.of("show config fwd")).stdout();
                before.add(TestPmdSession.maskMacs(List.of(stdout.substring(stdout.indexOf("CLI commands to be read"),
                    stdout.indexOf(TestPmdSession.PROMPT)))).get(0));
            }
        }
        assertEquals(before.get(0), before.get(1));
        assertTrue(before.get(0).endsWith("Read CLI commands from " + file + "\n"), before.get(0));
        assertFalse(before.get(0).contains("Command not found") || before.get(0).contains("Bad arguments") ||
            before.get(0).contains("RX queue number"), before.get(0));
        assertEquals(1, before.get(0).split("Set macswap packet forwarding mode", -1).length - 1, before.get(0));
        assertEquals(before.get(2), before.get(3));
        assertFalse(before.get(2).contains("Read CLI commands from"), before.get(2));
    }

    /**
     * {@code --tx-first} without {@code -i}: the ports' links are waited for and printed (LSC interrupts off, said
     * on standard error), and each stream sends one burst of txonly's packets before forwarding, byte for byte
     * dpdk-testpmd's (net_pcap ports with nothing to receive).
     */
    @Test
    void shouldSendAFirstBurstWithTxFirstWithoutThePromptAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final Path empty = dir.resolve("empty.pcap");
        Pcap.write(empty, List.of());
        final List<List<TestPmdRun.Record>> sent = new ArrayList<>();
        for (final boolean dpdk : new boolean[] {true, false})
        {
            final TestPmdRun run = TestPmdRun.start(dpdk, dir.resolve(dpdk ? "dpdk" : "jdpdk"), empty, empty,
                "--tx-first", "--total-num-mbufs=8192");
            run.awaitRecords(32, 32, 60); // dpdk-testpmd's standard output, a file, comes at exit
            run.send("\n");
            assertEquals(0, run.waitFor(60), run.output());
            final String out = run.output();
            assertTrue(out.contains("Ports to start sending a burst of packets first\n") &&
                out.contains("Press enter to exit\n"), out);
            assertTrue(out.contains("Warning: lsc_interrupt needs to be off when using tx_first. Disabling.\n"), out);
            assertTrue(out.contains("Checking link statuses...\nPort 0 Link up at 10 Gbps FDX Fixed\n" +
                "Port 1 Link up at 10 Gbps FDX Fixed\nDone\n"), out);
            sent.add(TestPmdRun.records(run.out0));
            sent.add(TestPmdRun.records(run.out1));
        }
        for (int port = 0; port < 2; port++)
        {
            assertEquals(32, sent.get(port).size());
            assertEquals(32, sent.get(2 + port).size());
            for (int i = 0; i < 32; i++)
            {
                assertArrayEquals(sent.get(port).get(i).data(), sent.get(2 + port).get(i).data(), "port " + port +
                    ", packet " + i);
            }
        }
    }
}
