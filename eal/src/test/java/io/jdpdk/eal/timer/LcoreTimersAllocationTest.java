package io.jdpdk.eal.timer;

import org.agrona.concurrent.CachedNanoClock;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Steady state of an lcore's timers allocates nothing: measured with the JVM's per-thread allocation
 * counter around a million firings that also schedule, reschedule and cancel.
 */
class LcoreTimersAllocationTest
{
    private static final int WARM_UP_FIRINGS = 1_000_000;
    private static final int MEASURED_FIRINGS = 1_000_000;
    /**
     * Slack for the JVM, not for the timers: the first calls link classes, and an OSR or deoptimisation
     * transition of the measuring loop can allocate a few hundred bytes once (seen: 312 bytes after a
     * 300,000-firing warm-up, 0 after longer ones and 0 at every point under -Xint). One allocation per
     * firing would be at least 16 MB; under load on two CPUs 1,040 bytes of such noise were seen.
     */
    private static final long MAX_ALLOCATED_BYTES = 64 * 1_024;

    private static final int[] STEPS_NS = { 137, 1_024, 611, 3, 2_048, 777, 1_500, 90 };

    /** Each periodic firing schedules a one-shot, then cancels or reschedules some of them. */
    private static final class Churn implements TimerHandler
    {
        private final LcoreTimers timers;
        private final TimerHandler oneShot = (id, now) -> {};
        private long firings;
        private long cancelled;

        Churn(final LcoreTimers timers)
        {
            this.timers = timers;
        }

        public void onTimer(final long timerId, final long nowNs)
        {
            firings++;
            final long id = timers.schedule((firings & 7) * 1_000, oneShot);
            switch ((int)(firings % 3))
            {
                case 0 -> cancelled += timers.cancel(id) ? 1 : 0;
                case 1 -> timers.reschedule(id, 2_500);
                default ->
                {
                }
            }
        }
    }

    @Test
    void shouldAllocateNothingPerFiringScheduleOrCancelInSteadyState()
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
            "per-thread allocation counting is not available on this JVM");

        final CachedNanoClock clock = new CachedNanoClock();
        final long[] errors = new long[1];
        final LcoreTimers timers = new LcoreTimers(1_024, 512, 256, clock, ex -> errors[0]++);
        final Churn churn = new Churn(timers);
        for (int i = 0; i < 16; i++)
        {
            timers.schedulePeriodic(3_001 + 997L * i, churn);
        }

        run(timers, clock, WARM_UP_FIRINGS);
        threads.getCurrentThreadAllocatedBytes(); // the first call may set itself up
        final long cancelledBefore = churn.cancelled;

        final long before = threads.getCurrentThreadAllocatedBytes();
        final long fired = run(timers, clock, MEASURED_FIRINGS);
        final long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        System.out.println("LcoreTimers steady state: " + fired + " firings, " +
            (churn.cancelled - cancelledBefore) + " cancels, " + allocated + " bytes allocated");
        assertTrue(fired >= MEASURED_FIRINGS);
        assertTrue(churn.cancelled - cancelledBefore > MEASURED_FIRINGS / 10, "the loop exercised cancel");
        assertEquals(0, errors[0]);
        assertTrue(allocated < MAX_ALLOCATED_BYTES, allocated + " bytes allocated over " + fired + " firings");
    }

    private static long run(final LcoreTimers timers, final CachedNanoClock clock, final long firings)
    {
        long fired = 0;
        int step = 0;
        while (fired < firings)
        {
            clock.advance(STEPS_NS[step++ & 7]);
            fired += timers.poll();
        }
        return fired;
    }
}
