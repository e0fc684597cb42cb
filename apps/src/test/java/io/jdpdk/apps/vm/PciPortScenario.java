package io.jdpdk.apps.vm;

import io.jdpdk.eal.Eal;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.DeviceInfo;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;
import io.jdpdk.pmd.PortStats;

import java.io.IOException;
import java.util.Map;

/**
 * Runs in the test guest ({@link GuestPciPortIT}): jdpdk's {@code Port} on two vfio-bound PCI NICs, the first named
 * on the EAL command line ({@code -a}), the second probed at run time. Prints one "key: value" line per fact the
 * host test checks: device and bus info, link, what it forwarded from NIC 0 to NIC 1 until the host said "done"
 * on stdin (port stats and xstats), stop and start, then {@code rte_dev_remove} of NIC 1 and a second probe of
 * it, and the pool's occupancy at the end.
 */
public final class PciPortScenario
{
    private PciPortScenario()
    {
    }

    public static void main(final String[] args) throws IOException, InterruptedException
    {
        try (Eal _ = Eal.init("-l", "0-1", "-a", "0000:00:03.0"))
        {
            final Mempool pool = Mempool.create("pci_pool", 4095, 128);
            final Port p0 = Port.of(0);
            final Port p1 = Port.probePci("0000:00:04.0");
            for (final Port p : new Port[] { p0, p1 })
            {
                final DeviceInfo info = p.info();
                System.out.printf("port %d: name=%s driver=%s bus=%s businfo=%s%n", p.id(), p.name(),
                    info.driverName(), info.busName(), info.busInfo());
                p.configure(new PortConfig().mempool(pool).rxDesc(0).txDesc(0)).start();
                System.out.printf("port %d: rx descriptors=%d%n", p.id(), p.rxQueueInfo(0).nbDesc());
            }
            for (int i = 0; i < 100 && !(p0.link().up() && p1.link().up()); i++)
            {
                Thread.sleep(100);
            }
            System.out.printf("port 0: link %s%nport 1: link %s%n", p0.link(), p1.link());
            System.out.println("forwarding: NIC 0 to NIC 1");
            final MbufBurst burst = new MbufBurst(32);
            long forwarded = 0;
            while (System.in.available() == 0)
            {
                if (p0.rxBurst(0, burst) > 0)
                {
                    forwarded += p1.txBurstOrFree(0, burst);
                }
            }
            final PortStats s0 = p0.stats();
            final PortStats s1 = p1.stats();
            System.out.printf("forwarded: %d%nport 0: ipackets=%d%nport 1: opackets=%d%n", forwarded, s0.ipackets(),
                s1.opackets());
            final Map<String, Long> x0 = p0.xstats();
            System.out.printf("port 0: xstats rx_good_packets=%d of %d xstats%n", x0.get("rx_good_packets"), x0.size());
            p1.stop();
            p1.start();
            System.out.printf("port 1: restarted, started=%b%n", p1.isStarted());
            p1.close();
            System.out.printf("port 1: removed, in use=%d%n", pool.inUseCount());
            final Port again = Port.probePci("0000:00:04.0");
            again.configure(new PortConfig().mempool(pool).rxDesc(0).txDesc(0)).start();
            System.out.printf("port %d: probed again, name=%s started=%b%n", again.id(), again.name(),
                again.isStarted());
            again.close();
            p0.close();
            burst.close();
            System.out.printf("pool: %d of %d mbufs in use%n", pool.inUseCount(), pool.size());
        }
    }
}
