package io.jdpdk.mempool.header;

import java.lang.foreign.MemorySegment;

import static io.jdpdk.mempool.header.HeaderOffsets.TCP_ACKNOWLEDGMENT_NUMBER;
import static io.jdpdk.mempool.header.HeaderOffsets.TCP_CHECKSUM;
import static io.jdpdk.mempool.header.HeaderOffsets.TCP_DATA_OFFSET;
import static io.jdpdk.mempool.header.HeaderOffsets.TCP_DESTINATION_PORT;
import static io.jdpdk.mempool.header.HeaderOffsets.TCP_FLAGS;
import static io.jdpdk.mempool.header.HeaderOffsets.TCP_MIN_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.TCP_OPTIONS;
import static io.jdpdk.mempool.header.HeaderOffsets.TCP_SEQUENCE_NUMBER;
import static io.jdpdk.mempool.header.HeaderOffsets.TCP_SOURCE_PORT;
import static io.jdpdk.mempool.header.HeaderOffsets.TCP_URGENT_POINTER;
import static io.jdpdk.mempool.header.HeaderOffsets.TCP_WINDOW;

/**
 * A re-pointable view of a TCP header (RFC 9293), options included.
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |          Source Port          |       Destination Port        |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                        Sequence Number                        |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                    Acknowledgment Number                      |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |  Data |       |C|E|U|A|P|R|S|F|                               |
 *  | Offset| Rsrvd |W|C|R|C|S|S|Y|I|            Window             |
 *  |       |       |R|E|G|K|H|T|N|N|                               |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |           Checksum            |         Urgent Pointer        |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |           Options (Data Offset - 5 words, padded)             |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * </pre>
 * TCP has no length field: the segment length comes from the IP header (see {@link Checksums}). The view never
 * reads or writes outside the bounds given to wrap; see {@link HeaderView}.
 */
public final class TcpView extends HeaderView
{
    /** An unbound view; {@code wrap} it around a header before reading or writing. */
    public TcpView()
    {
    }

    /** FIN control bit: no more data from the sender. */
    public static final int FIN = 0x01;
    /** SYN control bit: synchronise sequence numbers (connection opening). */
    public static final int SYN = 0x02;
    /** RST control bit: reset the connection. */
    public static final int RST = 0x04;
    /** PSH control bit: push the data to the application. */
    public static final int PSH = 0x08;
    /** ACK control bit: the Acknowledgment Number is significant. */
    public static final int ACK = 0x10;
    /** URG control bit: the Urgent Pointer is significant. */
    public static final int URG = 0x20;
    /** ECE control bit: ECN-Echo (RFC 3168). */
    public static final int ECE = 0x40;
    /** CWR control bit: Congestion Window Reduced (RFC 3168). */
    public static final int CWR = 0x80;

    private int headerLength;

    /**
     * Points the view at the TCP header at {@code base}.
     *
     * @return false, leaving the view invalid, when fewer than 20 bytes are available or Data Offset is below 5 or
     * puts the end of the options beyond {@code length}
     */
    @Override
    public boolean wrap(final MemorySegment segment, final long base, final int length)
    {
        if (!bind(segment, base, length, TCP_MIN_HEADER_LENGTH))
        {
            return false;
        }
        final int headerLength = (u8(TCP_DATA_OFFSET) >>> 4) << 2;
        if (headerLength < TCP_MIN_HEADER_LENGTH || headerLength > length)
        {
            return invalidate();
        }
        this.headerLength = headerLength;
        return true;
    }

    /**
     * Reads the Source Port (2 bytes at offset 0, big-endian).
     *
     * @return 0 to 65535
     */
    public int sourcePort()
    {
        return u16(TCP_SOURCE_PORT);
    }

    /**
     * Writes the Source Port (2 bytes at offset 0, big-endian); the checksum is not updated.
     *
     * @param port the low 16 bits are written
     * @return this
     */
    public TcpView sourcePort(final int port)
    {
        put16(TCP_SOURCE_PORT, port);
        return this;
    }

    /**
     * Reads the Destination Port (2 bytes at offset 2, big-endian).
     *
     * @return 0 to 65535
     */
    public int destinationPort()
    {
        return u16(TCP_DESTINATION_PORT);
    }

    /**
     * Writes the Destination Port (2 bytes at offset 2, big-endian); the checksum is not updated.
     *
     * @param port the low 16 bits are written
     * @return this
     */
    public TcpView destinationPort(final int port)
    {
        put16(TCP_DESTINATION_PORT, port);
        return this;
    }

    /**
     * Exchanges source and destination ports with one 32-bit read and write; the checksum stays valid.
     *
     * @return this
     */
    public TcpView swapPorts()
    {
        put32(TCP_SOURCE_PORT, Integer.rotateLeft(i32(TCP_SOURCE_PORT), 16));
        return this;
    }

