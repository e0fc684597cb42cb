package io.jdpdk.pmd.pipeline;

import io.jdpdk.eal.Counters;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.LcoreException;
import io.jdpdk.eal.TestEal;
import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;
import io.jdpdk.pmd.PortStats;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.status.CountersReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pipelines on real DPDK ports: net_ring ports (TX queue q loops back to RX queue q) carry
 * numbered packets so that delivery, content and per-flow order can be checked; net_null ports
 * give an endless source and sink.
 */
class PipelineTest
{
    private static final int FLOWS = 64;
    private static Eal eal;
    private static Mempool pool;
    private int inUseBefore;

    @BeforeAll
    static void setUp()
    {
        eal = TestEal.get();
        pool = Mempool.create("pipeline_test_pool", 16383, 256);
    }

    @AfterEach
    void poolBack()
    {
        assertEquals(inUseBefore, pool.inUseCount(), "every mbuf back in the pool");
    }

    private Port port(final String driver, final int txQueues)
    {
        inUseBefore = pool.inUseCount();
        return Port.probe(TestEal.uniqueName(driver))
            .configure(new PortConfig().mempool(pool).rxDesc(512).txDesc(512).txQueues(txQueues)).start();
    }

    /** Sends {@code total} IPv4/UDP packets on port a (flow = i % FLOWS, sequence per flow in the payload). */
    private static final class Injector
    {
        private final MbufBurst burst = new MbufBurst(32);
        private final Mbuf m = new Mbuf();
        private final int[] nextSeq = new int[FLOWS];
        private int sent;

        /** Sends up to 32 more, keeping at most 256 in flight so no net_ring TX ring overflows. */
        boolean inject(final Port a, final int total, final long received)
        {
            if (sent == total || sent - received > 256)
            {
                return false;
            }
            final int n = Math.min(32, total - sent);
            if (!burst.allocFrom(pool, n))
            {
                return true;
            }
            for (int i = 0; i < n; i++)
            {
                final int flow = (sent + i) % FLOWS;
                burst.mbuf(i, m).append(64);
                m.putLong(0, 0x0200000000010200L).putInt(8, 0x00000002).putShort(12, 0x0800);
                m.putByte(14, 0x45).putShort(16, 50).putByte(22, 64).putByte(23, 17);
                m.putInt(26, 0x0A000000 + flow).putInt(30, 0x0B000000).putShort(34, 1000 + flow).putShort(36, 53);
                m.putInt(42, flow).putInt(46, nextSeq[flow]++).putByte(50, 0).putInt(52, sent + i);
            }
            final int accepted = a.txBurst(0, burst);
            for (int i = n - 1; i >= accepted; i--)
            {
                nextSeq[(sent + i) % FLOWS]--; // not sent: its number goes out with the retry
            }
            sent += accepted;
            burst.freeAll();
            return true;
        }
    }

    /** Reads port b and checks every packet: marked by the function, each flow's sequence in order. */
    private static final class Receiver
    {
        private final MbufBurst burst = new MbufBurst(32);
        private final Mbuf m = new Mbuf();
        private final int[] expected = new int[FLOWS];
        private long received;
        /** Whether packets must come out in the order they went in, across flows. */
        private boolean inSendOrder;

        void drain(final Port b)
        {
            final int n = b.rxBurst(0, burst);
            for (int i = 0; i < n; i++)
            {
                burst.mbuf(i, m);
                final int flow = m.getInt(42);
                assertEquals(expected[flow]++, m.getInt(46), "flow " + flow + " in order, each packet once");
                assertEquals(0x5A, m.getUnsignedByte(50), "the function ran on it");
                if (inSendOrder)
                {
                    assertEquals(received + i, m.getInt(52), "in the order sent, across flows and workers");
                }
            }
            received += n;
            burst.freeAll();
        }
    }

    private static final BurstFunction MARK_AND_SEND_TO_PEER = burst ->
    {
        final Mbuf m = new Mbuf();
        for (int i = 0; i < burst.count(); i++)
        {
            burst.mbuf(i, m).putByte(50, 0x5A);
        }
    };

