package io.jdpdk.mempool.header;

import java.lang.foreign.MemorySegment;

import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_CHECKSUM;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_DESTINATION;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_FLAGS_FRAGMENT_OFFSET;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_IDENTIFICATION;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_MIN_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_OPTIONS;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_PROTOCOL;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_SOURCE;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_TOS;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_TOTAL_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_TTL;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_VERSION_IHL;

/**
 * A re-pointable view of an IPv4 header (RFC 791), options included.
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |Version|  IHL  |  DSCP     |ECN|          Total Length         |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |         Identification        |0|D|M|     Fragment Offset     |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |  Time to Live |    Protocol   |         Header Checksum       |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                       Source Address                          |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                    Destination Address                        |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |             Options (IHL - 5 words, padded)                   |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * </pre>
 * Addresses are {@code int}s, first octet most significant ({@code 0x0A00020F} is 10.0.2.15). The bytes after
 * Total Length (Ethernet padding) are outside the packet: {@link #payloadLength()} stops at Total Length.
 * The view never reads or writes outside the bounds given to wrap; see {@link HeaderView}.
 */
public final class Ipv4View extends HeaderView
{
    private int headerLength;
    private int totalLength;

    /**
     * Points the view at the IPv4 header at {@code base}.
     *
     * @return false, leaving the view invalid, when fewer than 20 bytes are available or the header lies: version
     * not 4, IHL below 5, IHL * 4 beyond {@code length}, Total Length below IHL * 4 or beyond {@code length}
     */
    @Override
    public boolean wrap(final MemorySegment segment, final long base, final int length)
    {
        if (!bind(segment, base, length, IPV4_MIN_HEADER_LENGTH))
        {
            return false;
        }
        final int versionIhl = u8(IPV4_VERSION_IHL);
        final int headerLength = (versionIhl & 0x0F) << 2;
        final int totalLength = u16(IPV4_TOTAL_LENGTH);
        if ((versionIhl >>> 4) != 4 || headerLength < IPV4_MIN_HEADER_LENGTH || headerLength > length ||
            totalLength < headerLength || totalLength > length)
        {
            return invalidate();
        }
        this.headerLength = headerLength;
        this.totalLength = totalLength;
        return true;
    }

    public int version()
    {
        return u8(IPV4_VERSION_IHL) >>> 4;
    }

    /** Internet header length in 32-bit words, 5 to 15. */
    public int ihl()
    {
        return u8(IPV4_VERSION_IHL) & 0x0F;
    }

    /** Header length in bytes, options included, as validated by wrap. */
    public int headerLength()
    {
        return headerLength;
    }

    /** Type of service byte: DSCP (6 bits) and ECN (2 bits). */
    public int tos()
    {
        return u8(IPV4_TOS);
    }

    /** Sets the type of service byte; the header checksum is not updated. @return this */
    public Ipv4View tos(final int tos)
    {
        put8(IPV4_TOS, tos);
        return this;
    }

    public int dscp()
    {
        return tos() >>> 2;
    }

    public int ecn()
    {
        return tos() & 0x03;
    }

    /** Total Length: header plus payload, as validated by wrap. */
    public int totalLength()
    {
        return totalLength;
    }

    public int identification()
    {
        return u16(IPV4_IDENTIFICATION);
    }

    public boolean dontFragment()
    {
        return (u16(IPV4_FLAGS_FRAGMENT_OFFSET) & 0x4000) != 0;
    }

    public boolean moreFragments()
    {
        return (u16(IPV4_FLAGS_FRAGMENT_OFFSET) & 0x2000) != 0;
    }

    /** Fragment offset in units of 8 bytes. */
    public int fragmentOffset()
    {
        return u16(IPV4_FLAGS_FRAGMENT_OFFSET) & 0x1FFF;
    }

    /** Whether this packet is a fragment (more fragments set or a non-zero offset). */
    public boolean isFragment()
    {
        return (u16(IPV4_FLAGS_FRAGMENT_OFFSET) & 0x3FFF) != 0;
    }

    public int ttl()
    {
        return u8(IPV4_TTL);
    }

    /** Sets the TTL; the header checksum is not updated (see {@link #decrementTtl()}). @return this */
    public Ipv4View ttl(final int ttl)
    {
        put8(IPV4_TTL, ttl);
        return this;
    }

    /**
     * Decrements the TTL and patches the header checksum incrementally (RFC 1624), as a router does.
     *
     * @return the new TTL, or -1, changing nothing, when the TTL is already 0
     */
    public int decrementTtl()
    {
        final int oldWord = u16(IPV4_TTL);
        if (oldWord < 0x100)
        {
            return -1;
        }
        final int newWord = oldWord - 0x100;
        put16(IPV4_TTL, newWord);
        put16(IPV4_CHECKSUM, Checksums.incrementalUpdate(u16(IPV4_CHECKSUM), oldWord, newWord));
        return newWord >>> 8;
    }

    /** The protocol of the payload ({@link IpProtocol}). */
    public int protocol()
    {
        return u8(IPV4_PROTOCOL);
    }

    public int checksum()
    {
        return u16(IPV4_CHECKSUM);
    }

    /** Writes the header checksum field (see {@link Checksums#setIpv4Header(Ipv4View)}). @return this */
    public Ipv4View checksum(final int checksum)
    {
        put16(IPV4_CHECKSUM, checksum);
        return this;
    }

    public int sourceAddress()
    {
        return i32(IPV4_SOURCE);
    }

    /** Sets the source address; no checksum is updated. @return this */
    public Ipv4View sourceAddress(final int address)
    {
        put32(IPV4_SOURCE, address);
        return this;
    }

    public int destinationAddress()
    {
        return i32(IPV4_DESTINATION);
    }

    /** Sets the destination address; no checksum is updated. @return this */
    public Ipv4View destinationAddress(final int address)
    {
        put32(IPV4_DESTINATION, address);
        return this;
    }

    /**
     * Exchanges source and destination addresses. The one's-complement sum is order-independent, so the header
     * checksum and TCP/UDP checksums stay valid. @return this
     */
    public Ipv4View swapAddresses()
    {
        final int source = sourceAddress();
        sourceAddress(destinationAddress());
        destinationAddress(source);
        return this;
    }

    /** Bytes of options: header length minus 20. */
    public int optionsLength()
    {
        return headerLength - IPV4_MIN_HEADER_LENGTH;
    }

    /** Option byte {@code index} (0 is the first byte after the destination address), or -1 outside the options. */
    public int option(final int index)
    {
        if (index < 0 || index >= optionsLength())
        {
            return -1;
        }
        return u8(IPV4_OPTIONS + index);
    }

    /** Offset of the payload from {@link #base()}: the header length. */
    public int payloadOffset()
    {
        return headerLength;
    }

    /** Bytes of payload: Total Length minus header length. */
    public int payloadLength()
    {
        return totalLength - headerLength;
    }
}
