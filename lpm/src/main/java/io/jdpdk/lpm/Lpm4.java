package io.jdpdk.lpm;

import java.util.Arrays;
import java.util.Objects;

/**
 * IPv4 longest-prefix-match table in the DIR-24-8 layout of DPDK's {@code rte_lpm}, in plain Java: the
 * forwarding lookup of the l3fwd sample.
 * <pre>
 *   ip  = | 24 bits: tbl24 index          | 8 bits |
 *
 *   tbl24[ip >>> 8] ---- plain entry -----------------------> next hop      (one load)
 *        |
 *        +------------- EXT entry: group g ---> tbl8[g * 256 + (ip &amp; 0xFF)] -> next hop (two loads)
 *
 *   entry (int) = | V | X | depth (6) | value (24)                |
 *                  31  30  29 ..... 24  23 ..................... 0
 *   V: valid; X: extended (tbl24 only, value is a tbl8 group); depth: length of the prefix that wrote it;
 *   value: next hop (0 .. 2^24 - 1) or tbl8 group index.
 * </pre>
 * Prefixes of 1 to 24 bits fill a run of {@code 2^(24 - depth)} tbl24 entries; longer prefixes take a
 * 256-entry tbl8 group for their /24 and fill {@code 2^(32 - depth)} entries of it. The depth kept in each
 * entry lets {@link #add} leave entries of longer prefixes alone and lets {@link #delete} put back the
 * covering shorter prefix; a tbl8 group whose entries all come from prefixes of 24 bits or less is folded
 * back into its tbl24 entry and freed. The default route ({@code depth == 0}) is not written into the
 * table: it is one field, returned when the entry is not valid.
 * <p>
 * <b>Storage.</b> The tables are {@code int[]} on the Java heap: {@code tbl24} is 2^24 entries (64 MiB,
 * allocated at construction, as {@code rte_lpm} does) and {@code tbl8} is {@code numberTbl8s * 256}
 * entries (1 KiB per group). Off-heap memory would buy NUMA or hugepage placement and sharing with C code,
 * which l3fwd does not need; the arrays instead give a lookup with no memory-session liveness check, no
 * {@code Arena} to close, and index checks the JIT turns into one predictable compare. Primitive arrays
 * are never scanned by the GC and, being humongous, are never copied by G1. Give the heap room for them
 * ({@code -Xmx}) and consider {@code -XX:+UseTransparentHugePages} to cut TLB misses on tbl24. Rules are
 * kept in an open-addressing hash of primitive longs (control path only, about 12 bytes per slot, at most
 * half full).
 * <p>
 * <b>Threading.</b> {@link #add} and {@link #delete} are control-path calls for one thread at a time.
 * {@link #lookup} and {@link #lookupBulk} allocate nothing, throw nothing (for non-null arrays, and ranges inside
 * them where {@code lookupBulk} takes offsets) and may run on any number of threads at once, provided no thread
 * modifies the table meanwhile: build the table, then publish it to the lcores with a happens-before edge (thread
 * start, a volatile or final field). There is no RCU here; to change routes while forwarding, build a new table
 * and swap the reference.
 */
public final class Lpm4
{
    /** What {@link #lookup} returns when no prefix, not even a default route, covers the address. */
    public static final int NO_ROUTE = -1;

    /** Largest next hop an entry can hold (24 bits). */
    public static final int MAX_NEXT_HOP = 0xFF_FFFF;

    /** Largest {@code numberTbl8s}: the whole tbl8 must fit one Java array. */
    public static final int MAX_TBL8_GROUPS = (Integer.MAX_VALUE - 8) >>> 8;

    private static final int VALID = 1 << 31;
    private static final int EXT = 1 << 30;
    private static final int DEPTH_SHIFT = 24;
    private static final int DEPTH_MASK = 0x3F;
    private static final int VALUE_MASK = 0xFF_FFFF;
    private static final int TBL24_SIZE = 1 << 24;
    private static final int GROUP_SIZE = 256;
    private static final int MAX_DEPTH = 32;

    private final int[] tbl24 = new int[TBL24_SIZE];
    private final int[] tbl8;
    private final int maxRules;
    private final int numberTbl8s;

