package io.jdpdk.apps.vm;

import io.jdpdk.apps.testing.Commands;
import io.jdpdk.apps.testing.PoolLine;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DPDK's AF_XDP PMD in the QEMU test guest ({@code apps/src/test/vm/afxdp-guest.sh}), on the guest kernel's veth
 * pairs: dpdk-testpmd and jdpdk's testpmd each forward 500 frames of 60 to 1514 bytes from one {@code net_af_xdp}
 * port to the other, every one checked by {@code frames.py --ifaces} on the pairs' far ends (count and bytes). The
 * mbufs net_af_xdp 22.11 leaves in the kernel's fill rings at close (at most 4096 per port) are all that may stay
 * out of the pool.
 */
class GuestAfXdpIT
{
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void shouldForwardEveryFrameBetweenAfXdpPortsOnVethPairsInTheGuest() throws Exception
    {
        final String out = Commands.runIn(ROOT, 500, Set.of(0), "hugepage-setup/vm/guest.sh", "run", "--timeout",
            "400", "--", "apps/src/test/vm/afxdp-guest.sh");
        System.out.println(out);
        for (final String app : new String[] { "dpdk-testpmd", "jdpdk-testpmd" })
        {
            final int from = out.indexOf("=== " + app + "\n");
            final int to = out.indexOf("=== " + app + " exit 0\n");
            assertTrue(from >= 0 && to > from, app + " ran and exited 0: " + out);
            final String section = out.substring(from, to);
            assertTrue(section.contains("received 500, matching 500, lost 0, bytes differing 0, out of another " +
                "NIC 0, duplicates 0") && section.contains("frames.py exit 0\n"), app + ": " + section);
        }
        final long[] inUse = PoolLine.inUse(out, "mb_pool_0");
        assertTrue(inUse != null && inUse[1] == 8192 && inUse[0] <= 2 * 4096, out);
    }
}
