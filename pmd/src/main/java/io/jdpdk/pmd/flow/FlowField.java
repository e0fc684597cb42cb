package io.jdpdk.pmd.flow;

import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.raw.FlowRaw;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;

/**
 * The fields of the pattern items that a rule can match on, named as in testpmd's flow grammar
 * ({@code app/test-pmd/cmdline_flow.c}) and laid out as in the item's C struct: header fields in network byte order,
 * sub-fields of a header word (VLAN {@code pcp}/{@code dei}/{@code vid}, IPv6 {@code tc}/{@code flow}) as a bit mask
 * of that word, and the items' flag bit-fields ({@code has_vlan}...) as one bit of a native {@code uint32_t}.
 * Offsets come from the layouts {@link FlowRaw} checks against the installed headers.
 */
public enum FlowField
{
    /** Destination MAC. */
    ETH_DST(FlowItemType.ETH, "dst", Kind.MAC, off(FlowRaw.RTE_FLOW_ITEM_ETH, "dst"), 6, 0),
    /** Source MAC. */
    ETH_SRC(FlowItemType.ETH, "src", Kind.MAC, off(FlowRaw.RTE_FLOW_ITEM_ETH, "src"), 6, 0),
    /** EtherType or TPID. */
    ETH_TYPE(FlowItemType.ETH, "type", Kind.NUMBER, off(FlowRaw.RTE_FLOW_ITEM_ETH, "type"), 2, 0),
    /** Whether the frame has at least one VLAN tag (bit 0 of the word after the header). */
    ETH_HAS_VLAN(FlowItemType.ETH, "has_vlan", Kind.BIT, FlowRaw.RTE_FLOW_ITEM_ETH.byteSize() - 4, 4, 1),
    /** The whole tag control information. */
    VLAN_TCI(FlowItemType.VLAN, "tci", Kind.NUMBER, off(FlowRaw.RTE_FLOW_ITEM_VLAN, "tci"), 2, 0),
    /** Priority code point: the top 3 bits of the TCI. */
    VLAN_PCP(FlowItemType.VLAN, "pcp", Kind.NUMBER, off(FlowRaw.RTE_FLOW_ITEM_VLAN, "tci"), 2, 0xe000),
    /** Drop eligible indicator: bit 12 of the TCI. */
    VLAN_DEI(FlowItemType.VLAN, "dei", Kind.NUMBER, off(FlowRaw.RTE_FLOW_ITEM_VLAN, "tci"), 2, 0x1000),
    /** VLAN id: the low 12 bits of the TCI. */
    VLAN_VID(FlowItemType.VLAN, "vid", Kind.NUMBER, off(FlowRaw.RTE_FLOW_ITEM_VLAN, "tci"), 2, 0x0fff),
    /** The EtherType after the tag. */
    VLAN_INNER_TYPE(FlowItemType.VLAN, "inner_type", Kind.NUMBER, off(FlowRaw.RTE_FLOW_ITEM_VLAN, "inner_type"),
        2, 0),
    /** Whether another VLAN tag follows (bit 0 of the word after the tag). */
    VLAN_HAS_MORE_VLAN(FlowItemType.VLAN, "has_more_vlan", Kind.BIT, FlowRaw.RTE_FLOW_ITEM_VLAN.byteSize() - 4, 4,
        1),
    /** Version and header length byte. */
    IPV4_VERSION_IHL(FlowItemType.IPV4, "version_ihl", Kind.NUMBER, ipv4("version_ihl"), 1, 0),
    /** Type of service. */
    IPV4_TOS(FlowItemType.IPV4, "tos", Kind.NUMBER, ipv4("type_of_service"), 1, 0),
    /** Identification. */
    IPV4_PACKET_ID(FlowItemType.IPV4, "packet_id", Kind.NUMBER, ipv4("packet_id"), 2, 0),
    /** Flags and fragment offset. */
    IPV4_FRAGMENT_OFFSET(FlowItemType.IPV4, "fragment_offset", Kind.NUMBER, ipv4("fragment_offset"), 2, 0),
    /** Time to live. */
    IPV4_TTL(FlowItemType.IPV4, "ttl", Kind.NUMBER, ipv4("time_to_live"), 1, 0),
    /** Next protocol (6 TCP, 17 UDP). */
    IPV4_PROTO(FlowItemType.IPV4, "proto", Kind.NUMBER, ipv4("next_proto_id"), 1, 0),
    /** Source address. */
    IPV4_SRC(FlowItemType.IPV4, "src", Kind.IPV4, ipv4("src_addr"), 4, 0),
    /** Destination address. */
    IPV4_DST(FlowItemType.IPV4, "dst", Kind.IPV4, ipv4("dst_addr"), 4, 0),
    /** Traffic class: bits 20-27 of the first word. */
    IPV6_TC(FlowItemType.IPV6, "tc", Kind.NUMBER, ipv6("vtc_flow"), 4, 0x0ff00000),
    /** Flow label: bits 0-19 of the first word. */
    IPV6_FLOW(FlowItemType.IPV6, "flow", Kind.NUMBER, ipv6("vtc_flow"), 4, 0x000fffff),
    /** Next header. */
    IPV6_PROTO(FlowItemType.IPV6, "proto", Kind.NUMBER, ipv6("proto"), 1, 0),
    /** Hop limit. */
    IPV6_HOP(FlowItemType.IPV6, "hop", Kind.NUMBER, ipv6("hop_limits"), 1, 0),
    /** Source address. */
    IPV6_SRC(FlowItemType.IPV6, "src", Kind.IPV6, ipv6("src_addr"), 16, 0),
    /** Destination address. */
    IPV6_DST(FlowItemType.IPV6, "dst", Kind.IPV6, ipv6("dst_addr"), 16, 0),
    /** Whether a fragment extension header is present (bit 2 of the word after the header). */
    IPV6_HAS_FRAG_EXT(FlowItemType.IPV6, "has_frag_ext", Kind.BIT, FlowRaw.RTE_IPV6_HDR.byteSize(), 4, 1 << 2),
    /** Source port. */
    UDP_SRC(FlowItemType.UDP, "src", Kind.NUMBER, off(FlowRaw.RTE_UDP_HDR, "src_port"), 2, 0),
    /** Destination port. */
    UDP_DST(FlowItemType.UDP, "dst", Kind.NUMBER, off(FlowRaw.RTE_UDP_HDR, "dst_port"), 2, 0),
    /** Source port. */
    TCP_SRC(FlowItemType.TCP, "src", Kind.NUMBER, off(FlowRaw.RTE_TCP_HDR, "src_port"), 2, 0),
    /** Destination port. */
    TCP_DST(FlowItemType.TCP, "dst", Kind.NUMBER, off(FlowRaw.RTE_TCP_HDR, "dst_port"), 2, 0),
    /** TCP flags byte. */
    TCP_FLAGS(FlowItemType.TCP, "flags", Kind.NUMBER, off(FlowRaw.RTE_TCP_HDR, "tcp_flags"), 1, 0);

