package io.jdpdk.mempool.raw;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

import static io.jdpdk.eal.raw.NativeLibrary.downcall;
import static io.jdpdk.eal.raw.NativeLibrary.rethrow;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

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

    private static final MethodHandle CREATE_ANON = downcall("jdpdk_pktmbuf_pool_create_anon",
        FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_INT, JAVA_INT, JAVA_SHORT, JAVA_INT, JAVA_INT));
    private static final MethodHandle CREATE_PINNED = downcall("jdpdk_pktmbuf_pool_create_pinned",
        FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_INT, JAVA_INT, JAVA_SHORT, JAVA_INT, ADDRESS));
    private static final MethodHandle PINNED_ZONES_FREE = downcall("jdpdk_pinned_zones_free",
        FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle CHUNKS = downcall("jdpdk_mempool_chunks",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_INT));
    private static final MethodHandle CALC_OBJ_SIZE = downcall("rte_mempool_calc_obj_size",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS));

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

    /**
     * The shim's anonymous-memory pool: {@code rte_mempool_create_empty}, {@code rte_mempool_populate_anon},
     * {@code rte_pktmbuf_pool_init}, {@code rte_pktmbuf_init} on each mbuf.
     *
     * @param name the pool's name, a C string
     * @param n the number of mbufs
     * @param cacheSize the per-lcore cache
     * @param dataRoomSize bytes of data per mbuf, headroom included
     * @param socketId the NUMA socket
     * @param flags {@code RTE_MEMPOOL_F_*} bits
     * @return the pool, or 0 with rte_errno set
     */
    public static long pktmbuf_pool_create_anon(final MemorySegment name, final int n, final int cacheSize,
        final short dataRoomSize, final int socketId, final int flags)
    {
        try
        {
            return (long)CREATE_ANON.invokeExact(name, n, cacheSize, dataRoomSize, socketId, flags);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * The shim's pool of pinned external buffers: memzones {@code MP_<name>_xb_<i>}, then
     * {@code rte_pktmbuf_pool_create_extbuf}.
     *
     * @param name the pool's name, a C string
     * @param n the number of mbufs
     * @param cacheSize the per-lcore cache
     * @param dataRoomSize bytes of data per mbuf, headroom included
     * @param socketId the NUMA socket
     * @param buffersFailed an int the shim sets to 1 when the memzones could not be had, 0 past them
     * @return the pool, or 0 with rte_errno set (the memzones freed again)
     */
    public static long pktmbuf_pool_create_pinned(final MemorySegment name, final int n, final int cacheSize,
        final short dataRoomSize, final int socketId, final MemorySegment buffersFailed)
    {
        try
        {
            return (long)CREATE_PINNED.invokeExact(name, n, cacheSize, dataRoomSize, socketId, buffersFailed);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * Frees the pinned buffer memzones of pool {@code name}, after {@link #mempool_free}.
     *
     * @param name the pool's name, a C string
     */
    public static void pinned_zones_free(final MemorySegment name)
    {
        try
        {
            PINNED_ZONES_FREE.invokeExact(name);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * The pool's memory chunks ({@code rte_mempool_mem_iter}).
     *
     * @param pool the {@code struct rte_mempool *}
     * @param out room for {@code max} (address, length) pairs of 64-bit values
     * @param max how many pairs fit
     * @return how many chunks the pool has (may be more than max)
     */
    public static int mempool_chunks(final long pool, final MemorySegment out, final int max)
    {
        try
        {
            return (int)CHUNKS.invokeExact(pool, out, max);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_mempool_calc_obj_size(elt_size, flags, NULL)}: an object's size in a pool, header and trailer included.
     *
     * @param eltSize the object's own size
     * @param flags the pool's {@code RTE_MEMPOOL_F_*} bits
     * @return bytes
     */
    public static int mempool_calc_obj_size(final int eltSize, final int flags)
    {
        try
        {
            return (int)CALC_OBJ_SIZE.invokeExact(eltSize, flags, MemorySegment.NULL);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }
}
