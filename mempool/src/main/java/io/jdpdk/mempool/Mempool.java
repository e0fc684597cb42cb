package io.jdpdk.mempool;

import io.jdpdk.eal.Counters;
import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.mempool.raw.MbufRaw;
import io.jdpdk.mempool.raw.MempoolRaw;

import org.agrona.concurrent.status.AtomicCounter;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

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

    /** {@code RTE_MEMPOOL_F_NO_IOVA_CONTIG}: objects may cross IOVA page boundaries ({@link #createAnonymous}). */
    public static final int F_NO_IOVA_CONTIG = 0x0020;

    private final String name;
    private final long address;
    private final int size;
    /** Whether the data buffers are pinned in memzones of the pool's own, freed after it. */
    private final boolean pinned;
    private boolean closed;
    private final AtomicCounter inUse;
    private final AtomicCounter sizeCounter;
    private final AutoCloseable sampler;

    private Mempool(final String name, final long address, final boolean pinned)
    {
        this.name = name;
        this.address = address;
        this.pinned = pinned;
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
        check(name, n, cacheSize, dataRoomSize);
        return make("rte_pktmbuf_pool_create", name, n, cacheSize, dataRoomSize, socketId, false,
            cName -> MbufRaw.pktmbuf_pool_create(cName, n, cacheSize, (short)0, (short)dataRoomSize, socketId));
    }

    /**
     * Creates a packet mbuf pool on anonymous memory, outside DPDK's own (testpmd's {@code --mp-alloc=anon}):
     * {@code rte_mempool_create_empty}, then {@code rte_mempool_populate_anon} (mmap'd, locked pages), then the
     * packet pool's and each mbuf's initialisation. Its memory chunks ({@link #memoryChunks()}) are not registered
     * with DPDK; DMA to them needs {@code rte_extmem_register} and a device mapping first.
     *
     * @param name         unique name in the process
     * @param n            number of mbufs
     * @param cacheSize    per-lcore cache, 0 to {@value #CACHE_MAX_SIZE} and at most n / 1.5
     * @param dataRoomSize bytes per mbuf for data, headroom included
     * @param socketId     NUMA socket, or {@link #SOCKET_ID_ANY}
     * @param flags        0, or {@link #F_NO_IOVA_CONTIG}
     * @return the pool, registered with the running {@link Eal}
     * @throws DpdkException when DPDK cannot create or populate it
     * @see #create(String, int, int, int, int)
     */
    public static Mempool createAnonymous(final String name, final int n, final int cacheSize, final int dataRoomSize,
        final int socketId, final int flags)
    {
        check(name, n, cacheSize, dataRoomSize);
        return make("rte_mempool_populate_anon", name, n, cacheSize, dataRoomSize, socketId, false,
            cName -> MempoolRaw.pktmbuf_pool_create_anon(cName, n, cacheSize, (short)dataRoomSize, socketId, flags));
    }

    /**
     * Creates a packet mbuf pool whose data buffers are pinned in memzones apart from the mbufs (testpmd's
     * {@code --mp-alloc=xbuf}, {@code rte_pktmbuf_pool_create_extbuf}): every mbuf points at its own buffer in an
     * IOVA-contiguous memzone {@code MP_<name>_xb_<i>} of 2 MiB less four cache lines, freed with the pool.
     *
     * @param name         unique name in the process
     * @param n            number of mbufs
     * @param cacheSize    per-lcore cache, 0 to {@value #CACHE_MAX_SIZE} and at most n / 1.5
     * @param dataRoomSize bytes per buffer, headroom included
     * @param socketId     NUMA socket of the mbufs and the memzones, or {@link #SOCKET_ID_ANY}
     * @return the pool, registered with the running {@link Eal}
     * @throws DpdkException when DPDK cannot reserve the memzones (its call starting with
     *                       {@link #PINNED_BUFFERS_CALL}) or create the pool
     * @see #create(String, int, int, int, int)
     */
    public static Mempool createPinned(final String name, final int n, final int cacheSize, final int dataRoomSize,
        final int socketId)
    {
        check(name, n, cacheSize, dataRoomSize);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment buffersFailed = arena.allocate(JAVA_INT);
            try
            {
                return make("rte_pktmbuf_pool_create_extbuf", name, n, cacheSize, dataRoomSize, socketId, true,
                    cName -> MempoolRaw.pktmbuf_pool_create_pinned(cName, n, cacheSize, (short)dataRoomSize,
                        socketId, buffersFailed));
            }
            catch (final DpdkException ex)
            {
                if (buffersFailed.get(JAVA_INT, 0) == 0)
                {
                    throw ex;
                }
                throw new DpdkException(PINNED_BUFFERS_CALL + "(\"" + name + "\", n=" + n + ", socket=" + socketId +
                    ")", ex.errno(), ex.reason());
            }
        }
    }

    /** The start of {@link DpdkException#call()} when {@link #createPinned} could not reserve the buffers' memzones. */
    public static final String PINNED_BUFFERS_CALL = "rte_memzone_reserve";

    /** The sizes every packet pool takes, checked before anything native is touched. */
    private static void check(final String name, final int n, final int cacheSize, final int dataRoomSize)
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
    }

    /**
     * The memory the pool's objects live in, chunk by chunk ({@code rte_mempool_mem_iter}): one for a pool in
     * DPDK's IOVA-contiguous memory, one per page or run of pages for an anonymous one.
     *
     * @return {address, length} of each chunk, in the pool's order
     */
    public long[][] memoryChunks()
    {
        try (Arena arena = Arena.ofConfined())
        {
            int room = 64;
            while (true)
            {
                final MemorySegment out = arena.allocate(16L * room, 8);
                final int count = MempoolRaw.mempool_chunks(address, out, room);
                if (count <= room)
                {
                    final long[][] chunks = new long[count][];
                    for (int i = 0; i < count; i++)
                    {
                        chunks[i] = new long[] {out.getAtIndex(JAVA_LONG, 2L * i),
                            out.getAtIndex(JAVA_LONG, 2L * i + 1)};
                    }
                    return chunks;
                }
                room = count;
            }
        }
    }

    /**
     * {@code rte_mempool_calc_obj_size}: the bytes an object of {@code eltSize} takes in a pool, header and trailer
     * included (what sizing memory for a pool by hand needs).
     *
     * @param eltSize the object's own size, e.g. {@code sizeof(struct rte_mbuf)} plus the data room
     * @param flags the pool's flags, e.g. 0
     * @return bytes per object
     */
    public static int objectSize(final int eltSize, final int flags)
    {
        Eal.checkRunning("Mempool.objectSize");
        return MempoolRaw.mempool_calc_obj_size(eltSize, flags);
    }

    /** One of DPDK's ways to make a packet pool: its pointer, or 0 with rte_errno set. */
    @FunctionalInterface
    private interface Maker
    {
        long make(MemorySegment name);
    }

    private static Mempool make(final String function, final String name, final int n, final int cacheSize,
        final int dataRoomSize, final int socketId, final boolean pinned, final Maker maker)
    {
        final String call = function + "(\"" + name + "\", n=" + n + ", cache=" + cacheSize +
            ", data_room=" + dataRoomSize + ", socket=" + socketId + ")";
        final Eal eal = Eal.current();
        final long pool;
        final int errno;
        try (Arena arena = Arena.ofConfined())
        {
            pool = maker.make(arena.allocateFrom(name));
            errno = pool == 0 ? EalRaw.errno() : 0;
        }
        if (pool == 0)
        {
            throw new DpdkException(call, errno, EalRaw.strerror(errno));
        }
        final Mempool mempool = new Mempool(name, pool, pinned);
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
            if (pinned)
            {
                try (Arena arena = Arena.ofConfined())
                {
                    MempoolRaw.pinned_zones_free(arena.allocateFrom(name));
                }
            }
        }
    }

    @Override
    public String toString()
    {
        return "Mempool{" + name + ", size=" + size + "}";
    }
}
