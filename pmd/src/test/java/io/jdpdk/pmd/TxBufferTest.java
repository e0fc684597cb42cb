package io.jdpdk.pmd;

import io.jdpdk.eal.TestEal;
import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.Mempool;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** jdpdk's TxBuffer on a net_ring port, whose TX ring is its own RX ring: what was sent can be received back. */
class TxBufferTest
{
    private static Mempool pool;

    @BeforeAll
    static void setUp()
    {
        TestEal.get();
        pool = Mempool.create("txbuffer_test_pool", 8191, 0);
    }

    private static Port ringPort()
    {
        return Port.probe(TestEal.uniqueName("net_ring")).configure(new PortConfig().mempool(pool)).start();
    }

    private static long alloc()
    {
        final long m = pool.alloc();
        assertTrue(m != 0);
        return m;
    }

    @Test
    void shouldSendAFullBufferAtOnceAndTheRestOnFlush()
    {
        final int before = pool.inUseCount();
        try (Port port = ringPort(); TxBuffer tx = new TxBuffer(port, 0, 32); MbufBurst rx = new MbufBurst(64))
        {
            for (int i = 0; i < 31; i++)
            {
                assertEquals(0, tx.buffer(alloc()), "nothing sent while the buffer fills");
            }
            assertEquals(31, tx.length());
            assertEquals(0, port.rxBurst(0, rx));
            assertEquals(32, tx.buffer(alloc()), "the 32nd packet sends the burst");
            assertEquals(0, tx.length());
            for (int i = 0; i < 5; i++)
            {
                tx.buffer(alloc());
            }
            assertEquals(5, tx.flush());
            assertEquals(0, tx.flush(), "an empty buffer sends nothing");
            assertEquals(37, tx.sent());
            assertEquals(0, tx.dropped());
            assertEquals(37, port.rxBurst(0, rx), "the ring holds what was sent");
            rx.freeAll();
        }
        assertEquals(before, pool.inUseCount());
    }

    @Test
    void shouldBufferOnlyTheTaggedMbufsOfABurstInOrderSendingEachTimeItFills()
    {
        final int before = pool.inUseCount();
        try (Port port = ringPort(); TxBuffer tx = new TxBuffer(port, 0, 8); MbufBurst burst = new MbufBurst(32);
             MbufBurst rx = new MbufBurst(64))
        {
            tx.buffer(alloc()); // one already waiting
            final int[] tags = new int[32];
            final long[] tagged = new long[32];
            int expected = 0;
            for (int i = 0; i < 32; i++)
            {
                tags[i] = i % 3 == 0 ? 7 : 4;
                burst.add(alloc());
                if (tags[i] == 7)
                {
                    tagged[expected++] = burst.get(i);
                }
            }
            assertEquals(11, expected);
            assertEquals(8, tx.bufferWhere(burst, 32, tags, 7), "one full send of 8 (1 waiting + 7 tagged)");
            assertEquals(4, tx.length(), "the other 4 tagged mbufs wait");
            assertEquals(4, tx.flush());
            assertEquals(12, port.rxBurst(0, rx));
            for (int i = 0; i < 11; i++)
            {
                assertEquals(tagged[i], rx.get(i + 1), "tagged mbuf " + i + " in burst order");
            }
            rx.freeAll();
            final Mbuf mbuf = new Mbuf();
            for (int i = 0; i < 32; i++)
            {
                if (tags[i] != 7)
                {
                    mbuf.wrap(burst.get(i)).free();
                }
            }
            burst.count(0);
        }
        assertEquals(before, pool.inUseCount());
    }

    @Test
    void shouldFreeCountAndReportWhatTxRefuses()
    {
        final int before = pool.inUseCount();
        final AtomicLong reported = new AtomicLong();
        final int total = 3000; // more than the net_ring's ring holds
        try (Port port = ringPort(); TxBuffer tx = new TxBuffer(port, 0, 32, reported::addAndGet);
             MbufBurst rx = new MbufBurst(512))
        {
            for (int i = 0; i < total; i++)
            {
                tx.buffer(alloc());
            }
            tx.flush();
            assertTrue(tx.dropped() > 0, "the ring filled: " + tx.sent() + " sent");
            assertEquals(tx.dropped(), reported.get(), "the callback saw every drop");
            assertEquals(total, tx.sent() + tx.dropped());
            long received = 0;
            int n;
            while ((n = port.rxBurst(0, rx)) > 0)
            {
                received += n;
                rx.freeAll();
            }
            assertEquals(tx.sent(), received);
        }
        assertEquals(before, pool.inUseCount(), "dropped packets were freed");
    }

    @Test
    void shouldFreeWhatStillWaitsWhenClosed()
    {
        final int before = pool.inUseCount();
        try (Port port = ringPort())
        {
            final TxBuffer tx = new TxBuffer(port, 0, 32);
            tx.buffer(alloc());
            tx.buffer(alloc());
            assertEquals(before + 2, pool.inUseCount());
            tx.close();
            tx.close();
            assertEquals(before, pool.inUseCount());
        }
    }
}
