package io.jdpdk.lpm;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@link Fib6} against a reference that tries every prefix length from the longest down, on nested random
 * prefixes of every length added in random order (shorter after longer and the other way), a few re-pointed, and
 * against itself: the bulk lookup must give what one lookup at a time gives.
 */
class Fib6Test
{
    private static final long SEED = 0x6F1B_2026L;

    /** The longest-prefix match the slow way: one map of prefixes per length, tried from /128 down to /0. */
    private static final class Reference
    {
        private final List<Map<Key, Integer>> byDepth = new ArrayList<>();

        Reference()
        {
            for (int d = 0; d <= 128; d++)
            {
                byDepth.add(new HashMap<>());
            }
        }

        void add(final long high, final long low, final int depth, final int hop)
        {
            byDepth.get(depth).put(Key.of(high, low, depth), hop);
        }

        int lookup(final long high, final long low)
        {
            for (int d = 128; d >= 0; d--)
            {
                final Integer hop = byDepth.get(d).get(Key.of(high, low, d));
                if (hop != null)
                {
                    return hop;
                }
            }
            return Fib6.NO_ROUTE;
        }
    }

    private record Key(long high, long low)
    {
        static Key of(final long high, final long low, final int depth)
        {
            return new Key(high & mask(depth), low & mask(depth - 64));
        }

        /** The first {@code bits} bits of a long set (none for bits <= 0, all for bits >= 64). */
        static long mask(final int bits)
        {
            return bits <= 0 ? 0 : bits >= 64 ? -1L : -1L << (64 - bits);
        }
    }

    @Test
    void shouldFindTheLongestCoveringPrefixOfEveryLengthWhateverTheOrderTheyCameIn()
    {
        final SplittableRandom random = new SplittableRandom(SEED);
        final Fib6 fib = new Fib6(1 << 15);
        final Reference reference = new Reference();
        // Prefixes nest: each is one of a few bases, cut to a random length, with a few of its last bits changed.
        final long[][] bases = new long[48][];
        for (int i = 0; i < bases.length; i++)
        {
            bases[i] = new long[] {random.nextLong(), random.nextLong()};
        }
        final List<long[]> added = new ArrayList<>();
        for (int r = 0; r < 6_000; r++)
        {
            final long[] base = bases[random.nextInt(bases.length)];
            final int depth = r < 8 ? 1 + random.nextInt(24) : random.nextInt(129);
            final long[] prefix = flipNear(random, base, depth);
            final int hop = random.nextInt(Fib6.MAX_NEXT_HOP + 1);
            fib.add(prefix[0], prefix[1], depth, hop);
            reference.add(prefix[0], prefix[1], depth, hop);
            added.add(new long[] {prefix[0], prefix[1], depth});
        }
        for (int r = 0; r < 500; r++) // re-point some, with host bits set that must be ignored
        {
            final long[] p = added.get(random.nextInt(added.size()));
            final int depth = (int)p[2];
            final long high = p[0] | ~Key.mask(depth) & random.nextLong();
            final long low = p[1] | ~Key.mask(depth - 64) & random.nextLong();
            final int hop = random.nextInt(1000);
            fib.add(high, low, depth, hop);
            reference.add(high, low, depth, hop);
        }
        final long[] keys = new long[2 * 60_000];
        for (int i = 0; i < keys.length; i += 2)
        {
            final long[] key = i % 6 == 0 ? new long[] {random.nextLong(), random.nextLong()} :
                flipNear(random, bases[random.nextInt(bases.length)], random.nextInt(129));
            keys[i] = key[0];
            keys[i + 1] = key[1];
        }
        int routed = 0;
        for (int i = 0; i < keys.length; i += 2)
        {
            final int expected = reference.lookup(keys[i], keys[i + 1]);
            final int k = i;
            assertEquals(expected, fib.lookup(keys[i], keys[i + 1]),
                () -> "lookup of " + IpAddress.formatIpv6(keys[k], keys[k + 1]));
            routed += expected == Fib6.NO_ROUTE ? 0 : 1;
        }
        assertEquals(true, routed > keys.length / 4, "the keys reach into the prefixes: " + routed);
        assertBulkMatchesSingle(fib, keys, random);

        fib.add(0, 0, 0, 77); // a default route now catches every miss
        for (int i = 0; i < 2_000; i += 2)
        {
            final int expected = reference.lookup(keys[i], keys[i + 1]);
            assertEquals(expected == Fib6.NO_ROUTE ? 77 : expected, fib.lookup(keys[i], keys[i + 1]));
        }
        assertBulkMatchesSingle(fib, keys, random);
    }

