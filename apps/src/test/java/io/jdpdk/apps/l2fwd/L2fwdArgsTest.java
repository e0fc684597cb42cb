package io.jdpdk.apps.l2fwd;

import io.jdpdk.apps.common.CNumbers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** l2fwd's argument parsing (l2fwd_parse_args of DPDK 22.11), checked without an EAL. */
class L2fwdArgsTest
{
    private static final String USAGE_FIRST_LINE = "l2fwd [EAL options] -- -p PORTMASK [-P] [-q NQ]\n";

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    private L2fwdArgs parse(final String... args)
    {
        return L2fwdArgs.parse(args, new PrintStream(outBytes, true, StandardCharsets.UTF_8),
            new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    }

    private String out()
    {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err()
    {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void shouldTakeL2fwdDefaultsBesideThePortmask()
    {
        final L2fwdArgs args = parse("-p", "3");
        assertNotNull(args);
        assertEquals(0x3, args.portMask());
        assertEquals(1, args.rxQueuePerLcore());
        assertEquals(10, args.timerPeriodSeconds());
        assertTrue(args.macUpdating());
        assertFalse(args.promiscuous());
        assertNull(args.portPairs());
        assertEquals("", out() + err());
    }

    @Test
    void shouldLeaveTheMaskEmptyWithoutDashPForTheLaterAllPortsDisabledExit()
    {
        final L2fwdArgs args = parse("-q", "2");
        assertNotNull(args);
        assertEquals(0, args.portMask());
    }

    @Test
    void shouldReadValuesAttachedBundledAndWithHexPrefixAsGetoptDoes()
    {
        final L2fwdArgs args = parse("-p0xF0", "-Pq15", "-T0", "--no-mac-updating");
        assertNotNull(args);
        assertEquals(0xF0, args.portMask());
        assertTrue(args.promiscuous());
        assertEquals(15, args.rxQueuePerLcore());
        assertEquals(0, args.timerPeriodSeconds());
        assertFalse(args.macUpdating());
    }

    @Test
    void shouldAcceptMacUpdatingBothWaysAndUniqueAbbreviationsLastOneWinning()
    {
        assertFalse(parse("-p", "3", "--no-mac").macUpdating());
        assertTrue(parse("-p", "3", "--no-mac-updating", "--mac-updating").macUpdating());
        assertTrue(parse("-p", "3", "--mac").macUpdating());
    }

    @Test
    void shouldIgnoreWordsThatAreNotOptionsAndStopAtDoubleDash()
    {
        final L2fwdArgs args = parse("extra", "-p", "3", "--", "-q", "bogus");
        assertNotNull(args);
        assertEquals(1, args.rxQueuePerLcore());
    }

    @ParameterizedTest
    @ValueSource(strings = { "0", "zz", "3x", "", "0x" })
    void shouldRejectABadPortmaskWithL2fwdsMessageAndUsage(final String mask)
    {
        assertNull(parse("-p", mask));
        assertTrue(out().startsWith("invalid portmask\n" + USAGE_FIRST_LINE), out());
        assertTrue(out().contains("  --portmap: Configure forwarding port pair mapping\n"), out());
    }

    @ParameterizedTest
    @ValueSource(strings = { "0", "16", "-1", "two", "2 " })
    void shouldRejectAQueueNumberOutside1To15(final String nq)
    {
        assertNull(parse("-p", "3", "-q", nq));
        assertTrue(out().startsWith("invalid queue number\n" + USAGE_FIRST_LINE), out());
    }

    @ParameterizedTest
    @ValueSource(strings = { "86400", "-1", "ten", "1.5" })
    void shouldRejectATimerPeriodOutside0To86399(final String period)
    {
        assertNull(parse("-p", "3", "-T", period));
        assertTrue(out().startsWith("invalid timer period\n" + USAGE_FIRST_LINE), out());
    }

    @Test
    void shouldAcceptTheLongestTimerPeriod()
    {
        assertEquals(86399, parse("-p", "3", "-T", "86399").timerPeriodSeconds());
    }

    @Test
    void shouldComplainAsGetoptAboutUnknownOptionsAndMissingValues()
    {
        assertNull(parse("-p", "3", "-x"));
        assertEquals("l2fwd: invalid option -- 'x'\n", err());
        assertTrue(out().startsWith(USAGE_FIRST_LINE), out());

        errBytes.reset();
        assertNull(parse("-p", "3", "--bogus=1"));
        assertEquals("l2fwd: unrecognized option '--bogus'\n", err());

        errBytes.reset();
        assertNull(parse("-p", "3", "-q"));
        assertEquals("l2fwd: option requires an argument -- 'q'\n", err());

        errBytes.reset();
        assertNull(parse("-p", "3", "--portmap"));
        assertEquals("l2fwd: option '--portmap' requires an argument\n", err());

        errBytes.reset();
        assertNull(parse("-p", "3", "--no-mac-updating=1"));
        assertEquals("l2fwd: option '--no-mac-updating' doesn't allow an argument\n", err());
    }

    @Test
    void shouldReadPortPairsInAnySeparatorAndNumberBase()
    {
        assertArrayEquals(new int[][] { { 0, 1 }, { 2, 3 } }, parse("-p", "f", "--portmap=(0,1),(2,3)").portPairs());
        assertArrayEquals(new int[][] { { 0, 3 }, { 1, 2 } }, parse("-p", "f", "--portmap", "( 0, 3)(0x1,02)")
            .portPairs());
        assertArrayEquals(new int[0][], parse("-p", "f", "--portmap=none").portPairs());
    }

    @ParameterizedTest
    @ValueSource(strings = { "(0,1", "(0,)", "(,1)", "()", "(0,32)", "(a,b)", "(-1,2)" })
    void shouldRejectAMalformedPortmapWithInvalidConfig(final String portmap)
    {
        assertNull(parse("-p", "3", "--portmap=" + portmap));
        assertEquals("Invalid config\n", err());
        assertTrue(out().startsWith(USAGE_FIRST_LINE), out());
    }

    @Test
    void shouldParseNumbersAsCsStrtoul()
    {
        assertEquals(0xFFFFFFFF, CNumbers.parsePortMask("FFFFFFFF"));
        assertEquals(0xFFFFFFFF, CNumbers.parsePortMask("1FFFFFFFFFFFFFFFFFFFF")); // saturates to ULONG_MAX
        assertEquals(0x3, CNumbers.parsePortMask(" 0x3"));
        assertEquals(8, CNumbers.strtoul("010", 0, false));
        assertEquals(16, CNumbers.strtoul("0x10", 0, false));
        assertEquals(1, CNumbers.strtoul("1x", 0, false));
        assertEquals(-1, CNumbers.strtoul("1x", 10, true));
    }
}
