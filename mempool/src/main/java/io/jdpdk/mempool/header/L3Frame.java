package io.jdpdk.mempool.header;

import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.raw.MbufRaw;

import static io.jdpdk.mempool.header.HeaderOffsets.ETH_DESTINATION;
import static io.jdpdk.mempool.header.HeaderOffsets.ETH_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.ETH_SOURCE;
import static io.jdpdk.mempool.header.HeaderOffsets.ETH_TYPE;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_DESTINATION;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_MIN_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_TTL;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_DESTINATION;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_NEXT_HEADER;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_PAYLOAD_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_VERSION_CLASS_FLOW;

/**
 * Layer-3 reads and writes of one frame at a raw address, without a header view, for forwarding loops that handle
 * the common packets of a burst in a few tight passes (as DPDK's {@code l3fwd_sse.h} does) and hand only the rest to
 * the header views. Nothing is stored: every answer comes back in registers ({@link #plainIpv4} packs an IPv4
 * packet's destination and TTL in one {@code long}).
 * <p>
 * A frame is one of three kinds ({@link #kind}), from its bytes alone:
 * <ul>
 *   <li>{@link #IPV4} ({@link #plainIpv4}): an untagged IPv4 frame whose header has no options (first byte 0x45),
 *   whose Total Length holds the header and fits in the frame, and whose header checksum verifies: exactly the
 *   frames {@link Ipv4View#wrap} accepts with {@code headerLength() == 20} and {@link Checksums#verifyIpv4Header}
 *   passes (or, given the NIC's verdict, {@link #plainIpv4(long, int, long)}, whose checksum the NIC found good).
 *   The header's 20 bytes are read in three loads, and the checksum tested with one multiply instead of folding
 *   ({@link #sumsToZero}).</li>
 *   <li>{@link #IPV6} ({@link #plainIpv6}): an untagged IPv6 frame that {@link Ipv6View#wrap} accepts and whose
 *   next header is not an extension header.</li>
 *   <li>{@link #OTHER}: everything else (ARP, VLAN tags, IPv4 options, extension headers, and every malformed or
 *   truncated frame): nothing is vouched for; read it through the header views, which say what is wrong.</li>
 * </ul>
 * For a forwarder that does what DPDK's l3fwd does rather than what RFC 1812 asks, {@link #l3fwdIpv4},
 * {@link #l3fwdIpv6} and {@link #l3fwdDecrementIpv4Ttl} read and write frames by l3fwd's looser rules instead.
 * <p>
 * Every read is bounded by the length the caller passes (an mbuf's {@code data_len}, {@link #dataLength}), checked
 * once per frame against the largest offset its kind reads, so nothing outside the frame is read however short or
 * malformed it is. The writers ({@link #decrementIpv4Ttl}, {@link #rewriteEthernet}) take a frame of a kind that
 * guarantees the bytes they touch. {@code L3FrameOracle} holds all of this to the views' answers under fuzzing.
 * <p>
 * Threading: stateless; allocates nothing, throws nothing.
 */
public final class L3Frame
{
    /** Neither kind below: read the frame through the header views. */
    public static final byte OTHER = 0;

    /** IPv4 without options, well formed, checksum verified. */
    public static final byte IPV4 = 1;

    /** IPv6 without extension headers, well formed. */
    public static final byte IPV6 = 2;

    /** What {@link #plainIpv4} returns for any frame not of kind {@link #IPV4}. */
    public static final long NOT_PLAIN_IPV4 = -1;

    /** 0xFFFF times this is 1 modulo 2^64. */
    private static final long INVERSE_OF_FFFF = 0xFFFE_FFFE_FFFE_FFFFL;

    /** (2^64 - 1) / 0xFFFF: the largest product a multiple of 0xFFFF gives with {@link #INVERSE_OF_FFFF}. */
    private static final long MULTIPLES_OF_FFFF_BOUND = 0x0001_0001_0001_0001L;

