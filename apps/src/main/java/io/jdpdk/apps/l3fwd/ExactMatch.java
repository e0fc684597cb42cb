package io.jdpdk.apps.l3fwd;

import io.jdpdk.apps.l3fwd.RouteTable.RouteFileException;
import io.jdpdk.lpm.IpAddress;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

import static io.jdpdk.mempool.header.HeaderOffsets.ETH_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_MIN_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_PROTOCOL;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_SOURCE;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_VERSION_IHL;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_NEXT_HEADER;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_SOURCE;

/**
 * l3fwd's exact-match lookup ({@code -E} / {@code --lookup=em}, DPDK 22.11's {@code l3fwd_em.c} and
 * {@code em_route_parse.c}): a table from a flow's 5-tuple (protocol, source and destination address, source and
 * destination port) to an output port.
 * <p>
 * Which packets are looked up, as l3fwd's software packet-type parser ({@code em_parse_ptype}) and
 * {@code em_get_dst_port} decide: an IPv4 frame (EtherType 0x0800) whose header has no options (IHL 5) and whose
 * protocol is TCP (6) or UDP (17), its ports read right after the 20-byte header; an IPv6 frame (0x86DD) whose Next
 * Header is TCP or UDP, its ports right after the 40-byte header. Every other frame, and a flow no rule names, goes
 * back out of the port it came in on ({@link #MISS} here). Where l3fwd's 16-byte key loads would read past the
 * frame (an IPv4 frame under 38 bytes, an IPv6 one under 58), l3fwd's answer depends on what the buffer held
 * before; here such a frame misses.
 * <p>
 * As in l3fwd, one family is loaded: IPv4 rules, or with {@code --ipv6} IPv6 rules; the other family's table is
 * empty, so its packets all miss. Rules whose port is outside the port mask are skipped, and a later rule for the
 * same 5-tuple replaces an earlier one ({@code rte_hash_add_key} returns the slot of a key already present).
 * <p>
 * The table is an open-addressing hash of 5 {@code long}s a key, at most half full: {@link #lookupIpv4} and
 * {@link #lookupIpv6} allocate nothing and throw nothing, and may run on any number of threads once built.
 * <p>
 * Rule files ({@code --rule_ipv4=FILE --rule_ipv6=FILE}, read only as a pair, as l3fwd does), one rule a line:
 * <pre>
 *   # comment; blank lines are skipped
 *   R198.18.0.0 198.18.0.1 9 9 0x11 0       R&lt;dst&gt; &lt;src&gt; &lt;dst port&gt; &lt;src port&gt; &lt;protocol&gt; &lt;output port&gt;
 *   R2001:200::0 2001:200::1 9 9 0x11 0     the same with IPv6 addresses (the --rule_ipv6 file)
 * </pre>
 * Numbers as {@code strtoul} with base 0 reads them (decimal, {@code 0x} hex, leading-{@code 0} octal): ports up to
 * 65535, protocol and output port up to 255. Fields are separated by spaces or tabs; as in l3fwd, what follows the
 * sixth field is not read. A line that does not start with {@code R} (after the comment and blank lines) or does
 * not parse stops l3fwd with the file and line number, nothing loaded.
 */
public final class ExactMatch
{
    /** What a lookup returns for a frame not looked up or a 5-tuple no rule names. */
    public static final int MISS = -1;

    /** {@code IPPROTO_TCP}. */
    static final int TCP = 6;

    /** {@code IPPROTO_UDP}. */
    static final int UDP = 17;

    private static final int KEY_LONGS = 5;
    private static final int EMPTY = -1;

    /**
     * An IPv4 rule, fields as l3fwd's {@code struct ipv4_5tuple} (host order) and its output port.
     *
     * @param destination destination address
     * @param source      source address
     * @param dstPort     destination L4 port
     * @param srcPort     source L4 port
     * @param protocol    IP protocol (6 TCP, 17 UDP; others never match a packet)
     * @param port        output port
     */
    public record Rule4(int destination, int source, int dstPort, int srcPort, int protocol, int port)
    {
    }