    /** How a field's value is written and parsed. */
    enum Kind
    {
        /** An unsigned integer in network byte order, or its masked part. */
        NUMBER,
        /** One bit of a native-order {@code uint32_t} bit-field word. */
        BIT,
        /** Six bytes, {@code aa:bb:cc:dd:ee:ff}. */
        MAC,
        /** Four bytes, dotted quad. */
        IPV4,
        /** Sixteen bytes, an IPv6 literal. */
        IPV6
    }

    private final FlowItemType item;
    private final String testpmdName;
    private final Kind kind;
    private final long offset;
    private final int size;
    private final long mask;

    FlowField(final FlowItemType item, final String testpmdName, final Kind kind, final long offset, final int size,
        final long mask)
    {
        this.item = item;
        this.testpmdName = testpmdName;
        this.kind = kind;
        this.offset = offset;
        this.size = size;
        this.mask = mask;
    }

    private static long off(final StructLayout layout, final String name)
    {
        return layout.byteOffset(groupElement(name));
    }

    private static long ipv4(final String name)
    {
        return FlowRaw.RTE_IPV4_HDR.byteOffset(groupElement(name));
    }

    private static long ipv6(final String name)
    {
        return FlowRaw.RTE_IPV6_HDR.byteOffset(groupElement(name));
    }

