package io.jdpdk.mempool.header;

import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.MbufBurst;
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
 * The layer-3 fields of a whole burst, read in one pass over its mbufs, for forwarding code that handles the
 * common packets by the burst (as DPDK's {@code l3fwd_sse.h} does) and hands only the rest to the header views.
 * <p>
 * {@link #parse} sorts every packet of a burst into one of three kinds, from the first segment's bytes
 * ({@link #parsePacket} one packet at a time):
 * <ul>
 *   <li>{@link #IPV4}: an untagged IPv4 frame whose header has no options (first byte 0x45), whose Total Length
 *   holds the header and fits in the frame, and whose header checksum verifies: exactly the frames
 *   {@link Ipv4View#wrap} accepts with {@code headerLength() == 20} and {@link Checksums#verifyIpv4Header} passes.
 *   Its destination address is in {@link #ipv4Destinations()}.</li>
 *   <li>{@link #IPV6}: an untagged IPv6 frame that {@link Ipv6View#wrap} accepts and whose next header is not an
 *   extension header. Its destination address is in {@link #ipv6DestinationHigh} / {@link #ipv6DestinationLow}.</li>
 *   <li>{@link #OTHER}: everything else (ARP, VLAN tags, IPv4 options, extension headers, and every malformed or
 *   truncated frame): nothing is vouched for; read it through the header views, which say what is wrong.</li>
 * </ul>
 * Every read is bounded by the first segment's {@code data_len}, checked once per packet against the largest
 * offset its kind reads, so nothing outside the frame is read however short or malformed it is. The writers
 * ({@link #decrementIpv4Ttl}, {@link #rewriteEthernet}) touch only bytes the packet's kind guarantees.
 * <p>
 * <b>Without the arrays</b>: the static {@link #plainIpv4(long, int)} answers the {@link #IPV4} question for one
 * frame and returns its destination and TTL in one {@code long}, and the static {@link #decrementIpv4Ttl(long)} and
 * {@link #rewriteEthernet(long, long, long)} write a frame, so that a forwarding loop can read, look up and rewrite
 * an IPv4 packet with its fields in registers (what l3fwd's router does). The header's 20 bytes are read in three
 * loads, and the checksum is tested with one multiply instead of folding ({@link #sumsToZero}).
 * <p>
 * Threading: one per lcore; {@link #parse} and the accessors allocate nothing and throw nothing for indices
 * below the parsed count. The arrays returned by {@link #ipv4Destinations()} are this object's own, overwritten
 * by the next {@link #parse}.
 */
public final class L3Burst
{
    /** Neither kind below: read the packet through the header views. */
    public static final byte OTHER = 0;

    /** IPv4 without options, well formed, checksum verified. */
    public static final byte IPV4 = 1;

    /** IPv6 without extension headers, well formed. */
    public static final byte IPV6 = 2;

    private static final int IPV4_FRAME_MIN = ETH_HEADER_LENGTH + IPV4_MIN_HEADER_LENGTH;
    private static final int IPV6_FRAME_MIN = ETH_HEADER_LENGTH + IPV6_HEADER_LENGTH;
    private static final int ETHERTYPE_IPV4 = EtherType.IPV4;
    private static final int ETHERTYPE_IPV6 = EtherType.IPV6;

    /** What {@link #plainIpv4} returns for any frame not of kind {@link #IPV4}. */
    public static final long NOT_PLAIN_IPV4 = -1;

    /** 0xFFFF times this is 1 modulo 2^64. */
    private static final long INVERSE_OF_FFFF = 0xFFFE_FFFE_FFFE_FFFFL;

    /** (2^64 - 1) / 0xFFFF: the largest product a multiple of 0xFFFF gives with {@link #INVERSE_OF_FFFF}. */
    private static final long MULTIPLES_OF_FFFF_BOUND = 0x0001_0001_0001_0001L;

    private final int capacity;
    private final long[] data;
    private final byte[] kind;
    private final int[] ipv4Destination;
    private final long[] ipv6High;
    private final long[] ipv6Low;
    private int count;

    /**
     * An empty burst view.
     *
     * @param capacity the most packets one {@link #parse} reads, 1 or more
     * @throws IllegalArgumentException when capacity is below 1
     */
    public L3Burst(final int capacity)
    {
        if (capacity < 1)
        {
            throw new IllegalArgumentException("capacity must be 1 or more, got " + capacity);
        }
        this.capacity = capacity;
        this.data = new long[capacity];
        this.kind = new byte[capacity];
        this.ipv4Destination = new int[capacity];
        this.ipv6High = new long[capacity];
        this.ipv6Low = new long[capacity];
    }

    /**
     * Reads packets {@code [0, n)} of {@code burst}, each the first segment of an mbuf the caller owns.
     *
     * @param burst the mbufs
     * @param n     how many, clamped to {@code [0, min(capacity, burst.capacity())]}
     * @return the number parsed
     */
    public int parse(final MbufBurst burst, final int n)
    {
        final int count = Math.max(0, Math.min(n, Math.min(capacity, burst.capacity())));
        for (int i = 0; i < count; i++)
        {
            parsePacket(burst, i);
        }
        this.count = count;
        return count;
    }

    /**
     * Reads packet {@code i} of {@code burst} alone, as {@link #parse} reads each packet, so that forwarding code can
     * act on a packet as soon as it is read (one pass over the burst); the accessors then answer for index {@code i},
     * and {@link #count()} becomes at least {@code i + 1}.
     *
     * @param burst the mbufs; entry {@code i} the first segment of an mbuf the caller owns
     * @param i     below {@link #capacity()} and {@code burst.capacity()}
     * @return the packet's kind: {@link #IPV4}, {@link #IPV6} or {@link #OTHER}
     * @throws IndexOutOfBoundsException when {@code i} is outside either
     */
    public byte parsePacket(final MbufBurst burst, final int i)
    {
        final long mbuf = burst.get(i);
        final long frame = frame(mbuf);
        data[i] = frame;
        final int length = dataLength(mbuf);
        final long ipv4 = plainIpv4(frame, length);
        byte k = OTHER;
        if (ipv4 != NOT_PLAIN_IPV4)
        {
            k = IPV4;
            ipv4Destination[i] = ipv4Destination(ipv4);
        }
        else
        {
            ipv4Destination[i] = 0;
            if (length >= IPV6_FRAME_MIN && u16(frame + ETH_TYPE) == ETHERTYPE_IPV6)
            {
                k = parseIpv6(frame + ETH_HEADER_LENGTH, length - ETH_HEADER_LENGTH, i);
            }
        }
        kind[i] = k;
        if (i >= count)
        {
            count = i + 1;
        }
        return k;
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
     * Reads a frame as {@link #IPV4} would have it, without storing anything: for a forwarding loop that acts on each
     * IPv4 packet as soon as it is read, keeping the fields in registers.
     *
     * @param frame  the frame's address ({@link #frame(long)})
     * @param length the bytes readable from it ({@link #dataLength(long)}); nothing beyond is read
     * @return {@link #NOT_PLAIN_IPV4} unless the frame is of kind {@link #IPV4}; else its destination address
     *         ({@link #ipv4Destination(long)}) and TTL ({@link #ipv4Ttl(long)}) packed in a non-negative value
     */
    public static long plainIpv4(final long frame, final int length)
    {
        if (length < IPV4_FRAME_MIN || u16(frame + ETH_TYPE) != ETHERTYPE_IPV4)
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
            sumsToZero((a >>> 32) + (a & 0xFFFF_FFFFL) + (b >>> 32) + (b & 0xFFFF_FFFFL) + c))
        {
            return c | ((b >>> 56) << 32);
        }
        return NOT_PLAIN_IPV4;
    }

    /**
     * The destination address in a {@link #plainIpv4} result.
     *
     * @param ipv4 a result other than {@link #NOT_PLAIN_IPV4}
     * @return host order (first octet most significant)
     */
    public static int ipv4Destination(final long ipv4)
    {
        return (int)ipv4;
    }

    /**
     * The TTL in a {@link #plainIpv4} result.
     *
     * @param ipv4 a result other than {@link #NOT_PLAIN_IPV4}
     * @return 0 to 255
     */
    public static int ipv4Ttl(final long ipv4)
    {
        return (int)(ipv4 >>> 32);
    }

    /** {@link #IPV6} when the IPv6 header at {@code ip} passes {@link #ipv6Valid}; its destination then goes to index i. */
    private byte parseIpv6(final long ip, final int length, final int i)
    {
        if (ipv6Valid(ip, length))
        {
            ipv6High[i] = Memory.getLongBigEndian(null, ip + IPV6_DESTINATION);
            ipv6Low[i] = Memory.getLongBigEndian(null, ip + IPV6_DESTINATION + 8);
            return IPV6;
        }
        return OTHER;
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

    /** Version 6, payload within the frame, next header not an extension header ({@link Ipv6View#wrap}'s rules). */
    private static boolean ipv6Valid(final long ip, final int length)
    {
        return (Byte.toUnsignedInt(Memory.getByte(null, ip + IPV6_VERSION_CLASS_FLOW)) >>> 4) == 6 &&
            u16(ip + IPV6_PAYLOAD_LENGTH) <= length - IPV6_HEADER_LENGTH &&
            !IpProtocol.isIpv6ExtensionHeader(Byte.toUnsignedInt(Memory.getByte(null, ip + IPV6_NEXT_HEADER)));
    }

    private static int u16(final long address)
    {
        return Short.toUnsignedInt(Memory.getShortBigEndian(null, address));
    }

    /**
     * Packets read by the last {@link #parse}.
     *
     * @return 0 to {@link #capacity()}
     */
    public int count()
    {
        return count;
    }

    /**
     * The most packets one {@link #parse} reads.
     *
     * @return the capacity given at construction
     */
    public int capacity()
    {
        return capacity;
    }

    /**
     * The kind of packet {@code i}.
     *
     * @param i below {@link #count()}
     * @return {@link #IPV4}, {@link #IPV6} or {@link #OTHER}
     */
    public byte kind(final int i)
    {
        return kind[i];
    }

    /**
     * The destination addresses of the {@link #IPV4} packets, by packet index; 0 at the index of any other kind.
     * This object's own array, of {@link #capacity()} entries, rewritten by each {@link #parse}: what a bulk route
     * lookup takes as it is.
     *
     * @return the array, host order (first octet most significant)
     */
    public int[] ipv4Destinations()
    {
        return ipv4Destination;
    }

    /**
     * The destination address of an {@link #IPV4} packet.
     *
     * @param i below {@link #count()}, a packet of kind {@link #IPV4}
     * @return host order (first octet most significant); 0 for any other kind
     */
    public int ipv4Destination(final int i)
    {
        return ipv4Destination[i];
    }

    /**
     * The frame address of packet {@code i} ({@link #frame(long)} of its mbuf).
     *
     * @param i below {@link #count()}
     * @return the address of its first byte
     */
    public long frame(final int i)
    {
        return data[i];
    }

    /**
     * The first 8 bytes of an {@link #IPV6} packet's destination address.
     *
     * @param i below {@link #count()}, a packet of kind {@link #IPV6}
     * @return big-endian: the address's first byte most significant
     */
    public long ipv6DestinationHigh(final int i)
    {
        return ipv6High[i];
    }

    /**
     * The last 8 bytes of an {@link #IPV6} packet's destination address.
     *
     * @param i below {@link #count()}, a packet of kind {@link #IPV6}
     * @return big-endian: byte 8 of the address most significant
     */
    public long ipv6DestinationLow(final int i)
    {
        return ipv6Low[i];
    }

    /**
     * The TTL of an {@link #IPV4} packet.
     *
     * @param i below {@link #count()}, a packet of kind {@link #IPV4}
     * @return 0 to 255
     */
    public int ipv4Ttl(final int i)
    {
        return Byte.toUnsignedInt(Memory.getByte(null, data[i] + ETH_HEADER_LENGTH + IPV4_TTL));
    }

    /**
     * Decrements the TTL of an {@link #IPV4} packet whose TTL is 1 or more and patches its header checksum
     * incrementally (RFC 1624): the same bytes as {@link Ipv4View#decrementTtl}.
     *
     * @param i below {@link #count()}, a packet of kind {@link #IPV4} with a TTL of 1 or more
     */
    public void decrementIpv4Ttl(final int i)
    {
        decrementIpv4Ttl(data[i]);
    }

    /**
     * {@link #decrementIpv4Ttl(int)} on a frame: the frame of a packet of kind {@link #IPV4} with a TTL of 1 or more.
     *
     * @param frame the frame's address ({@link #frame(long)})
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
     * Writes both MAC addresses of an {@link #IPV4} or {@link #IPV6} packet (12 bytes, two stores).
     *
     * @param i           below {@link #count()}, a packet of kind {@link #IPV4} or {@link #IPV6}
     * @param destination the destination MAC in the low 48 bits, first octet most significant
     * @param source      the source MAC, the same way
     */
    public void rewriteEthernet(final int i, final long destination, final long source)
    {
        rewriteEthernet(data[i], destination, source);
    }

    /**
     * {@link #rewriteEthernet(int, long, long)} on a frame of kind {@link #IPV4} or {@link #IPV6}.
     *
     * @param frame       the frame's address ({@link #frame(long)})
     * @param destination the destination MAC in the low 48 bits, first octet most significant
     * @param source      the source MAC, the same way
     */
    public static void rewriteEthernet(final long frame, final long destination, final long source)
    {
        Memory.putLongBigEndian(null, frame + ETH_DESTINATION, (destination << 16) | ((source >>> 32) & 0xFFFF));
        Memory.putIntBigEndian(null, frame + ETH_SOURCE + 2, (int)source);
    }
}
