package io.jdpdk.mempool.header;

import java.lang.foreign.MemorySegment;

import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_CHECKSUM;
import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_CODE;
import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_IDENTIFIER;
import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_SEQUENCE_NUMBER;
import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_TYPE;

/**
 * A re-pointable view of an ICMPv6 (RFC 4443) message header.
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
 * The checksum covers an IPv6 pseudo-header and the whole message, whose length the IPv6 header gives
 * ({@link Checksums#computeIcmpv6(Ipv6View, Icmpv6View)}). The view never reads or writes outside the bounds given to
 * wrap; see {@link HeaderView}.
 */
public final class Icmpv6View extends HeaderView
{
    public static final int DESTINATION_UNREACHABLE = 1;
    public static final int PACKET_TOO_BIG = 2;
    public static final int TIME_EXCEEDED = 3;
    public static final int PARAMETER_PROBLEM = 4;
    public static final int ECHO_REQUEST = 128;
    public static final int ECHO_REPLY = 129;
    public static final int ROUTER_SOLICITATION = 133;
    public static final int ROUTER_ADVERTISEMENT = 134;
    public static final int NEIGHBOR_SOLICITATION = 135;
    public static final int NEIGHBOR_ADVERTISEMENT = 136;

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
    public Icmpv6View type(final int type)
    {
        put8(ICMP_TYPE, type);
        return this;
    }

    public int code()
    {
        return u8(ICMP_CODE);
    }

    public Icmpv6View code(final int code)
    {
        put8(ICMP_CODE, code);
        return this;
    }

    public int checksum()
    {
        return u16(ICMP_CHECKSUM);
    }

    public Icmpv6View checksum(final int checksum)
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
