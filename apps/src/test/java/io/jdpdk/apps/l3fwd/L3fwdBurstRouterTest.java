package io.jdpdk.apps.l3fwd;

import io.jdpdk.eal.TestEal;
import io.jdpdk.lpm.Fib6;
import io.jdpdk.lpm.IpAddress;
import io.jdpdk.lpm.Lpm4;
import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.Mempool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static io.jdpdk.apps.l3fwd.L3fwdFrames.ETH;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * l3fwd's burst routing ({@link LpmRouter#route(MbufBurst, int, int, int[])}, the path its lcores take) against its
 * per-packet routing of the same bytes on the heap, under both sets of checks: the same output port or drop code, the same bytes left in
 * every frame and the same counters, for bursts of well-formed, malformed and randomly mutated frames in real mbufs
 * (IPv4 hits, misses and routes to disabled ports, TTLs 0 to 2, bad checksums, options, bad lengths, IPv6 with and
 * without extension headers and routes, ARP, VLAN tags, truncations).
 */
class L3fwdBurstRouterTest
{
    private static final long ENABLED = 0b0111;
    private static final long[] ETH_DEST = new long[L3fwdConfig.MAX_PORTS];
    private static final long[] PORT_MAC = new long[L3fwdConfig.MAX_PORTS];
    private static final int BURST = LcoreForwarder.MAX_PKT_BURST;

    private static Mempool pool;
    private static Lpm4 lpm;
    private static Fib6 lpm6;
    private static ExactMatch exact4;
    private static ExactMatch exact6;
    private static Acl acl4;
    private static Acl acl6;

    @BeforeAll
    static void setUp()
    {
        TestEal.get();
        pool = Mempool.create(TestEal.uniqueName("l3burst"), 255, 0);
        lpm = new Lpm4(RouteTable.L3FWD_MAX_RULES, RouteTable.L3FWD_NUMBER_TBL8S);
        RouteTable.addTo(lpm, RouteTable.defaultIpv4Routes(), 0xFFFF); // ports 0-15: 3-15 are not enabled
        lpm.add(IpAddress.parseIpv4("198.18.1.128"), 25, 2);            // a tbl8 group
        lpm6 = new Fib6(16);
        lpm6.add(0x2001_0200_0000_0000L, 0, 32, 1);
        lpm6.add(0x2001_0300_0000_0000L, 0, 32, 9);
        final int from = IpAddress.parseIpv4("192.0.2.1"); // L3fwdFrames' flows: UDP, port 1024 to 2048
        exact4 = ExactMatch.ipv4(List.of(new ExactMatch.Rule4(IpAddress.parseIpv4("198.18.0.1"), from, 2048, 1024, 17,
            1), new ExactMatch.Rule4(IpAddress.parseIpv4("198.18.2.9"), from, 2048, 1024, 17, 2)), ENABLED);
        exact6 = ExactMatch.ipv6(List.of(new ExactMatch.Rule6(0x2001_0200_0000_0000L, 1, 0x2001_0db8_0000_0000L, 1,
            2048, 1024, 17, 2)), ENABLED);
        // ACL: deny 198.18.1.0/24 from port 1024 exactly, route 198.18.0.0/16 UDP to port 1, then all else to 2 but
        // 10.0.0.0/8 (no rule: dropped); IPv6: 2001:200::/32 to port 1, deny the rest of 2001::/16.
        final long any = 0;
        acl4 = Acl.ipv4(List.of(new Acl.Rule(0, any, 0, 0, IpAddress.parseIpv4("198.18.1.0") & 0xFFFF_FFFFL, 24, 1024,
                1024, 0, 65535, 0, 0, Acl.DROP),
            new Acl.Rule(0, any, 0, 0, IpAddress.parseIpv4("198.18.0.0") & 0xFFFF_FFFFL, 16, 0, 65535, 0, 65535, 17,
                0xFF, 1),
            new Acl.Rule(0, any, 0, 0, IpAddress.parseIpv4("128.0.0.0") & 0xFFFF_FFFFL, 1, 0, 65535, 0, 65535, 0, 0,
                2)));
        acl6 = Acl.ipv6(List.of(new Acl.Rule(0, 0, 0, 0x2001_0200_0000_0000L, 0, 32, 0, 65535, 0, 65535, 0, 0, 1),
            new Acl.Rule(0, 0, 0, 0x2001_0000_0000_0000L, 0, 16, 0, 65535, 0, 65535, 0, 0, Acl.DROP)));
        for (int port = 0; port < L3fwdConfig.MAX_PORTS; port++)
        {
            ETH_DEST[port] = 0x02_00_00_00_00_00L | port;
            PORT_MAC[port] = 0x0A_00_00_00_00_00L | port << 8;
        }
    }

