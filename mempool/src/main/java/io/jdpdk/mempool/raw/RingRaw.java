package io.jdpdk.mempool.raw;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

import static io.jdpdk.eal.raw.NativeLibrary.critical;
import static io.jdpdk.eal.raw.NativeLibrary.downcall;
import static io.jdpdk.eal.raw.NativeLibrary.rethrow;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Raw binding of librte_ring (ring pointers as {@code long} addresses; the burst calls and counts through the
 * shim, since ethdev's and ring's fast paths are inline functions). Not for applications: use
 * {@link io.jdpdk.mempool.MbufRing}.
 */
public final class RingRaw
{
    /** {@code RING_F_SP_ENQ}: one thread enqueues. */
    public static final int RING_F_SP_ENQ = 0x0001;
    /** {@code RING_F_SC_DEQ}: one thread dequeues. */
    public static final int RING_F_SC_DEQ = 0x0002;
    /** {@code RING_F_EXACT_SZ}: the ring holds exactly the count asked for, which need not be a power of two. */
    public static final int RING_F_EXACT_SZ = 0x0004;

    private static final MethodHandle CREATE = downcall("rte_ring_create",
        FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT));
    private static final MethodHandle FREE = downcall("rte_ring_free", FunctionDescriptor.ofVoid(JAVA_LONG));
    private static final MethodHandle ENQUEUE_BURST = critical("jdpdk_ring_enqueue_burst",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT));
    private static final MethodHandle DEQUEUE_BURST = critical("jdpdk_ring_dequeue_burst",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT));
    private static final MethodHandle COUNT = critical("jdpdk_ring_count", FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    private static final MethodHandle FREE_COUNT = critical("jdpdk_ring_free_count",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG));
    private static final MethodHandle CAPACITY = downcall("jdpdk_ring_capacity",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG));

    private RingRaw()
    {
    }

    /**
     * {@code rte_ring_create}: a named ring in DPDK's memory.
     *
     * @param name the ring's name, a NUL-terminated C string
     * @param count its size: a power of two (it holds count - 1), or any with {@link #RING_F_EXACT_SZ}
     * @param socketId the NUMA socket of its memory, or -1 for any
     * @param flags {@code RING_F_*} bits
     * @return the {@code struct rte_ring *}, or 0 with rte_errno set
     */
    public static long ring_create(final MemorySegment name, final int count, final int socketId, final int flags)
    {
        try
        {
            return (long)CREATE.invokeExact(name, count, socketId, flags);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_ring_free}: releases the ring (not the objects it holds).
     *
     * @param ring the {@code struct rte_ring *}, or 0 (a no-op)
     */
    public static void ring_free(final long ring)
    {
        try
        {
            FREE.invokeExact(ring);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_ring_enqueue_burst}: enqueues up to n pointers from {@code objs}.
     *
     * @param ring the {@code struct rte_ring *}
     * @param objs address of the first pointer
     * @param n how many to offer
     * @return how many the ring took, from the first
     */
    public static int ring_enqueue_burst(final long ring, final long objs, final int n)
    {
        try
        {
            return (int)ENQUEUE_BURST.invokeExact(ring, objs, n);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_ring_dequeue_burst}: dequeues up to n pointers into {@code objs}.
     *
     * @param ring the {@code struct rte_ring *}
     * @param objs address of the first slot to write
     * @param n the most to take
     * @return how many were written
     */
    public static int ring_dequeue_burst(final long ring, final long objs, final int n)
    {
        try
        {
            return (int)DEQUEUE_BURST.invokeExact(ring, objs, n);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_ring_count}: the entries the ring holds.
     *
     * @param ring the {@code struct rte_ring *}
     * @return 0 to its capacity
     */
    public static int ring_count(final long ring)
    {
        try
        {
            return (int)COUNT.invokeExact(ring);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_ring_free_count}: the entries the ring can still take.
     *
     * @param ring the {@code struct rte_ring *}
     * @return 0 to its capacity
     */
    public static int ring_free_count(final long ring)
    {
        try
        {
            return (int)FREE_COUNT.invokeExact(ring);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_ring_get_capacity}: the most entries the ring holds.
     *
     * @param ring the {@code struct rte_ring *}
     * @return its capacity
     */
    public static int ring_capacity(final long ring)
    {
        try
        {
            return (int)CAPACITY.invokeExact(ring);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }
}
