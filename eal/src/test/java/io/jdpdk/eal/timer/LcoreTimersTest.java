package io.jdpdk.eal.timer;

import org.agrona.collections.LongArrayList;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentTerminationException;
import org.agrona.concurrent.CachedNanoClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pure-Java tests of {@link LcoreTimers} on a hand-driven clock: every poll sees exactly the time the
 * test set. Handlers record what happened and tests assert afterwards, because an assertion failing inside
 * a handler would only reach the error handler.
 */
class LcoreTimersTest
{
    private static final long TICK_NS = 1024;

    private final CachedNanoClock clock = new CachedNanoClock();
    private final List<Throwable> errors = new ArrayList<>();

    private LcoreTimers timers(final int ticksPerWheel, final int initialCapacity)
    {
        return new LcoreTimers(TICK_NS, ticksPerWheel, initialCapacity, clock, errors::add);
    }

    private LcoreTimers timers()
    {
        return timers(LcoreTimers.DEFAULT_TICKS_PER_WHEEL, LcoreTimers.DEFAULT_INITIAL_CAPACITY);
    }

    @Test
    void shouldFireOneShotsInDeadlineOrderAtTheFirstPollAtOrAfterTheirDeadline()
    {
        clock.update(5_000_000L);
        // 64 ticks of 1024 ns: 5,000 deadlines over 2 ms wrap the wheel ~30 times and share ticks,
        // and a capacity of 16 makes the tables grow on the way.
        final LcoreTimers timers = timers(64, 16);
        final Random random = new Random(7);
        final Map<Long, Long> deadlineById = new HashMap<>();
        final LongArrayList firedIds = new LongArrayList();
        final LongArrayList firedNows = new LongArrayList();
        final TimerHandler record = (id, now) ->
        {
            firedIds.addLong(id);
            firedNows.addLong(now);
        };
        for (int i = 0; i < 5_000; i++)
        {
            final long delay = random.nextLong(2_000_000L);
            deadlineById.put(timers.schedule(delay, record), clock.nanoTime() + delay);
        }
        assertEquals(5_000, timers.timerCount());

        final LongArrayList pollTimes = new LongArrayList();
        pollTimes.addLong(clock.nanoTime());
        while (firedIds.size() < 5_000 && clock.nanoTime() < 10_000_000L)
        {
            clock.advance(1 + random.nextInt(3_000));
            timers.poll();
            pollTimes.addLong(clock.nanoTime());
        }

        assertEquals(5_000, firedIds.size());
        assertEquals(0, timers.timerCount());
        long previousDeadline = Long.MIN_VALUE;
        for (int i = 0; i < firedIds.size(); i++)
        {
            final long deadline = deadlineById.get(firedIds.getLong(i));
            final long now = firedNows.getLong(i);
            assertTrue(deadline >= previousDeadline, "fired out of deadline order at " + i);
            assertTrue(now >= deadline, "fired early: deadline " + deadline + ", now " + now);
            final int pollIndex = pollTimes.indexOf(now);
            assertTrue(pollTimes.getLong(pollIndex - 1) < deadline, "not fired by the first poll after " + deadline);
            previousDeadline = deadline;
        }
        assertTrue(errors.isEmpty(), errors::toString);
    }

    @Test
    void shouldFireEveryDueTimerInDeadlineOrderWhenOnePollCatchesUpMoreThanARotation()
    {
        final LcoreTimers timers = timers(64, 16);
        final Random random = new Random(11);
        final Map<Long, Long> deadlineById = new HashMap<>();
        final LongArrayList firedIds = new LongArrayList();
        final TimerHandler record = (id, now) -> firedIds.addLong(id);
        for (int i = 0; i < 1_000; i++)
        {
            final long delay = random.nextLong(1_000_000L);
            deadlineById.put(timers.schedule(delay, record), delay);
        }
        final long later = timers.schedule(3_000_000L, record);
        final long muchLater = timers.schedule(3_000_000L + 64 * TICK_NS, record);

        clock.update(2_000_000L); // ~30 rotations of the wheel in one poll

        assertEquals(1_000, timers.poll());
        for (int i = 1; i < firedIds.size(); i++)
        {
            assertTrue(deadlineById.get(firedIds.getLong(i - 1)) <= deadlineById.get(firedIds.getLong(i)));
        }

        // Skipping the rest of the gap must not lose or delay what is not yet due.
        clock.update(3_000_000L - 1);
        assertEquals(0, timers.poll());
        clock.update(3_000_000L);
        assertEquals(1, timers.poll());
        assertEquals(later, firedIds.getLong(firedIds.size() - 1));
        clock.update(3_000_000L + 64 * TICK_NS);
        assertEquals(1, timers.poll());
        assertEquals(muchLater, firedIds.getLong(firedIds.size() - 1));
    }

