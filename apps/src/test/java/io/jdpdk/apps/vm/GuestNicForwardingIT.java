package io.jdpdk.apps.vm;

import io.jdpdk.apps.testing.Commands;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real PCI NIC drivers through vfio-pci, on emulated NICs in a QEMU guest ({@code hugepage-setup/vm/guest.sh}, TCG
 * with a virtual Intel IOMMU): in one guest, DPDK's testpmd, then jdpdk's testpmd, then jdpdk's l2fwd forward between
 * two NICs of a model while the host sends frames into one NIC over 127.0.0.1 and checks every frame that comes out
 * of the other (count and bytes: io, macswap, l2fwd's MAC updating). jdpdk's testpmd must print the same forwarding
 * configuration as DPDK's on the same NIC (descriptors as the PMD prefers them: 256 on e1000e), and both jdpdk apps
 * must give every mbuf back. Required wherever {@code ./jdpdk test} runs: it prepares the guest (kernel, initramfs,
 * QEMU) first; a machine where QEMU cannot run fails here with guest.sh's reason.
 */
class GuestNicForwardingIT
{
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @ParameterizedTest
    @ValueSource(strings = { "e1000e", "virtio", "vmxnet3" })
    void shouldForwardEveryFrameThroughVfioLikeDpdksTestpmd(final String model) throws Exception
    {
        final Path guest = ROOT.resolve("hugepage-setup/vm/guest.sh");
        assertTrue(Files.isExecutable(guest), guest + " is missing");
        final String out = Commands.runIn(ROOT, 900, Set.of(0), guest.toString(), "run", "--nic", model, "--nic", model,
            "--timeout", "800", "--env", "JDPDK_JAVA_OPTS=-XX:TieredStopAtLevel=1",
            "--host", "apps/src/test/vm/forward-host.sh", "--", "apps/src/test/vm/forward-guest.sh");

        System.out.println(model + ": dpdk-testpmd\n" + queueLines(section(out, "dpdk-testpmd")));
        assertEquals(5, count(out, "jdpdk: frames: all frames came back as expected"),
            "testpmd io and macswap (DPDK's, jdpdk's) and l2fwd, 300 frames each:\n" + out);
        assertTrue(out.contains("=== dpdk-testpmd exit 0\n"), out);
        assertTrue(out.contains("=== jdpdk-testpmd exit 0\n"), out);
        assertTrue(out.contains("=== jdpdk-l2fwd exit 130\n"), "l2fwd stops on SIGINT: " + out);
        final String dpdk = section(out, "dpdk-testpmd");
        final String jdpdk = section(out, "jdpdk-testpmd");
        assertEquals(queueLines(dpdk), queueLines(jdpdk), "forwarding configuration as dpdk-testpmd prints it");
        assertTrue(queueLines(dpdk).contains("RX desc="), dpdk);
        assertEquals(queueInfo(dpdk), queueInfo(jdpdk), "show rxq info 0 0, show txq info 0 0 as dpdk-testpmd's");
        assertTrue(queueInfo(dpdk).contains("Infos for port 0 , RX queue 0 ") ||
            queueInfo(dpdk).contains("Failed to retrieve information for port: 0, RX queue: 0"), dpdk);
        assertTrue(jdpdk.contains("Mempool mb_pool_0: 0 of 8192 mbufs in use"), jdpdk);
        assertTrue(section(out, "jdpdk-l2fwd").contains("Mempool mbuf_pool: 0 of 8192 mbufs in use"), out);
        if (model.equals("e1000e"))
        {
            assertTrue(jdpdk.contains("RX desc=256 - "), "e1000e's preferred ring size, as DPDK's testpmd takes it");
        }
    }

    private static String section(final String out, final String name)
    {
        final int from = out.indexOf("=== " + name + "\n");
        final int to = out.indexOf("=== " + name + " exit", from);
        assertTrue(from >= 0 && to > from, "no section " + name + ":\n" + out);
        return out.substring(from, to);
    }

    /** rxtx_config_display's per-queue lines (descriptors, thresholds, offloads), in order. */
    private static String queueLines(final String section)
    {
        final StringBuilder b = new StringBuilder();
        section.lines().filter(l -> l.matches("\\s+(RX|TX) (desc|threshold|Offloads|offloads).*|\\s+(Rx|Tx) offloads.*"))
            .forEach(l -> b.append(l).append('\n'));
        return b.toString();
    }

    /** What {@code show rxq info} and {@code show txq info} printed (their lines, in order). */
    private static String queueInfo(final String section)
    {
        final StringBuilder b = new StringBuilder();
        section.lines().filter(l -> l.matches(".*Infos for port .*|Mempool: .*|(RX|TX|Rx|Tx) [^=]*: .*|Number of .XDs: .*" +
            "|Burst mode: .*|Failed to retrieve .*|error desc: .*")).forEach(l -> b.append(l).append('\n'));
        return b.toString();
    }

    private static int count(final String text, final String what)
    {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1))
        {
            n++;
        }
        return n;
    }
}
