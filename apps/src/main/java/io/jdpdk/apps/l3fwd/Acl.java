package io.jdpdk.apps.l3fwd;

import io.jdpdk.apps.l3fwd.RouteTable.RouteFileException;
import io.jdpdk.lpm.IpAddress;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.jdpdk.mempool.header.HeaderOffsets.ETH_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_MIN_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_PROTOCOL;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_SOURCE;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_NEXT_HEADER;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_SOURCE;

/**
 * l3fwd's access-control lookup ({@code --lookup=acl}, DPDK 22.11's {@code l3fwd_acl.c}): rules on the protocol (a
 * value and a bit mask), the source and destination prefixes and the source and destination port ranges, each either
 * a route to a port ({@code R} lines) or a deny ({@code @} lines). The first rule of the file that matches a packet
 * decides (l3fwd gives each rule the priority {@code RTE_ACL_MAX_PRIORITY} less its place in the file); a packet no
 * rule matches is dropped, and so is a denied one. {@code rte_acl} builds a trie of the rules; this table scans them
 * in file order, which gives the same answer: lookups cost a pass over the rules, fine for the rule sets l3fwd is
 * given, not for a hundred thousand.
 * <p>
 * What is looked up, as {@code l3fwd_acl_prepare_one_packet} and the field definitions {@code ipv4_defs} /
 * {@code ipv6_defs} read it: for every IPv4 frame (EtherType 0x0800) its protocol, addresses and the four bytes right
 * after a 20-byte header as source and destination port, whatever the protocol and header length; for every IPv6
 * frame (0x86DD) its Next Header, addresses and the four bytes after the 40-byte header. Frames of other types are
 * dropped. Where l3fwd would read those bytes past the frame (an IPv4 frame under 38 bytes, an IPv6 one under 58),
 * the frame is dropped here ({@link #SHORT}).
 * <p>
 * Rule files ({@code --rule_ipv4=FILE --rule_ipv6=FILE}, both required), one rule a line:
 * <pre>
 *   # comment; blank lines are skipped
 *   R0.0.0.0/0 198.18.0.0/24 0 : 65535 0 : 65535 0x11/0xff 0     route: src/len dst/len sport range dport range
 *                                                                 proto/mask port
 *   &#64;192.0.2.0/24 0.0.0.0/0 0 : 65535 53 : 53 0/0               deny: the same without the port
 *   R0:0:0:0:0:0:0:0/0 2001:200:0:0:0:0:0:0/64 0 : 65535 0 : 65535 0/0 1     IPv6: eight groups, no "::"
 * </pre>
 * Numbers as {@code strtoul} with base 0 reads them; a route's port must be in the port mask (l3fwd stops on "fwd
 * number illegal"), and a file needs a route. A line that does not parse stops l3fwd with its file and line number,
 * nothing loaded. Lookups allocate nothing and throw nothing, and may run on any number of threads once built.
 */
public final class Acl
{
    /** What a lookup returns when a deny rule, or no rule, matches: the packet is dropped. */
    public static final int DROP = -1;

    /** What a lookup returns for a frame too short for the fields l3fwd reads: dropped as a bad header. */
    public static final int SHORT = -2;

    /** Leading character of a deny rule ({@code ACL_LEAD_CHAR}). */
    public static final char ACL_LEAD_CHAR = '@';

    /** {@code RTE_ACL_MAX_PRIORITY}: the first rule's priority, each later one a step lower. */
    private static final int MAX_PRIORITY = 0x1FFF_FFFF;
    /** {@code ACL_DENY_SIGNATURE}: a deny rule's userdata, plus its place among the deny rules. */
    private static final int DENY_SIGNATURE = 0xF000_0000;

    /**
     * A rule of either family: addresses as two 64-bit halves, first octet most significant (an IPv4 address in the
     * low 32 bits of {@code srcLow} / {@code dstLow}, the high halves 0).
     *
     * @param srcHigh   source address, high 64 bits
     * @param srcLow    source address, low 64 bits
     * @param srcLength source prefix length
     * @param dstHigh   destination address, high 64 bits
     * @param dstLow    destination address, low 64 bits
     * @param dstLength destination prefix length
     * @param srcPortLow  lowest source port
     * @param srcPortHigh highest source port
     * @param dstPortLow  lowest destination port
     * @param dstPortHigh highest destination port
     * @param protocol    protocol value
     * @param protocolMask the protocol bits compared
     * @param port        the route's port, or {@link #DROP} for a deny rule
     */
    public record Rule(long srcHigh, long srcLow, int srcLength, long dstHigh, long dstLow, int dstLength,
        int srcPortLow, int srcPortHigh, int dstPortLow, int dstPortHigh, int protocol, int protocolMask, int port)
    {
        /**
         * Whether this is a deny ({@code @}) rule.
         *
         * @return true for a deny rule
         */
        public boolean deny()
        {
            return port == DROP;
        }
    }

