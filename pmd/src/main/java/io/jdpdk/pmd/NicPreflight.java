package io.jdpdk.pmd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Checks, before DPDK probes it, that a PCI NIC can be driven by a DPDK PMD, and says plainly what
 * to do when it cannot. DPDK's own failure for a NIC that is still bound to its kernel driver, or
 * an mlx5 NIC without RDMA, is a terse log line; this reads sysfs instead:
 * <ul>
 *   <li>Mellanox/NVIDIA (vendor 0x15b3): the mlx5 PMD is bifurcated. The NIC stays on the kernel's
 *   mlx5_core and DPDK opens RAW_PACKET queue pairs through rdma-core. In order, the first missing piece is named:
 *   the NIC on mlx5_core (not vfio-pci), rdma-core's libibverbs and its mlx5 provider, the ib_uverbs module, an
 *   RDMA device for the NIC, /dev/infiniband/uverbs*, CAP_NET_RAW, CAP_NET_ADMIN and CAP_SYS_RAWIO when not root,
 *   and free hugepages.</li>
 *   <li>Every other NIC must be bound to vfio-pci (or uio_pci_generic), which needs an IOMMU or
 *   vfio's no-IOMMU mode: hugepage-setup/bind-nic.sh does the binding.</li>
 * </ul>
 * Control path only; reads files under a sysfs root (the real /sys, or a test's copy).
 */
public final class NicPreflight
{
    private static final Pattern PCI_ADDRESS = Pattern.compile("[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]");
    private static final String MELLANOX = "0x15b3";

    /** CAP_NET_ADMIN, CAP_NET_RAW, CAP_SYS_RAWIO: what the mlx5 PMD's verbs calls need without root. */
    private static final int[] MLX5_CAPABILITIES = { 12, 13, 17 };
    private static final String[] MLX5_CAPABILITY_NAMES = { "CAP_NET_ADMIN", "CAP_NET_RAW", "CAP_SYS_RAWIO" };

    private final Path sys;
    private final Path dev;
    private final List<Path> libraryDirs;
    private final String procStatus;

    /** Checks against the real /sys, /dev, the multiarch library directories and this process's credentials. */
    public NicPreflight()
    {
        this(Path.of("/sys"));
    }

    /**
     * Checks against a sysfs tree rooted at {@code sys}, and the real /dev, libraries and credentials.
     *
     * @param sys the sysfs root: /sys, or a test's copy of the files it reads
     */
    public NicPreflight(final Path sys)
    {
        this(sys, Path.of("/dev"), List.of(Path.of("/usr/lib/x86_64-linux-gnu"), Path.of("/usr/lib64"),
            Path.of("/usr/lib")), read(Path.of("/proc/self/status")));
    }

    /**
     * Checks against the given trees: a test's fake machine.
     *
     * @param sys         the sysfs root
     * @param dev         the device directory (for /dev/infiniband)
     * @param libraryDirs where rdma-core's libibverbs.so.1 and libibverbs/libmlx5-rdmav*.so are looked for
     * @param procStatus  the text of /proc/self/status (Uid and CapEff lines)
     */
    public NicPreflight(final Path sys, final Path dev, final List<Path> libraryDirs, final String procStatus)
    {
        this.sys = sys;
        this.dev = dev;
        this.libraryDirs = List.copyOf(libraryDirs);
        this.procStatus = procStatus;
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
            return mlx5Problem(pciAddress, device, driver);
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

    private String mlx5Problem(final String pciAddress, final Path device, final String driver)
    {
        final String nic = "Mellanox NIC " + pciAddress;
        if ("vfio-pci".equals(driver) || "uio_pci_generic".equals(driver))
        {
            return nic + " is bound to " + driver + ", but DPDK's mlx5 PMD drives it through the kernel's mlx5_core " +
                "(RAW_PACKET queue pairs): give it back with hugepage-setup/bind-nic.sh " + pciAddress +
                " --driver mlx5_core";
        }
        if (!"mlx5_core".equals(driver))
        {
            return nic + " must stay on the kernel's mlx5_core driver (it is on " +
                (driver == null ? "no driver" : driver) + "): the mlx5 PMD is bifurcated; modprobe mlx5_core and bind " +
                "it back with hugepage-setup/bind-nic.sh " + pciAddress + " --driver mlx5_core";
        }
        if (findLibrary("libibverbs.so.1") == null)
        {
            return nic + ": rdma-core's libibverbs is not installed, through which the mlx5 PMD opens its queues: " +
                "apt-get install libibverbs1 ibverbs-providers rdma-core";
        }
        if (findLibrary("libibverbs/libmlx5-rdmav") == null)
        {
            return nic + ": libibverbs has no mlx5 provider (libibverbs/libmlx5-rdmav*.so): " +
                "apt-get install ibverbs-providers";
        }
        if (!Files.isDirectory(sys.resolve("module/ib_uverbs")))
        {
            return nic + ": the ib_uverbs kernel module is not loaded, so user space has no verbs: modprobe ib_uverbs";
        }
        if (!hasRdmaDevice(device))
        {
            return nic + " has no RDMA device (/sys/class/infiniband is empty): the mlx5 PMD opens RAW_PACKET queue " +
                "pairs through rdma-core; modprobe mlx5_ib (apt-get install rdma-core ibverbs-providers)";
        }
        if (!hasEntry(dev.resolve("infiniband"), "uverbs"))
        {
            return nic + ": no /dev/infiniband/uverbs* device: modprobe ib_uverbs (in a container, pass " +
                "--device /dev/infiniband)";
        }
        final String missingCaps = missingCapabilities();
        if (missingCaps != null)
        {
            return nic + ": not root and without " + missingCaps + ", which the mlx5 PMD needs: run as root, or " +
                "grant them to java (setcap cap_net_raw,cap_net_admin,cap_sys_rawio+ep $JAVA_HOME/bin/java)";
        }
        if (!hasFreeHugepages())
        {
            return nic + ": no free hugepages for DPDK's memory: hugepage-setup/hugepages.sh --setup 1G";
        }
        return null;
    }

    /** The library directory entry whose name starts with {@code name}, or null. */
    private Path findLibrary(final String name)
    {
        final int slash = name.lastIndexOf('/');
        for (final Path dir : libraryDirs)
        {
            final Path parent = slash < 0 ? dir : dir.resolve(name.substring(0, slash));
            if (hasEntry(parent, name.substring(slash + 1)))
            {
                return parent;
            }
        }
        return null;
    }

    /** Names of the mlx5 capabilities this process lacks when it is not root, or null. */
    private String missingCapabilities()
    {
        long capEff = -1;
        int uid = -1;
        for (final String line : procStatus.split("\n"))
        {
            final String[] f = line.trim().split("\\s+");
            if (f[0].equals("Uid:") && f.length > 2)
            {
                uid = Integer.parseInt(f[2]); // real, effective, saved, filesystem
            }
            else if (f[0].equals("CapEff:") && f.length > 1)
            {
                capEff = Long.parseUnsignedLong(f[1], 16);
            }
        }
        if (uid == 0 || uid == -1)
        {
            return null;
        }
        final StringBuilder missing = new StringBuilder();
        for (int i = 0; i < MLX5_CAPABILITIES.length; i++)
        {
            if ((capEff & (1L << MLX5_CAPABILITIES[i])) == 0)
            {
                missing.append(missing.isEmpty() ? "" : ", ").append(MLX5_CAPABILITY_NAMES[i]);
            }
        }
        return missing.isEmpty() ? null : missing.toString();
    }

    private boolean hasFreeHugepages()
    {
        try (var sizes = Files.list(sys.resolve("kernel/mm/hugepages")))
        {
            return sizes.anyMatch(size ->
            {
                final String free = read(size.resolve("free_hugepages"));
                return !free.isEmpty() && Long.parseLong(free) > 0;
            });
        }
        catch (final IOException | NumberFormatException ex)
        {
            return false;
        }
    }

    private static boolean hasEntry(final Path dir, final String prefix)
    {
        try (var entries = Files.list(dir))
        {
            return entries.anyMatch(e -> e.getFileName().toString().startsWith(prefix));
        }
        catch (final IOException ex)
        {
            return false;
        }
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
