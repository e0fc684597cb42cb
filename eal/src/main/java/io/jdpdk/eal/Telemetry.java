package io.jdpdk.eal;

import io.jdpdk.eal.raw.NativeLibrary;
import io.jdpdk.eal.raw.TelemetryRaw;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * jdpdk's commands in DPDK's telemetry, beside DPDK's own ({@code /ethdev/stats}, {@code /eal/...}), so that
 * {@code dpdk-telemetry.py -f PREFIX} (or {@code -i N} for a second {@code --in-memory} process) shows them:
 * <ul>
 * <li>{@code /jdpdk/counters}: every counter of the process ({@link Counters}), grouped by what it counts:
 *     {@code {"port_0": {"rx_packets": 123, ...}, "lcore_1": {"busy_polls": ...}, ...}};</li>
 * <li>{@code /jdpdk/lcores}: each worker lcore's role, state, busy and idle polls and errors, keyed by lcore id.</li>
 * </ul>
 * DPDK's telemetry thread calls into Java through one upcall stub per command; the callbacks read counters and
 * lcore state only ({@code /jdpdk/counters} first samples DPDK's port and mempool numbers into them, as
 * {@code /ethdev/stats} reads a port's on the same thread), never touch the datapath, and never let an exception
 * reach the stub (a failure answers {@code null}, as DPDK does for a callback that returns -1).
 */
@SuppressWarnings("restricted") // telemetry callbacks read C strings and dictionaries
final class Telemetry
{
    static final String COUNTERS = "/jdpdk/counters";
    static final String LCORES = "/jdpdk/lcores";

    private static boolean registered;

    private Telemetry()
    {
    }

    /** Registers the commands once per process; DPDK cannot unregister them, so after EAL cleanup they answer the last values. */
    static synchronized void register()
    {
        if (registered)
        {
            return;
        }
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            final MethodType type = MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class,
                MemorySegment.class);
            register(COUNTERS, lookup.findStatic(Telemetry.class, "counters", type),
                "Every jdpdk counter of the process, grouped (port_N, lcore_N, mempool_NAME, pipeline stages). No parameters.");
            register(LCORES, lookup.findStatic(Telemetry.class, "lcores", type),
                "jdpdk worker lcores: role, state, busy and idle polls, errors. No parameters.");
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new IllegalStateException(ex);
        }
        registered = true;
    }

    private static void register(final String command, final java.lang.invoke.MethodHandle target, final String help)
    {
        final MemorySegment stub = NativeLibrary.upcall(target, TelemetryRaw.CALLBACK);
        final int rc = TelemetryRaw.telemetry_register_cmd(Arena.global().allocateFrom(command), stub,
            Arena.global().allocateFrom(help));
        if (rc < 0)
        {
            throw new DpdkException("rte_telemetry_register_cmd(" + command + ")", -rc, io.jdpdk.eal.raw.EalRaw.strerror(-rc));
        }
    }

    @SuppressWarnings("unused") // telemetry_cb, called by DPDK's telemetry thread
    private static int counters(final MemorySegment cmd, final MemorySegment params, final MemorySegment data)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment d = data.reinterpret(Long.MAX_VALUE);
            TelemetryRaw.tel_data_start_dict(d);
            int groups = 0;
            // DPDK's port and mempool numbers as of now, sampled on the telemetry thread
            for (final Map.Entry<String, Map<String, Long>> group : Counters.get().sampledGroups().entrySet())
            {
                if (++groups > TelemetryRaw.MAX_DICT_ENTRIES)
                {
                    break;
                }
                final MemorySegment child = newDict();
                int entries = 0;
                for (final Map.Entry<String, Long> counter : group.getValue().entrySet())
                {
                    if (++entries > TelemetryRaw.MAX_DICT_ENTRIES)
                    {
                        break;
                    }
                    TelemetryRaw.tel_data_add_dict_u64(child, arena.allocateFrom(counter.getKey()), counter.getValue());
                }
                addDict(d, group.getKey(), child, arena);
            }
            return 0;
        }
        catch (final Throwable t)
        {
            return -1;
        }
    }

    @SuppressWarnings("unused") // telemetry_cb, called by DPDK's telemetry thread
    private static int lcores(final MemorySegment cmd, final MemorySegment params, final MemorySegment data)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment d = data.reinterpret(Long.MAX_VALUE);
            TelemetryRaw.tel_data_start_dict(d);
            for (final Lcore lcore : Lcore.all())
            {
                final MemorySegment child = newDict();
                TelemetryRaw.tel_data_add_dict_u64(child, arena.allocateFrom("lcore"), lcore.id());
                TelemetryRaw.tel_data_add_dict_string(child, arena.allocateFrom("role"), cString(arena, lcore.role()));
                TelemetryRaw.tel_data_add_dict_string(child, arena.allocateFrom("state"), arena.allocateFrom(lcore.state().name()));
                TelemetryRaw.tel_data_add_dict_u64(child, arena.allocateFrom("busy_polls"), lcore.busyPolls());
                TelemetryRaw.tel_data_add_dict_u64(child, arena.allocateFrom("idle_polls"), lcore.idlePolls());
                TelemetryRaw.tel_data_add_dict_u64(child, arena.allocateFrom("errors"), lcore.errorCount());
                addDict(d, Integer.toString(lcore.id()), child, arena);
            }
            return 0;
        }
        catch (final Throwable t)
        {
            return -1;
        }
    }

    /** A new telemetry dict to nest ({@code rte_tel_data_alloc}). */
    private static MemorySegment newDict()
    {
        final MemorySegment child = TelemetryRaw.tel_data_alloc();
        if (child.equals(MemorySegment.NULL))
        {
            throw new OutOfMemoryError("rte_tel_data_alloc");
        }
        TelemetryRaw.tel_data_start_dict(child);
        return child;
    }

    /** Nests {@code child} under {@code name}; telemetry frees it with {@code d}, or it is freed here if refused. */
    private static void addDict(final MemorySegment d, final String name, final MemorySegment child, final Arena arena)
    {
        // A positive E2BIG means the container was stored with its name cut: telemetry owns it then.
        if (TelemetryRaw.tel_data_add_dict_container(d, arena.allocateFrom(name), child, 0) < 0)
        {
            TelemetryRaw.tel_data_free(child);
        }
    }

    /** {@code value} as a C string of at most 127 bytes of UTF-8, cut at a character boundary. */
    static MemorySegment cString(final Arena arena, final String value)
    {
        final byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        int length = Math.min(utf8.length, TelemetryRaw.MAX_STRING_LEN - 1);
        while (length < utf8.length && length > 0 && (utf8[length] & 0xC0) == 0x80)
        {
            length--; // utf8[length] continues a character: cut before that character
        }
        final MemorySegment out = arena.allocate(length + 1L);
        MemorySegment.copy(utf8, 0, out, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, length);
        return out;
    }
}
