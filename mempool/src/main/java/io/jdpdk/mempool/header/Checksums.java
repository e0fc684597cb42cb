package io.jdpdk.mempool.header;

import io.jdpdk.eal.raw.Memory;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_CHECKSUM;
import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_CHECKSUM;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_SOURCE;
import static io.jdpdk.mempool.header.HeaderOffsets.TCP_CHECKSUM;
import static io.jdpdk.mempool.header.HeaderOffsets.UDP_CHECKSUM;

/**
 * The Internet checksum (RFC 1071) of IPv4 headers, UDP, TCP, ICMP and ICMPv6, and its incremental update
 * (RFC 1624).
 * <p>
 * {@code compute*} returns the checksum the field should hold, computed as if the field were zero, or
 * {@link #INVALID} when it cannot be computed from the views; {@code verify*} checks the field against the
 * data; {@code set*} writes the computed value and returns false, writing nothing, when it cannot be computed.
 * <p>
 * Contract: every byte is read through the view it belongs to, within the bounds given to that view's wrap. A
 * checksum that would need bytes beyond them (a TCP segment longer than the TCP view's limit) is
 * {@link #INVALID}, and so is a transport checksum of a fragment, which covers the reassembled datagram.
 * Lengths come from the IP header (TCP, ICMP, ICMPv6) or from the UDP Length field, never from the view limits,
 * so Ethernet padding after the IP packet is never summed. The IPv6 pseudo-header uses the Destination Address
 * field; a routing header with segments left names another final destination, which is not looked up.
 * <p>
 * Allocation-free, exception-free on valid views, stateless and thread-safe.
 */
public final class Checksums
{
    /** What {@code compute*} returns when the checksum cannot be computed from the views. */
    public static final int INVALID = -1;

    private Checksums()
    {
    }

    // ---- building blocks --------------------------------------------------------------------------

    /**
     * Adds the big-endian 16-bit words of {@code [address, address + length)} of {@code segment} to
     * {@code initial}; an odd last byte counts as the high byte of a word. The result is unfolded: pass it to
     * {@link #fold(long)}. Reads exactly the bytes in the range.
     *
     * @param segment any segment, native or heap
     * @param address offset of the first byte in the segment (an absolute address for {@link Memory#ALL})
     * @param length  bytes to sum, odd allowed
     * @param initial the sum so far, e.g. a pseudo-header sum, or 0
     * @return {@code initial} plus the words, unfolded
     * @throws IndexOutOfBoundsException when the range is not in the segment
     * @throws IllegalArgumentException for a read-only heap segment (read-only native ones are fine)
     */
    public static long sum(final MemorySegment segment, final long address, final int length, final long initial)
    {
        Objects.checkFromIndexSize(address, length, segment.byteSize());
        final Object base = Memory.base(segment);
        return sumRaw(base, Memory.offset(segment, base, address), length, initial);
    }

    /** {@link #sum} over raw memory ({@link Memory}); the caller has checked the range. */
    static long sumRaw(final Object base, final long offset, final int length, final long initial)
    {
        long sum = initial;
        long at = offset;
        final long end8 = offset + (length & ~7);
        while (at < end8) // 8 bytes a step: the two 32-bit words of one load (an IPv4 header: 2 loads and an int)
        {
            final long words = Memory.getLongBigEndian(base, at);
            sum += (words >>> 32) + (words & 0xFFFF_FFFFL);
            at += 8;
        }
        if ((length & 4) != 0)
        {
            sum += Memory.getIntBigEndian(base, at) & 0xFFFF_FFFFL;
            at += 4;
        }
        if ((length & 2) != 0)
        {
            sum += Short.toUnsignedInt(Memory.getShortBigEndian(base, at));
            at += 2;
        }
        if ((length & 1) != 0)
        {
            sum += Byte.toUnsignedInt(Memory.getByte(base, at)) << 8;
        }
        return sum;
    }

    /**
     * Folds carries into 16 bits: the one's-complement sum. Complement it ({@code ~fold(sum) & 0xFFFF}) for the
     * checksum field; a sum over data whose checksum is right folds to 0xFFFF.
     *
     * @param sum an unfolded sum from {@link #sum} or the pseudo-header sums
     * @return 0 to 0xFFFF; 0 only when every summed word was 0
     */
    public static int fold(final long sum)
    {
        // 2^32 and 2^16 are both 1 modulo 0xFFFF: four branch-free folds take any 64-bit unsigned sum to 16 bits
        long folded = (sum & 0xFFFF_FFFFL) + (sum >>> 32); // < 2^33
        folded = (folded & 0xFFFF) + (folded >>> 16);       // < 2^17 + 2^16
        folded = (folded & 0xFFFF) + (folded >>> 16);       // <= 0xFFFF + 2
        folded = (folded & 0xFFFF) + (folded >>> 16);       // <= 0xFFFF
        return (int)folded;
    }

