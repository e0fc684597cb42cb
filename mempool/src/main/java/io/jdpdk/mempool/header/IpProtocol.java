package io.jdpdk.mempool.header;

/** IP protocol and IPv6 next-header numbers the views and {@link PacketParser} recognise (IANA). */
public final class IpProtocol
{
    public static final int IPV6_HOP_BY_HOP = 0;
    public static final int ICMP = 1;
    public static final int TCP = 6;
    public static final int UDP = 17;
    public static final int IPV6_ROUTING = 43;
    public static final int IPV6_FRAGMENT = 44;
    /** Encapsulating Security Payload: its content is opaque, so an IPv6 header chain stops there. */
    public static final int ESP = 50;
    public static final int AH = 51;
    public static final int ICMPV6 = 58;
    /** Nothing follows: an IPv6 header chain ends with no upper-layer header. */
    public static final int IPV6_NO_NEXT_HEADER = 59;
    public static final int IPV6_DESTINATION_OPTIONS = 60;

    private IpProtocol()
    {
    }

    /**
     * Whether {@code nextHeader} is an IPv6 extension header that an {@link Ipv6View} skips: hop-by-hop,
     * routing, fragment, destination options or authentication header.
     */
    public static boolean isIpv6ExtensionHeader(final int nextHeader)
    {
        return nextHeader == IPV6_HOP_BY_HOP || nextHeader == IPV6_ROUTING || nextHeader == IPV6_FRAGMENT ||
            nextHeader == IPV6_DESTINATION_OPTIONS || nextHeader == AH;
    }
}
