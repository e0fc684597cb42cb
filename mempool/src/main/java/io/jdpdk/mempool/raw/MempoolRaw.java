package io.jdpdk.mempool.raw;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

import static io.jdpdk.eal.raw.NativeLibrary.downcall;
import static io.jdpdk.eal.raw.NativeLibrary.rethrow;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Raw binding of librte_mempool (pool pointers as {@code long} addresses). Not for applications:
 * use {@link io.jdpdk.mempool.Mempool}.
 */
public final class MempoolRaw
{
    private static final MethodHandle AVAIL_COUNT = downcall("rte_mempool_avail_count", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    private static final MethodHandle IN_USE_COUNT = downcall("rte_mempool_in_use_count", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    private static final MethodHandle FREE = downcall("rte_mempool_free", FunctionDescriptor.ofVoid(JAVA_LONG));
    private static final MethodHandle LOOKUP = downcall("rte_mempool_lookup", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    private static final MethodHandle SIZE = downcall("jdpdk_mempool_size", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    private static final MethodHandle CACHE_SIZE = downcall("jdpdk_mempool_cache_size", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    private static final MethodHandle SOCKET_ID = downcall("jdpdk_mempool_socket_id", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));

    private MempoolRaw()
    {
    }

    /**
     * {@code rte_mempool_avail_count}: free objects, per-lcore caches included.
     *
     * @param pool the {@code struct rte_mempool *}
     * @return 0 to the pool's size
     */
    public static int mempool_avail_count(final long pool)
    {
        try
        {
            return (int)AVAIL_COUNT.invokeExact(pool);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_mempool_in_use_count}: objects taken from the pool and not yet returned.
     *
     * @param pool the {@code struct rte_mempool *}
     * @return the pool's size minus {@link #mempool_avail_count}
     */
    public static int mempool_in_use_count(final long pool)
    {
        try
        {
            return (int)IN_USE_COUNT.invokeExact(pool);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_mempool_free}: unregisters the pool and releases its memory; no object may be in use.
     *
     * @param pool the {@code struct rte_mempool *}, or 0 (a no-op)
     */
    public static void mempool_free(final long pool)
    {
        try
        {
            FREE.invokeExact(pool);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_mempool_lookup}: finds a pool by name.
     *
     * @param name the pool's name, a NUL-terminated C string
     * @return the pool's address, or 0 (rte_errno ENOENT) when there is none
     */
    public static long mempool_lookup(final MemorySegment name)
    {
        try
        {
            return (long)LOOKUP.invokeExact(name);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code mp->size}, read through the shim: the number of objects the pool holds in all.
     *
     * @param pool the {@code struct rte_mempool *}
     * @return the n the pool was created with
     */
    public static int mempool_size(final long pool)
    {
        try
        {
            return (int)SIZE.invokeExact(pool);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code mp->cache_size}, read through the shim: the per-lcore cache size.
     *
     * @param pool the {@code struct rte_mempool *}
     * @return objects per lcore cache, 0 when the pool has no cache
     */
    public static int mempool_cache_size(final long pool)
    {
        try
        {
            return (int)CACHE_SIZE.invokeExact(pool);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code mp->socket_id}, read through the shim: the NUMA socket of the pool's memory.
     *
     * @param pool the {@code struct rte_mempool *}
     * @return the socket id, or -1 ({@code SOCKET_ID_ANY})
     */
    public static int mempool_socket_id(final long pool)
    {
        try
        {
            return (int)SOCKET_ID.invokeExact(pool);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }
}