    /**
     * An IPv6 rule: addresses as two 64-bit halves, first octet most significant.
     *
     * @param dstHigh  destination address, high 64 bits
     * @param dstLow   destination address, low 64 bits
     * @param srcHigh  source address, high 64 bits
     * @param srcLow   source address, low 64 bits
     * @param dstPort  destination L4 port
     * @param srcPort  source L4 port
     * @param protocol IP protocol (Next Header)
     * @param port     output port
     */
    public record Rule6(long dstHigh, long dstLow, long srcHigh, long srcLow, int dstPort, int srcPort, int protocol,
        int port)
    {
    }

    /** 5 longs a slot: source (high, low), destination (high, low), then ports and protocol. */
    private final long[] keys;
    /** Output port of each slot, {@link #EMPTY} for a free one. */
    private final int[] values;
    private final int mask;
    private final int size;

    /** Empty slots for {@code entries} keys, at most half of them used. */
    private ExactMatch(final int entries)
    {
        final int capacity = Integer.highestOneBit(Math.max(16, entries) * 2 - 1) << 1;
        this.keys = new long[capacity * KEY_LONGS];
        this.values = new int[capacity];
        Arrays.fill(values, EMPTY);
        this.mask = capacity - 1;
        this.size = 0;
    }

    /** {@code filled}'s slots, with the number of keys put into them. */
    private ExactMatch(final ExactMatch filled, final int size)
    {
        this.keys = filled.keys;
        this.values = filled.values;
        this.mask = filled.mask;
        this.size = size;
    }

    /**
     * An IPv4 table of the rules whose port is in {@code portMask} ({@code populate_ipv4_flow_into_table}).
     *
     * @param rules    the rules, in file order
     * @param portMask bit N set enables port N
     * @return the table
     */
    public static ExactMatch ipv4(final List<Rule4> rules, final long portMask)
    {
        final ExactMatch table = new ExactMatch(rules.size());
        int added = 0;
        for (final Rule4 r : rules)
        {
            if (enabled(r.port(), portMask))
            {
                added += table.put(r.source() & 0xFFFF_FFFFL, 0, r.destination() & 0xFFFF_FFFFL, 0,
                    tail(r.srcPort(), r.dstPort(), r.protocol()), r.port());
            }
        }
        return new ExactMatch(table, added);
    }

    /**
     * An IPv6 table of the rules whose port is in {@code portMask} ({@code populate_ipv6_flow_into_table}).
     *
     * @param rules    the rules, in file order
     * @param portMask bit N set enables port N
     * @return the table
     */
    public static ExactMatch ipv6(final List<Rule6> rules, final long portMask)
    {
        final ExactMatch table = new ExactMatch(rules.size());
        int added = 0;
        for (final Rule6 r : rules)
        {
            if (enabled(r.port(), portMask))
            {
                added += table.put(r.srcHigh(), r.srcLow(), r.dstHigh(), r.dstLow(),
                    tail(r.srcPort(), r.dstPort(), r.protocol()), r.port());
            }
        }
        return new ExactMatch(table, added);
    }

    /**
     * An empty table: every lookup misses (the family l3fwd does not load).
     *
     * @return the table
     */
    public static ExactMatch empty()
    {
        return ipv4(List.of(), 0);
    }

    /**
     * Number of distinct 5-tuples the table holds.
     *
     * @return the keys
     */
    public int size()
    {
        return size;
    }

    /**
     * The output port of the IPv4 TCP or UDP packet in the frame at {@code [at, at + length)} of {@code frame}.
     * Allocation-free, never throws for a range inside the segment.
     *
     * @param frame  {@link io.jdpdk.eal.raw.Memory#ALL} with an absolute address, or a segment with an offset
     * @param at     where the Ethernet header starts (the EtherType is not read: the caller knows it is IPv4)
     * @param length the frame's bytes
     * @return the rule's port, or {@link #MISS} (options, neither TCP nor UDP, too short, or no rule)
     */
    public int lookupIpv4(final MemorySegment frame, final long at, final long length)
    {
        if (length < FlowFields.IPV4_FLOW_FRAME)
        {
            return MISS;
        }
        final long ip = at + ETH_HEADER_LENGTH;
        final int protocol = frame.get(ValueLayout.JAVA_BYTE, ip + IPV4_PROTOCOL) & 0xFF;
        if ((frame.get(ValueLayout.JAVA_BYTE, ip + IPV4_VERSION_IHL) & 0x0F) != 5 || (protocol != TCP &&
            protocol != UDP))
        {
            return MISS;
        }
        return get(frame.get(FlowFields.INT_BIG_ENDIAN, ip + IPV4_SOURCE) & 0xFFFF_FFFFL, 0,
            frame.get(FlowFields.INT_BIG_ENDIAN, ip + IPV4_SOURCE + 4) & 0xFFFF_FFFFL, 0,
            (frame.get(FlowFields.INT_BIG_ENDIAN, ip + IPV4_MIN_HEADER_LENGTH) & 0xFFFF_FFFFL) << 8 | protocol);
    }