    private final int size;
    private final long[] srcHigh;
    private final long[] srcLow;
    private final long[] srcMaskHigh;
    private final long[] srcMaskLow;
    private final long[] dstHigh;
    private final long[] dstLow;
    private final long[] dstMaskHigh;
    private final long[] dstMaskLow;
    /** The port ranges, both ends included. */
    private final int[] srcPortLow;
    private final int[] srcPortHigh;
    private final int[] dstPortLow;
    private final int[] dstPortHigh;
    private final int[] protocol;
    private final int[] protocolMask;
    private final int[] result;

    /**
     * The rules of one family, in file order (the first that matches decides).
     *
     * @param rules the rules
     * @param bits  32 for IPv4, 128 for IPv6
     */
    private Acl(final List<Rule> rules, final int bits)
    {
        size = rules.size();
        srcHigh = new long[size];
        srcLow = new long[size];
        srcMaskHigh = new long[size];
        srcMaskLow = new long[size];
        dstHigh = new long[size];
        dstLow = new long[size];
        dstMaskHigh = new long[size];
        dstMaskLow = new long[size];
        srcPortLow = new int[size];
        srcPortHigh = new int[size];
        dstPortLow = new int[size];
        dstPortHigh = new int[size];
        protocol = new int[size];
        protocolMask = new int[size];
        result = new int[size];
        for (int i = 0; i < size; i++)
        {
            final Rule r = rules.get(i);
            srcMaskHigh[i] = maskHigh(r.srcLength(), bits);
            srcMaskLow[i] = maskLow(r.srcLength(), bits);
            dstMaskHigh[i] = maskHigh(r.dstLength(), bits);
            dstMaskLow[i] = maskLow(r.dstLength(), bits);
            srcHigh[i] = r.srcHigh() & srcMaskHigh[i];
            srcLow[i] = r.srcLow() & srcMaskLow[i];
            dstHigh[i] = r.dstHigh() & dstMaskHigh[i];
            dstLow[i] = r.dstLow() & dstMaskLow[i];
            srcPortLow[i] = r.srcPortLow();
            srcPortHigh[i] = r.srcPortHigh();
            dstPortLow[i] = r.dstPortLow();
            dstPortHigh[i] = r.dstPortHigh();
            protocolMask[i] = r.protocolMask();
            protocol[i] = r.protocol() & r.protocolMask();
            result[i] = r.port();
        }
    }

    /**
     * An IPv4 table.
     *
     * @param rules routes and deny rules, in file order
     * @return the table
     */
    public static Acl ipv4(final List<Rule> rules)
    {
        return new Acl(rules, 32);
    }

    /**
     * An IPv6 table.
     *
     * @param rules routes and deny rules, in file order
     * @return the table
     */
    public static Acl ipv6(final List<Rule> rules)
    {
        return new Acl(rules, 128);
    }

    /**
     * Number of rules, routes and deny rules.
     *
     * @return the rules
     */
    public int size()
    {
        return size;
    }

    /** The high 64 bits of a {@code length}-bit prefix mask over {@code bits} (32: all in the low half). */
    private static long maskHigh(final int length, final int bits)
    {
        return bits == 32 || length == 0 ? 0 : -1L << (64 - Math.min(length, 64));
    }

    private static long maskLow(final int length, final int bits)
    {
        if (bits == 32)
        {
            return length == 0 ? 0 : (0xFFFF_FFFFL << (32 - length)) & 0xFFFF_FFFFL;
        }
        return length <= 64 ? 0 : -1L << (128 - length);
    }

    /**
     * The port of the IPv4 frame at {@code [at, at + length)} of {@code frame}. Allocation-free, never throws for a
     * range inside the segment.
     *
     * @param frame  {@link io.jdpdk.eal.raw.Memory#ALL} with an absolute address, or a segment with an offset
     * @param at     where the Ethernet header starts (the caller knows the EtherType is IPv4)
     * @param length the frame's bytes
     * @return the first matching route's port, {@link #DROP} (a deny rule first, or no rule) or {@link #SHORT}
     */
    public int lookupIpv4(final MemorySegment frame, final long at, final long length)
    {
        if (length < FlowFields.IPV4_FLOW_FRAME)
        {
            return SHORT;
        }
        final long ip = at + ETH_HEADER_LENGTH;
        return match(frame.get(ValueLayout.JAVA_BYTE, ip + IPV4_PROTOCOL) & 0xFF, 0,
            frame.get(FlowFields.INT_BIG_ENDIAN, ip + IPV4_SOURCE) & 0xFFFF_FFFFL, 0,
            frame.get(FlowFields.INT_BIG_ENDIAN, ip + IPV4_SOURCE + 4) & 0xFFFF_FFFFL,
            frame.get(FlowFields.INT_BIG_ENDIAN, ip + IPV4_MIN_HEADER_LENGTH));
    }