    /** Free tbl8 group indices, used as a stack: {@code freeGroups[0 .. freeGroupCount)}. */
    private final int[] freeGroups;
    private int freeGroupCount;

    /** Number of rules of each depth, so the search for a covering rule skips empty depths. */
    private final int[] rulesPerDepth = new int[MAX_DEPTH + 1];
    private final RuleMap rules = new RuleMap();
    private int defaultHop = NO_ROUTE;

    /**
     * An empty table.
     *
     * @param maxRules    most prefixes the table will hold (like {@code rte_lpm_config.max_rules}), at least 1
     * @param numberTbl8s tbl8 groups to preallocate, 0 to {@link #MAX_TBL8_GROUPS}; each /24 holding a prefix
     *                    longer than 24 bits needs one (like {@code rte_lpm_config.number_tbl8s})
     */
    public Lpm4(final int maxRules, final int numberTbl8s)
    {
        if (maxRules <= 0)
        {
            throw new IllegalArgumentException("maxRules must be at least 1, got " + maxRules);
        }
        if (numberTbl8s < 0 || numberTbl8s > MAX_TBL8_GROUPS)
        {
            throw new IllegalArgumentException(
                "numberTbl8s must be 0.." + MAX_TBL8_GROUPS + ", got " + numberTbl8s);
        }
        this.maxRules = maxRules;
        this.numberTbl8s = numberTbl8s;
        this.tbl8 = new int[numberTbl8s * GROUP_SIZE];
        this.freeGroups = new int[numberTbl8s];
        for (int i = 0; i < numberTbl8s; i++)
        {
            freeGroups[i] = numberTbl8s - 1 - i;
        }
        this.freeGroupCount = numberTbl8s;
    }

    /**
     * Adds the prefix {@code ip/depth}, or replaces its next hop if the table holds it already. Host bits
     * of {@code ip} below the prefix length are ignored, as {@code rte_lpm_add} does.
     *
     * @param ip      the prefix, host byte order ({@code 198.18.0.0} is {@code 0xC6120000})
     * @param depth   prefix length, 0 (default route) to 32
     * @param nextHop 0 to {@link #MAX_NEXT_HOP}
     * @throws IllegalArgumentException if depth or nextHop is out of range
     * @throws IllegalStateException    if the table holds {@code maxRules} prefixes already, or the prefix is
     *                                  longer than 24 bits and every tbl8 group is in use; the table is then
     *                                  unchanged
     */
    public void add(final int ip, final int depth, final int nextHop)
    {
        checkDepth(depth);
        if (nextHop < 0 || nextHop > MAX_NEXT_HOP)
        {
            throw new IllegalArgumentException("next hop must be 0.." + MAX_NEXT_HOP + ", got " + nextHop);
        }
        final int prefix = ip & mask(depth);
        final long key = key(prefix, depth);
        final boolean isNew = rules.get(key) < 0;
        if (isNew && rules.size() >= maxRules)
        {
            throw new IllegalStateException("LPM table full: " + maxRules + " rules, cannot add " +
                IpAddress.formatIpv4(prefix) + "/" + depth);
        }

        if (depth == 0)
        {
            defaultHop = nextHop;
        }
        else if (depth <= 24)
        {
            addSmall(prefix, depth, nextHop);
        }
        else
        {
            addBig(prefix, depth, nextHop);
        }

        rules.put(key, nextHop);
        if (isNew)
        {
            rulesPerDepth[depth]++;
        }
    }

    /**
     * Removes the prefix {@code ip/depth}; addresses it covered fall back to the longest shorter prefix that
     * covers them, or to none. Frees the tbl8 group of the prefix's /24 once no prefix longer than 24 bits
     * remains in it.
     *
     * @param ip    the prefix, host byte order; host bits are ignored
     * @param depth prefix length, 0 to 32
     * @return false if the table did not hold the prefix
     * @throws IllegalArgumentException if depth is out of range
     */
    public boolean delete(final int ip, final int depth)
    {
        checkDepth(depth);
        final int prefix = ip & mask(depth);
        if (!rules.remove(key(prefix, depth)))
        {
            return false;
        }
        rulesPerDepth[depth]--;

        if (depth == 0)
        {
            defaultHop = NO_ROUTE;
            return true;
        }

        final int replacement = coveringEntry(prefix, depth);
        if (depth <= 24)
        {
            deleteSmall(prefix, depth, replacement);
        }
        else
        {
            deleteBig(prefix, depth, replacement);
        }
        return true;
    }

