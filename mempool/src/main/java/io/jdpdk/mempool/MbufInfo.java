package io.jdpdk.mempool;

import io.jdpdk.eal.Eal;
import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.raw.MbufRaw;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * DPDK's own descriptions of an mbuf, for debugging output such as testpmd's verbose packet dump: the names of packet
 * types ({@code rte_get_ptype_name}) and offload flags ({@code rte_get_rx_ol_flag_list},
 * {@code rte_get_tx_ol_flag_list}), the software parse of the headers ({@code rte_net_get_ptype}), DPDK's sanity check
 * ({@code rte_mbuf_check}), the pool's name and the RX timestamp a PMD such as net_pcap stamps.
 * <p>
 * Debug path: every call makes downcalls and allocates (a confined arena, a {@code String}). Never call it per packet
 * while forwarding at speed; testpmd calls these only with {@code set verbose} on. Every method needs a running EAL.
 */
public final class MbufInfo
{
    /** testpmd's {@code char buf[256]} for names: what does not fit is cut, as testpmd's output cuts it. */
    private static final int NAME_BUFFER = 256;
    /** {@code RTE_MEMPOOL_NAMESIZE}: a pool's name, NUL included, at the start of {@code struct rte_mempool}. */
    private static final int MEMPOOL_NAMESIZE = 32;
    /** {@code RTE_MBUF_DYNFLAG_RX_TIMESTAMP_NAME}. */
    private static final String RX_TIMESTAMP_FLAG = "rte_dynflag_rx_timestamp";
    /** {@code RTE_MBUF_DYNFIELD_TIMESTAMP_NAME}. */
    private static final String TIMESTAMP_FIELD = "rte_dynfield_timestamp";

    /** The RX timestamp flag's mask and field offset once both are registered (as testpmd's util.c caches them). */
    private static volatile long rxTimestampFlag;
    private static volatile int timestampOffset = -1;

    private MbufInfo()
    {
    }

    /**
     * What {@code rte_net_get_ptype} found in a packet's data: its packet type and header lengths
     * ({@code struct rte_net_hdr_lens}).
     *
     * @param ptype       the {@code RTE_PTYPE_*} layers found
     * @param l2Len       bytes of the L2 header(s)
     * @param innerL2Len  bytes of the inner L2 header of a tunnel
     * @param l3Len       bytes of the L3 header, options and extensions included
     * @param innerL3Len  bytes of the inner L3 header
     * @param tunnelLen   bytes of the tunnel header
     * @param l4Len       bytes of the L4 header
     * @param innerL4Len  bytes of the inner L4 header
     */
    public record SoftwareParse(int ptype, int l2Len, int innerL2Len, int l3Len, int innerL3Len, int tunnelLen,
        int l4Len, int innerL4Len)
    {
    }