    private static final int IPV4_FRAME_MIN = ETH_HEADER_LENGTH + IPV4_MIN_HEADER_LENGTH;
    private static final int IPV6_FRAME_MIN = ETH_HEADER_LENGTH + IPV6_HEADER_LENGTH;

    private L3Frame()
    {
    }

    /**
     * The address of the frame in an mbuf's first segment ({@code rte_pktmbuf_mtod}).
     *
     * @param mbuf a {@code struct rte_mbuf *}
     * @return {@code buf_addr + data_off}
     */
    public static long frame(final long mbuf)
    {
        return Memory.getLong(mbuf + MbufRaw.BUF_ADDR) + Short.toUnsignedInt(Memory.getShort(mbuf + MbufRaw.DATA_OFF));
    }

    /**
     * The length of the frame in an mbuf's first segment ({@code data_len}).
     *
     * @param mbuf a {@code struct rte_mbuf *}
     * @return 0 to 65535
     */
    public static int dataLength(final long mbuf)
    {
        return Short.toUnsignedInt(Memory.getShort(mbuf + MbufRaw.DATA_LEN));
    }

    /**
     * The NIC's verdict on the IPv4 header checksum of the packet in an mbuf, for
     * {@link #plainIpv4(long, int, long)}: meaningful on a port with {@code RTE_ETH_RX_OFFLOAD_IPV4_CKSUM} enabled.
     *
     * @param mbuf a {@code struct rte_mbuf *}
     * @return {@code ol_flags & RTE_MBUF_F_RX_IP_CKSUM_MASK} ({@link Mbuf#F_RX_IP_CKSUM_MASK})
     */
    public static long ipChecksumVerdict(final long mbuf)
    {
        return Memory.getLong(mbuf + MbufRaw.OL_FLAGS) & Mbuf.F_RX_IP_CKSUM_MASK;
    }

    /**
     * The kind of a frame.
     *
     * @param frame  the frame's address ({@link #frame(long)})
     * @param length the bytes readable from it ({@link #dataLength(long)}); nothing beyond is read
     * @return {@link #IPV4}, {@link #IPV6} or {@link #OTHER}
     */
    public static byte kind(final long frame, final int length)
    {
        return plainIpv4(frame, length) != NOT_PLAIN_IPV4 ? IPV4 : plainIpv6(frame, length) ? IPV6 : OTHER;
    }

    /**
     * Reads a frame of kind {@link #IPV4}.
     *
     * @param frame  the frame's address ({@link #frame(long)})
     * @param length the bytes readable from it ({@link #dataLength(long)}); nothing beyond is read
     * @return {@link #NOT_PLAIN_IPV4} unless the frame is of kind {@link #IPV4}; else its destination address
     *         ({@link #ipv4Destination(long)}) and TTL ({@link #ipv4Ttl(long)}) packed in a non-negative value
     */
    public static long plainIpv4(final long frame, final int length)
    {
        return plainIpv4(frame, length, Mbuf.F_RX_IP_CKSUM_UNKNOWN);
    }