    /**
     * The next hop of the longest prefix covering {@code ip}. Allocation-free, never throws.
     *
     * @param ip destination address, host byte order
     * @return the next hop, or {@link #NO_ROUTE}
     */
    public int lookup(final int ip)
    {
        int entry = tbl24[ip >>> 8];
        if ((entry & EXT) != 0)
        {
            entry = tbl8[((entry & VALUE_MASK) << 8) | (ip & 0xFF)];
        }
        return entry < 0 ? entry & VALUE_MASK : defaultHop;
    }

    /**
     * Looks up {@code ips[0 .. n)} into {@code hops[0 .. n)} (like {@code rte_lpm_lookup_bulk}, with
     * {@link #NO_ROUTE} for a miss). Allocation-free and never throws for non-null arrays: {@code n} is
     * clamped to both lengths, and a negative {@code n} does nothing.
     *
     * @param ips destination addresses, host byte order
     * @param hops receives each address's next hop, or {@link #NO_ROUTE}
     * @param n how many addresses to look up
     */
    public void lookupBulk(final int[] ips, final int[] hops, final int n)
    {
        final int count = Math.min(n, Math.min(ips.length, hops.length));
        if (count > 0)
        {
            lookupBulk(ips, 0, hops, 0, count);
        }
    }

    /**
     * Looks up {@code ips[ipsFrom .. ipsFrom + n)} into {@code hops[hopsFrom .. hopsFrom + n)}, {@link #NO_ROUTE}
     * for a miss: a burst looked up where it lies in a larger array, with no copy (as {@code rte_lpm_lookup_bulk}
     * takes a pointer into one). Allocation-free.
     *
     * @param ips destination addresses, host byte order
     * @param ipsFrom index of the first address
     * @param hops receives each address's next hop, or {@link #NO_ROUTE}
     * @param hopsFrom index of the first next hop
     * @param n how many addresses to look up
     * @throws IndexOutOfBoundsException when a range does not fit its array or {@code n} is negative
     */
    public void lookupBulk(final int[] ips, final int ipsFrom, final int[] hops, final int hopsFrom, final int n)
    {
        Objects.checkFromIndexSize(ipsFrom, n, ips.length);
        Objects.checkFromIndexSize(hopsFrom, n, hops.length);
        final int[] t24 = tbl24;
        final int[] t8 = tbl8;
        final int fallback = defaultHop;
        // Two passes: every tbl24 load of the burst first, with nothing that depends on them in between, so the
        // CPU has all their cache misses in flight at once; then the few tbl8 loads, and the hops. Measured on
        // 1M routes and random destinations: 3 to 15 % more lookups per second than one pass doing both.
        for (int i = 0; i < n; i++)
        {
            hops[hopsFrom + i] = t24[ips[ipsFrom + i] >>> 8];
        }
        for (int i = 0; i < n; i++)
        {
            int entry = hops[hopsFrom + i];
            if ((entry & EXT) != 0)
            {
                entry = t8[((entry & VALUE_MASK) << 8) | (ips[ipsFrom + i] & 0xFF)];
            }
            hops[hopsFrom + i] = entry < 0 ? entry & VALUE_MASK : fallback;
        }
    }

    /**
     * Number of prefixes the table holds, the default route included.
     *
     * @return 0 to {@link #maxRules()}
     */
    public int size()
    {
        return rules.size();
    }

