package io.jdpdk.mempool.header;

import java.lang.foreign.MemorySegment;

import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_CHECKSUM;
import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_CODE;
import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_IDENTIFIER;
import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_SEQUENCE_NUMBER;
import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_TYPE;

/**
 * A re-pointable view of an ICMP (for IPv4, RFC 792) message header.
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |     Type      |     Code      |          Checksum             |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |  Identifier (echo)            |  Sequence Number (echo)       |  rest of header:
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+  meaning depends on the type
 *  |                          data ...                             |
 * </pre>
 * The checksum covers the whole message, whose length the IP header gives
 * ({@link Checksums#computeIcmp(Ipv4View, IcmpView)}). The view never reads or writes outside the bounds given to
 * wrap; see {@link HeaderView}.
 */
public final class IcmpView extends HeaderView
{
    public static final int ECHO_REPLY = 0;
    public static final int DESTINATION_UNREACHABLE = 3;
    public static final int REDIRECT = 5;
    public static final int ECHO_REQUEST = 8;
    public static final int TIME_EXCEEDED = 11;
    public static final int PARAMETER_PROBLEM = 12;

    /** @return false, leaving the view invalid, when fewer than 8 bytes are available */
    @Override
    public boolean wrap(final MemorySegment segment, final long base, final int length)
    {
        return bind(segment, base, length, ICMP_HEADER_LENGTH);
    }

    public int type()
    {
        return u8(ICMP_TYPE);
    }

    /** Sets the type (an echo responder writes {@link #ECHO_REPLY}); the checksum is not updated. @return this */
    public IcmpView type(final int type)
    {
        put8(ICMP_TYPE, type);
        return this;
    }

    public int code()
    {
        return u8(ICMP_CODE);
    }

    public IcmpView code(final int code)
    {
        put8(ICMP_CODE, code);
        return this;
    }

    public int checksum()
    {
        return u16(ICMP_CHECKSUM);
    }

    public IcmpView checksum(final int checksum)
    {
        put16(ICMP_CHECKSUM, checksum);
        return this;
    }

    /** The 32-bit word after the checksum, whatever the type makes of it. */
    public int restOfHeader()
    {
        return i32(ICMP_IDENTIFIER);
    }

    /** Identifier of an echo request or reply. */
    public int identifier()
    {
        return u16(ICMP_IDENTIFIER);
    }

    /** Sequence number of an echo request or reply. */
    public int sequenceNumber()
    {
        return u16(ICMP_SEQUENCE_NUMBER);
    }
}
