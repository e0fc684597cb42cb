package io.jdpdk.apps.l3fwd;

import io.jdpdk.lpm.Fib6;
import io.jdpdk.lpm.Lpm4;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;

import static io.jdpdk.lpm.IpAddress.formatIpv4;
import static io.jdpdk.lpm.IpAddress.formatIpv6;
import static io.jdpdk.lpm.IpAddress.parseIpv4;
import static io.jdpdk.lpm.IpAddress.parseIpv6Address;

/**
 * l3fwd's routes: the built-in default IPv4 and IPv6 tables, route files of either family, and loading routes
 * into an {@link Lpm4} or an {@link Fib6}.
 * Control path only; every method is stateless and safe to call from any thread.
 * <p>
 * A route file holds one route a line, in either of two forms (both may be mixed in one file):
 * <pre>
 *   # comment, and blank lines, are skipped
 *   198.18.0.0/24 0            A.B.C.D/len port
 *   R198.18.1.0/24 1           DPDK l3fwd's --rule_ipv4 form (examples/l3fwd/lpm_route_parse.c)
 * </pre>
 * IPv6 files ({@link #parseIpv6(Path)}, DPDK's {@code --rule_ipv6}) have the same two forms with an IPv6 address
 * ({@code R2001:200:0:1::/64 1}) and a length of 1 to 128.
 * IPv4 addresses are dotted quads of decimal octets, the length is 0 to 32 and the port 0 to 65535. Tokens are
 * separated by spaces or tabs. A line with anything more is rejected rather than half-read: DPDK reads
 * only the first two tokens of an {@code R} line, but an ACL-mode {@code R} line (source prefix first,
 * port last) would then be taken for a route to its <i>source</i> prefix. Also unlike DPDK's parser: lengths and
 * ports are decimal only (DPDK reads them with {@code strtoul} base 0, so {@code /024} is /20 and port
 * {@code 010} is 8 there), ports up to 65535 are read (DPDK stops at 255; a port above 63 is never enabled),
 * a line may start with spaces, and a file without any route is accepted: every lookup then misses and, as in
 * l3fwd, packets go back out of the port they came in on.
 */
public final class RouteTable
{
    /** Leading character of a route line in DPDK l3fwd's rule files ({@code ROUTE_LEAD_CHAR}). */
    public static final char ROUTE_LEAD_CHAR = 'R';

    /** Leading character of a comment line ({@code COMMENT_LEAD_CHAR}). */
    public static final char COMMENT_LEAD_CHAR = '#';

    /** Largest port a route file may name (DPDK port ids are 16-bit). */
    public static final int MAX_PORT = 0xFFFF;

    /** Rule capacity DPDK l3fwd gives its IPv4 table ({@code IPV4_L3FWD_LPM_MAX_RULES}, l3fwd_lpm.c). */
    public static final int L3FWD_MAX_RULES = 1024;

    /** tbl8 groups DPDK l3fwd gives its IPv4 table ({@code IPV4_L3FWD_LPM_NUMBER_TBL8S}, l3fwd_lpm.c). */
    public static final int L3FWD_NUMBER_TBL8S = 1 << 8;

    /*
     * DPDK l3fwd's default IPv4 routes. Checked against DPDK/dpdk examples/l3fwd/main.c (the lookup-mode
     * table with em/lpm/fib/acl, as in 22.11): the array is defined there, and l3fwd_route.h only declares
     * it (extern const struct ipv4_l3fwd_route ipv4_l3fwd_route_array[16]):
     *
     *     198.18.0.0/16 are set aside for RFC2544 benchmarking (RFC5735).
     *     198.18.{0-15}.0/24 = Port {0-15}
     *     {RTE_IPV4(198, 18, 0, 0), 24, 0}, ... {RTE_IPV4(198, 18, 15, 0), 24, 15}
     *
     * Sixteen routes since 21.11 ("Increase number of routes from 8 to 16", release_21_11.rst); before that
     * 198.18.{0-7}.0/24. setup_lpm() in l3fwd_lpm.c adds them to a table of 1024 rules and 256 tbl8 groups,
     * skipping routes whose port is not in the port mask.
     */
    private static final List<Route> DEFAULT_IPV4_ROUTES = defaultRoutes();

    /**
     * Largest port an IPv6 route may name: rte_lpm6's next-hop limit (21 bits), kept so that l3fwd refuses the route
     * files DPDK's l3fwd refuses (the table, {@link Fib6}, would hold up to {@link Fib6#MAX_NEXT_HOP}).
     */
    public static final int LPM6_MAX_NEXT_HOP = (1 << 21) - 1;

