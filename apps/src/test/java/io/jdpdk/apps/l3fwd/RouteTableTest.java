package io.jdpdk.apps.l3fwd;

import io.jdpdk.apps.l3fwd.RouteTable.Route;
import io.jdpdk.apps.l3fwd.RouteTable.Route6;
import io.jdpdk.apps.l3fwd.RouteTable.RouteFileException;
import io.jdpdk.eal.TestEal;
import io.jdpdk.lpm.Fib6;
import io.jdpdk.lpm.IpAddress;
import io.jdpdk.lpm.Lpm4;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.jdpdk.lpm.IpAddress.parseIpv4;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RouteTableTest
{
    private static List<Route> parse(final String text) throws IOException
    {
        return RouteTable.parse(new StringReader(text), "routes.txt");
    }

    @Test
    void shouldHoldDpdkL3fwdsSixteenDefaultRoutes()
    {
        final List<Route> routes = RouteTable.defaultIpv4Routes();
        assertEquals(16, routes.size());
        for (int n = 0; n < 16; n++)
        {
            assertEquals(new Route(0xC612_0000 | n << 8, 24, n), routes.get(n));
        }
        assertEquals("198.18.15.0/24 15", routes.get(15).toString());
        assertThrows(UnsupportedOperationException.class, () -> routes.add(routes.get(0)));
    }

    @Test
    void shouldHoldDpdkL3fwdsSixteenDefaultIpv6Routes()
    {
        final List<RouteTable.Route6> routes = RouteTable.defaultIpv6Routes();
        assertEquals(16, routes.size());
        assertEquals("2001:200::/64 -> 0", routes.get(0).toString());
        assertEquals("2001:200:0:f::/64 -> 15", routes.get(15).toString());
        assertEquals(List.of(0x20, 0x01, 0x02, 0x00, 0, 0, 0, 0x0F, 0, 0, 0, 0, 0, 0, 0, 0),
            toList(routes.get(15).ip()));
    }


    @Test
    void shouldReadDpdksIpv6RuleFileFormAndRefuseWhatRteLpm6Cannot() throws IOException
    {
        // The head of DPDK 22.11's examples/l3fwd/lpm_default_v6.cfg, and the plain form.
        final List<RouteTable.Route6> routes = RouteTable.parseIpv6(new StringReader(String.join("\n",
            "# Copy of hard-coded IPv6 FWD table for L3FWD LPM",
            "R2001:0200:0000:0000:0000:0000:0000:0000/64 0",
            "R2001:0200:0000:0001:0000:0000:0000:0000/64 1",
            "",
            "2001:db8::1/128\t7")), "v6.cfg");
        assertEquals(List.of(RouteTable.defaultIpv6Routes().get(0), RouteTable.defaultIpv6Routes().get(1),
            new RouteTable.Route6(0x2001_0db8_0000_0000L, 1, 128, 7)), routes);
        final RouteFileException zero = assertThrows(RouteFileException.class,
            () -> RouteTable.parseIpv6(new StringReader("R2001:db8::/0 1"), "v6.cfg"));
        assertEquals(1, zero.line());
        assertTrue(zero.getMessage().contains("1..128"), zero.getMessage());
        assertTrue(assertThrows(RouteFileException.class,
            () -> RouteTable.parseIpv6(new StringReader("# ok\nR2001:db8::/129 1"), "v6.cfg")).getMessage()
            .contains("'129' is not 0..128"));
        assertTrue(assertThrows(RouteFileException.class,
            () -> RouteTable.parseIpv6(new StringReader("R2001:db8:::/64 1"), "v6.cfg")).getMessage()
            .contains("not an IPv6 address"));
        assertTrue(assertThrows(RouteFileException.class,
            () -> RouteTable.parseIpv6(new StringReader("R198.18.0.0/24 1"), "v6.cfg")).getMessage()
            .contains("not an IPv6 address"));
    }

    private static List<Integer> toList(final byte[] bytes)
    {
        final List<Integer> list = new ArrayList<>();
        for (final byte b : bytes)
        {
            list.add(b & 0xFF);
        }
        return list;
    }

    @Test
    void shouldForwardByTheDefaultTableAsL3fwdDoes()
    {
        final Lpm4 lpm = new Lpm4(RouteTable.L3FWD_MAX_RULES, RouteTable.L3FWD_NUMBER_TBL8S);
        assertEquals(16, RouteTable.addTo(lpm, RouteTable.defaultIpv4Routes(), 0xFFFF));

        for (int n = 0; n < 16; n++)
        {
            assertEquals(n, lpm.lookup(parseIpv4("198.18." + n + ".0")));
            assertEquals(n, lpm.lookup(parseIpv4("198.18." + n + ".77")));
            assertEquals(n, lpm.lookup(parseIpv4("198.18." + n + ".255")));
        }
        assertEquals(Lpm4.NO_ROUTE, lpm.lookup(parseIpv4("198.18.16.1")));
        assertEquals(Lpm4.NO_ROUTE, lpm.lookup(parseIpv4("198.17.255.255")));
        assertEquals(Lpm4.NO_ROUTE, lpm.lookup(parseIpv4("198.19.0.1")));
        assertEquals(Lpm4.NO_ROUTE, lpm.lookup(parseIpv4("10.0.0.1")));
        assertEquals(0, lpm.tbl8GroupsInUse());
    }

    @Test
    void shouldSkipRoutesToPortsOutsideThePortMask()
    {
        final Lpm4 lpm = new Lpm4(RouteTable.L3FWD_MAX_RULES, RouteTable.L3FWD_NUMBER_TBL8S);
        assertEquals(2, RouteTable.addTo(lpm, RouteTable.defaultIpv4Routes(), 0x5));
        assertEquals(0, lpm.lookup(parseIpv4("198.18.0.1")));
        assertEquals(Lpm4.NO_ROUTE, lpm.lookup(parseIpv4("198.18.1.1")));
        assertEquals(2, lpm.lookup(parseIpv4("198.18.2.1")));
        assertEquals(0, RouteTable.addTo(lpm, List.of(new Route(0, 0, 64)), -1L), "port 64 is never enabled");
    }

    @Test
    void shouldParseBothFormsCommentsAndBlankLines() throws IOException
    {
        final List<Route> routes = parse(
            "# l3fwd routes\n" +
            "\n" +
            "198.18.0.0/24 0\n" +
            "R198.18.1.0/24 1\r\n" +
            "   \t \n" +
            "  10.0.0.0/8\t\t7  \n" +
            "R 192.0.2.1/32 65535\n" +
            "0.0.0.0/0 3\n" +
            "#R198.18.2.0/24 2\n");
        assertEquals(List.of(
            new Route(parseIpv4("198.18.0.0"), 24, 0),
            new Route(parseIpv4("198.18.1.0"), 24, 1),
            new Route(parseIpv4("10.0.0.0"), 8, 7),
            new Route(parseIpv4("192.0.2.1"), 32, 65535),
            new Route(0, 0, 3)), routes);
    }

    @Test
    void shouldParseWhatRouteToStringWrites() throws IOException
    {
        final StringBuilder text = new StringBuilder();
        RouteTable.defaultIpv4Routes().forEach(r -> text.append(r).append('\n'));
        assertEquals(RouteTable.defaultIpv4Routes(), parse(text.toString()));
    }

    @Test
    void shouldKeepHostBitsAsWrittenAndLeaveMaskingToTheTable() throws IOException
    {
        final Route route = parse("10.1.2.3/8 1").getFirst();
        assertEquals(parseIpv4("10.1.2.3"), route.ip());
        final Lpm4 lpm = new Lpm4(4, 0);
        RouteTable.addTo(lpm, List.of(route), 0x2);
        assertEquals(1, lpm.lookup(parseIpv4("10.200.0.0")));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "198.18.0.0/24",
        "198.18.0.0 0",
        "198.18.0.0/ 0",
        "198.18.0.0/33 0",
        "198.18.0.0/-1 0",
        "198.18.0/24 0",
        "198.18.0.0.0/24 0",
        "198.18.0.256/24 0",
        "198.18.0.x/24 0",
        "198.18..0/24 0",
        "198.18.0.0/24 65536",
        "198.18.0.0/24 -1",
        "198.18.0.0/24 0x1",
        "198.18.0.0/24 0 extra",
        "R198.18.0.0/24 192.168.0.0/16 0 : 65535 0 : 65535 0x0/0x0 0",
        "R",
        "@198.18.0.0/24 0",
        "localhost/32 0",
    })
    void shouldNameTheFileAndLineOfAMalformedRoute(final String bad)
    {
        final RouteFileException ex = assertThrows(RouteFileException.class,
            () -> parse("# routes\n198.18.0.0/24 0\n\n" + bad + "\n198.18.1.0/24 1\n"));
        assertEquals("routes.txt", ex.file());
        assertEquals(4, ex.line());
        assertTrue(ex.getMessage().startsWith("routes.txt:4: "), ex.getMessage());
        assertTrue(ex.getMessage().contains(bad.strip()), ex.getMessage());
    }

    @Test
    void shouldNameTheRealPathWhenParsingAFile(@TempDir final Path dir) throws IOException
    {
        final Path good = dir.resolve("good.cfg");
        Files.writeString(good, "R198.18.0.0/24 0\nR198.18.1.0/24 1\n", StandardCharsets.UTF_8);
        assertEquals(2, RouteTable.parse(good).size());

        final Path bad = dir.resolve("bad.cfg");
        Files.writeString(bad, "R198.18.0.0/24 0\nR198.18.1.0/40 1\n", StandardCharsets.UTF_8);
        final RouteFileException ex = assertThrows(RouteFileException.class, () -> RouteTable.parse(bad));
        assertEquals(bad.toString(), ex.file());
        assertEquals(2, ex.line());
        assertTrue(ex.getMessage().startsWith(bad + ":2: prefix length '40'"), ex.getMessage());

        assertThrows(NoSuchFileException.class, () -> RouteTable.parse(dir.resolve("missing.cfg")));
    }


    @Test
    void shouldSizeTheIpv4TableForMoreRoutesThanDpdkL3fwdsFixedTableHolds()
    {
        // 2,000 /24s and 400 /28s each in a /24 of its own: past l3fwd's 1024 rules and 256 tbl8 groups.
        final List<Route> routes = new ArrayList<>();
        for (int i = 0; i < 2000; i++)
        {
            routes.add(new Route(parseIpv4("10.0.0.0") + (i << 8), 24, i & 63));
        }
        for (int i = 0; i < 400; i++)
        {
            routes.add(new Route(parseIpv4("20.0.0.16") + (i << 8), 28, (i + 7) & 63));
        }
        assertThrows(IllegalStateException.class, () -> RouteTable.addTo(
            new Lpm4(RouteTable.L3FWD_MAX_RULES, RouteTable.L3FWD_NUMBER_TBL8S), routes, -1L));

        final Lpm4 lpm = RouteTable.newLpm4(routes);
        assertEquals(routes.size(), RouteTable.addTo(lpm, routes, -1L));
        assertEquals(routes.size(), lpm.size());
        assertEquals(400, lpm.tbl8GroupsInUse());
        for (final Route route : routes)
        {
            assertEquals(route.port(), lpm.lookup(route.ip() | 5), route.toString());
        }
        assertEquals(Lpm4.NO_ROUTE, lpm.lookup(parseIpv4("20.0.0.1")));
    }

    @Test
    void shouldSizeTheIpv6TableForTheTbl8GroupsItsRoutesTake()
    {
        final List<Route6> routes = new ArrayList<>();
        for (int i = 0; i < 3000; i++)
        {
            // 2001:db8:<i>::/56 -> port i % 16: a tbl8 group for each distinct 48-bit prefix, 3000 of them
            routes.add(new Route6(0x2001_0db8_0000_0000L | ((long)i << 16), 0, 56, i & 15));
        }
        final Fib6 small = new Fib6(64);
        final IllegalStateException full = assertThrows(IllegalStateException.class,
            () -> RouteTable.addTo(small, routes, -1L));
        assertTrue(full.getMessage().startsWith("Fib6 full: /56 needs"), full.getMessage());
        final Fib6 sized = RouteTable.newFib6(routes);
        assertEquals(routes.size(), RouteTable.addTo(sized, routes, -1L));
        for (final Route6 route : routes)
        {
            assertEquals(route.port(), sized.lookup(route.high() | 0xAB, 42), route.toString());
        }
        assertEquals(Fib6.NO_ROUTE, sized.lookup(0x2001_0db9_0000_0000L, 0));
        assertEquals(3000 + 12 + 2, sized.tbl8GroupsInUse(), "3000 48-bit, 12 40-bit and one 32- and 24-bit prefix");
    }

    @Test
    void shouldRejectRoutesOutOfRange()
    {
        assertThrows(IllegalArgumentException.class, () -> new Route(0, 33, 0));
        assertThrows(IllegalArgumentException.class, () -> new Route(0, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> new Route(0, 8, -1));
        assertThrows(IllegalArgumentException.class, () -> new Route(0, 8, Lpm4.MAX_NEXT_HOP + 1));
    }
}