    /**
     * The output port of the IPv6 TCP or UDP packet in the frame at {@code [at, at + length)} of {@code frame}.
     * Allocation-free, never throws for a range inside the segment.
     *
     * @param frame  {@link io.jdpdk.eal.raw.Memory#ALL} with an absolute address, or a segment with an offset
     * @param at     where the Ethernet header starts (the EtherType is not read: the caller knows it is IPv6)
     * @param length the frame's bytes
     * @return the rule's port, or {@link #MISS} (Next Header neither TCP nor UDP, too short, or no rule)
     */
    public int lookupIpv6(final MemorySegment frame, final long at, final long length)
    {
        if (length < FlowFields.IPV6_FLOW_FRAME)
        {
            return MISS;
        }
        final long ip = at + ETH_HEADER_LENGTH;
        final int protocol = frame.get(ValueLayout.JAVA_BYTE, ip + IPV6_NEXT_HEADER) & 0xFF;
        if (protocol != TCP && protocol != UDP)
        {
            return MISS;
        }
        final long source = ip + IPV6_SOURCE;
        return get(frame.get(FlowFields.LONG_BIG_ENDIAN, source), frame.get(FlowFields.LONG_BIG_ENDIAN, source + 8),
            frame.get(FlowFields.LONG_BIG_ENDIAN, source + 16), frame.get(FlowFields.LONG_BIG_ENDIAN, source + 24),
            (frame.get(FlowFields.INT_BIG_ENDIAN, ip + IPV6_HEADER_LENGTH) & 0xFFFF_FFFFL) << 8 | protocol);
    }

    private static boolean enabled(final int port, final long portMask)
    {
        return port < Long.SIZE && (portMask & (1L << port)) != 0;
    }

    /** The key's last long: source port, destination port (as they lie in the L4 header), protocol. */
    private static long tail(final int srcPort, final int dstPort, final int protocol)
    {
        return ((long)srcPort << 24) | ((long)dstPort << 8) | protocol;
    }

    private static int hash(final long a, final long b, final long c, final long d, final long e)
    {
        long h = a * 0x9E3779B97F4A7C15L + b;
        h = h * 0x9E3779B97F4A7C15L + c;
        h = h * 0x9E3779B97F4A7C15L + d;
        h = h * 0x9E3779B97F4A7C15L + e;
        h ^= h >>> 32;
        h *= 0xD6E8FEB86659FD93L;
        return (int)(h ^ (h >>> 29));
    }

    /** Adds or replaces a key. @return 1 when the key is new, 0 when it replaced one */
    private int put(final long a, final long b, final long c, final long d, final long e, final int port)
    {
        int slot = hash(a, b, c, d, e) & mask;
        while (values[slot] != EMPTY && !matches(slot, a, b, c, d, e))
        {
            slot = (slot + 1) & mask;
        }
        final int fresh = values[slot] == EMPTY ? 1 : 0;
        final int k = slot * KEY_LONGS;
        keys[k] = a;
        keys[k + 1] = b;
        keys[k + 2] = c;
        keys[k + 3] = d;
        keys[k + 4] = e;
        values[slot] = port;
        return fresh;
    }

    private int get(final long a, final long b, final long c, final long d, final long e)
    {
        // At most half full: an empty slot ends every probe.
        int slot = hash(a, b, c, d, e) & mask;
        int port;
        while ((port = values[slot]) != EMPTY)
        {
            if (matches(slot, a, b, c, d, e))
            {
                return port;
            }
            slot = (slot + 1) & mask;
        }
        return MISS;
    }

