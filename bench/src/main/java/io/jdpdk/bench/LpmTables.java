package io.jdpdk.bench;

import io.jdpdk.lpm.IpAddress;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Route tables at Internet scale, generated reproducibly from a seed: IPv4 prefixes with the length mix of a
 * BGP full table (about 62 % /24, then /22, /23, /21 .. /16 decreasing, under 1 % of /8 .. /15 and 2 % longer
 * than /24), IPv6 prefixes shaped like the IPv6 full table (about half /48, then /32, /44, /40, /29, /36 .. and a
 * few /56 and /64, all inside 40,000 random /32 allocations under 2000::/3), and destination keys of which half
 * fall inside a random route and half are random (IPv4: anywhere; IPv6: anywhere inside an allocation), so
 * lookups hit tbl24, tbl8 groups and misses in a realistic mix.
 * <p>
 * The {@code write} methods store them for the C peer ({@code src/main/c/lpm_peer.c}) in little-endian binary files:
 * <pre>
 *   ipv4.routes  u32 count, u32 tbl8 groups needed, count x { u32 prefix (host order), u8 depth, u8[3] 0, u32 hop }
 *   ipv4.keys    u32 count, count x u32 address (host order)
 *   ipv6.routes  u32 count, u32 tbl8 groups needed, count x { u8[16] prefix, u8 depth, u8[3] 0, u32 hop }
 *   ipv6.keys    u32 count, count x u8[16] address
 * </pre>
 * Next hops are 0 .. 65535. IPv6 prefixes are at most 64 bits long, so their low half is zero.
 */
final class LpmTables
{
    /** Prefix lengths of the IPv4 table, in 1/100,000 of the routes; /24 takes what is left. */
    private static final int[][] IPV4_MIX = {
        {8, 10}, {9, 10}, {10, 20}, {11, 40}, {12, 80}, {13, 150}, {14, 250}, {15, 400}, {16, 1300}, {17, 800},
        {18, 1400}, {19, 2500}, {20, 4000}, {21, 5000}, {22, 11000}, {23, 9000}, {25, 500}, {26, 400}, {27, 300},
        {28, 250}, {29, 200}, {30, 150}, {31, 50}, {32, 150}};

    /** Prefix lengths of the IPv6 table, in 1/100,000 of the routes; /48 takes what is left. */
    private static final int[][] IPV6_MIX = {
        {20, 50}, {22, 100}, {24, 200}, {28, 800}, {29, 3500}, {30, 400}, {31, 300}, {32, 12000}, {33, 800},
        {34, 800}, {35, 600}, {36, 2500}, {37, 400}, {38, 600}, {39, 500}, {40, 5000}, {41, 400}, {42, 900},
        {43, 600}, {44, 5500}, {45, 1200}, {46, 2000}, {47, 1800}, {52, 500}, {56, 2500}, {60, 300}, {64, 1500}};

    /** IPv6 /32 allocations the prefixes are spread over. */
    private static final int IPV6_ALLOCATIONS = 40_000;

    /** First 12 bits of the IPv6 allocations: 2000::/12, 2400::/12, 2600::/12, 2800::/12, 2a00::/12, 2c00::/12. */
    private static final int[] IPV6_REGIONS = {0x200, 0x240, 0x260, 0x280, 0x2A0, 0x2C0};

    /**
     * An IPv4 table.
     *
     * @param prefixes   prefix addresses, host order, host bits zero
     * @param depths     prefix lengths
     * @param hops       next hops
     * @param tbl8Groups tbl8 groups a DIR-24-8 table needs for it: distinct /24s holding a longer prefix
     * @param keys       destinations to look up
     */
    record Ipv4(int[] prefixes, byte[] depths, int[] hops, int tbl8Groups, int[] keys)
    {
    }

