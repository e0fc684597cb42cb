package io.jdpdk.apps.vm;

import io.jdpdk.apps.testing.Commands;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ./jdpdk check} (hugepage-setup/check.sh), {@code NicPreflight} and {@code bind-nic.sh} on a real kernel in
 * the QEMU test guest, with an e1000e NIC in each state a user meets ({@link PreflightScenario}): on its kernel
 * driver with vfio-pci not loaded, bound to vfio-pci with bind-nic.sh and given back to e1000e, without an IOMMU
 * (where Debian's kernel has no vfio no-IOMMU mode, so uio_pci_generic is the way), and without hugepages. Every
 * message is checked.
 */
class GuestPreflightIT
{
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final String NIC = "0000:00:03.0";
    private static final String DRIVER = "basename $(readlink /sys/bus/pci/devices/" + NIC + "/driver)";

    @Test
    void shouldNameWhatIsMissingInEachStateWithAnIommu() throws Exception
    {
        final String out = guest(List.of(),
            "kernel-driver=modprobe e1000e && sleep 1 && " + DRIVER,
            "bound=hugepage-setup/bind-nic.sh " + NIC,
            "given-back=hugepage-setup/bind-nic.sh " + NIC + " --driver e1000e && " + DRIVER);

        final String kernel = section(out, "kernel-driver");
        assertTrue(kernel.startsWith("e1000e\nexit 0\n"), kernel);
        assertTrue(kernel.matches("(?s).*\nok       IOMMU            \\d+ IOMMU groups .*"), kernel);
        assertTrue(kernel.contains("\nok       vfio-pci         available, not loaded (/"), kernel);
        assertTrue(kernel.contains("\nMISSING  hugepages        none reserved; run: sudo "), kernel);
        assertTrue(kernel.contains("\npreflight " + NIC + ": NIC " + NIC + " is bound to kernel driver e1000e, not " +
            "to vfio-pci: bind it for DPDK with hugepage-setup/bind-nic.sh " + NIC + " (it then disappears from the " +
            "kernel's network interfaces)\n"), kernel);

        final String bound = section(out, "bound");
        assertTrue(bound.contains("jdpdk: " + NIC + " is bound to vfio-pci\nexit 0\n"), bound);
        assertTrue(bound.contains("\nok       vfio-pci         loaded\n"), bound);
        assertTrue(bound.contains("\npreflight " + NIC + ": ready for DPDK\n"), bound);

        final String back = section(out, "given-back");
        assertTrue(back.contains("jdpdk: " + NIC + " is bound to e1000e\ne1000e\nexit 0\n"), back);
        assertTrue(back.contains("is bound to kernel driver e1000e, not to vfio-pci"), back);
    }

    @Test
    void shouldNameWhatIsMissingWithoutAnIommu() throws Exception
    {
        final String out = guest(List.of("--no-iommu"),
            "kernel-driver=modprobe e1000e && sleep 1 && " + DRIVER,
            "bind-refused=hugepage-setup/bind-nic.sh " + NIC,
            "uio=hugepage-setup/bind-nic.sh " + NIC + " --driver uio_pci_generic && " + DRIVER);

        final String kernel = section(out, "kernel-driver");
        assertTrue(kernel.contains("\nMISSING  IOMMU            only for real NICs: enable intel_iommu=on"), kernel);
        assertTrue(kernel.contains("; this machine has no IOMMU, so vfio needs its no-IOMMU mode, or the NIC " +
            "uio_pci_generic (bind-nic.sh says which)\n"), kernel);

        final String refused = section(out, "bind-refused");
        assertTrue(refused.contains("jdpdk: no IOMMU, and this kernel's vfio has no no-IOMMU mode (built without " +
            "CONFIG_VFIO_NOIOMMU): enable intel_iommu=on/amd_iommu=on in the kernel command line, or bind to " +
            "uio_pci_generic instead: "), refused);
        assertTrue(refused.contains(NIC + " --driver uio_pci_generic\nexit 1\n"), refused);

        final String uio = section(out, "uio");
        assertTrue(uio.contains("uio_pci_generic\nexit 0\n"), uio);
        assertTrue(uio.contains("\npreflight " + NIC + ": ready for DPDK\n"), uio);
    }

    private static String guest(final List<String> options, final String... states) throws Exception
    {
        final List<String> command = new ArrayList<>(List.of("hugepage-setup/vm/guest.sh", "run", "--nic", "e1000e",
            "--no-bind", "--hugepages", "0M", "--timeout", "400"));
        command.addAll(options);
        command.addAll(List.of("--", "apps/src/test/vm/scenario-guest.sh", "PreflightScenario"));
        command.addAll(List.of(states));
        final String out = Commands.runIn(ROOT, 500, Set.of(0), command.toArray(String[]::new));
        System.out.println(out);
        return out;
    }

    private static String section(final String out, final String label)
    {
        final int from = out.indexOf("--- " + label + "\n");
        final int to = out.indexOf("--- end " + label + "\n", from);
        assertTrue(from >= 0 && to > from, "no state " + label + ":\n" + out);
        return out.substring(from + label.length() + 5, to);
    }
}
