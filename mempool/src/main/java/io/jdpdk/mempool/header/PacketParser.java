package io.jdpdk.mempool.header;

import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.Mbuf;

import java.lang.foreign.MemorySegment;

import static io.jdpdk.mempool.header.HeaderOffsets.ARP_ETHERNET_IPV4_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.ARP_FIXED_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.ETH_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.ETH_TYPE;
import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_MIN_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_TOTAL_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_VERSION_IHL;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_PAYLOAD_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_VERSION_CLASS_FLOW;
import static io.jdpdk.mempool.header.HeaderOffsets.UDP_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.UDP_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.VLAN_TAG_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.VLAN_TCI;
import static io.jdpdk.mempool.header.HeaderOffsets.VLAN_TYPE;

/**
 * A reusable parser that walks a frame from L2 to L4 and records where each layer starts, without allocating or
 * throwing:
 * <pre>
 *   Ethernet [VLAN tag [VLAN tag]]  IPv4 [options]                     TCP | UDP | ICMP
 *                                   IPv6 [extension headers]           TCP | UDP | ICMPv6
 *                                   ARP (IPv4 over Ethernet)
 *   |&lt;---------- l2Length ---------&gt;|&lt;-- l3HeaderLength --&gt;|&lt;----------- l4Length ----------&gt;|
 *   0                              l3Offset               l4Offset
 * </pre>
 * {@link #parse} returns, and {@link #result()} keeps, one of:
 * <ul>
 *   <li>{@link #OK}: every layer present was recognised and is consistent. A non-first IPv4 or IPv6 fragment, or
 *   IPv6 with No Next Header, is OK with no L4 ({@link #l4Offset()} -1).</li>
 *   <li>{@link #TRUNCATED}: the bytes end before a header, or before the length an IP header declares.</li>
 *   <li>{@link #MALFORMED}: a header contradicts itself or its enclosing header (wrong IP version, IHL below 5,
 *   Total Length below the header, an IPv6 extension header or a TCP/UDP/ICMP header running past the IP
 *   payload, TCP data offset below 5, UDP length below 8), or the bounds given to parse are impossible.</li>
 *   <li>{@link #UNSUPPORTED}: a layer this parser does not read: an 802.3 length or unknown EtherType, a third
 *   VLAN tag, ARP for other than IPv4 over Ethernet, ESP, an IP protocol other than TCP/UDP/ICMP(v6).</li>
 * </ul>
 * Whatever the result, the offsets and lengths of the layers parsed before it stopped stay set, and those of layers
 * not reached are -1; every offset plus its length lies within the length given to parse.
 * <p>
 * The views of the layers it validated ({@link #ethernet()}, {@link #ipv4()}, {@link #tcp()}, ...) are left
 * wrapped over the packet for the caller to read and rewrite; the others are invalid. L3 views are bounded by the
 * end of the buffer; L4 views by the end of the IP payload ({@link #l4Length()}). For a first fragment the L4
 * header is checked to fit in the fragment and TCP/ICMP views are wrapped, but {@link #udp()} is not: UDP Length
 * describes the whole datagram.
 * <p>
 * Never reads outside the bounds given to parse. Not thread-safe: one parser per thread.
 */
public final class PacketParser
{
    /** A parser with no packet yet; one per thread, reused for every packet. */
    public PacketParser()
    {
    }

    /** Result: every layer present was recognised and is consistent. */
    public static final int OK = 0;
    /** Result: the bytes end before a header, or before the length an IP header declares. */
    public static final int TRUNCATED = 1;
    /** Result: a header contradicts itself or its enclosing header, or the bounds given to parse are impossible. */
    public static final int MALFORMED = 2;
    /** Result: the parse stopped at a layer this parser does not read. */
    public static final int UNSUPPORTED = 3;

    /** {@link #l3Type()}: no L3 header recognised. */
    public static final int L3_NONE = 0;
    /** {@link #l3Type()}: a validated IPv4 header; {@link #ipv4()} is wrapped. */
    public static final int L3_IPV4 = 1;
    /** {@link #l3Type()}: a validated IPv6 header and extension header chain; {@link #ipv6()} is wrapped. */
    public static final int L3_IPV6 = 2;
    /** {@link #l3Type()}: a validated ARP packet for IPv4 over Ethernet; {@link #arp()} is wrapped. */
    public static final int L3_ARP = 3;

    /** VLAN tags read before the EtherType of the payload; a third is {@link #UNSUPPORTED}. */
    public static final int MAX_VLAN_TAGS = 2;

