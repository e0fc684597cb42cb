package io.jdpdk.bench;

import io.jdpdk.apps.l3fwd.RouteTable;
import io.jdpdk.lpm.IpAddress;
import io.jdpdk.lpm.Lpm4;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * {@link Lpm4} lookup cost, one address at a time and in l3fwd's bursts of 32, on two tables:
 * {@code l3fwd} (DPDK l3fwd's 16 default /24 routes; every probe hits tbl24 only) and {@code random100k}
 * (100,000 random prefixes of 1 to 32 bits; probes land in tbl8 groups about half the time and touch
 * far more cache lines). Reported as time per lookup.
 * <p>
 * Run: {@code java -cp 'bench/target/classes:bench/target/lib/*' org.openjdk.jmh.Main Lpm4Benchmark}.
 * Not compared with {@code rte_lpm} here; {@link LpmScenario} ({@code bench lpm}) does that on a full-size table.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g", "-XX:+AlwaysPreTouch"})
public class Lpm4Benchmark
{
    private static final int BURST = 32;
    private static final int PROBES = 1 << 16;

    @Param({"l3fwd", "random100k"})
    public String table;

    private Lpm4 lpm;
    private final int[] probes = new int[PROBES];
    private final int[] burst = new int[BURST];
    private final int[] hops = new int[BURST];
    private int next;

    @Setup
    public void setUp()
    {
        final SplittableRandom random = new SplittableRandom(42);
        if ("l3fwd".equals(table))
        {
            lpm = new Lpm4(RouteTable.L3FWD_MAX_RULES, RouteTable.L3FWD_NUMBER_TBL8S);
            RouteTable.addTo(lpm, RouteTable.defaultIpv4Routes(), 0xFFFF);
            final int base = IpAddress.parseIpv4("198.18.0.0");
            for (int i = 0; i < PROBES; i++)
            {
                probes[i] = base + random.nextInt(16 << 8);
            }
        }
        else
        {
            lpm = new Lpm4(100_000, 1 << 16);
            final Set<Long> seen = new HashSet<>();
            final int[] prefixes = new int[100_000];
            final int[] depths = new int[100_000];
            int n = 0;
            while (n < prefixes.length)
            {
                final int depth = 1 + random.nextInt(32);
                final int prefix = random.nextInt() & (-1 << (32 - depth));
                if (seen.add(((prefix & 0xFFFF_FFFFL) << 6) | depth))
                {
                    lpm.add(prefix, depth, random.nextInt(1 << 16));
                    prefixes[n] = prefix;
                    depths[n] = depth;
                    n++;
                }
            }
            for (int i = 0; i < PROBES; i++)
            {
                final int r = random.nextInt(n);
                final int hostBits = random.nextInt() & ~(-1 << (32 - depths[r]));
                probes[i] = (i & 1) == 0 ? random.nextInt() : prefixes[r] | hostBits;
            }
        }
    }

    @Benchmark
    public int lookup()
    {
        final int i = next;
        next = (i + 1) & (PROBES - 1);
        return lpm.lookup(probes[i]);
    }

    @Benchmark
    @OperationsPerInvocation(BURST)
    public int[] lookupBulk()
    {
        final int from = next;
        next = (from + BURST) & (PROBES - 1);
        System.arraycopy(probes, from, burst, 0, BURST);
        lpm.lookupBulk(burst, hops, BURST);
        return hops;
    }
}
