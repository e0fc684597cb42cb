package io.jdpdk.apps.testpmd;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code show port info} and {@code show device info} of jdpdk's testpmd against dpdk-testpmd 22.11 as the oracle ({@link TestPmdSession}): the
 * same devices, the same commands, the same lines on each stream, but for the ports' MAC addresses, which net_tap
 * and net_null draw at random in each run.
 */
class TestPmdPortInfoTest
{
    @TempDir
    Path dir;

    /**
     * net_tap (its RSS types, hash key size, MTU and devargs), net_null (its redirection table, empty devargs), a
     * bond of the tap, every port at once, and ports that are not there.
     */
    @Test
    void shouldPrintEveryFieldOfPortInfoAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> vdevs = List.of(TestPmdSession.tap(), "--vdev=net_null0",
            "--vdev=net_bonding0,mode=0,slave=net_tap0");
        final List<String> commands = List.of("show port info 0", "show port info 1", "show port info 2",
            "show port info all", "show port info 9", "show port info");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, vdevs, List.of(), commands, TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("\nDevargs: iface=jdtp"), dpdk.get(0));
        assertTrue(dpdk.get(0).contains("\nSupported RSS offload flow types:\n  ipv4  ipv4-frag  ipv4-tcp"),
            dpdk.get(0));
        assertTrue(dpdk.get(1).contains("\nRedirection table size: 128\n"), dpdk.get(1));
    }

    /**
     * Every device a driver took, bus by bus, with its devargs and NUMA node and each of its ports (a bond is a
     * device of its own); one named as EAL reads {@code --vdev} names, with or without its bus, or by the start of
     * a name; an identifier EAL cannot read.
     */
    @Test
    void shouldPrintTheDevicesAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> vdevs = List.of(TestPmdSession.tap(), "--vdev=net_null0",
            "--vdev=net_bonding0,mode=0,slave=net_tap0", "--vdev=net_pcap0,iface=lo");
        final List<String> commands = List.of("show device info all", "show device info net_null0",
            "show device info vdev:net_pcap0", "show device info net_null", "show device info 0000:00:03.0",
            "show device info foo", "show device info");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, vdevs, List.of(), commands, TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("\n********************* Infos for device net_bonding0 *********************\n" +
            "Bus name: vdev\nBus information: \nDriver name: net_bonding\nDevargs: mode=0,slave=net_tap0\n"),
            dpdk.get(0));
        assertTrue(dpdk.get(1).contains("\tPort id: 1 \n\tMAC address: MAC\n\tDevice name: net_null0\n" +
            "\tDevice speed capability: Autonegotiate (all speeds)\n"), dpdk.get(1));
        assertTrue(dpdk.get(2).contains("Devargs: iface=lo"), dpdk.get(2));
        assertTrue(dpdk.get(5).contains("cannot parse identifier"), dpdk.get(5));
    }

    /**
     * {@code --display-xstats}: the named extended statistics below the throughput of {@code show port stats}, with
     * their rates; a name the port lacks is said at each start of the port and skipped, and, as in testpmd, the
     * labels after it shift (the value of {@code tx_good_packets} under the label {@code bogus_stat}); empty names
     * between commas are dropped.
     */
    @Test
    void shouldShowTheExtendedStatisticsNamedWithTheStatsAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("show port stats 0", "port stop 0", "port start 0", "show port stats 0",
            "show port stats 1");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of("--vdev=net_null0", "--vdev=net_null1"),
            List.of("--display-xstats=rx_good_packets,bogus_stat,,tx_good_packets,"), commands,
            TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("\n                               Value            Rate (since last show)\n" +
            "  rx_good_packets                     0               0\n  bogus_stat                          0" +
            "               0\n  ######"), dpdk.get(0));
        assertTrue(dpdk.get(2).contains("stderr:\nNo xstat 'bogus_stat' on port 0 - skip it 1\n"), dpdk.get(2));
    }
}