    /*
     * DPDK l3fwd's default IPv6 routes, from the same main.c:
     *
     *     2001:200::/48 is IANA reserved range for IPv6 benchmarking (RFC5180).
     *     2001:200:0:{0-f}::/64 = Port {0-15}
     *     {{32, 1, 2, 0, 0, 0, 0, 0, 0, ...}, 64, 0}, ... {{32, 1, 2, 0, 0, 0, 0, 15, 0, ...}, 64, 15}
     */
    private static final List<Route6> DEFAULT_IPV6_ROUTES = buildDefaultIpv6Routes();

    private RouteTable()
    {
    }

    /**
     * One IPv4 route: prefix, length and output port. The address is kept as written; {@link Lpm4#add}
     * ignores its host bits.
     *
     * @param ip    prefix address, host byte order
     * @param depth prefix length, 0 to 32
     * @param port  output port, 0 to {@link Lpm4#MAX_NEXT_HOP}
     */
    public record Route(int ip, int depth, int port)
    {
        /**
         * Checks the ranges.
         *
         * @throws IllegalArgumentException when depth or port is out of range
         */
        public Route
        {
            if (depth < 0 || depth > 32)
            {
                throw new IllegalArgumentException("prefix length must be 0..32, got " + depth);
            }
            if (port < 0 || port > Lpm4.MAX_NEXT_HOP)
            {
                throw new IllegalArgumentException("port must be 0.." + Lpm4.MAX_NEXT_HOP + ", got " + port);
            }
        }

        /** {@code A.B.C.D/len port}, the line that parses back to this route. */
        @Override
        public String toString()
        {
            return formatIpv4(ip) + "/" + depth + " " + port;
        }
    }

    /**
     * A route file line that does not parse. The message reads {@code file:line: what is wrong: 'line'}.
     */
    public static final class RouteFileException extends IOException
    {
        private static final long serialVersionUID = 1L;

        private final String file;
        private final int line;

        /**
         * A line that does not parse.
         *
         * @param file the source's name
         * @param line the line number, from 1
         * @param problem what is wrong
         * @param text the line as read, quoted in the message without its surrounding blanks
         */
        public RouteFileException(final String file, final int line, final String problem, final String text)
        {
            super(file + ":" + line + ": " + problem + ": '" + text.strip() + "'");
            this.file = file;
            this.line = line;
        }

        /**
         * Name of the file (or other source) the line came from.
         *
         * @return the source name given to the parser
         */
        public String file()
        {
            return file;
        }

        /**
         * The line that does not parse.
         *
         * @return its number, from 1
         */
        public int line()
        {
            return line;
        }
    }

    /**
     * One IPv6 route: prefix as two 64-bit halves (first octet most significant in {@code high}), length and
     * output port.
     *
     * @param high  the prefix's high 64 bits, first octet most significant
     * @param low   the prefix's low 64 bits
     * @param depth prefix length, 1 to 128 (rte_lpm6 has no default route)
     * @param port  output port, 0 to {@link #LPM6_MAX_NEXT_HOP}
     */
    public record Route6(long high, long low, int depth, int port)
    {
        /**
         * Checks the ranges.
         *
         * @throws IllegalArgumentException when depth or port is out of range
         */
        public Route6
        {
            if (depth < 1 || depth > 128)
            {
                throw new IllegalArgumentException("IPv6 prefix length must be 1..128, got " + depth);
            }
            if (port < 0 || port > LPM6_MAX_NEXT_HOP)
            {
                throw new IllegalArgumentException("port must be 0.." + LPM6_MAX_NEXT_HOP + ", got " + port);
            }
        }

        /**
         * The prefix as 16 bytes ({@link Fib6#add(byte[], int, int)} takes it so).
         *
         * @return a new array of 16 bytes, network order
         */
        public byte[] ip()
        {
            return ByteBuffer.allocate(16).putLong(high).putLong(low).array();
        }

        @Override
        public String toString()
        {
            return formatIpv6(high, low) + "/" + depth + " -> " + port;
        }
    }

    /**
     * DPDK l3fwd's sixteen default IPv6 routes, 2001:200:0:N::/64 to port N for N = 0..15.
     *
     * @return an immutable list
     */
    public static List<Route6> defaultIpv6Routes()
    {
        return DEFAULT_IPV6_ROUTES;
    }

