package io.jdpdk.eal;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole EAL lifecycle in one JVM of its own (its own surefire execution): DPDK allows one
 * initialisation per process, so the order matters and no other test may share the process.
 * Runs without hugepages ({@code --no-huge}), while every other test uses them when reserved.
 */
class EalLifecycleTest
{
    @Test
    void shouldRejectBadArgumentsThenInitOnceThenRefuseCallsAfterCleanup() throws Exception
    {
        final DpdkException bad = assertThrows(DpdkException.class, () -> Eal.init("--no-such-eal-option"));
        assertEquals(22, bad.errno(), bad.getMessage());
        assertTrue(bad.getMessage().contains("rte_eal_init(--no-such-eal-option"), bad.getMessage());
        assertTrue(bad.getMessage().contains("Invalid argument"), bad.getMessage());
        assertFalse(Eal.isRunning());

        final DpdkException early = assertThrows(DpdkException.class, () -> Eal.current());
        assertTrue(early.getMessage().contains("not initialised"), early.getMessage());

        final Eal eal = Eal.init("-l", "0", "--no-pci", "--no-huge", "-m", "128", "--vdev", "net_null0");
        assertTrue(Eal.isRunning());
        assertFalse(eal.hugepages(), "--no-huge runs on plain memory");
        assertTrue(eal.args().contains("--no-shconf"), "default added with --no-huge: " + eal.args());
        assertEquals(1, eal.lcoreCount());
        assertEquals(0, eal.mainLcore());
        assertTrue(eal.tscHz() > 0);

        final DpdkException twice = assertThrows(DpdkException.class, () -> Eal.init("-l", "0"));
        assertEquals(Eal.EALREADY, twice.errno());
        assertTrue(twice.getMessage().contains("already initialised"), twice.getMessage());

        final AutoCloseable[] closedOrder = new AutoCloseable[2];
        final int[] n = { 0 };
        final AutoCloseable first = () -> closedOrder[n[0]++] = null;
        eal.onClose(first);
        eal.onClose(() -> closedOrder[n[0]++] = first);
        eal.close();
        assertEquals(2, n[0], "both registered resources closed");
        assertEquals(first, closedOrder[0], "last registered closes first");
        assertFalse(Eal.isRunning());
        eal.close(); // idempotent

        final DpdkException after = assertThrows(DpdkException.class, () -> eal.lcoreCount());
        assertTrue(after.getMessage().contains("cleaned up"), after.getMessage());
        final DpdkException reinit = assertThrows(DpdkException.class, () -> Eal.init("-l", "0"));
        assertTrue(reinit.getMessage().contains("cannot be initialised twice"), reinit.getMessage());
    }
}