    @AfterAll
    static void tearDown()
    {
        pool.close();
    }

    private static LpmRouter router(final LpmRouter.Checks checks, final long nicChecksumPorts)
    {
        return router(LpmRouter.Lookup.LPM, checks, nicChecksumPorts);
    }

    private static LpmRouter router(final LpmRouter.Lookup lookup, final LpmRouter.Checks checks,
        final long nicChecksumPorts)
    {
        return new LpmRouter(new LpmRouter.Tables(lookup, lpm, lpm6, exact4, exact6, acl4, acl6), ENABLED, ETH_DEST,
            PORT_MAC, checks, nicChecksumPorts);
    }

    /** Frames of every kind the router tells apart. */
    private static List<byte[]> seeds()
    {
        final List<byte[]> seeds = new ArrayList<>();
        for (final String to : List.of("198.18.0.1", "198.18.1.200", "198.18.1.3", "198.18.2.9", "198.18.5.1",
            "10.9.8.7"))
        {
            for (final int ttl : new int[] {0, 1, 2, 64})
            {
                seeds.add(L3fwdFrames.ipv4(to, ttl, ttl + 7));
            }
        }
        final byte[] good = L3fwdFrames.ipv4("198.18.0.1", 64, 3);
        seeds.add(L3fwdFrames.with(good, ETH + 10, 0x12, false));           // bad checksum
        seeds.add(L3fwdFrames.withTotalLength(good, 19));
        seeds.add(L3fwdFrames.withTotalLength(good, good.length - ETH + 1)); // longer than the frame
        seeds.add(L3fwdFrames.with(good, ETH, 0x46, true));                 // IHL 6 without the bytes for it
        seeds.add(L3fwdFrames.with(good, ETH, 0x55, true));                 // version 5
        seeds.add(L3fwdFrames.ipv4WithIhl("198.18.1.1", 9, 4, 7));
        seeds.add(L3fwdFrames.ipv4("198.18.2.2", 30, 5, 1400));
        seeds.add(L3fwdFrames.ipv6());
        seeds.add(L3fwdFrames.ipv6(0x2001_0300_0000_0000L, 5, 2));          // route to a disabled port
        seeds.add(L3fwdFrames.ipv6(0x2001_0db8_0000_0000L, 5, 3));          // no route
        seeds.add(L3fwdFrames.with(L3fwdFrames.ipv6(), ETH + 6, 0, false)); // hop-by-hop extension header
        seeds.add(L3fwdFrames.with(L3fwdFrames.ipv6(), ETH + 4, 0x7F, false)); // payload longer than the frame
        seeds.add(L3fwdFrames.arp());
        final byte[] tagged = new byte[good.length + 4];
        System.arraycopy(good, 0, tagged, 0, 12);
        tagged[12] = (byte)0x81;
        tagged[15] = 7;
        System.arraycopy(good, 12, tagged, 16, good.length - 12);
        seeds.add(tagged);
        return seeds;
    }

    @ParameterizedTest
    @EnumSource(LpmRouter.Checks.class)
    void shouldRouteEveryKindOfFrameByTheBurstExactlyAsPacketByPacket(final LpmRouter.Checks checks)
    {
        final List<byte[]> seeds = seeds();
        final List<byte[]> frames = new ArrayList<>();
        for (int round = 0; round < 4; round++)
        {
            frames.addAll(seeds);
        }
        final int[] seen = compare(frames, 1, LpmRouter.Lookup.LPM, checks);
        assertTrue(seen[0] > 0 && seen[1] > 0 && seen[2] > 0 && seen[3] > 0, "every outcome was reached");
    }

