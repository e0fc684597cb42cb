package io.jdpdk.pmd;

import java.util.List;

/**
 * RSS hash types by name: DPDK 22.11's {@code RTE_ETH_RSS_*} bits ({@code rte_ethdev.h}) and testpmd's
 * {@code rss_type_table} ({@code app/test-pmd/config.c}), the names testpmd's commands take ({@code rss types
 * ipv4-udp ... end}, {@code port config all rss ...}) and print ({@code show port N rss-hash}). The table keeps
 * testpmd's order: the groups ({@code all}, {@code none}, {@code ip}, {@code udp}, {@code tcp}, {@code sctp},
 * {@code tunnel}, {@code vlan}), then one name per type. Pure Java, no native call: usable before the EAL runs.
 * Immutable and thread-safe.
 */
public final class RssTypes
{
    /** {@code RTE_ETH_RSS_IPV4}. */
    public static final long IPV4 = 1L << 2;
    /** {@code RTE_ETH_RSS_FRAG_IPV4}. */
    public static final long FRAG_IPV4 = 1L << 3;
    /** {@code RTE_ETH_RSS_NONFRAG_IPV4_TCP}. */
    public static final long NONFRAG_IPV4_TCP = 1L << 4;
    /** {@code RTE_ETH_RSS_NONFRAG_IPV4_UDP}. */
    public static final long NONFRAG_IPV4_UDP = 1L << 5;
    /** {@code RTE_ETH_RSS_NONFRAG_IPV4_SCTP}. */
    public static final long NONFRAG_IPV4_SCTP = 1L << 6;
    /** {@code RTE_ETH_RSS_NONFRAG_IPV4_OTHER}. */
    public static final long NONFRAG_IPV4_OTHER = 1L << 7;
    /** {@code RTE_ETH_RSS_IPV6}. */
    public static final long IPV6 = 1L << 8;
    /** {@code RTE_ETH_RSS_FRAG_IPV6}. */
    public static final long FRAG_IPV6 = 1L << 9;
    /** {@code RTE_ETH_RSS_NONFRAG_IPV6_TCP}. */
    public static final long NONFRAG_IPV6_TCP = 1L << 10;
    /** {@code RTE_ETH_RSS_NONFRAG_IPV6_UDP}. */
    public static final long NONFRAG_IPV6_UDP = 1L << 11;
    /** {@code RTE_ETH_RSS_NONFRAG_IPV6_SCTP}. */
    public static final long NONFRAG_IPV6_SCTP = 1L << 12;
    /** {@code RTE_ETH_RSS_NONFRAG_IPV6_OTHER}. */
    public static final long NONFRAG_IPV6_OTHER = 1L << 13;
    /** {@code RTE_ETH_RSS_L2_PAYLOAD}. */
    public static final long L2_PAYLOAD = 1L << 14;
    /** {@code RTE_ETH_RSS_IPV6_EX}. */
    public static final long IPV6_EX = 1L << 15;
    /** {@code RTE_ETH_RSS_IPV6_TCP_EX}. */
    public static final long IPV6_TCP_EX = 1L << 16;
    /** {@code RTE_ETH_RSS_IPV6_UDP_EX}. */
    public static final long IPV6_UDP_EX = 1L << 17;
    /** {@code RTE_ETH_RSS_PORT}. */
    public static final long PORT = 1L << 18;
    /** {@code RTE_ETH_RSS_VXLAN}. */
    public static final long VXLAN = 1L << 19;
    /** {@code RTE_ETH_RSS_GENEVE}. */
    public static final long GENEVE = 1L << 20;
    /** {@code RTE_ETH_RSS_NVGRE}. */
    public static final long NVGRE = 1L << 21;
    /** {@code RTE_ETH_RSS_GTPU}. */
    public static final long GTPU = 1L << 23;
    /** {@code RTE_ETH_RSS_ETH}. */
    public static final long ETH = 1L << 24;
    /** {@code RTE_ETH_RSS_S_VLAN}. */
    public static final long S_VLAN = 1L << 25;
    /** {@code RTE_ETH_RSS_C_VLAN}. */
    public static final long C_VLAN = 1L << 26;
    /** {@code RTE_ETH_RSS_ESP}. */
    public static final long ESP = 1L << 27;
    /** {@code RTE_ETH_RSS_AH}. */
    public static final long AH = 1L << 28;
    /** {@code RTE_ETH_RSS_L2TPV3}. */
    public static final long L2TPV3 = 1L << 29;
    /** {@code RTE_ETH_RSS_PFCP}. */
    public static final long PFCP = 1L << 30;
    /** {@code RTE_ETH_RSS_PPPOE}. */
    public static final long PPPOE = 1L << 31;
    /** {@code RTE_ETH_RSS_ECPRI}. */
    public static final long ECPRI = 1L << 32;
    /** {@code RTE_ETH_RSS_MPLS}. */
    public static final long MPLS = 1L << 33;
    /** {@code RTE_ETH_RSS_IPV4_CHKSUM}. */
    public static final long IPV4_CHKSUM = 1L << 34;
    /** {@code RTE_ETH_RSS_L4_CHKSUM}. */
    public static final long L4_CHKSUM = 1L << 35;
    /** {@code RTE_ETH_RSS_L2TPV2}. */
    public static final long L2TPV2 = 1L << 36;
    /** {@code RTE_ETH_RSS_L3_PRE96}: hash on the first 96 bits of the IPv6 addresses only. */
    public static final long L3_PRE96 = 1L << 52;
    /** {@code RTE_ETH_RSS_LEVEL_OUTERMOST}: hash the outermost headers of a tunnelled packet. */
    public static final long LEVEL_OUTERMOST = 1L << 50;
    /** {@code RTE_ETH_RSS_LEVEL_INNERMOST}: hash the innermost headers of a tunnelled packet. */
    public static final long LEVEL_INNERMOST = 2L << 50;
    /** {@code RTE_ETH_RSS_L3_PRE64}. */
    public static final long L3_PRE64 = 1L << 53;
    /** {@code RTE_ETH_RSS_L3_PRE56}. */
    public static final long L3_PRE56 = 1L << 54;
    /** {@code RTE_ETH_RSS_L3_PRE48}. */
    public static final long L3_PRE48 = 1L << 55;
    /** {@code RTE_ETH_RSS_L3_PRE40}. */
    public static final long L3_PRE40 = 1L << 56;
    /** {@code RTE_ETH_RSS_L3_PRE32}. */
    public static final long L3_PRE32 = 1L << 57;
    /** {@code RTE_ETH_RSS_L2_DST_ONLY}: hash on the destination MAC address only. */
    public static final long L2_DST_ONLY = 1L << 58;
    /** {@code RTE_ETH_RSS_L2_SRC_ONLY}. */
    public static final long L2_SRC_ONLY = 1L << 59;
    /** {@code RTE_ETH_RSS_L4_DST_ONLY}. */
    public static final long L4_DST_ONLY = 1L << 60;
    /** {@code RTE_ETH_RSS_L4_SRC_ONLY}. */
    public static final long L4_SRC_ONLY = 1L << 61;
    /** {@code RTE_ETH_RSS_L3_DST_ONLY}. */
    public static final long L3_DST_ONLY = 1L << 62;
    /** {@code RTE_ETH_RSS_L3_SRC_ONLY}: bit 63, so negative as a {@code long}. */
    public static final long L3_SRC_ONLY = 1L << 63;

