package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.Frames;
import io.jdpdk.apps.testing.Pcap;
import io.jdpdk.eal.TestEal;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engines' bursts allocate nothing on the Java heap once warm: each runs
 * {@value #BURSTS} bursts after a warm-up while the thread's allocated bytes are counted.
 */
class EnginesAllocationTest
{
    private static final int WARM_UP = 20_000;
    private static final int BURSTS = 20_000;
    /** Slack for the JIT's own bookkeeping on the thread; a per-burst allocation would be megabytes. */
    private static final long ALLOWED_BYTES = 16 * 1024;

    private static Mempool pool;

    @BeforeAll
    static void setUp()
    {
        TestEal.get();
        pool = EngineHarness.freshPool("engines_alloc");
    }

    @Test
    void shouldGenerateMultiFlowAndMultiSegmentTxonlyBurstsWithoutAllocating()
    {
        try (Port port = EngineHarness.start(TestEal.uniqueName("net_null"), pool))
        {
            final TestPmdConfig config = new TestPmdConfig();
            config.txOnlyMultiFlow = true;
            config.txPktSegLengths = new int[] { 64, 30, 40 };
            assertNoAllocation(new TxOnlyEngine(), stream(port, port, config));
            config.txOnlyMultiFlow = false;
            config.txPktSegLengths = new int[] { 20, 30, 40 };
            assertNoAllocation(new TxOnlyEngine(), stream(port, port, config));
        }
    }

    @Test
    void shouldDrainRxAndGenerateClonedFlowgenBurstsWithoutAllocating()
    {
        try (Port port = EngineHarness.start(TestEal.uniqueName("net_null"), pool))
        {
            final TestPmdConfig config = new TestPmdConfig();
            config.flowgenClones = 2;
            config.flowgenFlows = 100;
            final FwdStream stream = stream(port, port, config);
            assertNoAllocation(new FlowGenEngine(), stream);
            assertTrue(stream.rxPackets > 0, "net_null delivered packets to drain");
        }
    }

    @Test
    void shouldHoldBackLookUpAndFlushNoisyBurstsWithoutAllocatingAndFreeWhatItHeldAtTheEnd()
    {
        try (Port port = EngineHarness.start(TestEal.uniqueName("net_null"), pool))
        {
            final TestPmdConfig config = new TestPmdConfig();
            config.noisy.txSwBufferSize = 256;
            config.noisy.txSwBufferFlushTimeMs = 1;
            config.noisy.lookupMemoryMib = 1;
            config.noisy.lookupReadsWrites = 2;
            final FwdStream stream = stream(port, port, config);
            final NoisyEngine engine = new NoisyEngine();
            assertNoAllocation(engine, stream);
            final int held = pool.inUseCount();
            assertTrue(held > 0, "the FIFO holds packets back");
            assertEquals(0, stream.txPackets, "what leaves the FIFO counts in the port's statistics, as in testpmd");
            assertEquals(stream.rxPackets, port.stats().opackets() + stream.fwdDropped + held, "every packet " +
                "received went out, was dropped or is held back");
            engine.portEnd(port.id(), config);
            engine.close();
            assertEquals(0, pool.inUseCount(), "what the FIFO held went back to the pool");
        }
    }

    @Test
    void shouldAnswerArpAndEchoRequestsWithoutAllocating(@TempDir final Path dir) throws Exception
    {
        final FwdStream stream = replayWithoutAllocating(new IcmpEchoEngine(), Frames.mixed(64, 3), dir);
        assertTrue(stream.txPackets > 0, "the ARP requests among the frames were answered");
        assertTrue(stream.txPackets < stream.rxPackets, "the rest was dropped");
    }

    @Test
    void shouldRecomputeChecksumsOfMixedFramesWithoutAllocating(@TempDir final Path dir) throws Exception
    {
        final FwdStream stream = replayWithoutAllocating(new CsumEngine(), Frames.mixed(64, 5), dir);
        assertEquals(stream.rxPackets, stream.txPackets, "csum sends every packet it receives");
    }

    /**
     * {@link #assertNoAllocation} of {@code engine} on {@code frames} replayed forever by a net_pcap port, sending on
     * a net_null one; the stream, for its counters, once both ports are closed.
     */
    private static FwdStream replayWithoutAllocating(final ForwardEngine engine, final List<byte[]> frames,
        final Path dir) throws Exception
    {
        final Path in = dir.resolve("in.pcap");
        Pcap.write(in, frames);
        try (Port rx = EngineHarness.start(TestEal.uniqueName("net_pcap") + ",rx_pcap=" + in + ",infinite_rx=1", pool);
            Port tx = EngineHarness.start(TestEal.uniqueName("net_null"), pool))
        {
            final FwdStream stream = stream(rx, tx, new TestPmdConfig());
            assertNoAllocation(engine, stream);
            return stream;
        }
    }

    @AfterAll
    static void tearDown()
    {
        pool.close();
    }

    private static FwdStream stream(final Port rx, final Port tx, final TestPmdConfig config)
    {
        config.portMac[tx.id()] = tx.macAddress();
        return new FwdStream(rx, 0, tx, 0, config, pool);
    }

    private static void assertNoAllocation(final ForwardEngine engine, final FwdStream stream)
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        engine.portBegin(stream.txPort.id(), stream.config);
        for (int i = 0; i < WARM_UP; i++)
        {
            engine.packetFwd(stream);
        }
        final long sentBefore = stream.txPackets;
        final long movedBefore = stream.rxPackets + stream.txPackets; // noisy counts its sends in the port only
        final long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < BURSTS; i++)
        {
            engine.packetFwd(stream);
        }
        final long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(stream.rxPackets + stream.txPackets > movedBefore, engine.name() + " moved packets while measured");
        assertTrue(allocated < ALLOWED_BYTES, engine.name() + " allocated " + allocated + " bytes in " + BURSTS +
            " bursts (" + (stream.txPackets - sentBefore) + " packets)");
        assertEquals(0, stream.burst.count(), "the burst is empty between calls");
        stream.burst.close();
    }
}