    @Test
    void shouldNotFireBeforeTheDeadlineEvenInsideTheDeadlinesTick()
    {
        final LcoreTimers timers = timers();
        final LongArrayList nows = new LongArrayList();
        timers.schedule(10_000, (id, now) -> nows.addLong(now));

        clock.update(9_999);
        assertEquals(0, timers.poll());
        clock.update(10_000);
        assertEquals(1, timers.poll());
        assertEquals(10_000, nows.getLong(0));
        clock.update(1_000_000);
        assertEquals(0, timers.poll());
    }

    @Test
    void shouldKeepEveryPeriodicDeadlineExactlyOnPhaseOverTenThousandPeriods()
    {
        clock.update(1_234_567L);
        final LcoreTimers timers = new LcoreTimers(1_000, clock); // rounds up to a 1024 ns tick
        assertEquals(TICK_NS, timers.tickResolutionNs());
        final long start = clock.nanoTime();
        final long period = 99_991; // prime: the deadlines fall all over the ticks
        final int periods = 10_000;
        final long[] firingDeadlines = new long[periods + 1];
        final long[] nextDeadlines = new long[periods + 1];
        final long[] lags = new long[periods + 1];
        final int[] count = new int[1];
        final long[] id = new long[1];
        id[0] = timers.schedulePeriodic(period, (timerId, now) ->
        {
            final int k = ++count[0];
            if (k <= periods)
            {
                firingDeadlines[k] = timers.firingDeadlineNs();
                nextDeadlines[k] = timers.deadlineNs(timerId);
                lags[k] = now - timers.firingDeadlineNs();
            }
        });

        final Random random = new Random(3);
        while (count[0] < periods)
        {
            clock.advance(1 + random.nextInt((int)TICK_NS)); // uneven steps, none longer than a tick
            timers.poll();
        }

        assertEquals(periods, count[0]);
        long maxLag = 0;
        for (int k = 1; k <= periods; k++)
        {
            assertEquals(start + k * period, firingDeadlines[k], "deadline of firing " + k);
            assertEquals(start + (k + 1) * period, nextDeadlines[k], "next deadline after firing " + k);
            assertTrue(lags[k] >= 0, "fired early at " + k);
            maxLag = Math.max(maxLag, lags[k]);
        }
        assertTrue(maxLag <= timers.tickResolutionNs(), "lag " + maxLag + " ns exceeds a tick");
        assertEquals(start + (periods + 1) * period, timers.deadlineNs(id[0]));
    }

    @Test
    void shouldSkipMissedPeriodsButKeepThePhaseWhenTheLoopFallsBehind()
    {
        final LcoreTimers timers = timers();
        final LongArrayList firingDeadlines = new LongArrayList();
        final long id = timers.schedulePeriodic(100_000, (timerId, now) ->
            firingDeadlines.addLong(timers.firingDeadlineNs()));

        clock.update(350_000); // 100k, 200k and 300k have all passed
        assertEquals(1, timers.poll());
        assertEquals(100_000, firingDeadlines.getLong(0));
        assertEquals(400_000, timers.deadlineNs(id));

        clock.update(399_999);
        assertEquals(0, timers.poll());
        clock.update(400_000);
        assertEquals(1, timers.poll());
        assertEquals(400_000, firingDeadlines.getLong(1));
        assertEquals(500_000, timers.deadlineNs(id));
    }