    /**
     * Sends {@code total} packets into {@code a} and checks what comes out of {@code b} until all came or 60 s
     * passed, running the main lcore's stages between ({@code mainLcore}, or null); then stops the pipeline and
     * drains {@code b} once more.
     */
    private static void pump(final Pipeline pipeline, final Port a, final Port b, final int total,
        final Receiver receiver, final org.agrona.concurrent.Agent mainLcore) throws Exception
    {
        final Injector injector = new Injector();
        try
        {
            final long deadline = System.nanoTime() + 60_000_000_000L;
            while (receiver.received < total && System.nanoTime() < deadline)
            {
                injector.inject(a, total, receiver.received);
                if (mainLcore != null)
                {
                    mainLcore.doWork();
                }
                receiver.drain(b);
            }
        }
        finally
        {
            pipeline.stop();
        }
        receiver.drain(b);
    }

    private void deliverEveryPacketOnceInFlowOrder(final int workers) throws Exception
    {
        final int total = 100_000;
        try (Port a = port("net_ring", 1); Port b = port("net_ring", 1))
        {
            inUseBefore = pool.inUseCount();
            final BurstFunction toB = burst ->
            {
                MARK_AND_SEND_TO_PEER.apply(burst);
                burst.sendAllTo(b.id());
            };
            final Pipeline.Builder builder = Pipeline.builder().idle(BackoffIdleStrategy::new).rx(eal.worker(1), new RxQueue(a, 0)).tx(eal.worker(4))
                .outputPorts(b).backpressure(Backpressure.WAIT);
            if (workers == 1)
            {
                builder.workers(toB, eal.worker(2));
            }
            else
            {
                builder.workers(toB, eal.worker(2), eal.worker(3));
            }
            final Pipeline pipeline = builder.build();
            pipeline.start();
            final Receiver receiver = new Receiver();
            pump(pipeline, a, b, total, receiver, null);
            assertEquals(total, receiver.received);
            for (int f = 0; f < FLOWS; f++)
            {
                assertEquals(total / FLOWS + (f < total % FLOWS ? 1 : 0), receiver.expected[f], "flow " + f);
            }
        }
    }

    @Test
    void shouldDeliverEveryPacketExactlyOnceThroughOneWorker() throws Exception
    {
        deliverEveryPacketOnceInFlowOrder(1);
    }

    @Test
    void shouldKeepPerFlowOrderAcrossTwoWorkers() throws Exception
    {
        deliverEveryPacketOnceInFlowOrder(2);
    }

    @Test
    void shouldSendInReceiveOrderAcrossWorkersOfUnequalSpeedWhenInOrderWithRxOnTheMainLcore() throws Exception
    {
        final int total = 50_000;
        try (Port a = port("net_ring", 1); Port b = port("net_ring", 1))
        {
            inUseBefore = pool.inUseCount();
            final BurstFunction slowOddBursts = burst ->
            {
                MARK_AND_SEND_TO_PEER.apply(burst);
                burst.sendAllTo(b.id());
                if ((burst.sequence() & 1) == 1) // the second worker's bursts finish late
                {
                    final long until = System.nanoTime() + 2_000 * (burst.sequence() % 7);
                    while (System.nanoTime() < until)
                    {
                        Thread.onSpinWait();
                    }
                }
            };
            final Pipeline pipeline = Pipeline.builder().idle(BackoffIdleStrategy::new).rxOnMainLcore(new RxQueue(a, 0))
                .workers(slowOddBursts, eal.worker(2), eal.worker(3)).tx(eal.worker(4)).outputPorts(b).inOrder()
                .build();
            pipeline.start();
            final Receiver receiver = new Receiver();
            receiver.inSendOrder = true;
            pump(pipeline, a, b, total, receiver, pipeline.mainLcoreAgent());
            assertEquals(total, receiver.received);
            assertEquals(total, pipeline.rxPackets());
            assertEquals(0, pipeline.rxRingFullDrops());
            assertTrue(pipeline.workerPackets(0) > 0 && pipeline.workerPackets(1) > 0, "both workers worked");
            assertEquals(total, pipeline.workerPackets(0) + pipeline.workerPackets(1));
            assertEquals(total, pipeline.txPackets());
            pipeline.close();
        }
    }

