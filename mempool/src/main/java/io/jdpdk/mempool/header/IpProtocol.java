package io.jdpdk.mempool.header;

/** IP protocol and IPv6 next-header numbers the views and {@link PacketParser} recognise (IANA). */
public final class IpProtocol
{
    /** IPv6 Hop-by-Hop Options extension header (RFC 8200). */
    public static final int IPV6_HOP_BY_HOP = 0;
    /** Internet Control Message Protocol for IPv4 (RFC 792). */
    public static final int ICMP = 1;
    /** Transmission Control Protocol (RFC 9293). */
    public static final int TCP = 6;
    /** User Datagram Protocol (RFC 768). */
    public static final int UDP = 17;
    /** IPv6 Routing extension header (RFC 8200). */
    public static final int IPV6_ROUTING = 43;
    /** IPv6 Fragment extension header (RFC 8200), always 8 bytes. */
    public static final int IPV6_FRAGMENT = 44;
    /** Encapsulating Security Payload: its content is opaque, so an IPv6 header chain stops there. */
    public static final int ESP = 50;
    /** Authentication Header (RFC 4302); its length field counts 4-byte words, minus 2. */
    public static final int AH = 51;
    /** Internet Control Message Protocol for IPv6 (RFC 4443). */
    public static final int ICMPV6 = 58;
    /** Nothing follows: an IPv6 header chain ends with no upper-layer header. */
    public static final int IPV6_NO_NEXT_HEADER = 59;
    /** IPv6 Destination Options extension header (RFC 8200). */
    public static final int IPV6_DESTINATION_OPTIONS = 60;

    private IpProtocol()
    {
    }

    /**
     * Whether {@code nextHeader} is an IPv6 extension header that an {@link Ipv6View} skips: hop-by-hop,
     * routing, fragment, destination options or authentication header.
     *
     * @param nextHeader an IPv6 Next Header or IPv4 Protocol value
     * @return false for ESP, no-next-header and every upper-layer protocol
     */
    public static boolean isIpv6ExtensionHeader(final int nextHeader)
    {
        return nextHeader == IPV6_HOP_BY_HOP || nextHeader == IPV6_ROUTING || nextHeader == IPV6_FRAGMENT ||
            nextHeader == IPV6_DESTINATION_OPTIONS || nextHeader == AH;
    }
}
