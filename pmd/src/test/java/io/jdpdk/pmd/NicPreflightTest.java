package io.jdpdk.pmd;

import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.TestEal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real-NIC path on a machine without one: every way it can fail says what to do. */
class NicPreflightTest
{
    @TempDir
    Path sys;

    private Path device(final String address, final String vendor, final String driver) throws IOException
    {
        final Path dev = Files.createDirectories(sys.resolve("bus/pci/devices").resolve(address));
        Files.writeString(dev.resolve("vendor"), vendor + "\n");
        if (driver != null)
        {
            final Path drv = Files.createDirectories(sys.resolve("bus/pci/drivers").resolve(driver));
            Files.createSymbolicLink(dev.resolve("driver"), drv);
        }
        return dev;
    }

    @Test
    void shouldTellToBindAKernelBoundNicWithTheSetupScript() throws IOException
    {
        device("0000:3b:00.0", "0x8086", "i40e");
        final String problem = new NicPreflight(sys).problem("0000:3b:00.0");
        assertTrue(problem.contains("bound to kernel driver i40e"), problem);
        assertTrue(problem.contains("hugepage-setup/bind-nic.sh 0000:3b:00.0"), problem);
        assertTrue(problem.contains("no IOMMU"), problem);
    }

    @Test
    void shouldExplainNoIommuForVfioBoundNic() throws IOException
    {
        device("0000:3b:00.1", "0x8086", "vfio-pci");
        final String problem = new NicPreflight(sys).problem("0000:3b:00.1");
        assertTrue(problem.contains("enable_unsafe_noiommu_mode"), problem);
        Files.createDirectories(sys.resolve("kernel/iommu_groups/7"));
        assertNull(new NicPreflight(sys).problem("0000:3b:00.1"), "with an IOMMU group DPDK can take it");
    }

    @Test
    void shouldNameEachPieceTheMlx5PmdLacksInOrderUntilTheNicIsReady(@TempDir final Path root) throws IOException
    {
        final String nic = "0000:af:00.0";
        device(nic, "0x15b3", "mlx5_core");
        final Path dev = Files.createDirectories(root.resolve("dev"));
        final Path lib = Files.createDirectories(root.resolve("lib"));
        final String user = "Uid:\t1000\t1000\t1000\t1000\nCapEff:\t0000000000000000\n";
        final java.util.function.Supplier<String> problem =
            () -> new NicPreflight(sys, dev, java.util.List.of(lib), user).problem(nic);

        assertEquals("Mellanox NIC " + nic + ": rdma-core's libibverbs is not installed, through which the mlx5 PMD " +
            "opens its queues: apt-get install libibverbs1 ibverbs-providers rdma-core", problem.get());
        Files.createFile(lib.resolve("libibverbs.so.1"));
        assertTrue(problem.get().contains("libibverbs has no mlx5 provider (libibverbs/libmlx5-rdmav*.so): " +
            "apt-get install ibverbs-providers"), problem.get());
        Files.createFile(Files.createDirectories(lib.resolve("libibverbs")).resolve("libmlx5-rdmav34.so"));
        assertTrue(problem.get().contains("the ib_uverbs kernel module is not loaded, so user space has no verbs: " +
            "modprobe ib_uverbs"), problem.get());
        Files.createDirectories(sys.resolve("module/ib_uverbs"));
        assertTrue(problem.get().contains("has no RDMA device (/sys/class/infiniband is empty)") &&
            problem.get().contains("modprobe mlx5_ib"), problem.get());
        Files.createDirectories(sys.resolve("class/infiniband/mlx5_0"));
        assertTrue(problem.get().contains("no /dev/infiniband/uverbs* device: modprobe ib_uverbs (in a container, " +
            "pass --device /dev/infiniband)"), problem.get());
        Files.createFile(Files.createDirectories(dev.resolve("infiniband")).resolve("uverbs0"));
        assertTrue(problem.get().contains("not root and without CAP_NET_ADMIN, CAP_NET_RAW, CAP_SYS_RAWIO, which the " +
            "mlx5 PMD needs: run as root, or grant them to java (setcap cap_net_raw,cap_net_admin,cap_sys_rawio+ep"),
            problem.get());
        final String capable = "Uid:\t1000\t1000\t1000\t1000\nCapEff:\t0000000000023000\n"; // bits 12, 13, 17
        assertTrue(new NicPreflight(sys, dev, java.util.List.of(lib), capable).problem(nic)
            .contains("no free hugepages for DPDK's memory: hugepage-setup/hugepages.sh --setup 1G"));
        Files.writeString(Files.createDirectories(sys.resolve("kernel/mm/hugepages/hugepages-2048kB"))
            .resolve("free_hugepages"), "512\n");
        assertNull(new NicPreflight(sys, dev, java.util.List.of(lib), capable).problem(nic));
        assertNull(new NicPreflight(sys, dev, java.util.List.of(lib), "Uid:\t0\t0\t0\t0\nCapEff:\t0\n").problem(nic),
            "root needs no capability of its own");
    }

