package io.jdpdk.eal;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Eal.close waits for the lcores without holding the EAL's lock, so an agent that makes control calls while it
 * stops (Eal.current(), a port's statistics) stops normally. A JVM of its own (the eal-lifecycle execution).
 */
class EalCloseTest
{
    @Test
    void shouldLetAnAgentMakeControlCallsWhileCloseStopsIt()
    {
        final Eal eal = Eal.init("-l", "0-1", "--no-pci", "--no-huge", "-m", "128");
        final AtomicBoolean sawEal = new AtomicBoolean();
        eal.worker(1).launch(new Agent()
        {
            @Override
            public int doWork()
            {
                return 0;
            }

            @Override
            public void onClose()
            {
                sawEal.set(Eal.current() == eal && eal.lcoreCount() == 2); // control calls, under Eal.class
            }

            @Override
            public String roleName()
            {
                return "closer";
            }
        }, new BackoffIdleStrategy());
        final long start = System.nanoTime();
        eal.close();
        final long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms < 5_000, "close took " + ms + " ms");
        assertTrue(sawEal.get(), "the agent's onClose reached the running EAL");
        assertFalse(Eal.isRunning());
    }
}
