package io.jdpdk.eal;

import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.eal.raw.NativeLibrary;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.LinkedHashMap;
import java.util.Map;

import static io.jdpdk.eal.raw.NativeLibrary.rethrow;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * DPDK's metrics registry (librte_metrics): named 64-bit values, global or per port, in shared memory, which
 * libraries such as librte_latencystats and librte_bitratestats publish and which {@code dpdk-proc-info --metrics}
 * and telemetry read from another process. {@link #init} creates the registry as testpmd does; {@link #values} reads
 * it. Control path.
 */
public final class Metrics
{
    /** {@code RTE_METRICS_GLOBAL}: the values that belong to no port. */
    public static final int GLOBAL = -1;
    /** {@code RTE_METRICS_MAX_NAME_LEN}: the bytes of a {@code struct rte_metric_name}. */
    private static final int NAME_LEN = 64;
    /** {@code sizeof(struct rte_metric_value)}: a uint16_t key, then a uint64_t value at offset 8. */
    private static final int VALUE_SIZE = 16;
    private static final String LIBRARY = "librte_metrics.so.23";

    private static final class Linked
    {
        static final MethodHandle INIT = NativeLibrary.downcallIn(LIBRARY, "rte_metrics_init",
            FunctionDescriptor.ofVoid(JAVA_INT));
        static final MethodHandle GET_NAMES = NativeLibrary.downcallIn(LIBRARY, "rte_metrics_get_names",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_SHORT));
        static final MethodHandle GET_VALUES = NativeLibrary.downcallIn(LIBRARY, "rte_metrics_get_values",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_SHORT));
    }

    private Metrics()
    {
    }

    /**
     * {@code rte_metrics_init(rte_socket_id())}: creates the registry (its memzone) on the calling thread's socket,
     * as testpmd does once its ports started; nothing when it exists. Primary process only.
     *
     * @throws DpdkException when the EAL is not running
     */
    public static void init()
    {
        Eal.current();
        try
        {
            Linked.INIT.invokeExact(EalRaw.socket_id());
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * The registered metrics of {@code portId}, or the global ones, by name in registration order
     * ({@code rte_metrics_get_names}, {@code rte_metrics_get_values}).
     *
     * @param portId a port id, or {@link #GLOBAL}
     * @return each metric's name and value; empty when none is registered
     * @throws DpdkException when the registry does not exist ({@link #init} not called) or the port id is invalid
     */
    public static Map<String, Long> values(final int portId)
    {
        Eal.current();
        try (Arena arena = Arena.ofConfined())
        {
            final int count = (int)Linked.GET_NAMES.invokeExact(MemorySegment.NULL, (short)0);
            if (count < 0)
            {
                throw new DpdkException("rte_metrics_get_names", -count, EalRaw.strerror(-count));
            }
            final Map<String, Long> values = new LinkedHashMap<>();
            if (count == 0)
            {
                return values;
            }
            final MemorySegment names = arena.allocate((long)NAME_LEN * count);
            final int named = (int)Linked.GET_NAMES.invokeExact(names, (short)count);
            final MemorySegment slots = arena.allocate((long)VALUE_SIZE * count, 8);
            final int valued = (int)Linked.GET_VALUES.invokeExact(portId, slots, (short)count);
            if (valued < 0)
            {
                throw new DpdkException("rte_metrics_get_values(" + portId + ")", -valued, EalRaw.strerror(-valued));
            }
            for (int i = 0; i < Math.min(named, valued); i++)
            {
                final int key = Short.toUnsignedInt(slots.get(JAVA_SHORT, (long)VALUE_SIZE * i));
                values.put(names.getString((long)NAME_LEN * key), slots.get(JAVA_LONG, (long)VALUE_SIZE * i + 8));
            }
            return values;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }
}