    @Test
    void shouldGiveEachPacketItsRxToTxLatencyFromTheStampInItsMbuf() throws Exception
    {
        final int total = 3_200;
        final long workNanos = 200_000;
        try (Port a = port("net_ring", 1); Port b = port("net_ring", 1))
        {
            inUseBefore = pool.inUseCount();
            final BurstFunction slow = burst ->
            {
                MARK_AND_SEND_TO_PEER.apply(burst);
                burst.sendAllTo(b.id());
                final long until = System.nanoTime() + workNanos;
                while (System.nanoTime() < until)
                {
                    Thread.onSpinWait();
                }
            };
            final AtomicLong samples = new AtomicLong();
            final AtomicLong min = new AtomicLong(Long.MAX_VALUE);
            final AtomicLong max = new AtomicLong();
            final Pipeline pipeline = Pipeline.builder().idle(BackoffIdleStrategy::new).rxOnMainLcore(new RxQueue(a, 0))
                .workers(slow, eal.worker(2)).tx(eal.worker(4)).outputPorts(b).backpressure(Backpressure.WAIT)
                .onTxLatency((nanos, packets) ->
                {
                    assertTrue(packets >= 1, "a run of one packet or more: " + packets);
                    samples.addAndGet(packets);
                    min.accumulateAndGet(nanos, Math::min);
                    max.accumulateAndGet(nanos, Math::max);
                })
                .build();
            assertEquals(8, io.jdpdk.mempool.MbufDynField.lookup(Pipeline.RX_TSC_FIELD).size());
            pipeline.start();
            final Receiver receiver = new Receiver();
            pump(pipeline, a, b, total, receiver, pipeline.mainLcoreAgent());
            pipeline.close();
            assertEquals(total, receiver.received);
            assertEquals(total, samples.get(), "one sample per packet");
            assertTrue(min.get() >= workNanos, "every packet waited for the worker: min " + min.get() + " ns");
            assertTrue(max.get() < 10_000_000_000L, "TSC ticks converted to nanoseconds: max " + max.get() + " ns");
        }
    }