    /**
     * Partial sum of the IPv4 pseudo-header (RFC 768, RFC 9293): addresses, protocol and upper-layer length.
     *
     * @param source      the IPv4 Source Address, first octet most significant
     * @param destination the IPv4 Destination Address, first octet most significant
     * @param protocol    the {@link IpProtocol} number, 0 to 255
     * @param length      the upper-layer length in bytes, 0 to 65535
     * @return the unfolded sum, an {@code initial} for {@link #sum}
     */
    public static long ipv4PseudoHeaderSum(final int source, final int destination, final int protocol,
        final int length)
    {
        return (source >>> 16) + (source & 0xFFFF) + (destination >>> 16) + (destination & 0xFFFF) +
            protocol + length;
    }

    /**
     * Partial sum of the IPv6 pseudo-header (RFC 8200 section 8.1), reading both addresses through {@code ip}.
     *
     * @param ip       a valid view; its Source and Destination Address fields are summed
     * @param protocol the upper-layer {@link IpProtocol} number, 0 to 255
     * @param length   the upper-layer length in bytes (32 bits in the pseudo-header)
     * @return the unfolded sum, an {@code initial} for {@link #sum}
     */
    public static long ipv6PseudoHeaderSum(final Ipv6View ip, final int protocol, final int length)
    {
        return ip.sum(IPV6_SOURCE, 32, (length >>> 16) + (length & 0xFFFF) + protocol);
    }

    /**
     * RFC 1624 equation 3: the checksum after one 16-bit word the checksum covers changed from {@code oldWord} to
     * {@code newWord}, without summing the data again: {@code HC' = ~(~HC + ~m + m')}. Not for a UDP checksum of
     * 0 (none), which must stay 0.
     *
     * @param oldChecksum the checksum field before the change
     * @param oldWord     the 16-bit word before the change
     * @param newWord     the 16-bit word after the change
     * @return the new checksum field, 0 to 0xFFFF
     */
    public static int incrementalUpdate(final int oldChecksum, final int oldWord, final int newWord)
    {
        final long sum = (~oldChecksum & 0xFFFF) + (~oldWord & 0xFFFF) + (newWord & 0xFFFF);
        return ~fold(sum) & 0xFFFF;
    }

    /**
     * {@link #incrementalUpdate(int, int, int)} for a 32-bit field that starts on a 16-bit boundary (an IPv4
     * address, a TCP sequence number): both of its words changed.
     *
     * @param oldChecksum the checksum field before the change
     * @param oldValue    the 32-bit field before the change
     * @param newValue    the 32-bit field after the change
     * @return the new checksum field, 0 to 0xFFFF
     */
    public static int incrementalUpdate32(final int oldChecksum, final int oldValue, final int newValue)
    {
        final long sum = (~oldChecksum & 0xFFFF) + (~oldValue >>> 16) + (~oldValue & 0xFFFF) +
            (newValue >>> 16) + (newValue & 0xFFFF);
        return ~fold(sum) & 0xFFFF;
    }

    // ---- IPv4 header --------------------------------------------------------------------------------

    /**
     * The header checksum of {@code ip}'s header, options included, computed as if the field were 0.
     *
     * @param ip a valid view
     * @return the value the Header Checksum field should hold, 0 to 0xFFFF
     */
    public static int computeIpv4Header(final Ipv4View ip)
    {
        return ~fold(sumSkippingChecksum(ip, ip.headerLength(), IPV4_CHECKSUM, 0)) & 0xFFFF;
    }

    /**
     * Whether the header checksum field matches the header, options included.
     *
     * @param ip a valid view
     * @return true when the header sums to 0xFFFF
     */
    public static boolean verifyIpv4Header(final Ipv4View ip)
    {
        return fold(ip.sum(0, ip.headerLength(), 0)) == 0xFFFF;
    }

    /**
     * Writes the computed header checksum into {@code ip}; always possible, since the header lies within the view.
     *
     * @param ip a valid view
     */
    public static void setIpv4Header(final Ipv4View ip)
    {
        ip.checksum(computeIpv4Header(ip));
    }

    // ---- UDP ----------------------------------------------------------------------------------------

