package io.jdpdk.eal;

import io.jdpdk.eal.raw.LayoutCheck;
import io.jdpdk.eal.raw.NativeLibrary;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.MemoryLayout.paddingLayout;
import static java.lang.foreign.MemoryLayout.structLayout;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * DPDK's own state dumps, written by DPDK to the process's standard output (C's {@code stdout}, flushed after each),
 * as testpmd's {@code dump_*} commands print them: the physical memory layout, the memzones, the rings, the mempools,
 * the devices' arguments, the log types, one ring or one mempool. Flush Java's {@code System.out} first, so that the
 * two streams' lines stay in order. Control path; the EAL must be running.
 */
@SuppressWarnings("restricted") // downcalls and C's stdout
public final class Dumps
{
    private static final MethodHandle FFLUSH = NativeLibrary.libc("fflush", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle PHYSMEM = NativeLibrary.downcall("rte_dump_physmem_layout",
        FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle MEMZONES = NativeLibrary.downcall("rte_memzone_dump",
        FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle RINGS = NativeLibrary.downcall("rte_ring_list_dump",
        FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle MEMPOOLS = NativeLibrary.downcall("rte_mempool_list_dump",
        FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle DEVARGS = NativeLibrary.downcall("rte_devargs_dump",
        FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle LOG_TYPES = NativeLibrary.downcall("rte_log_dump",
        FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle RING_LOOKUP = NativeLibrary.downcall("rte_ring_lookup",
        FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle RING_DUMP = NativeLibrary.downcall("rte_ring_dump",
        FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    private static final MethodHandle MEMPOOL_LOOKUP = NativeLibrary.downcall("rte_mempool_lookup",
        FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle MEMPOOL_DUMP = NativeLibrary.downcall("rte_mempool_dump",
        FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    private static final MethodHandle SOCKET_STATS = NativeLibrary.downcall("rte_malloc_get_socket_stats",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));

    /** {@code struct rte_malloc_socket_stats}: one NUMA socket's heap. */
    private static final StructLayout SOCKET_STATS_LAYOUT = LayoutCheck.verified("rte_malloc_socket_stats",
        structLayout(
            JAVA_LONG.withName("heap_totalsz_bytes"),
            JAVA_LONG.withName("heap_freesz_bytes"),
            paddingLayout(8), // greatest_free_size
            JAVA_INT.withName("free_count"),
            JAVA_INT.withName("alloc_count"),
            JAVA_LONG.withName("heap_allocsz_bytes")));

    /** C's {@code stdout}, the {@code FILE *} the dumps write to. */
    private static final MemorySegment STDOUT = Linker.nativeLinker().defaultLookup().find("stdout")
        .orElseThrow(() -> new DpdkUnavailableException("libc has no stdout", null))
        .reinterpret(ADDRESS.byteSize()).get(ADDRESS, 0);

    /** What we dump: one of the list dumps, by DPDK's function. */
    public enum What
    {
        /** {@code rte_dump_physmem_layout}: the memory segments. */
        PHYSMEM,
        /** {@code rte_memzone_dump}: the memzones. */
        MEMZONES,
        /** {@code rte_ring_list_dump}: every ring. */
        RINGS,
        /** {@code rte_mempool_list_dump}: every mempool. */
        MEMPOOLS,
        /** {@code rte_devargs_dump}: the devices' arguments. */
        DEVARGS,
        /** {@code rte_log_dump}: the global log level and every log type's. */
        LOG_TYPES
    }

    private Dumps()
    {
    }

    /**
     * Writes one of DPDK's list dumps to standard output.
     *
     * @param what which
     */
    public static void dump(final What what)
    {
        Eal.checkRunning("rte dump");
        final MethodHandle handle = switch (what)
        {
            case PHYSMEM -> PHYSMEM;
            case MEMZONES -> MEMZONES;
            case RINGS -> RINGS;
            case MEMPOOLS -> MEMPOOLS;
            case DEVARGS -> DEVARGS;
            case LOG_TYPES -> LOG_TYPES;
        };
        try
        {
            handle.invokeExact(STDOUT);
        }
        catch (final Throwable t)
        {
            throw NativeLibrary.rethrow(t);
        }
        flush();
    }

    /**
     * Writes one ring's state to standard output ({@code rte_ring_lookup}, {@code rte_ring_dump}).
     *
     * @param name the ring's name
     * @return false when there is no ring of that name
     */
    public static boolean ring(final String name)
    {
        return one(name, RING_LOOKUP, RING_DUMP);
    }

    /**
     * Writes one mempool's state to standard output ({@code rte_mempool_lookup}, {@code rte_mempool_dump}).
     *
     * @param name the pool's name
     * @return false when there is no mempool of that name
     */
    public static boolean mempool(final String name)
    {
        return one(name, MEMPOOL_LOOKUP, MEMPOOL_DUMP);
    }

    private static boolean one(final String name, final MethodHandle lookup, final MethodHandle dump)
    {
        Eal.checkRunning("rte dump");
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment object = (MemorySegment)lookup.invokeExact(arena.allocateFrom(name));
            if (object.address() == 0)
            {
                return false;
            }
            dump.invokeExact(STDOUT, object);
        }
        catch (final Throwable t)
        {
            throw NativeLibrary.rethrow(t);
        }
        flush();
        return true;
    }

    /**
     * One NUMA socket's heap ({@code rte_malloc_get_socket_stats}).
     *
     * @param totalBytes the heap's size
     * @param freeBytes  its free bytes
     * @param allocBytes its allocated bytes
     * @param freeCount  its free elements
     * @param allocCount its allocated elements
     */
    public record SocketStats(long totalBytes, long freeBytes, long allocBytes, int freeCount, int allocCount)
    {
    }

    /**
     * A socket's heap statistics.
     *
     * @param socket the NUMA socket
     * @return the statistics, or null when DPDK has none for that socket
     */
    public static SocketStats socketStats(final int socket)
    {
        Eal.checkRunning("rte_malloc_get_socket_stats");
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment stats = arena.allocate(SOCKET_STATS_LAYOUT);
            if ((int)SOCKET_STATS.invokeExact(socket, stats) != 0)
            {
                return null;
            }
            return new SocketStats(stats.get(JAVA_LONG, off("heap_totalsz_bytes")),
                stats.get(JAVA_LONG, off("heap_freesz_bytes")), stats.get(JAVA_LONG, off("heap_allocsz_bytes")),
                stats.get(JAVA_INT, off("free_count")), stats.get(JAVA_INT, off("alloc_count")));
        }
        catch (final Throwable t)
        {
            throw NativeLibrary.rethrow(t);
        }
    }

    private static long off(final String field)
    {
        return SOCKET_STATS_LAYOUT.byteOffset(groupElement(field));
    }

    private static void flush()
    {
        try
        {
            final int ignored = (int)FFLUSH.invokeExact(STDOUT);
        }
        catch (final Throwable t)
        {
            throw NativeLibrary.rethrow(t);
        }
    }
}