    /**
     * Reads a frame of kind {@link #IPV4}, taking the NIC's verdict on its header checksum where it has one, as an
     * application that enables {@code RTE_ETH_RX_OFFLOAD_IPV4_CKSUM} does: {@link Mbuf#F_RX_IP_CKSUM_GOOD}, the
     * checksum is not summed again; {@link Mbuf#F_RX_IP_CKSUM_BAD}, the frame is not of kind {@link #IPV4} (the header
     * views say why: {@link Checksums#verifyIpv4Header} fails on it); {@link Mbuf#F_RX_IP_CKSUM_UNKNOWN} or
     * {@link Mbuf#F_RX_IP_CKSUM_NONE}, summed here as {@link #plainIpv4(long, int)} does. Every other test is made
     * whatever the verdict.
     *
     * @param frame      the frame's address ({@link #frame(long)})
     * @param length     the bytes readable from it ({@link #dataLength(long)}); nothing beyond is read
     * @param ipChecksum the mbuf's {@code ol_flags} and {@link Mbuf#F_RX_IP_CKSUM_MASK}
     * @return as {@link #plainIpv4(long, int)}
     */
    public static long plainIpv4(final long frame, final int length, final long ipChecksum)
    {
        if (length < IPV4_FRAME_MIN || u16(frame + ETH_TYPE) != EtherType.IPV4 || ipChecksum == Mbuf.F_RX_IP_CKSUM_BAD)
        {
            return NOT_PLAIN_IPV4;
        }
        // The 20-byte header in three loads; every field and the checksum test come from them.
        final long ip = frame + ETH_HEADER_LENGTH;
        final long a = Memory.getLongBigEndian(null, ip);
        final long b = Memory.getLongBigEndian(null, ip + 8);
        final long c = Memory.getIntBigEndian(null, ip + IPV4_DESTINATION) & 0xFFFF_FFFFL;
        final int totalLength = (int)(a >>> 32) & 0xFFFF;
        if ((a >>> 56) == 0x45 && totalLength >= IPV4_MIN_HEADER_LENGTH && totalLength <= length - ETH_HEADER_LENGTH &&
            (ipChecksum == Mbuf.F_RX_IP_CKSUM_GOOD ||
                sumsToZero((a >>> 32) + (a & 0xFFFF_FFFFL) + (b >>> 32) + (b & 0xFFFF_FFFFL) + c)))
        {
            return c | ((b >>> 56) << 32);
        }
        return NOT_PLAIN_IPV4;
    }

    /**
     * Reads an IPv4 frame as DPDK's l3fwd (22.11, LPM, the vector path's {@code rfc1812_process}) takes it: an
     * untagged IPv4 frame whose first header byte is 0x45 to 0x4F (version 4, IHL 5 to 15) and whose Total Length
     * is 20 or more, with the header's first 20 bytes inside the frame. Nothing else is tested: not the checksum,
     * not the TTL, not Total Length against the frame or the IHL, not that the options are there; l3fwd reads
     * the destination at its fixed offset whatever the IHL. Where l3fwd would read past a frame too short for
     * those 20 bytes, this refuses it.
     *
     * @param frame  the frame's address ({@link #frame(long)})
     * @param length the bytes readable from it ({@link #dataLength(long)}); nothing beyond is read
     * @return {@link #NOT_PLAIN_IPV4} for a frame l3fwd would not forward as IPv4 (or not IPv4 at all); else its
     *         destination and TTL packed as {@link #plainIpv4} packs them
     */
    public static long l3fwdIpv4(final long frame, final int length)
    {
        if (length < IPV4_FRAME_MIN || u16(frame + ETH_TYPE) != EtherType.IPV4)
        {
            return NOT_PLAIN_IPV4;
        }
        final long ip = frame + ETH_HEADER_LENGTH;
        final int head = Memory.getIntBigEndian(null, ip); // version and IHL, TOS, Total Length
        if (!l3fwdAcceptsIpv4(head >>> 24, head & 0xFFFF))
        {
            return NOT_PLAIN_IPV4;
        }
        return (Memory.getIntBigEndian(null, ip + IPV4_DESTINATION) & 0xFFFF_FFFFL) |
            ((long)Byte.toUnsignedInt(Memory.getByte(null, ip + IPV4_TTL)) << 32);
    }

    /**
     * l3fwd's {@code rfc1812_process} test of an IPv4 header (what it drops as {@code BAD_PORT}): the first byte
     * 0x45 to 0x4F and the Total Length 20 or more.
     *
     * @param versionIhl  the header's first byte, 0 to 255
     * @param totalLength its Total Length, 0 to 65535
     * @return true when l3fwd forwards it
     */
    public static boolean l3fwdAcceptsIpv4(final int versionIhl, final int totalLength)
    {
        return ((versionIhl - 0x45) & 0xFF) <= 0x4F - 0x45 && totalLength >= IPV4_MIN_HEADER_LENGTH;
    }

