package io.jdpdk.mempool;

import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.raw.MbufRaw;

import java.lang.foreign.Arena;

/**
 * A reusable off-heap array of mbuf pointers ({@code struct rte_mbuf *[capacity]}) plus a count:
 * the unit that moves between ports, rings and lcores. RX fills it, TX drains it; the burst owns
 * the mbufs in {@code [0, count())} until they are handed on or freed.
 * <p>
 * The array is 64-byte aligned native memory allocated once; every fast-path method is
 * allocation-free. Not thread-safe: one owner at a time, handed over through a ring.
 */
public final class MbufBurst implements AutoCloseable
{
    private final Arena arena;
    private final long address;
    private final int capacity;
    private int count;

    /**
     * Allocates an empty burst (count 0) of {@code capacity} pointers in a shared arena. Control path.
     *
     * @param capacity the most mbufs the burst holds, 1 to 65535
     * @throws IllegalArgumentException when capacity is out of range
     */
    public MbufBurst(final int capacity)
    {
        if (capacity <= 0 || capacity > 0xFFFF)
        {
            throw new IllegalArgumentException("burst capacity must be 1..65535, got " + capacity);
        }
        this.arena = Arena.ofShared();
        this.address = arena.allocate(8L * capacity, 64).address();
        this.capacity = capacity;
    }

    /**
     * Address of the pointer array, the {@code struct rte_mbuf **} that raw burst calls take.
     *
     * @return a 64-byte aligned native address, fixed until {@link #close()}
     */
    public long address()
    {
        return address;
    }

    /**
     * Address of element {@code index}, for raw calls that start in the middle (e.g. a TX retry of what is left).
     *
     * @param index element index; not checked
     * @return {@code address() + 8 * index}
     */
    public long address(final int index)
    {
        return address + 8L * index;
    }

    /**
     * Size of the pointer array, as given to the constructor.
     *
     * @return 1 to 65535
     */
    public int capacity()
    {
        return capacity;
    }

    /**
     * Number of mbufs the burst holds, from index 0; the burst owns those.
     *
     * @return 0 to {@link #capacity()}
     */
    public int count()
    {
        return count;
    }

    /**
     * Sets the count after a raw call filled the array (e.g. with what {@code rte_eth_rx_burst} returned).
     * Mbufs beyond the new count are forgotten, not freed.
     *
     * @param count 0 to {@link #capacity()}
     * @return this
     * @throws IndexOutOfBoundsException when count is out of range; the count is unchanged
     */
    public MbufBurst count(final int count)
    {
        if (count < 0 || count > capacity)
        {
            throw new IndexOutOfBoundsException("burst count " + count + " outside 0.." + capacity);
        }
        this.count = count;
        return this;
    }

    /**
     * The mbuf address at {@code index}.
     *
     * @param index 0 to {@code capacity() - 1}; checked against the capacity, not the count
     * @return the {@code struct rte_mbuf *} stored there
     * @throws IndexOutOfBoundsException when index is outside the array
     */
    public long get(final int index)
    {
        return Memory.getLong(slot(index));
    }

    /**
     * Stores an mbuf address at {@code index}; the count is unchanged and the mbuf stored there before is
     * forgotten, not freed.
     *
     * @param index 0 to {@code capacity() - 1}
     * @param mbuf a {@code struct rte_mbuf *}
     * @throws IndexOutOfBoundsException when index is outside the array
     */
    public void set(final int index, final long mbuf)
    {
        Memory.putLong(slot(index), mbuf);
    }

    /**
     * Appends an mbuf at index {@link #count()}; the burst then owns it.
     *
     * @param mbuf a {@code struct rte_mbuf *}
     * @return true when added; false, changing nothing, when the burst is full (the caller still owns the mbuf)
     */
    public boolean add(final long mbuf)
    {
        if (count == capacity)
        {
            return false;
        }
        Memory.putLong(address + 8L * count, mbuf);
        count++;
        return true;
    }

    /**
     * Points {@code mbuf} at element {@code index}; allocates nothing.
     *
     * @param index 0 to {@code capacity() - 1}
     * @param mbuf the flyweight to re-point
     * @return {@code mbuf}
     * @throws IndexOutOfBoundsException when index is outside the array
     */
    public Mbuf mbuf(final int index, final Mbuf mbuf)
    {
        return mbuf.wrap(get(index));
    }

    /**
     * Fills the burst with {@code n} fresh mbufs from {@code pool} (all or nothing,
     * {@code rte_pktmbuf_alloc_bulk}). Whatever the burst held before is forgotten, not freed.
     *
     * @param pool the pool to draw from
     * @param n mbufs to allocate, 0 to {@link #capacity()}
     * @return true when the burst holds n mbufs; false, leaving the burst empty, when the pool has fewer than n free
     * @throws IndexOutOfBoundsException when n is out of range; nothing is allocated
     */
    public boolean allocFrom(final Mempool pool, final int n)
    {
        if (n < 0 || n > capacity)
        {
            throw new IndexOutOfBoundsException("alloc of " + n + " into a burst of " + capacity);
        }
        if (MbufRaw.pktmbuf_alloc_bulk(pool.address(), address, n) != 0)
        {
            count = 0;
            return false;
        }
        count = n;
        return true;
    }

    /** Frees every mbuf the burst holds back to its pool and empties the burst. */
    public void freeAll()
    {
        if (count > 0)
        {
            MbufRaw.pktmbuf_free_bulk(address, count);
            count = 0;
        }
    }

    /**
     * Frees the mbufs in {@code [from, count())} (what a TX did not take, {@code rte_pktmbuf_free_bulk}) and sets
     * the count to from.
     *
     * @param from the first index to free, 0 to {@link #count()}
     * @throws IndexOutOfBoundsException when from is out of range; nothing is freed
     */
    public void freeFrom(final int from)
    {
        if (from < 0 || from > count)
        {
            throw new IndexOutOfBoundsException("free from " + from + " with count " + count);
        }
        if (from < count)
        {
            MbufRaw.pktmbuf_free_bulk(address + 8L * from, count - from);
        }
        count = from;
    }

    /**
     * Removes the first {@code n} entries without freeing them, moving the rest to the front (after a partial TX
     * took them).
     *
     * @param n entries to drop, 0 to {@link #count()}
     * @throws IndexOutOfBoundsException when n is out of range; nothing moves
     */
    public void consume(final int n)
    {
        if (n < 0 || n > count)
        {
            throw new IndexOutOfBoundsException("consume " + n + " with count " + count);
        }
        if (n > 0 && n < count)
        {
            Memory.copy(null, address + 8L * n, null, address, 8L * (count - n)); // overlapping: memmove
        }
        count -= n;
    }

    /** Releases the array's memory (not the mbufs: free or hand them on first). */
    @Override
    public void close()
    {
        arena.close();
    }

    private long slot(final int index)
    {
        if (index < 0 || index >= capacity)
        {
            throw new IndexOutOfBoundsException("burst index " + index + " outside 0.." + (capacity - 1));
        }
        return address + 8L * index;
    }
}
