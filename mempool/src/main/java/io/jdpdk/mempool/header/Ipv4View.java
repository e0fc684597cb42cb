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
    /** An unbound view; {@code wrap} it around a header before reading or writing. */
    public Ipv4View()
    {
    }

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

    /**
     * Reads the Version field (high 4 bits of byte 0).
     *
     * @return 4 on a valid view
     */
    public int version()
    {
        return u8(IPV4_VERSION_IHL) >>> 4;
    }

    /**
     * Reads the IHL field (Internet Header Length, low 4 bits of byte 0).
     *
     * @return the header length in 32-bit words, 5 to 15 on a valid view
     */
    public int ihl()
    {
        return u8(IPV4_VERSION_IHL) & 0x0F;
    }

    /**
     * Header length in bytes, options included, as validated by wrap (IHL * 4, taken once at wrap).
     *
     * @return 20 to 60
     */
    public int headerLength()
    {
        return headerLength;
    }

    /**
     * Reads the Type of Service byte (offset 1): DSCP (6 bits) and ECN (2 bits).
     *
     * @return 0 to 255
     */
    public int tos()
    {
        return u8(IPV4_TOS);
    }

    /**
     * Writes the Type of Service byte (offset 1); the header checksum is not updated.
     *
     * @param tos DSCP and ECN; the low 8 bits are written
     * @return this
     */
    public Ipv4View tos(final int tos)
    {
        put8(IPV4_TOS, tos);
        return this;
    }

    /**
     * Reads the Differentiated Services Code Point: the high 6 bits of the Type of Service byte.
     *
     * @return 0 to 63
     */
    public int dscp()
    {
        return tos() >>> 2;
    }

    /**
     * Reads the Explicit Congestion Notification bits: the low 2 bits of the Type of Service byte (RFC 3168).
     *
     * @return 0 to 3 (3 is Congestion Experienced)
     */
    public int ecn()
    {
        return tos() & 0x03;
    }

    /**
     * Total Length (offset 2): header plus payload, as validated by wrap and taken once at wrap.
     *
     * @return bytes, {@link #headerLength()} to the length given to wrap
     */
    public int totalLength()
    {
        return totalLength;
    }

    /**
     * Reads the Identification field (2 bytes at offset 4, big-endian), shared by the fragments of one datagram.
     *
     * @return 0 to 65535
     */
    public int identification()
    {
        return u16(IPV4_IDENTIFICATION);
    }

    /**
     * Reads the DF (Don't Fragment) flag, bit 0x4000 of the flags and fragment offset word.
     *
     * @return true when set
     */
    public boolean dontFragment()
    {
        return (u16(IPV4_FLAGS_FRAGMENT_OFFSET) & 0x4000) != 0;
    }

    /**
     * Reads the MF (More Fragments) flag, bit 0x2000 of the flags and fragment offset word.
     *
     * @return true when set: another fragment follows this one
     */
    public boolean moreFragments()
    {
        return (u16(IPV4_FLAGS_FRAGMENT_OFFSET) & 0x2000) != 0;
    }

    /**
     * Reads the Fragment Offset (low 13 bits of the word at offset 6).
     *
     * @return the fragment's position in the datagram in units of 8 bytes, 0 to 8191
     */
    public int fragmentOffset()
    {
        return u16(IPV4_FLAGS_FRAGMENT_OFFSET) & 0x1FFF;
    }

    /**
     * Whether this packet is a fragment (more fragments set or a non-zero offset).
     *
     * @return true for any fragment, first and last included; false for a whole datagram
     */
    public boolean isFragment()
    {
        return (u16(IPV4_FLAGS_FRAGMENT_OFFSET) & 0x3FFF) != 0;
    }

    /**
     * Reads the Time to Live byte (offset 8).
     *
     * @return 0 to 255
     */
    public int ttl()
    {
        return u8(IPV4_TTL);
    }

    /**
     * Writes the Time to Live byte (offset 8); the header checksum is not updated (see {@link #decrementTtl()}).
     *
     * @param ttl the low 8 bits are written
     * @return this
     */
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

    /**
     * Reads the Protocol byte (offset 9): what the payload is.
     *
     * @return an {@link IpProtocol} number, 0 to 255
     */
    public int protocol()
    {
        return u8(IPV4_PROTOCOL);
    }

    /**
     * Reads the Header Checksum (2 bytes at offset 10, big-endian); not verified (see {@link Checksums}).
     *
     * @return 0 to 65535
     */
    public int checksum()
    {
        return u16(IPV4_CHECKSUM);
    }

    /**
     * Writes the Header Checksum (2 bytes at offset 10, big-endian; see {@link Checksums#setIpv4Header(Ipv4View)}).
     *
     * @param checksum the low 16 bits are written
     * @return this
     */
    public Ipv4View checksum(final int checksum)
    {
        put16(IPV4_CHECKSUM, checksum);
        return this;
    }

    /**
     * Reads the Source Address (4 bytes at offset 12, big-endian).
     *
     * @return the address, first octet most significant
     */
    public int sourceAddress()
    {
        return i32(IPV4_SOURCE);
    }

    /**
     * Writes the Source Address (4 bytes at offset 12, big-endian); no checksum is updated.
     *
     * @param address the address, first octet most significant
     * @return this
     */
    public Ipv4View sourceAddress(final int address)
    {
        put32(IPV4_SOURCE, address);
        return this;
    }

    /**
     * Reads the Destination Address (4 bytes at offset 16, big-endian).
     *
     * @return the address, first octet most significant
     */
    public int destinationAddress()
    {
        return i32(IPV4_DESTINATION);
    }

    /**
     * Writes the Destination Address (4 bytes at offset 16, big-endian); no checksum is updated.
     *
     * @param address the address, first octet most significant
     * @return this
     */
    public Ipv4View destinationAddress(final int address)
    {
        put32(IPV4_DESTINATION, address);
        return this;
    }

    /**
     * Exchanges source and destination addresses. The one's-complement sum is order-independent, so the header
     * checksum and TCP/UDP checksums stay valid.
     *
     * @return this
     */
    public Ipv4View swapAddresses()
    {
        final int source = sourceAddress();
        sourceAddress(destinationAddress());
        destinationAddress(source);
        return this;
    }

    /**
     * Bytes of options: header length minus 20.
     *
     * @return 0 to 40, a multiple of 4
     */
    public int optionsLength()
    {
        return headerLength - IPV4_MIN_HEADER_LENGTH;
    }

    /**
     * Reads one byte of the options; the options are not parsed.
     *
     * @param index 0 for the first byte after the destination address
     * @return 0 to 255, or -1 when index is outside {@code [0, optionsLength())}
     */
    public int option(final int index)
    {
        if (index < 0 || index >= optionsLength())
        {
            return -1;
        }
        return u8(IPV4_OPTIONS + index);
    }

    /**
     * Offset of the payload (the L4 header) from {@link #base()}.
     *
     * @return {@link #headerLength()}
     */
    public int payloadOffset()
    {
        return headerLength;
    }

    /**
     * Bytes of payload: Total Length minus header length. Ethernet padding after Total Length is not counted.
     *
     * @return 0 or more; the payload lies within the view's limit
     */
    public int payloadLength()
    {
        return totalLength - headerLength;
    }
}