    @Test
    void shouldComputeNextPeriodicDeadlineOnThePhaseOfThePreviousOne()
    {
        assertEquals(200, LcoreTimers.nextPeriodicDeadline(100, 100, 150));
        assertEquals(400, LcoreTimers.nextPeriodicDeadline(100, 100, 399));
        assertEquals(500, LcoreTimers.nextPeriodicDeadline(100, 100, 400));
        assertEquals(-100 + 7 * 30, LcoreTimers.nextPeriodicDeadline(-100, 30, 100));
    }

    @Test
    void shouldNotFireAOneShotCancelledBeforeItsDeadline()
    {
        final LcoreTimers timers = timers();
        final int[] fired = new int[1];
        final long id = timers.schedule(10_000, (timerId, now) -> fired[0]++);

        assertTrue(timers.cancel(id));
        assertFalse(timers.cancel(id));
        assertEquals(0, timers.timerCount());
        assertEquals(LcoreTimers.NULL_DEADLINE, timers.deadlineNs(id));
        clock.update(1_000_000);
        assertEquals(0, timers.poll());
        assertEquals(0, fired[0]);
    }

    @Test
    void shouldStopAPeriodicTimerCancelledBetweenFirings()
    {
        final LcoreTimers timers = timers();
        final int[] fired = new int[1];
        final long id = timers.schedulePeriodic(10_000, (timerId, now) -> fired[0]++);
        assertEquals(1, pollAt(timers, 10_000));
        assertEquals(1, pollAt(timers, 20_000));

        assertTrue(timers.cancel(id));
        clock.update(1_000_000);
        assertEquals(0, timers.poll());
        assertEquals(2, fired[0]);
    }

    @Test
    void shouldNotCancelANewTimerThroughTheIdOfAFiredOneThatUsedTheSameSlot()
    {
        final LcoreTimers timers = timers(LcoreTimers.DEFAULT_TICKS_PER_WHEEL, 1);
        final long first = timers.schedule(0, (timerId, now) -> {});
        assertEquals(1, timers.poll());
        final int[] fired = new int[1];
        final long second = timers.schedule(10, (timerId, now) -> fired[0]++);

        assertEquals((int)first, (int)second, "one slot, reused");
        assertNotEquals(first, second);
        assertFalse(timers.cancel(first));
        assertFalse(timers.reschedule(first, 1_000));
        assertFalse(timers.cancel(-1));
        assertFalse(timers.cancel(Long.MAX_VALUE));
        clock.update(10);
        assertEquals(1, timers.poll());
        assertEquals(1, fired[0]);
    }

    @Test
    void shouldNotFireATimerCancelledByAnEarlierHandlerOfTheSamePoll()
    {
        final LcoreTimers timers = timers();
        final LongArrayList fired = new LongArrayList();
        final boolean[] cancelled = new boolean[1];
        final long[] victim = new long[1];
        timers.schedule(10_000, (id, now) ->
        {
            fired.addLong(id);
            cancelled[0] = timers.cancel(victim[0]);
        });
        victim[0] = timers.schedule(20_000, (id, now) -> fired.addLong(id));

        clock.update(30_000); // both due in this poll; the earlier deadline fires first
        assertEquals(1, timers.poll());
        assertTrue(cancelled[0]);
        assertEquals(1, fired.size());
        clock.update(1_000_000);
        assertEquals(0, timers.poll());
    }

    @Test
    void shouldStopAPeriodicTimerThatCancelsItselfFromItsHandler()
    {
        final LcoreTimers timers = timers();
        final int[] fired = new int[1];
        final boolean[] cancelled = new boolean[1];
        timers.schedulePeriodic(10_000, (id, now) ->
        {
            if (++fired[0] == 3)
            {
                cancelled[0] = timers.cancel(id);
            }
        });

        for (long t = 10_000; t <= 100_000; t += 10_000)
        {
            pollAt(timers, t);
        }
        assertEquals(3, fired[0]);
        assertTrue(cancelled[0]);
        assertEquals(0, timers.timerCount());
        assertTrue(errors.isEmpty(), errors::toString);
    }