    /** {@code RTE_ETH_RSS_IP}: IPv4 and IPv6, fragmented or not, of no known L4, and IPv6 with extensions. */
    public static final long IP = IPV4 | FRAG_IPV4 | NONFRAG_IPV4_OTHER | IPV6 | FRAG_IPV6 | NONFRAG_IPV6_OTHER |
        IPV6_EX;
    /** {@code RTE_ETH_RSS_UDP}. */
    public static final long UDP = NONFRAG_IPV4_UDP | NONFRAG_IPV6_UDP | IPV6_UDP_EX;
    /** {@code RTE_ETH_RSS_TCP}. */
    public static final long TCP = NONFRAG_IPV4_TCP | NONFRAG_IPV6_TCP | IPV6_TCP_EX;
    /** {@code RTE_ETH_RSS_SCTP}. */
    public static final long SCTP = NONFRAG_IPV4_SCTP | NONFRAG_IPV6_SCTP;
    /** {@code RTE_ETH_RSS_TUNNEL}. */
    public static final long TUNNEL = VXLAN | GENEVE | NVGRE;
    /** {@code RTE_ETH_RSS_VLAN}. */
    public static final long VLAN = S_VLAN | C_VLAN;
    /** testpmd's {@code all} (no DPDK macro): every protocol type, none of the field selectors of bits 50-63. */
    public static final long ALL = ETH | VLAN | IP | TCP | UDP | SCTP | L2_PAYLOAD | L2TPV3 | ESP | AH | PFCP | GTPU |
        ECPRI | MPLS | L2TPV2;

