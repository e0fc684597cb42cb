package io.jdpdk.mempool;

import io.jdpdk.eal.DpdkUnavailableException;
import io.jdpdk.eal.raw.NativeLibrary;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

import static io.jdpdk.eal.raw.NativeLibrary.rethrow;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * DPDK's generic segmentation offload (librte_gso, {@code rte_gso_segment}): a packet longer than the segment size
 * and flagged for segmentation ({@link Mbuf#F_TX_TCP_SEG} for TCP/IPv4, {@link Mbuf#F_TX_UDP_SEG} for UDP/IPv4, also
 * inside VXLAN and GRE with the tunnel flags) is cut in software into packets of at most that size, each a header
 * mbuf from the direct pool chained to an indirect mbuf (from the indirect pool) over the original's payload, with
 * the headers DPDK updates (IPv4 length and id, TCP sequence number and flags, UDP/IPv4 as IP fragments); the
 * checksums of the segments are the caller's to compute or offload, as DPDK leaves them. What testpmd's csum engine
 * does with {@code set port N gso on}.
 * <p>
 * One context ({@code struct rte_gso_ctx}) per instance, in native memory until {@link #close()}; an instance is used
 * by one thread at a time. {@link #segment} is one downcall, allocation-free.
 */
public final class Gso implements AutoCloseable
{
    /** {@code RTE_GSO_SEG_SIZE_MIN}: Ethernet, IPv4 and TCP headers and one byte, the smallest segment size. */
    public static final int SEG_SIZE_MIN = 14 + 20 + 20 + 1;

    // struct rte_gso_ctx (rte_gso.h, 22.11): two pool pointers, uint64_t flag, uint32_t gso_types, uint16_t gso_size.
    private static final long DIRECT_POOL = 0;
    private static final long INDIRECT_POOL = 8;
    private static final long FLAG = 16;
    private static final long TYPES = 24;
    private static final long SIZE = 28;
    private static final long CTX_SIZE = 32;

    /** Loaded at the first instance (librte_gso is not linked by the shim). */
    private static final class Linked
    {
        static final MethodHandle SEGMENT = NativeLibrary.downcallIn("librte_gso.so.23", "rte_gso_segment",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_SHORT));

        static void load()
        {
        }
    }

    private final Arena arena = Arena.ofShared();
    private final MemorySegment ctx = arena.allocate(CTX_SIZE, 8);

    /**
     * A context for {@code rte_gso_segment}, loading librte_gso when it is the first; {@link #pools} must be set
     * before {@link #segment}.
     *
     * @param types   the packet types to segment: an OR of {@code RTE_ETH_TX_OFFLOAD_TCP_TSO}, {@code _UDP_TSO},
     *                {@code _VXLAN_TNL_TSO}, {@code _GRE_TNL_TSO} (bits 5, 6, 9, 10)
     * @param segmentSize the largest segment, headers included, at least {@link #SEG_SIZE_MIN}
     * @throws DpdkUnavailableException when librte_gso cannot be loaded
     * @throws IllegalArgumentException when the segment size is out of range
     */
    public Gso(final int types, final int segmentSize)
    {
        try
        {
            Linked.load(); // librte_gso now, not at the first packet
            segmentSize(segmentSize);
        }
        catch (final ExceptionInInitializerError e)
        {
            arena.close();
            if (e.getCause() instanceof RuntimeException cause)
            {
                throw cause;
            }
            throw e;
        }
        catch (final NoClassDefFoundError e)
        {
            // librte_gso failed to load at an earlier instance; ExceptionInInitializerError said why then
            arena.close();
            throw new DpdkUnavailableException("librte_gso.so.23 could not be loaded (see the first failure)", e);
        }
        catch (final RuntimeException e)
        {
            arena.close();
            throw e;
        }
        ctx.set(JAVA_LONG, FLAG, 0L);
        ctx.set(JAVA_INT, TYPES, types);
    }

    /**
     * Sets the pools the segments come from.
     *
     * @param direct   the pool of the segments' header mbufs
     * @param indirect the pool of the mbufs that point into the original's payload
     * @return this
     */
    public Gso pools(final Mempool direct, final Mempool indirect)
    {
        ctx.set(JAVA_LONG, DIRECT_POOL, direct.address());
        ctx.set(JAVA_LONG, INDIRECT_POOL, indirect.address());
        return this;
    }

    /**
     * Sets the largest segment, headers included ({@code gso_size}).
     *
     * @param size at least {@link #SEG_SIZE_MIN}, at most 65535
     * @return this
     * @throws IllegalArgumentException when size is out of that range; the size is unchanged
     */
    public Gso segmentSize(final int size)
    {
        if (size < SEG_SIZE_MIN || size > 0xFFFF)
        {
            throw new IllegalArgumentException("GSO segment size must be " + SEG_SIZE_MIN + "..65535, got " + size);
        }
        ctx.set(JAVA_SHORT, SIZE, (short)size);
        return this;
    }

    /**
     * {@code rte_gso_segment} of the packet at {@code mbuf}: its segments are appended to {@code out} (from its count,
     * at most the room left), whose count grows by their number. Either way the packet stays the caller's: after a
     * segmentation the segments hold references to its data, so the caller frees it (as testpmd does).
     *
     * @param mbuf the packet's address
     * @param out  where the segments go
     * @return the number of segments; 0 when the packet needs none (no segmentation flag, or not longer than the
     *         segment size; {@code out} unchanged); a negative errno when it cannot be segmented (-EINVAL: not
     *         enough room in {@code out}; -ENOMEM: the pools are empty; {@code out} unchanged)
     * @throws IllegalStateException when {@link #pools} was never set
     */
    public int segment(final long mbuf, final MbufBurst out)
    {
        if (ctx.get(JAVA_LONG, DIRECT_POOL) == 0)
        {
            throw new IllegalStateException("Gso.pools not set: rte_gso_segment would allocate from no pool");
        }
        final int at = out.count();
        final int segments;
        try
        {
            segments = (int)Linked.SEGMENT.invokeExact(mbuf, ctx.address(), out.address(at),
                (short)(out.capacity() - at));
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
        if (segments > 0)
        {
            out.count(at + segments);
        }
        return segments;
    }

    /** Frees the context. */
    @Override
    public void close()
    {
        arena.close();
    }
}