    private final EthernetView ethernet = new EthernetView();
    private final ArpView arp = new ArpView();
    private final Ipv4View ipv4 = new Ipv4View();
    private final Ipv6View ipv6 = new Ipv6View();
    private final UdpView udp = new UdpView();
    private final TcpView tcp = new TcpView();
    private final IcmpView icmp = new IcmpView();
    private final Icmpv6View icmpv6 = new Icmpv6View();

    private MemorySegment segment = MemorySegment.NULL;
    private long base;
    private int length;

    private int result = MALFORMED;
    private int vlanCount;
    private int outerVlanTci;
    private int innerVlanTci;
    private int l2Length;
    private int etherType;
    private int l3Type;
    private int l3Offset;
    private int l3HeaderLength;
    private int l4Protocol;
    private int l4Offset;
    private int l4Length;
    private boolean fragment;

    /**
     * Parses the data of the mbuf's first segment, bounded by data_len; later segments are not read.
     *
     * @param mbuf the packet, which must stay owned while the parser's views are used
     * @return the {@link #result()}: {@link #OK}, {@link #TRUNCATED}, {@link #MALFORMED} or {@link #UNSUPPORTED}
     */
    public int parse(final Mbuf mbuf)
    {
        return parse(Memory.ALL, mbuf.dataAddress(), mbuf.dataLen());
    }

    /**
     * Parses the frame in {@code [base, base + length)} of {@code segment}. Everything the last parse recorded is
     * reset first.
     *
     * @param segment {@link Memory#ALL} with an absolute address, or any writable segment with an offset into it
     * @param base    address or offset of the first byte of the Ethernet header
     * @param length  bytes of the frame
     * @return the {@link #result()}: {@link #OK}, {@link #TRUNCATED}, {@link #MALFORMED} or {@link #UNSUPPORTED}
     */
    public int parse(final MemorySegment segment, final long base, final int length)
    {
        reset();
        if (segment == null || segment == MemorySegment.NULL || base < 0 || length < 0 ||
            base > segment.byteSize() - length)
        {
            return result = MALFORMED;
        }
        this.segment = segment;
        this.base = base;
        this.length = length;

        if (!ethernet.wrap(segment, base, length))
        {
            return result = TRUNCATED;
        }
        int offset = ETH_HEADER_LENGTH;
        int type = u16(ETH_TYPE);
        while (EtherType.isVlan(type))
        {
            if (vlanCount == MAX_VLAN_TAGS)
            {
                return stopAtL2(offset, type, UNSUPPORTED);
            }
            if (length - offset < VLAN_TAG_LENGTH)
            {
                return result = TRUNCATED;
            }
            if (vlanCount == 0)
            {
                outerVlanTci = u16(offset + VLAN_TCI);
            }
            innerVlanTci = u16(offset + VLAN_TCI);
            type = u16(offset + VLAN_TYPE);
            offset += VLAN_TAG_LENGTH;
            vlanCount++;
        }
        l2Length = offset;
        etherType = type;
        return result = switch (type)
        {
            case EtherType.IPV4 -> parseIpv4(offset);
            case EtherType.IPV6 -> parseIpv6(offset);
            case EtherType.ARP -> parseArp(offset);
            default -> UNSUPPORTED;
        };
    }

    /**
     * The result of the last parse.
     *
     * @return {@link #OK}, {@link #TRUNCATED}, {@link #MALFORMED} or {@link #UNSUPPORTED}; {@link #MALFORMED}
     * before the first parse
     */
    public int result()
    {
        return result;
    }

    /**
     * Bytes of Ethernet header and VLAN tags: the offset of the L3 header.
     *
     * @return 14, 18 or 22; -1 when the Ethernet header or a tag did not fit
     */
    public int l2Length()
    {
        return l2Length;
    }

    /**
     * VLAN tags read (802.1Q or 802.1ad, in any order).
     *
     * @return 0 to {@value #MAX_VLAN_TAGS}
     */
    public int vlanCount()
    {
        return vlanCount;
    }

    /**
     * Tag Control Information of the first (outer) tag.
     *
     * @return PCP, DEI and VLAN ID in 16 bits; -1 when untagged
     */
    public int outerVlanTci()
    {
        return outerVlanTci;
    }

    /**
     * Tag Control Information of the last (inner) tag, the same as the outer one for a single tag.
     *
     * @return PCP, DEI and VLAN ID in 16 bits; -1 when untagged
     */
    public int innerVlanTci()
    {
        return innerVlanTci;
    }

    /**
     * EtherType after the VLAN tags (a TPID when a third tag made the result {@link #UNSUPPORTED}).
     *
     * @return 0 to 65535 (see {@link EtherType}); -1 when the Ethernet header or a tag did not fit
     */
    public int etherType()
    {
        return etherType;
    }

