package io.jdpdk.mempool.header;

import java.lang.foreign.MemorySegment;

import static io.jdpdk.mempool.header.HeaderOffsets.UDP_CHECKSUM;
import static io.jdpdk.mempool.header.HeaderOffsets.UDP_DESTINATION_PORT;
import static io.jdpdk.mempool.header.HeaderOffsets.UDP_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.UDP_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.UDP_SOURCE_PORT;

/**
 * A re-pointable view of a UDP header (RFC 768).
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |          Source Port          |        Destination Port       |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |             Length            |            Checksum           |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                          data ...                             |
 * </pre>
 * Length covers header and data. Over IPv4 a checksum of 0 means "none". The view never reads or writes outside
 * the bounds given to wrap; see {@link HeaderView}.
 */
public final class UdpView extends HeaderView
{
    private int length;

    /**
     * Points the view at the UDP header at {@code base}.
     *
     * @return false, leaving the view invalid, when fewer than 8 bytes are available or the Length field is below 8
     * or beyond {@code length} (the 0 of an IPv6 jumbogram included)
     */
    @Override
    public boolean wrap(final MemorySegment segment, final long base, final int length)
    {
        if (!bind(segment, base, length, UDP_HEADER_LENGTH))
        {
            return false;
        }
        final int udpLength = u16(UDP_LENGTH);
        if (udpLength < UDP_HEADER_LENGTH || udpLength > length)
        {
            return invalidate();
        }
        this.length = udpLength;
        return true;
    }

    public int sourcePort()
    {
        return u16(UDP_SOURCE_PORT);
    }

    /** Sets the source port; the checksum is not updated. @return this */
    public UdpView sourcePort(final int port)
    {
        put16(UDP_SOURCE_PORT, port);
        return this;
    }

    public int destinationPort()
    {
        return u16(UDP_DESTINATION_PORT);
    }

    /** Sets the destination port; the checksum is not updated. @return this */
    public UdpView destinationPort(final int port)
    {
        put16(UDP_DESTINATION_PORT, port);
        return this;
    }

    /** Exchanges source and destination ports; the checksum stays valid. @return this */
    public UdpView swapPorts()
    {
        put32(UDP_SOURCE_PORT, Integer.rotateLeft(i32(UDP_SOURCE_PORT), 16));
        return this;
    }

    /** Length field: header plus data, as validated by wrap. */
    public int length()
    {
        return length;
    }

    public int checksum()
    {
        return u16(UDP_CHECKSUM);
    }

    /** Writes the checksum field (see {@link Checksums#setUdp(Ipv4View, UdpView)}). @return this */
    public UdpView checksum(final int checksum)
    {
        put16(UDP_CHECKSUM, checksum);
        return this;
    }

    /** Offset of the data from {@link #base()}: 8. */
    public int payloadOffset()
    {
        return UDP_HEADER_LENGTH;
    }

    /** Bytes of data: Length minus 8. */
    public int payloadLength()
    {
        return length - UDP_HEADER_LENGTH;
    }
}
