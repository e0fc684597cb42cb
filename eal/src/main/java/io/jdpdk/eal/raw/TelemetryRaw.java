package io.jdpdk.eal.raw;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

import static io.jdpdk.eal.raw.NativeLibrary.downcall;
import static io.jdpdk.eal.raw.NativeLibrary.rethrow;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Raw binding of librte_telemetry (DPDK 22.11) and of the shim's packet capture server ({@code jdpdk_pdump.c}:
 * 22.11's pdump, which waits for the lcores before it lets dpdk-dumpcap free a capture's ring and pool), which a
 * primary process calls so that DPDK's tools can attach. One static method per C function, named without {@code rte_}. Not for
 * applications: {@link io.jdpdk.eal.Eal} registers jdpdk's telemetry commands and initialises pdump.
 */
public final class TelemetryRaw
{
    /** {@code telemetry_cb}: {@code int (*)(const char *cmd, const char *params, struct rte_tel_data *info)}. */
    public static final FunctionDescriptor CALLBACK = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS);
    /** {@code RTE_TEL_MAX_STRING_LEN}: a dict key or string value, terminating NUL included. */
    public static final int MAX_STRING_LEN = 128;
    /** {@code RTE_TEL_MAX_DICT_ENTRIES}. */
    public static final int MAX_DICT_ENTRIES = 256;

    private static final MethodHandle REGISTER_CMD = downcall("rte_telemetry_register_cmd",
        FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle START_DICT = downcall("rte_tel_data_start_dict", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle ADD_DICT_U64 = downcall("rte_tel_data_add_dict_u64",
        FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
    private static final MethodHandle ADD_DICT_STRING = downcall("rte_tel_data_add_dict_string",
        FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle ADD_DICT_CONTAINER = downcall("rte_tel_data_add_dict_container",
        FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
    private static final MethodHandle ALLOC = downcall("rte_tel_data_alloc", FunctionDescriptor.of(ADDRESS));
    private static final MethodHandle FREE = downcall("rte_tel_data_free", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle PDUMP_INIT = downcall("jdpdk_pdump_init", FunctionDescriptor.of(JAVA_INT));
    private static final MethodHandle PDUMP_UNINIT = downcall("jdpdk_pdump_uninit", FunctionDescriptor.of(JAVA_INT));
    private static final MethodHandle PDUMP_PORT_CLOSING = downcall("jdpdk_pdump_port_closing",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT));

    private TelemetryRaw()
    {
    }

    /**
     * {@code rte_telemetry_register_cmd(cmd, fn, help)}: registers a telemetry command.
     *
     * @param cmd a C string starting with '/', e.g. "/jdpdk/counters"
     * @param callback an upcall stub of {@link #CALLBACK}, called on DPDK's telemetry thread
     * @param help a C string for "/help"
     * @return 0, or -EINVAL / -ENOMEM
     */
    public static int telemetry_register_cmd(final MemorySegment cmd, final MemorySegment callback, final MemorySegment help)
    {
        try
        {
            return (int)REGISTER_CMD.invokeExact(cmd, callback, help);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_tel_data_start_dict(d)}: makes the reply a dict.
     *
     * @param d the {@code struct rte_tel_data} given to the callback
     * @return 0
     */
    public static int tel_data_start_dict(final MemorySegment d)
    {
        try
        {
            return (int)START_DICT.invokeExact(d);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_tel_data_add_dict_u64(d, name, val)}.
     *
     * @param d a dict
     * @param name a C string key, {@code [0-9A-Za-z_/]} only, shorter than {@link #MAX_STRING_LEN}
     * @param value the value, unsigned
     * @return 0, or a negative errno (-ENOSPC when the dict holds {@link #MAX_DICT_ENTRIES})
     */
    public static int tel_data_add_dict_u64(final MemorySegment d, final MemorySegment name, final long value)
    {
        try
        {
            return (int)ADD_DICT_U64.invokeExact(d, name, value);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_tel_data_add_dict_string(d, name, val)}.
     *
     * @param d a dict
     * @param name a C string key, {@code [0-9A-Za-z_/]} only, shorter than {@link #MAX_STRING_LEN}
     * @param value a C string, shorter than {@link #MAX_STRING_LEN}
     * @return 0, or a negative errno (-ENOSPC when the dict holds {@link #MAX_DICT_ENTRIES})
     */
    public static int tel_data_add_dict_string(final MemorySegment d, final MemorySegment name, final MemorySegment value)
    {
        try
        {
            return (int)ADD_DICT_STRING.invokeExact(d, name, value);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_tel_data_add_dict_container(d, name, val, keep)}: nests a container under {@code name}.
     *
     * @param d a dict
     * @param name a C string key, {@code [0-9A-Za-z_/]} only
     * @param value a container from {@link #tel_data_alloc()}
     * @param keep 0 to let telemetry free {@code value}, else the caller frees it
     * @return 0, or a negative errno
     */
    public static int tel_data_add_dict_container(final MemorySegment d, final MemorySegment name, final MemorySegment value,
        final int keep)
    {
        try
        {
            return (int)ADD_DICT_CONTAINER.invokeExact(d, name, value, keep);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_tel_data_alloc()}: a container to nest with {@link #tel_data_add_dict_container}.
     *
     * @return the container, or NULL when out of memory
     */
    public static MemorySegment tel_data_alloc()
    {
        try
        {
            return (MemorySegment)ALLOC.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_tel_data_free(data)}: frees a container from {@link #tel_data_alloc()} that telemetry did not take.
     *
     * @param data the container
     */
    public static void tel_data_free(final MemorySegment data)
    {
        try
        {
            FREE.invokeExact(data);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code jdpdk_pdump_init()}, the shim's {@code rte_pdump_init()}: lets dpdk-dumpcap and dpdk-pdump enable
     * capture on this primary's ports. Unlike DPDK 22.11's, disabling a capture waits until no lcore is inside its
     * RX/TX callback, so that dumpcap cannot free the ring and pool under a running copy.
     *
     * @return 0, or -1 with {@link EalRaw#errno()} set
     */
    public static int pdump_init()
    {
        try
        {
            return (int)PDUMP_INIT.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code jdpdk_pdump_uninit()}, the shim's {@code rte_pdump_uninit()}: undoes {@link #pdump_init()}, before the
     * ports close, stopping every capture still enabled (as {@link #pdump_port_closing} does per port).
     *
     * @return 0, or -1
     */
    public static int pdump_uninit()
    {
        try
        {
            return (int)PDUMP_UNINIT.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code jdpdk_pdump_port_closing(port)}: stops every capture enabled on the port (its callbacks removed, and
     * waited for), before the port closes; a callback left on a closed port id would come back with the next port
     * of that id, copying into a ring dpdk-dumpcap freed. Does nothing where pdump never enabled one.
     *
     * @param port the port id
     * @return 0, or a negative errno of the first callback that could not be removed
     */
    public static int pdump_port_closing(final int port)
    {
        try
        {
            return (int)PDUMP_PORT_CLOSING.invokeExact(port);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }
}
