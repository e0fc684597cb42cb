package io.jdpdk.lpm;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * IPv6 longest-prefix-match table in the layout of DPDK's {@code rte_fib6} TRIE, in plain Java: a 2^24-entry tbl24
 * indexed by the address's first 24 bits, then one 256-entry tbl8 group per further byte, for as many bytes as the
 * longest prefix under that entry needs.
 * <pre>
 *   address = | 24 bits: tbl24 index | byte 3 | byte 4 | ... | byte 15 |
 *
 *   tbl24[first 24 bits] -- leaf --------------------------------------------> next hop      (one load)
 *        |
 *        +--------------- EXT: group g --> tbl8[g * 256 + byte 3] -- leaf -----> next hop      (two loads)
 *                                                 |
 *                                                 +-- EXT: group h --> tbl8[h * 256 + byte 4] ...
 *
 *   leaf (int) = | 0 | V | depth (8)    | next hop (22)          |     EXT (int) = | 1 | group (31)       |
 *                  31  30  29 ...... 22   21 ................. 0                     31   30 .......... 0
 * </pre>
 * A prefix of 1 to 24 bits fills a run of {@code 2^(24 - depth)} tbl24 entries; a longer one walks (creating) the
 * groups down to the byte its last bit falls in and fills {@code 2^(8k - depth)} entries there. A leaf keeps the
 * length of the prefix that wrote it, so a prefix never overwrites a longer one's entries, whatever the order
 * routes are added in; a new group starts as 256 copies of the leaf it replaces. The default route
 * ({@code depth == 0}) is one field, returned where no leaf is valid.
 * <p>
 * <b>Against DPDK's tables.</b> rte_fib6 TRIE has this layout; rte_lpm6 has the
 * same tbl24 and tbl8 levels with a rule hash beside them. The bulk lookup ({@link #lookupBulk}) goes level by
 * level across the whole burst, every address's tbl24 load first, then every address's first tbl8 load and so on,
 * so that the cache misses of one level are all in flight at once; rte_fib6's scalar bulk lookup (22.11's
 * {@code trie.h}, the one used without AVX-512) follows each address's chain, tbl24 then every tbl8, to its end
 * before it starts the next, one miss after another.
 * Unlike rte_lpm6 (a rule hash) and rte_fib6 (an rte_rib6), Fib6 keeps no rules, so it has no delete: to change
 * routes while forwarding, build a new table and swap the reference. {@link #add} of a prefix already held
 * re-points it.
 * <p>
 * <b>Storage.</b> {@code int[]} on the Java heap, as {@link Lpm4}: 64 MiB of tbl24 at construction and 1 KiB per
 * tbl8 group, {@code numberTbl8s} of them preallocated. Give the heap room ({@code -Xmx}).
 * <p>
 * <b>Threading.</b> {@link #add} is a control-path call for one thread at a time. {@link #lookup} and
 * {@link #lookupBulk} allocate nothing, throw nothing (for ranges inside their arrays) and may run on any number of
 * threads at once while no thread adds: build the table, then publish it to the lcores with a happens-before edge.
 */
public final class Fib6
{
    /** What a lookup returns when no prefix, not even a default route, covers the address. */
    public static final int NO_ROUTE = -1;

    /** Largest next hop a leaf holds (22 bits). */
    public static final int MAX_NEXT_HOP = (1 << 22) - 1;

    /** Largest {@code numberTbl8s}: the whole tbl8 must fit one Java array. */
    public static final int MAX_TBL8_GROUPS = (Integer.MAX_VALUE - 8) >>> 8;

    private static final int EXT = 1 << 31;
    private static final int VALID = 1 << 30;
    private static final int DEPTH_SHIFT = 22;
    private static final int DEPTH_MASK = 0xFF;
    private static final int HOP_MASK = MAX_NEXT_HOP;
    private static final int GROUP_MASK = ~EXT;
    private static final int TBL24_SIZE = 1 << 24;
    private static final int GROUP_SIZE = 256;

    private final int[] tbl24 = new int[TBL24_SIZE];
    private final int[] tbl8;
    private final int numberTbl8s;
    private int groupsInUse;
    private int defaultHop = NO_ROUTE;

    /**
     * An empty table.
     *
     * @param numberTbl8s tbl8 groups to preallocate, 0 to {@link #MAX_TBL8_GROUPS}: a prefix longer than 24 bits
     *                    needs one per byte past the 24th down to its last bit, where no longer prefix made them
     *                    already (as {@code rte_fib6_conf.trie.num_tbl8})
     * @throws IllegalArgumentException when numberTbl8s is out of range
     */
    public Fib6(final int numberTbl8s)
    {
        if (numberTbl8s < 0 || numberTbl8s > MAX_TBL8_GROUPS)
        {
            throw new IllegalArgumentException("numberTbl8s must be 0.." + MAX_TBL8_GROUPS + ", got " + numberTbl8s);
        }
        this.numberTbl8s = numberTbl8s;
        this.tbl8 = new int[numberTbl8s * GROUP_SIZE];
    }

    /**
     * Adds the prefix {@code ip/depth}, or re-points it if the table holds it already; bits of {@code ip} past
     * {@code depth} are ignored, as rte_fib6_add does. Control path.
     *
     * @param ip      16 bytes, network order
     * @param depth   prefix length, 0 (the default route) to 128
     * @param nextHop 0 to {@link #MAX_NEXT_HOP}
     * @throws IllegalArgumentException when ip, depth or nextHop is out of range
     * @throws IllegalStateException    when the prefix needs more tbl8 groups than are free; the table is then
     *                                  unchanged
     */
    public void add(final byte[] ip, final int depth, final int nextHop)
    {
        if (ip.length != 16)
        {
            throw new IllegalArgumentException("an IPv6 prefix has 16 bytes, got " + ip.length);
        }
        final ByteBuffer halves = ByteBuffer.wrap(ip); // big-endian, as the address
        add(halves.getLong(0), halves.getLong(8), depth, nextHop);
    }

    /**
     * As {@link #add(byte[], int, int)}, the prefix given as its two halves.
     *
     * @param high    the prefix's high 64 bits, first octet most significant
     * @param low     the prefix's low 64 bits
     * @param depth   prefix length, 0 (the default route) to 128
     * @param nextHop 0 to {@link #MAX_NEXT_HOP}
     * @throws IllegalArgumentException when depth or nextHop is out of range
     * @throws IllegalStateException    when the prefix needs more tbl8 groups than are free; the table is then
     *                                  unchanged
     */
    public void add(final long high, final long low, final int depth, final int nextHop)
    {
        if (depth < 0 || depth > 128 || nextHop < 0 || nextHop > MAX_NEXT_HOP)
        {
            throw new IllegalArgumentException("an IPv6 route needs a length of 0..128 and a next hop of 0.." +
                MAX_NEXT_HOP + ", got /" + depth + " and " + nextHop);
        }
        if (depth == 0)
        {
            defaultHop = nextHop;
            return;
        }
        final int leaf = VALID | (depth << DEPTH_SHIFT) | nextHop;
        final int top = (int)(high >>> 40);
        if (depth <= 24)
        {
            final int from = top & -(1 << (24 - depth));
            fill(tbl24, from, from + (1 << (24 - depth)), depth, leaf);
            return;
        }
        // The byte of the address the prefix's last bit falls in: 3 for /25../32, 4 for /33../40, ... 15.
        final int lastByte = (depth - 1) >>> 3;
        final int needed = groupsMissing(top, high, low, lastByte);
        if (needed > numberTbl8s - groupsInUse)
        {
            throw new IllegalStateException("Fib6 full: /" + depth + " needs " + needed + " more tbl8 groups, " +
                (numberTbl8s - groupsInUse) + " of " + numberTbl8s + " free");
        }
        int[] table = tbl24;
        int at = top;
        for (int b = 3; b <= lastByte; b++)
        {
            int entry = table[at];
            if (entry >= 0)
            {
                entry = EXT | newGroup(entry);
                table[at] = entry;
            }
            table = tbl8;
            at = ((entry & GROUP_MASK) << 8) | byteOf(high, low, b);
        }
        // `at` is the entry for the last byte; the prefix covers 2^(8 * (lastByte + 1) - depth) entries from it.
        final int span = 1 << (8 * (lastByte + 1) - depth);
        final int from = at & -span;
        fill(tbl8, from, from + span, depth, leaf);
    }

    /**
     * The next hop of the longest prefix covering the address. Allocation-free, never throws.
     *
     * @param high the address's high 64 bits, first octet most significant
     * @param low  the address's low 64 bits
     * @return the next hop, or {@link #NO_ROUTE}
     */
    public int lookup(final long high, final long low)
    {
        int entry = tbl24[(int)(high >>> 40)];
        int b = 3;
        while (entry < 0)
        {
            entry = tbl8[((entry & GROUP_MASK) << 8) | byteOf(high, low, b++)];
        }
        return (entry & VALID) != 0 ? entry & HOP_MASK : defaultHop;
    }

    /**
     * Looks up {@code n} addresses, each two longs (high half, then low) from {@code addresses[from]} on, into
     * {@code hops[hopsFrom .. hopsFrom + n)}, {@link #NO_ROUTE} for a miss: a burst looked up where it lies in a
     * larger array, level by level across the burst (see the class description). Allocation-free.
     *
     * @param addresses the addresses, two longs each
     * @param from      index of the first address's high half
     * @param hops      receives each address's next hop, or {@link #NO_ROUTE}
     * @param hopsFrom  index of the first next hop
     * @param n         how many addresses to look up
     * @throws IndexOutOfBoundsException when a range does not fit its array or {@code n} is negative
     */
    public void lookupBulk(final long[] addresses, final int from, final int[] hops, final int hopsFrom, final int n)
    {
        Objects.checkFromIndexSize(from, 2 * n, addresses.length);
        Objects.checkFromIndexSize(hopsFrom, n, hops.length);
        final int[] t24 = tbl24;
        final int[] t8 = tbl8;
        int extended = 0;
        for (int i = 0; i < n; i++)
        {
            final int entry = t24[(int)(addresses[from + 2 * i] >>> 40)];
            hops[hopsFrom + i] = entry;
            extended |= entry;
        }
        // One pass per address byte while some address still stands on a group: its loads do not depend on each
        // other, only on the pass before.
        for (int b = 3; extended < 0; b++)
        {
            extended = 0;
            final int half = from + (b >>> 3);
            final int shift = 56 - 8 * (b & 7);
            for (int i = 0; i < n; i++)
            {
                int entry = hops[hopsFrom + i];
                if (entry < 0)
                {
                    entry = t8[((entry & GROUP_MASK) << 8) | (int)(addresses[half + 2 * i] >>> shift) & 0xFF];
                    hops[hopsFrom + i] = entry;
                    extended |= entry;
                }
            }
        }
        final int fallback = defaultHop;
        for (int i = 0; i < n; i++)
        {
            final int entry = hops[hopsFrom + i];
            hops[hopsFrom + i] = (entry & VALID) != 0 ? entry & HOP_MASK : fallback;
        }
    }

    /**
     * Number of tbl8 groups the table was created with.
     *
     * @return the groups preallocated
     */
    public int numberTbl8s()
    {
        return numberTbl8s;
    }

    /**
     * Number of tbl8 groups in use.
     *
     * @return 0 to {@link #numberTbl8s()}
     */
    public int tbl8GroupsInUse()
    {
        return groupsInUse;
    }

    /**
     * Bytes of heap the table holds: tbl24 and the preallocated tbl8 groups, the arrays' headers left out.
     *
     * @return the bytes
     */
    public long memoryBytes()
    {
        return 4L * tbl24.length + 4L * tbl8.length;
    }

    @Override
    public String toString()
    {
        return "Fib6[tbl8 groups=" + groupsInUse + "/" + numberTbl8s + "]";
    }

    /** Byte {@code b} (0..15) of the address, most significant first. */
    private static int byteOf(final long high, final long low, final int b)
    {
        return (int)((b < 8 ? high : low) >>> (56 - 8 * (b & 7))) & 0xFF;
    }

    /** The groups {@link #add} would create on the way from tbl24 entry {@code top} down to byte {@code lastByte}. */
    private int groupsMissing(final int top, final long high, final long low, final int lastByte)
    {
        int entry = tbl24[top];
        for (int b = 3; b <= lastByte; b++)
        {
            if (entry >= 0)
            {
                return lastByte - b + 1; // every level from here down is new
            }
            entry = tbl8[((entry & GROUP_MASK) << 8) | byteOf(high, low, b)];
        }
        return 0;
    }

    /** Takes the next free group and fills it with {@code entry} (a leaf, or 0); returns its index. */
    private int newGroup(final int entry)
    {
        final int group = groupsInUse++;
        Arrays.fill(tbl8, group * GROUP_SIZE, (group + 1) * GROUP_SIZE, entry);
        return group;
    }

    /**
     * Writes {@code leaf} (a prefix of {@code depth} bits) into {@code table[from .. to)} wherever the entry is not
     * a longer prefix's, and into every group under an extended entry the same way.
     */
    private void fill(final int[] table, final int from, final int to, final int depth, final int leaf)
    {
        for (int i = from; i < to; i++)
        {
            final int entry = table[i];
            if (entry < 0)
            {
                final int group = (entry & GROUP_MASK) << 8;
                fill(tbl8, group, group + GROUP_SIZE, depth, leaf);
            }
            else if (((entry >>> DEPTH_SHIFT) & DEPTH_MASK) <= depth)
            {
                table[i] = leaf;
            }
        }
    }
}
