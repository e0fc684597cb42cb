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
    /** An unbound view; {@code wrap} it around a header before reading or writing. */
    public IcmpView()
    {
    }

    /** Type of an Echo Reply (ping answer). */
    public static final int ECHO_REPLY = 0;
    /** Type of a Destination Unreachable message; the code says why. */
    public static final int DESTINATION_UNREACHABLE = 3;
    /** Type of a Redirect message. */
    public static final int REDIRECT = 5;
    /** Type of an Echo Request (ping). */
    public static final int ECHO_REQUEST = 8;
    /** Type of a Time Exceeded message (TTL 0 in transit, or reassembly timeout). */
    public static final int TIME_EXCEEDED = 11;
    /** Type of a Parameter Problem message. */
    public static final int PARAMETER_PROBLEM = 12;

    /** @return false, leaving the view invalid, when fewer than 8 bytes are available */
    @Override
    public boolean wrap(final MemorySegment segment, final long base, final int length)
    {
        return bind(segment, base, length, ICMP_HEADER_LENGTH);
    }

    /**
     * Reads the Type byte (offset 0).
     *
     * @return 0 to 255, e.g. {@link #ECHO_REQUEST}
     */
    public int type()
    {
        return u8(ICMP_TYPE);
    }

    /**
     * Writes the Type byte (offset 0; an echo responder writes {@link #ECHO_REPLY}); the checksum is not updated.
     *
     * @param type the low 8 bits are written
     * @return this
     */
    public IcmpView type(final int type)
    {
        put8(ICMP_TYPE, type);
        return this;
    }

    /**
     * Reads the Code byte (offset 1), the subtype of {@link #type()}.
     *
     * @return 0 to 255
     */
    public int code()
    {
        return u8(ICMP_CODE);
    }

    /**
     * Writes the Code byte (offset 1); the checksum is not updated.
     *
     * @param code the low 8 bits are written
     * @return this
     */
    public IcmpView code(final int code)
    {
        put8(ICMP_CODE, code);
        return this;
    }

    /**
     * Reads the Checksum (2 bytes at offset 2, big-endian); not verified (see {@link Checksums}).
     *
     * @return 0 to 65535
     */
    public int checksum()
    {
        return u16(ICMP_CHECKSUM);
    }

    /**
     * Writes the Checksum (2 bytes at offset 2, big-endian; see
     * {@link Checksums#computeIcmp(Ipv4View, IcmpView)}).
     *
     * @param checksum the low 16 bits are written
     * @return this
     */
    public IcmpView checksum(final int checksum)
    {
        put16(ICMP_CHECKSUM, checksum);
        return this;
    }

    /**
     * Reads the rest-of-header word (4 bytes at offset 4, big-endian), whatever the type makes of it.
     *
     * @return the word as a signed int
     */
    public int restOfHeader()
    {
        return i32(ICMP_IDENTIFIER);
    }

    /**
     * Reads the Identifier of an echo request or reply (2 bytes at offset 4, big-endian).
     *
     * @return 0 to 65535; meaningless for other types
     */
    public int identifier()
    {
        return u16(ICMP_IDENTIFIER);
    }

    /**
     * Reads the Sequence Number of an echo request or reply (2 bytes at offset 6, big-endian).
     *
     * @return 0 to 65535; meaningless for other types
     */
    public int sequenceNumber()
    {
        return u16(ICMP_SEQUENCE_NUMBER);
    }
}
