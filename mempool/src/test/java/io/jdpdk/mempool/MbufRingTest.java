package io.jdpdk.mempool;

import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.TestEal;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MbufRingTest
{
    private static int seq;

    @BeforeAll
    static void eal()
    {
        TestEal.get();
    }

    private static String name()
    {
        return "ring_test_" + (++seq);
    }

    @Test
    void keepsMbufsInArrivalOrderUpToCountMinusOneAndLeavesTheRestAtTheBurstsFront()
    {
        try (Mempool pool = Mempool.create("ring_pool_" + (++seq), 255, 0);
             MbufRing ring = MbufRing.create(name(), 64, Mempool.SOCKET_ID_ANY, 0);
             MbufBurst in = new MbufBurst(64);
             MbufBurst out = new MbufBurst(128))
        {
            assertEquals(63, ring.capacity());
            assertTrue(in.allocFrom(pool, 40));
            final long[] first = addresses(in);
            assertEquals(40, ring.enqueue(in, 40));
            assertEquals(0, in.count());
            assertTrue(in.allocFrom(pool, 40));
            final long[] second = addresses(in);
            assertEquals(23, ring.enqueue(in, 40), "23 places were left");
            assertEquals(63, ring.count());
            assertEquals(0, ring.freeCount());
            assertEquals(17, in.count());
            for (int i = 0; i < 17; i++)
            {
                assertEquals(second[23 + i], in.get(i), "what the ring refused moved to the front, in order");
            }
            assertEquals(50, ring.dequeue(out, 50));
            assertEquals(10, ring.dequeue(out, 10));
            assertEquals(3, ring.dequeue(out, 100), "the ring had 3 left");
            for (int i = 0; i < 63; i++)
            {
                assertEquals(i < 40 ? first[i] : second[i - 40], out.get(i), "entry " + i);
            }
            assertEquals(0, ring.count());
            out.freeAll();
            in.freeAll();
            assertEquals(0, pool.inUseCount());
        }
    }

    @Test
    void returnsTheMbufsItStillHoldsToTheirPoolWhenClosed()
    {
        try (Mempool pool = Mempool.create("ring_pool_" + (++seq), 1023, 0); MbufBurst in = new MbufBurst(512))
        {
            final MbufRing ring = MbufRing.create(name(), 1024, 0, MbufRing.SINGLE_PRODUCER | MbufRing.SINGLE_CONSUMER);
            assertTrue(in.allocFrom(pool, 500));
            assertEquals(500, ring.enqueue(in, 500));
            assertEquals(500, pool.inUseCount());
            ring.close();
            assertEquals(0, pool.inUseCount());
            ring.close(); // idempotent
        }
    }

    @Test
    void refusesWithDpdksReasonACountNotAPowerOfTwoUnlessExactAndANameInUse()
    {
        final DpdkException notPowerOfTwo = assertThrows(DpdkException.class,
            () -> MbufRing.create(name(), 100, 0, 0));
        assertEquals(22, notPowerOfTwo.errno(), notPowerOfTwo.getMessage()); // EINVAL
        assertTrue(notPowerOfTwo.getMessage().contains("Invalid argument"), notPowerOfTwo.getMessage());
        final String name = name();
        try (MbufRing exact = MbufRing.create(name, 100, 0, MbufRing.EXACT_SIZE))
        {
            assertEquals(100, exact.capacity());
            final DpdkException inUse = assertThrows(DpdkException.class, () -> MbufRing.create(name, 64, 0, 0));
            assertEquals(17, inUse.errno(), inUse.getMessage()); // EEXIST
        }
    }

    private static long[] addresses(final MbufBurst burst)
    {
        final long[] a = new long[burst.count()];
        for (int i = 0; i < a.length; i++)
        {
            a[i] = burst.get(i);
        }
        return a;
    }
}
