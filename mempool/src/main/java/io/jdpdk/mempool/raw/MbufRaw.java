package io.jdpdk.mempool.raw;

import io.jdpdk.eal.raw.LayoutCheck;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;

import static io.jdpdk.eal.raw.NativeLibrary.critical;
import static io.jdpdk.eal.raw.NativeLibrary.downcall;
import static io.jdpdk.eal.raw.NativeLibrary.rethrow;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * Raw binding of librte_mbuf, its fast path through the shim, and the layout of {@code struct
 * rte_mbuf} (checked against the installed headers when this class loads). Mbuf and pool pointers
 * are passed as {@code long} addresses. Not for applications: use {@link io.jdpdk.mempool.Mbuf}
 * and {@link io.jdpdk.mempool.Mempool}.
 */
public final class MbufRaw
{
    /** {@code struct rte_mbuf} as of DPDK 22.11; unnamed members are fields jdpdk does not touch. */
    public static final StructLayout RTE_MBUF = LayoutCheck.verified("rte_mbuf", MemoryLayout.structLayout(
        JAVA_LONG.withName("buf_addr"),
        JAVA_LONG.withName("buf_iova"),
        JAVA_SHORT.withName("data_off"),
        JAVA_SHORT.withName("refcnt"),
        JAVA_SHORT.withName("nb_segs"),
        JAVA_SHORT.withName("port"),
        JAVA_LONG.withName("ol_flags"),
        JAVA_INT.withName("packet_type"),
        JAVA_INT.withName("pkt_len"),
        JAVA_SHORT.withName("data_len"),
        JAVA_SHORT.withName("vlan_tci"),
        MemoryLayout.sequenceLayout(8, java.lang.foreign.ValueLayout.JAVA_BYTE).withName("hash"),
        JAVA_SHORT.withName("vlan_tci_outer"),
        JAVA_SHORT.withName("buf_len"),
        JAVA_LONG.withName("pool"),
        JAVA_LONG.withName("next"),
        JAVA_LONG.withName("tx_offload"),
        MemoryLayout.paddingLayout(8), // shinfo
        JAVA_SHORT.withName("priv_size"),
        JAVA_SHORT.withName("timesync"),
        MemoryLayout.sequenceLayout(9, JAVA_INT).withName("dynfield1")));