    private boolean matches(final int slot, final long a, final long b, final long c, final long d, final long e)
    {
        final int k = slot * KEY_LONGS;
        return keys[k] == a && keys[k + 1] == b && keys[k + 2] == c && keys[k + 3] == d && keys[k + 4] == e;
    }

    // ---- rules --------------------------------------------------------------------------------------------------

    /**
     * DPDK l3fwd's sixteen IPv4 rules ({@code ipv4_l3fwd_em_route_array}): 198.18.N.0 from 198.18.N.1, UDP port 9 to
     * port 9, to port N.
     *
     * @return the rules
     */
    public static List<Rule4> defaultIpv4Rules()
    {
        final List<Rule4> rules = new ArrayList<>();
        for (int n = 0; n < 16; n++)
        {
            rules.add(new Rule4(0xC612_0000 | n << 8, 0xC612_0001 | n << 8, 9, 9, UDP, n));
        }
        return List.copyOf(rules);
    }

    /**
     * DPDK l3fwd's sixteen IPv6 rules ({@code ipv6_l3fwd_em_route_array}): 2001:200:0:N:: from 2001:200:0:N::1, UDP
     * port 9 to port 9, to port N.
     *
     * @return the rules
     */
    public static List<Rule6> defaultIpv6Rules()
    {
        final List<Rule6> rules = new ArrayList<>();
        for (int n = 0; n < 16; n++)
        {
            final long high = 0x2001_0200_0000_0000L | n;
            rules.add(new Rule6(high, 0, high, 1, 9, 9, UDP, n));
        }
        return List.copyOf(rules);
    }