    /**
     * The item this field belongs to.
     *
     * @return the item type
     */
    public FlowItemType item()
    {
        return item;
    }

    /**
     * The field's name in testpmd's grammar.
     *
     * @return e.g. "dst"
     */
    public String testpmdName()
    {
        return testpmdName;
    }

    /**
     * Whether the field takes an integer ({@link FlowSpec#is(FlowField, long)}) rather than an address.
     *
     * @return true for integer and bit fields
     */
    public boolean isNumeric()
    {
        return kind == Kind.NUMBER || kind == Kind.BIT;
    }

    /**
     * The field of an item named so in testpmd's grammar.
     *
     * @param item the item
     * @param name e.g. "dst"
     * @return the field, or null if the item has no such field in jdpdk
     */
    public static FlowField of(final FlowItemType item, final String name)
    {
        for (final FlowField f : values())
        {
            if (f.item == item && f.testpmdName.equals(name))
            {
                return f;
            }
        }
        return null;
    }

    /**
     * Writes an integer into the field of an item struct. A whole field refuses a value wider than itself; a masked
     * sub-field or a bit takes the value's low bits, spread over its mask, as testpmd does.
     *
     * @param struct the item's spec, last or mask struct
     * @param value the value
     * @throws IllegalArgumentException for an address field or a value that does not fit
     */
    void writeNumber(final MemorySegment struct, final long value)
    {
        if (kind == Kind.BIT)
        {
            final int word = struct.get(JAVA_INT_UNALIGNED, offset);
            final int bits = (int)Long.expand(value, mask);
            struct.set(JAVA_INT_UNALIGNED, offset, (word & ~(int)mask) | bits);
            return;
        }
        if (kind != Kind.NUMBER)
        {
            throw new IllegalArgumentException(this + " takes an address, not a number");
        }
        if (mask == 0 && Long.compareUnsigned(value, allBits()) > 0)
        {
            throw new IllegalArgumentException(value + " does not fit " + this + " (" + size * 8 + " bits)");
        }
        final long old = readBigEndian(struct);
        final long v = mask == 0 ? value : (old & ~mask) | Long.expand(value, mask);
        writeBigEndian(struct, v);
    }

    /**
     * Sets every bit of the field (the {@code is} operator's mask).
     *
     * @param struct the item's mask struct
     */
    void fill(final MemorySegment struct)
    {
        if (kind == Kind.NUMBER || kind == Kind.BIT)
        {
            writeNumber(struct, mask == 0 ? allBits() : -1L);
            return;
        }
        struct.asSlice(offset, size).fill((byte)0xff);
    }

    /**
     * Sets the field's first {@code bits} bits in network order and clears the rest (testpmd's {@code prefix}).
     *
     * @param struct the item's mask struct
     * @param bits the prefix length
     * @throws IllegalArgumentException if longer than the field
     */
    void prefix(final MemorySegment struct, final int bits)
    {
        if (bits < 0 || bits > size * 8)
        {
            throw new IllegalArgumentException("prefix " + bits + " is longer than " + this + " (" + size * 8 +
                " bits)");
        }
        for (int i = 0; i < size; i++)
        {
            final int left = Math.clamp(bits - i * 8, 0, 8);
            struct.set(JAVA_BYTE, offset + i, (byte)(0xff00 >> left));
        }
    }

    /**
     * Writes an address's bytes into the field.
     *
     * @param struct the item's spec, last or mask struct
     * @param bytes exactly the field's size
     * @throws IllegalArgumentException for a numeric field or a wrong length
     */
    void writeBytes(final MemorySegment struct, final byte[] bytes)
    {
        if (isNumeric() || bytes.length != size)
        {
            throw new IllegalArgumentException(this + " takes " + (isNumeric() ? "a number" : size + " bytes"));
        }
        MemorySegment.copy(bytes, 0, struct, JAVA_BYTE, offset, size);
    }