    /**
     * The port of the IPv6 frame at {@code [at, at + length)} of {@code frame}. Allocation-free, never throws for a
     * range inside the segment.
     *
     * @param frame  {@link io.jdpdk.eal.raw.Memory#ALL} with an absolute address, or a segment with an offset
     * @param at     where the Ethernet header starts (the caller knows the EtherType is IPv6)
     * @param length the frame's bytes
     * @return the first matching route's port, {@link #DROP} (a deny rule first, or no rule) or {@link #SHORT}
     */
    public int lookupIpv6(final MemorySegment frame, final long at, final long length)
    {
        if (length < FlowFields.IPV6_FLOW_FRAME)
        {
            return SHORT;
        }
        final long ip = at + ETH_HEADER_LENGTH;
        final long source = ip + IPV6_SOURCE;
        return match(frame.get(ValueLayout.JAVA_BYTE, ip + IPV6_NEXT_HEADER) & 0xFF,
            frame.get(FlowFields.LONG_BIG_ENDIAN, source), frame.get(FlowFields.LONG_BIG_ENDIAN, source + 8),
            frame.get(FlowFields.LONG_BIG_ENDIAN, source + 16), frame.get(FlowFields.LONG_BIG_ENDIAN, source + 24),
            frame.get(FlowFields.INT_BIG_ENDIAN, ip + IPV6_HEADER_LENGTH));
    }

    private int match(final int proto, final long sHigh, final long sLow, final long dHigh, final long dLow,
        final int ports)
    {
        final int sport = ports >>> 16;
        final int dport = ports & 0xFFFF;
        for (int i = 0; i < size; i++)
        {
            if ((proto & protocolMask[i]) == protocol[i] &&
                (sLow & srcMaskLow[i]) == srcLow[i] && (dLow & dstMaskLow[i]) == dstLow[i] &&
                (sHigh & srcMaskHigh[i]) == srcHigh[i] && (dHigh & dstMaskHigh[i]) == dstHigh[i] &&
                sport >= srcPortLow[i] && sport <= srcPortHigh[i] && dport >= dstPortLow[i] &&
                dport <= dstPortHigh[i])
            {
                return result[i];
            }
        }
        return DROP;
    }

    // ---- rule files ---------------------------------------------------------------------------------------------

    /**
     * Reads an IPv4 rule file ({@code acl_add_rules} with {@code parse_cb_ipv4vlan_rule}).
     *
     * @param file     the file
     * @param portMask the enabled ports: a route to another port is refused
     * @return its rules, routes and deny rules, in file order
     * @throws RouteFileException for a line that does not parse, with its number, or a file without a route
     * @throws IOException when the file cannot be read
     */
    public static List<Rule> parseIpv4(final Path file, final long portMask) throws IOException
    {
        return parse(file, portMask, false);
    }

    /**
     * Reads an IPv6 rule file ({@code acl_add_rules} with {@code parse_cb_ipv6_rule}: addresses of eight full
     * groups, no {@code ::}).
     *
     * @param file     the file
     * @param portMask the enabled ports: a route to another port is refused
     * @return its rules, routes and deny rules, in file order
     * @throws RouteFileException for a line that does not parse, with its number, or a file without a route
     * @throws IOException when the file cannot be read
     */
    public static List<Rule> parseIpv6(final Path file, final long portMask) throws IOException
    {
        return parse(file, portMask, true);
    }

