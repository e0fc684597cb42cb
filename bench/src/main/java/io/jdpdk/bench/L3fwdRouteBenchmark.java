package io.jdpdk.bench;

import io.jdpdk.apps.l3fwd.LpmRouter;
import io.jdpdk.apps.l3fwd.RouteTable;
import io.jdpdk.eal.raw.Memory;
import io.jdpdk.lpm.Lpm4;
import io.jdpdk.mempool.MbufBurst;
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
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;

/**
 * l3fwd's routing of one 32-packet burst ({@link LpmRouter#route(MbufBurst, int, int, int[])}) on the bench's
 * routed UDP/IPv4 frames, without ports or DPDK calls: the mbufs are plain native memory laid out as
 * {@code rte_mbuf}, and each invocation first puts back the TTL and checksum the last one changed, which
 * {@code restoreOnly} measures alone. The difference is the routing's cost per burst (divide by 32 for a packet's);
 * {@code bench l3fwd} gives the same work's share of a real forwarding loop.
 * <p>
 * Run with JDK 25: {@code $JAVA --enable-native-access=ALL-UNNAMED --add-exports
 * java.base/jdk.internal.misc=ALL-UNNAMED -cp 'bench/target/classes:bench/target/lib/*' org.openjdk.jmh.Main
 * L3fwdRouteBenchmark -jvm $JAVA}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseParallelGC", "--enable-native-access=ALL-UNNAMED",
    "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class L3fwdRouteBenchmark
{
    private static final int BURST = 32;
    private static final int FRAME = 64;

    private Arena arena;
    private MbufBurst burst;
    private LpmRouter router;
    private final int[] ports = new int[BURST];
    private final int[] ttlWords = new int[BURST];

    @Setup
    public void setUp() throws Exception
    {
        arena = Arena.ofConfined();
        burst = StandInMbufs.burst(arena, BURST, FRAME);
        final byte[] pcap = java.nio.file.Files.readAllBytes(RoutedPcap.ipv4(BURST));
        for (int i = 0; i < BURST; i++)
        {
            MemorySegment.copy(MemorySegment.ofArray(pcap), 24 + (16 + FRAME) * i + 16, Memory.ALL,
                StandInMbufs.frame(burst, i), FRAME);
            ttlWords[i] = Memory.getInt(StandInMbufs.frame(burst, i) + 22);
        }
        final Lpm4 lpm = RouteTable.newLpm4(RouteTable.defaultIpv4Routes());
        RouteTable.addTo(lpm, RouteTable.defaultIpv4Routes(), 0x3);
        final long[] macs = new long[64];
        for (int p = 0; p < macs.length; p++)
        {
            macs[p] = 0x0200_0000_0000L + p;
        }
        router = new LpmRouter(lpm, null, 0x3, macs, macs);
        if (router.route(burst, BURST, 0, ports) != 0x3)
        {
            throw new IllegalStateException("the frames do not route to ports 0 and 1");
        }
    }

    @TearDown
    public void tearDown()
    {
        burst.count(0);
        burst.close();
        arena.close();
    }

    /** Puts back what routing changes (TTL and checksum; the MACs it writes are the same every time). */
    private void restoreTtl()
    {
        for (int i = 0; i < BURST; i++)
        {
            Memory.putInt(StandInMbufs.frame(burst, i) + 22, ttlWords[i]);
        }
    }

    @Benchmark
    public int restoreOnly()
    {
        restoreTtl();
        return ports[0];
    }

    @Benchmark
    public long route()
    {
        restoreTtl();
        return router.route(burst, BURST, 0, ports);
    }
}