    /**
     * Adds {@code routes} to {@code lpm}, skipping those whose port is not in {@code portMask}, as l3fwd's
     * {@code setup_lpm} does for its IPv6 table.
     *
     * @param lpm the table to add to
     * @param routes the routes, added in order
     * @param portMask bit N set enables port N; ports above 63 are never enabled
     * @return the number of routes added
     * @throws IllegalStateException when the table runs out of tbl8 groups (routes before the one that failed stay
     *                               added)
     */
    public static int addTo(final Fib6 lpm, final List<Route6> routes, final long portMask)
    {
        return addEnabled(routes, Route6::port, portMask, r -> lpm.add(r.high(), r.low(), r.depth(), r.port()));
    }

    /** Calls {@code add} for each route whose port is in {@code portMask}. @return how many */
    private static <R> int addEnabled(final List<R> routes, final ToIntFunction<R> port, final long portMask,
        final Consumer<R> add)
    {
        int added = 0;
        for (final R route : routes)
        {
            final int p = port.applyAsInt(route);
            if (p < Long.SIZE && (portMask & (1L << p)) != 0)
            {
                add.accept(route);
                added++;
            }
        }
        return added;
    }

    /**
     * DPDK l3fwd's sixteen default IPv4 routes, 198.18.N.0/24 to port N for N = 0..15.
     *
     * @return an immutable list
     */
    public static List<Route> defaultIpv4Routes()
    {
        return DEFAULT_IPV4_ROUTES;
    }

