package io.jdpdk.eal;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An lcore that ignores its stop request must not hang {@link Eal#close()}: close waits a bounded time, names
 * the lcore and where it is stuck, and leaves DPDK's memory alone. A JVM of its own (the eal-lifecycle
 * execution): the EAL is never cleaned up here.
 */
class EalStuckLcoreTest
{
    @Test
    void shouldNameAStuckLcoreInsteadOfHangingClose()
    {
        final Eal eal = Eal.init("-l", "0-1", "--no-pci", "--no-huge", "-m", "128");
        eal.worker(1).launch(EalStuckLcoreTest::spinForever);
        final long start = System.nanoTime();
        final DpdkException ex = assertThrows(DpdkException.class, eal::close);
        final long waitedMs = (System.nanoTime() - start) / 1_000_000;
        assertTrue(waitedMs >= Eal.LCORE_STOP_TIMEOUT.toMillis() && waitedMs < Eal.LCORE_STOP_TIMEOUT.toMillis() + 5000,
            "waited " + waitedMs + " ms");
        assertEquals(16, ex.errno());
        assertTrue(ex.getMessage().contains("lcore 1 did not stop within 10000 ms"), ex.getMessage());
        assertTrue(ex.getMessage().contains("rte_eal_cleanup not called"), ex.getMessage());
        assertTrue(Arrays.stream(ex.getCause().getStackTrace()).anyMatch(f -> f.getMethodName().equals("spinForever")),
            "the cause carries the stuck lcore's stack: " + Arrays.toString(ex.getCause().getStackTrace()));
        assertFalse(Eal.isRunning());
    }

    private static int spinForever(final Lcore lcore)
    {
        while (true)
        {
            Thread.onSpinWait();
        }
    }
}
