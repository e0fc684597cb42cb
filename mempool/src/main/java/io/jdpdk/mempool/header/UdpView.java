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
    /** An unbound view; {@code wrap} it around a header before reading or writing. */
    public UdpView()
    {
    }

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

    /**
     * Reads the Source Port (2 bytes at offset 0, big-endian).
     *
     * @return 0 to 65535
     */
    public int sourcePort()
    {
        return u16(UDP_SOURCE_PORT);
    }

    /**
     * Writes the Source Port (2 bytes at offset 0, big-endian); the checksum is not updated.
     *
     * @param port the low 16 bits are written
     * @return this
     */
    public UdpView sourcePort(final int port)
    {
        put16(UDP_SOURCE_PORT, port);
        return this;
    }

    /**
     * Reads the Destination Port (2 bytes at offset 2, big-endian).
     *
     * @return 0 to 65535
     */
    public int destinationPort()
    {
        return u16(UDP_DESTINATION_PORT);
    }

    /**
     * Writes the Destination Port (2 bytes at offset 2, big-endian); the checksum is not updated.
     *
     * @param port the low 16 bits are written
     * @return this
     */
    public UdpView destinationPort(final int port)
    {
        put16(UDP_DESTINATION_PORT, port);
        return this;
    }

    /**
     * Exchanges source and destination ports with one 32-bit read and write; the checksum stays valid.
     *
     * @return this
     */
    public UdpView swapPorts()
    {
        put32(UDP_SOURCE_PORT, Integer.rotateLeft(i32(UDP_SOURCE_PORT), 16));
        return this;
    }

    /**
     * The Length field (offset 4): header plus data, as validated by wrap and taken once at wrap.
     *
     * @return bytes, 8 to the length given to wrap
     */
    public int length()
    {
        return length;
    }

    /**
     * Reads the Checksum (2 bytes at offset 6, big-endian); not verified (see {@link Checksums}).
     *
     * @return 0 to 65535; 0 over IPv4 means no checksum
     */
    public int checksum()
    {
        return u16(UDP_CHECKSUM);
    }

    /**
     * Writes the Checksum (2 bytes at offset 6, big-endian; see {@link Checksums#setUdp(Ipv4View, UdpView)}).
     *
     * @param checksum the low 16 bits are written
     * @return this
     */
    public UdpView checksum(final int checksum)
    {
        put16(UDP_CHECKSUM, checksum);
        return this;
    }

    /**
     * Offset of the data from {@link #base()}.
     *
     * @return always 8
     */
    public int payloadOffset()
    {
        return UDP_HEADER_LENGTH;
    }

    /**
     * Bytes of data: Length minus 8. Bytes past Length (padding) are not counted.
     *
     * @return 0 or more; the data lies within the view's limit
     */
    public int payloadLength()
    {
        return length - UDP_HEADER_LENGTH;
    }
}