    /**
     * The names of a packet type's layers ({@code rte_get_ptype_name}), each followed by a space, e.g.
     * {@code "L2_ETHER L3_IPV4 L4_UDP "}.
     *
     * @param ptype an {@code RTE_PTYPE_*} combination, such as {@link Mbuf#packetType()}
     * @return the names, cut at 255 bytes
     */
    public static String ptypeName(final int ptype)
    {
        Eal.current();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment buf = arena.allocate(NAME_BUFFER);
            MbufRaw.get_ptype_name(ptype, buf, NAME_BUFFER);
            return buf.getString(0);
        }
    }

    /**
     * The names of the RX or TX offload flags set in {@code olFlags}, each followed by a space
     * ({@code rte_get_rx_ol_flag_list} / {@code rte_get_tx_ol_flag_list}); for RX, the "unknown" checksum states are
     * named too. Dynamic flags have no name here.
     *
     * @param rx      true for the RX flags, false for the TX flags
     * @param olFlags an mbuf's ol_flags
     * @return the names, cut at 255 bytes (whole names only)
     */
    public static String offloadFlagNames(final boolean rx, final long olFlags)
    {
        Eal.current();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment buf = arena.allocate(NAME_BUFFER);
            MbufRaw.get_ol_flag_list(rx, olFlags, buf, NAME_BUFFER);
            return buf.getString(0);
        }
    }

    /**
     * DPDK's sanity check of the mbuf as the first segment of a packet ({@code rte_mbuf_check}): pool, buffer
     * address, reference count, segment count and lengths.
     *
     * @param mbuf the mbuf
     * @return null when DPDK finds nothing wrong, else its reason (e.g. {@code "bad data_len"})
     */
    public static String headerProblem(final Mbuf mbuf)
    {
        Eal.current();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment reason = arena.allocate(ADDRESS);
            if (MbufRaw.mbuf_check(mbuf.address(), 1, reason) == 0)
            {
                return null;
            }
            return Memory.ALL.getString(reason.get(ADDRESS, 0).address()); // a static C string of librte_mbuf
        }
    }

    /**
     * Parses the packet's headers in software, every layer ({@code rte_net_get_ptype} with
     * {@code RTE_PTYPE_ALL_MASK}). Reads the data only as far as the segments hold it.
     *
     * @param mbuf the packet
     * @return the packet type and header lengths found
     */
    public static SoftwareParse parse(final Mbuf mbuf)
    {
        Eal.current();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment lens = arena.allocate(MbufRaw.RTE_NET_HDR_LENS);
            final int ptype = MbufRaw.net_get_ptype(mbuf.address(), lens, MbufRaw.PTYPE_ALL_MASK);
            return new SoftwareParse(ptype, u8(lens, "l2_len"), u8(lens, "inner_l2_len"), u16(lens, "l3_len"),
                u16(lens, "inner_l3_len"), u16(lens, "tunnel_len"), u8(lens, "l4_len"), u8(lens, "inner_l4_len"));
        }
    }

    /**
     * The name of the pool the mbuf belongs to ({@code mbuf->pool->name}).
     *
     * @param mbuf the mbuf
     * @return the pool's name
     */
    public static String poolName(final Mbuf mbuf)
    {
        return Memory.ALL.asSlice(mbuf.pool(), MEMPOOL_NAMESIZE).getString(0);
    }

    /**
     * Whether a PMD stamped the mbuf with its RX time: the dynamic flag {@code rte_dynflag_rx_timestamp} is
     * registered (net_pcap registers it) and set in the mbuf's ol_flags.
     *
     * @param mbuf the mbuf
     * @return true when {@link #rxTimestamp} holds the PMD's stamp
     */
    public static boolean hasRxTimestamp(final Mbuf mbuf)
    {
        final long flag = rxTimestampFlag();
        return flag != 0 && (mbuf.olFlags() & flag) != 0;
    }

    /**
     * The RX time a PMD stamped in the dynamic field {@code rte_dynfield_timestamp}, in the PMD's unit (net_pcap:
     * the pcap record's time in microseconds). Meaningful only when {@link #hasRxTimestamp} is true.
     *
     * @param mbuf the mbuf
     * @return the stamp, or 0 when no PMD registered the field
     */
    public static long rxTimestamp(final Mbuf mbuf)
    {
        int offset = timestampOffset;
        if (offset < 0)
        {
            if (rxTimestampFlag() == 0)
            {
                return 0;
            }
            offset = MbufDynField.lookup(TIMESTAMP_FIELD).offset();
            timestampOffset = offset;
        }
        return Memory.getLong(mbuf.address() + offset);
    }

    /** The RX timestamp flag's mask, looked up until it is registered (testpmd's is_timestamp_enabled). */
    private static long rxTimestampFlag()
    {
        long flag = rxTimestampFlag;
        if (flag == 0)
        {
            Eal.current();
            try (Arena arena = Arena.ofConfined())
            {
                final byte[] name = RX_TIMESTAMP_FLAG.getBytes(StandardCharsets.US_ASCII);
                final MemorySegment cName = arena.allocate(name.length + 1L);
                MemorySegment.copy(name, 0, cName, JAVA_BYTE, 0, name.length);
                final int bit = MbufRaw.mbuf_dynflag_lookup(cName, MemorySegment.NULL);
                if (bit >= 0)
                {
                    flag = 1L << bit;
                    rxTimestampFlag = flag;
                }
            }
        }
        return flag;
    }

    private static int u8(final MemorySegment lens, final String field)
    {
        return Byte.toUnsignedInt(lens.get(JAVA_BYTE, offset(field)));
    }

    private static int u16(final MemorySegment lens, final String field)
    {
        return Short.toUnsignedInt(lens.get(JAVA_SHORT, offset(field)));
    }

    private static long offset(final String field)
    {
        return MbufRaw.RTE_NET_HDR_LENS.byteOffset(java.lang.foreign.MemoryLayout.PathElement.groupElement(field));
    }
}