    @ParameterizedTest
    @EnumSource(LpmRouter.Checks.class)
    void shouldRouteRandomlyMutatedFramesByTheBurstExactlyAsPacketByPacket(final LpmRouter.Checks checks)
    {
        compare(mutatedFrames(), 2, LpmRouter.Lookup.LPM, checks);
    }

    @ParameterizedTest
    @EnumSource(value = LpmRouter.Lookup.class, names = { "EM", "FIB", "ACL" })
    void shouldRouteEveryKindOfFrameAndMutatedOnesByTheBurstAsPacketByPacketWithExactMatchFibAndAcl(
        final LpmRouter.Lookup lookup)
    {
        final List<byte[]> frames = new ArrayList<>(seeds());
        final byte[] bait = L3fwdFrames.ipv6(0x2001_0200_0000_0000L, 5, 1); // IPv6's destination in a non-IP frame
        bait[12] = (byte)0x88;
        bait[13] = (byte)0xB5;
        frames.add(bait);
        for (final LpmRouter.Checks checks : LpmRouter.Checks.values())
        {
            final int[] seen = compare(frames, 1, lookup, checks);
            // Under ACL a packet no rule matches is dropped, never sent back out of its input port.
            assertTrue(seen[0] > 0 && (seen[1] > 0) == (lookup != LpmRouter.Lookup.ACL) && seen[2] > 0,
                lookup + " " + checks + ": every outcome");
            compare(mutatedFrames(), 2, lookup, checks);
        }
        final LpmRouter router = router(lookup, LpmRouter.Checks.L3FWD, 0);
        // The bait: FIB takes it for IPv6 (2001:200::/32 goes to port 1), LPM and EM send it back out, ACL drops it.
        assertEquals(lookup == LpmRouter.Lookup.FIB ? 1 : lookup == LpmRouter.Lookup.ACL ? LpmRouter.ACL_DROPPED : 0,
            router.route(MemorySegment.ofArray(bait.clone()), 0, bait.length, 0));
        if (lookup == LpmRouter.Lookup.ACL)
        {
            final byte[] denied = L3fwdFrames.ipv4("198.18.1.3", 64, 1);                 // from port 1024: denied
            assertEquals(LpmRouter.ACL_DROPPED, router.route(MemorySegment.ofArray(denied), 0, denied.length, 0));
            final byte[] routed = L3fwdFrames.ipv4("198.18.2.9", 64, 1);                 // 198.18/16 UDP: port 1
            assertEquals(1, router.route(MemorySegment.ofArray(routed), 0, routed.length, 0));
            final byte[] tcp = L3fwdFrames.with(routed, ETH + 9, 6, true);                // TCP: the /1 rule, port 2
            assertEquals(2, router.route(MemorySegment.ofArray(tcp), 0, tcp.length, 0));
            final byte[] none = L3fwdFrames.ipv4("10.9.8.7", 64, 1);                     // no rule: dropped
            assertEquals(LpmRouter.ACL_DROPPED, router.route(MemorySegment.ofArray(none), 0, none.length, 0));
            final byte[] six = L3fwdFrames.ipv6();                                       // 2001:200::1: port 1
            assertEquals(1, router.route(MemorySegment.ofArray(six), 0, six.length, 0));
            final byte[] sixDenied = L3fwdFrames.ipv6(0x2001_0db8_0000_0000L, 1, 1);
            assertEquals(LpmRouter.ACL_DROPPED, router.route(MemorySegment.ofArray(sixDenied), 0, sixDenied.length,
                0));
        }
        // EM: the rule's 5-tuple to port 1; LPM's routes do not count (198.18.1.0/24 would be port 1).
        if (lookup == LpmRouter.Lookup.EM)
        {
            final byte[] hit = L3fwdFrames.ipv4("198.18.0.1", 64, 1);
            assertEquals(1, router.route(MemorySegment.ofArray(hit), 0, hit.length, 0));
            final byte[] miss = L3fwdFrames.ipv4("198.18.1.3", 64, 1);
            assertEquals(2, router.route(MemorySegment.ofArray(miss), 0, miss.length, 2));
            final byte[] hit6 = L3fwdFrames.ipv6();
            assertEquals(2, router.route(MemorySegment.ofArray(hit6), 0, hit6.length, 0));
        }
    }