    /** What {@link #bits(String)} returns for a name testpmd does not know; no type has every bit. */
    public static final long UNKNOWN = -1L;

    /** testpmd's {@code TESTPMD_RSS_TYPES_CHAR_NUM_PER_LINE}: the line width of {@code show port N rss-hash}. */
    public static final int CHARS_PER_LINE = 64;

    private record Type(String name, long bits)
    {
    }

    /** testpmd's {@code rss_type_table}, in its order. */
    private static final List<Type> TABLE = List.of(
        new Type("all", ALL),
        new Type("none", 0),
        new Type("ip", IP),
        new Type("udp", UDP),
        new Type("tcp", TCP),
        new Type("sctp", SCTP),
        new Type("tunnel", TUNNEL),
        new Type("vlan", VLAN),
        new Type("ipv4", IPV4),
        new Type("ipv4-frag", FRAG_IPV4),
        new Type("ipv4-tcp", NONFRAG_IPV4_TCP),
        new Type("ipv4-udp", NONFRAG_IPV4_UDP),
        new Type("ipv4-sctp", NONFRAG_IPV4_SCTP),
        new Type("ipv4-other", NONFRAG_IPV4_OTHER),
        new Type("ipv6", IPV6),
        new Type("ipv6-frag", FRAG_IPV6),
        new Type("ipv6-tcp", NONFRAG_IPV6_TCP),
        new Type("ipv6-udp", NONFRAG_IPV6_UDP),
        new Type("ipv6-sctp", NONFRAG_IPV6_SCTP),
        new Type("ipv6-other", NONFRAG_IPV6_OTHER),
        new Type("l2-payload", L2_PAYLOAD),
        new Type("ipv6-ex", IPV6_EX),
        new Type("ipv6-tcp-ex", IPV6_TCP_EX),
        new Type("ipv6-udp-ex", IPV6_UDP_EX),
        new Type("port", PORT),
        new Type("vxlan", VXLAN),
        new Type("geneve", GENEVE),
        new Type("nvgre", NVGRE),
        new Type("gtpu", GTPU),
        new Type("eth", ETH),
        new Type("s-vlan", S_VLAN),
        new Type("c-vlan", C_VLAN),
        new Type("esp", ESP),
        new Type("ah", AH),
        new Type("l2tpv3", L2TPV3),
        new Type("pfcp", PFCP),
        new Type("pppoe", PPPOE),
        new Type("ecpri", ECPRI),
        new Type("mpls", MPLS),
        new Type("ipv4-chksum", IPV4_CHKSUM),
        new Type("l4-chksum", L4_CHKSUM),
        new Type("l2tpv2", L2TPV2),
        new Type("l3-pre96", L3_PRE96),
        new Type("l3-pre64", L3_PRE64),
        new Type("l3-pre56", L3_PRE56),
        new Type("l3-pre48", L3_PRE48),
        new Type("l3-pre40", L3_PRE40),
        new Type("l3-pre32", L3_PRE32),
        new Type("l2-dst-only", L2_DST_ONLY),
        new Type("l2-src-only", L2_SRC_ONLY),
        new Type("l4-dst-only", L4_DST_ONLY),
        new Type("l4-src-only", L4_SRC_ONLY),
        new Type("l3-dst-only", L3_DST_ONLY),
        new Type("l3-src-only", L3_SRC_ONLY));