    /**
     * Reads a route file (UTF-8).
     *
     * @param file the file, {@code A.B.C.D/len port} a line, optionally led by {@code R}
     * @return the routes in file order
     * @throws RouteFileException naming the file and line of the first line that does not parse
     * @throws IOException        if the file cannot be read
     */
    public static List<Route> parse(final Path file) throws IOException
    {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            return parse(reader, file.toString());
        }
    }

    /**
     * Reads routes from {@code reader}, which it does not close.
     *
     * @param reader the lines, {@code A.B.C.D/len port} each
     * @param sourceName what exceptions call the source, usually the file name
     * @return the routes in order
     * @throws RouteFileException naming the source and line of the first line that does not parse
     */
    public static List<Route> parse(final Reader reader, final String sourceName) throws IOException
    {
        return parseLines(reader, sourceName, 32, "A.B.C.D/len port",
            (address, depth, port) -> new Route(parseIpv4(address), depth, port));
    }

    /**
     * Reads an IPv6 route file (UTF-8) in DPDK l3fwd's {@code --rule_ipv6} form, {@code R<address>/<len> <port>}
     * a line (the {@code R} may be left out), the address as {@code inet_pton} reads it. Prefix lengths are 1 to
     * 128: rte_lpm6 has no default route.
     *
     * @param file the file
     * @return the routes in file order
     * @throws RouteFileException naming the file and line of the first line that does not parse
     * @throws IOException        if the file cannot be read
     */
    public static List<Route6> parseIpv6(final Path file) throws IOException
    {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            return parseIpv6(reader, file.toString());
        }
    }

    /**
     * As {@link #parseIpv6(Path)}, from {@code reader}, which it does not close.
     *
     * @param reader the lines
     * @param sourceName what exceptions call the source, usually the file name
     * @return the routes in order
     * @throws RouteFileException naming the source and line of the first line that does not parse
     * @throws IOException        if the reader fails
     */
    public static List<Route6> parseIpv6(final Reader reader, final String sourceName) throws IOException
    {
        return parseLines(reader, sourceName, 128, "X:X::X/len port", (address, depth, port) ->
        {
            final long[] ip = parseIpv6Address(address);
            return new Route6(ip[0], ip[1], depth, port);
        });
    }

    /** Makes a route of one family from a line's address text, prefix length and port; throws IAE for a bad one. */
    private interface RouteMaker<R>
    {
        R make(String address, int depth, int port);
    }

    private static <R> List<R> parseLines(final Reader reader, final String sourceName, final int maxDepth,
        final String form, final RouteMaker<R> maker) throws IOException
    {
        final BufferedReader lines = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        final List<R> routes = new ArrayList<>();
        int lineNumber = 0;
        for (String line = lines.readLine(); line != null; line = lines.readLine())
        {
            lineNumber++;
            final R route = parseLine(line, sourceName, lineNumber, maxDepth, form, maker);
            if (route != null)
            {
                routes.add(route);
            }
        }
        return routes;
    }

    /**
     * Adds {@code routes} to {@code lpm}, skipping those whose port is not in {@code portMask} (bit N set
     * enables port N; ports above 63 are never enabled), as l3fwd's {@code setup_lpm} skips unused ports.
     *
     * @param lpm the table to add to
     * @param routes the routes, added in order
     * @param portMask the enabled ports
     * @return the number of routes added
     * @throws IllegalStateException if the table runs out of rules or tbl8 groups (routes before the one
     *                               that failed stay added)
     */
    public static int addTo(final Lpm4 lpm, final List<Route> routes, final long portMask)
    {
        return addEnabled(routes, Route::port, portMask, r -> lpm.add(r.ip(), r.depth(), r.port()));
    }

    /**
     * An empty IPv4 table with room for {@code routes}: l3fwd's sizes ({@link #L3FWD_MAX_RULES} rules,
     * {@link #L3FWD_NUMBER_TBL8S} tbl8 groups), grown to one rule per route and one tbl8 group per /24 that holds
     * a route longer than 24 bits, so that {@link #addTo(Lpm4, List, long)} of them cannot run out of room half-way.
     * DPDK's l3fwd keeps its fixed sizes and stops at the 1025th rule of a rule file.
     *
     * @param routes the routes the table is for
     * @return the table, empty
     */
    public static Lpm4 newLpm4(final List<Route> routes)
    {
        final HashSet<Integer> groups = new HashSet<>();
        for (final Route route : routes)
        {
            if (route.depth() > 24)
            {
                groups.add(route.ip() >>> 8);
            }
        }
        return new Lpm4(Math.max(L3FWD_MAX_RULES, routes.size()), Math.max(L3FWD_NUMBER_TBL8S, groups.size()));
    }

    /**
     * Creates an empty IPv6 table with room for {@code routes}: the tbl8 groups they take (one per distinct 24-, 32-,
     * 40- ... bit prefix of a longer route, as in rte_lpm6), so that {@link #addTo(Fib6, List, long)} of them cannot
     * run out of room half-way. DPDK's l3fwd gives its rte_lpm6 2^16 groups ({@code IPV6_L3FWD_LPM_NUMBER_TBL8S})
     * whatever the routes; a Fib6 is built once from its routes and takes nothing after, so it gets only what they
     * need (its sixteen default routes take 5 groups, 5 KiB, where 2^16 would be 64 MiB of heap to zero at start).
     *
     * @param routes the routes the table is for
     * @return the table, empty, on the Java heap (64 MiB of tbl24 and 1 KiB per group)
     */
    public static Fib6 newFib6(final List<Route6> routes)
    {
        final HashSet<Route6> groups = new HashSet<>();
        for (final Route6 route : routes)
        {
            for (int level = 24; level < route.depth(); level += 8)
            {
                final long high = level >= 64 ? route.high() : route.high() & (-1L << (64 - level));
                final long low = level <= 64 ? 0 : route.low() & (-1L << (128 - level));
                groups.add(new Route6(high, low, level, 0));
            }
        }
        return new Fib6(groups.size());
    }

    /**
     * Prints {@code LPM: Adding route A.B.C.D / len (port)} for each route whose port is in {@code portMask}, as
     * l3fwd's {@code setup_lpm} does for each route it adds ({@code FIB:} for {@code setup_fib}); in blocks of lines,
     * so that a table of a million routes prints in a fraction of a second rather than a line-at-a-time flush of each.
     *
     * @param label {@code LPM} or {@code FIB}
     * @param routes the routes, in order
     * @param portMask bit N set enables port N
     * @param device the device name of a port id (null for none), printed after it in brackets
     * @param out where to print
     */
    public static void printAdded(final String label, final List<Route> routes, final long portMask,
        final IntFunction<String> device, final PrintStream out)
    {
        printEnabled(label, routes, Route::port, portMask, device, out, (r, line) -> line.append(formatIpv4(r.ip()))
            .append(" / ").append(r.depth()));
    }

    /**
     * As {@link #printAdded(String, List, long, IntFunction, PrintStream)} for IPv6 routes
     * ({@code LPM: Adding route X:X::X / len (port) [device]}).
     *
     * @param label {@code LPM} or {@code FIB}
     * @param routes the routes, in order
     * @param portMask bit N set enables port N
     * @param device the device name of a port id (null for none)
     * @param out where to print
     */
    public static void printAdded6(final String label, final List<Route6> routes, final long portMask,
        final IntFunction<String> device, final PrintStream out)
    {
        printEnabled(label, routes, Route6::port, portMask, device, out, (r, line) ->
            line.append(formatIpv6(r.high(), r.low())).append(" / ").append(r.depth()));
    }

    private static <R> void printEnabled(final String label, final List<R> routes, final ToIntFunction<R> port,
        final long portMask, final IntFunction<String> device, final PrintStream out,
        final BiConsumer<R, StringBuilder> prefix)
    {
        final StringBuilder lines = new StringBuilder(1 << 16);
        for (final R route : routes)
        {
            final int p = port.applyAsInt(route);
            if (p < Long.SIZE && (portMask & (1L << p)) != 0)
            {
                lines.append(label).append(": Adding route ");
                prefix.accept(route, lines);
                appendPort(lines, p, device).append(System.lineSeparator());
                if (lines.length() >= 1 << 16)
                {
                    out.print(lines);
                    lines.setLength(0);
                }
            }
        }
        out.print(lines);
        out.flush();
    }

    /**
     * Appends {@code " (port) [device]"} as l3fwd ends each line of the routes it adds (the device name of
     * {@code rte_dev_name}), without the brackets when {@code device} gives no name.
     *
     * @param line where to append
     * @param port the route's port
     * @param device the device name of a port id, or null
     * @return line
     */
    static StringBuilder appendPort(final StringBuilder line, final int port, final IntFunction<String> device)
    {
        line.append(" (").append(port).append(')');
        final String name = device.apply(port);
        return name == null ? line : line.append(" [").append(name).append(']');
    }

    /** The route on {@code line}, or null for a blank or comment line. */
    private static <R> R parseLine(final String line, final String source, final int lineNumber, final int maxDepth,
        final String form, final RouteMaker<R> maker) throws RouteFileException
    {
        final String text = line.strip();
        if (text.isEmpty() || text.charAt(0) == COMMENT_LEAD_CHAR)
        {
            return null;
        }
        final String body = text.charAt(0) == ROUTE_LEAD_CHAR ? text.substring(1) : text;
        final String[] tokens = body.strip().split("[ \t]+");
        if (tokens.length != 2)
        {
            throw new RouteFileException(source, lineNumber,
                "expected '" + form + "' or 'R" + form + "', found " + tokens.length + " field(s)", line);
        }

        final String prefix = tokens[0];
        final int slash = prefix.indexOf('/');
        if (slash < 0)
        {
            throw new RouteFileException(source, lineNumber, "prefix '" + prefix + "' has no '/len'", line);
        }
        final int depth = parseNumber(prefix.substring(slash + 1), maxDepth);
        if (depth < 0)
        {
            throw new RouteFileException(source, lineNumber,
                "prefix length '" + prefix.substring(slash + 1) + "' is not 0.." + maxDepth, line);
        }
        final int port = parseNumber(tokens[1], MAX_PORT);
        if (port < 0)
        {
            throw new RouteFileException(source, lineNumber, "port '" + tokens[1] + "' is not 0.." + MAX_PORT, line);
        }
        try
        {
            return maker.make(prefix.substring(0, slash), depth, port);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new RouteFileException(source, lineNumber, ex.getMessage(), line);
        }
    }

    /**
     * A whole token as {@code strtoul} with base 0 reads it for l3fwd's {@code GET_CB_FIELD}: decimal, {@code 0x}
     * hex or leading-{@code 0} octal digits and nothing else, at most {@code max}.
     *
     * @param text the token
     * @param max the largest value allowed
     * @return the value, or -1 when the token is not such a number or exceeds max
     */
    static long strtoulBase0(final String text, final long max)
    {
        int radix = 10;
        int from = 0;
        if (text.length() > 1 && text.charAt(0) == '0')
        {
            final boolean hex = text.charAt(1) == 'x' || text.charAt(1) == 'X';
            radix = hex ? 16 : 8;
            from = hex ? 2 : 1;
        }
        long value = 0;
        boolean digits = from > 0 && radix == 8;
        for (int i = from; i < text.length(); i++)
        {
            final int digit = Character.digit(text.charAt(i), radix);
            if (digit < 0 || value > max)
            {
                return -1;
            }
            value = value * radix + digit;
            digits = true;
        }
        return digits && value <= max ? value : -1;
    }

    /** A decimal number of at most 9 digits from 0 to max, or -1. */
    private static int parseNumber(final String text, final int max)
    {
        if (text.isEmpty() || text.length() > 9)
        {
            return -1;
        }
        int value = 0;
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            if (c < '0' || c > '9')
            {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value <= max ? value : -1;
    }

    private static List<Route6> buildDefaultIpv6Routes()
    {
        final List<Route6> routes = new ArrayList<>(16);
        for (int n = 0; n < 16; n++)
        {
            routes.add(new Route6(0x2001_0200_0000_0000L | n, 0, 64, n));
        }
        return List.copyOf(routes);
    }

    private static List<Route> defaultRoutes()
    {
        final List<Route> routes = new ArrayList<>(16);
        for (int n = 0; n < 16; n++)
        {
            routes.add(new Route(parseIpv4("198.18." + n + ".0"), 24, n));
        }
        return List.copyOf(routes);
    }
}