    /** 20,000 of the seeds with up to 2 bits flipped in their first 64 bytes, one in eight cut short. */
    private static List<byte[]> mutatedFrames()
    {
        final List<byte[]> seeds = seeds();
        final SplittableRandom random = new SplittableRandom(0x13_B0_F5L);
        final List<byte[]> frames = new ArrayList<>();
        for (int i = 0; i < 20_000; i++)
        {
            final byte[] frame = seeds.get(random.nextInt(seeds.size())).clone();
            final int mutations = random.nextInt(3);
            for (int m = 0; m < mutations; m++)
            {
                frame[random.nextInt(Math.min(frame.length, 64))] ^= (byte)(1 << random.nextInt(8));
            }
            frames.add(random.nextInt(8) == 0 ? java.util.Arrays.copyOf(frame, random.nextInt(frame.length + 1)) :
                frame);
        }
        return frames;
    }

    @Test
    void shouldTakeTheNicsChecksumVerdictOnlyOnPortsWhoseNicChecks()
    {
        final byte[] good = L3fwdFrames.ipv4("198.18.0.1", 64, 3); // routed to port 0
        final byte[] bad = L3fwdFrames.with(good, ETH + 10, 0x12, false);
        final byte[][] frames = { good, bad, bad, good, bad, good };
        final long[] verdicts = { Mbuf.F_RX_IP_CKSUM_UNKNOWN, Mbuf.F_RX_IP_CKSUM_UNKNOWN, Mbuf.F_RX_IP_CKSUM_GOOD,
            Mbuf.F_RX_IP_CKSUM_BAD, Mbuf.F_RX_IP_CKSUM_NONE, Mbuf.F_RX_IP_CKSUM_NONE };
        final int bc = LpmRouter.BAD_CHECKSUM;
        // Port 1's NIC checks (its GOOD and BAD are taken), port 2's flags are not read: the header is summed.
        final int[] onPort1 = { 0, bc, 0, bc, bc, 0 };
        final int[] onPort2 = { 0, bc, bc, 0, bc, 0 };
        for (final int rxPort : new int[] {1, 2})
        {
            final int[] expected = rxPort == 1 ? onPort1 : onPort2;
            final LpmRouter byBurst = router(LpmRouter.Checks.RFC1812, 1L << 1);
            final LpmRouter byPacket = router(LpmRouter.Checks.RFC1812, 1L << 1);
            final int[] ports = new int[BURST];
            final Mbuf mbuf = new Mbuf();
            try (MbufBurst burst = new MbufBurst(BURST); MbufBurst single = new MbufBurst(1))
            {
                assertTrue(burst.allocFrom(pool, frames.length));
                for (int i = 0; i < frames.length; i++)
                {
                    assertTrue(burst.mbuf(i, mbuf).length(frames[i].length));
                    mbuf.putBytes(0, frames[i], 0, frames[i].length);
                    mbuf.olFlags(mbuf.olFlags() | verdicts[i]);
                }
                byBurst.route(burst, frames.length, rxPort, ports);
                for (int i = 0; i < frames.length; i++)
                {
                    assertEquals(expected[i], ports[i], "burst, port " + rxPort + ", frame " + i);
                    assertTrue(single.allocFrom(pool, 1));
                    single.mbuf(0, mbuf).length(frames[i].length);
                    mbuf.putBytes(0, frames[i], 0, frames[i].length);
                    mbuf.olFlags(mbuf.olFlags() | verdicts[i]);
                    assertEquals(expected[i], byPacket.route(mbuf, rxPort), "packet, port " + rxPort + ", frame " + i);
                    assertArrayEquals(mbuf.toByteArray(), burst.mbuf(i, new Mbuf()).toByteArray(), "bytes " + i);
                    if (expected[i] >= 0)
                    {
                        assertEquals(63, L3fwdFrames.ttl(mbuf.toByteArray()), "TTL decremented, frame " + i);
                    }
                    single.freeAll();
                }
                burst.freeAll();
            }
            assertEquals(3, byBurst.drops(bc), "bad checksums dropped on port " + rxPort);
            assertEquals(byPacket.drops(bc), byBurst.drops(bc));
            assertEquals(byPacket.routed(), byBurst.routed());
        }
        assertEquals(0, pool.inUseCount(), "every mbuf went back to the pool");
    }

