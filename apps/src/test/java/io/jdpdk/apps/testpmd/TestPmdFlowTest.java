package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.Tools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * testpmd's {@code flow} commands, jdpdk's against dpdk-testpmd's on the same script and the same virtual ports of
 * this host: net_null (no flow API: "Function not implemented"), net_tap without the kernel's multiq qdisc (rules
 * validate but the kernel refuses them; COUNT is refused by the PMD), a port that does not exist, and lines the
 * grammar rejects. Command by command, standard output and standard error apart ({@link TestPmdSession}). Rules
 * that work are checked in the QEMU guest.
 */
class TestPmdFlowTest
{
    private static final AtomicInteger SEQ = new AtomicInteger();

    @TempDir
    Path dir;

    @Test
    void shouldAnswerFlowCommandsAsDpdkTestpmdOnDevicesThatRefuseRules() throws Exception
    {
        Tools.require(Files.isExecutable(TestPmdRun.DPDK_TESTPMD), "dpdk-testpmd is not installed");
        final List<String> commands = List.of(
            "flow validate 0 ingress pattern eth / ipv4 / udp dst is 53 / end actions queue index 1 / end",
            "flow create 0 ingress pattern eth / end actions drop / end",
            "flow validate 1 ingress pattern eth / ipv4 src is 10.0.0.1 / udp dst is 53 / end actions queue index 1 / end",
            "flow create 1 ingress pattern eth / ipv4 / udp dst is 53 / end actions queue index 1 / end",
            "flow create 1 ingress pattern eth / end actions count / end",
            "flow create 1 ingress pattern eth / end actions mark id 7 / end",
            "flow validate 1 ingress pattern eth / end actions jump group 1 / end",
            "flow create 1 group 1 priority 2 ingress pattern eth / vlan vid is 5 / end actions drop / end",
            "flow validate 1 ingress pattern eth type is 0x86dd / ipv6 dst spec ::1 dst prefix 64 / tcp flags mask 2 / end actions drop / end",
            "flow validate 1 egress pattern end actions drop / end",
            "flow create 7 ingress pattern eth / end actions drop / end",
            "flow create 0 ingress pattern eth / end actions drop",
            "flow create 0 ingress pattern eth / bogus / end actions drop / end",
            "flow create 0 ingress pattern eth / udp dst is 70000 / end actions drop / end",
            "flow create 0 ingress pattern eth / ipv4 src is 1.2.3 / end actions drop / end",
            // DPDK 22.11.11's MAC token: two digits an octet, or three words of four.
            "flow validate 0 ingress pattern eth dst is 2:0:0:0:0:1 / end actions drop / end",
            "flow validate 0 ingress pattern eth dst is 0200:0000:0001 / end actions drop / end",
            "flow validate 0 ingress pattern eth dst is 02:00:00:00:00:01 src is 0A0B:0C0D:0E0F / end actions drop / end",
            "flow create 0 ingress pattern eth / end actions queue index / end",
            "flow list 0",
            "flow list 1 group 0",
            "flow list 7",
            "flow flush 0",
            "flow flush 7",
            "flow destroy 0 rule 0",
            "flow destroy 7 rule 0",
            "flow query 0 0 count",
            "flow query 7 0 count",
            "flow isolate 0 1",
            "flow frobnicate 0");
        final String tap = "jflow" + ProcessHandle.current().pid() % 10000 + "x" + SEQ.incrementAndGet();
        final List<String> args = List.of("--in-memory", "--no-pci", "-l", "0-1", "--log-level=lib.eal:error",
            "--vdev=net_null0", "--vdev=net_tap0,iface=" + tap, "--", "-i", "--rxq=2", "--txq=2",
            "--total-num-mbufs=4096");
        final TestPmdSession.Result dpdk = TestPmdSession.run(true, dir, args, commands);
        final TestPmdSession.Result jdpdk = TestPmdSession.run(false, dir, args, commands);
        assertEquals(masked(dpdk.commands()), masked(jdpdk.commands()), "each command's stdout and stderr");
        final String all = String.join("", jdpdk.commands());
        assertTrue(all.contains("port_flow_complain(): Caught PMD error type 1 (cause unspecified): " +
            "Function not implemented: Function not implemented\n"), all);
        assertTrue(all.contains("Caught PMD error type 16 (specific action): cause: 0x"), all);
        assertTrue(all.contains("No such device: No such device\n"), all);
        assertTrue(all.contains("stdout:\nFlow rule validated\n"), "net_tap validates a queue rule: " + all);
        assertTrue(jdpdk.stdout().contains("Mempool mb_pool_0: 0 of"), "no mbuf leaked: " + jdpdk.stdout());
    }

    /** The results with the address each PMD blames masked: the same object, at another address in each run. */
    private static List<String> masked(final List<String> results)
    {
        return results.stream().map(r -> r.replaceAll("cause: 0x[0-9a-f]+", "cause: ADDRESS")).toList();
    }
}
