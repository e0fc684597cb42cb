package io.jdpdk.mempool.header;

import java.lang.foreign.MemorySegment;

import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_ADDRESS_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_DESTINATION;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_EXT_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_EXT_MIN_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_EXT_NEXT_HEADER;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_FRAGMENT_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_FRAGMENT_OFFSET_FLAGS;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_HOP_LIMIT;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_NEXT_HEADER;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_PAYLOAD_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_SOURCE;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_VERSION_CLASS_FLOW;

/**
 * A re-pointable view of an IPv6 header (RFC 8200) and the chain of extension headers after it.
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |Version| Traffic Class |              Flow Label               |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |         Payload Length        |  Next Header  |   Hop Limit   |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                                                               |
 *  +                  Source Address (128 bits)                    +
 *  |                                                               |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                                                               |
 *  +                Destination Address (128 bits)                 +
 *  |                                                               |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |  Next Header  |  Hdr Ext Len  |  extension header data ...    |  hop-by-hop (0), routing (43),
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+  destination options (60): (len + 1) * 8
 *  |  Next Header  |   Reserved    |  Fragment Offset        |Res|M|  fragment (44): 8 bytes
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+  AH (51): (len + 2) * 4
 *  |            upper-layer header (TCP, UDP, ICMPv6, ...)         |
 * </pre>
 * Wrap walks the extension headers (hop-by-hop, routing, fragment, destination options, AH) to the upper-layer
 * header, stopping at any other next-header value, ESP (50) and No Next Header (59) included, and after a fragment
 * header whose offset is not zero (what follows is the middle of a payload, not a header).
 * Addresses are two {@code long}s, high and low 64 bits, or 16 bytes copied to or from a {@code byte[]}.
 * Jumbograms (payload length 0 with a jumbo payload option) are not supported: their payload is taken as empty.
 * The view never reads or writes outside the bounds given to wrap; see {@link HeaderView}.
 */
public final class Ipv6View extends HeaderView
{
    /** An unbound view; {@code wrap} it around a header before reading or writing. */
    public Ipv6View()
    {
    }

    private int payloadLength;
    private int upperLayerOffset;
    private int upperLayerProtocol;
    private int fragmentOffsetFlags;
    private boolean fragment;

    /**
     * Points the view at the IPv6 header at {@code base} and walks its extension headers.
     *
     * @return false, leaving the view invalid, when fewer than 40 bytes are available or the header lies: version
     * not 6, payload beyond {@code length}, an extension header running past the payload
     */
    @Override
    public boolean wrap(final MemorySegment segment, final long base, final int length)
    {
        if (!bind(segment, base, length, IPV6_HEADER_LENGTH))
        {
            return false;
        }
        final int payloadLength = u16(IPV6_PAYLOAD_LENGTH);
        if ((u8(IPV6_VERSION_CLASS_FLOW) >>> 4) != 6 || payloadLength > length - IPV6_HEADER_LENGTH)
        {
            return invalidate();
        }
        final int end = IPV6_HEADER_LENGTH + payloadLength;
        int offset = IPV6_HEADER_LENGTH;
        int nextHeader = u8(IPV6_NEXT_HEADER);
        int fragmentOffsetFlags = 0;
        boolean fragment = false;
        while (IpProtocol.isIpv6ExtensionHeader(nextHeader) && (fragmentOffsetFlags & 0xFFF8) == 0)
        {
            if (offset > end - IPV6_EXT_MIN_LENGTH)
            {
                return invalidate();
            }
            final int extLength;
            if (nextHeader == IpProtocol.IPV6_FRAGMENT)
            {
                extLength = IPV6_FRAGMENT_HEADER_LENGTH;
                fragmentOffsetFlags = u16(offset + IPV6_FRAGMENT_OFFSET_FLAGS);
                fragment = true;
            }
            else if (nextHeader == IpProtocol.AH)
            {
                extLength = (u8(offset + IPV6_EXT_LENGTH) + 2) << 2;
            }
            else
            {
                extLength = (u8(offset + IPV6_EXT_LENGTH) + 1) << 3;
            }
            if (extLength > end - offset)
            {
                return invalidate();
            }
            nextHeader = u8(offset + IPV6_EXT_NEXT_HEADER);
            offset += extLength;
        }
        this.payloadLength = payloadLength;
        this.upperLayerOffset = offset;
        this.upperLayerProtocol = nextHeader;
        this.fragmentOffsetFlags = fragmentOffsetFlags;
        this.fragment = fragment;
        return true;
    }

    /**
     * Reads the Version field (high 4 bits of byte 0).
     *
     * @return 6 on a valid view
     */
    public int version()
    {
        return u8(IPV6_VERSION_CLASS_FLOW) >>> 4;
    }

