package io.jdpdk.mempool;

import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.mempool.raw.RingRaw;

import java.lang.foreign.Arena;

/**
 * A named DPDK ring of mbuf pointers ({@code struct rte_ring}, librte_ring): a FIFO in DPDK's memory that any lcore,
 * or a secondary process, reaches by name. Bursts go in and come out through {@link MbufBurst}s without allocation;
 * many producers and consumers by default, as {@code rte_ring_create} with no flags, or one of each with
 * {@link #SINGLE_PRODUCER} / {@link #SINGLE_CONSUMER}.
 * <p>
 * The ring owns the mbufs it holds: {@link #close()} frees them to their pools before it frees the ring (where
 * {@code rte_ring_free} alone would lose them), and the running {@link Eal} closes a ring left open, before the
 * pools made before it.
 */
public final class MbufRing implements AutoCloseable
{
    /** {@code RING_F_SP_ENQ}: one thread at a time enqueues. */
    public static final int SINGLE_PRODUCER = RingRaw.RING_F_SP_ENQ;
    /** {@code RING_F_SC_DEQ}: one thread at a time dequeues. */
    public static final int SINGLE_CONSUMER = RingRaw.RING_F_SC_DEQ;
    /** {@code RING_F_EXACT_SZ}: holds exactly the count given, which need not be a power of two. */
    public static final int EXACT_SIZE = RingRaw.RING_F_EXACT_SZ;

    private final String name;
    private final long address;
    private boolean closed;

    private MbufRing(final String name, final long address)
    {
        this.name = name;
        this.address = address;
    }

    /**
     * Creates a ring ({@code rte_ring_create}). Control path.
     *
     * @param name unique among the process's rings
     * @param count its size: a power of two, of which it holds count - 1, unless flags has {@link #EXACT_SIZE}
     * @param socketId the NUMA socket of its memory, or {@link Mempool#SOCKET_ID_ANY}
     * @param flags 0 (many producers, many consumers), or {@link #SINGLE_PRODUCER}, {@link #SINGLE_CONSUMER},
     *              {@link #EXACT_SIZE} or'ed
     * @return the ring, registered with the running {@link Eal}
     * @throws DpdkException with DPDK's reason when it cannot (EINVAL for a count that is not a power of two, EEXIST
     *                       for a name in use, ENOMEM)
     */
    public static MbufRing create(final String name, final int count, final int socketId, final int flags)
    {
        final Eal eal = Eal.current();
        final long ring;
        final int errno;
        try (Arena arena = Arena.ofConfined())
        {
            ring = RingRaw.ring_create(arena.allocateFrom(name), count, socketId, flags);
            errno = ring == 0 ? EalRaw.errno() : 0;
        }
        if (ring == 0)
        {
            throw new DpdkException("rte_ring_create(\"" + name.strip() + "\", count=" + count + ", socket=" + socketId +
                ", flags=" + flags + ")", errno, EalRaw.strerror(errno));
        }
        final MbufRing mbufRing = new MbufRing(name, ring);
        eal.onClose(mbufRing);
        return mbufRing;
    }

    /**
     * The ring's name, as given to create.
     *
     * @return the name
     */
    public String name()
    {
        return name;
    }

    /**
     * The {@code struct rte_ring *}, for raw calls.
     *
     * @return the native address; not to be used after {@link #close()}
     */
    public long address()
    {
        return address;
    }

    /**
     * Moves up to {@code n} mbufs from the front of {@code burst} into the ring ({@code rte_ring_enqueue_burst}): those
     * the ring took leave the burst, the rest move to its front. Fast path, no allocation.
     *
     * @param burst the mbufs to offer, from index 0
     * @param n how many to offer, at most {@code burst.count()}
     * @return how many the ring took
     */
    public int enqueue(final MbufBurst burst, final int n)
    {
        final int taken = RingRaw.ring_enqueue_burst(address, burst.address(), Math.min(n, burst.count()));
        burst.consume(taken);
        return taken;
    }

    /**
     * Moves up to {@code n} mbufs from the ring to the end of {@code burst} ({@code rte_ring_dequeue_burst}), as many as
     * the burst has room for. Fast path, no allocation.
     *
     * @param burst where they go, after its {@code count()} mbufs
     * @param n the most to take
     * @return how many were taken
     */
    public int dequeue(final MbufBurst burst, final int n)
    {
        final int from = burst.count();
        final int taken = RingRaw.ring_dequeue_burst(address, burst.address(from),
            Math.min(n, burst.capacity() - from));
        burst.count(from + taken);
        return taken;
    }

    /**
     * The mbufs the ring holds ({@code rte_ring_count}).
     *
     * @return 0 to {@link #capacity()}
     */
    public int count()
    {
        return RingRaw.ring_count(address);
    }

    /**
     * How many more mbufs the ring takes ({@code rte_ring_free_count}).
     *
     * @return 0 to {@link #capacity()}
     */
    public int freeCount()
    {
        return RingRaw.ring_free_count(address);
    }

    /**
     * The most mbufs the ring holds ({@code rte_ring_get_capacity}).
     *
     * @return count - 1 for a power-of-two count, count with {@link #EXACT_SIZE}
     */
    public int capacity()
    {
        return RingRaw.ring_capacity(address);
    }

    /**
     * Frees the mbufs the ring still holds to their pools, then the ring ({@code rte_ring_free}). Idempotent; no lcore
     * may use the ring meanwhile.
     */
    @Override
    public void close()
    {
        if (Eal.stoppingLcores())
        {
            return; // an lcore may still use the ring: Eal.close frees it once they stopped
        }
        synchronized (this)
        {
            if (closed)
            {
                return;
            }
            closed = true;
        }
        if (!Eal.isRunning())
        {
            return;
        }
        try (MbufBurst drain = new MbufBurst(256))
        {
            while (RingRaw.ring_count(address) > 0)
            {
                dequeue(drain, drain.capacity());
                drain.freeAll();
            }
        }
        Eal.current().forget(this);
        RingRaw.ring_free(address);
    }

    @Override
    public String toString()
    {
        return "MbufRing{" + name.strip() + ", capacity=" + capacity() + "}";
    }
}
