package io.jdpdk.mempool;

import io.jdpdk.eal.Counters;
import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.mempool.raw.MbufRaw;
import io.jdpdk.mempool.raw.MempoolRaw;

import org.agrona.concurrent.status.AtomicCounter;

import java.lang.foreign.Arena;

/**
 * A pool of packet mbufs ({@code rte_pktmbuf_pool_create}) in DPDK memory: hugepages, or plain
 * memory under {@code --no-huge}. Created on the control path; allocation and freeing of mbufs is
 * fast-path and allocation-free ({@link #alloc()}, {@link MbufBurst#allocFrom}, {@link Mbuf#free()}).
 * <p>
 * The pool is registered with the {@link Eal} and freed when EAL closes, after the ports that draw
 * from it, unless closed earlier. Every mbuf should be back in the pool by then:
 * {@link #inUseCount()} says how many are not (mbufs parked in per-lcore caches count as free).
 * While the pool lives, its occupancy is in {@link Counters} ("mempool NAME: mbufs in use", sampled
 * off the datapath, and "mempool NAME: size").
 * <p>
 * Threading: alloc/free from any thread; threads registered as lcores use the pool's per-lcore
 * cache, others go to the shared ring.
 */
public final class Mempool implements AutoCloseable
{
    /** {@code RTE_MEMPOOL_CACHE_MAX_SIZE}. */
    public static final int CACHE_MAX_SIZE = 512;
    /** {@code RTE_MEMPOOL_OPS_NAMESIZE}: the longest ops name, its NUL included. */
    private static final int RTE_MEMPOOL_OPS_NAMESIZE = 32;
    /** Any NUMA socket ({@code SOCKET_ID_ANY}). */
    public static final int SOCKET_ID_ANY = -1;

    private final String name;
    private final long address;
    private final int size;
    private boolean closed;
    private final AtomicCounter inUse;
    private final AtomicCounter sizeCounter;
    private final AutoCloseable sampler;

    private Mempool(final String name, final long address)
    {
        this.name = name;
        this.address = address;
        this.size = MempoolRaw.mempool_size(address);
        final Counters counters = Counters.get();
        this.inUse = counters.newCounter("mempool " + name + ": mbufs in use", Counters.MEMPOOL_IN_USE);
        this.sizeCounter = counters.newCounter("mempool " + name + ": size", Counters.MEMPOOL_SIZE);
        sizeCounter.setRelease(size);
        this.sampler = counters.addSampler(() -> inUse.setRelease(inUseCount()));
    }

    /**
     * Creates a packet mbuf pool with the default data room (2048 bytes plus headroom) on any NUMA socket.
     *
     * @param name      unique name in the process
     * @param n         number of mbufs (best a power of two minus one)
     * @param cacheSize per-lcore cache, 0 to {@value #CACHE_MAX_SIZE} and at most n / 1.5
     * @return the pool, registered with the running {@link Eal}
     * @see #create(String, int, int, int, int)
     */
    public static Mempool create(final String name, final int n, final int cacheSize)
    {
        return create(name, n, cacheSize, MbufRaw.MBUF_DEFAULT_BUF_SIZE, SOCKET_ID_ANY);
    }

    /**
     * The mempool driver new packet pools use ({@code rte_mbuf_best_mempool_ops}): the EAL's
     * {@code --mbuf-pool-ops-name}, else the platform's choice, else {@code ring_mp_mc}, as testpmd prints it.
     *
     * @return the ops name
     */
    @SuppressWarnings("restricted") // a C string DPDK owns
    public static String bestOpsName()
    {
        Eal.checkRunning("Mempool.bestOpsName");
        return MbufRaw.mbuf_best_mempool_ops().reinterpret(RTE_MEMPOOL_OPS_NAMESIZE).getString(0);
    }

