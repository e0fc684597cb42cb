package io.jdpdk.pmd;

import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.Metrics;
import io.jdpdk.eal.raw.NativeLibrary;

import java.lang.foreign.FunctionDescriptor;
import java.lang.invoke.MethodHandle;

import static io.jdpdk.eal.raw.NativeLibrary.rethrow;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * DPDK's bit rate statistics (librte_bitratestats): each {@link #calc} of a port, once a second, turns the bytes its
 * statistics counted since the last one into the port's {@link Metrics} {@code ewma_bits_in|out},
 * {@code mean_bits_in|out} and {@code peak_bits_in|out}, which {@code dpdk-proc-info --metrics} reads. testpmd's
 * {@code --bitrate-stats=LCORE}. Needs {@link Metrics#init} first.
 */
public final class BitrateStats implements AutoCloseable
{
    private static final String LIBRARY = "librte_bitratestats.so.23";

    private static final class Linked
    {
        static final MethodHandle CREATE = NativeLibrary.downcallIn(LIBRARY, "rte_stats_bitrate_create",
            FunctionDescriptor.of(JAVA_LONG));
        static final MethodHandle FREE = NativeLibrary.downcallIn(LIBRARY, "rte_stats_bitrate_free",
            FunctionDescriptor.ofVoid(JAVA_LONG));
        static final MethodHandle REG = NativeLibrary.downcallIn(LIBRARY, "rte_stats_bitrate_reg",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
        static final MethodHandle CALC = NativeLibrary.downcallIn(LIBRARY, "rte_stats_bitrate_calc",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_SHORT));
    }

    private final long data;

    private BitrateStats(final long data)
    {
        this.data = data;
    }

    /**
     * {@code rte_stats_bitrate_create} and {@code rte_stats_bitrate_reg}: the state of every port's rates, its six
     * metrics registered. Control path.
     *
     * @return the statistics, to {@link #calc} and finally close
     * @throws DpdkException when DPDK cannot allocate them (a failed registration, of metrics already registered,
     *                       is passed over as testpmd passes it over)
     */
    public static BitrateStats create()
    {
        Eal.current();
        try
        {
            final long data = (long)Linked.CREATE.invokeExact();
            if (data == 0)
            {
                throw new DpdkException("rte_stats_bitrate_create", 12, "Could not allocate bitrate data.");
            }
            final int registered = (int)Linked.REG.invokeExact(data); // < 0 when already registered: as testpmd, go on
            return new BitrateStats(data);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_stats_bitrate_calc}: the port's rates from its byte counts since the last call (meant once a second).
     * Allocation-free; one thread at a time.
     *
     * @param portId a port
     * @return 0, or DPDK's negative error (e.g. for a port without statistics)
     */
    public int calc(final int portId)
    {
        try
        {
            return (int)Linked.CALC.invokeExact(data, (short)portId);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /** {@code rte_stats_bitrate_free}; the metrics stay registered with their last values. */
    @Override
    public void close()
    {
        try
        {
            Linked.FREE.invokeExact(data);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }
}
