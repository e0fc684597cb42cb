package io.jdpdk.pmd;

import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.Metrics;
import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.eal.raw.NativeLibrary;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

import static io.jdpdk.eal.raw.NativeLibrary.rethrow;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * DPDK's RX-to-TX latency statistics (librte_latencystats): once {@link #enable}d, every configured RX queue of every
 * port stamps a sample of the packets it receives and every TX queue measures how long they took, in C callbacks
 * that {@code rte_eth_rx_burst} and {@code rte_eth_tx_burst} run ({@link Port#rxBurst} and the other bursts go
 * through them); {@link #update}, called often from one lcore, publishes the minimum, average and maximum latency and
 * the jitter, in ns, as the global {@link Metrics} {@code min_latency_ns}, {@code avg_latency_ns},
 * {@code max_latency_ns} and {@code jitter_ns}, which {@code dpdk-proc-info --metrics} reads. testpmd's
 * {@code --latencystats=LCORE}. Needs {@link Metrics#init} first.
 */
public final class LatencyStats
{
    private static final String LIBRARY = "librte_latencystats.so.23";

    private static final class Linked
    {
        static final MethodHandle INIT = NativeLibrary.downcallIn(LIBRARY, "rte_latencystats_init",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS));
        static final MethodHandle UPDATE = NativeLibrary.downcallIn(LIBRARY, "rte_latencystats_update",
            FunctionDescriptor.of(JAVA_INT));
        static final MethodHandle UNINIT = NativeLibrary.downcallIn(LIBRARY, "rte_latencystats_uninit",
            FunctionDescriptor.of(JAVA_INT));
    }

    private LatencyStats()
    {
    }

    /**
     * {@code rte_latencystats_init(samplingIntervalNanos, NULL)}: registers the four metrics and adds the callbacks
     * to the RX and TX queues the ports have now (configure and set up the ports first). Control path.
     *
     * @param samplingIntervalNanos the least time between two stamped packets of a queue; testpmd's 1 stamps
     *                              nearly every packet
     * @throws DpdkException when the library refuses, with its return value as the negated errno (testpmd prints
     *                       it as "latencystats init() returned error N")
     */
    public static void enable(final long samplingIntervalNanos)
    {
        Eal.current();
        final int ret;
        try
        {
            ret = (int)Linked.INIT.invokeExact(samplingIntervalNanos, MemorySegment.NULL);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
        if (ret != 0)
        {
            throw new DpdkException("rte_latencystats_init", -ret, EalRaw.strerror(Math.abs(ret)));
        }
    }

    /**
     * {@code rte_latencystats_update}: publishes what the callbacks measured since the last call. Allocation-free;
     * call it from one lcore's loop, as testpmd's {@code --latencystats} lcore does on each turn.
     *
     * @return 0, or DPDK's negative error
     */
    public static int update()
    {
        try
        {
            return (int)Linked.UPDATE.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_latencystats_uninit}: removes the callbacks from every queue and frees the library's memory; the
     * metrics stay registered. Control path; no lcore may be in a burst.
     *
     * @return 0, or DPDK's negative error
     */
    public static int disable()
    {
        try
        {
            return (int)Linked.UNINIT.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }
}