    /**
     * Which L3 header was validated.
     *
     * @return {@link #L3_IPV4}, {@link #L3_IPV6} or {@link #L3_ARP} once that header is validated, else
     * {@link #L3_NONE}
     */
    public int l3Type()
    {
        return l3Type;
    }

    /**
     * Offset of the L3 header from the start of the frame; set for a recognised EtherType even when the header
     * then proved truncated or malformed.
     *
     * @return {@link #l2Length()}; -1 when there is none (no recognised EtherType)
     */
    public int l3Offset()
    {
        return l3Offset;
    }

    /**
     * Bytes of L3 header: IPv4 with options, IPv6 with the extension headers walked past, ARP 28.
     *
     * @return the length; -1 when the L3 header was not validated
     */
    public int l3HeaderLength()
    {
        return l3HeaderLength;
    }

    /**
     * IPv4 Protocol, or the IPv6 Next Header where the extension header walk stopped.
     *
     * @return an {@link IpProtocol} number, 0 to 255; -1 without a validated IP header
     */
    public int l4Protocol()
    {
        return l4Protocol;
    }

    /**
     * Offset of the L4 header from the start of the frame; set once the IP header is validated, even when the L4
     * header then proved malformed or unsupported.
     *
     * @return the offset; -1 when there is none (not IP, a non-first fragment, No Next Header)
     */
    public int l4Offset()
    {
        return l4Offset;
    }

    /**
     * Bytes from {@link #l4Offset()} to the end of the IP payload; Ethernet padding is not counted.
     *
     * @return the length; -1 when there is no L4 header
     */
    public int l4Length()
    {
        return l4Length;
    }

    /**
     * Whether the IP packet is a fragment (IPv4 MF or offset; IPv6 M or offset in a fragment header).
     *
     * @return true for any fragment, first included; false for whole datagrams, IPv6 atomic fragments and non-IP
     */
    public boolean isFragment()
    {
        return fragment;
    }

    /**
     * The Ethernet view, wrapped over the whole frame (its limit is the length given to parse).
     *
     * @return the parser's own view, re-pointed by every parse; invalid when the frame is shorter than 14 bytes
     */
    public EthernetView ethernet()
    {
        return ethernet;
    }

    /**
     * The ARP view, valid when {@link #l3Type()} is {@link #L3_ARP}.
     *
     * @return the parser's own view, re-pointed by every parse
     */
    public ArpView arp()
    {
        return arp;
    }

    /**
     * The IPv4 view, valid when {@link #l3Type()} is {@link #L3_IPV4}; bounded by the end of the frame.
     *
     * @return the parser's own view, re-pointed by every parse
     */
    public Ipv4View ipv4()
    {
        return ipv4;
    }

    /**
     * The IPv6 view, valid when {@link #l3Type()} is {@link #L3_IPV6}; bounded by the end of the frame.
     *
     * @return the parser's own view, re-pointed by every parse
     */
    public Ipv6View ipv6()
    {
        return ipv6;
    }

    /**
     * The UDP view, valid when the result is {@link #OK} with {@link #l4Protocol()} UDP and the packet is not a
     * fragment; bounded by the end of the IP payload.
     *
     * @return the parser's own view, re-pointed by every parse
     */
    public UdpView udp()
    {
        return udp;
    }

    /**
     * The TCP view, valid when the result is {@link #OK} with {@link #l4Protocol()} TCP and an L4 header present;
     * bounded by the end of the IP payload.
     *
     * @return the parser's own view, re-pointed by every parse
     */
    public TcpView tcp()
    {
        return tcp;
    }

    /**
     * The ICMP view, valid when the result is {@link #OK} with {@link #l4Protocol()} ICMP over IPv4 and an L4
     * header present; bounded by the end of the IP payload.
     *
     * @return the parser's own view, re-pointed by every parse
     */
    public IcmpView icmp()
    {
        return icmp;
    }

    /**
     * The ICMPv6 view, valid when the result is {@link #OK} with {@link #l4Protocol()} ICMPv6 over IPv6 and an L4
     * header present; bounded by the end of the IP payload.
     *
     * @return the parser's own view, re-pointed by every parse
     */
    public Icmpv6View icmpv6()
    {
        return icmpv6;
    }