    @Test
    void shouldReportThatAOneShotCancellingItselfFromItsHandlerHasAlreadyFired()
    {
        final LcoreTimers timers = timers();
        final boolean[] cancelled = { true };
        timers.schedule(10, (id, now) -> cancelled[0] = timers.cancel(id));

        assertEquals(1, pollAt(timers, 10));
        assertFalse(cancelled[0]);
        assertEquals(0, timers.timerCount());
    }

    @Test
    void shouldFireARescheduledTimerAtItsNewDeadlineOnly()
    {
        final LcoreTimers timers = timers();
        final LongArrayList nows = new LongArrayList();
        final long postponed = timers.schedule(10_000, (id, now) -> nows.addLong(now));
        final long advanced = timers.schedule(100_000, (id, now) -> nows.addLong(-now));

        assertTrue(timers.reschedule(postponed, 50_000));
        assertTrue(timers.reschedule(advanced, 5_000));
        assertEquals(50_000, timers.deadlineNs(postponed));
        assertEquals(2, timers.timerCount());

        assertEquals(1, pollAt(timers, 5_000));
        assertEquals(0, pollAt(timers, 10_000));
        assertEquals(0, pollAt(timers, 49_999));
        assertEquals(1, pollAt(timers, 50_000));
        assertEquals(0, pollAt(timers, 100_000));
        assertEquals(-5_000, nows.getLong(0));
        assertEquals(50_000, nows.getLong(1));
        assertFalse(timers.reschedule(postponed, 1), "fired one-shots stay dead");
    }

    @Test
    void shouldLetAOneShotRearmItselfFromItsHandlerUnderTheSameId()
    {
        final LcoreTimers timers = timers();
        final LongArrayList ids = new LongArrayList();
        final long id = timers.schedule(1_000, (timerId, now) ->
        {
            ids.addLong(timerId);
            if (ids.size() < 3)
            {
                timers.reschedule(timerId, 1_000);
            }
        });

        for (long t = 1_000; t <= 10_000; t += 1_000)
        {
            pollAt(timers, t);
        }
        assertEquals(3, ids.size());
        assertTrue(ids.stream().allMatch(each -> each == id));
        assertEquals(0, timers.timerCount());
        assertFalse(timers.cancel(id));
    }

    @Test
    void shouldRestartThePhaseOfAPeriodicTimerFromItsRescheduledDeadline()
    {
        final LcoreTimers timers = timers();
        final LongArrayList deadlines = new LongArrayList();
        final long id = timers.schedulePeriodic(10_000, (timerId, now) -> deadlines.addLong(timers.firingDeadlineNs()));
        assertTrue(timers.reschedule(id, 3_000));

        for (long t = 1_000; t <= 40_000; t += 1_000)
        {
            pollAt(timers, t);
        }
        assertEquals(List.of(3_000L, 13_000L, 23_000L, 33_000L), deadlines);
    }

    @Test
    void shouldNotFireATimerThatAnEarlierHandlerOfTheSamePollPostponed()
    {
        final LcoreTimers timers = timers();
        final LongArrayList nows = new LongArrayList();
        final long[] other = new long[1];
        timers.schedule(10_000, (id, now) -> timers.reschedule(other[0], 100_000));
        other[0] = timers.schedule(20_000, (id, now) -> nows.addLong(now));

        assertEquals(1, pollAt(timers, 30_000));
        assertEquals(0, pollAt(timers, 129_999));
        assertEquals(1, pollAt(timers, 130_000));
        assertEquals(List.of(130_000L), nows);
    }

