package io.jdpdk.lpm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Obviously-correct longest-prefix match for tests, in two forms: {@link Scan#lookup} walks a flat list of
 * every prefix (the naive reference itself), {@link #lookup} probes one hash map per prefix length from 32
 * down (fast enough for a million lookups, and checked against the scan). Re-adding a prefix replaces its
 * hop. Not thread-safe.
 */
final class ReferenceLpm
{
    @SuppressWarnings({"unchecked", "rawtypes"})
    private final Map<Integer, Integer>[] byDepth = new Map[33];

    ReferenceLpm()
    {
        for (int d = 0; d <= 32; d++)
        {
            byDepth[d] = new HashMap<>();
        }
    }

    static int mask(final int depth)
    {
        return depth == 0 ? 0 : -1 << (32 - depth);
    }

    /** Adds or replaces {@code ip/depth}. */
    void add(final int ip, final int depth, final int hop)
    {
        final int prefix = ip & mask(depth);
        byDepth[depth].put(prefix, hop);
    }

    /** Removes {@code ip/depth}; false if absent. */
    boolean delete(final int ip, final int depth)
    {
        final int prefix = ip & mask(depth);
        return byDepth[depth].remove(prefix) != null;
    }

    /** The hop of exactly {@code ip/depth}, or -1 if not held. */
    int lookupExact(final int ip, final int depth)
    {
        final Integer hop = byDepth[depth].get(ip & mask(depth));
        return hop == null ? -1 : hop;
    }

    /** Longest match by probing each length, or {@link Lpm4#NO_ROUTE}. */
    int lookup(final int ip)
    {
        for (int d = 32; d >= 0; d--)
        {
            final Map<Integer, Integer> map = byDepth[d];
            if (!map.isEmpty())
            {
                final Integer hop = map.get(ip & mask(d));
                if (hop != null)
                {
                    return hop;
                }
            }
        }
        return Lpm4.NO_ROUTE;
    }

    /** Every prefix held, as {prefix, depth} pairs, shortest first. */
    List<int[]> prefixes()
    {
        final List<int[]> list = new ArrayList<>();
        for (int d = 0; d <= 32; d++)
        {
            for (final int prefix : byDepth[d].keySet())
            {
                list.add(new int[] {prefix, d});
            }
        }
        return list;
    }

    int size()
    {
        int size = 0;
        for (final Map<Integer, Integer> map : byDepth)
        {
            size += map.size();
        }
        return size;
    }

    /** A flat copy of the prefixes, for {@link Scan#lookup}. */
    Scan scan()
    {
        final int n = size();
        final int[] prefix = new int[n];
        final int[] depth = new int[n];
        final int[] hop = new int[n];
        int i = 0;
        for (int d = 0; d <= 32; d++)
        {
            for (final Map.Entry<Integer, Integer> e : byDepth[d].entrySet())
            {
                prefix[i] = e.getKey();
                depth[i] = d;
                hop[i] = e.getValue();
                i++;
            }
        }
        return new Scan(prefix, depth, hop);
    }

    /** The list of prefixes, scanned in full for each lookup. */
    record Scan(int[] prefix, int[] depth, int[] hop)
    {
        /** The hop of the longest prefix matching ip, or {@link Lpm4#NO_ROUTE}. */
        int lookup(final int ip)
        {
            int bestDepth = -1;
            int bestHop = Lpm4.NO_ROUTE;
            for (int i = 0; i < prefix.length; i++)
            {
                if (depth[i] > bestDepth && (ip & mask(depth[i])) == prefix[i])
                {
                    bestDepth = depth[i];
                    bestHop = hop[i];
                }
            }
            return bestHop;
        }
    }
}
