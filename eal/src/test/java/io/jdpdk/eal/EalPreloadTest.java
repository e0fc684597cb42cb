package io.jdpdk.eal;

import org.junit.jupiter.api.Test;

import java.time.Duration;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Eal#preload}: the bindings it is given are initialised on its own thread, in order, and a binding whose
 * initialisation fails stops it without throwing anywhere, leaving the failure to the program's first use.
 */
class EalPreloadTest
{
    /** Records the thread its static initialiser ran on, and the order. */
    static final class First
    {
        static final String THREAD = Thread.currentThread().getName();
        static final long AT = System.nanoTime();
    }

    /** Initialised after {@link First}. */
    static final class Second
    {
        static final long AT = System.nanoTime();
    }

    /** Fails to initialise, as a binding with a symbol missing from DPDK would. */
    static final class Broken
    {
        static final int VALUE = fail();

        private static int fail()
        {
            throw new IllegalStateException("symbol missing");
        }
    }

    /** Never reached: after {@link Broken} the preload stops. */
    static final class AfterBroken
    {
        static final String THREAD = Thread.currentThread().getName();
    }

    @Test
    void preloadInitialisesTheGivenBindingsInOrderOnItsOwnDaemonThread() throws Exception
    {
        final Thread thread = Eal.preload(First.class, Second.class);
        assertEquals("jdpdk-preload", thread.getName());
        assertTrue(thread.isDaemon());
        assertTrue(thread.join(Duration.ofSeconds(30)), "preload finished");
        assertEquals("jdpdk-preload", First.THREAD);
        assertTrue(First.AT < Second.AT, "First before Second");
    }

    @Test
    void aBindingThatFailsToInitialiseStopsThePreloadQuietly() throws Exception
    {
        final Thread thread = Eal.preload(Broken.class, AfterBroken.class);
        assertTrue(thread.join(Duration.ofSeconds(30)), "preload finished");
        assertFalse(thread.isAlive());
        // the failure is the first user's to see, with its cause; the preload went no further
        final NoClassDefFoundError error = assertThrows(NoClassDefFoundError.class,
            () -> System.out.println(Broken.VALUE));
        assertTrue(String.valueOf(error.getCause()).contains("symbol missing"), String.valueOf(error.getCause()));
        assertEquals(Thread.currentThread().getName(), AfterBroken.THREAD);
    }
}