    @Test
    void shouldRefuseInOrderWithTwoTxStages()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pipeline.builder()
            .rx(eal.worker(1)).workers(burst -> { }, eal.worker(2)).tx(eal.worker(3)).tx(eal.worker(4)).inOrder()
            .build());
        assertEquals("an in-order pipeline needs exactly one RX and one TX stage, got 1 and 2", e.getMessage());
    }

    @Test
    void shouldSendEachPacketWhereTheFunctionChoseAndFreeTheDropped() throws Exception
    {
        final int total = 64_000; // 1000 per flow
        try (Port a = port("net_ring", 1); Port b = port("net_ring", 1); Port c = port("net_ring", 1))
        {
            inUseBefore = pool.inUseCount();
            // The whole burst to b first, then per packet: odd flows to c, every 8th flow dropped.
            final BurstFunction split = burst ->
            {
                MARK_AND_SEND_TO_PEER.apply(burst);
                burst.sendAllTo(b.id());
                final Mbuf m = new Mbuf();
                for (int i = 0; i < burst.count(); i++)
                {
                    final int flow = burst.mbuf(i, m).getInt(42);
                    if (flow % 8 == 0)
                    {
                        burst.drop(i);
                    }
                    else if (flow % 2 == 1)
                    {
                        burst.outPort(i, c.id());
                    }
                }
            };
            final Pipeline pipeline = Pipeline.builder().idle(BackoffIdleStrategy::new)
                .rx(eal.worker(1), new RxQueue(a, 0)).workers(split, eal.worker(2)).tx(eal.worker(4))
                .outputPorts(b, c).backpressure(Backpressure.WAIT).build();
            pipeline.start();
            final Injector injector = new Injector();
            final Receiver toB = new Receiver();
            final Receiver toC = new Receiver();
            try
            {
                final long deadline = System.nanoTime() + 60_000_000_000L;
                while (toB.received + toC.received < total * 7L / 8 && System.nanoTime() < deadline)
                {
                    injector.inject(a, total, toB.received + toC.received + injector.sent / 8);
                    toB.drain(b);
                    toC.drain(c);
                }
            }
            finally
            {
                pipeline.stop();
            }
            toB.drain(b);
            toC.drain(c);
            for (int f = 0; f < FLOWS; f++)
            {
                assertEquals(f % 8 != 0 && f % 2 == 0 ? 1000 : 0, toB.expected[f], "flow " + f + " on port b");
                assertEquals(f % 2 == 1 ? 1000 : 0, toC.expected[f], "flow " + f + " on port c");
            }
            assertEquals(24_000, toB.received);
            assertEquals(32_000, toC.received);
        }
    }

    @Test
    void shouldRunTheSameFunctionToCompletionOnOneLcore() throws Exception
    {
        final int total = 20_000;
        try (Port a = port("net_ring", 1); Port b = port("net_ring", 1))
        {
            inUseBefore = pool.inUseCount();
            final RunToCompletion rtc = new RunToCompletion(burst ->
            {
                MARK_AND_SEND_TO_PEER.apply(burst);
                burst.sendAllTo(b.id());
            }, 0, 32, new RxQueue(a, 0));
            eal.worker(1).launch(rtc, new org.agrona.concurrent.BackoffIdleStrategy());
            final Injector injector = new Injector();
            final Receiver receiver = new Receiver();
            final long deadline = System.nanoTime() + 30_000_000_000L;
            while (receiver.received < total && System.nanoTime() < deadline)
            {
                injector.inject(a, total, receiver.received);
                receiver.drain(b);
            }
            eal.worker(1).stop();
            eal.worker(1).await();
            assertEquals(total, receiver.received);
        }
    }

    /** A slow worker: spins 20 us on each burst, then does what {@code then} does. */
    private static BurstFunction slowly(final BurstFunction then)
    {
        return burst ->
        {
            final long until = System.nanoTime() + 20_000;
            while (System.nanoTime() < until)
            {
                Thread.onSpinWait();
            }
            then.apply(burst);
        };
    }

    @Test
    void shouldCountAndFreeWhatAFullRingDrops() throws Exception
    {
        try (Port a = port("net_null", 1); Port b = port("net_null", 1))
        {
            inUseBefore = pool.inUseCount();
            final Pipeline pipeline = Pipeline.builder().idle(BackoffIdleStrategy::new)
                .rx(eal.worker(1), new RxQueue(a, 0))
                .workers(slowly(burst -> burst.sendAllTo(b.id())), eal.worker(2))
                .tx(eal.worker(3))
                .ringSize(4)
                .build();
            final Map<String, Long> before = counters();
            pipeline.start();
            Thread.sleep(500);
            pipeline.stop();
            final Map<String, Long> delta = delta(before, counters());
            {
                final PortStats sa = a.stats();
                final PortStats sb = b.stats();
                final long drops = delta.getOrDefault("pipeline rx 0: dropped, ring full", 0L) +
                    delta.getOrDefault("pipeline worker 0: dropped, ring full", 0L);
                assertTrue(delta.getOrDefault("pipeline rx 0: dropped, ring full", 0L) > 0,
                    "the ring in front of the slow worker filled up: " + delta);
                assertEquals(sa.ipackets(), delta.get("pipeline rx 0: packets received"));
                assertEquals(sa.ipackets(), sb.opackets() + drops, "received = sent + dropped at the full ring");
            }
        }
    }

    @Test
    void shouldLeavePacketsInTheNicQueueRatherThanDropWhenWaitingOnAFullRing() throws Exception
    {
        final int total = 4_000;
        try (Port a = port("net_ring", 1); Port b = port("net_ring", 1))
        {
            inUseBefore = pool.inUseCount();
            final Pipeline pipeline = Pipeline.builder().idle(BackoffIdleStrategy::new)
                .rx(eal.worker(1), new RxQueue(a, 0))
                .workers(slowly(burst ->
                {
                    MARK_AND_SEND_TO_PEER.apply(burst);
                    burst.sendAllTo(b.id());
                }), eal.worker(2))
                .tx(eal.worker(3))
                .outputPorts(b)
                .ringSize(2) // 2 bursts a ring: fewer than the injector's 256 packets in flight
                .backpressure(Backpressure.WAIT)
                .build();
            final Map<String, Long> before = counters();
            pipeline.start();
            final Receiver receiver = new Receiver();
            pump(pipeline, a, b, total, receiver, null);
            final Map<String, Long> delta = delta(before, counters());
            assertEquals(total, receiver.received, "every packet came out, in flow order");
            assertEquals(total, delta.get("pipeline rx 0: packets received"));
            assertEquals(0L, delta.getOrDefault("pipeline rx 0: dropped, ring full", 0L) +
                delta.getOrDefault("pipeline worker 0: dropped, ring full", 0L), "nothing dropped: " + delta);
        }
    }

    @Test
    void shouldSurfaceAnExceptionThrownOnAWorkerLcore() throws Exception
    {
        try (Port a = port("net_null", 1); Port b = port("net_null", 1))
        {
            inUseBefore = pool.inUseCount();
            final AtomicLong bursts = new AtomicLong();
            final Pipeline pipeline = Pipeline.builder().idle(BackoffIdleStrategy::new)
                .rx(eal.worker(1), new RxQueue(a, 0))
                .workers(burst ->
                {
                    if (bursts.incrementAndGet() == 1000)
                    {
                        throw new IllegalStateException("bad packet in burst 1000");
                    }
                    burst.sendAllTo(b.id());
                }, eal.worker(2))
                .tx(eal.worker(3))
                .build();
            pipeline.start();
            while (bursts.get() < 1000)
            {
                Thread.sleep(10);
            }
            final LcoreException ex = assertThrows(LcoreException.class, pipeline::stop);
            assertEquals(2, ex.lcoreId());
            assertInstanceOf(IllegalStateException.class, ex.getCause());
        }
    }

    @Test
    void shouldNotAllocateOnDatapathThreadsInSteadyStateWhileJfrRecordsJdpdkEvents(@org.junit.jupiter.api.io.TempDir
        final java.nio.file.Path dir) throws Exception
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        try (Port a = port("net_null", 1); Port b = port("net_null", 1); jdk.jfr.Recording recording = new jdk.jfr.Recording())
        {
            for (final String event : List.of("io.jdpdk.Lcore", "io.jdpdk.Port", "io.jdpdk.Mempool", "io.jdpdk.LcoreStall"))
            {
                recording.enable(event).withPeriod(java.time.Duration.ofMillis(100));
            }
            recording.start();
            inUseBefore = pool.inUseCount();
            final Pipeline pipeline = Pipeline.builder().idle(BackoffIdleStrategy::new)
                .rx(eal.worker(1), new RxQueue(a, 0))
                .workers(burst -> burst.sendAllTo(b.id()), eal.worker(2))
                .tx(eal.worker(3))
                .backpressure(Backpressure.WAIT)
                .build();
            final CountersReader reader = Counters.get().reader();
            pipeline.start();
            final long[] ids;
            final long[] before;
            final long[] after;
            try
            {
                awaitTx(b, 1_000_000); // warm-up: JIT compiles the loops
                // EAL's threads become Java threads at their first upcall: known once they forwarded.
                ids = new long[] { eal.worker(1).threadId(), eal.worker(2).threadId(), eal.worker(3).threadId() };
                before = threads.getThreadAllocatedBytes(ids);
                final long txBefore = b.stats().opackets();
                awaitTx(b, txBefore + 1_000_000);
                after = threads.getThreadAllocatedBytes(ids);
                Thread.sleep(800); // forwarding on for several 100 ms JFR periods and counter samples
            }
            finally
            {
                pipeline.stop();
            }
            for (int i = 0; i < ids.length; i++)
            {
                assertTrue(after[i] - before[i] < 16 * 1024, "lcore " + (i + 1) + " allocated " +
                    (after[i] - before[i]) + " bytes while forwarding 1M packets");
            }
            assertTrue(reader.maxCounterId() >= 0);
            recording.stop();
            recording.dump(dir.resolve("pipeline.jfr"));
            final List<jdk.jfr.consumer.RecordedEvent> events =
                jdk.jfr.consumer.RecordingFile.readAllEvents(dir.resolve("pipeline.jfr"));
            assertTrue(events.stream().anyMatch(e -> e.getEventType().getName().equals("io.jdpdk.Port") &&
                e.getInt("port") == b.id() && e.getLong("txPps") > 0), "a Port event with b's TX rate");
            for (final int lcore : new int[] { 1, 2, 3 })
            {
                assertTrue(events.stream().anyMatch(e -> e.getEventType().getName().equals("io.jdpdk.Lcore") &&
                    e.getInt("lcore") == lcore && e.getLong("busyPolls") > 0), "an Lcore event of busy lcore " + lcore);
            }
            assertTrue(events.stream().anyMatch(e -> e.getEventType().getName().equals("io.jdpdk.Mempool") &&
                e.getString("name").equals(pool.name()) && e.getLong("size") == pool.size()), "a Mempool event");
        }
    }

    @Test
    void shouldFreeAndCountPacketsForAnAbsentPortWithoutAllocatingOnTheTxLcore() throws Exception
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final int absent = 31; // RTE_MAX_ETHPORTS - 1: never probed in the test JVM
        try (Port a = port("net_null", 1); Port b = port("net_null", 1))
        {
            inUseBefore = pool.inUseCount();
            final Pipeline pipeline = Pipeline.builder().idle(BackoffIdleStrategy::new)
                .rx(eal.worker(1), new RxQueue(a, 0))
                .workers(burst -> burst.sendAllTo(absent), eal.worker(2))
                .tx(eal.worker(3))
                .backpressure(Backpressure.WAIT)
                .build();
            final Map<String, Long> before = counters();
            pipeline.start();
            final long allocated;
            try
            {
                awaitReceived(before, 1_000_000); // warm-up
                final long tx = eal.worker(3).threadId();
                final long start = threads.getThreadAllocatedBytes(tx);
                awaitReceived(before, 2_000_000);
                allocated = threads.getThreadAllocatedBytes(tx) - start;
            }
            finally
            {
                pipeline.stop();
            }
            final Map<String, Long> delta = delta(before, counters());
            assertTrue(allocated < 16 * 1024, "the TX lcore allocated " + allocated + " bytes dropping 1M packets");
            assertEquals(delta.get("pipeline rx 0: packets received"),
                delta.get("pipeline tx 0: dropped by the function, freed"), "every packet for port " + absent + " freed: " + delta);
            assertEquals(0L, delta.getOrDefault("pipeline tx 0: packets sent", 0L));
            assertEquals(0, b.stats().opackets());
        }
    }

    @Test
    void shouldKeepItsCountersReadableAfterStopAndFreeThemOnClose() throws Exception
    {
        try (Port a = port("net_null", 1); Port b = port("net_null", 1))
        {
            inUseBefore = pool.inUseCount();
            final Pipeline pipeline = Pipeline.builder().idle(BackoffIdleStrategy::new)
                .rx(eal.worker(1), new RxQueue(a, 0))
                .workers(burst -> burst.sendAllTo(b.id()), eal.worker(2))
                .tx(eal.worker(3))
                .build();
            final int before = counterCount();
            pipeline.start();
            awaitTx(b, 10_000);
            pipeline.stop();
            assertEquals(before, counterCount(), "the stages' 7 counters stay until close");
            pipeline.close();
            assertEquals(before - 7, counterCount(), "close freed them");
            pipeline.close();
            assertThrows(IllegalStateException.class, pipeline::start);
        }
    }

    private static int counterCount()
    {
        final int[] n = { 0 };
        Counters.get().reader().forEach((value, id, label) -> n[0]++);
        return n[0];
    }

    private static void awaitReceived(final Map<String, Long> before, final long packets) throws InterruptedException
    {
        final long deadline = System.nanoTime() + 60_000_000_000L;
        while (delta(before, counters()).getOrDefault("pipeline rx 0: packets received", 0L) < packets &&
            System.nanoTime() < deadline)
        {
            Thread.sleep(20);
        }
    }

    private static void awaitTx(final Port port, final long packets) throws InterruptedException
    {
        final long deadline = System.nanoTime() + 60_000_000_000L;
        final PortStats stats = new PortStats();
        while (port.stats(stats).opackets() < packets && System.nanoTime() < deadline)
        {
            Thread.sleep(20);
        }
        assertTrue(stats.opackets() >= packets, "forwarded " + stats.opackets());
    }

    private static Map<String, Long> counters()
    {
        final Map<String, Long> values = new HashMap<>();
        final CountersReader reader = Counters.get().reader();
        reader.forEach((value, id, label) -> values.merge(label, value, Long::sum));
        return values;
    }

    private static Map<String, Long> delta(final Map<String, Long> before, final Map<String, Long> after)
    {
        final Map<String, Long> d = new HashMap<>();
        after.forEach((k, v) -> d.put(k, v - before.getOrDefault(k, 0L)));
        return d;
    }
}
