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
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_TOTAL_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_TTL;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_VERSION_IHL;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_DESTINATION;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_NEXT_HEADER;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_PAYLOAD_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_VERSION_CLASS_FLOW;

/**
 * The layer-3 fields of a whole burst, read in one pass over its mbufs, for forwarding code that handles the
 * common packets by the burst (as DPDK's {@code l3fwd_sse.h} does) and hands only the rest to the header views.
 * <p>
 * {@link #parse} sorts every packet of a burst into one of three kinds, from the first segment's bytes:
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
        final long table = burst.address();
        for (int i = 0; i < count; i++)
        {
            final long mbuf = Memory.getLong(table + 8L * i);
            final long frame = Memory.getLong(mbuf + MbufRaw.BUF_ADDR) +
                Short.toUnsignedInt(Memory.getShort(mbuf + MbufRaw.DATA_OFF));
            final int length = Short.toUnsignedInt(Memory.getShort(mbuf + MbufRaw.DATA_LEN));
            data[i] = frame;
            byte k = OTHER;
            int destination = 0;
            if (length >= ETH_HEADER_LENGTH)
            {
                final int etherType = u16(frame + ETH_TYPE);
                if (etherType == ETHERTYPE_IPV4 && length >= IPV4_FRAME_MIN)
                {
                    final long ip = frame + ETH_HEADER_LENGTH;
                    if (ipv4Valid(ip, length - ETH_HEADER_LENGTH))
                    {
                        k = IPV4;
                        destination = Memory.getIntBigEndian(null, ip + IPV4_DESTINATION);
                    }
                }
                else if (etherType == ETHERTYPE_IPV6 && length >= IPV6_FRAME_MIN)
                {
                    final long ip = frame + ETH_HEADER_LENGTH;
                    if (ipv6Valid(ip, length - ETH_HEADER_LENGTH))
                    {
                        k = IPV6;
                        ipv6High[i] = Memory.getLongBigEndian(null, ip + IPV6_DESTINATION);
                        ipv6Low[i] = Memory.getLongBigEndian(null, ip + IPV6_DESTINATION + 8);
                    }
                }
            }
            kind[i] = k;
            ipv4Destination[i] = destination;
        }
        this.count = count;
        return count;
    }

    /**
     * 0x45, Total Length within [20, length], and the 20-byte header sums to 0xFFFF. The sum is taken over the
     * words as they lie in memory (a one's-complement sum is the same up to a byte swap in either order, RFC 1071
     * 2(B), and 0xFFFF swapped is 0xFFFF): 2 longs and an int, no byte swaps.
     */
    private static boolean ipv4Valid(final long ip, final int length)
    {
        if (Memory.getByte(null, ip + IPV4_VERSION_IHL) != 0x45)
        {
            return false;
        }
        final int totalLength = u16(ip + IPV4_TOTAL_LENGTH);
        if (totalLength < IPV4_MIN_HEADER_LENGTH || totalLength > length)
        {
            return false;
        }
        final long a = Memory.getLong(ip);
        final long b = Memory.getLong(ip + 8);
        final long sum = (a >>> 32) + (a & 0xFFFF_FFFFL) + (b >>> 32) + (b & 0xFFFF_FFFFL) +
            (Memory.getInt(ip + 16) & 0xFFFF_FFFFL);
        return Checksums.fold(sum) == 0xFFFF;
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
        // TTL, Protocol and Header Checksum in one big-endian word. The TTL's word m drops by 0x100, so RFC 1624's
        // HC' = ~(~HC + ~m + m') is ~(~HC + 0xFEFF), whose sum needs a single fold (it is below 0x1FEFF).
        final long at = data[i] + ETH_HEADER_LENGTH + IPV4_TTL;
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
        final long frame = data[i];
        Memory.putLongBigEndian(null, frame + ETH_DESTINATION, (destination << 16) | ((source >>> 32) & 0xFFFF));
        Memory.putIntBigEndian(null, frame + ETH_SOURCE + 2, (int)source);
    }
}
