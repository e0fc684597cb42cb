package io.jdpdk.apps.testpmd;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code show port info} of jdpdk's testpmd against dpdk-testpmd 22.11 as the oracle ({@link TestPmdSession}): the
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
}