    @Test
    void shouldTakeBytesInNetworkOrderAndRefuseBadRoutes()
    {
        final Fib6 fib = new Fib6(4);
        final byte[] ip = ByteBuffer.allocate(16).putLong(0x2001_0db8_0000_0000L).putLong(0).array();
        fib.add(ip, 32, 5);
        fib.add(ip, 48, 6);
        assertEquals(5, fib.lookup(0x2001_0db8_ffff_0000L, 1));
        assertEquals(6, fib.lookup(0x2001_0db8_0000_1234L, 1));
        assertEquals(Fib6.NO_ROUTE, fib.lookup(0x2001_0db9_0000_0000L, 0));
        assertEquals(3, fib.tbl8GroupsInUse(), "bytes 3, 4 and 5 of 2001:db8::/48");
        assertThrows(IllegalArgumentException.class, () -> fib.add(new byte[15], 8, 1));
        assertThrows(IllegalArgumentException.class, () -> fib.add(0, 0, -1, 1));
        assertThrows(IllegalArgumentException.class, () -> fib.add(0, 0, 129, 1));
        assertThrows(IllegalArgumentException.class, () -> fib.add(0, 0, 8, Fib6.MAX_NEXT_HOP + 1));
        assertThrows(IllegalArgumentException.class, () -> new Fib6(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> fib.lookupBulk(new long[4], 1, new int[2], 0, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> fib.lookupBulk(new long[4], 0, new int[2], 1, 2));
    }

    @Test
    void shouldLeaveTheTableAsItWasWhenItRunsOutOfGroups()
    {
        final Fib6 fib = new Fib6(5);
        fib.add(0x2001_0db8_0000_0000L, 0, 48, 1); // 3 groups
        final IllegalStateException full = assertThrows(IllegalStateException.class,
            () -> fib.add(0x2001_0db8_0000_0000L, 0x1234_0000_0000_0000L, 80, 2)); // 7 groups, 2 free
        assertEquals("Fib6 full: /80 needs 4 more tbl8 groups, 2 of 5 free", full.getMessage());
        assertEquals(3, fib.tbl8GroupsInUse());
        assertEquals(1, fib.lookup(0x2001_0db8_0000_0000L, 0x1234_0000_0000_0000L));
        fib.add(0x2001_0db8_0000_0000L, 0x1200_0000_0000_0000L, 64, 3); // needs exactly the 2 left
        assertEquals(3, fib.lookup(0x2001_0db8_0000_0000L, 0x1234_0000_0000_0000L));
        assertEquals(1, fib.lookup(0x2001_0db8_0000_0001L, 0x1234_0000_0000_0000L));
        assertEquals(5, fib.tbl8GroupsInUse());
    }

    /** Bursts of every size 0..40 at random offsets, looked up in bulk, against one lookup at a time. */
    private static void assertBulkMatchesSingle(final Fib6 fib, final long[] keys, final SplittableRandom random)
    {
        final int[] hops = new int[64];
        for (int t = 0; t < 3_000; t++)
        {
            final int n = random.nextInt(41);
            final int from = 2 * random.nextInt(keys.length / 2 - n + 1);
            final int hopsFrom = random.nextInt(hops.length - n + 1);
            fib.lookupBulk(keys, from, hops, hopsFrom, n);
            for (int i = 0; i < n; i++)
            {
                assertEquals(fib.lookup(keys[from + 2 * i], keys[from + 2 * i + 1]), hops[hopsFrom + i]);
            }
        }
    }

    /** {@code base} cut to {@code depth} bits, with up to 3 of its last 6 bits flipped; the host bits random. */
    private static long[] flipNear(final SplittableRandom random, final long[] base, final int depth)
    {
        long high = base[0];
        long low = base[1];
        for (int f = random.nextInt(4); f > 0 && depth > 0; f--)
        {
            final int bit = Math.max(0, depth - 1 - random.nextInt(6)); // 0 = the first bit of the address
            if (bit < 64)
            {
                high ^= 1L << (63 - bit);
            }
            else
            {
                low ^= 1L << (127 - bit);
            }
        }
        return new long[] {high & Key.mask(depth) | ~Key.mask(depth) & random.nextLong(),
            low & Key.mask(depth - 64) | ~Key.mask(depth - 64) & random.nextLong()};
    }
}
