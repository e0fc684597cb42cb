package io.jdpdk.mempool.header;

import io.jdpdk.eal.TestEal;
import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.Mempool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static io.jdpdk.mempool.header.Packets.DNS_QUERY_UDP_IPV4;
import static io.jdpdk.mempool.header.Packets.TCP_SYN_IPV4;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The views and the parser over real mbufs from a DPDK pool: the Memory.ALL path with absolute addresses. */
class MbufHeaderViewTest
{
    private static Mempool pool;

    @BeforeAll
    static void createPool()
    {
        TestEal.get();
        pool = Mempool.create("hdr_views_" + ProcessHandle.current().pid(), 63, 0);
    }

    @AfterAll
    static void closePool()
    {
        pool.close();
    }

    @Test
    void shouldParseAndRewriteAFrameInAnMbuf()
    {
        final Mbuf mbuf = frameInMbuf(TCP_SYN_IPV4);
        try
        {
            final PacketParser parser = new PacketParser();
            assertEquals(PacketParser.OK, parser.parse(mbuf));
            assertEquals(34, parser.l4Offset());
            assertEquals(mbuf.dataAddress() + 34, parser.tcp().base());

            final Ipv4View ip = new Ipv4View();
            final TcpView tcp = new TcpView();
            assertTrue(ip.wrap(mbuf, parser.l3Offset()));
            assertTrue(tcp.wrap(mbuf, parser.l4Offset()));
            assertTrue(Checksums.verifyTcp(ip, tcp));

            ip.swapAddresses();
            tcp.swapPorts();
            assertEquals(63, ip.decrementTtl());

            final byte[] data = mbuf.toByteArray();
            assertEquals(0x5DB8_D822, Packets.u16(data, 26) << 16 | Packets.u16(data, 28));
            assertEquals(80, Packets.u16(data, 34));
            assertEquals(63, data[22]);
            assertTrue(Checksums.verifyIpv4Header(ip));
            assertTrue(Checksums.verifyTcp(ip, tcp));
        }
        finally
        {
            mbuf.free();
        }
    }

    @Test
    void shouldBoundMbufViewsByDataLen()
    {
        final Mbuf mbuf = frameInMbuf(Arrays.copyOf(DNS_QUERY_UDP_IPV4, 40));
        try
        {
            final EthernetView ethernet = new EthernetView();
            final Ipv4View ip = new Ipv4View();
            assertTrue(ethernet.wrap(mbuf, 0));
            assertEquals(40, ethernet.limit());
            assertFalse(ip.wrap(mbuf, 14), "Total Length 57 lies beyond data_len");
            assertFalse(ethernet.wrap(mbuf, 41));
            assertFalse(ethernet.wrap(mbuf, -1));
            assertTrue(new IcmpView().wrap(mbuf, 32));
            assertFalse(new IcmpView().wrap(mbuf, 33));
            assertEquals(PacketParser.TRUNCATED, new PacketParser().parse(mbuf));
        }
        finally
        {
            mbuf.free();
        }
    }

    @Test
    void shouldSwapMacAddressesInPlace()
    {
        final Mbuf mbuf = frameInMbuf(DNS_QUERY_UDP_IPV4);
        try
        {
            final EthernetView ethernet = new EthernetView();
            assertTrue(ethernet.wrap(mbuf, 0));

            ethernet.swapAddresses();

            final byte[] expected = DNS_QUERY_UDP_IPV4.clone();
            System.arraycopy(DNS_QUERY_UDP_IPV4, 6, expected, 0, 6);
            System.arraycopy(DNS_QUERY_UDP_IPV4, 0, expected, 6, 6);
            assertArrayEquals(expected, mbuf.toByteArray());
        }
        finally
        {
            mbuf.free();
        }
    }

    @Test
    void shouldSwapMacAddressesOfAnMbufWithoutAViewDownToTwelveBytesAndNoFurther()
    {
        // This fork has jdk.incubator.vector (mempool/pom.xml): 16 bytes and more take the Vector API's
        // load-shuffle-store, fewer the two 8-byte loads and stores.
        assertTrue(EthernetView.swapsWithVectorApi(), "the mbuf-views fork runs with --add-modules jdk.incubator.vector");
        for (final int length : new int[] {DNS_QUERY_UDP_IPV4.length, 17, 16, 15, 14, 13, 12})
        {
            final Mbuf mbuf = frameInMbuf(Arrays.copyOf(DNS_QUERY_UDP_IPV4, length));
            try
            {
                assertTrue(EthernetView.swapAddresses(mbuf), "length " + length);

                final byte[] expected = Arrays.copyOf(DNS_QUERY_UDP_IPV4, length);
                System.arraycopy(DNS_QUERY_UDP_IPV4, 6, expected, 0, 6);
                System.arraycopy(DNS_QUERY_UDP_IPV4, 0, expected, 6, 6);
                assertArrayEquals(expected, mbuf.toByteArray(), "length " + length);
            }
            finally
            {
                mbuf.free();
            }
        }
        final Mbuf runt = frameInMbuf(Arrays.copyOf(DNS_QUERY_UDP_IPV4, 11));
        try
        {
            assertFalse(EthernetView.swapAddresses(runt), "11 bytes cannot hold both addresses");
            assertArrayEquals(Arrays.copyOf(DNS_QUERY_UDP_IPV4, 11), runt.toByteArray());
        }
        finally
        {
            runt.free();
        }
    }

    /**
     * 50,000 swaps of frames of 12 to 80 bytes, enough for C2 to compile {@code swapAddresses} (in this fork with
     * the Vector API's intrinsics, {@code vpshufb}), each compared with the swap done by hand: the compiled paths
     * give the same bytes as the interpreted ones, and touch nothing past the addresses.
     */
    @Test
    void shouldSwapTheSameWhenCompiled()
    {
        final java.util.SplittableRandom random = new java.util.SplittableRandom(0x5EED);
        final long address = pool.alloc();
        assertTrue(address != 0, "pool empty");
        final Mbuf mbuf = new Mbuf().wrap(address);
        try
        {
            for (int round = 0; round < 50_000; round++)
            {
                final byte[] frame = new byte[12 + random.nextInt(69)];
                random.nextBytes(frame);
                mbuf.reset();
                assertTrue(mbuf.append(frame.length));
                mbuf.putBytes(0, frame, 0, frame.length);
                EthernetView.swapAddresses(mbuf);
                final byte[] expected = frame.clone();
                System.arraycopy(frame, 6, expected, 0, 6);
                System.arraycopy(frame, 0, expected, 6, 6);
                if (!Arrays.equals(expected, mbuf.toByteArray()))
                {
                    assertArrayEquals(expected, mbuf.toByteArray(), "round " + round + ", length " + frame.length);
                }
            }
        }
        finally
        {
            mbuf.free();
        }
    }

    private static Mbuf frameInMbuf(final byte[] frame)
    {
        final long address = pool.alloc();
        assertTrue(address != 0, "pool empty");
        final Mbuf mbuf = new Mbuf().wrap(address);
        assertTrue(mbuf.append(frame.length));
        mbuf.putBytes(0, frame, 0, frame.length);
        return mbuf;
    }
}
