package io.jdpdk.bench;

import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.header.EthernetView;
import io.jdpdk.mempool.raw.MbufRaw;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.lang.foreign.Arena;
import java.util.concurrent.TimeUnit;

/**
 * The per-packet part of testpmd's macswap on a burst of 32 mbufs, without ports or DPDK calls: the
 * addresses swapped and {@code mbuf_field_set} applied, through jdpdk's safe API ({@code mbufSwap}: the
 * {@link Mbuf} flyweight and {@link EthernetView#swapAddresses(Mbuf)}, as {@code MacSwapEngine} does it;
 * {@code views}: an {@link EthernetView} re-pointed at every packet) and through raw
 * reads and writes with no flyweight and no bounds check ({@code raw}), on the same memory. The
 * difference is what the safe API costs per burst. The mbufs are plain native memory laid out as
 * {@code rte_mbuf} (offsets from the installed headers), so the shim must load but no EAL runs.
 * <p>
 * Run with JDK 25 (JMH forks the JVM given with {@code -jvm}): {@code $JAVA
 * --enable-native-access=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
 * -cp 'bench/target/classes:bench/target/lib/*' org.openjdk.jmh.Main MacSwapBenchmark -jvm $JAVA}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseParallelGC", "--enable-native-access=ALL-UNNAMED",
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class MacSwapBenchmark
{
    private static final int BURST = 32;
    private static final long KEEP_FLAGS = Mbuf.F_INDIRECT | Mbuf.F_EXTERNAL;
    private static final long L2_L3 = 14 | (20 << 7);

    private Arena arena;
    private MbufBurst burst;
    private final Mbuf mbuf = new Mbuf();
    private final EthernetView eth = new EthernetView();

    @Setup
    public void setUp()
    {
        arena = Arena.ofConfined();
        burst = StandInMbufs.burst(arena, BURST, 64);
        for (int i = 0; i < BURST; i++)
        {
            Memory.putLong(StandInMbufs.frame(burst, i), 0x0102_0304_0506_0708L + i);
        }
    }

    @TearDown
    public void tearDown()
    {
        burst.count(0);
        burst.close();
        arena.close();
    }

    @Benchmark
    public long views()
    {
        final int n = burst.count();
        for (int i = 0; i < n; i++)
        {
            final Mbuf m = burst.mbuf(i, mbuf);
            if (eth.wrap(m, 0))
            {
                eth.swapAddresses();
            }
            m.olFlags(m.olFlags() & KEEP_FLAGS);
            m.l2l3Len(14, 20);
        }
        return mbuf.address();
    }

    @Benchmark
    public long raw()
    {
        final long array = burst.address();
        final int n = burst.count();
        long last = 0;
        for (int i = 0; i < n; i++)
        {
            final long m = Memory.getLong(array + 8L * i);
            if (Short.toUnsignedInt(Memory.getShort(m + MbufRaw.DATA_LEN)) >= 14)
            {
                final long d = Memory.getLong(m + MbufRaw.BUF_ADDR) +
                    Short.toUnsignedInt(Memory.getShort(m + MbufRaw.DATA_OFF));
                swapRaw(d);
            }
            Memory.putLong(m + MbufRaw.OL_FLAGS, Memory.getLong(m + MbufRaw.OL_FLAGS) & KEEP_FLAGS);
            Memory.putShort(m + MbufRaw.TX_OFFLOAD, (short)L2_L3);
            last = m;
        }
        return last;
    }

    /** {@code views} with the swap done raw: what the {@link Mbuf} flyweight costs on its own. */
    @Benchmark
    public long flyweightOnly()
    {
        final int n = burst.count();
        for (int i = 0; i < n; i++)
        {
            final Mbuf m = burst.mbuf(i, mbuf);
            if (m.dataLen() >= 14)
            {
                final long d = m.dataAddress();
                swapRaw(d);
            }
            m.olFlags(m.olFlags() & KEEP_FLAGS);
            m.l2l3Len(14, 20);
        }
        return mbuf.address();
    }

    /** {@code views} without {@code mbuf_field_set}. */
    @Benchmark
    public long viewOnly()
    {
        final int n = burst.count();
        for (int i = 0; i < n; i++)
        {
            final Mbuf m = burst.mbuf(i, mbuf);
            if (eth.wrap(m, 0))
            {
                eth.swapAddresses();
            }
        }
        return mbuf.address();
    }

    /** Re-pointing the flyweight and the view at each packet, nothing else. */
    @Benchmark
    public long wrapOnly()
    {
        final int n = burst.count();
        for (int i = 0; i < n; i++)
        {
            eth.wrap(burst.mbuf(i, mbuf), 0);
        }
        return mbuf.address();
    }

    /**
     * What {@code MacSwapEngine} does: the {@link Mbuf} flyweight and {@link EthernetView#swapAddresses(Mbuf)},
     * one data_len check per packet and no view to re-point.
     */
    @Benchmark
    public long mbufSwap()
    {
        final int n = burst.count();
        for (int i = 0; i < n; i++)
        {
            final Mbuf m = burst.mbuf(i, mbuf);
            EthernetView.swapAddresses(m);
            m.olFlags(m.olFlags() & KEEP_FLAGS);
            m.l2l3Len(14, 20);
        }
        return mbuf.address();
    }

    /** EthernetView.swapAddresses without the view: the 12 bytes at native address {@code d}, unchecked. */
    private static void swapRaw(final long d)
    {
        final long low = Memory.getLongLittleEndian(null, d);
        final long high = Memory.getLongLittleEndian(null, d + 4);
        Memory.putLongLittleEndian(null, d, high >>> 16);
        Memory.putLongLittleEndian(null, d + 4, (high >>> 48) | (low << 16));
    }
}
