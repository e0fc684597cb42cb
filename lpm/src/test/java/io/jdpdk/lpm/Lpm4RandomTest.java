package io.jdpdk.lpm;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@link Lpm4} against {@link ReferenceLpm} on 100,000 distinct random prefixes of random length 1 to 32,
 * then after deleting a random half, then after deleting the rest. The tests share one table, built once;
 * each holds on its own, and the order only decides which state the later ones see.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class Lpm4RandomTest
{
    private static final long SEED = 0x1F0D_2024L;
    private static final int ROUTES = 100_000;
    private static final int REPLACED = 2_000;
    private static final int LOOKUPS = 1_000_000;
    private static final int SCANNED_LOOKUPS = 2_000;
    private static final int NUMBER_TBL8S = 1 << 16;

    private static Lpm4 lpm;
    private static ReferenceLpm reference;
    /** The distinct prefixes added, as {prefix, depth}. */
    private static List<int[]> routes;

    @BeforeAll
    static void buildTable()
    {
        final SplittableRandom random = new SplittableRandom(SEED);
        lpm = new Lpm4(ROUTES, NUMBER_TBL8S);
        reference = new ReferenceLpm();
        routes = new ArrayList<>(ROUTES);

        final long start = System.nanoTime();
        while (reference.size() < ROUTES)
        {
            final int depth = 1 + random.nextInt(32);
            final int prefix = random.nextInt() & ReferenceLpm.mask(depth);
            if (reference.lookupExact(prefix, depth) >= 0)
            {
                continue;
            }
            final int hop = random.nextInt(Lpm4.MAX_NEXT_HOP + 1);
            lpm.add(prefix, depth, hop);
            reference.add(prefix, depth, hop);
            routes.add(new int[] {prefix, depth});
        }
        // Re-adding a held prefix must replace its hop, not add a rule.
        for (int i = 0; i < REPLACED; i++)
        {
            final int[] route = routes.get(random.nextInt(routes.size()));
            final int hop = random.nextInt(Lpm4.MAX_NEXT_HOP + 1);
            lpm.add(route[0] | random.nextInt() & ~ReferenceLpm.mask(route[1]), route[1], hop);
            reference.add(route[0], route[1], hop);
        }
        final long millis = (System.nanoTime() - start) / 1_000_000;

        assertEquals(ROUTES, lpm.size());
        System.out.printf("Lpm4RandomTest: %d routes (+%d replaced) in %d ms; %d tbl8 groups in use; " +
            "%d MiB held (%d MiB if tbl8 were sized to fit)%n",
            ROUTES, REPLACED, millis, lpm.tbl8GroupsInUse(), lpm.memoryBytes() >> 20,
            (lpm.memoryBytes() - 1024L * (lpm.numberTbl8s() - lpm.tbl8GroupsInUse())) >> 20);
    }

    @Test
    @Order(1)
    void shouldMatchTheFullScanOfEveryPrefix()
    {
        final ReferenceLpm.Scan scan = reference.scan();
        final SplittableRandom random = new SplittableRandom(SEED + 1);
        for (int i = 0; i < SCANNED_LOOKUPS; i++)
        {
            final int ip = probe(random);
            final int expected = scan.lookup(ip);
            assertEquals(expected, reference.lookup(ip), () -> "reference disagrees with scan for " + fmt(ip));
            assertEquals(expected, lpm.lookup(ip), () -> "lookup(" + fmt(ip) + ")");
        }
    }

    @Test
    @Order(2)
    void shouldMatchReferenceOnAMillionLookups()
    {
        assertMatchesReference(new SplittableRandom(SEED + 2), LOOKUPS);
    }

    @Test
    @Order(3)
    void shouldMatchReferenceAfterDeletingARandomHalf()
    {
        final SplittableRandom random = new SplittableRandom(SEED + 3);
        final List<int[]> shuffled = new ArrayList<>(reference.prefixes());
        Collections.shuffle(shuffled, new java.util.Random(SEED + 3));
        final int half = shuffled.size() / 2;
        final int groupsBefore = lpm.tbl8GroupsInUse();
        for (int i = 0; i < half; i++)
        {
            final int[] route = shuffled.get(i);
            // Host bits must not matter to delete either.
            final int ip = route[0] | random.nextInt() & ~ReferenceLpm.mask(route[1]);
            assertTrue(lpm.delete(ip, route[1]), () -> "delete " + fmt(route[0]) + "/" + route[1]);
            assertTrue(reference.delete(route[0], route[1]));
            assertFalse(lpm.delete(ip, route[1]), "second delete of the same prefix");
        }
        assertEquals(reference.size(), lpm.size());
        assertTrue(lpm.tbl8GroupsInUse() < groupsBefore,
            "tbl8 groups in use should drop: " + groupsBefore + " -> " + lpm.tbl8GroupsInUse());

        shouldMatchTheFullScanOfEveryPrefix();
        assertMatchesReference(random, LOOKUPS / 2);
    }

    @Test
    @Order(4)
    void shouldMatchReferenceWhileTheDefaultRouteComesAndGoesAmongOtherChanges()
    {
        // The default route is written into every entry no prefix wrote: adding it, deleting prefixes under it,
        // adding long prefixes that take a tbl8 group copied from a default entry, and deleting it again must each
        // leave every answer as the reference's.
        final SplittableRandom random = new SplittableRandom(SEED + 5);
        lpm.add(random.nextInt(), 0, 4242);
        reference.add(0, 0, 4242);
        assertMatchesReference(random, LOOKUPS / 4);

        final List<int[]> held = new ArrayList<>(reference.prefixes());
        held.removeIf(route -> route[1] == 0);
        Collections.shuffle(held, new java.util.Random(SEED + 5));
        for (int i = 0; i < held.size() / 4; i++)
        {
            final int[] route = held.get(i);
            assertTrue(lpm.delete(route[0], route[1]), () -> "delete " + fmt(route[0]) + "/" + route[1]);
            reference.delete(route[0], route[1]);
        }
        for (int i = 0; i < 5_000; i++)
        {
            final int depth = 25 + random.nextInt(8);
            final int prefix = random.nextInt() & ReferenceLpm.mask(depth);
            final int hop = random.nextInt(Lpm4.MAX_NEXT_HOP + 1);
            lpm.add(prefix, depth, hop);
            reference.add(prefix, depth, hop);
        }
        shouldMatchTheFullScanOfEveryPrefix();
        assertMatchesReference(random, LOOKUPS / 4);

        lpm.add(0, 0, 77);
        reference.add(0, 0, 77);
        assertMatchesReference(random, LOOKUPS / 8);
        assertTrue(lpm.delete(0, 0));
        reference.delete(0, 0);
        assertEquals(reference.size(), lpm.size());
        shouldMatchTheFullScanOfEveryPrefix();
        assertMatchesReference(random, LOOKUPS / 4);
    }

    @Test
    @Order(5)
    void shouldBeEmptyWithNoGroupsInUseAfterDeletingEverything()
    {
        for (final int[] route : reference.prefixes())
        {
            assertTrue(lpm.delete(route[0], route[1]), () -> "delete " + fmt(route[0]) + "/" + route[1]);
            reference.delete(route[0], route[1]);
        }
        assertEquals(0, lpm.size());
        assertEquals(0, lpm.tbl8GroupsInUse());
        final SplittableRandom random = new SplittableRandom(SEED + 4);
        for (int i = 0; i < 100_000; i++)
        {
            final int ip = probe(random);
            assertEquals(Lpm4.NO_ROUTE, lpm.lookup(ip), () -> "lookup(" + fmt(ip) + ") on an empty table");
        }
    }

    /** Checks n probes, half through lookup and half through lookupBulk in bursts of 32. */
    private static void assertMatchesReference(final SplittableRandom random, final int n)
    {
        final int[] ips = new int[32];
        final int[] hops = new int[32];
        int hits = 0;
        for (int done = 0; done < n; done += ips.length)
        {
            for (int i = 0; i < ips.length; i++)
            {
                ips[i] = probe(random);
            }
            lpm.lookupBulk(ips, hops, ips.length);
            for (int i = 0; i < ips.length; i++)
            {
                final int expected = reference.lookup(ips[i]);
                if (hops[i] != expected || lpm.lookup(ips[i]) != expected)
                {
                    fail("lookup(" + fmt(ips[i]) + "): expected " + expected + ", lookupBulk " + hops[i] +
                        ", lookup " + lpm.lookup(ips[i]));
                }
                hits += expected == Lpm4.NO_ROUTE ? 0 : 1;
            }
        }
        assertTrue(hits > n / 4, "probes should mostly hit a route, hit " + hits + " of " + n);
    }

    /** A uniform address, an address inside a route, or the address just before or after one. */
    private static int probe(final SplittableRandom random)
    {
        final int kind = random.nextInt(4);
        if (kind == 0)
        {
            return random.nextInt();
        }
        final int[] route = routes.get(random.nextInt(routes.size()));
        final int hostMask = ~ReferenceLpm.mask(route[1]);
        return switch (kind)
        {
            case 1 -> route[0] | random.nextInt() & hostMask;
            case 2 -> route[0] - 1;
            default -> (route[0] | hostMask) + 1;
        };
    }

    private static String fmt(final int ip)
    {
        return IpAddress.formatIpv4(ip);
    }
}
