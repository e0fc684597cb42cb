package io.jdpdk.mempool;

import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.TestEal;
import io.jdpdk.eal.raw.LayoutCheck;
import io.jdpdk.mempool.raw.MbufRaw;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MempoolTest
{
    private static int seq;

    @BeforeAll
    static void eal()
    {
        TestEal.get();
    }

    private static Mempool pool(final int n, final int cache)
    {
        return Mempool.create("mp_test_" + (++seq), n, cache);
    }

    @Test
    void shouldMatchRteMbufLayoutOfInstalledHeaders()
    {
        assertEquals(java.util.List.of(), LayoutCheck.mismatches("rte_mbuf", MbufRaw.RTE_MBUF));
    }

    @Test
    void shouldCountMbufsInUseAndReturnToZeroAfterFree()
    {
        try (Mempool pool = pool(1023, 0))
        {
            assertEquals(1023, pool.size());
            assertEquals(0, pool.inUseCount());
            assertEquals(MbufRaw.MBUF_DEFAULT_BUF_SIZE, pool.dataRoomSize());
            final long m = pool.alloc();
            assertNotEquals(0, m);
            assertEquals(1, pool.inUseCount());
            assertEquals(1022, pool.availableCount());
            new Mbuf().wrap(m).free();
            assertEquals(0, pool.inUseCount());
        }
    }

    @Test
    void shouldAllocAndFreeBurstsInBulkAllOrNothing()
    {
        try (Mempool pool = pool(63, 0); MbufBurst burst = new MbufBurst(64))
        {
            assertTrue(burst.allocFrom(pool, 32));
            assertEquals(32, burst.count());
            assertEquals(32, pool.inUseCount());
            assertFalse(burst.allocFrom(pool, 64), "only 31 left: nothing allocated");
            assertEquals(0, burst.count());
            assertEquals(32, pool.inUseCount(), "the failed bulk alloc took nothing, and the first 32 are still out");
            burst.count(0);
            final MbufBurst second = new MbufBurst(32);
            assertTrue(second.allocFrom(pool, 31));
            assertEquals(63, pool.inUseCount());
            second.freeAll();
            assertEquals(32, pool.inUseCount());
            second.close();
        }
    }

    @Test
    void shouldUsePerLcoreCacheWithoutLosingCount()
    {
        try (Mempool pool = pool(4095, 256); MbufBurst burst = new MbufBurst(256))
        {
            for (int i = 0; i < 100; i++)
            {
                assertTrue(burst.allocFrom(pool, 256));
                burst.freeAll();
            }
            assertEquals(0, pool.inUseCount());
            assertEquals(256, pool.cacheSize());
        }
    }

    @Test
    void shouldRejectBadSizesBeforeTouchingDpdk()
    {
        assertThrows(IllegalArgumentException.class, () -> Mempool.create("bad0", 0, 0));
        assertThrows(IllegalArgumentException.class, () -> Mempool.create("bad1", 100, 513));
        assertThrows(IllegalArgumentException.class, () -> Mempool.create("bad2", 100, 80));
        assertThrows(IllegalArgumentException.class, () -> Mempool.create("bad3", 100, 0, 70000, -1));
    }

    @Test
    void shouldReportDpdkErrorForDuplicateNameOrNoMemory()
    {
        try (Mempool pool = pool(127, 0))
        {
            final DpdkException dup = assertThrows(DpdkException.class, () -> Mempool.create(pool.name(), 127, 0));
            assertEquals(17, dup.errno(), dup.getMessage()); // EEXIST
            assertTrue(dup.getMessage().contains("File exists"), dup.getMessage());
        }
        final DpdkException huge = assertThrows(DpdkException.class,
            () -> Mempool.create("mp_too_big", 100_000_000, 0, 65535, -1));
        assertEquals(12, huge.errno(), huge.getMessage()); // ENOMEM
    }

    @Test
    void shouldBoundEveryDataAccessByDataLen()
    {
        try (Mempool pool = pool(127, 0))
        {
            final Mbuf m = new Mbuf().wrap(pool.alloc());
            assertEquals(0, m.dataLen());
            assertEquals(MbufRaw.PKTMBUF_HEADROOM, m.headroom());
            assertThrows(IndexOutOfBoundsException.class, () -> m.getByte(0));
            assertTrue(m.append(60));
            assertEquals(60, m.dataLen());
            assertEquals(60, m.pktLen());
            m.putInt(56, 0xCAFEBABE);
            assertEquals(0xCAFEBABE, m.getInt(56));
            assertEquals(0xCAFE, m.getShort(56));
            assertThrows(IndexOutOfBoundsException.class, () -> m.getInt(57));
            assertThrows(IndexOutOfBoundsException.class, () -> m.putByte(60, 1));
            assertThrows(IndexOutOfBoundsException.class, () -> m.getByte(-1));
            assertThrows(IndexOutOfBoundsException.class, () -> m.getBytes(0, new byte[61], 0, 61));
            m.free();
            assertEquals(0, pool.inUseCount());
        }
    }

    @Test
    void shouldSetTxOffloadLengthsInTheirOwnBitsOnly()
    {
        try (Mempool pool = pool(127, 0))
        {
            final Mbuf m = new Mbuf().wrap(pool.alloc());
            m.txOffload(-1L);
            m.l2l3Len(14, 20);
            assertEquals(14, m.l2Len());
            assertEquals(20, m.l3Len());
            assertEquals(-1L << 16, m.txOffload() & ~0xFFFFL, "l4_len, tso_segsz and outer lengths untouched");
            m.l2l3Len(0x80 | 18, 0x200 | 40);
            assertEquals(18, m.l2Len(), "only the low 7 bits");
            assertEquals(40, m.l3Len(), "only the low 9 bits");
            m.l4Len(20).l2Len(22);
            assertEquals(20, m.l4Len());
            assertEquals(22, m.l2Len());
            assertEquals(40, m.l3Len());
            m.free();
            assertEquals(0, pool.inUseCount());
        }
    }

    @Test
    void shouldPrependAppendAdjAndTrimWithinRoomOnly()
    {
        try (Mempool pool = pool(127, 0))
        {
            final Mbuf m = new Mbuf().wrap(pool.alloc());
            final int room = m.tailroom();
            assertEquals(MbufRaw.MBUF_DEFAULT_BUF_SIZE - MbufRaw.PKTMBUF_HEADROOM, room);
            assertFalse(m.append(room + 1));
            assertTrue(m.append(100));
            m.putBytes(0, new byte[] { 1, 2, 3, 4 }, 0, 4);
            assertTrue(m.prepend(14));
            assertEquals(114, m.dataLen());
            assertEquals(MbufRaw.PKTMBUF_HEADROOM - 14, m.headroom());
            assertEquals(1, m.getByte(14));
            assertFalse(m.prepend(MbufRaw.PKTMBUF_HEADROOM));
            assertTrue(m.adj(14));
            assertArrayEquals(new byte[] { 1, 2, 3, 4 }, java.util.Arrays.copyOf(m.toByteArray(), 4));
            assertTrue(m.trim(96));
            assertEquals(4, m.pktLen());
            assertFalse(m.trim(5));
            assertFalse(m.adj(5));
            assertEquals(4, m.dataLen(), "failed operations change nothing");
            m.free();
        }
    }

    @Test
    void shouldFreeOnlyWhenLastReferenceIsDropped()
    {
        try (Mempool pool = pool(127, 0))
        {
            final Mbuf m = new Mbuf().wrap(pool.alloc());
            final long address = m.address();
            assertEquals(1, m.refcnt());
            assertEquals(2, m.refcntUpdate(1));
            m.free();
            assertEquals(1, pool.inUseCount(), "one reference left");
            m.wrap(address);
            assertEquals(1, m.refcnt());
            m.free();
            assertEquals(0, pool.inUseCount());
        }
    }

    @Test
    void shouldChainSegmentsAsRtePktmbufChainAndFreeThemWithTheHead()
    {
        try (Mempool pool = pool(127, 0))
        {
            final Mbuf head = new Mbuf().wrap(pool.alloc());
            final Mbuf second = new Mbuf().wrap(pool.alloc());
            final Mbuf third = new Mbuf().wrap(pool.alloc());
            assertTrue(head.length(10) && second.length(20) && third.length(30));
            assertTrue(second.chain(third.address()), "a two-segment tail");
            assertEquals(2, second.nbSegs());
            assertEquals(50, second.pktLen());
            assertTrue(head.chain(second.address()));
            assertEquals(3, head.nbSegs());
            assertEquals(60, head.pktLen());
            assertEquals(10, head.dataLen(), "data_len is per segment");
            assertEquals(second.address(), head.next());
            assertEquals(third.address(), second.next());
            assertEquals(0, third.next());
            assertEquals(20, second.pktLen(), "tail's pkt_len becomes its data_len, as rte_pktmbuf_chain leaves it");
            assertTrue(head.append(5), "append grows the last segment");
            assertEquals(35, third.dataLen());
            assertEquals(65, head.pktLen());
            assertEquals(3, pool.inUseCount());
            head.free();
            assertEquals(0, pool.inUseCount(), "freeing the head frees every segment");
        }
    }

    @Test
    void shouldKeepUnsentTailAfterConsumeAndFreeFrom()
    {
        try (Mempool pool = pool(127, 0); MbufBurst burst = new MbufBurst(8))
        {
            assertTrue(burst.allocFrom(pool, 8));
            final long fifth = burst.get(5);
            burst.consume(5);
            assertEquals(3, burst.count());
            assertEquals(fifth, burst.get(0));
            burst.freeFrom(1);
            assertEquals(1, burst.count());
            assertEquals(5 + 1, pool.inUseCount(), "5 consumed (still out: simulated sent) + 1 kept");
            burst.freeAll();
            assertThrows(IndexOutOfBoundsException.class, () -> burst.get(8));
            assertThrows(IndexOutOfBoundsException.class, () -> burst.count(9));
        }
    }

    @Test
    void shouldMakePoolsOnAnonymousMemoryPinnedBuffersAndAnExternalHeapWhoseMbufsWork()
    {
        try (Mempool anon = Mempool.createAnonymous("mp_anon_" + (++seq), 1023, 0, MbufRaw.MBUF_DEFAULT_BUF_SIZE, 0,
            Mempool.F_NO_IOVA_CONTIG))
        {
            assertTrue(anon.memoryChunks().length > 0, "populated from anonymous memory");
            assertAllocFreeWorks(anon);
        }
        final String pinnedName = "mp_xbuf_" + (++seq);
        try (Mempool pinned = Mempool.createPinned(pinnedName, 2047, 0, MbufRaw.MBUF_DEFAULT_BUF_SIZE, 0))
        {
            assertAllocFreeWorks(pinned);
        }
        // Its memzones went with it: the same name again reserves them again.
        Mempool.createPinned(pinnedName, 2047, 0, MbufRaw.MBUF_DEFAULT_BUF_SIZE, 0).close();

        final String heap = "jdpdk_heap_" + (++seq);
        assertEquals(-1, io.jdpdk.eal.MallocHeap.socketOf(heap));
        io.jdpdk.eal.MallocHeap.create(heap);
        final int socket = io.jdpdk.eal.MallocHeap.socketOf(heap);
        assertTrue(socket >= 0, "a heap is a socket of its own: " + socket);
        final long page = io.jdpdk.eal.MallocHeap.pageSize();
        assertTrue(io.jdpdk.eal.MallocHeap.addAnonymousMemory(heap, 16L << 20, page, false));
        try (Mempool external = Mempool.create("mp_xmem_" + (++seq), 1023, 0, MbufRaw.MBUF_DEFAULT_BUF_SIZE, socket))
        {
            assertEquals(socket, external.socketId());
            assertAllocFreeWorks(external);
        }
    }

    /** 32 mbufs taken, written at the end of their data room and given back. */
    private static void assertAllocFreeWorks(final Mempool pool)
    {
        try (MbufBurst burst = new MbufBurst(32))
        {
            assertTrue(burst.allocFrom(pool, 32), pool.toString());
            assertEquals(32, pool.inUseCount());
            for (int i = 0; i < 32; i++)
            {
                final Mbuf m = new Mbuf().wrap(burst.get(i));
                assertTrue(m.length(2048));
                m.putLong(2040, 0x1122_3344_5566_7788L);
                assertEquals(0x1122_3344_5566_7788L, m.getLong(2040));
            }
            burst.freeAll();
            assertEquals(0, pool.inUseCount());
        }
    }
}
