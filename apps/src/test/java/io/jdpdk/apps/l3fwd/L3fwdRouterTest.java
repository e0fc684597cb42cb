package io.jdpdk.apps.l3fwd;

import io.jdpdk.eal.raw.Memory;
import io.jdpdk.lpm.IpAddress;
import io.jdpdk.lpm.Lpm4;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;

import static io.jdpdk.apps.l3fwd.L3fwdFrames.ETH;
import static io.jdpdk.apps.l3fwd.L3fwdFrames.TTL;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * l3fwd's per-packet routing ({@link LpmRouter}) on frames in heap and native memory, no EAL: DPDK's default
 * table on ports 0-3 enabled, checked against checksums and TTLs computed by the test from the bytes. Most tests
 * hold the RFC 1812 checks ({@link #router()}) to RFC 1812 and RFC 1624; those named for DPDK's l3fwd hold the
 * default checks ({@link #l3fwdRouter()}) to what DPDK l3fwd's {@code rfc1812_process} does to the bytes.
 */
class L3fwdRouterTest
{
    private static final long ENABLED = 0b1111;
    private static final long[] ETH_DEST = new long[L3fwdConfig.MAX_PORTS];
    private static final long[] PORT_MAC = new long[L3fwdConfig.MAX_PORTS];
    private static Lpm4 lpm;

    @BeforeAll
    static void setUp()
    {
        lpm = new Lpm4(RouteTable.L3FWD_MAX_RULES, RouteTable.L3FWD_NUMBER_TBL8S);
        RouteTable.addTo(lpm, RouteTable.defaultIpv4Routes(), ENABLED);
        for (int port = 0; port < L3fwdConfig.MAX_PORTS; port++)
        {
            ETH_DEST[port] = 0x02_00_00_00_00_00L | port;
            PORT_MAC[port] = 0x0A_00_00_00_00_00L | port << 8;
        }
    }

    /** RFC 1812's checks. */
    private static LpmRouter router()
    {
        return new LpmRouter(lpm, null, ENABLED, ETH_DEST, PORT_MAC, LpmRouter.Checks.RFC1812, 0);
    }

    /** DPDK l3fwd's checks, the default. */
    private static LpmRouter l3fwdRouter()
    {
        return new LpmRouter(lpm, null, ENABLED, ETH_DEST, PORT_MAC);
    }

    /**
     * What DPDK's l3fwd leaves in an IPv4 frame it forwards, but the MACs: {@code --(ipv4_hdr->time_to_live);
     * ++(ipv4_hdr->hdr_checksum);}, the checksum a {@code uint16_t} in memory on a little-endian CPU.
     */
    private static byte[] asL3fwdLeavesIt(final byte[] in)
    {
        final byte[] out = in.clone();
        out[TTL]--;
        final int checksum = ((in[L3fwdFrames.CHECKSUM] & 0xFF) | (in[L3fwdFrames.CHECKSUM + 1] & 0xFF) << 8) + 1;
        out[L3fwdFrames.CHECKSUM] = (byte)checksum;
        out[L3fwdFrames.CHECKSUM + 1] = (byte)(checksum >>> 8);
        return out;
    }

    /** Routes a copy of {@code in} and checks that it left for {@code port} as DPDK's l3fwd leaves it. */
    private static void assertForwardedAsL3fwd(final LpmRouter router, final byte[] in, final int port,
        final String what)
    {
        final byte[] frame = in.clone();
        assertEquals(port, route(router, frame, 0), what);
        final byte[] expected = asL3fwdLeavesIt(in);
        System.arraycopy(frame, 0, expected, 0, 12); // the MACs, checked elsewhere
        assertArrayEquals(expected, frame, what);
        assertEquals(ETH_DEST[port], L3fwdFrames.destinationMac(frame), what);
        assertEquals(PORT_MAC[port], L3fwdFrames.sourceMac(frame), what);
    }

    @Test
    void shouldForwardTtlOneAndZeroAndBadChecksumsAsDpdksL3fwdDoes()
    {
        final LpmRouter router = l3fwdRouter();
        final byte[] good = L3fwdFrames.ipv4("198.18.1.1", 64, 1);
        assertForwardedAsL3fwd(router, good, 1, "TTL 64");
        assertForwardedAsL3fwd(router, L3fwdFrames.ipv4("198.18.1.1", 1, 2), 1, "TTL 1 leaves with TTL 0");
        final byte[] zero = L3fwdFrames.ipv4("198.18.2.1", 0, 3);
        assertForwardedAsL3fwd(router, zero, 2, "TTL 0 leaves with TTL 255");
        assertForwardedAsL3fwd(router, L3fwdFrames.with(good, L3fwdFrames.CHECKSUM + 1,
            good[L3fwdFrames.CHECKSUM + 1] ^ 1, false), 1, "bad checksum");
        final byte[] carries = L3fwdFrames.with(good, L3fwdFrames.CHECKSUM, 0xFF, false);
        assertForwardedAsL3fwd(router, carries, 1, "0xFFxx: the carry goes into the second byte");
        assertForwardedAsL3fwd(router, L3fwdFrames.with(carries, L3fwdFrames.CHECKSUM + 1, 0xFF, false), 1,
            "0xFFFF: l3fwd's 16-bit increment wraps to 0x0000");
        final byte[] edge = L3fwdFrames.with(good, L3fwdFrames.CHECKSUM, 0xFE, false);
        assertForwardedAsL3fwd(router, L3fwdFrames.with(edge, L3fwdFrames.CHECKSUM + 1, 0xFF, false), 1,
            "0xFEFF becomes 0xFFFF, where RFC 1624 would write 0x0000");
        assertEquals(0, router.drops(LpmRouter.TTL_EXCEEDED) + router.drops(LpmRouter.BAD_CHECKSUM));
        assertEquals(7, router.routed());
    }

    @Test
    void shouldDropOnlyTheIpv4HeadersDpdksL3fwdDropsAndFramesTooShortToRead()
    {
        final LpmRouter router = l3fwdRouter();
        final byte[] good = L3fwdFrames.ipv4("198.18.1.1", 64, 1);
        final byte[][] dropped = {
            L3fwdFrames.with(good, ETH, 0x65, true),                       // version 6 in an IPv4 frame
            L3fwdFrames.with(good, ETH, 0x44, true),                       // IHL 4 (16 bytes)
            L3fwdFrames.with(good, ETH, 0x55, true),                       // version 5
            L3fwdFrames.withTotalLength(good, 19),                         // Total Length below 20
            java.util.Arrays.copyOf(good, ETH + 19),                       // too short to read the header
            java.util.Arrays.copyOf(good, 13),                             // too short for Ethernet
        };
        for (int i = 0; i < dropped.length; i++)
        {
            final byte[] frame = dropped[i].clone();
            assertEquals(LpmRouter.BAD_HEADER, route(router, frame, 0), "frame " + i);
            assertArrayEquals(dropped[i], frame, "frame " + i + " is left as it was");
        }
        // What l3fwd forwards although RFC 1812 would not: the destination is read at offset 16 whatever the IHL.
        assertForwardedAsL3fwd(router, L3fwdFrames.withTotalLength(L3fwdFrames.ipv4WithIhl("198.18.3.1", 64, 2, 6),
            22), 3, "Total Length below IHL * 4");
        assertForwardedAsL3fwd(router, L3fwdFrames.withTotalLength(good, good.length - ETH + 1), 1,
            "Total Length past the frame");
        assertForwardedAsL3fwd(router, L3fwdFrames.with(good, ETH, 0x4F, false), 1, "IHL 15 with no options there");
        assertForwardedAsL3fwd(router, java.util.Arrays.copyOf(good, ETH + 20), 1, "the header and nothing else");
        assertEquals(dropped.length, router.drops(LpmRouter.BAD_HEADER));
        assertEquals(4, router.routed());
    }

    @Test
    void shouldRouteIpv6WhoseHeaderLiesByItsDestinationAsDpdksL3fwdDoes()
    {
        final LpmRouter router = l3fwdRouter();
        final byte[] lying = L3fwdFrames.ipv6();
        lying[L3fwdFrames.ETH + 5] = 19; // payload length one byte past the frame
        lying[L3fwdFrames.ETH + 6] = 0;  // and a hop-by-hop header that is not there
        final byte[] frame = lying.clone();
        assertEquals(2, route(router, frame, 2), "no IPv6 table: a miss, back out of the input port");
        assertTrue(L3fwdFrames.sameApartFromRewrite(lying, frame, false), "hop limit and all else left alone");
        assertEquals(LpmRouter.BAD_HEADER, route(router, java.util.Arrays.copyOf(lying, ETH + 39), 2),
            "too short to read the destination");
        assertEquals(1, router.routed6());
    }

    private static int route(final LpmRouter router, final byte[] frame, final int rxPort)
    {
        return router.route(MemorySegment.ofArray(frame), 0, frame.length, rxPort);
    }

    @Test
    void shouldRouteEachDefaultRouteToItsPortWithTtlDecrementedChecksumPatchedAndMacsRewritten()
    {
        final LpmRouter router = router();
        for (int port = 0; port < 4; port++)
        {
            final byte[] in = L3fwdFrames.ipv4("198.18." + port + ".77", 64, 100 + port);
            final byte[] frame = in.clone();
            assertEquals(port, route(router, frame, 3 - port));
            assertEquals(63, L3fwdFrames.ttl(frame));
            assertEquals(L3fwdFrames.headerChecksum(frame), L3fwdFrames.checksumField(frame));
            assertEquals(ETH_DEST[port], L3fwdFrames.destinationMac(frame));
            assertEquals(PORT_MAC[port], L3fwdFrames.sourceMac(frame));
            assertTrue(L3fwdFrames.sameApartFromRewrite(in, frame, true));
        }
        assertEquals(4, router.routed());
        assertEquals(0, router.lpmMisses());
    }

    @Test
    void shouldSendALookupMissBackOutOfTheInputPort()
    {
        final LpmRouter router = router();
        final byte[] frame = L3fwdFrames.ipv4("10.1.2.3", 9, 7);
        assertEquals(2, route(router, frame, 2));
        assertEquals(8, L3fwdFrames.ttl(frame));
        assertEquals(L3fwdFrames.headerChecksum(frame), L3fwdFrames.checksumField(frame));
        assertEquals(ETH_DEST[2], L3fwdFrames.destinationMac(frame));
        assertEquals(PORT_MAC[2], L3fwdFrames.sourceMac(frame));
        assertEquals(1, router.lpmMisses());
    }

    @Test
    void shouldNotRouteToPortsOutsideTheEnabledSetEvenWhenTheTableSaysSo()
    {
        final Lpm4 table = new Lpm4(16, 0);
        table.add(IpAddress.parseIpv4("198.18.9.0"), 24, 9);
        final LpmRouter router = new LpmRouter(table, null, ENABLED, ETH_DEST, PORT_MAC);
        final byte[] in = L3fwdFrames.ipv4("198.18.9.1", 64, 1);
        final byte[] frame = in.clone();
        assertEquals(LpmRouter.PORT_NOT_ENABLED, route(router, frame, 0));
        assertArrayEquals(in, frame, "a dropped frame is left as it was");
        assertEquals(1, router.drops(LpmRouter.PORT_NOT_ENABLED));
    }

    @Test
    void shouldDropTtlOneAndZeroAndForwardTtlTwoAsOne()
    {
        final LpmRouter router = router();
        assertEquals(LpmRouter.TTL_EXCEEDED, route(router, L3fwdFrames.ipv4("198.18.1.1", 1, 1), 0));
        assertEquals(LpmRouter.TTL_EXCEEDED, route(router, L3fwdFrames.ipv4("198.18.1.1", 0, 2), 0));
        final byte[] two = L3fwdFrames.ipv4("198.18.1.1", 2, 3);
        assertEquals(1, route(router, two, 0));
        assertEquals(1, L3fwdFrames.ttl(two));
        assertEquals(L3fwdFrames.headerChecksum(two), L3fwdFrames.checksumField(two));
        assertEquals(2, router.drops(LpmRouter.TTL_EXCEEDED));
    }

    @Test
    void shouldDropEveryMalformedIpv4HeaderAsBadHeader()
    {
        final LpmRouter router = router();
        final byte[] good = L3fwdFrames.ipv4("198.18.1.1", 64, 1);
        final byte[][] bad = {
            L3fwdFrames.with(good, ETH, 0x65, true),                       // version 6 in an IPv4 frame
            L3fwdFrames.with(good, ETH, 0x44, true),                       // IHL 4 (16 bytes)
            L3fwdFrames.withTotalLength(good, 19),                         // Total Length below 20
            L3fwdFrames.withTotalLength(L3fwdFrames.ipv4WithIhl("198.18.1.1", 64, 2, 6), 22), // below IHL * 4
            L3fwdFrames.withTotalLength(good, good.length - ETH + 1),      // truncated: longer than the frame
            java.util.Arrays.copyOf(good, ETH + 19),                       // frame too short for a header
            java.util.Arrays.copyOf(good, 13),                             // frame too short for Ethernet
        };
        for (int i = 0; i < bad.length; i++)
        {
            final byte[] frame = bad[i].clone();
            assertEquals(LpmRouter.BAD_HEADER, route(router, frame, 0), "bad frame " + i);
            assertArrayEquals(bad[i], frame, "bad frame " + i + " is left as it was");
        }
        assertEquals(bad.length, router.drops(LpmRouter.BAD_HEADER));
        assertEquals(0, router.routed());
    }

    @Test
    void shouldDropABadHeaderChecksum()
    {
        final LpmRouter router = router();
        final byte[] good = L3fwdFrames.ipv4("198.18.1.1", 64, 1);
        final byte[] bad = L3fwdFrames.with(good, L3fwdFrames.CHECKSUM + 1, good[L3fwdFrames.CHECKSUM + 1] ^ 1, false);
        assertEquals(LpmRouter.BAD_CHECKSUM, route(router, bad, 0));
        assertEquals(1, router.drops(LpmRouter.BAD_CHECKSUM));
    }

    @Test
    void shouldForwardHeadersWithOptionsAndFramesWithEthernetPadding()
    {
        final LpmRouter router = router();
        final byte[] options = L3fwdFrames.ipv4WithIhl("198.18.3.1", 30, 4, 15);
        assertEquals(3, route(router, options, 0));
        assertEquals(L3fwdFrames.headerChecksum(options), L3fwdFrames.checksumField(options));
        final byte[] padded = L3fwdFrames.ipv4("198.18.2.1", 30, 5, 0);
        assertEquals(60, padded.length, "28 IP bytes in a 60-byte frame");
        assertEquals(2, route(router, padded, 0));
        assertEquals(29, L3fwdFrames.ttl(padded));
    }

    @Test
    void shouldSendIpv6WithoutARouteAndArpBackOutOfTheInputPort()
    {
        final LpmRouter router = router();
        final byte[] ipv6In = L3fwdFrames.ipv6();
        final byte[] ipv6 = ipv6In.clone();
        assertEquals(1, route(router, ipv6, 1), "no IPv6 table: a miss");
        assertTrue(L3fwdFrames.sameApartFromRewrite(ipv6In, ipv6, false), "hop limit and all else left alone");
        assertEquals(1, router.routed6());
        assertEquals(1, router.lpm6Misses());
        final byte[] lying = L3fwdFrames.ipv6();
        lying[L3fwdFrames.ETH + 5] = 19; // payload length one byte past the frame
        assertEquals(LpmRouter.BAD_HEADER, route(router, lying, 1));
        final byte[] in = L3fwdFrames.arp();
        final byte[] arp = in.clone();
        assertEquals(1, route(router, arp, 1));
        assertEquals(ETH_DEST[1], L3fwdFrames.destinationMac(arp));
        assertEquals(PORT_MAC[1], L3fwdFrames.sourceMac(arp));
        assertTrue(L3fwdFrames.sameApartFromRewrite(in, arp, false));
        assertEquals(1, router.nonIp());
    }

    @Test
    void shouldPatchTheChecksumAsARecomputationWouldForRandomHeaders()
    {
        // RFC 1624's incremental update must agree with a checksum computed afresh for every header, including
        // those whose checksum carries around (0xFFxx) and TTL 2 -> 1.
        final LpmRouter router = router();
        final SplittableRandom random = new SplittableRandom(1812);
        for (int i = 0; i < 20_000; i++)
        {
            final byte[] frame = L3fwdFrames.ipv4("198.18." + random.nextInt(4) + "." + random.nextInt(256),
                2 + random.nextInt(254), random.nextInt(0x10000));
            for (int b = ETH + 12; b < ETH + 16; b++)
            {
                frame[b] = (byte)random.nextInt(256); // random source address moves the checksum everywhere
            }
            frame[ETH + 1] = (byte)random.nextInt(256);
            L3fwdFrames.setChecksum(frame);
            final int ttl = L3fwdFrames.ttl(frame);
            route(router, frame, 0);
            assertEquals(ttl - 1, frame[TTL] & 0xFF);
            assertEquals(L3fwdFrames.headerChecksum(frame), L3fwdFrames.checksumField(frame), "frame " + i);
        }
        assertEquals(20_000, router.routed());
    }

    @Test
    void shouldRouteFramesInNativeMemoryAsOnTheHeap()
    {
        final LpmRouter router = router();
        try (Arena arena = Arena.ofConfined())
        {
            final byte[] in = L3fwdFrames.ipv4("198.18.2.200", 64, 9);
            final MemorySegment frameMemory = arena.allocate(128);
            MemorySegment.copy(in, 0, frameMemory, ValueLayout.JAVA_BYTE, 40, in.length);
            assertEquals(2, router.route(Memory.ALL, frameMemory.address() + 40,
                in.length, 0));
            final byte[] out = frameMemory.asSlice(40, in.length).toArray(ValueLayout.JAVA_BYTE);
            final byte[] heap = in.clone();
            assertEquals(2, route(router, heap, 0));
            assertArrayEquals(heap, out);
            assertEquals(0, frameMemory.get(ValueLayout.JAVA_BYTE, 39), "nothing written before the frame");
            assertEquals(0, frameMemory.get(ValueLayout.JAVA_BYTE, 40 + in.length), "nor after it");
        }
    }
}