    /**
     * The UDP checksum over the IPv4 pseudo-header and Length bytes of {@code udp}; a result of 0 is sent as
     * 0xFFFF, since 0 means "no checksum".
     *
     * @param ip  the IPv4 header carrying {@code udp}
     * @param udp a valid view; its Length field gives the bytes summed
     * @return the checksum, or {@link #INVALID} for a fragment
     */
    public static int computeUdp(final Ipv4View ip, final UdpView udp)
    {
        if (ip.isFragment())
        {
            return INVALID;
        }
        final int length = udp.length();
        final long pseudo = ipv4PseudoHeaderSum(ip.sourceAddress(), ip.destinationAddress(), IpProtocol.UDP, length);
        return nonZero(~fold(sumSkippingChecksum(udp, length, UDP_CHECKSUM, pseudo)) & 0xFFFF);
    }

    /**
     * Whether the UDP checksum is 0 (none, allowed over IPv4) or matches.
     *
     * @param ip  the IPv4 header carrying {@code udp}
     * @param udp a valid view; its Length field gives the bytes summed
     * @return true for 0 or a match; false for a mismatch or a fragment
     */
    public static boolean verifyUdp(final Ipv4View ip, final UdpView udp)
    {
        if (ip.isFragment())
        {
            return false;
        }
        if (udp.checksum() == 0)
        {
            return true;
        }
        final int length = udp.length();
        final long pseudo = ipv4PseudoHeaderSum(ip.sourceAddress(), ip.destinationAddress(), IpProtocol.UDP, length);
        return fold(udp.sum(0, length, pseudo)) == 0xFFFF;
    }

    /**
     * Writes the UDP checksum ({@link #computeUdp(Ipv4View, UdpView)}).
     *
     * @param ip  the IPv4 header carrying {@code udp}
     * @param udp a valid view
     * @return true when written; false, writing nothing, for a fragment
     */
    public static boolean setUdp(final Ipv4View ip, final UdpView udp)
    {
        return set(udp, UDP_CHECKSUM, computeUdp(ip, udp));
    }

    /**
     * The UDP checksum over the IPv6 pseudo-header and Length bytes of {@code udp}; a result of 0 is sent as
     * 0xFFFF.
     *
     * @param ip  the IPv6 header carrying {@code udp}
     * @param udp a valid view; its Length field gives the bytes summed
     * @return the checksum, or {@link #INVALID} for a fragment
     */
    public static int computeUdp(final Ipv6View ip, final UdpView udp)
    {
        if (ip.isFragment())
        {
            return INVALID;
        }
        final int length = udp.length();
        final long pseudo = ipv6PseudoHeaderSum(ip, IpProtocol.UDP, length);
        return nonZero(~fold(sumSkippingChecksum(udp, length, UDP_CHECKSUM, pseudo)) & 0xFFFF);
    }

    /**
     * Whether the UDP checksum matches; a 0 checksum is invalid over IPv6 (RFC 8200).
     *
     * @param ip  the IPv6 header carrying {@code udp}
     * @param udp a valid view; its Length field gives the bytes summed
     * @return true for a match; false for a mismatch, a 0 checksum or a fragment
     */
    public static boolean verifyUdp(final Ipv6View ip, final UdpView udp)
    {
        if (ip.isFragment() || udp.checksum() == 0)
        {
            return false;
        }
        final int length = udp.length();
        return fold(udp.sum(0, length, ipv6PseudoHeaderSum(ip, IpProtocol.UDP, length))) ==
            0xFFFF;
    }

    /**
     * Writes the UDP checksum ({@link #computeUdp(Ipv6View, UdpView)}).
     *
     * @param ip  the IPv6 header carrying {@code udp}
     * @param udp a valid view
     * @return true when written; false, writing nothing, for a fragment
     */
    public static boolean setUdp(final Ipv6View ip, final UdpView udp)
    {
        return set(udp, UDP_CHECKSUM, computeUdp(ip, udp));
    }

    // ---- TCP ----------------------------------------------------------------------------------------

    /**
     * The TCP checksum over the IPv4 pseudo-header and the segment, whose length is the IP payload length.
     *
     * @param ip  the IPv4 header carrying {@code tcp}
     * @param tcp a valid view whose limit covers the segment
     * @return the checksum, or {@link #INVALID} for a fragment or when the segment is shorter than the TCP
     * header or longer than {@code tcp}'s limit
     */
    public static int computeTcp(final Ipv4View ip, final TcpView tcp)
    {
        final int length = ip.payloadLength();
        if (ip.isFragment() || !fits(tcp, length))
        {
            return INVALID;
        }
        final long pseudo = ipv4PseudoHeaderSum(ip.sourceAddress(), ip.destinationAddress(), IpProtocol.TCP, length);
        return ~fold(sumSkippingChecksum(tcp, length, TCP_CHECKSUM, pseudo)) & 0xFFFF;
    }