    /**
     * An IPv6 table.
     *
     * @param prefixes   high 64 bits of each prefix (the low 64 are zero), host bits zero
     * @param depths     prefix lengths, 1 to 64
     * @param hops       next hops
     * @param tbl8Groups tbl8 groups rte_lpm6 and rte_fib6's trie need: distinct 24-, 32-, 40-, 48- and 56-bit
     *                   prefixes of routes longer than each
     * @param keys       destinations to look up, two longs each (high, then low)
     */
    record Ipv6(long[] prefixes, byte[] depths, int[] hops, int tbl8Groups, long[] keys)
    {
        int keyCount()
        {
            return keys.length / 2;
        }
    }

    private LpmTables()
    {
    }

    /**
     * {@code routes} distinct IPv4 prefixes in random order and {@code keys} destinations, all from {@code seed}.
     */
    static Ipv4 ipv4(final long seed, final int routes, final int keys)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int[] cumulative = cumulative(IPV4_MIX, 24);
        final Set<Long> seen = new HashSet<>(routes * 2);
        final Set<Integer> groups = new HashSet<>();
        final int[] prefixes = new int[routes];
        final byte[] depths = new byte[routes];
        final int[] hops = new int[routes];
        int n = 0;
        while (n < routes)
        {
            final int depth = pick(cumulative, random);
            // First octet 1 .. 223: unicast space.
            final int address = ((1 + random.nextInt(223)) << 24) | random.nextInt(1 << 24);
            final int prefix = address & (-1 << (32 - depth));
            if (seen.add(((prefix & 0xFFFF_FFFFL) << 6) | depth))
            {
                prefixes[n] = prefix;
                depths[n] = (byte)depth;
                hops[n] = random.nextInt(1 << 16);
                if (depth > 24)
                {
                    groups.add(prefix >>> 8);
                }
                n++;
            }
        }
        final int[] k = new int[keys];
        for (int i = 0; i < keys; i++)
        {
            if ((i & 1) == 0)
            {
                k[i] = random.nextInt();
            }
            else
            {
                final int r = random.nextInt(routes);
                final int hostMask = depths[r] == 32 ? 0 : -1 >>> depths[r];
                k[i] = prefixes[r] | (random.nextInt() & hostMask);
            }
        }
        return new Ipv4(prefixes, depths, hops, groups.size(), k);
    }

    /** As {@link #ipv4} for IPv6. */
    static Ipv6 ipv6(final long seed, final int routes, final int keys)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final int[] cumulative = cumulative(IPV6_MIX, 48);
        final long[] allocations = new long[IPV6_ALLOCATIONS];
        for (int i = 0; i < allocations.length; i++)
        {
            final long region = IPV6_REGIONS[random.nextInt(IPV6_REGIONS.length)];
            allocations[i] = (region << 52) | ((long)random.nextInt(1 << 20) << 32);
        }
        final Set<Prefix6> seen = new HashSet<>(routes * 2);
        final Set<Prefix6> groups = new HashSet<>();
        final long[] prefixes = new long[routes];
        final byte[] depths = new byte[routes];
        final int[] hops = new int[routes];
        int n = 0;
        while (n < routes)
        {
            final int depth = pick(cumulative, random);
            final long address = allocations[random.nextInt(allocations.length)] | (random.nextLong() >>> 32);
            final long prefix = address & (-1L << (64 - depth));
            if (seen.add(new Prefix6(prefix, depth)))
            {
                prefixes[n] = prefix;
                depths[n] = (byte)depth;
                hops[n] = random.nextInt(1 << 16);
                for (int level = 24; level < depth; level += 8)
                {
                    groups.add(new Prefix6(prefix & (-1L << (64 - level)), level));
                }
                n++;
            }
        }
        final long[] k = new long[2 * keys];
        for (int i = 0; i < keys; i++)
        {
            if ((i & 1) == 0)
            {
                k[2 * i] = allocations[random.nextInt(allocations.length)] | (random.nextLong() >>> 32);
            }
            else
            {
                final int r = random.nextInt(routes);
                k[2 * i] = prefixes[r] | (depths[r] == 64 ? 0 : random.nextLong() & (-1L >>> depths[r]));
            }
            k[2 * i + 1] = random.nextLong();
        }
        return new Ipv6(prefixes, depths, hops, groups.size(), k);
    }

    /** A prefix of an IPv6 table: its high 64 bits and length. */
    private record Prefix6(long high, int depth)
    {
    }

    /** Writes ipv4.routes and ipv4.keys into {@code dir}, in the binary layout of this class's description. */
    static void write(final Path dir, final Ipv4 v4) throws IOException
    {
        final int n4 = v4.prefixes().length;
        final ByteBuffer routes4 = buffer(8 + 12L * n4);
        routes4.putInt(n4).putInt(v4.tbl8Groups());
        for (int i = 0; i < n4; i++)
        {
            routes4.putInt(v4.prefixes()[i]).put(v4.depths()[i]).put((byte)0).putShort((short)0).putInt(v4.hops()[i]);
        }
        writeFile(dir.resolve("ipv4.routes"), routes4);
        final ByteBuffer keys4 = buffer(4 + 4L * v4.keys().length);
        keys4.putInt(v4.keys().length);
        keys4.asIntBuffer().put(v4.keys());
        keys4.position(keys4.limit());
        writeFile(dir.resolve("ipv4.keys"), keys4);
    }

    /** Writes ipv6.routes and ipv6.keys into {@code dir}, in the binary layout of this class's description. */
    static void write(final Path dir, final Ipv6 v6) throws IOException
    {
        final int n6 = v6.prefixes().length;
        final ByteBuffer routes6 = buffer(8 + 24L * n6);
        routes6.putInt(n6).putInt(v6.tbl8Groups());
        for (int i = 0; i < n6; i++)
        {
            routes6.order(ByteOrder.BIG_ENDIAN).putLong(v6.prefixes()[i]).putLong(0).order(ByteOrder.LITTLE_ENDIAN);
            routes6.put(v6.depths()[i]).put((byte)0).putShort((short)0).putInt(v6.hops()[i]);
        }
        writeFile(dir.resolve("ipv6.routes"), routes6);
        final ByteBuffer keys6 = buffer(4 + 16L * v6.keyCount());
        keys6.putInt(v6.keyCount()).order(ByteOrder.BIG_ENDIAN);
        for (final long half : v6.keys())
        {
            keys6.putLong(half);
        }
        writeFile(dir.resolve("ipv6.keys"), keys6);
    }

    /** Writes the IPv4 table as an l3fwd route file, DPDK's {@code --rule_ipv4} form ({@code R198.18.0.0/24 0}). */
    static void writeRouteFile(final Path file, final Ipv4 v4) throws IOException
    {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII))
        {
            for (int i = 0; i < v4.prefixes().length; i++)
            {
                out.append('R').append(IpAddress.formatIpv4(v4.prefixes()[i])).append('/')
                    .append(Integer.toString(v4.depths()[i])).append(' ').append(Integer.toString(v4.hops()[i]))
                    .append('\n');
            }
        }
    }

    private static ByteBuffer buffer(final long size)
    {
        return ByteBuffer.allocate(Math.toIntExact(size)).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static void writeFile(final Path file, final ByteBuffer content) throws IOException
    {
        content.flip();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING))
        {
            while (content.hasRemaining())
            {
                channel.write(content);
            }
        }
    }

    /** Running totals of a mix, the {@code rest} length taking what the others leave of 100,000. */
    private static int[] cumulative(final int[][] mix, final int rest)
    {
        final int[] weights = new int[129];
        int sum = 0;
        for (final int[] entry : mix)
        {
            weights[entry[0]] = entry[1];
            sum += entry[1];
        }
        weights[rest] = 100_000 - sum;
        final int[] cumulative = new int[129];
        int total = 0;
        for (int d = 0; d <= 128; d++)
        {
            total += weights[d];
            cumulative[d] = total;
        }
        return cumulative;
    }

    private static int pick(final int[] cumulative, final SplittableRandom random)
    {
        final int r = random.nextInt(100_000);
        int d = 0;
        while (cumulative[d] <= r)
        {
            d++;
        }
        return d;
    }
}
