package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.Pcap;
import io.jdpdk.eal.TestEal;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every engine of this worktree on two real net_null ports in the test JVM's EAL: counters add up (every packet
 * received is sent or freed, rxonly sends none), no mbuf is lost, and the steady state allocates nothing.
 */
class EngineTest
{
    private static Mempool pool;

    @BeforeAll
    static void setUp()
    {
        TestEal.get();
        pool = Mempool.create("testpmd_engine_pool", 8191, 250);
    }

    @ParameterizedTest
    @ValueSource(strings = { "io", "mac", "macswap", "5tswap", "rxonly", "csum" })
    void shouldForwardEveryPacketOrFreeItWithoutAllocating(final String mode)
    {
        final int inUseBefore = pool.inUseCount();
        try (Port a = start(); Port b = start())
        {
            final TestPmdConfig config = new TestPmdConfig();
            config.portMac[b.id()] = b.macAddress();
            final FwdStream stream = new FwdStream(a, 0, b, 0, config, pool);
            final ForwardEngine engine = Engines.create(mode);
            assertEquals(mode, engine.name());
            final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
            for (int i = 0; i < 20_000; i++)
            {
                engine.packetFwd(stream);
            }
            // Rounds after warm-up: a one-off allocation of the JIT's (a deoptimisation) may land in one round,
            // an allocation per burst lands in all of them.
            long allocated = Long.MAX_VALUE;
            for (int round = 0; round < 3; round++)
            {
                final long before = threads.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < 50_000; i++)
                {
                    engine.packetFwd(stream);
                }
                allocated = Math.min(allocated, threads.getCurrentThreadAllocatedBytes() - before);
            }
            assertTrue(allocated < 1024, mode + ": 50,000 bursts allocated " + allocated + " bytes");

            assertTrue(stream.rxPackets >= 170_000, mode + " received " + stream.rxPackets);
            if (mode.equals("rxonly"))
            {
                assertEquals(0, stream.txPackets + stream.fwdDropped);
            }
            else
            {
                assertEquals(stream.rxPackets, stream.txPackets + stream.fwdDropped, mode);
                assertTrue(stream.txPackets > 0, mode);
            }
            assertEquals(0, stream.burst.count(), "the burst is handed on or freed");
            stream.burst.close();
        }
        assertEquals(inUseBefore, pool.inUseCount(), mode + ": every mbuf back in the pool");
    }

    @org.junit.jupiter.api.Test
    void shouldResetTxMetadataAsTestpmdsMbufFieldSet()
    {
        final io.jdpdk.mempool.Mbuf m = new io.jdpdk.mempool.Mbuf().wrap(pool.alloc());
        try
        {
            m.olFlags(-1L).txOffload(-1L).vlanTci(0x1234).vlanTciOuter(0x5678);
            assertEquals(0x1234, m.vlanTci());
            assertEquals(0x5678, m.vlanTciOuter());
            MbufFields.set(m, io.jdpdk.mempool.Mbuf.F_TX_VLAN);
            assertEquals(io.jdpdk.mempool.Mbuf.F_INDIRECT | io.jdpdk.mempool.Mbuf.F_EXTERNAL |
                io.jdpdk.mempool.Mbuf.F_TX_VLAN, m.olFlags(), "the TX port's insert flags added");
            assertEquals(0x1234, m.vlanTci(), "the tags are vlan_qinq_set's");
            assertEquals(0x5678, m.vlanTciOuter());
            assertEquals(14, m.l2Len());
            assertEquals(20, m.l3Len());
            assertEquals(0xFF, m.l4Len(), "l4_len is not mbuf_field_set's");
            assertEquals(-1L >>> 24 << 24, m.txOffload() & ~0xFF_FFFFL, "tso_segsz and outer lengths untouched");
            m.l4Len(8);
            assertEquals(8, m.l4Len());
            assertEquals(20, m.l3Len());
        }
        finally
        {
            m.olFlags(0).txOffload(0).vlanTci(0).vlanTciOuter(0);
            m.free();
        }
    }

    /**
     * {@code set fwd io retry}: into a net_ring port nobody drains, once its ring is full each burst is tried again
     * {@code TX_RETRY_NUM} times {@code TX_RETRY_DELAY_US} apart (so 100 such bursts take at least 6.4 ms), then
     * dropped and freed; what was sent is in the ring, every other mbuf back in the pool.
     */
    @org.junit.jupiter.api.Test
    void shouldRetryAPartialTxBeforeDroppingWhenTheModeHasRetry()
    {
        final int inUseBefore = pool.inUseCount();
        try (Port a = start();
             Port ring = Port.probe(TestEal.uniqueName("net_ring")).configure(new PortConfig().mempool(pool)).start())
        {
            final TestPmdConfig config = new TestPmdConfig();
            config.txRetry = true;
            final FwdStream stream = new FwdStream(a, 0, ring, 0, config, pool);
            final ForwardEngine io = Engines.create("io");
            while (stream.fwdDropped == 0)
            {
                io.packetFwd(stream);
            }
            final long start = System.nanoTime();
            for (int i = 0; i < 100; i++)
            {
                io.packetFwd(stream);
            }
            final long waited = System.nanoTime() - start;
            assertTrue(waited >= 100L * TestPmdConfig.TX_RETRY_NUM * TestPmdConfig.TX_RETRY_DELAY_US * 1000,
                "100 refused bursts, each retried, took " + waited + " ns");
            assertEquals(stream.rxPackets, stream.txPackets + stream.fwdDropped);
            assertEquals(inUseBefore + stream.txPackets, pool.inUseCount(), "the sent ones wait in the ring");
            long drained = 0;
            try (io.jdpdk.mempool.MbufBurst back = new io.jdpdk.mempool.MbufBurst(512))
            {
                for (int n; (n = ring.rxBurst(0, back)) > 0; drained += n)
                {
                    back.freeAll();
                }
            }
            assertEquals(stream.txPackets, drained);
            stream.burst.close();
        }
        assertEquals(inUseBefore, pool.inUseCount(), "every mbuf back in the pool");
    }

    /**
     * csum parses whatever it gets: random frames of 1-300 bytes, most with an IPv4, IPv6, VLAN or QinQ EtherType
     * and an IPv4 first byte of any IHL, go through it from net_pcap to net_null without an exception, each sent
     * once, every mbuf back in its pool.
     */
    @org.junit.jupiter.api.Test
    void csumShouldSendEveryRandomFrameAndReturnEveryMbuf(@TempDir final Path dir) throws Exception
    {
        final SplittableRandom random = new SplittableRandom(29);
        final int[] types = { 0x0800, 0x86DD, 0x8100, 0x88A8, 0x0806 };
        final List<byte[]> frames = new ArrayList<>();
        for (int i = 0; i < 3000; i++)
        {
            final byte[] frame = new byte[random.nextInt(1, 301)];
            random.nextBytes(frame);
            if (frame.length >= 15 && random.nextInt(8) > 0)
            {
                final int type = types[random.nextInt(types.length)];
                frame[12] = (byte)(type >> 8);
                frame[13] = (byte)type;
                frame[14] = (byte)(0x40 | random.nextInt(16));
            }
            frames.add(frame);
        }
        final Path in = dir.resolve("random.pcap");
        Pcap.write(in, frames);
        final int inUseBefore = pool.inUseCount();
        try (Port rx = EngineHarness.start(TestEal.uniqueName("net_pcap") + ",rx_pcap=" + in, pool); Port tx = start())
        {
            final FwdStream stream = new FwdStream(rx, 0, tx, 0, new TestPmdConfig(), pool);
            final ForwardEngine engine = new CsumEngine();
            engine.portBegin(tx.id(), stream.config);
            for (int i = 0; i < 10_000 && stream.rxPackets < frames.size(); i++)
            {
                engine.packetFwd(stream);
            }
            assertEquals(frames.size(), stream.rxPackets);
            assertEquals(frames.size(), stream.txPackets);
            stream.burst.close();
        }
        assertEquals(inUseBefore, pool.inUseCount(), "every mbuf back in the pool");
    }

    private static Port start()
    {
        return Port.probe(TestEal.uniqueName("net_null")).configure(new PortConfig().mempool(pool).rxDesc(512)
            .txDesc(512)).start();
    }
}