    private static List<Rule> parse(final Path file, final long portMask, final boolean v6) throws IOException
    {
        final List<Rule> rules = new ArrayList<>();
        boolean route = false;
        try (BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1))
        {
            String text;
            int number = 0;
            while ((text = lines.readLine()) != null)
            {
                number++;
                if (text.isBlank() || text.charAt(0) == RouteTable.COMMENT_LEAD_CHAR)
                {
                    continue;
                }
                final String line = text;
                final int lineNumber = number;
                final LineError error = problem -> new RouteFileException(file.toString(), lineNumber, problem, line);
                final char lead = text.charAt(0);
                if (lead != RouteTable.ROUTE_LEAD_CHAR && lead != ACL_LEAD_CHAR)
                {
                    throw error.at("should start with leading char " + RouteTable.ROUTE_LEAD_CHAR + " or " +
                        ACL_LEAD_CHAR);
                }
                final Rule rule = parseRule(text.substring(1), lead == RouteTable.ROUTE_LEAD_CHAR, v6, error);
                if (!rule.deny() && (rule.port() >= Long.SIZE || (portMask & (1L << rule.port())) == 0))
                {
                    throw error.at("fwd number illegal:" + rule.port());
                }
                route |= !rule.deny();
                rules.add(rule);
            }
        }
        if (!route)
        {
            throw new RouteFileException(file.toString(), 0, "Not find any route entries in " + file + "!", "");
        }
        return List.copyOf(rules);
    }

    /** Makes the exception for a problem on the line being read. */
    @FunctionalInterface
    private interface LineError
    {
        RouteFileException at(String problem);
    }

    private static Rule parseRule(final String body, final boolean route, final boolean v6, final LineError error)
        throws RouteFileException
    {
        final String[] f = body.strip().split("[ \t]+");
        final int needed = route ? 10 : 9;
        if (f.length < needed)
        {
            throw error.at("expected 'src/len dst/len sport : sport dport : dport proto/mask" + (route ? " port'" :
                "'") + ", found " + f.length + " field(s)");
        }
        final long[] src = net(f[0], v6, "source", error);
        final long[] dst = net(f[1], v6, "destination", error);
        if (!":".equals(f[3]) || !":".equals(f[6]))
        {
            throw error.at("port ranges are 'low : high'");
        }
        final int spLow = number(f[2], 0xFFFF, "source port", error);
        final int spHigh = number(f[4], 0xFFFF, "source port", error);
        final int dpLow = number(f[5], 0xFFFF, "destination port", error);
        final int dpHigh = number(f[7], 0xFFFF, "destination port", error);
        if (spHigh < spLow || dpHigh < dpLow)
        {
            throw error.at("a port range ends below its start");
        }
        final int slash = f[8].indexOf('/');
        if (slash < 0)
        {
            throw error.at("protocol '" + f[8] + "' is not value/mask");
        }
        final int proto = number(f[8].substring(0, slash), 0xFF, "protocol", error);
        final int protoMask = number(f[8].substring(slash + 1), 0xFF, "protocol mask", error);
        final int port = route ? number(f[9], Integer.MAX_VALUE, "port", error) : DROP;
        return new Rule(src[0], src[1], (int)src[2], dst[0], dst[1], (int)dst[2], spLow, spHigh, dpLow, dpHigh, proto,
            protoMask, port);
    }

    /** {@code parse_ipv4_net} / {@code parse_ipv6_net}: {high, low, length}. */
    private static long[] net(final String text, final boolean v6, final String what, final LineError error)
        throws RouteFileException
    {
        final int slash = text.indexOf('/');
        if (slash < 0)
        {
            throw error.at("failed to read " + what + " address/mask: " + text);
        }
        final String address = text.substring(0, slash);
        final int length = number(text.substring(slash + 1), v6 ? 128 : 32, what + " prefix length", error);
        if (!v6)
        {
            try
            {
                return new long[] { 0, IpAddress.parseIpv4(address) & 0xFFFF_FFFFL, length };
            }
            catch (final IllegalArgumentException ex)
            {
                throw error.at("failed to read " + what + " address/mask: " + text);
            }
        }
        final String[] groups = address.split(":", -1);
        if (groups.length != 8)
        {
            throw error.at("failed to read " + what + " address/mask: " + text + " (eight groups, no '::')");
        }
        long high = 0;
        long low = 0;
        for (int i = 0; i < 8; i++)
        {
            final int group = hex(groups[i]);
            if (group < 0)
            {
                throw error.at("failed to read " + what + " address/mask: " + text);
            }
            if (i < 4)
            {
                high = high << 16 | group;
            }
            else
            {
                low = low << 16 | group;
            }
        }
        return new long[] { high, low, length };
    }

    /** A group as {@code strtoul} base 16 reads it (an optional 0x), at most 0xFFFF; -1 otherwise. */
    private static int hex(final String text)
    {
        final String digits = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
        if (digits.isEmpty() || digits.length() > 8)
        {
            return -1;
        }
        long value = 0;
        for (int i = 0; i < digits.length(); i++)
        {
            final int d = Character.digit(digits.charAt(i), 16);
            if (d < 0)
            {
                return -1;
            }
            value = value << 4 | d;
        }
        return value <= 0xFFFF ? (int)value : -1;
    }

    /** {@code GET_CB_FIELD} with base 0. */
    private static int number(final String text, final int max, final String what, final LineError error)
        throws RouteFileException
    {
        final long value = RouteTable.strtoulBase0(text, max);
        if (value < 0)
        {
            throw error.at(what + " '" + text + "' is not 0.." + max);
        }
        return (int)value;
    }

    // ---- printing -----------------------------------------------------------------------------------------------

    /** The classify methods {@code --alg} names ({@code acl_alg[]}). */
    private static final List<String> ALGORITHMS = List.of("scalar", "sse", "avx2", "neon", "altivec", "avx512x16",
        "avx512x32");

    /**
     * The name l3fwd prints for {@code --alg} ({@code str_acl_alg(parse_acl_alg(alg))}): the method named, or
     * {@code default} for none or a name it does not know.
     *
     * @param alg the option's value, or null
     * @return the name
     */
    public static String algorithmName(final String alg)
    {
        return alg != null && ALGORITHMS.contains(alg) ? alg : "default";
    }

    /**
     * What l3fwd's {@code setup_acl} prints: its options, then each family's routes and deny rules, one a line as
     * {@code print_one_ipv4_rule} / {@code print_one_ipv6_rule} write them with category mask, priority and userdata
     * (the counts' headings are l3fwd's log lines, on {@code err}).
     *
     * @param ipv4File the --rule_ipv4 file
     * @param ipv6File the --rule_ipv6 file
     * @param alg      the --alg name, or "default"
     * @param rules4   the IPv4 rules, in file order
     * @param rules6   the IPv6 rules, in file order
     * @param out      where the rules go
     * @param err      where the headings go
     */
    public static void printSetup(final Path ipv4File, final Path ipv6File, final String alg, final List<Rule> rules4,
        final List<Rule> rules6, final PrintStream out, final PrintStream err)
    {
        out.println("ACL options are:");
        out.println("rule_ipv4: " + ipv4File);
        out.println("rule_ipv6: " + ipv6File);
        out.println("alg: " + alg);
        out.flush();
        for (final boolean v6 : new boolean[] { false, true })
        {
            final List<Rule> rules = v6 ? rules6 : rules4;
            for (final boolean deny : new boolean[] { false, true })
            {
                final StringBuilder lines = new StringBuilder();
                int shown = 0;
                for (int i = 0; i < rules.size(); i++)
                {
                    final Rule r = rules.get(i);
                    if (r.deny() != deny)
                    {
                        continue;
                    }
                    // category mask, priority (the file's first rule highest), userdata (a route's port + 1, as
                    // FWD_PORT_SHIFT; a deny rule's ACL_DENY_SIGNATURE plus its place among the deny rules)
                    lines.append('\t').append(shown + 1).append(':').append(v6 ? address6(r.srcHigh(), r.srcLow()) :
                        IpAddress.formatIpv4((int)r.srcLow())).append('/').append(r.srcLength()).append(' ')
                        .append(v6 ? address6(r.dstHigh(), r.dstLow()) : IpAddress.formatIpv4((int)r.dstLow()))
                        .append('/').append(r.dstLength()).append(' ')
                        .append(String.format(Locale.ROOT, "%d : %d %d : %d 0x%x/0x%x 0x%x-0x%x-0x%x ",
                            r.srcPortLow(), r.srcPortHigh(), r.dstPortLow(), r.dstPortHigh(), r.protocol(),
                            r.protocolMask(), -1, MAX_PRIORITY - i, deny ? DENY_SIGNATURE + shown : r.port() + 1))
                        .append(System.lineSeparator());
                    shown++;
                }
                err.printf("L3FWDACL: IPv%d %s entries %d:%n", v6 ? 6 : 4, deny ? "ACL" : "Route", shown);
                err.flush();
                out.print(lines);
                out.flush();
            }
        }
    }

    /** {@code print_one_ipv6_rule}'s form: eight groups of four hex digits. */
    private static String address6(final long high, final long low)
    {
        final StringBuilder sb = new StringBuilder(39);
        for (int i = 0; i < 8; i++)
        {
            final long half = i < 4 ? high : low;
            sb.append(i == 0 ? "" : ":").append(String.format(Locale.ROOT, "%04x", (half >>> (48 - 16 * (i % 4))) &
                0xFFFF));
        }
        return sb.toString();
    }
}
