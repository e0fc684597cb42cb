package io.jdpdk.bench;

import io.jdpdk.eal.Eal;
import io.jdpdk.eal.Hugepages;
import io.jdpdk.eal.raw.NativeLibrary;
import io.jdpdk.lpm.Fib6;
import io.jdpdk.lpm.Lpm4;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Route tables at Internet scale: jdpdk's {@link Lpm4} and {@link Fib6} beside DPDK's rte_lpm, rte_fib (DIR24_8),
 * rte_lpm6 and rte_fib6 (TRIE) on the same generated tables ({@link LpmTables}: 1,000,000 IPv4 and 200,000 IPv6
 * prefixes, 2^20 destinations each), one process per family: the C side is {@code src/main/c/lpm_peer.c}, called
 * through FFM on the same thread, C and Java taking turns pass by pass (a pass is one lookup of every key).
 * <p>
 * Measured: build time (create plus every add, in file order), memory (Java: {@code memoryBytes()}; C: DPDK
 * malloc heap growth over the build), lookups per second one at a time and in bursts of 32 over all keys, and a
 * checksum of every answer in key order, which must be equal on all sides (the run fails otherwise). The Java
 * lookups' heap allocation is read from the thread's allocation counter around the measured passes.
 * <pre>
 *   LpmScenario DIR 4|6 ROUNDS SECONDS-PER-MEASUREMENT EAL-ARGS...
 * </pre>
 * Prints one {@code row|what|unit|C|java|higher} line per comparison for {@link #addRows}.
 */
@SuppressWarnings("restricted") // the C peer's symbols
public final class LpmScenario
{
    static final long SEED = 14;
    /** IPv4 routes; {@code -Djdpdk.lpm.routes4=N} for a smaller try. */
    static final int ROUTES4 = Integer.getInteger("jdpdk.lpm.routes4", 1_000_000);
    /** IPv6 routes; {@code -Djdpdk.lpm.routes6=N} for a smaller try. */
    static final int ROUTES6 = Integer.getInteger("jdpdk.lpm.routes6", 200_000);
    static final int KEYS = 1 << 20;
    private static final int BURST = 32;
    /** Passes of each Java lookup loop before measuring, for the JIT. */
    private static final int WARM_UP_PASSES = 30;

    private static final int T_LPM = 0;
    private static final int T_FIB = 1;
    private static final int T_LPM6 = 2;
    private static final int T_FIB6 = 3;
    private static final int SINGLE = 0;
    private static final int BULK = 1;
    private static final int X4 = 2;

    private final MethodHandle load;
    private final MethodHandle build;
    private final MethodHandle memory;
    private final MethodHandle free;
    private final MethodHandle run;
    private final long measureNanos;
    private final int rounds;
    private final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
    private long javaAllocated;
    private long javaLookups;

    private LpmScenario(final int rounds, final double seconds)
    {
        NativeLibrary.load();
        final SymbolLookup peer = SymbolLookup.libraryLookup(Path.of(Bench.nativePeer("libjdpdk_bench_lpm.so")),
            Arena.global());
        final Linker linker = Linker.nativeLinker();
        load = linker.downcallHandle(peer.findOrThrow("lpm_peer_load"),
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        build = linker.downcallHandle(peer.findOrThrow("lpm_peer_build"), FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        memory = linker.downcallHandle(peer.findOrThrow("lpm_peer_memory"), FunctionDescriptor.of(JAVA_LONG, JAVA_INT));
        free = linker.downcallHandle(peer.findOrThrow("lpm_peer_free"), FunctionDescriptor.ofVoid(JAVA_INT));
        run = linker.downcallHandle(peer.findOrThrow("lpm_peer_run"),
            FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT));
        this.rounds = rounds;
        this.measureNanos = (long)(seconds * 1e9);
    }

    public static void main(final String[] args) throws Throwable
    {
        final Path dir = Path.of(args[0]);
        final int family = Integer.parseInt(args[1]);
        final LpmScenario scenario = new LpmScenario(Integer.parseInt(args[2]), Double.parseDouble(args[3]));
        final long t = System.nanoTime();
        final LpmTables.Ipv4 v4 = family == 4 ? LpmTables.ipv4(SEED, ROUTES4, KEYS) : null;
        final LpmTables.Ipv6 v6 = family == 4 ? null : LpmTables.ipv6(SEED, ROUTES6, KEYS);
        if (v4 != null)
        {
            LpmTables.write(dir, v4);
        }
        else
        {
            LpmTables.write(dir, v6);
        }
        System.out.printf(Locale.ROOT, "tables: %d IPv%d routes (%d tbl8 groups), %d keys, seed %d, generated and " +
            "written in %.2f s%n", family == 4 ? ROUTES4 : ROUTES6, family,
            v4 != null ? v4.tbl8Groups() : v6.tbl8Groups(), KEYS, SEED, (System.nanoTime() - t) / 1e9);
        try (Eal eal = Eal.init(Arrays.copyOfRange(args, 4, args.length));
            Arena arena = Arena.ofConfined())
        {
            System.out.println("DPDK memory: " + (eal.hugepages() ? "hugepages" : "4 KiB pages (--no-huge)"));
            if ((int)scenario.load.invokeExact(arena.allocateFrom(dir.toString()), family) != 0)
            {
                throw new IllegalStateException("lpm_peer_load(" + dir + ", " + family + ") failed");
            }
            if (v4 != null)
            {
                scenario.ipv4(v4);
            }
            else
            {
                scenario.ipv6(v6);
            }
        }
        System.out.printf(Locale.ROOT, "java lookups allocated %d bytes over %d lookups (%.6f bytes per lookup)%n",
            scenario.javaAllocated, scenario.javaLookups, (double)scenario.javaAllocated / scenario.javaLookups);
        System.out.println("Transparent huge pages in use (/proc/self/smaps_rollup, the Java heap's with " +
            "-XX:+UseTransparentHugePages): " + anonHugePages());
    }

    private void ipv4(final LpmTables.Ipv4 v4) throws Throwable
    {
        final int groups = v4.tbl8Groups() + v4.tbl8Groups() / 8 + 16;
        final double lpmBuild = cBuild(T_LPM, "rte_lpm");
        final double fibBuild = cBuild(T_FIB, "rte_fib DIR24_8");
        long t = System.nanoTime();
        final Lpm4 lpm = new Lpm4(ROUTES4, groups);
        for (int i = 0; i < ROUTES4; i++)
        {
            lpm.add(v4.prefixes()[i], v4.depths()[i], v4.hops()[i]);
        }
        final double javaBuild = (System.nanoTime() - t) / 1e9;
        t = System.nanoTime();
        final Lpm4 again = new Lpm4(ROUTES4, groups);
        for (int i = 0; i < ROUTES4; i++)
        {
            again.add(v4.prefixes()[i], v4.depths()[i], v4.hops()[i]);
        }
        System.out.printf(Locale.ROOT, "build: jdpdk Lpm4 %.3f s (a second build, JIT warm: %.3f s)%n", javaBuild,
            (System.nanoTime() - t) / 1e9);

        final int[] keys = v4.keys();
        final int[] hops = new int[BURST];
        final String[] names = {"rte_lpm_lookup", "rte_fib_lookup_bulk n=1", "jdpdk Lpm4.lookup",
            "rte_lpm_lookup_bulk", "rte_lpm_lookupx4", "rte_fib_lookup_bulk", "jdpdk Lpm4.lookupBulk"};
        final LongSupplier[] passes = {
            c(T_LPM, SINGLE), c(T_FIB, SINGLE), () -> single4(lpm, keys),
            c(T_LPM, BULK), c(T_LPM, X4), c(T_FIB, BULK), () -> bulk4(lpm, keys, hops)};
        final boolean[] java = {false, false, true, false, false, false, true};
        final double[] rate = measure("IPv4", names, passes, java, keys.length);

        final long lpmMemory = (long)memory.invokeExact(T_LPM);
        final long fibMemory = (long)memory.invokeExact(T_FIB);
        System.out.printf(Locale.ROOT, "memory: rte_lpm %.1f MiB, rte_fib %.1f MiB, jdpdk Lpm4 %.1f MiB%n",
            mib(lpmMemory), mib(fibMemory), mib(lpm.memoryBytes()));
        free.invokeExact(T_LPM);
        free.invokeExact(T_FIB);

        final String what = "lpm IPv4, " + ROUTES4 / 1000 + "k routes, ";
        row(what + "build (C: rte_lpm)", "s", lpmBuild, javaBuild, false);
        row(what + "build (C: rte_fib DIR24_8)", "s", fibBuild, javaBuild, false);
        row(what + "memory (C: rte_lpm)", "MiB", mib(lpmMemory), mib(lpm.memoryBytes()), false);
        row(what + "memory (C: rte_fib DIR24_8)", "MiB", mib(fibMemory), mib(lpm.memoryBytes()), false);
        row(what + "single lookups (C: rte_lpm_lookup)", "M/s", rate[0], rate[2], true);
        row(what + "bulk of 32 (C: rte_lpm_lookup_bulk)", "M/s", rate[3], rate[6], true);
        row(what + "bulk of 32 (C: rte_lpm_lookupx4)", "M/s", rate[4], rate[6], true);
        row(what + "bulk of 32 (C: rte_fib_lookup_bulk)", "M/s", rate[5], rate[6], true);
    }

    private void ipv6(final LpmTables.Ipv6 v6) throws Throwable
    {
        final int groups = v6.tbl8Groups() + v6.tbl8Groups() / 8 + 16;
        final double lpmBuild = cBuild(T_LPM6, "rte_lpm6");
        final double fibBuild = cBuild(T_FIB6, "rte_fib6 TRIE");
        final long t = System.nanoTime();
        final Fib6 fib6 = new Fib6(groups);
        for (int i = 0; i < ROUTES6; i++)
        {
            fib6.add(v6.prefixes()[i], 0, v6.depths()[i], v6.hops()[i]);
        }
        final double javaBuild = (System.nanoTime() - t) / 1e9;
        System.out.printf(Locale.ROOT, "build: jdpdk Fib6 %.3f s (%d of %d tbl8 groups)%n", javaBuild,
            fib6.tbl8GroupsInUse(), groups);

        final long[] keys = v6.keys();
        final int[] hops = new int[BURST];
        final String[] names = {"rte_lpm6_lookup", "rte_fib6_lookup_bulk n=1", "jdpdk Fib6.lookup",
            "rte_lpm6_lookup_bulk_func", "rte_fib6_lookup_bulk", "jdpdk Fib6.lookupBulk"};
        final LongSupplier[] passes = {c(T_LPM6, SINGLE), c(T_FIB6, SINGLE), () -> single6(fib6, keys),
            c(T_LPM6, BULK), c(T_FIB6, BULK), () -> bulk6(fib6, keys, hops)};
        final boolean[] java = {false, false, true, false, false, true};
        final double[] rate = measure("IPv6", names, passes, java, v6.keyCount());

        final long lpmMemory = (long)memory.invokeExact(T_LPM6);
        final long fibMemory = (long)memory.invokeExact(T_FIB6);
        System.out.printf(Locale.ROOT, "memory: rte_lpm6 %.1f MiB, rte_fib6 %.1f MiB, jdpdk Fib6 %.1f MiB%n",
            mib(lpmMemory), mib(fibMemory), mib(fib6.memoryBytes()));
        free.invokeExact(T_LPM6);
        free.invokeExact(T_FIB6);

        final String what = "lpm IPv6, " + ROUTES6 / 1000 + "k routes, ";
        row(what + "build (C: rte_lpm6)", "s", lpmBuild, javaBuild, false);
        row(what + "build (C: rte_fib6 TRIE)", "s", fibBuild, javaBuild, false);
        row(what + "memory (C: rte_lpm6)", "MiB", mib(lpmMemory), mib(fib6.memoryBytes()), false);
        row(what + "memory (C: rte_fib6 TRIE)", "MiB", mib(fibMemory), mib(fib6.memoryBytes()), false);
        row(what + "single lookups (C: rte_lpm6_lookup)", "M/s", rate[0], rate[2], true);
        row(what + "single lookups (C: rte_fib6_lookup_bulk n=1)", "M/s", rate[1], rate[2], true);
        row(what + "bulk of 32 (C: rte_lpm6_lookup_bulk_func)", "M/s", rate[3], rate[5], true);
        row(what + "bulk of 32 (C: rte_fib6_lookup_bulk)", "M/s", rate[4], rate[5], true);
    }

    /**
     * Checks that every pass gives the same checksum, warms the Java passes up, then runs {@code rounds} rounds
     * of slices of one pass each, every pass in turn (the first of each slice rotating), so that C and Java see
     * the same moments of this noisy machine; a round lasts the measurement time for each pass.
     *
     * @return each pass's rate over all rounds (all its lookups over all its time), M/s
     */
    private double[] measure(final String family, final String[] names, final LongSupplier[] passes,
        final boolean[] java, final int keys)
    {
        final long[] checksums = new long[passes.length];
        for (int i = 0; i < passes.length; i++)
        {
            checksums[i] = passes[i].getAsLong();
        }
        for (int i = 1; i < passes.length; i++)
        {
            if (checksums[i] != checksums[0])
            {
                throw new IllegalStateException(family + ": " + names[i] + " answers differ from " + names[0] +
                    String.format(Locale.ROOT, " (checksum %016x, expected %016x)", checksums[i], checksums[0]));
            }
        }
        System.out.printf(Locale.ROOT, "%s: all %d lookups give the same next hops on every side (checksum %016x)%n",
            family, keys, checksums[0]);
        for (int i = 0; i < passes.length; i++)
        {
            for (int w = 0; java[i] && w < WARM_UP_PASSES; w++)
            {
                passes[i].getAsLong();
            }
        }
        final long[] totalNanos = new long[passes.length];
        final long[] totalPasses = new long[passes.length];
        for (int r = 0; r < rounds; r++)
        {
            final long[] nanos = new long[passes.length];
            final long[] count = new long[passes.length];
            final long roundEnd = System.nanoTime() + measureNanos * passes.length;
            for (int slice = 0; System.nanoTime() < roundEnd; slice++)
            {
                for (int k = 0; k < passes.length; k++)
                {
                    final int i = (slice + k) % passes.length;
                    final long allocatedBefore = java[i] ? threads.getCurrentThreadAllocatedBytes() : 0;
                    final long start = System.nanoTime();
                    passes[i].getAsLong();
                    nanos[i] += System.nanoTime() - start;
                    count[i]++;
                    if (java[i])
                    {
                        javaAllocated += threads.getCurrentThreadAllocatedBytes() - allocatedBefore;
                        javaLookups += keys;
                    }
                }
            }
            final StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s round %d, M lookups/s:",
                family, r + 1));
            for (int i = 0; i < passes.length; i++)
            {
                line.append(String.format(Locale.ROOT, "  %s %.1f", names[i], count[i] * keys * 1e3 / nanos[i]));
                totalNanos[i] += nanos[i];
                totalPasses[i] += count[i];
            }
            System.out.println(line);
        }
        final double[] rates = new double[passes.length];
        final StringBuilder line = new StringBuilder(family + " all rounds, M lookups/s:");
        for (int i = 0; i < passes.length; i++)
        {
            rates[i] = totalPasses[i] * keys * 1e3 / totalNanos[i];
            line.append(String.format(Locale.ROOT, "  %s %.1f", names[i], rates[i]));
        }
        System.out.println(line);
        return rates;
    }

    private LongSupplier c(final int table, final int mode)
    {
        return () ->
        {
            try
            {
                return (long)run.invokeExact(table, mode, 1);
            }
            catch (final Throwable t)
            {
                throw NativeLibrary.rethrow(t);
            }
        };
    }

    private double cBuild(final int table, final String name) throws Throwable
    {
        final long t = System.nanoTime();
        final int rc = (int)build.invokeExact(table);
        final double seconds = (System.nanoTime() - t) / 1e9;
        if (rc != 0)
        {
            throw new IllegalStateException(name + " build failed: " + rc);
        }
        System.out.printf(Locale.ROOT, "build: %s %.3f s%n", name, seconds);
        return seconds;
    }

    private static long fold(final long acc, final int hop)
    {
        return Long.rotateLeft(acc, 5) ^ (hop & 0xFFFF_FFFFL);
    }

    private static long single4(final Lpm4 lpm, final int[] keys)
    {
        long acc = 0;
        for (final int key : keys)
        {
            acc = fold(acc, lpm.lookup(key));
        }
        return acc;
    }

    /** Bursts of 32 looked up where they lie in the key array, as the C side passes rte_lpm a pointer into it. */
    private static long bulk4(final Lpm4 lpm, final int[] keys, final int[] hops)
    {
        long acc = 0;
        for (int i = 0; i + BURST <= keys.length; i += BURST)
        {
            lpm.lookupBulk(keys, i, hops, 0, BURST);
            for (int j = 0; j < BURST; j++)
            {
                acc = fold(acc, hops[j]);
            }
        }
        return acc;
    }

    private static long single6(final Fib6 fib, final long[] keys)
    {
        long acc = 0;
        for (int i = 0; i < keys.length; i += 2)
        {
            acc = fold(acc, fib.lookup(keys[i], keys[i + 1]));
        }
        return acc;
    }

    /** Bursts of 32 looked up where they lie in the key array, as the C side passes rte_fib6 a pointer into it. */
    private static long bulk6(final Fib6 fib, final long[] keys, final int[] hops)
    {
        long acc = 0;
        for (int i = 0; i + 2 * BURST <= keys.length; i += 2 * BURST)
        {
            fib.lookupBulk(keys, i, hops, 0, BURST);
            for (int j = 0; j < BURST; j++)
            {
                acc = fold(acc, hops[j]);
            }
        }
        return acc;
    }

    private static double mib(final long bytes)
    {
        return bytes / 1048576.0;
    }

    private static void row(final String what, final String unit, final double c, final double java,
        final boolean higherIsBetter)
    {
        System.out.printf(Locale.ROOT, "row|%s|%s|%s|%s|%b%n", what, unit, c, java, higherIsBetter);
    }

    /** AnonHugePages of this process (the Java heap's, as DPDK's are memfd or hugetlbfs), /proc/self/smaps_rollup. */
    private static String anonHugePages()
    {
        try
        {
            return Files.readAllLines(Path.of("/proc/self/smaps_rollup")).stream()
                .filter(l -> l.startsWith("AnonHugePages")).findFirst().orElse("?").replaceAll("\\s+", " ");
        }
        catch (final java.io.IOException ex)
        {
            return "? (" + ex.getMessage() + ")";
        }
    }

    /**
     * Runs the scenario in two JVMs of their own, IPv4 then IPv6, and adds their rows to {@code summary}.
     * <p>
     * Page sizes are matched. IPv4: DPDK's tables on 2 MiB hugepages ({@code --in-memory}) and the Java heap on
     * transparent huge pages; without free hugepages, both on 4 KiB pages ({@code --no-huge}, heap without THP).
     * IPv6: rte_lpm6 and rte_fib6 take about 900 MiB of DPDK memory, more than the hugepages usually reserved, so
     * all on 4 KiB pages: DPDK's with {@code --no-huge} (its memfd memory gets no THP), the heap without THP.
     */
    static void bench(final Summary summary, final int rounds, final int seconds) throws Exception
    {
        final String measure = Double.toString(Math.max(0.5, seconds / 10.0));
        System.out.println("== lpm: route tables at Internet scale, jdpdk beside rte_lpm / rte_fib / rte_lpm6 / " +
            "rte_fib6 on the same routes and keys, C and Java taking turns in one process (" + rounds + " rounds)");
        final boolean hugepages = Hugepages.problem() == null && Hugepages.freeBytes() >= IPV4_DPDK_BYTES;
        if (!hugepages)
        {
            System.out.println("note: fewer than " + IPV4_DPDK_BYTES / (1 << 20) + " MiB of free hugepages: IPv4 " +
                "tables on 4 KiB pages on both sides");
        }
        final List<String> v4 = new ArrayList<>(List.of("-l", "0", "--no-pci", "--log-level=lib.eal:warning"));
        v4.addAll(hugepages ? List.of("--in-memory") : List.of("--no-huge", "-m", "1024", "--no-shconf"));
        run(summary, 4, rounds, measure, v4, hugepages);
        run(summary, 6, rounds, measure, List.of("-l", "0", "--no-pci", "--log-level=lib.eal:warning", "--no-huge",
            "-m", "4096", "--no-shconf"), false);
    }

    /** DPDK memory the IPv4 tables take: rte_lpm and rte_fib of 1M routes, with room. */
    private static final long IPV4_DPDK_BYTES = 400L << 20;

    private static void run(final Summary summary, final int family, final int rounds, final String measure,
        final List<String> eal, final boolean transparentHugePages) throws Exception
    {
        final Path dir = Files.createTempDirectory("jdpdk-lpm");
        try
        {
            final List<String> args = new ArrayList<>(List.of(dir.toString(), Integer.toString(family),
                Integer.toString(rounds), measure));
            args.addAll(eal);
            final List<String> command = new ArrayList<>(Peer.java(LpmScenario.class, args.toArray(String[]::new)));
            command.addAll(command.indexOf("-cp"), List.of("-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch",
                transparentHugePages ? "-XX:+UseTransparentHugePages" : "-XX:-UseTransparentHugePages"));
            final String out = Peer.run(command, 900);
            System.out.print(out);
            addRows(out, summary);
        }
        finally
        {
            try (var files = Files.list(dir))
            {
                for (final Path file : files.toList())
                {
                    Files.delete(file);
                }
            }
            Files.delete(dir);
        }
    }

    /** Adds every {@code row|...} line of the scenario's output to {@code summary}. */
    static void addRows(final String out, final Summary summary)
    {
        for (final String line : out.split("\n"))
        {
            if (line.startsWith("row|"))
            {
                final String[] f = line.split("\\|");
                final double c = Double.parseDouble(f[3]);
                final double java = Double.parseDouble(f[4]);
                if (Boolean.parseBoolean(f[5]))
                {
                    summary.higherIsBetter(f[1], f[2], c, java);
                }
                else
                {
                    summary.lowerIsBetter(f[1], f[2], c, java);
                }
            }
        }
    }
}
