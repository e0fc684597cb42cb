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
    void shouldRequireRdmaForMlx5AndKeepItOnTheKernelDriver() throws IOException
    {
        device("0000:af:00.0", "0x15b3", "mlx5_core");
        final String noRdma = new NicPreflight(sys).problem("0000:af:00.0");
        assertTrue(noRdma.contains("no RDMA device") && noRdma.contains("rdma-core"), noRdma);
        Files.createDirectories(sys.resolve("class/infiniband/mlx5_0"));
        assertNull(new NicPreflight(sys).problem("0000:af:00.0"));
        device("0000:af:00.1", "0x15b3", "vfio-pci");
        assertTrue(new NicPreflight(sys).problem("0000:af:00.1").contains("must stay on the kernel's mlx5_core"));
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