    /**
     * Whether DPDK's l3fwd (22.11, LPM) looks up a frame as IPv6 and this can read its destination: an untagged
     * IPv6 frame whose 40-byte header is inside the frame. l3fwd reads the destination without looking at the rest
     * of the header, so neither is anything else tested here.
     *
     * @param frame  the frame's address ({@link #frame(long)})
     * @param length the bytes readable from it ({@link #dataLength(long)}); nothing beyond is read
     * @return true when {@link #ipv6DestinationHigh} and {@link #ipv6DestinationLow} may read it
     */
    public static boolean l3fwdIpv6(final long frame, final int length)
    {
        return length >= IPV6_FRAME_MIN && u16(frame + ETH_TYPE) == EtherType.IPV6;
    }

    /**
     * The destination address in a {@link #plainIpv4} or {@link #l3fwdIpv4} result.
     *
     * @param ipv4 a result other than {@link #NOT_PLAIN_IPV4}
     * @return host order (first octet most significant)
     */
    public static int ipv4Destination(final long ipv4)
    {
        return (int)ipv4;
    }

    /**
     * The TTL in a {@link #plainIpv4} or {@link #l3fwdIpv4} result.
     *
     * @param ipv4 a result other than {@link #NOT_PLAIN_IPV4}
     * @return 0 to 255
     */
    public static int ipv4Ttl(final long ipv4)
    {
        return (int)(ipv4 >>> 32);
    }

    /**
     * Whether a frame is of kind {@link #IPV6}: version 6, the payload within the frame, and a next header that is
     * not an extension header ({@link Ipv6View#wrap}'s rules).
     *
     * @param frame  the frame's address ({@link #frame(long)})
     * @param length the bytes readable from it ({@link #dataLength(long)}); nothing beyond is read
     * @return true for {@link #IPV6}
     */
    public static boolean plainIpv6(final long frame, final int length)
    {
        if (length < IPV6_FRAME_MIN || u16(frame + ETH_TYPE) != EtherType.IPV6)
        {
            return false;
        }
        final long ip = frame + ETH_HEADER_LENGTH;
        return (Byte.toUnsignedInt(Memory.getByte(null, ip + IPV6_VERSION_CLASS_FLOW)) >>> 4) == 6 &&
            u16(ip + IPV6_PAYLOAD_LENGTH) <= length - ETH_HEADER_LENGTH - IPV6_HEADER_LENGTH &&
            !IpProtocol.isIpv6ExtensionHeader(Byte.toUnsignedInt(Memory.getByte(null, ip + IPV6_NEXT_HEADER)));
    }

    /**
     * The first 8 bytes of the destination address of a frame of kind {@link #IPV6}.
     *
     * @param frame a frame {@link #plainIpv6} or {@link #l3fwdIpv6} accepted
     * @return big-endian: the address's first byte most significant
     */
    public static long ipv6DestinationHigh(final long frame)
    {
        return Memory.getLongBigEndian(null, frame + ETH_HEADER_LENGTH + IPV6_DESTINATION);
    }

    /**
     * The last 8 bytes of the destination address of a frame of kind {@link #IPV6}.
     *
     * @param frame a frame {@link #plainIpv6} or {@link #l3fwdIpv6} accepted
     * @return big-endian: byte 8 of the address most significant
     */
    public static long ipv6DestinationLow(final long frame)
    {
        return Memory.getLongBigEndian(null, frame + ETH_HEADER_LENGTH + IPV6_DESTINATION + 8);
    }