    /** {@code struct rte_mbuf_dynfield}: the parameters of a dynamic field ({@code rte_mbuf_dyn.h}). */
    public static final StructLayout RTE_MBUF_DYNFIELD = LayoutCheck.verified("rte_mbuf_dynfield",
        MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(64, java.lang.foreign.ValueLayout.JAVA_BYTE).withName("name"),
            JAVA_LONG.withName("size"),
            JAVA_LONG.withName("align"),
            JAVA_INT.withName("flags"),
            MemoryLayout.paddingLayout(4)));

    /** {@code RTE_MBUF_DYN_NAMESIZE}: a dynamic field's name, its terminating NUL included. */
    public static final int MBUF_DYN_NAMESIZE = 64;

    /** Offset of {@code buf_addr} (buffer start, a virtual address: 8 bytes), in bytes from the start of the mbuf. */
    public static final long BUF_ADDR = offset("buf_addr");
    /** Offset of {@code data_off} (data start in the buffer: 2 bytes), in bytes from the start of the mbuf. */
    public static final long DATA_OFF = offset("data_off");
    /** Offset of {@code refcnt} (reference count: 2 bytes, updated atomically), in bytes from the start of the mbuf. */
    public static final long REFCNT = offset("refcnt");
    /** Offset of {@code nb_segs} (segment count: 2 bytes), in bytes from the start of the mbuf. */
    public static final long NB_SEGS = offset("nb_segs");
    /** Offset of {@code port} (input port id: 2 bytes), in bytes from the start of the mbuf. */
    public static final long PORT = offset("port");
    /** Offset of {@code ol_flags} (offload flags: 8 bytes), in bytes from the start of the mbuf. */
    public static final long OL_FLAGS = offset("ol_flags");
    /** Offset of {@code packet_type} ({@code RTE_PTYPE_*} bits: 4 bytes), in bytes from the start of the mbuf. */
    public static final long PACKET_TYPE = offset("packet_type");
    /** Offset of {@code pkt_len} (bytes in all segments: 4 bytes), in bytes from the start of the mbuf. */
    public static final long PKT_LEN = offset("pkt_len");
    /** Offset of {@code data_len} (bytes in this segment: 2 bytes), in bytes from the start of the mbuf. */
    public static final long DATA_LEN = offset("data_len");
    /** Offset of {@code vlan_tci} (VLAN TCI: 2 bytes, host order), in bytes from the start of the mbuf. */
    public static final long VLAN_TCI = offset("vlan_tci");
    /** Offset of {@code vlan_tci_outer} (outer QinQ TCI: 2 bytes, host order), in bytes from the start of the mbuf. */
    public static final long VLAN_TCI_OUTER = offset("vlan_tci_outer");
    /** The tx_offload bitfield word: l2_len:7, l3_len:9, l4_len:8, tso_segsz:16, outer_l3_len:9, outer_l2_len:7. */
    public static final long TX_OFFLOAD = offset("tx_offload");
    /** hash.rss, the first 32 bits of the hash union. */
    public static final long HASH_RSS = offset("hash");
    /** Offset of {@code buf_len} (buffer size: 2 bytes), in bytes from the start of the mbuf. */
    public static final long BUF_LEN = offset("buf_len");
    /** Offset of {@code pool} (the owning {@code rte_mempool *}: 8 bytes), in bytes from the start of the mbuf. */
    public static final long POOL = offset("pool");
    /** Offset of {@code next} (next segment or NULL: 8 bytes), in bytes from the start of the mbuf. */
    public static final long NEXT = offset("next");
    /** Offset of {@code priv_size} (private bytes after the mbuf: 2 bytes), in bytes from the start of the mbuf. */
    public static final long PRIV_SIZE = offset("priv_size");

    /** {@code RTE_PKTMBUF_HEADROOM} of Debian's build. */
    public static final int PKTMBUF_HEADROOM = 128;
    /** {@code RTE_MBUF_DEFAULT_BUF_SIZE}: 2048 bytes of data room plus the headroom. */
    public static final int MBUF_DEFAULT_BUF_SIZE = 2048 + PKTMBUF_HEADROOM;

    private static final MethodHandle POOL_CREATE = downcall("rte_pktmbuf_pool_create",
        FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_INT, JAVA_INT, JAVA_SHORT, JAVA_SHORT, JAVA_INT));
    private static final MethodHandle ALLOC = critical("jdpdk_pktmbuf_alloc", FunctionDescriptor.of(JAVA_LONG, JAVA_LONG));
    private static final MethodHandle ALLOC_BULK = critical("jdpdk_pktmbuf_alloc_bulk",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT));
    private static final MethodHandle FREE = critical("jdpdk_pktmbuf_free", FunctionDescriptor.ofVoid(JAVA_LONG));
    private static final MethodHandle FREE_BULK = critical("jdpdk_pktmbuf_free_bulk",
        FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_INT));
    private static final MethodHandle RESET = critical("jdpdk_pktmbuf_reset", FunctionDescriptor.ofVoid(JAVA_LONG));
    private static final MethodHandle REFCNT_UPDATE = critical("jdpdk_mbuf_refcnt_update",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT));
    private static final MethodHandle DATA_ROOM_SIZE = downcall("jdpdk_pktmbuf_data_room_size",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG));

    private static final MethodHandle BEST_MEMPOOL_OPS = downcall("rte_mbuf_best_mempool_ops",
        FunctionDescriptor.of(ADDRESS));

    private static final MethodHandle DYNFIELD_REGISTER = downcall("rte_mbuf_dynfield_register",
        FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle DYNFIELD_LOOKUP = downcall("rte_mbuf_dynfield_lookup",
        FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));

    private static final MethodHandle PTYPE_NAME = downcall("rte_get_ptype_name",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG));
    private static final MethodHandle RX_OL_FLAG_LIST = downcall("rte_get_rx_ol_flag_list",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG));
    private static final MethodHandle TX_OL_FLAG_LIST = downcall("rte_get_tx_ol_flag_list",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_LONG));
    private static final MethodHandle MBUF_CHECK = downcall("rte_mbuf_check",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT, ADDRESS));
    private static final MethodHandle DYNFLAG_LOOKUP = downcall("rte_mbuf_dynflag_lookup",
        FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle NET_GET_PTYPE = downcall("rte_net_get_ptype",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG, ADDRESS, JAVA_INT));

    /** {@code struct rte_net_hdr_lens} of {@code rte_net.h}: the header lengths {@code rte_net_get_ptype} found. */
    public static final StructLayout RTE_NET_HDR_LENS = LayoutCheck.verified("rte_net_hdr_lens",
        MemoryLayout.structLayout(
        JAVA_BYTE.withName("l2_len"),
        JAVA_BYTE.withName("inner_l2_len"),
        JAVA_SHORT.withName("l3_len"),
        JAVA_SHORT.withName("inner_l3_len"),
        JAVA_SHORT.withName("tunnel_len"),
        JAVA_BYTE.withName("l4_len"),
        JAVA_BYTE.withName("inner_l4_len")).withName("rte_net_hdr_lens"));

    /** {@code RTE_PTYPE_ALL_MASK}: every layer, for {@link #net_get_ptype}. */
    public static final int PTYPE_ALL_MASK = 0x0FFF_FFFF;

    private MbufRaw()
    {
    }

    /**
     * {@code rte_get_ptype_name}: the names of a packet type's layers, space-separated, into {@code buf}. Control
     * path.
     *
     * @param ptype  an {@code RTE_PTYPE_*} combination
     * @param buf    receives a NUL-terminated string
     * @param buflen bytes of {@code buf}
     * @return 0, or -1 when buf is too short (it then holds what fitted)
     */
    public static int get_ptype_name(final int ptype, final MemorySegment buf, final long buflen)
    {
        try
        {
            return (int)PTYPE_NAME.invokeExact(ptype, buf, buflen);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_get_rx_ol_flag_list} or {@code rte_get_tx_ol_flag_list}: the names of the offload flags set in
     * {@code mask}, each followed by a space, into {@code buf}. Control path.
     *
     * @param rx     true for the RX flags' names, false for the TX flags'
     * @param mask   an mbuf's ol_flags
     * @param buf    receives a NUL-terminated string
     * @param buflen bytes of {@code buf}
     * @return 0, or -1 when buf is too short (it then holds the names that fitted)
     */
    public static int get_ol_flag_list(final boolean rx, final long mask, final MemorySegment buf, final long buflen)
    {
        try
        {
            return rx ? (int)RX_OL_FLAG_LIST.invokeExact(mask, buf, buflen)
                : (int)TX_OL_FLAG_LIST.invokeExact(mask, buf, buflen);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_mbuf_check}: DPDK's sanity check of an mbuf (pool, buffer, lengths, segments). Control path.
     *
     * @param mbuf     the mbuf's address
     * @param isHeader 1 to check it as the first segment of a packet
     * @param reason   a pointer-sized cell that receives a static C string on failure
     * @return 0, or -1 when the mbuf is not sane
     */
    public static int mbuf_check(final long mbuf, final int isHeader, final MemorySegment reason)
    {
        try
        {
            return (int)MBUF_CHECK.invokeExact(mbuf, isHeader, reason);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_mbuf_dynflag_lookup}: a registered dynamic offload flag by name. Control path.
     *
     * @param name   a NUL-terminated C string
     * @param params a {@code struct rte_mbuf_dynflag} to fill, or NULL
     * @return the flag's bit number in ol_flags, or -1 with rte_errno set (ENOENT: no such flag)
     */
    public static int mbuf_dynflag_lookup(final MemorySegment name, final MemorySegment params)
    {
        try
        {
            return (int)DYNFLAG_LOOKUP.invokeExact(name, params);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_net_get_ptype}: parses the packet's headers in software, as far as {@code layers} asks. Reads only
     * the packet's data (through {@code rte_pktmbuf_read}). Control path.
     *
     * @param mbuf    the mbuf's address
     * @param hdrLens a {@link #RTE_NET_HDR_LENS} to fill
     * @param layers  the {@code RTE_PTYPE_*_MASK} layers to parse, e.g. {@link #PTYPE_ALL_MASK}
     * @return the packet type found
     */
    public static int net_get_ptype(final long mbuf, final MemorySegment hdrLens, final int layers)
    {
        try
        {
            return (int)NET_GET_PTYPE.invokeExact(mbuf, hdrLens, layers);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    private static long offset(final String field)
    {
        return RTE_MBUF.byteOffset(MemoryLayout.PathElement.groupElement(field));
    }

    /**
     * {@code rte_pktmbuf_pool_create}: creates a pool of packet mbufs. Control path.
     *
     * @param name         the pool's name, a NUL-terminated C string
     * @param n            number of mbufs
     * @param cacheSize    per-lcore cache size
     * @param privSize     application private bytes after each mbuf, a multiple of 8
     * @param dataRoomSize bytes of data room per mbuf, headroom included
     * @param socketId     NUMA socket, or -1 for any
     * @return the pool's address, or 0 with rte_errno set
     */
    public static long pktmbuf_pool_create(final MemorySegment name, final int n, final int cacheSize,
        final short privSize, final short dataRoomSize, final int socketId)
    {
        try
        {
            return (long)POOL_CREATE.invokeExact(name, n, cacheSize, privSize, dataRoomSize, socketId);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_mbuf_best_mempool_ops}: the mempool driver {@code rte_pktmbuf_pool_create} uses (the EAL's
     * {@code --mbuf-pool-ops-name}, else the platform's, else {@code ring_mp_mc}). Control path.
     *
     * @return the C string's address, a zero-length segment
     */
    public static MemorySegment mbuf_best_mempool_ops()
    {
        try
        {
            return (MemorySegment)BEST_MEMPOOL_OPS.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_pktmbuf_alloc} through the shim: one reset mbuf with the default headroom.
     *
     * @param pool the {@code struct rte_mempool *}
     * @return an mbuf's address, or 0 when the pool is empty
     */
    public static long pktmbuf_alloc(final long pool)
    {
        try
        {
            return (long)ALLOC.invokeExact(pool);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_pktmbuf_alloc_bulk} through the shim: n reset mbufs, all or nothing.
     *
     * @param pool  the {@code struct rte_mempool *}
     * @param mbufs address of an array of at least n {@code struct rte_mbuf *}
     * @param n     mbufs to allocate
     * @return 0, or a negative value (nothing allocated) when the pool has fewer than n
     */
    public static int pktmbuf_alloc_bulk(final long pool, final long mbufs, final int n)
    {
        try
        {
            return (int)ALLOC_BULK.invokeExact(pool, mbufs, n);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_pktmbuf_free} through the shim: releases every segment of the packet, each returning to its
     * pool when its reference count drops to 0.
     *
     * @param mbuf the first segment, or 0 (a no-op)
     */
    public static void pktmbuf_free(final long mbuf)
    {
        try
        {
            FREE.invokeExact(mbuf);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_pktmbuf_free_bulk} through the shim: {@link #pktmbuf_free} for each of n packets.
     *
     * @param mbufs address of an array of n {@code struct rte_mbuf *}; NULL entries are skipped
     * @param n     packets to free
     */
    public static void pktmbuf_free_bulk(final long mbufs, final int n)
    {
        try
        {
            FREE_BULK.invokeExact(mbufs, n);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_pktmbuf_reset} through the shim: the fields of a fresh allocation, reference count untouched.
     *
     * @param mbuf the {@code struct rte_mbuf *}
     */
    public static void pktmbuf_reset(final long mbuf)
    {
        try
        {
            RESET.invokeExact(mbuf);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_mbuf_refcnt_update} through the shim: atomically adds delta to the reference count.
     *
     * @param mbuf  the {@code struct rte_mbuf *}
     * @param delta the change, passed as {@code int16_t}
     * @return the new reference count
     */
    public static int mbuf_refcnt_update(final long mbuf, final int delta)
    {
        try
        {
            return (int)REFCNT_UPDATE.invokeExact(mbuf, delta);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_pktmbuf_data_room_size} through the shim.
     *
     * @param pool a pool made by {@link #pktmbuf_pool_create}
     * @return bytes of data room per mbuf, headroom included
     */
    public static int pktmbuf_data_room_size(final long pool)
    {
        try
        {
            return (int)DATA_ROOM_SIZE.invokeExact(pool);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_mbuf_dynfield_register}: reserves bytes in every mbuf of the process under a name, or finds the
     * field already registered with the same parameters. Control path.
     *
     * @param params a {@link #RTE_MBUF_DYNFIELD}
     * @return the field's offset from the start of the mbuf, or -1 with rte_errno set
     */
    public static int mbuf_dynfield_register(final MemorySegment params)
    {
        try
        {
            return (int)DYNFIELD_REGISTER.invokeExact(params);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_mbuf_dynfield_lookup}: a registered dynamic field by name. Control path.
     *
     * @param name   a NUL-terminated C string
     * @param params a {@link #RTE_MBUF_DYNFIELD} to fill, or NULL
     * @return the field's offset from the start of the mbuf, or -1 with rte_errno set (ENOENT: no such field)
     */
    public static int mbuf_dynfield_lookup(final MemorySegment name, final MemorySegment params)
    {
        try
        {
            return (int)DYNFIELD_LOOKUP.invokeExact(name, params);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }
}