    /**
     * Creates a packet mbuf pool.
     *
     * @param name         unique name in the process
     * @param n            number of mbufs (best a power of two minus one)
     * @param cacheSize    per-lcore cache, 0 to {@value #CACHE_MAX_SIZE} and at most n / 1.5
     * @param dataRoomSize bytes per mbuf for data, headroom included (e.g. 2176)
     * @param socketId     NUMA socket, or {@link #SOCKET_ID_ANY}
     * @return the pool, registered with the running {@link Eal} and freed when it closes
     * @throws IllegalArgumentException for out-of-range sizes, before anything native is touched
     * @throws DpdkException when DPDK cannot create the pool (e.g. ENOMEM: no memory left)
     */
    public static Mempool create(final String name, final int n, final int cacheSize, final int dataRoomSize,
        final int socketId)
    {
        if (n <= 0)
        {
            throw new IllegalArgumentException("mempool " + name + ": size must be positive, got " + n);
        }
        if (cacheSize < 0 || cacheSize > CACHE_MAX_SIZE || cacheSize * 3L > n * 2L)
        {
            throw new IllegalArgumentException("mempool " + name + ": cache size " + cacheSize +
                " must be 0.." + CACHE_MAX_SIZE + " and at most size / 1.5 (size " + n + ")");
        }
        if (dataRoomSize < MbufRaw.PKTMBUF_HEADROOM || dataRoomSize > 0xFFFF)
        {
            throw new IllegalArgumentException("mempool " + name + ": data room " + dataRoomSize +
                " must be " + MbufRaw.PKTMBUF_HEADROOM + "..65535 (headroom included)");
        }
        final String call = "rte_pktmbuf_pool_create(\"" + name + "\", n=" + n + ", cache=" + cacheSize +
            ", data_room=" + dataRoomSize + ", socket=" + socketId + ")";
        final Eal eal = Eal.current();
        final long pool;
        final int errno;
        try (Arena arena = Arena.ofConfined())
        {
            pool = MbufRaw.pktmbuf_pool_create(arena.allocateFrom(name), n, cacheSize, (short)0,
                (short)dataRoomSize, socketId);
            errno = pool == 0 ? EalRaw.errno() : 0;
        }
        if (pool == 0)
        {
            throw new DpdkException(call, errno, EalRaw.strerror(errno));
        }
        final Mempool mempool = new Mempool(name, pool);
        try
        {
            eal.onClose(mempool);
        }
        catch (final RuntimeException ex)
        {
            mempool.close(); // the EAL is closing: free the pool and stop its sampler now
            throw ex;
        }
        return mempool;
    }

    /**
     * The pool's name, as given to create ({@code rte_mempool_lookup} finds it by this name).
     *
     * @return the name, also the prefix of the pool's counter labels
     */
    public String name()
    {
        return name;
    }

    /**
     * The {@code struct rte_mempool *}, for raw calls (e.g. {@code rte_eth_rx_queue_setup}).
     *
     * @return the native address; not to be used after {@link #close()}
     */
    public long address()
    {
        return address;
    }

    /**
     * Number of mbufs the pool holds in all ({@code mp->size}), read once at creation.
     *
     * @return the n given to create
     */
    public int size()
    {
        return size;
    }

    /**
     * Per-lcore cache size ({@code mp->cache_size}).
     *
     * @return mbufs, 0 to {@value #CACHE_MAX_SIZE}; 0 means no cache
     */
    public int cacheSize()
    {
        return MempoolRaw.mempool_cache_size(address);
    }

    /**
     * NUMA socket of the pool's memory ({@code mp->socket_id}).
     *
     * @return the socket id, or {@link #SOCKET_ID_ANY}
     */
    public int socketId()
    {
        return MempoolRaw.mempool_socket_id(address);
    }

    /**
     * Bytes of data room per mbuf, headroom included ({@code rte_pktmbuf_data_room_size}).
     *
     * @return the dataRoomSize given to create
     */
    public int dataRoomSize()
    {
        return MbufRaw.pktmbuf_data_room_size(address);
    }

    /**
     * Mbufs free in the pool, those parked in per-lcore caches included ({@code rte_mempool_avail_count}).
     * Walks every lcore cache: control path.
     *
     * @return 0 to {@link #size()}, a snapshot that other threads may change at once
     */
    public int availableCount()
    {
        return MempoolRaw.mempool_avail_count(address);
    }

    /**
     * Mbufs handed out and not yet returned: {@code size() - availableCount()} ({@code rte_mempool_in_use_count}).
     *
     * @return 0 to {@link #size()}, a snapshot that other threads may change at once
     */
    public int inUseCount()
    {
        return MempoolRaw.mempool_in_use_count(address);
    }

    /**
     * Allocates one mbuf, reset, with the default headroom. Fast path.
     *
     * @return the mbuf's address, or 0 when the pool is empty
     */
    public long alloc()
    {
        return MbufRaw.pktmbuf_alloc(address);
    }

    /**
     * Frees the pool ({@code rte_mempool_free}). Idempotent. Every mbuf must be back first: ports
     * that draw from the pool must be closed (EAL's close order does this).
     */
    @Override
    public void close()
    {
        if (Eal.stoppingLcores())
        {
            return; // an lcore may still use the pool: Eal.close frees it once they stopped
        }
        synchronized (this)
        {
            if (closed)
            {
                return;
            }
            closed = true;
        }
        try
        {
            sampler.close(); // waits for a sample in progress: nothing reads the pool after this
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException(ex);
        }
        Counters.get().free(inUse, sizeCounter);
        if (Eal.isRunning())
        {
            Eal.current().forget(this);
            MempoolRaw.mempool_free(address);
        }
    }

    @Override
    public String toString()
    {
        return "Mempool{" + name + ", size=" + size + "}";
    }
}