    private int parseIpv4(final int offset)
    {
        l3Offset = offset;
        final int available = length - offset;
        if (available < IPV4_MIN_HEADER_LENGTH)
        {
            return TRUNCATED;
        }
        final int versionIhl = u8(offset + IPV4_VERSION_IHL);
        final int headerLength = (versionIhl & 0x0F) << 2;
        if ((versionIhl >>> 4) != 4 || headerLength < IPV4_MIN_HEADER_LENGTH)
        {
            return MALFORMED;
        }
        if (headerLength > available)
        {
            return TRUNCATED;
        }
        final int totalLength = u16(offset + IPV4_TOTAL_LENGTH);
        if (totalLength < headerLength)
        {
            return MALFORMED;
        }
        if (totalLength > available)
        {
            return TRUNCATED;
        }
        if (!ipv4.wrap(segment, base + offset, available))
        {
            return MALFORMED;
        }
        l3Type = L3_IPV4;
        l3HeaderLength = headerLength;
        l4Protocol = ipv4.protocol();
        fragment = ipv4.isFragment();
        if (ipv4.fragmentOffset() != 0)
        {
            return OK;
        }
        return parseL4(offset + headerLength, totalLength - headerLength, false);
    }

    private int parseIpv6(final int offset)
    {
        l3Offset = offset;
        final int available = length - offset;
        if (available < IPV6_HEADER_LENGTH)
        {
            return TRUNCATED;
        }
        if ((u8(offset + IPV6_VERSION_CLASS_FLOW) >>> 4) != 6)
        {
            return MALFORMED;
        }
        if (u16(offset + IPV6_PAYLOAD_LENGTH) > available - IPV6_HEADER_LENGTH)
        {
            return TRUNCATED;
        }
        if (!ipv6.wrap(segment, base + offset, available))
        {
            return MALFORMED;
        }
        l3Type = L3_IPV6;
        l3HeaderLength = ipv6.upperLayerOffset();
        l4Protocol = ipv6.upperLayerProtocol();
        fragment = ipv6.isFragment();
        if (!ipv6.hasUpperLayerHeader())
        {
            return OK;
        }
        return parseL4(offset + ipv6.upperLayerOffset(), ipv6.upperLayerLength(), true);
    }

    private int parseArp(final int offset)
    {
        l3Offset = offset;
        final int available = length - offset;
        if (available < ARP_FIXED_LENGTH)
        {
            return TRUNCATED;
        }
        if (!arp.bind(segment, base + offset, available, ARP_FIXED_LENGTH) || !arp.isEthernetIpv4())
        {
            arp.invalidate();
            return UNSUPPORTED;
        }
        if (!arp.wrap(segment, base + offset, available))
        {
            return TRUNCATED;
        }
        l3Type = L3_ARP;
        l3HeaderLength = ARP_ETHERNET_IPV4_LENGTH;
        return OK;
    }

    private int parseL4(final int offset, final int l4Length, final boolean overIpv6)
    {
        this.l4Offset = offset;
        this.l4Length = l4Length;
        final long address = base + offset;
        switch (l4Protocol)
        {
            case IpProtocol.UDP:
                if (fragment)
                {
                    return l4Length >= UDP_HEADER_LENGTH && u16(offset + UDP_LENGTH) >= UDP_HEADER_LENGTH ?
                        OK : MALFORMED;
                }
                return udp.wrap(segment, address, l4Length) ? OK : MALFORMED;
            case IpProtocol.TCP:
                return tcp.wrap(segment, address, l4Length) ? OK : MALFORMED;
            case IpProtocol.ICMP:
                if (overIpv6)
                {
                    return UNSUPPORTED;
                }
                return icmp.wrap(segment, address, l4Length) ? OK : MALFORMED;
            case IpProtocol.ICMPV6:
                if (!overIpv6)
                {
                    return UNSUPPORTED;
                }
                return icmpv6.wrap(segment, address, l4Length) ? OK : MALFORMED;
            default:
                return UNSUPPORTED;
        }
    }

    private int stopAtL2(final int offset, final int type, final int code)
    {
        l2Length = offset;
        etherType = type;
        return result = code;
    }

    private void reset()
    {
        segment = MemorySegment.NULL;
        base = 0;
        length = 0;
        vlanCount = 0;
        outerVlanTci = -1;
        innerVlanTci = -1;
        l2Length = -1;
        etherType = -1;
        l3Type = L3_NONE;
        l3Offset = -1;
        l3HeaderLength = -1;
        l4Protocol = -1;
        l4Offset = -1;
        l4Length = -1;
        fragment = false;
        ethernet.invalidate();
        arp.invalidate();
        ipv4.invalidate();
        ipv6.invalidate();
        udp.invalidate();
        tcp.invalidate();
        icmp.invalidate();
        icmpv6.invalidate();
    }

    /** Byte {@code offset} of the frame, read through the Ethernet view, which spans the whole frame. */
    private int u8(final int offset)
    {
        return ethernet.u8(offset);
    }

    /** As {@link #u8}, 16 bits. */
    private int u16(final int offset)
    {
        return ethernet.u16(offset);
    }
}