    /**
     * Most prefixes the table holds, as given at construction; {@link #add} of one more throws.
     *
     * @return the rule limit
     */
    public int maxRules()
    {
        return maxRules;
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
     * Number of tbl8 groups in use, one per /24 that holds a prefix longer than 24 bits.
     *
     * @return 0 to {@link #numberTbl8s()}
     */
    public int tbl8GroupsInUse()
    {
        return numberTbl8s - freeGroupCount;
    }

    /**
     * Bytes of heap the table holds: tbl24, the preallocated tbl8 groups and the rule index. Control path;
     * the arrays' object headers are left out.
     *
     * @return the bytes
     */
    public long memoryBytes()
    {
        return 4L * tbl24.length + 4L * tbl8.length + 4L * freeGroups.length + rules.memoryBytes();
    }

    @Override
    public String toString()
    {
        return "Lpm4[rules=" + size() + "/" + maxRules + ", tbl8 groups=" + tbl8GroupsInUse() + "/" +
            numberTbl8s + "]";
    }

    private void addSmall(final int prefix, final int depth, final int nextHop)
    {
        final int entry = VALID | (depth << DEPTH_SHIFT) | nextHop;
        final int from = prefix >>> 8;
        final int to = from + (1 << (24 - depth));
        for (int i = from; i < to; i++)
        {
            final int old = tbl24[i];
            if ((old & EXT) == 0)
            {
                if (old >= 0 || depthOf(old) <= depth)
                {
                    tbl24[i] = entry;
                }
            }
            else
            {
                final int base = (old & VALUE_MASK) << 8;
                for (int j = base; j < base + GROUP_SIZE; j++)
                {
                    final int old8 = tbl8[j];
                    if (old8 >= 0 || depthOf(old8) <= depth)
                    {
                        tbl8[j] = entry;
                    }
                }
            }
        }
    }

    private void addBig(final int prefix, final int depth, final int nextHop)
    {
        final int entry = VALID | (depth << DEPTH_SHIFT) | nextHop;
        final int index24 = prefix >>> 8;
        final int old = tbl24[index24];
        final int from;
        if ((old & EXT) == 0)
        {
            if (freeGroupCount == 0)
            {
                throw new IllegalStateException("LPM table out of tbl8 groups: all " + numberTbl8s +
                    " in use, cannot add " + IpAddress.formatIpv4(prefix) + "/" + depth);
            }
            final int group = freeGroups[--freeGroupCount];
            final int base = group << 8;
            // The group starts as a copy of the tbl24 entry it replaces: valid or not, same depth, same hop.
            Arrays.fill(tbl8, base, base + GROUP_SIZE, old);
            from = base | (prefix & 0xFF);
            Arrays.fill(tbl8, from, from + (1 << (32 - depth)), entry);
            tbl24[index24] = VALID | EXT | group;
        }
        else
        {
            from = ((old & VALUE_MASK) << 8) | (prefix & 0xFF);
            final int to = from + (1 << (32 - depth));
            for (int j = from; j < to; j++)
            {
                final int old8 = tbl8[j];
                if (old8 >= 0 || depthOf(old8) <= depth)
                {
                    tbl8[j] = entry;
                }
            }
        }
    }

    private void deleteSmall(final int prefix, final int depth, final int replacement)
    {
        final int from = prefix >>> 8;
        final int to = from + (1 << (24 - depth));
        for (int i = from; i < to; i++)
        {
            final int old = tbl24[i];
            if ((old & EXT) == 0)
            {
                if (ownedBy(old, depth))
                {
                    tbl24[i] = replacement;
                }
            }
            else
            {
                final int base = (old & VALUE_MASK) << 8;
                for (int j = base; j < base + GROUP_SIZE; j++)
                {
                    if (ownedBy(tbl8[j], depth))
                    {
                        tbl8[j] = replacement;
                    }
                }
            }
        }
    }

    private void deleteBig(final int prefix, final int depth, final int replacement)
    {
        final int index24 = prefix >>> 8;
        final int group = tbl24[index24] & VALUE_MASK;
        final int base = group << 8;
        final int from = base | (prefix & 0xFF);
        final int to = from + (1 << (32 - depth));
        for (int j = from; j < to; j++)
        {
            if (ownedBy(tbl8[j], depth))
            {
                tbl8[j] = replacement;
            }
        }

        // Fold the group back when no prefix longer than /24 is left in it: then every entry is the same
        // (the longest prefix of 24 bits or less covering the /24, or nothing).
        for (int j = base; j < base + GROUP_SIZE; j++)
        {
            final int e = tbl8[j];
            if (e < 0 && depthOf(e) > 24)
            {
                return;
            }
        }
        tbl24[index24] = tbl8[base];
        Arrays.fill(tbl8, base, base + GROUP_SIZE, 0);
        freeGroups[freeGroupCount++] = group;
    }

    /**
     * The entry that addresses under {@code prefix/depth} fall back to: the longest rule of 1 to
     * {@code depth - 1} bits covering the prefix, or 0 (not valid, so lookups return the default route).
     */
    private int coveringEntry(final int prefix, final int depth)
    {
        for (int d = depth - 1; d > 0; d--)
        {
            if (rulesPerDepth[d] != 0)
            {
                final int hop = rules.get(key(prefix & mask(d), d));
                if (hop >= 0)
                {
                    return VALID | (d << DEPTH_SHIFT) | hop;
                }
            }
        }
        return 0;
    }

    private static boolean ownedBy(final int entry, final int depth)
    {
        return entry < 0 && depthOf(entry) == depth;
    }

    private static int depthOf(final int entry)
    {
        return (entry >>> DEPTH_SHIFT) & DEPTH_MASK;
    }

    private static int mask(final int depth)
    {
        return depth == 0 ? 0 : -1 << (32 - depth);
    }

    private static long key(final int prefix, final int depth)
    {
        return ((prefix & 0xFFFF_FFFFL) << 6) | depth;
    }

    private static void checkDepth(final int depth)
    {
        if (depth < 0 || depth > MAX_DEPTH)
        {
            throw new IllegalArgumentException("prefix length must be 0..32, got " + depth);
        }
    }

    /**
     * Rule index: prefix-and-depth key to next hop, open addressing with linear probing and backward-shift
     * deletion, at most half full. Keys are below 2^38, so -1 marks an empty slot.
     */
    private static final class RuleMap
    {
        private static final long EMPTY = -1L;

        private long[] keys = newKeys(1024);
        private int[] values = new int[1024];
        private int size;

        int size()
        {
            return size;
        }

        long memoryBytes()
        {
            return 12L * keys.length;
        }

        /** The value for key, or -1. */
        int get(final long key)
        {
            final int m = keys.length - 1;
            for (int i = slot(key, m); ; i = (i + 1) & m)
            {
                final long k = keys[i];
                if (k == key)
                {
                    return values[i];
                }
                if (k == EMPTY)
                {
                    return -1;
                }
            }
        }

        void put(final long key, final int value)
        {
            if (2 * (size + 1) > keys.length)
            {
                grow();
            }
            final int m = keys.length - 1;
            for (int i = slot(key, m); ; i = (i + 1) & m)
            {
                final long k = keys[i];
                if (k == key)
                {
                    values[i] = value;
                    return;
                }
                if (k == EMPTY)
                {
                    keys[i] = key;
                    values[i] = value;
                    size++;
                    return;
                }
            }
        }

        boolean remove(final long key)
        {
            final int m = keys.length - 1;
            int i = slot(key, m);
            while (keys[i] != key)
            {
                if (keys[i] == EMPTY)
                {
                    return false;
                }
                i = (i + 1) & m;
            }
            // Backward-shift: move later members of the probe run into the hole so no run is broken.
            int hole = i;
            for (int j = (hole + 1) & m; keys[j] != EMPTY; j = (j + 1) & m)
            {
                final int home = slot(keys[j], m);
                if (((j - home) & m) >= ((j - hole) & m))
                {
                    keys[hole] = keys[j];
                    values[hole] = values[j];
                    hole = j;
                }
            }
            keys[hole] = EMPTY;
            size--;
            return true;
        }

        private void grow()
        {
            final long[] oldKeys = keys;
            final int[] oldValues = values;
            keys = newKeys(oldKeys.length * 2);
            values = new int[oldKeys.length * 2];
            size = 0;
            for (int i = 0; i < oldKeys.length; i++)
            {
                if (oldKeys[i] != EMPTY)
                {
                    put(oldKeys[i], oldValues[i]);
                }
            }
        }

        private static long[] newKeys(final int capacity)
        {
            final long[] k = new long[capacity];
            Arrays.fill(k, EMPTY);
            return k;
        }

        private static int slot(final long key, final int mask)
        {
            final long h = key * 0x9E37_79B9_7F4A_7C15L;
            return (int) (h >>> 32) & mask;
        }
    }
}