    /**
     * Reads an IPv4 rule file ({@code --rule_ipv4} in EM mode).
     *
     * @param file the file
     * @return its rules, in order
     * @throws RouteFileException for a line that does not parse, with its number
     * @throws IOException when the file cannot be read
     */
    public static List<Rule4> parseIpv4(final Path file) throws IOException
    {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1))
        {
            return parse(reader, file.toString(), (f, line, n) -> new Rule4(ipv4(f[0], line, n), ipv4(f[1], line, n),
                field(f[2], 0xFFFF, "destination port", line, n), field(f[3], 0xFFFF, "source port", line, n),
                field(f[4], 0xFF, "protocol", line, n), field(f[5], 0xFF, "output port", line, n)));
        }
    }

    /**
     * Reads an IPv6 rule file ({@code --rule_ipv6} in EM mode).
     *
     * @param file the file
     * @return its rules, in order
     * @throws RouteFileException for a line that does not parse, with its number
     * @throws IOException when the file cannot be read
     */
    public static List<Rule6> parseIpv6(final Path file) throws IOException
    {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1))
        {
            return parse(reader, file.toString(), (f, line, n) ->
            {
                final long[] dst = ipv6(f[0], line, n);
                final long[] src = ipv6(f[1], line, n);
                return new Rule6(dst[0], dst[1], src[0], src[1], field(f[2], 0xFFFF, "destination port", line, n),
                    field(f[3], 0xFFFF, "source port", line, n), field(f[4], 0xFF, "protocol", line, n),
                    field(f[5], 0xFF, "output port", line, n));
            });
        }
    }

    /** One rule from a line's six fields. */
    @FunctionalInterface
    private interface RuleMaker<R>
    {
        R make(String[] fields, Source line, int lineNumber) throws RouteFileException;
    }

    /** A line and the file it came from, for the error messages. */
    private record Source(String file, String text)
    {
        RouteFileException error(final int lineNumber, final String problem)
        {
            return new RouteFileException(file, lineNumber, problem, text);
        }
    }

    private static <R> List<R> parse(final Reader reader, final String file, final RuleMaker<R> maker)
        throws IOException
    {
        final BufferedReader lines = new BufferedReader(reader);
        final List<R> rules = new ArrayList<>();
        String text;
        int number = 0;
        while ((text = lines.readLine()) != null)
        {
            number++;
            final Source line = new Source(file, text);
            final String stripped = text.strip();
            if (stripped.isEmpty() || stripped.charAt(0) == RouteTable.COMMENT_LEAD_CHAR)
            {
                continue;
            }
            if (text.charAt(0) != RouteTable.ROUTE_LEAD_CHAR)
            {
                throw line.error(number, "should start with leading char " + RouteTable.ROUTE_LEAD_CHAR);
            }
            final String[] fields = text.substring(1).strip().split("[ \t]+");
            if (fields.length < 6)
            {
                throw line.error(number, "expected 'R<dst> <src> <dst port> <src port> <protocol> <port>', found " +
                    fields.length + " field(s)");
            }
            rules.add(maker.make(fields, line, number));
        }
        if (rules.isEmpty())
        {
            // em_add_rules: a file without a rule is an error (-EINVAL), and l3fwd stops.
            throw new RouteFileException(file, number, "no rule in the file", "");
        }
        return List.copyOf(rules);
    }

    private static int ipv4(final String text, final Source line, final int number) throws RouteFileException
    {
        try
        {
            return IpAddress.parseIpv4(text);
        }
        catch (final IllegalArgumentException ex)
        {
            throw line.error(number, "'" + text + "' is not an IPv4 address");
        }
    }

    private static long[] ipv6(final String text, final Source line, final int number) throws RouteFileException
    {
        try
        {
            return IpAddress.parseIpv6Address(text);
        }
        catch (final IllegalArgumentException ex)
        {
            throw line.error(number, "'" + text + "' is not an IPv6 address");
        }
    }

    /** {@code GET_CB_FIELD}: an unsigned number as strtoul base 0 reads it, the whole token, at most max. */
    private static int field(final String text, final int max, final String what, final Source line,
        final int number) throws RouteFileException
    {
        final long value = RouteTable.strtoulBase0(text, max);
        if (value < 0)
        {
            throw line.error(number, what + " '" + text + "' is not 0.." + max);
        }
        return (int)value;
    }

    // ---- printing -----------------------------------------------------------------------------------------------

    /**
     * Prints {@code EM: Adding route DST, SRC, DPORT, SPORT, PROTO (PORT) [DEVICE]} for each rule whose port is in
     * {@code portMask}, then {@code Hash: Adding 0xN keys} with N every rule read, as l3fwd's
     * {@code populate_ipv4_flow_into_table} does.
     *
     * @param rules    the rules, in order
     * @param portMask bit N set enables port N
     * @param device   the device name of a port id (null for none), printed after it in brackets
     * @param out      where to print
     */
    public static void printAdded4(final List<Rule4> rules, final long portMask, final IntFunction<String> device,
        final PrintStream out)
    {
        final StringBuilder lines = new StringBuilder();
        for (final Rule4 r : rules)
        {
            if (enabled(r.port(), portMask))
            {
                lines.append("EM: Adding route ").append(IpAddress.formatIpv4(r.destination())).append(", ")
                    .append(IpAddress.formatIpv4(r.source())).append(", ").append(r.dstPort()).append(", ")
                    .append(r.srcPort()).append(", ").append(r.protocol());
                RouteTable.appendPort(lines, r.port(), device).append(System.lineSeparator());
            }
        }
        lines.append("Hash: Adding 0x").append(Integer.toHexString(rules.size())).append(" keys")
            .append(System.lineSeparator());
        out.print(lines);
    }

    /**
     * As {@link #printAdded4} for IPv6 rules, with l3fwd's {@code Hash: Adding 0xNkeys} (no space, as 22.11 prints
     * it).
     *
     * @param rules    the rules, in order
     * @param portMask bit N set enables port N
     * @param device   the device name of a port id (null for none)
     * @param out      where to print
     */
    public static void printAdded6(final List<Rule6> rules, final long portMask, final IntFunction<String> device,
        final PrintStream out)
    {
        final StringBuilder lines = new StringBuilder();
        for (final Rule6 r : rules)
        {
            if (enabled(r.port(), portMask))
            {
                lines.append("EM: Adding route ").append(IpAddress.formatIpv6(r.dstHigh(), r.dstLow())).append(", ")
                    .append(IpAddress.formatIpv6(r.srcHigh(), r.srcLow())).append(", ").append(r.dstPort())
                    .append(", ").append(r.srcPort()).append(", ").append(r.protocol());
                RouteTable.appendPort(lines, r.port(), device).append(System.lineSeparator());
            }
        }
        lines.append("Hash: Adding 0x").append(Integer.toHexString(rules.size())).append("keys")
            .append(System.lineSeparator());
        out.print(lines);
    }
}
