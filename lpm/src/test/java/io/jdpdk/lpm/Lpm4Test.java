package io.jdpdk.lpm;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static io.jdpdk.lpm.IpAddress.parseIpv4;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Lpm4Test
{
    private static final int NO_ROUTE = Lpm4.NO_ROUTE;

    private static int ip(final String dotted)
    {
        return parseIpv4(dotted);
    }

    @Test
    void shouldReturnNoRouteFromAnEmptyTable()
    {
        final Lpm4 lpm = new Lpm4(16, 4);
        assertEquals(NO_ROUTE, lpm.lookup(ip("0.0.0.0")));
        assertEquals(NO_ROUTE, lpm.lookup(ip("198.18.0.1")));
        assertEquals(NO_ROUTE, lpm.lookup(ip("255.255.255.255")));
        assertEquals(0, lpm.size());
    }

    @Test
    void shouldPreferTheLongestOfNestedPrefixes()
    {
        final Lpm4 lpm = new Lpm4(16, 4);
        lpm.add(ip("10.0.0.0"), 8, 8);
        lpm.add(ip("10.1.0.0"), 16, 16);
        lpm.add(ip("10.1.2.0"), 24, 24);
        lpm.add(ip("10.1.2.128"), 25, 25);
        lpm.add(ip("10.1.2.200"), 32, 32);

        assertEquals(8, lpm.lookup(ip("10.200.0.1")));
        assertEquals(16, lpm.lookup(ip("10.1.3.1")));
        assertEquals(24, lpm.lookup(ip("10.1.2.127")));
        assertEquals(25, lpm.lookup(ip("10.1.2.128")));
        assertEquals(25, lpm.lookup(ip("10.1.2.199")));
        assertEquals(32, lpm.lookup(ip("10.1.2.200")));
        assertEquals(25, lpm.lookup(ip("10.1.2.201")));
        assertEquals(NO_ROUTE, lpm.lookup(ip("11.0.0.0")));
        assertEquals(NO_ROUTE, lpm.lookup(ip("9.255.255.255")));
    }

    @Test
    void shouldKeepLongerPrefixesWhenAShorterOneIsAddedAfterThem()
    {
        final Lpm4 lpm = new Lpm4(16, 4);
        lpm.add(ip("10.1.2.200"), 32, 32);
        lpm.add(ip("10.1.2.0"), 24, 24);
        lpm.add(ip("10.1.0.0"), 16, 16);
        lpm.add(ip("10.0.0.0"), 8, 8);

        assertEquals(32, lpm.lookup(ip("10.1.2.200")));
        assertEquals(24, lpm.lookup(ip("10.1.2.201")));
        assertEquals(16, lpm.lookup(ip("10.1.255.0")));
        assertEquals(8, lpm.lookup(ip("10.255.0.0")));
    }

    @Test
    void shouldReplaceTheNextHopWhenAPrefixIsAddedAgain()
    {
        final Lpm4 lpm = new Lpm4(16, 4);
        lpm.add(ip("10.1.0.0"), 16, 1);
        lpm.add(ip("10.1.2.0"), 28, 2);
        lpm.add(ip("10.1.0.0"), 16, 100);
        lpm.add(ip("10.1.2.0"), 28, 200);

        assertEquals(2, lpm.size());
        assertEquals(100, lpm.lookup(ip("10.1.99.1")));
        assertEquals(100, lpm.lookup(ip("10.1.2.16")));
        assertEquals(200, lpm.lookup(ip("10.1.2.15")));
    }

    @Test
    void shouldRestoreTheCoveringPrefixOnDelete()
    {
        final Lpm4 lpm = new Lpm4(16, 4);
        lpm.add(ip("10.0.0.0"), 8, 8);
        lpm.add(ip("10.1.0.0"), 16, 16);
        lpm.add(ip("10.1.2.0"), 24, 24);
        lpm.add(ip("10.1.2.0"), 26, 26);
        lpm.add(ip("10.1.2.0"), 28, 28);

        assertTrue(lpm.delete(ip("10.1.2.0"), 26));
        assertEquals(28, lpm.lookup(ip("10.1.2.1")));
        assertEquals(24, lpm.lookup(ip("10.1.2.20")), "what /26 held falls back to the /24");

        assertTrue(lpm.delete(ip("10.1.0.0"), 16));
        assertEquals(8, lpm.lookup(ip("10.1.3.0")), "what /16 held falls back to the /8");
        assertEquals(24, lpm.lookup(ip("10.1.2.20")), "the /24 under the deleted /16 stays");

        assertTrue(lpm.delete(ip("10.1.2.0"), 24));
        assertEquals(8, lpm.lookup(ip("10.1.2.20")), "tbl8 entries of the /24 fall back to the /8");
        assertEquals(28, lpm.lookup(ip("10.1.2.15")));

        assertTrue(lpm.delete(ip("10.0.0.0"), 8));
        assertEquals(NO_ROUTE, lpm.lookup(ip("10.1.2.20")));
        assertEquals(28, lpm.lookup(ip("10.1.2.15")));
        assertEquals(1, lpm.size());
    }

    @Test
    void shouldFreeTheTbl8GroupWhenTheLastLongPrefixOfItsSlash24Goes()
    {
        final Lpm4 lpm = new Lpm4(16, 2);
        lpm.add(ip("10.1.0.0"), 16, 16);
        lpm.add(ip("10.1.2.0"), 25, 25);
        lpm.add(ip("10.1.2.4"), 30, 30);
        lpm.add(ip("10.1.3.0"), 32, 32);
        assertEquals(2, lpm.tbl8GroupsInUse());

        assertTrue(lpm.delete(ip("10.1.2.0"), 25));
        assertEquals(2, lpm.tbl8GroupsInUse(), "the /30 still needs its group");
        assertEquals(30, lpm.lookup(ip("10.1.2.5")));
        assertEquals(16, lpm.lookup(ip("10.1.2.9")));

        assertTrue(lpm.delete(ip("10.1.2.4"), 30));
        assertEquals(1, lpm.tbl8GroupsInUse());
        assertEquals(16, lpm.lookup(ip("10.1.2.5")));

        // The freed group is reused, and starts from what tbl24 held, not from its old contents.
        lpm.add(ip("10.1.9.9"), 32, 99);
        assertEquals(2, lpm.tbl8GroupsInUse());
        assertEquals(99, lpm.lookup(ip("10.1.9.9")));
        assertEquals(16, lpm.lookup(ip("10.1.9.8")));
        assertEquals(16, lpm.lookup(ip("10.1.2.5")));

        assertTrue(lpm.delete(ip("10.1.3.0"), 32));
        assertTrue(lpm.delete(ip("10.1.9.9"), 32));
        assertEquals(0, lpm.tbl8GroupsInUse());
        assertEquals(16, lpm.lookup(ip("10.1.3.0")));
    }

    @Test
    void shouldKeepTheGroupWhileASlash25SiblingRemains()
    {
        final Lpm4 lpm = new Lpm4(16, 1);
        lpm.add(ip("10.1.2.0"), 25, 1);
        lpm.add(ip("10.1.2.128"), 25, 2);
        assertTrue(lpm.delete(ip("10.1.2.0"), 25));
        assertEquals(1, lpm.tbl8GroupsInUse());
        assertEquals(NO_ROUTE, lpm.lookup(ip("10.1.2.1")));
        assertEquals(2, lpm.lookup(ip("10.1.2.129")));
        assertTrue(lpm.delete(ip("10.1.2.128"), 25));
        assertEquals(0, lpm.tbl8GroupsInUse());
    }

    @Test
    void shouldFreeTheGroupOfALongPrefixWithNothingUnderIt()
    {
        final Lpm4 lpm = new Lpm4(16, 1);
        lpm.add(ip("192.0.2.1"), 32, 7);
        assertEquals(7, lpm.lookup(ip("192.0.2.1")));
        assertEquals(NO_ROUTE, lpm.lookup(ip("192.0.2.2")));
        assertTrue(lpm.delete(ip("192.0.2.1"), 32));
        assertEquals(0, lpm.tbl8GroupsInUse());
        assertEquals(NO_ROUTE, lpm.lookup(ip("192.0.2.1")));
    }

    @Test
    void shouldServeAndDeleteTheDefaultRoute()
    {
        final Lpm4 lpm = new Lpm4(16, 1);
        lpm.add(ip("10.0.0.0"), 8, 8);
        lpm.add(ip("10.0.0.1"), 32, 32);
        lpm.add(ip("1.2.3.4"), 0, 5);

        assertEquals(5, lpm.lookup(ip("192.0.2.1")));
        assertEquals(5, lpm.lookup(ip("255.255.255.255")));
        assertEquals(8, lpm.lookup(ip("10.9.9.9")));
        assertEquals(32, lpm.lookup(ip("10.0.0.1")));
        assertEquals(8, lpm.lookup(ip("10.0.0.2")));
        assertEquals(3, lpm.size());

        assertTrue(lpm.delete(0, 0));
        assertEquals(NO_ROUTE, lpm.lookup(ip("192.0.2.1")));
        assertEquals(8, lpm.lookup(ip("10.9.9.9")));
        assertFalse(lpm.delete(0, 0));
    }

    @Test
    void shouldFallBackToTheDefaultRouteWhenAPrefixIsDeleted()
    {
        final Lpm4 lpm = new Lpm4(16, 1);
        lpm.add(0, 0, 1);
        lpm.add(ip("10.0.0.0"), 8, 8);
        lpm.add(ip("10.0.0.1"), 32, 32);
        assertTrue(lpm.delete(ip("10.0.0.0"), 8));
        assertTrue(lpm.delete(ip("10.0.0.1"), 32));
        assertEquals(1, lpm.lookup(ip("10.0.0.1")));
        assertEquals(1, lpm.lookup(ip("10.0.0.2")));
    }

    @Test
    void shouldIgnoreHostBitsOnAddAndDelete()
    {
        final Lpm4 lpm = new Lpm4(16, 1);
        lpm.add(ip("10.1.2.3"), 8, 8);
        lpm.add(ip("10.1.2.3"), 30, 30);
        assertEquals(8, lpm.lookup(ip("10.0.0.0")));
        assertEquals(30, lpm.lookup(ip("10.1.2.0")));
        assertTrue(lpm.delete(ip("10.255.255.255"), 8));
        assertTrue(lpm.delete(ip("10.1.2.2"), 30));
        assertEquals(0, lpm.size());
    }

    @Test
    void shouldCoverTheEdgesOfTheAddressSpace()
    {
        final Lpm4 lpm = new Lpm4(16, 2);
        lpm.add(ip("0.0.0.0"), 1, 1);
        lpm.add(ip("128.0.0.0"), 1, 2);
        lpm.add(ip("0.0.0.0"), 32, 3);
        lpm.add(ip("255.255.255.255"), 32, Lpm4.MAX_NEXT_HOP);

        assertEquals(3, lpm.lookup(ip("0.0.0.0")));
        assertEquals(1, lpm.lookup(ip("0.0.0.1")));
        assertEquals(1, lpm.lookup(ip("127.255.255.255")));
        assertEquals(2, lpm.lookup(ip("128.0.0.0")));
        assertEquals(2, lpm.lookup(ip("255.255.255.254")));
        assertEquals(Lpm4.MAX_NEXT_HOP, lpm.lookup(ip("255.255.255.255")));
    }

    @Test
    void shouldReturnFalseWhenDeletingAPrefixItDoesNotHold()
    {
        final Lpm4 lpm = new Lpm4(16, 1);
        lpm.add(ip("10.0.0.0"), 8, 8);
        assertFalse(lpm.delete(ip("10.0.0.0"), 9));
        assertFalse(lpm.delete(ip("11.0.0.0"), 8));
        assertFalse(lpm.delete(ip("10.0.0.0"), 32));
        assertEquals(8, lpm.lookup(ip("10.0.0.0")));
    }

    @Test
    void shouldRejectBadDepthsAndNextHops()
    {
        final Lpm4 lpm = new Lpm4(16, 1);
        assertThrows(IllegalArgumentException.class, () -> lpm.add(0, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> lpm.add(0, 33, 0));
        assertThrows(IllegalArgumentException.class, () -> lpm.add(0, 8, -1));
        assertThrows(IllegalArgumentException.class, () -> lpm.add(0, 8, Lpm4.MAX_NEXT_HOP + 1));
        assertThrows(IllegalArgumentException.class, () -> lpm.delete(0, 33));
        assertThrows(IllegalArgumentException.class, () -> lpm.delete(0, -1));
        assertThrows(IllegalArgumentException.class, () -> new Lpm4(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new Lpm4(1, -1));
        assertThrows(IllegalArgumentException.class, () -> new Lpm4(1, Lpm4.MAX_TBL8_GROUPS + 1));
        assertEquals(0, lpm.size());
    }

    @Test
    void shouldFailClearlyAndChangeNothingWhenRulesRunOut()
    {
        final Lpm4 lpm = new Lpm4(2, 4);
        lpm.add(ip("10.0.0.0"), 8, 1);
        lpm.add(ip("11.0.0.0"), 8, 2);
        final IllegalStateException ex =
            assertThrows(IllegalStateException.class, () -> lpm.add(ip("12.0.0.0"), 8, 3));
        assertTrue(ex.getMessage().contains("full") && ex.getMessage().contains("12.0.0.0/8"), ex.getMessage());
        assertEquals(NO_ROUTE, lpm.lookup(ip("12.0.0.1")));
        assertEquals(2, lpm.size());

        lpm.add(ip("11.0.0.0"), 8, 22);
        assertEquals(22, lpm.lookup(ip("11.0.0.1")), "replacing a held prefix needs no new rule");
        assertTrue(lpm.delete(ip("10.0.0.0"), 8));
        lpm.add(ip("12.0.0.0"), 8, 3);
        assertEquals(3, lpm.lookup(ip("12.0.0.1")));
    }

    @Test
    void shouldFailClearlyAndChangeNothingWhenTbl8GroupsRunOut()
    {
        final Lpm4 lpm = new Lpm4(16, 1);
        lpm.add(ip("10.0.0.0"), 8, 8);
        lpm.add(ip("10.0.0.1"), 32, 1);
        lpm.add(ip("10.0.0.2"), 32, 2);
        final IllegalStateException ex =
            assertThrows(IllegalStateException.class, () -> lpm.add(ip("10.0.1.1"), 32, 3));
        assertTrue(ex.getMessage().contains("tbl8") && ex.getMessage().contains("10.0.1.1/32"), ex.getMessage());
        assertEquals(8, lpm.lookup(ip("10.0.1.1")));
        assertEquals(3, lpm.size());

        assertTrue(lpm.delete(ip("10.0.0.1"), 32));
        assertTrue(lpm.delete(ip("10.0.0.2"), 32));
        lpm.add(ip("10.0.1.1"), 32, 3);
        assertEquals(3, lpm.lookup(ip("10.0.1.1")));
    }

    @Test
    void shouldWorkWithNoTbl8GroupsForPrefixesUpTo24()
    {
        final Lpm4 lpm = new Lpm4(16, 0);
        lpm.add(ip("198.18.0.0"), 24, 0);
        assertEquals(0, lpm.lookup(ip("198.18.0.9")));
        assertThrows(IllegalStateException.class, () -> lpm.add(ip("198.18.0.0"), 25, 1));
    }

    @Test
    void shouldLookUpInBulkAndClampTheCount()
    {
        final Lpm4 lpm = new Lpm4(16, 1);
        lpm.add(ip("10.0.0.0"), 8, 8);
        lpm.add(ip("10.0.0.1"), 32, 32);
        final int[] ips = {ip("10.0.0.1"), ip("10.0.0.2"), ip("11.0.0.0"), ip("10.0.0.1")};
        final int[] hops = {-7, -7, -7, -7};

        lpm.lookupBulk(ips, hops, 3);
        assertArrayEquals(new int[] {32, 8, NO_ROUTE, -7}, hops);

        final int[] short2 = new int[2];
        lpm.lookupBulk(ips, short2, 100);
        assertArrayEquals(new int[] {32, 8}, short2);
        lpm.lookupBulk(ips, hops, -5);
        assertArrayEquals(new int[] {32, 8, NO_ROUTE, -7}, hops);
    }

    @Test
    void shouldLookUpABurstWhereItLiesAndStopAtTheFirstIndexOutsideTheArrays()
    {
        final Lpm4 lpm = new Lpm4(16, 1);
        lpm.add(ip("10.0.0.0"), 8, 8);
        lpm.add(ip("10.0.0.1"), 32, 32);
        final int[] ips = {ip("11.0.0.0"), ip("10.0.0.1"), ip("10.0.0.2"), ip("11.0.0.0"), ip("10.0.0.1")};
        final int[] hops = {-7, -7, -7, -7, -7, -7};

        lpm.lookupBulk(ips, 1, hops, 2, 3);
        assertArrayEquals(new int[] {-7, -7, 32, 8, NO_ROUTE, -7}, hops);
        lpm.lookupBulk(ips, 4, hops, 0, 0);
        assertArrayEquals(new int[] {-7, -7, 32, 8, NO_ROUTE, -7}, hops);

        assertThrows(IndexOutOfBoundsException.class, () -> lpm.lookupBulk(ips, -1, hops, 0, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> lpm.lookupBulk(ips, 0, hops, 0, -1));
        assertArrayEquals(new int[] {-7, -7, 32, 8, NO_ROUTE, -7}, hops, "nothing written before the first bad index");

        assertThrows(IndexOutOfBoundsException.class, () -> lpm.lookupBulk(ips, 3, hops, 0, 3));
        assertArrayEquals(new int[] {NO_ROUTE, 32, 32, 8, NO_ROUTE, -7}, hops, "ips[3] and ips[4], then ips[5] refused");
        assertThrows(IndexOutOfBoundsException.class, () -> lpm.lookupBulk(ips, 0, hops, 4, 3));
        assertArrayEquals(new int[] {NO_ROUTE, 32, 32, 8, NO_ROUTE, 32}, hops, "hops[4] and hops[5], then hops[6] refused");
    }

    @Test
    void shouldAccountForItsMemory()
    {
        final Lpm4 lpm = new Lpm4(1024, 256);
        assertTrue(lpm.memoryBytes() >= (64L << 20) + (256L << 10), String.valueOf(lpm.memoryBytes()));
        assertEquals(1024, lpm.maxRules());
        assertEquals(256, lpm.numberTbl8s());
        assertEquals("Lpm4[rules=0/1024, tbl8 groups=0/256]", lpm.toString());
    }

    @Test
    void shouldNotAllocateWhileLookingUp()
    {
        final Lpm4 lpm = new Lpm4(1024, 256);
        for (int n = 0; n < 16; n++)
        {
            lpm.add(ip("198.18." + n + ".0"), 24, n); // DPDK l3fwd's default table
        }
        lpm.add(ip("198.18.0.128"), 25, 100);
        lpm.add(ip("198.18.1.1"), 32, 101);
        final int[] ips = new int[32];
        final int[] hops = new int[32];
        for (int i = 0; i < ips.length; i++)
        {
            ips[i] = ip("198.18.0.0") + i * 131;
        }
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

        long sink = lookups(lpm, ips, hops, 200_000);
        final long before = threads.getCurrentThreadAllocatedBytes();
        sink += lookups(lpm, ips, hops, 1_000_000);
        final long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        // One allocation per lookup would be >= 16 MB; a few hundred bytes of JIT/OSR noise are not the code's.
        assertTrue(allocated < 64 * 1024, "1,000,000 lookups allocated " + allocated + " bytes");
        assertTrue(sink != 0);
    }

    /** n lookups, half one at a time and half in bursts of 32; returns a checksum so none is dead code. */
    private static long lookups(final Lpm4 lpm, final int[] ips, final int[] hops, final int n)
    {
        long sum = 0;
        for (int i = 0; i < n / 2; i++)
        {
            sum += lpm.lookup(ips[i & 31] + i);
        }
        for (int i = 0; i < n / 2; i += 32)
        {
            lpm.lookupBulk(ips, hops, 32);
            sum += hops[i & 31];
        }
        return sum;
    }
}
