package io.jdpdk.apps.vm;

import io.jdpdk.apps.testing.Commands;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jdpdk's {@code Port} API on real PCI drivers in the QEMU test guest ({@link PciPortScenario} on two e1000e NICs
 * bound to vfio-pci): a NIC from the EAL command line and one probed at run time, bus and driver info, link, stats
 * and xstats of frames the host sent and checked, stop and start, {@code rte_dev_remove} and a second probe, and
 * every mbuf back in the pool.
 */
class GuestPciPortIT
{
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void shouldProbeConfigureForwardRemoveAndProbeAgainAPciNicWithoutLeakingMbufs() throws Exception
    {
        final String out = Commands.runIn(ROOT, 600, Set.of(0), "hugepage-setup/vm/guest.sh", "run", "--nic", "e1000e",
            "--nic", "e1000e", "--timeout", "500", "--host", "apps/src/test/vm/pci-port-host.sh", "--",
            "apps/src/test/vm/scenario-guest.sh", "PciPortScenario");
        System.out.println(out);
        assertTrue(out.contains("port 0: name=0000:00:03.0 driver=net_e1000_em bus=pci businfo=vendor_id=8086, " +
            "device_id=10d3\n"), out);
        assertTrue(out.contains("port 1: name=0000:00:04.0 driver=net_e1000_em bus=pci businfo=vendor_id=8086, " +
            "device_id=10d3\n"), "probed at run time: " + out);
        assertTrue(out.contains("port 0: rx descriptors=256\n"), "e1000e's preferred ring size: " + out);
        assertTrue(out.contains("port 0: link Link up at 1 Gbps FDX Autoneg"), out);
        assertTrue(out.contains("jdpdk: frames: all frames came back as expected"), out);
        final long forwarded = value(out, "forwarded: (\\d+)");
        assertTrue(forwarded >= 200, "200 frames and the probes: " + out);
        assertEquals(forwarded, value(out, "port 1: opackets=(\\d+)"), out);
        assertTrue(value(out, "port 0: ipackets=(\\d+)") >= forwarded, out);
        assertTrue(value(out, "port 0: xstats rx_good_packets=(\\d+)") >= forwarded, out);
        assertTrue(out.contains("port 1: restarted, started=true\n"), out);
        assertTrue(out.contains("port 1: removed, in use="), out);
        assertTrue(out.matches("(?s).*port \\d+: probed again, name=0000:00:04.0 started=true\n.*"), out);
        assertTrue(out.contains("pool: 0 of 4095 mbufs in use\n"), out);
    }

    private static long value(final String out, final String regex)
    {
        final Matcher m = Pattern.compile(regex).matcher(out);
        assertTrue(m.find(), regex + " not in:\n" + out);
        return Long.parseLong(m.group(1));
    }
}