    /**
     * Reads the Traffic Class (bits 4-11 of the first word): DSCP (6 bits) and ECN (2 bits).
     *
     * @return 0 to 255
     */
    public int trafficClass()
    {
        return (i32(IPV6_VERSION_CLASS_FLOW) >>> 20) & 0xFF;
    }

    /**
     * Writes the Traffic Class (DSCP and ECN), keeping version and flow label.
     *
     * @param trafficClass the low 8 bits are written
     * @return this
     */
    public Ipv6View trafficClass(final int trafficClass)
    {
        put32(IPV6_VERSION_CLASS_FLOW, (i32(IPV6_VERSION_CLASS_FLOW) & 0xF00F_FFFF) | ((trafficClass & 0xFF) << 20));
        return this;
    }

    /**
     * Reads the Flow Label (low 20 bits of the first word).
     *
     * @return 0 to 0xFFFFF
     */
    public int flowLabel()
    {
        return i32(IPV6_VERSION_CLASS_FLOW) & 0xF_FFFF;
    }

    /**
     * Payload Length (offset 4): bytes after the 40-byte header, extension headers included, as validated by wrap
     * and taken once at wrap.
     *
     * @return 0 to the length given to wrap minus 40
     */
    public int payloadLength()
    {
        return payloadLength;
    }

    /**
     * Reads the Next Header byte of the fixed header (offset 6): the first extension header or the upper-layer
     * protocol. {@link #upperLayerProtocol()} gives where the chain ends.
     *
     * @return an {@link IpProtocol} number, 0 to 255
     */
    public int nextHeader()
    {
        return u8(IPV6_NEXT_HEADER);
    }

    /**
     * Reads the Hop Limit byte (offset 7).
     *
     * @return 0 to 255
     */
    public int hopLimit()
    {
        return u8(IPV6_HOP_LIMIT);
    }

    /**
     * Writes the Hop Limit byte (offset 7). IPv6 has no header checksum, so nothing else needs patching.
     *
     * @param hopLimit the low 8 bits are written
     * @return this
     */
    public Ipv6View hopLimit(final int hopLimit)
    {
        put8(IPV6_HOP_LIMIT, hopLimit);
        return this;
    }

    /**
     * Reads the high 64 bits of the Source Address (bytes 8-15, big-endian).
     *
     * @return the first eight address bytes, first byte most significant
     */
    public long sourceAddressHigh()
    {
        return i64(IPV6_SOURCE);
    }

    /**
     * Reads the low 64 bits of the Source Address (bytes 16-23, big-endian).
     *
     * @return the last eight address bytes, first byte most significant
     */
    public long sourceAddressLow()
    {
        return i64(IPV6_SOURCE + 8);
    }

    /**
     * Writes the Source Address (16 bytes at offset 8, big-endian); no checksum is updated.
     *
     * @param high the first eight address bytes, first byte most significant
     * @param low  the last eight address bytes
     * @return this
     */
    public Ipv6View sourceAddress(final long high, final long low)
    {
        put64(IPV6_SOURCE, high);
        put64(IPV6_SOURCE + 8, low);
        return this;
    }

    /**
     * Copies the 16 bytes of the Source Address, in wire order, into {@code dst} at {@code dstOffset}.
     *
     * @param dst       the array to fill
     * @param dstOffset where the first address byte goes
     * @throws IndexOutOfBoundsException when {@code dst} has fewer than 16 bytes from dstOffset; nothing is copied
     */
    public void getSourceAddress(final byte[] dst, final int dstOffset)
    {
        copyOut(IPV6_SOURCE, dst, dstOffset, IPV6_ADDRESS_LENGTH);
    }

    /**
     * Writes the Source Address from 16 bytes of {@code src}, in wire order; no checksum is updated.
     *
     * @param src       the address bytes
     * @param srcOffset where the first address byte is
     * @return this
     * @throws IndexOutOfBoundsException when {@code src} has fewer than 16 bytes from srcOffset; nothing is written
     */
    public Ipv6View putSourceAddress(final byte[] src, final int srcOffset)
    {
        copyIn(IPV6_SOURCE, src, srcOffset, IPV6_ADDRESS_LENGTH);
        return this;
    }

    /**
     * Reads the high 64 bits of the Destination Address (bytes 24-31, big-endian).
     *
     * @return the first eight address bytes, first byte most significant
     */
    public long destinationAddressHigh()
    {
        return i64(IPV6_DESTINATION);
    }

    /**
     * Reads the low 64 bits of the Destination Address (bytes 32-39, big-endian).
     *
     * @return the last eight address bytes, first byte most significant
     */
    public long destinationAddressLow()
    {
        return i64(IPV6_DESTINATION + 8);
    }

