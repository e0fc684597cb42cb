package io.jdpdk.pmd;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RssTypesTest
{
    @TempDir
    Path dir;

    @Test
    void shouldWrapAt64CharactersAsDpdkTestpmdShowsTheIpGroup()
    {
        // dpdk-testpmd 22.11.11's "show port 1 rss-hash" on net_bonding over net_tap, --rxq=2 (rss_hf RTE_ETH_RSS_IP)
        assertEquals("  ip  ipv4  ipv4-frag  ipv4-other  ipv6  ipv6-frag  ipv6-other\n  ipv6-ex\n",
            RssTypes.display(RssTypes.IP, RssTypes.CHARS_PER_LINE));
    }

    @Test
    void shouldKeepANameEndingExactlyAtTheLineWidthOnTheLine()
    {
        // "  udp  tcp  ipv4-tcp  ipv4-udp  ipv6-tcp  ipv6-udp  ipv6-tcp-ex" is 63 characters
        final long hf = RssTypes.UDP | RssTypes.TCP;
        assertEquals("  udp  tcp  ipv4-tcp  ipv4-udp  ipv6-tcp  ipv6-udp  ipv6-tcp-ex\n  ipv6-udp-ex\n",
            RssTypes.display(hf, 63));
        assertEquals("  udp  tcp  ipv4-tcp  ipv4-udp  ipv6-tcp  ipv6-udp\n  ipv6-tcp-ex  ipv6-udp-ex\n",
            RssTypes.display(hf, 62));
    }

    @Test
    void shouldBreakEvenBeforeTheFirstNameWhenItIsWiderThanTheLine()
    {
        assertEquals("\n  ipv4\n", RssTypes.display(RssTypes.IPV4, 5), "rss_types_display checks before it prints");
        assertEquals("  ipv4\n", RssTypes.display(RssTypes.IPV4, 6));
    }

    @Test
    void shouldPrintNothingWithoutHashFunctions()
    {
        assertEquals("", RssTypes.display(0, RssTypes.CHARS_PER_LINE));
    }

    @Test
    void shouldNameBitsOnlyWhenEveryBitOfTheTypeIsSet()
    {
        assertEquals("  ipv4  ipv6\n", RssTypes.display(RssTypes.IPV4 | RssTypes.IPV6 | (1L << 22), 64),
            "ip needs all of its bits; bit 22 has no name");
        assertEquals("  l4-dst-only  l3-src-only\n", RssTypes.display(RssTypes.L3_SRC_ONLY | RssTypes.L4_DST_ONLY,
            64));
    }

    @Test
    void shouldLookUpTestpmdsNames()
    {
        assertEquals(1L << 5, RssTypes.bits("ipv4-udp"));
        assertEquals(RssTypes.IP, RssTypes.bits("ip"));
        assertEquals(RssTypes.ALL, RssTypes.bits("all"));
        assertEquals(0, RssTypes.bits("none"));
        assertEquals(Long.MIN_VALUE, RssTypes.bits("l3-src-only"), "bit 63");
        assertEquals(RssTypes.UNKNOWN, RssTypes.bits("IPV4"), "names are case-sensitive, as testpmd's strcmp");
        assertEquals(-1, RssTypes.bits("ipv4-udp "));
        assertEquals(-1, RssTypes.bits(""));
        assertEquals(List.of("all", "none", "ip", "udp", "tcp", "sctp", "tunnel", "vlan", "ipv4"),
            RssTypes.names().subList(0, 9), "the groups first, then the types");
        for (final String name : RssTypes.names())
        {
            assertTrue(RssTypes.bits(name) != RssTypes.UNKNOWN, name);
        }
    }

    /**
     * Compiles testpmd's own table and {@code rss_types_display} (copied verbatim into {@code rss_types.c}) against
     * the installed {@code rte_ethdev.h}, and compares: every name and value of the table in order, every constant
     * RssTypes declares with its {@code RTE_ETH_RSS_*} macro, and the displayed text of several values and widths.
     */
    @Test
    void shouldMatchTestpmdsTableDisplayAndTheInstalledHeadersCompiledByGcc() throws Exception
    {
        final Path source = dir.resolve("rss_types.c");
        try (InputStream in = RssTypesTest.class.getResourceAsStream("rss_types.c"))
        {
            assertNotNull(in, "rss_types.c test resource");
            Files.copy(in, source);
        }
        final Map<String, Long> constants = constants();
        final StringBuilder macros = new StringBuilder();
        constants.keySet().forEach(name -> macros.append("X(").append(name).append(") "));
        final Path program = dir.resolve("rss_types");
        run(List.of("bash", "-c", "gcc -Wall -Wextra -Werror $(pkg-config --cflags libdpdk) \"-DJAVA_CONSTANTS=$1\" " +
            "-o \"$2\" \"$3\"", "gcc", macros.toString(), program.toString(), source.toString()));

        final long[] values = { RssTypes.IP, RssTypes.UDP | RssTypes.TCP, RssTypes.ALL, -1L, 0,
            RssTypes.TUNNEL | RssTypes.VLAN | RssTypes.ETH | RssTypes.L2_SRC_ONLY, 0x5A5A_5A5A_5A5A_5A5AL,
            RssTypes.L3_PRE32 | RssTypes.IPV6 };
        final int[] widths = { RssTypes.CHARS_PER_LINE, 63, 20, 5, 0, 200 };
        final List<String> command = new ArrayList<>(List.of(program.toString()));
        for (final long value : values)
        {
            for (final int width : widths)
            {
                command.add(Long.toUnsignedString(value));
                command.add(Integer.toString(width));
            }
        }
        final List<String> lines = run(command).lines().toList();

        final List<String> table = new ArrayList<>();
        for (final String name : RssTypes.names())
        {
            table.add("type " + name + " " + Long.toUnsignedString(RssTypes.bits(name)));
        }
        assertEquals(table, lines.stream().filter(l -> l.startsWith("type ")).toList(), "testpmd's rss_type_table");

        final List<String> declared = new ArrayList<>();
        constants.forEach((name, value) -> declared.add("macro " + name + " " + Long.toUnsignedString(value)));
        assertEquals(declared, lines.stream().filter(l -> l.startsWith("macro ")).toList(), "RTE_ETH_RSS_* of " +
            "rte_ethdev.h");

        int at = lines.indexOf(lines.stream().filter(l -> l.startsWith("display ")).findFirst().orElseThrow());
        int cases = 0;
        while (at < lines.size())
        {
            final String[] header = lines.get(at).split(" ");
            final int end = lines.subList(at, lines.size()).indexOf("end") + at;
            final StringBuilder expected = new StringBuilder();
            lines.subList(at + 1, end).forEach(l -> expected.append(l).append('\n'));
            assertEquals(expected.toString(), RssTypes.display(Long.parseUnsignedLong(header[1]),
                Integer.parseInt(header[2])), lines.get(at));
            at = end + 1;
            cases++;
        }
        assertEquals(values.length * widths.length, cases);
    }

    /** RssTypes's {@code RTE_ETH_RSS_*} constants by macro suffix: every public long but testpmd's ALL and UNKNOWN. */
    private static Map<String, Long> constants() throws IllegalAccessException
    {
        final Map<String, Long> constants = new LinkedHashMap<>();
        for (final Field field : RssTypes.class.getFields())
        {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == long.class &&
                !field.getName().equals("ALL") && !field.getName().equals("UNKNOWN"))
            {
                constants.put(field.getName(), field.getLong(null));
            }
        }
        assertTrue(constants.size() > 50, "found the constants: " + constants.keySet());
        return constants;
    }

    private static String run(final List<String> command) throws Exception
    {
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), String.join(" ", command));
        assertEquals(0, process.exitValue(), String.join(" ", command) + ":\n" + output);
        return output;
    }
}
