package io.jdpdk.pmd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Checks, before DPDK probes it, that a PCI NIC can be driven by a DPDK PMD, and says plainly what
 * to do when it cannot. DPDK's own failure for a NIC that is still bound to its kernel driver, or
 * an mlx5 NIC without RDMA, is a terse log line; this reads sysfs instead:
 * <ul>
 *   <li>Mellanox/NVIDIA (vendor 0x15b3): the mlx5 PMD is bifurcated. The NIC stays on the kernel's
 *   mlx5_core and DPDK opens RAW_PACKET queue pairs through rdma-core, so an RDMA device
 *   (/sys/class/infiniband) must exist for it.</li>
 *   <li>Every other NIC must be bound to vfio-pci (or uio_pci_generic), which needs an IOMMU or
 *   vfio's no-IOMMU mode: hugepage-setup/bind-nic.sh does the binding.</li>
 * </ul>
 * Control path only; reads files under a sysfs root (the real /sys, or a test's copy).
 */
public final class NicPreflight
{
    private static final Pattern PCI_ADDRESS = Pattern.compile("[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]");
    private static final String MELLANOX = "0x15b3";

    private final Path sys;

    /** Checks against the real /sys. */
    public NicPreflight()
    {
        this(Path.of("/sys"));
    }

    /**
     * Checks against a sysfs tree rooted at {@code sys}.
     *
     * @param sys the sysfs root: /sys, or a test's copy of the files it reads
     */
    public NicPreflight(final Path sys)
    {
        this.sys = sys;
    }

    /**
     * What keeps DPDK from taking the NIC at {@code pciAddress}, if anything: its driver binding, the IOMMU or
     * vfio's no-IOMMU mode, and for mlx5 an RDMA device.
     *
     * @param pciAddress the NIC's PCI address with its domain, e.g. 0000:3b:00.0
     * @return null when DPDK can take the NIC, else one message naming what is missing and the command that
     *         fixes it
     * @throws IllegalArgumentException when {@code pciAddress} is not of the form 0000:3b:00.0
     */
    public String problem(final String pciAddress)
    {
        if (!PCI_ADDRESS.matcher(pciAddress).matches())
        {
            throw new IllegalArgumentException("PCI address " + pciAddress + " is not of the form DDDD:BB:DD.F, e.g. 0000:3b:00.0");
        }
        final Path device = sys.resolve("bus/pci/devices").resolve(pciAddress.toLowerCase());
        if (!Files.isDirectory(device))
        {
            return "no PCI device " + pciAddress + " on this machine; list the NICs with: dpdk-devbind.py --status";
        }
        final String vendor = read(device.resolve("vendor"));
        final String driver = driver(device);
        if (MELLANOX.equals(vendor))
        {
            if (!"mlx5_core".equals(driver))
            {
                return "Mellanox NIC " + pciAddress + " must stay on the kernel's mlx5_core driver (it is on " +
                    (driver == null ? "no driver" : driver) + "): the mlx5 PMD is bifurcated; modprobe mlx5_core " +
                    "and bind it back with dpdk-devbind.py -b mlx5_core " + pciAddress;
            }
            if (!hasRdmaDevice(device))
            {
                return "Mellanox NIC " + pciAddress + " has no RDMA device (/sys/class/infiniband is empty): the mlx5 PMD " +
                    "opens RAW_PACKET queue pairs through rdma-core; install rdma-core and ibverbs-providers " +
                    "(apt-get install rdma-core ibverbs-providers) and modprobe mlx5_ib";
            }
            return null;
        }
        if ("vfio-pci".equals(driver) || "uio_pci_generic".equals(driver) || "igb_uio".equals(driver))
        {
            if ("vfio-pci".equals(driver) && !hasIommu() && !"Y".equals(read(sys.resolve(
                "module/vfio/parameters/enable_unsafe_noiommu_mode"))))
            {
                return "NIC " + pciAddress + " is on vfio-pci but this machine has no IOMMU: enable intel_iommu=on / " +
                    "amd_iommu=on on the kernel command line, or vfio's no-IOMMU mode: " +
                    "echo 1 > /sys/module/vfio/parameters/enable_unsafe_noiommu_mode";
            }
            return null;
        }
        return "NIC " + pciAddress + " is bound to " + (driver == null ? "no driver" : "kernel driver " + driver) +
            ", not to vfio-pci: bind it for DPDK with hugepage-setup/bind-nic.sh " + pciAddress +
            " (it then disappears from the kernel's network interfaces)" +
            (hasIommu() ? "" : "; this machine has no IOMMU, so vfio needs its no-IOMMU mode, or the NIC uio_pci_generic " +
                "(bind-nic.sh says which)");
    }

    private boolean hasIommu()
    {
        return nonEmpty(sys.resolve("kernel/iommu_groups"));
    }

    private boolean hasRdmaDevice(final Path device)
    {
        return nonEmpty(device.resolve("infiniband")) || nonEmpty(sys.resolve("class/infiniband"));
    }

    private static boolean nonEmpty(final Path dir)
    {
        try (var entries = Files.list(dir))
        {
            return entries.findAny().isPresent();
        }
        catch (final IOException ex)
        {
            return false;
        }
    }

    private static String driver(final Path device)
    {
        final Path link = device.resolve("driver");
        try
        {
            return Files.isSymbolicLink(link) ? Files.readSymbolicLink(link).getFileName().toString() : null;
        }
        catch (final IOException ex)
        {
            return null;
        }
    }

    private static String read(final Path file)
    {
        try
        {
            return Files.readString(file).trim();
        }
        catch (final IOException ex)
        {
            return "";
        }
    }
}
