package io.jdpdk.bench;

import io.jdpdk.apps.common.AppArgs;
import io.jdpdk.apps.skeleton.Skeleton;
import io.jdpdk.apps.testpmd.ForwardEngine;
import io.jdpdk.apps.testpmd.FwdStream;
import io.jdpdk.apps.testpmd.IoEngine;
import io.jdpdk.apps.testpmd.MacSwapEngine;
import io.jdpdk.apps.testpmd.TestPmdConfig;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.Lcore;
import io.jdpdk.eal.raw.NativeLibrary;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * jdpdk's testpmd engine and testpmd's C code taking turns on one lcore over the same two net_null ports,
 * in slices of 100 ms, so both run on the same core at nearly the same moments: the shared 2-CPU VMs
 * this runs on drift by ±30 % over seconds, which separate processes run one after the other cannot
 * cancel. The C side is {@code src/main/c/fwd_loops.c}: testpmd 22.11's io or macswap burst function and
 * stream loop. The Java side is {@link IoEngine} or {@link MacSwapEngine} on two {@link FwdStream}s, as
 * jdpdk's testpmd runs them. Warm-up slices (the first 2 s) are not counted.
 * <pre>
 *   SameCoreScenario io|macswap SECONDS EAL-ARGS...
 * </pre>
 * Prints the Mpps per port of each side (packets received on both ports / time / 2, testpmd's
 * Rx-pps) and the ratio of the totals, plus the median, lowest and highest ratio of the slice pairs.
 */
@SuppressWarnings("restricted") // segments over native addresses
public final class SameCoreScenario
{
    private static final long SLICE_NANOS = 100_000_000L;
    private static final long WARM_UP_NANOS = 2_000_000_000L;
    private static final int BURST = 32;
    /** Iterations of the C loop per call: about 1 ms, so a slice ends within 1 % of its length. */
    private static final long C_ITERATIONS = 1024;

    private SameCoreScenario()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final String mode = args[0];
        final int seconds = Integer.parseInt(args[1]);
        final ForwardEngine engine = switch (mode)
        {
            case "io" -> new IoEngine();
            case "macswap" -> new MacSwapEngine();
            default -> throw new IllegalArgumentException("mode must be io or macswap, got " + mode);
        };
        final int cMode = "io".equals(mode) ? 0 : 1;
        try (Eal eal = Eal.init(AppArgs.split(Arrays.copyOfRange(args, 2, args.length)).eal()))
        {
            Port.requireVdevsProbed(eal.args());
            final Mempool pool = Mempool.create("MBUF_POOL", 16382, 250);
            final Port[] ports = { Skeleton.portInit(0, pool, System.out), Skeleton.portInit(1, pool, System.out) };
            final TestPmdConfig config = new TestPmdConfig();
            config.burst = BURST;
            engine.portBegin(0, config);
            engine.portBegin(1, config);
            final FwdStream[] streams = {
                new FwdStream(ports[0], 0, ports[1], 0, config, pool),
                new FwdStream(ports[1], 0, ports[0], 0, config, pool) };
            final MethodHandle cLoop = cLoop();

            final int slices = (int)(seconds * 1_000_000_000L / SLICE_NANOS / 2);
            final long[][] packets = new long[2][slices];
            final long[][] nanos = new long[2][slices];
            final Lcore lcore = eal.workers().get(0);
            lcore.launch(l ->
            {
                final long warmUpEnd = System.nanoTime() + WARM_UP_NANOS;
                while (System.nanoTime() < warmUpEnd)
                {
                    runC(cLoop, cMode, SLICE_NANOS / 10);
                    runJava(engine, streams, SLICE_NANOS / 10);
                }
                for (int s = 0; s < slices; s++)
                {
                    // Alternate which side goes first, so neither always follows the other.
                    for (int k = 0; k < 2; k++)
                    {
                        final int side = (s + k) & 1;
                        final long start = System.nanoTime();
                        packets[side][s] = side == 0 ? runC(cLoop, cMode, SLICE_NANOS) :
                            runJava(engine, streams, SLICE_NANOS);
                        nanos[side][s] = System.nanoTime() - start;
                    }
                }
                return 0;
            });
            lcore.await();

            final double c = rate(packets[0], nanos[0]);
            final double java = rate(packets[1], nanos[1]);
            final double[] ratios = new double[slices];
            for (int s = 0; s < slices; s++)
            {
                ratios[s] = ((double)packets[1][s] / nanos[1][s]) / ((double)packets[0][s] / nanos[0][s]);
            }
            Arrays.sort(ratios);
            System.out.printf(Locale.ROOT, "same-core %s: C testpmd loop %.2f Mpps  jdpdk %s %.2f Mpps  ratio %.3f" +
                "  (slice pairs: median %.3f, min %.3f, max %.3f, n=%d)%n", mode, c / 1e6,
                engine.getClass().getSimpleName(), java / 1e6, java / c, ratios[slices / 2], ratios[0],
                ratios[slices - 1], slices);
            for (final Port port : ports)
            {
                port.stop();
            }
            System.out.printf("Mempool %s: %d of %d mbufs in use%n", pool.name(), pool.inUseCount(), pool.size());
        }
    }

    /** Mpps per port: packets received on both ports over the time, halved (testpmd's Rx-pps per port). */
    private static double rate(final long[] packets, final long[] nanos)
    {
        return Arrays.stream(packets).sum() * 1e9 / Arrays.stream(nanos).sum() / 2;
    }

    private static long runC(final MethodHandle loop, final int mode, final long sliceNanos)
    {
        final long end = System.nanoTime() + sliceNanos;
        long rx = 0;
        try
        {
            do
            {
                rx += (long)loop.invokeExact(mode, (short)BURST, C_ITERATIONS);
            }
            while (System.nanoTime() < end);
        }
        catch (final Throwable t)
        {
            throw NativeLibrary.rethrow(t);
        }
        return rx;
    }

    private static long runJava(final ForwardEngine engine, final FwdStream[] streams, final long sliceNanos)
    {
        final long before = streams[0].rxPackets + streams[1].rxPackets;
        final long end = System.nanoTime() + sliceNanos;
        do
        {
            for (int i = 0; i < C_ITERATIONS; i++)
            {
                engine.packetFwd(streams[0]);
                engine.packetFwd(streams[1]);
            }
        }
        while (System.nanoTime() < end);
        return streams[0].rxPackets + streams[1].rxPackets - before;
    }

    private static MethodHandle cLoop()
    {
        NativeLibrary.load();
        final Path library = Path.of(Bench.nativePeer("libjdpdk_bench_loops.so"));
        return Linker.nativeLinker().downcallHandle(
            SymbolLookup.libraryLookup(library, Arena.global()).findOrThrow("fwd_run"),
            FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_SHORT,
                ValueLayout.JAVA_LONG), Linker.Option.critical(false));
    }
}
