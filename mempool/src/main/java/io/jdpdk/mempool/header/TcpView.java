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
    public static final int FIN = 0x01;
    public static final int SYN = 0x02;
    public static final int RST = 0x04;
    public static final int PSH = 0x08;
    public static final int ACK = 0x10;
    public static final int URG = 0x20;
    public static final int ECE = 0x40;
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

    public int sourcePort()
    {
        return u16(TCP_SOURCE_PORT);
    }

    /** Sets the source port; the checksum is not updated. @return this */
    public TcpView sourcePort(final int port)
    {
        put16(TCP_SOURCE_PORT, port);
        return this;
    }

    public int destinationPort()
    {
        return u16(TCP_DESTINATION_PORT);
    }

    /** Sets the destination port; the checksum is not updated. @return this */
    public TcpView destinationPort(final int port)
    {
        put16(TCP_DESTINATION_PORT, port);
        return this;
    }

    /** Exchanges source and destination ports; the checksum stays valid. @return this */
    public TcpView swapPorts()
    {
        put32(TCP_SOURCE_PORT, Integer.rotateLeft(i32(TCP_SOURCE_PORT), 16));
        return this;
    }

    /** Sequence number, as the 32 bits of an int (compare with wrap-around arithmetic). */
    public int sequenceNumber()
    {
        return i32(TCP_SEQUENCE_NUMBER);
    }

    public TcpView sequenceNumber(final int sequenceNumber)
    {
        put32(TCP_SEQUENCE_NUMBER, sequenceNumber);
        return this;
    }

    public int acknowledgmentNumber()
    {
        return i32(TCP_ACKNOWLEDGMENT_NUMBER);
    }

    public TcpView acknowledgmentNumber(final int acknowledgmentNumber)
    {
        put32(TCP_ACKNOWLEDGMENT_NUMBER, acknowledgmentNumber);
        return this;
    }

    /** Data offset in 32-bit words, 5 to 15. */
    public int dataOffset()
    {
        return u8(TCP_DATA_OFFSET) >>> 4;
    }

    /** Header length in bytes, options included, as validated by wrap. */
    public int headerLength()
    {
        return headerLength;
    }

    /** The eight flag bits, CWR (0x80) to FIN (0x01). */
    public int flags()
    {
        return u8(TCP_FLAGS);
    }

    public TcpView flags(final int flags)
    {
        put8(TCP_FLAGS, flags);
        return this;
    }

    /** Whether every bit of {@code mask} ({@link #SYN}, {@link #ACK}, ...) is set. */
    public boolean hasFlags(final int mask)
    {
        return (flags() & mask) == mask;
    }

    public int window()
    {
        return u16(TCP_WINDOW);
    }

    public TcpView window(final int window)
    {
        put16(TCP_WINDOW, window);
        return this;
    }

    public int checksum()
    {
        return u16(TCP_CHECKSUM);
    }

    /** Writes the checksum field (see {@link Checksums#setTcp(Ipv4View, TcpView)}). @return this */
    public TcpView checksum(final int checksum)
    {
        put16(TCP_CHECKSUM, checksum);
        return this;
    }

    public int urgentPointer()
    {
        return u16(TCP_URGENT_POINTER);
    }

    /** Bytes of options: header length minus 20. */
    public int optionsLength()
    {
        return headerLength - TCP_MIN_HEADER_LENGTH;
    }

    /** Option byte {@code index} (0 is the first byte after the urgent pointer), or -1 outside the options. */
    public int option(final int index)
    {
        if (index < 0 || index >= optionsLength())
        {
            return -1;
        }
        return u8(TCP_OPTIONS + index);
    }

    /** Offset of the data from {@link #base()}: the header length. */
    public int payloadOffset()
    {
        return headerLength;
    }
}
