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

    /** Free objects, per-lcore caches included. */
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

    /** @return the pool's address, or 0 */
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

    /** {@code mp->size}: the number of objects the pool holds in all. */
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
