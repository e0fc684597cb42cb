package io.jdpdk.eal.timer;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.CachedNanoClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Handlers run on the lcore thread that polls, and the owner check catches calls from elsewhere.
 */
class LcoreTimersThreadingTest
{
    @Test
    void shouldFireTimersOnTheThreadThatPollsThemFromItsAgent() throws Exception
    {
        // Built and loaded on the test thread, then handed to the lcore's thread: allowed before the first poll.
        final LcoreTimers timers = new LcoreTimers(1_000);
        final List<Thread> firedOn = new ArrayList<>(); // touched by the lcore thread only, read after it ends
        final CountDownLatch done = new CountDownLatch(5);
        final TimerHandler record = (id, now) ->
        {
            firedOn.add(Thread.currentThread());
            done.countDown();
        };
        timers.schedule(TimeUnit.MILLISECONDS.toNanos(1), record);
        timers.schedule(TimeUnit.MILLISECONDS.toNanos(2), record);
        timers.schedulePeriodic(TimeUnit.MICROSECONDS.toNanos(500), (id, now) ->
        {
            record.onTimer(id, now);
            if (firedOn.size() >= 5)
            {
                timers.cancel(id);
            }
        });
        final Thread[] agentThread = new Thread[1];
        final Agent lcore = new Agent()
        {
            public void onStart()
            {
                agentThread[0] = Thread.currentThread();
            }

            public int doWork()
            {
                return timers.poll();
            }

            public String roleName()
            {
                return "lcore-timers-test";
            }
        };

        final AgentRunner runner = new AgentRunner(
            new BackoffIdleStrategy(), Throwable::printStackTrace, null, lcore);
        final Thread thread = AgentRunner.startOnThread(runner);
        try
        {
            assertTrue(done.await(10, TimeUnit.SECONDS), "timers did not fire within 10 s");
        }
        finally
        {
            runner.close();
        }

        assertFalse(thread.isAlive());
        assertFalse(thread.isVirtual(), "an lcore is a platform thread");
        assertSame(thread, agentThread[0]);
        assertNotSame(Thread.currentThread(), thread);
        assertTrue(firedOn.size() >= 5);
        for (final Thread each : firedOn)
        {
            assertSame(thread, each);
        }
        assertEquals(0, timers.errorCount());
    }

    @Test
    void shouldFailFastWhenAnotherThreadCallsOnceTheLcoreHasPolled() throws Exception
    {
        assumeTrue(LcoreTimers.class.desiredAssertionStatus(), "the owner check runs with -ea only");
        final CachedNanoClock clock = new CachedNanoClock();
        final LcoreTimers timers = new LcoreTimers(1_024, clock);
        final long id = timers.schedule(10, (timerId, now) -> {});
        final Thread lcore = Thread.ofPlatform().name("lcore-7").start(timers::poll);
        lcore.join();

        final AssertionError error = assertThrows(AssertionError.class, () -> timers.schedule(10, (t, n) -> {}));
        assertTrue(error.getMessage().contains("'lcore-7'"), error.getMessage());
        assertThrows(AssertionError.class, timers::poll);
        assertThrows(AssertionError.class, () -> timers.cancel(id));
        assertThrows(AssertionError.class, () -> timers.reschedule(id, 1));
        assertEquals(1, timers.timerCount(), "the refused calls changed nothing");
    }
}