    /**
     * Whether the TCP checksum matches.
     *
     * @param ip  the IPv4 header carrying {@code tcp}
     * @param tcp a valid view whose limit covers the segment
     * @return true for a match; false for a mismatch and whenever {@link #computeTcp(Ipv4View, TcpView)} is INVALID
     */
    public static boolean verifyTcp(final Ipv4View ip, final TcpView tcp)
    {
        final int length = ip.payloadLength();
        if (ip.isFragment() || !fits(tcp, length))
        {
            return false;
        }
        final long pseudo = ipv4PseudoHeaderSum(ip.sourceAddress(), ip.destinationAddress(), IpProtocol.TCP, length);
        return fold(tcp.sum(0, length, pseudo)) == 0xFFFF;
    }

    /**
     * Writes the TCP checksum ({@link #computeTcp(Ipv4View, TcpView)}).
     *
     * @param ip  the IPv4 header carrying {@code tcp}
     * @param tcp a valid view whose limit covers the segment
     * @return true when written; false, writing nothing, when it cannot be computed
     */
    public static boolean setTcp(final Ipv4View ip, final TcpView tcp)
    {
        return set(tcp, TCP_CHECKSUM, computeTcp(ip, tcp));
    }

    /**
     * The TCP checksum over the IPv6 pseudo-header and the segment, whose length is the upper-layer length after
     * the extension headers.
     *
     * @param ip  the IPv6 header carrying {@code tcp}
     * @param tcp a valid view whose limit covers the segment
     * @return the checksum, or {@link #INVALID} for a fragment or when the segment is shorter than the TCP
     * header or longer than {@code tcp}'s limit
     */
    public static int computeTcp(final Ipv6View ip, final TcpView tcp)
    {
        final int length = ip.upperLayerLength();
        if (ip.isFragment() || !fits(tcp, length))
        {
            return INVALID;
        }
        final long pseudo = ipv6PseudoHeaderSum(ip, IpProtocol.TCP, length);
        return ~fold(sumSkippingChecksum(tcp, length, TCP_CHECKSUM, pseudo)) & 0xFFFF;
    }

    /**
     * Whether the TCP checksum matches.
     *
     * @param ip  the IPv6 header carrying {@code tcp}
     * @param tcp a valid view whose limit covers the segment
     * @return true for a match; false for a mismatch and whenever {@link #computeTcp(Ipv6View, TcpView)} is INVALID
     */
    public static boolean verifyTcp(final Ipv6View ip, final TcpView tcp)
    {
        final int length = ip.upperLayerLength();
        if (ip.isFragment() || !fits(tcp, length))
        {
            return false;
        }
        return fold(tcp.sum(0, length, ipv6PseudoHeaderSum(ip, IpProtocol.TCP, length))) ==
            0xFFFF;
    }

    /**
     * Writes the TCP checksum ({@link #computeTcp(Ipv6View, TcpView)}).
     *
     * @param ip  the IPv6 header carrying {@code tcp}
     * @param tcp a valid view whose limit covers the segment
     * @return true when written; false, writing nothing, when it cannot be computed
     */
    public static boolean setTcp(final Ipv6View ip, final TcpView tcp)
    {
        return set(tcp, TCP_CHECKSUM, computeTcp(ip, tcp));
    }

    // ---- ICMP and ICMPv6 ----------------------------------------------------------------------------

    /**
     * The ICMP checksum of a message of {@code length} bytes (no pseudo-header).
     *
     * @param icmp   a valid view
     * @param length bytes of the message, header included
     * @return the checksum, or {@link #INVALID} when {@code length} is below 8 or beyond {@code icmp}'s limit
     */
    public static int computeIcmp(final IcmpView icmp, final int length)
    {
        if (length < ICMP_HEADER_LENGTH || length > icmp.limit())
        {
            return INVALID;
        }
        return ~fold(sumSkippingChecksum(icmp, length, ICMP_CHECKSUM, 0)) & 0xFFFF;
    }

    /**
     * The ICMP checksum of the message that fills {@code ip}'s payload.
     *
     * @param ip   the IPv4 header carrying {@code icmp}; its payload length is the message length
     * @param icmp a valid view
     * @return the checksum, or {@link #INVALID} for a fragment or as {@link #computeIcmp(IcmpView, int)}
     */
    public static int computeIcmp(final Ipv4View ip, final IcmpView icmp)
    {
        return ip.isFragment() ? INVALID : computeIcmp(icmp, ip.payloadLength());
    }