    /**
     * Writes the Destination Address (16 bytes at offset 24, big-endian); no checksum is updated.
     *
     * @param high the first eight address bytes, first byte most significant
     * @param low  the last eight address bytes
     * @return this
     */
    public Ipv6View destinationAddress(final long high, final long low)
    {
        put64(IPV6_DESTINATION, high);
        put64(IPV6_DESTINATION + 8, low);
        return this;
    }

    /**
     * Copies the 16 bytes of the Destination Address, in wire order, into {@code dst} at {@code dstOffset}.
     *
     * @param dst       the array to fill
     * @param dstOffset where the first address byte goes
     * @throws IndexOutOfBoundsException when {@code dst} has fewer than 16 bytes from dstOffset; nothing is copied
     */
    public void getDestinationAddress(final byte[] dst, final int dstOffset)
    {
        copyOut(IPV6_DESTINATION, dst, dstOffset, IPV6_ADDRESS_LENGTH);
    }

    /**
     * Writes the Destination Address from 16 bytes of {@code src}, in wire order; no checksum is updated.
     *
     * @param src       the address bytes
     * @param srcOffset where the first address byte is
     * @return this
     * @throws IndexOutOfBoundsException when {@code src} has fewer than 16 bytes from srcOffset; nothing is written
     */
    public Ipv6View putDestinationAddress(final byte[] src, final int srcOffset)
    {
        copyIn(IPV6_DESTINATION, src, srcOffset, IPV6_ADDRESS_LENGTH);
        return this;
    }

    /**
     * Exchanges source and destination addresses; TCP, UDP and ICMPv6 checksums stay valid because the
     * one's-complement sum is order-independent.
     *
     * @return this
     */
    public Ipv6View swapAddresses()
    {
        final long sourceHigh = sourceAddressHigh();
        final long sourceLow = sourceAddressLow();
        sourceAddress(destinationAddressHigh(), destinationAddressLow());
        destinationAddress(sourceHigh, sourceLow);
        return this;
    }

    /**
     * Bytes of extension headers wrap walked past.
     *
     * @return 0 when the fixed header is followed directly by the upper layer
     */
    public int extensionHeadersLength()
    {
        return upperLayerOffset - IPV6_HEADER_LENGTH;
    }

    /**
     * The protocol where the walk stopped: TCP, UDP, ICMPv6, ESP, No Next Header, or whatever non-extension value
     * came first; for a non-first fragment, the protocol of the fragmented payload.
     *
     * @return an {@link IpProtocol} number, 0 to 255
     */
    public int upperLayerProtocol()
    {
        return upperLayerProtocol;
    }

    /**
     * Offset from {@link #base()} of the byte after the last extension header walked past.
     *
     * @return 40 or more, at most 40 + {@link #payloadLength()}
     */
    public int upperLayerOffset()
    {
        return upperLayerOffset;
    }

    /**
     * Bytes from {@link #upperLayerOffset()} to the end of the payload: the upper-layer packet length, as the
     * pseudo-header of a TCP, UDP or ICMPv6 checksum counts it.
     *
     * @return 0 or more; bytes past the payload (padding) are not counted
     */
    public int upperLayerLength()
    {
        return IPV6_HEADER_LENGTH + payloadLength - upperLayerOffset;
    }

    /**
     * Whether an upper-layer header starts at {@link #upperLayerOffset()}: false after a fragment header with a
     * non-zero offset and for No Next Header.
     *
     * @return true when the bytes at {@link #upperLayerOffset()} begin a header of {@link #upperLayerProtocol()}
     */
    public boolean hasUpperLayerHeader()
    {
        return fragmentOffset() == 0 && upperLayerProtocol != IpProtocol.IPV6_NO_NEXT_HEADER;
    }

    /**
     * Whether a fragment header was walked past, an atomic one (offset 0, M clear) included.
     *
     * @return true when the chain holds a fragment header
     */
    public boolean hasFragmentHeader()
    {
        return fragment;
    }

    /**
     * Whether this packet is a fragment of a larger datagram: a fragment header with a non-zero offset or the M flag
     * set. An atomic fragment (RFC 6946: offset 0, M clear) carries the whole datagram and is not one.
     *
     * @return true for any real fragment, first and last included
     */
    public boolean isFragment()
    {
        return (fragmentOffsetFlags & 0xFFF9) != 0;
    }

    /**
     * Fragment Offset of the fragment header (its high 13 bits).
     *
     * @return the fragment's position in the datagram in units of 8 bytes; 0 for a first fragment or no fragment
     */
    public int fragmentOffset()
    {
        return fragmentOffsetFlags >>> 3;
    }

    /**
     * M (more fragments) flag of the fragment header.
     *
     * @return true when another fragment follows; false without a fragment header
     */
    public boolean moreFragments()
    {
        return (fragmentOffsetFlags & 0x1) != 0;
    }
}
