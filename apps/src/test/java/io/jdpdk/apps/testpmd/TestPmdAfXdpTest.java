package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.Commands;
import io.jdpdk.apps.testing.Frames;
import io.jdpdk.apps.testing.Pcap;
import io.jdpdk.apps.testing.PoolLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jdpdk's testpmd on DPDK's AF_XDP PMD ({@code net_af_xdp}) over two veth pairs of this machine's kernel: frames
 * injected into the first pair come out of the second, byte for byte and in order (io forwarding), and no mbuf is
 * lost beyond those the PMD leaves in the kernel's fill rings at close (the UMEM is DPDK's mempool). Needs root, a kernel with XDP on veth, and Debian's
 * librte-net-af-xdp23 (part of the dpdk package); without bpffs, libxdp loads its program without a dispatcher.
 */
class TestPmdAfXdpTest
{
    private static final int FRAMES = 64;

    @Test
    void shouldForwardEveryFrameBetweenTwoAfXdpPortsOnVethPairs(@TempDir final Path dir) throws Exception
    {
        final String tag = Long.toString(ProcessHandle.current().pid() % 10000);
        final String a = "xa" + tag;
        final String b = "xb" + tag;
        Commands.veth(a, a + "p");
        Commands.veth(b, b + "p");
        try
        {
            final List<byte[]> frames = Frames.mixed(FRAMES, 77).stream().filter(f -> f.length >= 60).toList();
            final Path in = dir.resolve("in.pcap");
            Pcap.write(in, frames);
            final Path capture = dir.resolve("out.pcap");
            final Process tshark = new ProcessBuilder("tshark", "-i", b + "p", "-c",
                Integer.toString(frames.size()), "-F", "pcap", "-w", capture.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("tshark.log").toFile()).start();
            try (AppProcess app = AppProcess.start(TestPmd.class, "-l", "0-1", "--no-pci",
                "--vdev=net_af_xdp0,iface=" + a, "--vdev=net_af_xdp1,iface=" + b, "--",
                "--forward-mode=io", "--auto-start", "--total-num-mbufs=8192"))
            {
                app.awaitOutput("Press enter to exit", 60);
                final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (!Files.readString(dir.resolve("tshark.log")).contains("Capturing on"))
                {
                    assertTrue(System.nanoTime() < deadline, "tshark did not start");
                    Thread.sleep(100);
                }
                Commands.sendp(in, a + "p", 0.002);
                assertTrue(tshark.waitFor(30, TimeUnit.SECONDS), "not every frame came out of " + b + ":\n" +
                    app.output());
                app.closeInput();
                assertEquals(0, app.waitFor(60), app.output());
                // DPDK 22.11's net_af_xdp hands mbufs to the kernel's fill ring and, at close, drops the ring
                // (xdp_umem_destroy only forgets the pool): those stay out of the pool until EAL frees it. The rest
                // of the pool must be back: no more than the fill rings' 4096 descriptors per port out.
                final long[] inUse = PoolLine.inUse(app.output(), "mb_pool_0");
                assertTrue(inUse != null && inUse[1] == 8192 && inUse[0] <= 2 * 4096, app.output());
            }
            finally
            {
                tshark.destroyForcibly();
            }
            final List<byte[]> out = Pcap.read(capture);
            assertEquals(frames.size(), out.size());
            for (int i = 0; i < frames.size(); i++)
            {
                assertArrayEquals(frames.get(i), out.get(i), "frame " + i);
            }
        }
        finally
        {
            Commands.run(30, "ip", "link", "del", a);
            Commands.run(30, "ip", "link", "del", b);
        }
    }
}