    /**
     * Writes a value given as text, as testpmd parses it: an unsigned integer (decimal, {@code 0x} hex or
     * {@code 0} octal) for numeric fields, {@code aa:bb:cc:dd:ee:ff} for MACs, a dotted quad for IPv4, an IPv6
     * literal.
     *
     * @param struct the item's spec, last or mask struct
     * @param text the value
     * @throws IllegalArgumentException if the text is not such a value or does not fit
     */
    void writeText(final MemorySegment struct, final String text)
    {
        switch (kind)
        {
            case NUMBER, BIT -> writeNumber(struct, parseUnsigned(text));
            case MAC -> writeBytes(struct, parseMac(text));
            case IPV4 -> writeBytes(struct, parseIpv4(text));
            case IPV6 -> writeBytes(struct, parseIpv6(text));
        }
    }

    /** The largest value of a whole (unmasked) numeric field of {@link #size} bytes. */
    private long allBits()
    {
        return size == 8 ? -1L : (1L << (size * 8)) - 1;
    }

    private long readBigEndian(final MemorySegment struct)
    {
        long v = 0;
        for (int i = 0; i < size; i++)
        {
            v = (v << 8) | (struct.get(JAVA_BYTE, offset + i) & 0xff);
        }
        return v;
    }

    private void writeBigEndian(final MemorySegment struct, final long value)
    {
        for (int i = 0; i < size; i++)
        {
            struct.set(JAVA_BYTE, offset + i, (byte)(value >>> (8 * (size - 1 - i))));
        }
    }

    /**
     * An unsigned integer as C's {@code strtoumax(text, &end, 0)} reads it, all of the text consumed.
     *
     * @param text decimal, {@code 0x}/{@code 0X} hex or {@code 0}-prefixed octal
     * @return the value
     * @throws IllegalArgumentException otherwise, or beyond 64 bits
     */
    public static long parseUnsigned(final String text)
    {
        try
        {
            if (text.length() > 2 && (text.startsWith("0x") || text.startsWith("0X")))
            {
                return Long.parseUnsignedLong(text.substring(2), 16);
            }
            if (text.length() > 1 && text.startsWith("0"))
            {
                return Long.parseUnsignedLong(text.substring(1), 8);
            }
            return Long.parseUnsignedLong(text, 10);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("not an unsigned integer: " + text, ex);
        }
    }

    /** A MAC address as testpmd's flow grammar reads one: {@link Port#parseMac}, DPDK's rte_ether_unformat_addr. */
    private static byte[] parseMac(final String text)
    {
        final long mac = Port.parseMac(text);
        if (mac < 0)
        {
            throw new IllegalArgumentException("not a MAC address: " + text);
        }
        final byte[] b = new byte[6];
        for (int i = 0; i < 6; i++)
        {
            b[i] = (byte)(mac >>> (8 * (5 - i)));
        }
        return b;
    }

    private static byte[] parseIpv4(final String text)
    {
        if (!text.matches("\\d{1,3}(\\.\\d{1,3}){3}"))
        {
            throw new IllegalArgumentException("not an IPv4 address: " + text);
        }
        final String[] parts = text.split("\\.");
        final byte[] b = new byte[4];
        for (int i = 0; i < 4; i++)
        {
            final int v = Integer.parseInt(parts[i]);
            if (v > 255)
            {
                throw new IllegalArgumentException("not an IPv4 address: " + text);
            }
            b[i] = (byte)v;
        }
        return b;
    }

    private static byte[] parseIpv6(final String text)
    {
        if (!text.contains(":") || !text.matches("[0-9a-fA-F:.]+"))
        {
            throw new IllegalArgumentException("not an IPv6 address: " + text);
        }
        final InetAddress a;
        try
        {
            a = Inet6Address.ofLiteral(text);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("not an IPv6 address: " + text, ex);
        }
        if (a instanceof Inet4Address v4) // an IPv4-mapped literal: keep its IPv6 form, as inet_pton does
        {
            final byte[] b = new byte[16];
            b[10] = (byte)0xff;
            b[11] = (byte)0xff;
            System.arraycopy(v4.getAddress(), 0, b, 12, 4);
            return b;
        }
        return a.getAddress();
    }
}