    @Test
    void shouldPassAHandlersExceptionToTheErrorHandlerAndKeepThePeriodicTimerRunning()
    {
        final LcoreTimers timers = timers();
        final int[] periodicFired = new int[1];
        final int[] oneShotFired = new int[1];
        final long id = timers.schedulePeriodic(10_000, (timerId, now) ->
        {
            periodicFired[0]++;
            throw new IllegalStateException("handler failure " + periodicFired[0]);
        });
        timers.schedule(10_500, (timerId, now) -> oneShotFired[0]++); // due in the same poll, after it

        assertEquals(2, pollAt(timers, 11_000));
        for (long t = 20_000; t <= 100_000; t += 10_000)
        {
            assertEquals(1, pollAt(timers, t));
        }

        assertEquals(10, periodicFired[0]);
        assertEquals(1, oneShotFired[0]);
        assertEquals(10, timers.errorCount());
        assertEquals(10, errors.size());
        assertInstanceOf(IllegalStateException.class, errors.get(9));
        assertEquals("handler failure 10", errors.get(9).getMessage());
        assertEquals(110_000, timers.deadlineNs(id));
        assertEquals(1, timers.timerCount());
    }

    @Test
    void shouldFreeAOneShotWhoseHandlerThrew()
    {
        final LcoreTimers timers = timers();
        final long id = timers.schedule(10, (timerId, now) ->
        {
            throw new IllegalArgumentException("once");
        });

        assertEquals(1, pollAt(timers, 10));
        assertEquals(0, timers.timerCount());
        assertFalse(timers.cancel(id));
        assertEquals(1, timers.errorCount());
    }

    @Test
    void shouldReportThenRethrowAnErrorAndFireTheRemainingDueTimersOnTheNextPoll()
    {
        final LcoreTimers timers = timers();
        final LongArrayList fired = new LongArrayList();
        timers.schedule(10_000, (id, now) ->
        {
            throw new StackOverflowError("simulated");
        });
        final long second = timers.schedule(20_000, (id, now) -> fired.addLong(id));
        final long stop = timers.schedule(40_000, (id, now) ->
        {
            throw new AgentTerminationException("stop the lcore");
        });
        final long third = timers.schedule(50_000, (id, now) -> fired.addLong(id));

        clock.update(30_000);
        assertThrows(StackOverflowError.class, timers::poll);
        assertEquals(1, timers.errorCount());
        assertEquals(3, timers.timerCount(), "the second timer went back into the wheel");
        assertEquals(1, timers.poll());
        assertEquals(List.of(second), fired);

        clock.update(60_000);
        assertThrows(AgentTerminationException.class, timers::poll);
        assertEquals(2, errors.size());
        assertEquals(1, timers.poll());
        assertEquals(List.of(second, third), fired);
        assertFalse(timers.cancel(stop));
    }

    @Test
    void shouldFireATimerScheduledByAHandlerOnTheNextPollNotTheCurrentOne()
    {
        final LcoreTimers timers = timers();
        final int[] fired = new int[1];
        final TimerHandler[] rearm = new TimerHandler[1];
        rearm[0] = (id, now) ->
        {
            fired[0]++;
            timers.schedule(0, rearm[0]);
        };
        timers.schedule(0, rearm[0]);

        assertEquals(1, timers.poll());
        assertEquals(1, timers.poll());
        assertEquals(1, timers.poll());
        assertEquals(3, fired[0]);
        assertEquals(1, timers.timerCount());
    }

    @Test
    void shouldRefusePollFromInsideAHandler()
    {
        final LcoreTimers timers = timers();
        timers.schedule(0, (id, now) -> timers.poll());

        assertEquals(1, timers.poll());
        assertEquals(1, errors.size());
        assertInstanceOf(IllegalStateException.class, errors.get(0));
    }

    @Test
    void shouldReturnTheNumberOfHandlersCalledAsTheAgentsWorkCount() throws Exception
    {
        final LcoreTimers timers = timers();
        final Agent lcore = new Agent()
        {
            public int doWork()
            {
                int workCount = 0; // rx, tx...
                workCount += timers.poll();
                return workCount;
            }

            public String roleName()
            {
                return "lcore-1";
            }
        };
        for (int i = 0; i < 3; i++)
        {
            timers.schedule(1_000 + i, (id, now) -> {});
        }
        timers.schedule(5_000, (id, now) -> {});

        assertEquals(0, lcore.doWork());
        clock.update(2_000);
        assertEquals(3, lcore.doWork());
        assertEquals(0, lcore.doWork());
        clock.update(5_000);
        assertEquals(1, lcore.doWork());
    }