    /**
     * Whether the checksum of the ICMP message that fills {@code ip}'s payload matches.
     *
     * @param ip   the IPv4 header carrying {@code icmp}
     * @param icmp a valid view
     * @return true for a match; false for a mismatch and whenever {@link #computeIcmp(Ipv4View, IcmpView)} is
     * INVALID
     */
    public static boolean verifyIcmp(final Ipv4View ip, final IcmpView icmp)
    {
        final int length = ip.payloadLength();
        if (ip.isFragment() || length < ICMP_HEADER_LENGTH || length > icmp.limit())
        {
            return false;
        }
        return fold(icmp.sum(0, length, 0)) == 0xFFFF;
    }

    /**
     * Writes the ICMP checksum ({@link #computeIcmp(Ipv4View, IcmpView)}), e.g. after turning a request into a reply.
     *
     * @param ip   the IPv4 header carrying {@code icmp}
     * @param icmp a valid view
     * @return true when written; false, writing nothing, when it cannot be computed
     */
    public static boolean setIcmp(final Ipv4View ip, final IcmpView icmp)
    {
        return set(icmp, ICMP_CHECKSUM, computeIcmp(ip, icmp));
    }

    /**
     * The ICMPv6 checksum over the IPv6 pseudo-header and the upper-layer bytes of {@code ip}.
     *
     * @param ip   the IPv6 header carrying {@code icmp}; its upper-layer length is the message length
     * @param icmp a valid view
     * @return the checksum, or {@link #INVALID} for a fragment or when the message is shorter than 8 bytes or
     * longer than {@code icmp}'s limit
     */
    public static int computeIcmpv6(final Ipv6View ip, final Icmpv6View icmp)
    {
        final int length = ip.upperLayerLength();
        if (ip.isFragment() || length < ICMP_HEADER_LENGTH || length > icmp.limit())
        {
            return INVALID;
        }
        final long pseudo = ipv6PseudoHeaderSum(ip, IpProtocol.ICMPV6, length);
        return ~fold(sumSkippingChecksum(icmp, length, ICMP_CHECKSUM, pseudo)) & 0xFFFF;
    }

    /**
     * Whether the ICMPv6 checksum matches.
     *
     * @param ip   the IPv6 header carrying {@code icmp}
     * @param icmp a valid view
     * @return true for a match; false for a mismatch and whenever {@link #computeIcmpv6} is INVALID
     */
    public static boolean verifyIcmpv6(final Ipv6View ip, final Icmpv6View icmp)
    {
        final int length = ip.upperLayerLength();
        if (ip.isFragment() || length < ICMP_HEADER_LENGTH || length > icmp.limit())
        {
            return false;
        }
        return fold(icmp.sum(0, length, ipv6PseudoHeaderSum(ip, IpProtocol.ICMPV6, length))) ==
            0xFFFF;
    }

    /**
     * Writes the ICMPv6 checksum ({@link #computeIcmpv6}).
     *
     * @param ip   the IPv6 header carrying {@code icmp}
     * @param icmp a valid view
     * @return true when written; false, writing nothing, when it cannot be computed
     */
    public static boolean setIcmpv6(final Ipv6View ip, final Icmpv6View icmp)
    {
        return set(icmp, ICMP_CHECKSUM, computeIcmpv6(ip, icmp));
    }

    // ---- helpers ------------------------------------------------------------------------------------

    /**
     * Sums {@code length} bytes of {@code view} from its base, leaving out the 16-bit field at the even offset
     * {@code checksumOffset}, so the words either side keep their alignment.
     */
    private static long sumSkippingChecksum(final HeaderView view, final int length, final int checksumOffset,
        final long initial)
    {
        final long before = view.sum(0, checksumOffset, initial);
        return view.sum(checksumOffset + 2, length - checksumOffset - 2, before);
    }

    private static boolean fits(final TcpView tcp, final int length)
    {
        return length >= tcp.headerLength() && length <= tcp.limit();
    }

    private static int nonZero(final int checksum)
    {
        return checksum == 0 ? 0xFFFF : checksum;
    }

    private static boolean set(final HeaderView view, final int checksumOffset, final int checksum)
    {
        if (checksum == INVALID)
        {
            return false;
        }
        view.put16(checksumOffset, checksum);
        return true;
    }
}