    @Test
    void shouldPassDevargsThroughAfterThePciAddress()
    {
        TestEal.get();
        final DpdkException e = assertThrows(DpdkException.class,
            () -> Port.probePci("0000:99:00.0,rxq_cqe_comp_en=0,mprq_en=1"));
        assertTrue(e.getMessage().contains("rte_dev_probe(\"0000:99:00.0,rxq_cqe_comp_en=0,mprq_en=1\")") &&
            e.getMessage().contains("no PCI device 0000:99:00.0 on this machine"), e.getMessage());
    }

    @Test
    void shouldTellToGiveAMlx5NicBoundToVfioBackToMlx5Core() throws IOException
    {
        device("0000:af:00.1", "0x15b3", "vfio-pci");
        assertEquals("Mellanox NIC 0000:af:00.1 is bound to vfio-pci, but DPDK's mlx5 PMD drives it through the " +
            "kernel's mlx5_core (RAW_PACKET queue pairs): give it back with hugepage-setup/bind-nic.sh 0000:af:00.1 " +
            "--driver mlx5_core", new NicPreflight(sys).problem("0000:af:00.1"));
        device("0000:af:00.2", "0x15b3", null);
        assertTrue(new NicPreflight(sys).problem("0000:af:00.2").contains("must stay on the kernel's mlx5_core " +
            "driver (it is on no driver)"));
    }

    @Test
    void shouldNameAMissingDeviceAndRejectAMalformedAddress()
    {
        assertTrue(new NicPreflight(sys).problem("0000:99:00.0").startsWith("no PCI device 0000:99:00.0"));
        assertThrows(IllegalArgumentException.class, () -> new NicPreflight(sys).problem("eth0"));
    }

    @Test
    void shouldRefuseThisMachinesKernelNicWithAnActionableMessageAndLeaveItAlone() throws IOException
    {
        TestEal.get();
        final String kernelNic;
        try (var devices = Files.list(Path.of("/sys/bus/pci/devices")))
        {
            kernelNic = devices.filter(d -> readClass(d).startsWith("0x0200") && Files.isSymbolicLink(d.resolve("driver")))
                .map(d -> d.getFileName().toString()).findFirst().orElse(null);
        }
        final String address = kernelNic == null ? "0000:99:1f.7" : kernelNic;
        final DpdkException ex = assertThrows(DpdkException.class, () -> Port.probePci(address));
        assertEquals(19, ex.errno());
        assertTrue(ex.getMessage().contains(kernelNic == null ? "no PCI device" : "bind-nic.sh " + address),
            ex.getMessage());
    }

    private static String readClass(final Path device)
    {
        try
        {
            return Files.readString(device.resolve("class")).trim();
        }
        catch (final IOException ex)
        {
            return "";
        }
    }
}
