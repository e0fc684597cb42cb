package io.jdpdk.apps.skeleton;

import io.jdpdk.apps.common.Shutdown;
import io.jdpdk.apps.testing.Frames;
import io.jdpdk.apps.testing.Pcap;
import io.jdpdk.eal.TestEal;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;
import io.jdpdk.pmd.PortStats;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The skeleton's forwarding loop on real DPDK ports, in the test JVM's shared EAL. */
class SkeletonForwardingTest
{
    private static Mempool pool;

    @BeforeAll
    static void setUp()
    {
        TestEal.get();
        pool = Mempool.create("skeleton_test_pool", Skeleton.NUM_MBUFS * 2, Skeleton.MBUF_CACHE_SIZE);
    }

    private static Port start(final String devargs)
    {
        return Port.probe(devargs).configure(new PortConfig().mempool(pool)).start();
    }

    @Test
    void shouldForwardAMillionPacketsBetweenNetNullPortsAndAgreeWithEthdevCounters()
    {
        final int inUseBefore = pool.inUseCount();
        try (Port a = start(TestEal.uniqueName("net_null")); Port b = start(TestEal.uniqueName("net_null")))
        {
            final Skeleton.Forwarder forwarder = new Skeleton.Forwarder(a, b);
            Skeleton.run(forwarder, new Shutdown(), new BusySpinIdleStrategy(), 1_000_000, 0, 0, () -> { });
            a.stop();
            b.stop();
            assertTrue(forwarder.received() >= 1_000_000, "received " + forwarder.received());
            {
                final PortStats sa = a.stats();
                final PortStats sb = b.stats();
                assertEquals(forwarder.rx(0), sa.ipackets());
                assertEquals(forwarder.rx(1), sb.ipackets());
                assertEquals(forwarder.tx(1), sb.opackets());
                assertEquals(forwarder.tx(0), sa.opackets());
                assertEquals(forwarder.rx(0), forwarder.tx(1) + forwarder.dropped(1), "every packet sent or freed");
                assertEquals(forwarder.rx(1), forwarder.tx(0) + forwarder.dropped(0));
            }
        }
        assertEquals(inUseBefore, pool.inUseCount(), "pool back to its start value after stop and close");
    }

    @Test
    void shouldForwardPcapFramesFrom60To1514BytesByteIdentical(@TempDir final Path dir) throws Exception
    {
        final List<byte[]> toB = Frames.mixed(500, 1);
        final List<byte[]> toA = Frames.mixed(300, 2);
        Pcap.write(dir.resolve("a_in.pcap"), toB);
        Pcap.write(dir.resolve("b_in.pcap"), toA);
        final String a = TestEal.uniqueName("net_pcap") + ",rx_pcap=" + dir.resolve("a_in.pcap") + ",tx_pcap=" +
            dir.resolve("a_out.pcap");
        final String b = TestEal.uniqueName("net_pcap") + ",rx_pcap=" + dir.resolve("b_in.pcap") + ",tx_pcap=" +
            dir.resolve("b_out.pcap");
        try (Port pa = start(a); Port pb = start(b))
        {
            final Skeleton.Forwarder forwarder = new Skeleton.Forwarder(pa, pb);
            Skeleton.run(forwarder, new Shutdown(), new BusySpinIdleStrategy(), toA.size() + toB.size(),
                10_000_000_000L, 0, () -> { });
            assertEquals(toA.size() + toB.size(), forwarder.received());
        }
        assertFrames(toB, Pcap.read(dir.resolve("b_out.pcap")));
        assertFrames(toA, Pcap.read(dir.resolve("a_out.pcap")));
        assertEquals(0, pool.inUseCount());
    }

    private static void assertFrames(final List<byte[]> expected, final List<byte[]> actual)
    {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++)
        {
            assertArrayEquals(expected.get(i), actual.get(i), "frame " + i + " of " + expected.get(i).length + " bytes");
        }
    }
}
