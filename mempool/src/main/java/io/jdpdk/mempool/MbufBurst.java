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

    /** A burst array of {@code capacity} pointers (1 to 65535). */
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

    /** Address of the pointer array. */
    public long address()
    {
        return address;
    }

    /** Address of element {@code index}, for raw calls that start in the middle. */
    public long address(final int index)
    {
        return address + 8L * index;
    }

    public int capacity()
    {
        return capacity;
    }

    /** Number of mbufs the burst holds, from index 0. */
    public int count()
    {
        return count;
    }

    /** Sets the count after a raw call filled the array. @return this */
    public MbufBurst count(final int count)
    {
        if (count < 0 || count > capacity)
        {
            throw new IndexOutOfBoundsException("burst count " + count + " outside 0.." + capacity);
        }
        this.count = count;
        return this;
    }

    /** The mbuf address at {@code index} (0..capacity-1). */
    public long get(final int index)
    {
        return Memory.getLong(slot(index));
    }

    /** Stores an mbuf address at {@code index}. */
    public void set(final int index, final long mbuf)
    {
        Memory.putLong(slot(index), mbuf);
    }

    /** Appends an mbuf. @return false when the burst is full */
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

    /** Points {@code mbuf} at element {@code index}. @return the flyweight */
    public Mbuf mbuf(final int index, final Mbuf mbuf)
    {
        return mbuf.wrap(get(index));
    }

    /**
     * Fills the burst with {@code n} fresh mbufs from {@code pool} (all or nothing).
     *
     * @return false, leaving the burst empty, when the pool has fewer than n free
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

    /** Frees the mbufs in {@code [from, count())} (what a TX did not take) and sets the count to from. */
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

    /** Removes the first {@code n} entries, moving the rest to the front (after a partial TX). */
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
