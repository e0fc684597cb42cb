package io.jdpdk.mempool;

import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.raw.MbufRaw;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A re-pointable flyweight over one {@code struct rte_mbuf}. {@link #wrap(long)} points it at an
 * mbuf (an address from a {@link MbufBurst} or {@link Mempool#alloc()}); nothing is allocated, so
 * one instance serves every packet a loop sees.
 * <pre>
 *   buf_addr                                                          buf_addr + buf_len
 *   |&lt;-- headroom --&gt;|&lt;------------- data_len ------------&gt;|&lt;-- tailroom --&gt;|
 *                    ^ buf_addr + data_off = dataAddress()
 * </pre>
 * Packet data is reached only through accessors checked against {@code data_len} of this
 * (first) segment: a read or write outside {@code [0, dataLen())} throws
 * {@link IndexOutOfBoundsException} and touches nothing. Multi-byte accessors are in network byte
 * order (big-endian), as packet headers are.
 * <p>
 * Ownership: whoever holds the address owns the mbuf. {@link #free()} gives it back to its pool;
 * after that the flyweight must be re-pointed before use. Not thread-safe: one flyweight per thread.
 */
public final class Mbuf
{
    /** An unbound flyweight; point it at an mbuf with {@code wrap} or through an {@link MbufBurst}. */
    public Mbuf()
    {
    }

    /** {@code RTE_MBUF_F_INDIRECT}: the mbuf is attached to another mbuf's buffer. */
    public static final long F_INDIRECT = 1L << 62;
    /** {@code RTE_MBUF_F_EXTERNAL}: the mbuf's buffer is external memory. */
    public static final long F_EXTERNAL = 1L << 61;
    /** {@code RTE_MBUF_F_RX_RSS_HASH}: {@link #rssHash()} holds the NIC's RSS hash. */
    public static final long F_RX_RSS_HASH = 1L << 1;
    /**
     * {@code RTE_MBUF_F_RX_IP_CKSUM_MASK}: the bits of {@link #olFlags()} that hold the NIC's verdict on an IPv4
     * header checksum, one of {@link #F_RX_IP_CKSUM_UNKNOWN}, {@link #F_RX_IP_CKSUM_BAD}, {@link #F_RX_IP_CKSUM_GOOD}
     * and {@link #F_RX_IP_CKSUM_NONE}. A PMD sets them on a port with {@code RTE_ETH_RX_OFFLOAD_IPV4_CKSUM}.
     */
    public static final long F_RX_IP_CKSUM_MASK = 1L << 4 | 1L << 7;
    /** {@code RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN}: no information about the IPv4 header checksum. */
    public static final long F_RX_IP_CKSUM_UNKNOWN = 0;
    /** {@code RTE_MBUF_F_RX_IP_CKSUM_BAD}: the IPv4 header checksum in the packet is wrong. */
    public static final long F_RX_IP_CKSUM_BAD = 1L << 4;
    /** {@code RTE_MBUF_F_RX_IP_CKSUM_GOOD}: the IPv4 header checksum in the packet is right. */
    public static final long F_RX_IP_CKSUM_GOOD = 1L << 7;
    /**
     * {@code RTE_MBUF_F_RX_IP_CKSUM_NONE}: the checksum in the packet is not right, but the header's integrity was
     * verified (a virtual device that leaves it to be filled in).
     */
    public static final long F_RX_IP_CKSUM_NONE = F_RX_IP_CKSUM_MASK;
    /** {@code RTE_MBUF_F_RX_L4_CKSUM_MASK}: the bits holding the NIC's verdict on the L4 checksum. */
    public static final long F_RX_L4_CKSUM_MASK = 1L << 3 | 1L << 8;
    /** {@code RTE_MBUF_F_RX_L4_CKSUM_BAD}: the L4 checksum in the packet is wrong. */
    public static final long F_RX_L4_CKSUM_BAD = 1L << 3;
    /** {@code RTE_MBUF_F_RX_OUTER_IP_CKSUM_BAD}: a tunnel's outer IPv4 header checksum is wrong. */
    public static final long F_RX_OUTER_IP_CKSUM_BAD = 1L << 5;
    /** {@code RTE_MBUF_F_RX_OUTER_L4_CKSUM_BAD}: a tunnel's outer L4 checksum is wrong. */
    public static final long F_RX_OUTER_L4_CKSUM_BAD = 1L << 21;
    /** {@code RTE_MBUF_F_RX_LRO}: the NIC coalesced segments into this packet. */
    public static final long F_RX_LRO = 1L << 16;
    /** {@code RTE_MBUF_F_TX_TCP_CKSUM}: the NIC is to compute the TCP checksum. */
    public static final long F_TX_TCP_CKSUM = 1L << 52;
    /** {@code RTE_MBUF_F_TX_SCTP_CKSUM}: the NIC is to compute the SCTP checksum. */
    public static final long F_TX_SCTP_CKSUM = 2L << 52;
    /** {@code RTE_MBUF_F_TX_UDP_CKSUM}: the NIC is to compute the UDP checksum. */
    public static final long F_TX_UDP_CKSUM = 3L << 52;
    /** {@code RTE_MBUF_F_TX_IP_CKSUM}: the NIC is to compute the IPv4 header checksum. */
    public static final long F_TX_IP_CKSUM = 1L << 54;
    /** {@code RTE_MBUF_F_TX_IPV4}: the packet is IPv4 (for the TX offloads). */
    public static final long F_TX_IPV4 = 1L << 55;
    /** {@code RTE_MBUF_F_TX_IPV6}: the packet is IPv6 (for the TX offloads). */
    public static final long F_TX_IPV6 = 1L << 56;
    /** {@code RTE_MBUF_F_TX_VLAN}: the NIC is to insert {@link #vlanTci()}. */
    public static final long F_TX_VLAN = 1L << 57;
    /** {@code RTE_MBUF_F_TX_QINQ}: the NIC is to insert {@link #vlanTciOuter()} and {@link #vlanTci()}. */
    public static final long F_TX_QINQ = 1L << 49;
    /** {@code RTE_MBUF_F_TX_MACSEC}: the NIC is to insert a MACsec header. */
    public static final long F_TX_MACSEC = 1L << 44;
    /** {@code RTE_MBUF_F_TX_TCP_SEG}: the packet is to be cut into TCP segments (TSO, or {@link Gso} in software). */
    public static final long F_TX_TCP_SEG = 1L << 50;
    /** {@code RTE_MBUF_F_TX_UDP_SEG}: the packet is to be cut into UDP fragments (UDP TSO, or {@link Gso}). */
    public static final long F_TX_UDP_SEG = 1L << 42;

    private long address;

    /**
     * Points this flyweight at the mbuf at {@code address}. Nothing is checked or read.
     *
     * @param address a {@code struct rte_mbuf *}, non-zero, that the caller owns
     * @return this
     */
    public Mbuf wrap(final long address)
    {
        this.address = address;
        return this;
    }

    /**
     * The {@code struct rte_mbuf *} this flyweight points at.
     *
     * @return the address last given to {@link #wrap(long)}, or 0 after {@link #free()}
     */
    public long address()
    {
        return address;
    }

    /**
     * Address of the first data byte of this segment: {@code buf_addr + data_off}
     * ({@code rte_pktmbuf_mtod}).
     *
     * @return an absolute native address, valid while the mbuf is owned
     */
    public long dataAddress()
    {
        return Memory.getLong(address + MbufRaw.BUF_ADDR) + dataOff();
    }

    /**
     * Bytes of data in this segment ({@code data_len}): the bound of every data accessor.
     *
     * @return 0 to 65535
     */
    public int dataLen()
    {
        return Short.toUnsignedInt(Memory.getShort(address + MbufRaw.DATA_LEN));
    }

    /**
     * Bytes of data in the whole packet, all segments ({@code pkt_len}, meaningful on the first segment).
     *
     * @return the sum of every segment's {@code data_len}
     */
    public int pktLen()
    {
        return Memory.getInt(address + MbufRaw.PKT_LEN);
    }

    /**
     * Offset of the data from the start of the buffer ({@code data_off}), which is also the headroom.
     *
     * @return bytes, 0 to 65535
     */
    public int dataOff()
    {
        return Short.toUnsignedInt(Memory.getShort(address + MbufRaw.DATA_OFF));
    }

    /**
     * Size of this segment's buffer ({@code buf_len}): headroom + data + tailroom.
     *
     * @return bytes, 0 to 65535
     */
    public int bufLen()
    {
        return Short.toUnsignedInt(Memory.getShort(address + MbufRaw.BUF_LEN));
    }

    /**
     * Free bytes before the data ({@code rte_pktmbuf_headroom}), the room {@link #prepend(int)} can take.
     *
     * @return {@link #dataOff()}
     */
    public int headroom()
    {
        return dataOff();
    }

    /**
     * Free bytes after the data of this segment ({@code rte_pktmbuf_tailroom}).
     *
     * @return {@code buf_len - data_off - data_len}
     */
    public int tailroom()
    {
        return bufLen() - dataOff() - dataLen();
    }

    /**
     * Input port the PMD stamped on the mbuf ({@code port}).
     *
     * @return the port id, 0 to 65535
     */
    public int port()
    {
        return Short.toUnsignedInt(Memory.getShort(address + MbufRaw.PORT));
    }

    /**
     * Sets the {@code port} field, the input port the mbuf is labelled with.
     *
     * @param port the port id; the low 16 bits are stored
     * @return this
     */
    public Mbuf port(final int port)
    {
        Memory.putShort(address + MbufRaw.PORT, (short)port);
        return this;
    }

    /**
     * Number of segments in the packet ({@code nb_segs}, meaningful on the first segment).
     *
     * @return 1 to 65535
     */
    public int nbSegs()
    {
        return Short.toUnsignedInt(Memory.getShort(address + MbufRaw.NB_SEGS));
    }

    /**
     * The segment after this one ({@code next}).
     *
     * @return its {@code struct rte_mbuf *}, or 0 when this is the last segment
     */
    public long next()
    {
        return Memory.getLong(address + MbufRaw.NEXT);
    }

    /**
     * Appends the packet {@code tail} (all its segments) to this one as {@code rte_pktmbuf_chain}
     * does: the last segment's {@code next} points at tail, and this head's {@code nb_segs} and
     * {@code pkt_len} grow by tail's; tail's {@code pkt_len} becomes its own {@code data_len}. The
     * chain owns tail afterwards: freeing the head frees it. Fast path: allocates nothing.
     *
     * @param tail the first segment ({@code struct rte_mbuf *}) of a packet the caller owns
     * @return true when chained; false, changing nothing, when the chain would exceed 65535 segments (EOVERFLOW)
     */
    public boolean chain(final long tail)
    {
        final int tailSegs = Short.toUnsignedInt(Memory.getShort(tail + MbufRaw.NB_SEGS));
        final int segs = nbSegs() + tailSegs;
        if (segs > 0xFFFF)
        {
            return false;
        }
        Memory.putLong(lastSegment() + MbufRaw.NEXT, tail);
        Memory.putShort(address + MbufRaw.NB_SEGS, (short)segs);
        Memory.putInt(address + MbufRaw.PKT_LEN, pktLen() + Memory.getInt(tail + MbufRaw.PKT_LEN));
        Memory.putInt(tail + MbufRaw.PKT_LEN, Short.toUnsignedInt(Memory.getShort(tail + MbufRaw.DATA_LEN)));
        return true;
    }

    /**
     * Reference count ({@code refcnt}), read plainly: {@link #free()} returns the buffer to the pool only when
     * it drops to 0.
     *
     * @return 0 to 65535
     */
    public int refcnt()
    {
        return Short.toUnsignedInt(Memory.getShort(address + MbufRaw.REFCNT));
    }

    /**
     * Adds {@code delta} to the reference count atomically ({@code rte_mbuf_refcnt_update}), e.g. before
     * sending the same mbuf twice.
     *
     * @param delta the change, -32768 to 32767 (passed as {@code int16_t})
     * @return the new count
     */
    public int refcntUpdate(final int delta)
    {
        return MbufRaw.mbuf_refcnt_update(address, delta);
    }

    /**
     * Offload flags ({@code ol_flags}): RX results set by the PMD, TX requests set by the application.
     *
     * @return a mask of {@code RTE_MBUF_F_*} bits
     */
    public long olFlags()
    {
        return Memory.getLong(address + MbufRaw.OL_FLAGS);
    }

    /**
     * Replaces the offload flags (e.g. keep only {@link #F_INDIRECT} | {@link #F_EXTERNAL} before TX).
     *
     * @param flags the whole {@code ol_flags} word
     * @return this
     */
    public Mbuf olFlags(final long flags)
    {
        Memory.putLong(address + MbufRaw.OL_FLAGS, flags);
        return this;
    }

    /**
     * Packet type the PMD recognised on RX ({@code packet_type}).
     *
     * @return {@code RTE_PTYPE_*} bits, 0 when the PMD recognised nothing
     */
    public int packetType()
    {
        return Memory.getInt(address + MbufRaw.PACKET_TYPE);
    }

    /**
     * RSS hash the NIC computed ({@code hash.rss}).
     *
     * @return the 32-bit hash; meaningful only when {@link #olFlags()} has {@code RTE_MBUF_F_RX_RSS_HASH}
     */
    public int rssHash()
    {
        return Memory.getInt(address + MbufRaw.HASH_RSS);
    }

    /**
     * The second 32 bits of the hash union: {@code hash.fdir.hi}, the flow director's ID (with
     * {@code RTE_MBUF_F_RX_FDIR_ID}) or the high flex bytes; {@link #rssHash()} reads the first 32 ({@code hash.fdir.lo}:
     * the FDIR hash in its low 16 bits, the ID in its high ones).
     *
     * @return the 32 bits; meaningful only with {@code RTE_MBUF_F_RX_FDIR}
     */
    public int fdirHi()
    {
        return Memory.getInt(address + MbufRaw.HASH_RSS + 4);
    }

    /**
     * VLAN tag control information the PMD stripped on RX ({@code vlan_tci}), host order.
     *
     * @return PCP, DEI and VID in 16 bits; meaningful only with {@code RTE_MBUF_F_RX_VLAN_STRIPPED}
     */
    public int vlanTci()
    {
        return Short.toUnsignedInt(Memory.getShort(address + MbufRaw.VLAN_TCI));
    }

    /**
     * Sets the VLAN TCI to insert on TX (with {@code RTE_MBUF_F_TX_VLAN}), host order.
     *
     * @param tci PCP, DEI and VID; the low 16 bits are stored
     * @return this
     */
    public Mbuf vlanTci(final int tci)
    {
        Memory.putShort(address + MbufRaw.VLAN_TCI, (short)tci);
        return this;
    }

    /**
     * Outer VLAN tag control information of a QinQ packet ({@code vlan_tci_outer}), host order.
     *
     * @return PCP, DEI and VID in 16 bits; meaningful only with {@code RTE_MBUF_F_RX_QINQ_STRIPPED}
     */
    public int vlanTciOuter()
    {
        return Short.toUnsignedInt(Memory.getShort(address + MbufRaw.VLAN_TCI_OUTER));
    }

    /**
     * Sets the outer VLAN TCI to insert on TX (with {@code RTE_MBUF_F_TX_QINQ}), host order.
     *
     * @param tci PCP, DEI and VID; the low 16 bits are stored
     * @return this
     */
    public Mbuf vlanTciOuter(final int tci)
    {
        Memory.putShort(address + MbufRaw.VLAN_TCI_OUTER, (short)tci);
        return this;
    }

    /**
     * The TX offload lengths word ({@code tx_offload}: l2_len, l3_len, l4_len, tso_segsz, outer lengths).
     *
     * @return the 64-bit word, layout as in {@link MbufRaw#TX_OFFLOAD}
     */
    public long txOffload()
    {
        return Memory.getLong(address + MbufRaw.TX_OFFLOAD);
    }

    /**
     * Sets the whole TX offload lengths word (one write for several lengths).
     *
     * @param word the 64-bit {@code tx_offload} value, layout as in {@link MbufRaw#TX_OFFLOAD}
     * @return this
     */
    public Mbuf txOffload(final long word)
    {
        Memory.putLong(address + MbufRaw.TX_OFFLOAD, word);
        return this;
    }

    /**
     * L2 header length for TX offloads ({@code l2_len}, bits 0-6 of {@code tx_offload}).
     *
     * @return bytes, 0 to 127
     */
    public int l2Len()
    {
        return (int)(txOffload() & 0x7F);
    }

    /**
     * Sets the L2 header length for TX offloads ({@code l2_len}); the other bits of {@code tx_offload} are kept.
     *
     * @param len bytes; the low 7 bits are stored
     * @return this
     */
    public Mbuf l2Len(final int len)
    {
        return txOffloadBits(0, 0x7F, len);
    }

    /**
     * L3 header length for TX offloads ({@code l3_len}, bits 7-15 of {@code tx_offload}).
     *
     * @return bytes, 0 to 511
     */
    public int l3Len()
    {
        return (int)((txOffload() >>> 7) & 0x1FF);
    }

    /**
     * Sets the L3 header length for TX offloads ({@code l3_len}); the other bits of {@code tx_offload} are kept.
     *
     * @param len bytes; the low 9 bits are stored
     * @return this
     */
    public Mbuf l3Len(final int len)
    {
        return txOffloadBits(7, 0x1FF, len);
    }

    /**
     * Sets l2_len and l3_len with one 16-bit store, as gcc compiles testpmd's two bitfield assignments: on a
     * little-endian CPU (every one DPDK 22.11 runs on) they are exactly the low 16 bits of the tx_offload word,
     * l2_len in bits 0-6 and l3_len in bits 7-15. The rest of the word is left as it is.
     *
     * @param l2Len L2 header length in bytes; the low 7 bits are stored
     * @param l3Len L3 header length in bytes; the low 9 bits are stored
     * @return this
     */
    public Mbuf l2l3Len(final int l2Len, final int l3Len)
    {
        Memory.putShort(address + MbufRaw.TX_OFFLOAD, (short)((l2Len & 0x7F) | ((l3Len & 0x1FF) << 7)));
        return this;
    }

    /**
     * L4 header length for TX offloads ({@code l4_len}, bits 16-23 of {@code tx_offload}).
     *
     * @return bytes, 0 to 255
     */
    public int l4Len()
    {
        return (int)((txOffload() >>> 16) & 0xFF);
    }

    /**
     * Sets the L4 header length for TX offloads ({@code l4_len}); the other bits of {@code tx_offload} are kept.
     *
     * @param len bytes; the low 8 bits are stored
     * @return this
     */
    public Mbuf l4Len(final int len)
    {
        return txOffloadBits(16, 0xFF, len);
    }

    private Mbuf txOffloadBits(final int shift, final long mask, final int value)
    {
        final long word = txOffload();
        Memory.putLong(address + MbufRaw.TX_OFFLOAD, (word & ~(mask << shift)) | ((value & mask) << shift));
        return this;
    }

    /**
     * The pool this mbuf belongs to and returns to when freed ({@code pool}).
     *
     * @return the {@code struct rte_mempool *}
     */
    public long pool()
    {
        return Memory.getLong(address + MbufRaw.POOL);
    }

    /**
     * Makes room for {@code len} bytes before the data ({@code rte_pktmbuf_prepend}); their content is whatever
     * the headroom held.
     *
     * @param len bytes to add at the front of the first segment, 0 or more (negative: false)
     * @return true when done; false, changing nothing, when the headroom is too small
     */
    public boolean prepend(final int len)
    {
        final int off = dataOff();
        if (len < 0 || len > off)
        {
            return false;
        }
        Memory.putShort(address + MbufRaw.DATA_OFF, (short)(off - len));
        Memory.putShort(address + MbufRaw.DATA_LEN, (short)(dataLen() + len));
        Memory.putInt(address + MbufRaw.PKT_LEN, pktLen() + len);
        return true;
    }

    /**
     * Removes {@code len} bytes from the start of the data ({@code rte_pktmbuf_adj}).
     *
     * @param len bytes to drop from the front of the first segment, 0 or more (negative: false)
     * @return true when done; false, changing nothing, when the segment holds fewer bytes
     */
    public boolean adj(final int len)
    {
        final int dataLen = dataLen();
        if (len < 0 || len > dataLen)
        {
            return false;
        }
        Memory.putShort(address + MbufRaw.DATA_OFF, (short)(dataOff() + len));
        Memory.putShort(address + MbufRaw.DATA_LEN, (short)(dataLen - len));
        Memory.putInt(address + MbufRaw.PKT_LEN, pktLen() - len);
        return true;
    }

    /**
     * Adds {@code len} bytes after the data of the last segment ({@code rte_pktmbuf_append}); their
     * content is whatever the buffer held.
     *
     * @param len bytes to add at the end of the last segment, 0 or more (negative: false)
     * @return true when done; false, changing nothing, when the last segment's tailroom is too small
     */
    public boolean append(final int len)
    {
        final long last = lastSegment();
        final int segLen = Short.toUnsignedInt(Memory.getShort(last + MbufRaw.DATA_LEN));
        final int room = Short.toUnsignedInt(Memory.getShort(last + MbufRaw.BUF_LEN)) -
            Short.toUnsignedInt(Memory.getShort(last + MbufRaw.DATA_OFF)) - segLen;
        if (len < 0 || len > room)
        {
            return false;
        }
        Memory.putShort(last + MbufRaw.DATA_LEN, (short)(segLen + len));
        Memory.putInt(address + MbufRaw.PKT_LEN, pktLen() + len);
        return true;
    }

    /**
     * Removes {@code len} bytes from the end of the last segment ({@code rte_pktmbuf_trim}).
     *
     * @param len bytes to drop from the end of the last segment, 0 or more (negative: false)
     * @return true when done; false, changing nothing, when the last segment holds fewer bytes
     */
    public boolean trim(final int len)
    {
        final long last = lastSegment();
        final int segLen = Short.toUnsignedInt(Memory.getShort(last + MbufRaw.DATA_LEN));
        if (len < 0 || len > segLen)
        {
            return false;
        }
        Memory.putShort(last + MbufRaw.DATA_LEN, (short)(segLen - len));
        Memory.putInt(address + MbufRaw.PKT_LEN, pktLen() - len);
        return true;
    }

    /**
     * Sets {@code data_len} and {@code pkt_len} of a single-segment mbuf, e.g. after writing a packet from
     * offset 0; bytes past the old length are whatever the buffer held.
     *
     * @param len the new length in bytes, at most {@code buf_len - data_off}
     * @return true when set; false, changing nothing, when the mbuf has several segments or len does not fit
     */
    public boolean length(final int len)
    {
        if (nbSegs() != 1 || len < 0 || len > bufLen() - dataOff())
        {
            return false;
        }
        Memory.putShort(address + MbufRaw.DATA_LEN, (short)len);
        Memory.putInt(address + MbufRaw.PKT_LEN, len);
        return true;
    }

    /**
     * Resets the mbuf's fields as a fresh allocation would ({@code rte_pktmbuf_reset}): one segment, no data,
     * default headroom, no offload flag but {@link #F_EXTERNAL}. The reference count is left alone.
     */
    public void reset()
    {
        MbufRaw.pktmbuf_reset(address);
    }

    /** Gives the mbuf (all segments) back to its pool. The flyweight must be re-pointed before use. */
    public void free()
    {
        MbufRaw.pktmbuf_free(address);
        address = 0;
    }

    // ---- bounded data access, network byte order -----------------------------------------------

    /**
     * Reads the data byte at {@code offset}.
     *
     * @param offset from the first data byte, in {@code [0, dataLen())}
     * @return the byte, signed
     * @throws IndexOutOfBoundsException when the byte lies outside {@code data_len}
     */
    public byte getByte(final int offset)
    {
        return Memory.getByte(null, at(offset, 1));
    }

    /**
     * Reads the data byte at {@code offset} as an unsigned value.
     *
     * @param offset from the first data byte, in {@code [0, dataLen())}
     * @return 0 to 255
     * @throws IndexOutOfBoundsException when the byte lies outside {@code data_len}
     */
    public int getUnsignedByte(final int offset)
    {
        return Byte.toUnsignedInt(getByte(offset));
    }

    /**
     * Writes the data byte at {@code offset}.
     *
     * @param offset from the first data byte, in {@code [0, dataLen())}
     * @param value the low 8 bits are stored
     * @return this
     * @throws IndexOutOfBoundsException when the byte lies outside {@code data_len}; nothing is written
     */
    public Mbuf putByte(final int offset, final int value)
    {
        Memory.putByte(null, at(offset, 1), (byte)value);
        return this;
    }

    /**
     * Reads the 16-bit value at {@code offset}, network byte order (big-endian).
     *
     * @param offset from the first data byte; {@code offset + 2} at most {@code dataLen()}
     * @return 0 to 65535
     * @throws IndexOutOfBoundsException when the bytes lie outside {@code data_len}
     */
    public int getShort(final int offset)
    {
        return Short.toUnsignedInt(Memory.getShortBigEndian(null, at(offset, 2)));
    }

    /**
     * Writes a 16-bit value at {@code offset}, network byte order (big-endian).
     *
     * @param offset from the first data byte; {@code offset + 2} at most {@code dataLen()}
     * @param value the low 16 bits are stored
     * @return this
     * @throws IndexOutOfBoundsException when the bytes lie outside {@code data_len}; nothing is written
     */
    public Mbuf putShort(final int offset, final int value)
    {
        Memory.putShortBigEndian(null, at(offset, 2), (short)value);
        return this;
    }

    /**
     * Reads the 32-bit value at {@code offset}, network byte order (big-endian).
     *
     * @param offset from the first data byte; {@code offset + 4} at most {@code dataLen()}
     * @return the value, as a signed int
     * @throws IndexOutOfBoundsException when the bytes lie outside {@code data_len}
     */
    public int getInt(final int offset)
    {
        return Memory.getIntBigEndian(null, at(offset, 4));
    }

    /**
     * Writes a 32-bit value at {@code offset}, network byte order (big-endian).
     *
     * @param offset from the first data byte; {@code offset + 4} at most {@code dataLen()}
     * @param value the value
     * @return this
     * @throws IndexOutOfBoundsException when the bytes lie outside {@code data_len}; nothing is written
     */
    public Mbuf putInt(final int offset, final int value)
    {
        Memory.putIntBigEndian(null, at(offset, 4), value);
        return this;
    }

    /**
     * Reads the 64-bit value at {@code offset}, network byte order (big-endian).
     *
     * @param offset from the first data byte; {@code offset + 8} at most {@code dataLen()}
     * @return the value, as a signed long
     * @throws IndexOutOfBoundsException when the bytes lie outside {@code data_len}
     */
    public long getLong(final int offset)
    {
        return Memory.getLongBigEndian(null, at(offset, 8));
    }

    /**
     * Writes a 64-bit value at {@code offset}, network byte order (big-endian).
     *
     * @param offset from the first data byte; {@code offset + 8} at most {@code dataLen()}
     * @param value the value
     * @return this
     * @throws IndexOutOfBoundsException when the bytes lie outside {@code data_len}; nothing is written
     */
    public Mbuf putLong(final int offset, final long value)
    {
        Memory.putLongBigEndian(null, at(offset, 8), value);
        return this;
    }

    /**
     * Copies {@code length} data bytes from {@code offset} into {@code dst}.
     *
     * @param offset first data byte to copy; {@code offset + length} at most {@code dataLen()}
     * @param dst the array to fill
     * @param dstOffset where in {@code dst} the first byte goes
     * @param length bytes to copy
     * @throws IndexOutOfBoundsException when the range lies outside {@code data_len} or outside {@code dst}
     */
    public void getBytes(final int offset, final byte[] dst, final int dstOffset, final int length)
    {
        MemorySegment.copy(Memory.ALL, ValueLayout.JAVA_BYTE, at(offset, length), dst, dstOffset, length);
    }

    /**
     * Copies {@code length} bytes of {@code src} into the data at {@code offset}; the data length is unchanged.
     *
     * @param offset first data byte to overwrite; {@code offset + length} at most {@code dataLen()}
     * @param src the bytes to copy
     * @param srcOffset where in {@code src} the first byte is
     * @param length bytes to copy
     * @throws IndexOutOfBoundsException when the range lies outside {@code data_len} or outside {@code src}
     */
    public void putBytes(final int offset, final byte[] src, final int srcOffset, final int length)
    {
        MemorySegment.copy(src, srcOffset, Memory.ALL, ValueLayout.JAVA_BYTE, at(offset, length), length);
    }

    /**
     * The data of this segment as a new byte array (allocates: control path and tests).
     *
     * @return a copy of {@code [0, dataLen())}; later segments are not included
     */
    public byte[] toByteArray()
    {
        final byte[] bytes = new byte[dataLen()];
        getBytes(0, bytes, 0, bytes.length);
        return bytes;
    }

    /**
     * A segment over this mbuf's data, bounded by data_len (allocates a segment object: for the
     * control path, tests and bulk copies; the fast path uses the accessors).
     *
     * @return a slice of {@code data_len} bytes at {@link #dataAddress()}, not to be used once the mbuf is freed
     */
    public MemorySegment data()
    {
        return Memory.ALL.asSlice(dataAddress(), dataLen());
    }

    private long at(final int offset, final int size)
    {
        final int dataLen = dataLen();
        if (offset < 0 || size < 0 || offset > dataLen - size)
        {
            throw new IndexOutOfBoundsException("mbuf data access [" + offset + ", " + offset + " + " + size +
                ") outside data_len " + dataLen);
        }
        return dataAddress() + offset;
    }

    private long lastSegment()
    {
        long seg = address;
        long next;
        while ((next = Memory.getLong(seg + MbufRaw.NEXT)) != 0)
        {
            seg = next;
        }
        return seg;
    }

    @Override
    public String toString()
    {
        return address == 0 ? "Mbuf{unwrapped}" : "Mbuf{0x" + Long.toHexString(address) + ", port=" + port() +
            ", data_len=" + dataLen() + ", pkt_len=" + pktLen() + ", headroom=" + headroom() + "}";
    }
}