    private static final List<String> NAMES = TABLE.stream().map(Type::name).toList();

    private RssTypes()
    {
    }

    /**
     * The bits of an RSS type or group by testpmd's name, as testpmd looks it up in {@code rss_type_table}
     * (exact, case-sensitive match).
     *
     * @param name e.g. {@code "ipv4-udp"}, {@code "ip"}, {@code "l3-src-only"}, {@code "none"}
     * @return an OR of {@code RTE_ETH_RSS_*} bits (0 for {@code none}; negative for {@code l3-src-only}, bit 63), or
     *         {@link #UNKNOWN} (-1) when testpmd has no type of that name
     */
    public static long bits(final String name)
    {
        for (final Type type : TABLE)
        {
            if (type.name().equals(name))
            {
                return type.bits();
            }
        }
        return UNKNOWN;
    }

    /**
     * The names testpmd knows, in its table's order: the groups first, then one per type.
     *
     * @return an unmodifiable list
     */
    public static List<String> names()
    {
        return NAMES;
    }

    /**
     * The RSS types of {@code offloadTypes} one bit at a time, as testpmd's {@code rss_offload_types_display} prints a
     * device's {@code flow_type_rss_offloads} in {@code show port info}: for each bit set, lowest first, two spaces
     * and the name the table gives that single bit ({@code user-defined-N} for a bit it has no name for), with a line
     * break before a name that would bring the line to {@code charsPerLine} characters or more, and a final line
     * break.
     *
     * @param offloadTypes an OR of {@code RTE_ETH_RSS_*} bits
     * @param charsPerLine the line width; testpmd's is {@link #CHARS_PER_LINE}
     * @return the text with {@code '\n'} line ends; a lone line break for 0
     */
    public static String offloadTypesDisplay(final long offloadTypes, final int charsPerLine)
    {
        final StringBuilder sb = new StringBuilder(256);
        int lineLength = 0;
        for (int bit = 0; bit < Long.SIZE; bit++)
        {
            final long type = 1L << bit;
            if ((offloadTypes & type) == 0)
            {
                continue;
            }
            String name = "user-defined-" + bit;
            for (final Type t : TABLE)
            {
                if (t.bits() == type)
                {
                    name = t.name();
                    break;
                }
            }
            // testpmd counts a user-defined name as strlen("user-defined-") + (bit / 10 + 1) characters.
            final int length = name.length() + 2;
            if (lineLength + length >= charsPerLine)
            {
                sb.append('\n');
                lineLength = 0;
            }
            sb.append("  ").append(name);
            lineLength += length;
        }
        return sb.append('\n').toString();
    }

    /**
     * The names of {@code rssHf} as testpmd's {@code rss_types_display} prints them: every name in the table, groups
     * included, whose bits are all set in {@code rssHf}, each as two spaces and the name, with a line break before
     * a name that would take the line past {@code charsPerLine} characters (even before the first), and a final
     * line break.
     *
     * @param rssHf        an OR of {@code RTE_ETH_RSS_*} bits
     * @param charsPerLine the line width; testpmd's {@code show port N rss-hash} uses {@link #CHARS_PER_LINE}
     * @return the text with {@code '\n'} line ends; empty for 0, where testpmd prints nothing
     */
    public static String display(final long rssHf, final int charsPerLine)
    {
        if (rssHf == 0)
        {
            return "";
        }
        final StringBuilder sb = new StringBuilder(256);
        int lineLength = 0;
        for (final Type type : TABLE)
        {
            if (type.bits() == 0 || (rssHf & type.bits()) != type.bits())
            {
                continue;
            }
            final int length = type.name().length() + 2;
            if (lineLength + length > charsPerLine)
            {
                sb.append('\n');
                lineLength = 0;
            }
            sb.append("  ").append(type.name());
            lineLength += length;
        }
        return sb.append('\n').toString();
    }
}
