package io.jdpdk.eal;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Samplers (what copies DPDK's port and mempool numbers into counters) run only while someone reads: never on
 * their own, on an in-process reader's thread when it calls {@code sample()}, and every period while a reader of
 * the file in another process asks for it, until the time it asked for.
 */
class CountersSamplingTest
{
    private static final long PERIOD = Counters.SAMPLE_PERIOD_MS;
    private static final long IDLE = Counters.IDLE_CHECK_MS;

    @Test
    void shouldNeverSampleWhileNobodyReads(@TempDir final Path dir) throws Exception
    {
        final Counters counters = new Counters(dir.resolve("jdpdk-1.counters").toFile());
        final AtomicInteger samples = new AtomicInteger();
        try (AutoCloseable _ = counters.addSampler(samples::incrementAndGet))
        {
            Thread.sleep(IDLE + 3 * PERIOD); // past the thread's first look for a demand
            assertEquals(0, samples.get(), "samples taken with no reader");
        }
    }

    @Test
    void shouldSampleOnTheCallingThreadForAnInProcessReader(@TempDir final Path dir) throws Exception
    {
        final Counters counters = new Counters(dir.resolve("jdpdk-2.counters").toFile());
        final AtomicReference<Thread> ranOn = new AtomicReference<>();
        try (AutoCloseable _ = counters.addSampler(() -> ranOn.set(Thread.currentThread())))
        {
            final long before = System.currentTimeMillis();
            counters.sample();
            assertSame(Thread.currentThread(), ranOn.get());
            final long sampledAt = valueOfType(counters.reader(), Counters.SAMPLED_AT);
            assertTrue(sampledAt >= before && sampledAt <= System.currentTimeMillis(), "sampled at " + sampledAt);
        }
    }

    @Test
    void shouldSampleEveryPeriodWhileAnotherProcessAsksAndStopAfterward(@TempDir final Path dir) throws Exception
    {
        final Path file = dir.resolve("jdpdk-3.counters");
        final Counters counters = new Counters(file.toFile());
        final AtomicInteger samples = new AtomicInteger();
        try (AutoCloseable _ = counters.addSampler(samples::incrementAndGet))
        {
            final CountersReader other = Counters.reader(file.toFile()); // a mapping of its own, as jdpdk-stat's
            final long until = System.currentTimeMillis() + IDLE + 6 * PERIOD;
            assertTrue(Counters.demandSamples(other, until, IDLE + 4 * PERIOD), "a sample after the demand");
            assertTrue(samples.get() >= 1);
            assertEquals(until, valueOfType(counters.reader(), Counters.SAMPLE_UNTIL));
            assertTrue(Counters.demandSamples(other, until - 1000, IDLE + 4 * PERIOD), "a second reader, asking less");
            assertEquals(until, valueOfType(counters.reader(), Counters.SAMPLE_UNTIL), "the longer demand stands");

            Thread.sleep(until - System.currentTimeMillis() + 3 * PERIOD);
            final int afterDemand = samples.get();
            assertTrue(afterDemand >= 3, afterDemand + " samples in the last 6 periods of demand");
            Thread.sleep(IDLE + 3 * PERIOD);
            assertEquals(afterDemand, samples.get(), "samples taken after the demand ended");
        }
    }

    @Test
    void shouldTellAnotherProcessASampleIsDoneOnlyOnceEverySamplerRan(@TempDir final Path dir) throws Exception
    {
        final Path file = dir.resolve("jdpdk-5.counters");
        final Counters counters = new Counters(file.toFile());
        final AtomicInteger samples = new AtomicInteger();
        final Runnable slowSampler = () ->
        {
            try
            {
                Thread.sleep(300); // a sampler that takes a while, as reading many ports' stats from DPDK can
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
            samples.incrementAndGet();
        };
        try (AutoCloseable _ = counters.addSampler(slowSampler))
        {
            final CountersReader other = Counters.reader(file.toFile());
            assertTrue(Counters.demandSamples(other, System.currentTimeMillis() + IDLE + 6 * PERIOD,
                IDLE + 4 * PERIOD + 600), "a sample after the demand");
            assertTrue(samples.get() >= 1, "demandSamples returned before the sampler had run");
        }
    }

    @Test
    void shouldNotWaitForAProcessWithoutTheDemandCounter()
    {
        final CountersReader empty = new CountersReader(new UnsafeBuffer(new byte[CountersReader.METADATA_LENGTH * 4]),
            new UnsafeBuffer(new byte[CountersReader.COUNTER_LENGTH * 4]));
        final long start = System.nanoTime();
        assertFalse(Counters.demandSamples(empty, System.currentTimeMillis() + 1000, 10_000));
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "returned without waiting out the timeout");
    }

    @Test
    void shouldLeaveTheProcessEntriesOutOfTheGroups(@TempDir final Path dir)
    {
        final Counters counters = new Counters(dir.resolve("jdpdk-4.counters").toFile());
        counters.newCounter("port 0: rx packets", Counters.PORT_RX_PACKETS).setRelease(7);
        assertEquals(java.util.Map.of("port_0", java.util.Map.of("rx_packets", 7L)),
            Counters.groups(counters.reader()));
    }

    private static long valueOfType(final CountersReader reader, final int typeId)
    {
        final long[] value = { Long.MIN_VALUE };
        reader.forEach((counterValue, id, label) ->
        {
            if (reader.getCounterTypeId(id) == typeId)
            {
                value[0] = counterValue;
            }
        });
        return value[0];
    }
}
