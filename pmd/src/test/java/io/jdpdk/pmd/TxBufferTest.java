package io.jdpdk.pmd;

import io.jdpdk.eal.TestEal;
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