    /**
     * Reads the Sequence Number (4 bytes at offset 4, big-endian).
     *
     * @return the 32 bits as an int (compare with wrap-around arithmetic)
     */
    public int sequenceNumber()
    {
        return i32(TCP_SEQUENCE_NUMBER);
    }

    /**
     * Writes the Sequence Number (4 bytes at offset 4, big-endian); the checksum is not updated.
     *
     * @param sequenceNumber the 32 bits to write
     * @return this
     */
    public TcpView sequenceNumber(final int sequenceNumber)
    {
        put32(TCP_SEQUENCE_NUMBER, sequenceNumber);
        return this;
    }

    /**
     * Reads the Acknowledgment Number (4 bytes at offset 8, big-endian), significant when {@link #ACK} is set.
     *
     * @return the 32 bits as an int (compare with wrap-around arithmetic)
     */
    public int acknowledgmentNumber()
    {
        return i32(TCP_ACKNOWLEDGMENT_NUMBER);
    }

    /**
     * Writes the Acknowledgment Number (4 bytes at offset 8, big-endian); the checksum is not updated.
     *
     * @param acknowledgmentNumber the 32 bits to write
     * @return this
     */
    public TcpView acknowledgmentNumber(final int acknowledgmentNumber)
    {
        put32(TCP_ACKNOWLEDGMENT_NUMBER, acknowledgmentNumber);
        return this;
    }

    /**
     * Reads the Data Offset (high 4 bits of byte 12).
     *
     * @return the header length in 32-bit words, 5 to 15 on a valid view
     */
    public int dataOffset()
    {
        return u8(TCP_DATA_OFFSET) >>> 4;
    }

    /**
     * Header length in bytes, options included, as validated by wrap (Data Offset * 4, taken once at wrap).
     *
     * @return 20 to 60
     */
    public int headerLength()
    {
        return headerLength;
    }

    /**
     * Reads the control bits (byte 13), CWR (0x80) to FIN (0x01).
     *
     * @return 0 to 255, a mask of {@link #FIN}, {@link #SYN}, ... {@link #CWR}
     */
    public int flags()
    {
        return u8(TCP_FLAGS);
    }

    /**
     * Writes the control bits (byte 13); Data Offset and the reserved bits are untouched, the checksum is not
     * updated.
     *
     * @param flags the low 8 bits are written
     * @return this
     */
    public TcpView flags(final int flags)
    {
        put8(TCP_FLAGS, flags);
        return this;
    }

    /**
     * Whether every bit of {@code mask} is set.
     *
     * @param mask control bits, e.g. {@code SYN | ACK}
     * @return true when all of them are set (true for a mask of 0)
     */
    public boolean hasFlags(final int mask)
    {
        return (flags() & mask) == mask;
    }

    /**
     * Reads the Window (2 bytes at offset 14, big-endian), before any window scaling.
     *
     * @return 0 to 65535
     */
    public int window()
    {
        return u16(TCP_WINDOW);
    }

    /**
     * Writes the Window (2 bytes at offset 14, big-endian); the checksum is not updated.
     *
     * @param window the low 16 bits are written
     * @return this
     */
    public TcpView window(final int window)
    {
        put16(TCP_WINDOW, window);
        return this;
    }

    /**
     * Reads the Checksum (2 bytes at offset 16, big-endian); not verified (see {@link Checksums}).
     *
     * @return 0 to 65535
     */
    public int checksum()
    {
        return u16(TCP_CHECKSUM);
    }

    /**
     * Writes the Checksum (2 bytes at offset 16, big-endian; see {@link Checksums#setTcp(Ipv4View, TcpView)}).
     *
     * @param checksum the low 16 bits are written
     * @return this
     */
    public TcpView checksum(final int checksum)
    {
        put16(TCP_CHECKSUM, checksum);
        return this;
    }

    /**
     * Reads the Urgent Pointer (2 bytes at offset 18, big-endian), significant when {@link #URG} is set.
     *
     * @return 0 to 65535
     */
    public int urgentPointer()
    {
        return u16(TCP_URGENT_POINTER);
    }

    /**
     * Bytes of options: header length minus 20.
     *
     * @return 0 to 40, a multiple of 4
     */
    public int optionsLength()
    {
        return headerLength - TCP_MIN_HEADER_LENGTH;
    }

    /**
     * Reads one byte of the options; the options are not parsed.
     *
     * @param index 0 for the first byte after the urgent pointer
     * @return 0 to 255, or -1 when index is outside {@code [0, optionsLength())}
     */
    public int option(final int index)
    {
        if (index < 0 || index >= optionsLength())
        {
            return -1;
        }
        return u8(TCP_OPTIONS + index);
    }

    /**
     * Offset of the data from {@link #base()}. How much data follows is for the IP header to say.
     *
     * @return {@link #headerLength()}
     */
    public int payloadOffset()
    {
        return headerLength;
    }
}