    @Test
    void shouldGrowPastTheInitialCapacityAndPastTheWheelsSlotsPerTick()
    {
        final LcoreTimers timers = timers(16, 2);
        final LongArrayList fired = new LongArrayList();
        final List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 300; i++)
        {
            // 100 share a deadline's tick, 200 wrap the 16-tick wheel
            ids.add(timers.schedule(i < 100 ? 500 + i : i * TICK_NS, (id, now) -> fired.addLong(id)));
        }
        assertEquals(300, timers.timerCount());
        assertTrue(timers.cancel(ids.get(50)));
        assertTrue(timers.reschedule(ids.get(60), 1_000_000));

        assertEquals(98, pollAt(timers, 600));
        assertEquals(200, pollAt(timers, 300 * TICK_NS));
        assertEquals(1, pollAt(timers, 1_000_000));
        assertEquals(299, fired.size());
        assertEquals(ids.get(60), fired.getLong(298));
    }

    @Test
    void shouldRoundTheTickUpToAPowerOfTwoAndRejectArgumentsOutOfRange()
    {
        assertEquals(1, new LcoreTimers(1, clock).tickResolutionNs());
        assertEquals(1024, new LcoreTimers(1000, clock).tickResolutionNs());
        assertEquals(1 << 20, new LcoreTimers(1 << 20, clock).tickResolutionNs());
        assertThrows(IllegalArgumentException.class, () -> new LcoreTimers(0, clock));
        assertThrows(IllegalArgumentException.class, () -> new LcoreTimers(1024, 100, 16, clock, null));
        assertThrows(IllegalArgumentException.class, () -> new LcoreTimers(1024, 128, 0, clock, null));
        assertThrows(NullPointerException.class, () -> new LcoreTimers(1024, null));

        final LcoreTimers timers = timers();
        assertThrows(IllegalArgumentException.class, () -> timers.schedule(-1, (id, now) -> {}));
        assertThrows(IllegalArgumentException.class, () -> timers.schedulePeriodic(0, (id, now) -> {}));
        assertThrows(NullPointerException.class, () -> timers.schedule(1, null));
        final long id = timers.schedule(1, (timerId, now) -> {});
        assertThrows(IllegalArgumentException.class, () -> timers.reschedule(id, -1));
        assertEquals(1, timers.timerCount());
    }

    @Test
    void shouldRefuseDeadlinesThatWouldOverflowTheClockOrCollideWithTheWheelsEmptyMarker()
    {
        clock.update(10);
        final LcoreTimers timers = timers();
        final int[] fired = new int[1];
        assertThrows(IllegalArgumentException.class, () -> timers.schedule(Long.MAX_VALUE, (id, now) -> {}));
        assertThrows(IllegalArgumentException.class, () -> timers.schedule(Long.MAX_VALUE - 10, (id, now) -> {}));
        assertThrows(IllegalArgumentException.class, () -> timers.schedulePeriodic(Long.MAX_VALUE, (id, now) -> {}));
        final long never = timers.schedule(Long.MAX_VALUE - 11, (id, now) -> fired[0]++);
        assertThrows(IllegalArgumentException.class, () -> timers.reschedule(never, Long.MAX_VALUE));

        assertEquals(Long.MAX_VALUE - 1, timers.deadlineNs(never));
        assertEquals(0, pollAt(timers, 1_000_000_000L));
        assertEquals(1, timers.timerCount());
        assertTrue(timers.cancel(never));
        assertEquals(0, fired[0]);
    }

    @Test
    void shouldPrintAndCountHandlerExceptionsWithTheDefaultErrorHandler()
    {
        final LcoreTimers timers = new LcoreTimers(TICK_NS, clock);
        timers.schedulePeriodic(10, (id, now) ->
        {
            throw new IllegalStateException("printed to stderr by the default error handler, as intended");
        });

        assertEquals(1, pollAt(timers, 10));
        assertEquals(1, pollAt(timers, 20));
        assertEquals(2, timers.errorCount());
    }

    private int pollAt(final LcoreTimers timers, final long nowNs)
    {
        clock.update(nowNs);
        return timers.poll();
    }
}