    /**
     * Where each packet of a burst is after routing: as received, but under ACL the IPv4 frames (EtherType 0x0800)
     * first, as l3fwd's ACL loop sends them.
     *
     * @return for each place, the index of the frame there
     */
    private static int[] order(final List<byte[]> burst, final LpmRouter.Lookup lookup)
    {
        final List<Integer> first = new ArrayList<>();
        final List<Integer> then = new ArrayList<>();
        for (int i = 0; i < burst.size(); i++)
        {
            final byte[] f = burst.get(i);
            final boolean ipv4 = f.length >= ETH && f[12] == 0x08 && f[13] == 0x00;
            (lookup == LpmRouter.Lookup.ACL && !ipv4 ? then : first).add(i);
        }
        first.addAll(then);
        return first.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Routes {@code frames} in bursts of up to 32 through one router and one by one (heap copies) through another,
     * both looking up with {@code lookup} and making {@code checks}, and compares everything. @return how many went to port 0..2 ([0]), back out of the input port on a miss
     * ([1]), were dropped ([2]) and were neither IPv4 nor IPv6 ([3])
     */
    private static int[] compare(final List<byte[]> frames, final int rxPort, final LpmRouter.Lookup lookup,
        final LpmRouter.Checks checks)
    {
        final LpmRouter byBurst = router(lookup, checks, 0);
        final LpmRouter byPacket = router(lookup, checks, 0);
        final int[] seen = new int[4];
        final int[] ports = new int[BURST];
        final Mbuf mbuf = new Mbuf();
        try (MbufBurst burst = new MbufBurst(BURST))
        {
            for (int from = 0; from < frames.size(); from += BURST)
            {
                final int n = Math.min(BURST, frames.size() - from);
                assertTrue(burst.allocFrom(pool, n));
                for (int i = 0; i < n; i++)
                {
                    final byte[] frame = frames.get(from + i);
                    assertTrue(burst.mbuf(i, mbuf).length(frame.length));
                    mbuf.putBytes(0, frame, 0, frame.length);
                }
                final long used = byBurst.route(burst, n, rxPort, ports);
                long expectedUsed = 0;
                final int[] order = order(frames.subList(from, from + n), lookup);
                for (int i = 0; i < n; i++)
                {
                    final byte[] expected = frames.get(from + order[i]).clone();
                    final long missesBefore = byPacket.lpmMisses() + byPacket.lpm6Misses();
                    final int port = byPacket.route(MemorySegment.ofArray(expected), 0, expected.length, rxPort);
                    assertEquals(port, ports[i], "port of frame " + (from + i));
                    assertArrayEquals(expected, burst.mbuf(i, mbuf).toByteArray(), "bytes of frame " + (from + i));
                    seen[port < 0 ? 2 : byPacket.lpmMisses() + byPacket.lpm6Misses() > missesBefore ? 1 : 0]++;
                    expectedUsed |= port < 0 ? LpmRouter.SOME_DROPPED : 1L << port;
                }
                assertEquals(expectedUsed, used, "the burst's output ports and drop bit");
                burst.freeAll();
            }
        }
        assertEquals(byPacket.routed(), byBurst.routed());
        assertEquals(byPacket.lpmMisses(), byBurst.lpmMisses());
        assertEquals(byPacket.routed6(), byBurst.routed6());
        assertEquals(byPacket.lpm6Misses(), byBurst.lpm6Misses());
        assertEquals(byPacket.nonIp(), byBurst.nonIp());
        for (int code = LpmRouter.BAD_HEADER; code >= LpmRouter.ACL_DROPPED; code--)
        {
            assertEquals(byPacket.drops(code), byBurst.drops(code), LpmRouter.dropName(code));
        }
        seen[3] = (int)byPacket.nonIp();
        assertEquals(0, pool.inUseCount(), "every mbuf went back to the pool");
        return seen;
    }
}