    /**
     * Decrements the TTL of a frame of kind {@link #IPV4} whose TTL is 1 or more and patches its header checksum
     * incrementally (RFC 1624): the same bytes as {@link Ipv4View#decrementTtl}.
     *
     * @param frame a frame {@link #plainIpv4} accepted, with a TTL of 1 or more
     */
    public static void decrementIpv4Ttl(final long frame)
    {
        // TTL, Protocol and Header Checksum in one big-endian word. The TTL's word m drops by 0x100, so RFC 1624's
        // HC' = ~(~HC + ~m + m') is ~(~HC + 0xFEFF), whose sum needs a single fold (it is below 0x1FEFF).
        final long at = frame + ETH_HEADER_LENGTH + IPV4_TTL;
        final int word = Memory.getIntBigEndian(null, at);
        int sum = (~word & 0xFFFF) + 0xFEFF;
        sum = (sum & 0xFFFF) + (sum >>> 16);
        Memory.putIntBigEndian(null, at, ((word - 0x0100_0000) & 0xFFFF_0000) | (~sum & 0xFFFF));
    }

    /**
     * Decrements the TTL and increments the header checksum of an IPv4 frame exactly as DPDK's l3fwd does
     * ({@code --(ipv4_hdr->time_to_live); ++(ipv4_hdr->hdr_checksum);}), whatever they hold: a TTL of 0 becomes 255.
     * On this little-endian host the checksum's increment adds 0x0100 to the big-endian field with the carry out of
     * its first byte going into its second, which is RFC 1624's update for the TTL's drop by one for every checksum
     * a correct header can have (all but 0xFFFF), though where RFC 1624 gives 0x0000 it gives 0xFFFF.
     *
     * @param frame a frame {@link #l3fwdIpv4} accepted
     */
    public static void l3fwdDecrementIpv4Ttl(final long frame)
    {
        final long at = frame + ETH_HEADER_LENGTH + IPV4_TTL;
        Memory.putInt(at, l3fwdDecrementTtl(Memory.getInt(at)));
    }

    /**
     * {@link #l3fwdDecrementIpv4Ttl}'s arithmetic on the four bytes from the TTL on (TTL, Protocol, Header Checksum)
     * read as one native-order (little-endian) {@code int}: the first byte less one, the last two, as a 16-bit
     * little-endian number, plus one, each wrapping.
     *
     * @param word the bytes at the IPv4 header's offset 8, little-endian
     * @return the bytes to write back there, little-endian
     */
    public static int l3fwdDecrementTtl(final int word)
    {
        return ((word + 0x1_0000) & 0xFFFF_0000) | (word & 0xFF00) | ((word - 1) & 0xFF);
    }

    /**
     * Writes both MAC addresses of a frame of kind {@link #IPV4} or {@link #IPV6} (12 bytes, two stores).
     *
     * @param frame       a frame of either kind
     * @param destination the destination MAC in the low 48 bits, first octet most significant
     * @param source      the source MAC, the same way
     */
    public static void rewriteEthernet(final long frame, final long destination, final long source)
    {
        Memory.putLongBigEndian(null, frame + ETH_DESTINATION, (destination << 16) | ((source >>> 32) & 0xFFFF));
        Memory.putIntBigEndian(null, frame + ETH_SOURCE + 2, (int)source);
    }

    /**
     * Whether 32-bit words of a header, summed into {@code sum} (five of them at most, so below 2^35), make a
     * one's-complement sum of 0xFFFF, which is what a correct checksum gives: since 2^16 is 1 modulo 0xFFFF, that
     * is {@code sum} being a nonzero multiple of 0xFFFF, tested without a division as {@code sum} times the inverse
     * of 0xFFFF modulo 2^64 landing at or below (2^64 - 1) / 0xFFFF (one multiply, one compare; no folding).
     */
    static boolean sumsToZero(final long sum)
    {
        return sum != 0 && Long.compareUnsigned(sum * INVERSE_OF_FFFF, MULTIPLES_OF_FFFF_BOUND) <= 0;
    }

    private static int u16(final long address)
    {
        return Short.toUnsignedInt(Memory.getShortBigEndian(null, address));
    }
}
