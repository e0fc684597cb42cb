package io.jdpdk.mempool;

import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.TestEal;
import io.jdpdk.eal.raw.LayoutCheck;
import io.jdpdk.mempool.raw.MbufRaw;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemoryLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Fields cannot be unregistered and DPDK 22.11 has 36 bytes for them: the tests here take 20 at most. */
class MbufDynFieldTest
{
    @BeforeAll
    static void eal()
    {
        TestEal.get();
    }

    @Test
    void shouldMatchRteMbufDynfieldLayoutOfInstalledHeaders()
    {
        assertEquals(java.util.List.of(), LayoutCheck.mismatches("rte_mbuf_dynfield", MbufRaw.RTE_MBUF_DYNFIELD));
    }

    @Test
    void shouldPlaceFieldInDynamicAreaAndKeepEachMbufsValueApart()
    {
        final MbufDynField field = MbufDynField.register("jdpdk_test_stamp", 8, 8);
        final long dynArea = MbufRaw.RTE_MBUF.byteOffset(MemoryLayout.PathElement.groupElement("dynfield1"));
        assertTrue(field.offset() >= dynArea && field.offset() + 8 <= MbufRaw.RTE_MBUF.byteSize(), field.toString());
        assertEquals(0, field.offset() % 8, field.toString());
        try (Mempool pool = Mempool.create("mp_dynfield", 127, 0); MbufBurst burst = new MbufBurst(4))
        {
            assertTrue(burst.allocFrom(pool, 4));
            for (int i = 0; i < 4; i++)
            {
                final Mbuf m = burst.mbuf(i, new Mbuf());
                assertTrue(m.append(60));
                field.putLong(burst.get(i), 0x0123_4567_89AB_CDEFL * (i + 1));
            }
            for (int i = 0; i < 4; i++)
            {
                final Mbuf m = burst.mbuf(i, new Mbuf());
                assertEquals(0x0123_4567_89AB_CDEFL * (i + 1), field.getLong(burst.get(i)));
                assertEquals(60, m.dataLen()); // the fixed fields are untouched
                assertEquals(60, m.pktLen());
                assertEquals(MbufRaw.PKTMBUF_HEADROOM, m.headroom());
            }
            burst.freeAll();
            assertEquals(0, pool.inUseCount());
        }
    }

    @Test
    void shouldFindTheSameFieldByRegisteringAgainOrByLookup()
    {
        final MbufDynField first = MbufDynField.register("jdpdk_test_shared", 4, 4);
        final MbufDynField again = MbufDynField.register("jdpdk_test_shared", 4, 4);
        final MbufDynField found = MbufDynField.lookup("jdpdk_test_shared");
        assertEquals(first.offset(), again.offset());
        assertEquals(first.offset(), found.offset());
        assertEquals(4, found.size());
        assertEquals(4, found.align());
        assertNotEquals(MbufDynField.register("jdpdk_test_other", 2, 2).offset(), first.offset());
    }

    @Test
    void shouldReportDpdkErrorsAndRejectBadNamesBeforeDpdk()
    {
        MbufDynField.register("jdpdk_test_taken", 4, 4);
        final DpdkException taken = assertThrows(DpdkException.class,
            () -> MbufDynField.register("jdpdk_test_taken", 2, 2));
        assertEquals(17, taken.errno(), taken.getMessage()); // EEXIST
        final DpdkException missing = assertThrows(DpdkException.class, () -> MbufDynField.lookup("jdpdk_test_none"));
        assertEquals(2, missing.errno(), missing.getMessage()); // ENOENT
        final DpdkException tooBig = assertThrows(DpdkException.class,
            () -> MbufDynField.register("jdpdk_test_huge", 1024, 8));
        assertTrue(tooBig.errno() == 2 || tooBig.errno() == 22, tooBig.getMessage()); // ENOENT (no room) or EINVAL
        assertThrows(IllegalArgumentException.class, () -> MbufDynField.register("x".repeat(64), 8, 8));
        assertThrows(IllegalArgumentException.class, () -> MbufDynField.lookup(""));
    }

    @Test
    void shouldRefuseLongAccessToFieldSmallerThan8Bytes()
    {
        final MbufDynField small = MbufDynField.register("jdpdk_test_small", 2, 1);
        try (Mempool pool = Mempool.create("mp_dynfield_small", 127, 0))
        {
            final long m = pool.alloc();
            assertThrows(IllegalStateException.class, () -> small.putLong(m, 1));
            assertThrows(IllegalStateException.class, () -> small.getLong(m));
            new Mbuf().wrap(m).free();
        }
    }
}
