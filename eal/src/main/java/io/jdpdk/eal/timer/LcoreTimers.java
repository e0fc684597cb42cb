package io.jdpdk.eal.timer;

import org.agrona.BitUtil;
import org.agrona.DeadlineTimerWheel;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.AgentTerminationException;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.SystemNanoClock;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The timers of one lcore, fired from its poll loop: what {@code rte_timer_manage()} is to a DPDK lcore.
 * An lcore's {@link org.agrona.concurrent.Agent} adds {@link #poll()} to its work count:
 * <pre>{@code
 * public int doWork()
 * {
 *     int workCount = rxBurst();
 *     workCount += timers.poll();
 *     return workCount;
 * }
 * }</pre>
 * <b>Why Agrona's {@link DeadlineTimerWheel} and not DPDK's {@code rte_timer}.</b> {@code rte_timer_manage}
 * would be a native downcall on every poll, and each expiry an upcall from C into Java; its per-timer
 * state machine uses atomics so that any lcore may arm a timer owned by another, a cost an lcore that
 * owns its timers does not need. The wheel is plain Java arrays owned by one thread: scheduling and
 * cancelling are O(1), polling reads the current tick's slots, nothing allocates once the arrays have
 * grown to the working set, and the JIT inlines it into the loop. It is single-threaded by design, which
 * is exactly an lcore's agent loop.
 * <p>
 * <b>Resolution and order.</b> Time comes from a {@link NanoClock} ({@link SystemNanoClock} by default;
 * a {@link org.agrona.concurrent.CachedNanoClock} that the loop updates once per iteration saves a clock
 * read, and is how tests drive time by hand). The wheel groups deadlines into ticks of
 * {@link #tickResolutionNs()}, a power of two, but a timer is never fired early and never late by more
 * than the gap between two polls: each poll fires every timer whose deadline is at or before its clock
 * reading, in deadline order (ties in an unspecified order), including timers of earlier ticks that a
 * slow loop left behind. The wheel's own caveat that timers in one tick fire in no particular order does
 * not apply: expired timers are collected first, sorted by deadline, then fired. A poll that falls
 * behind by more than a rotation ({@code ticksPerWheel * tickResolutionNs}) scans each spoke once and
 * skips the rest of the gap, so its cost stays bounded by the size of the wheel.
 * <p>
 * The tick therefore sets cost, not accuracy: a poll walks every tick since the previous poll and compares
 * each timer stored in those spokes (including timers a rotation or more away) with the clock. A tick
 * near the loop's poll interval, and a rotation that covers the common delays, keep that walk short. The
 * room per tick grows when many timers share a tick and never shrinks, and a poll reads the whole room of
 * its tick, so a burst of thousands of timers in one tick costs every later poll a little.
 * <p>
 * <b>Periodic timers do not drift.</b> The next deadline is the previous deadline plus the period, never
 * the firing time plus the period, so the k-th firing of a timer scheduled at time s with period p is due
 * at exactly {@code s + k * p} however late each poll is. When the loop fell behind by a period or more,
 * the missed firings are skipped, not replayed in a burst: the timer fires once, and its next deadline is
 * the first {@code s + k * p} after the poll's clock reading, on the original phase. A handler can see
 * how late it runs as {@code nowNs - firingDeadlineNs()}.
 * <p>
 * <b>Timer ids</b> are positive and carry a generation, so the id of a timer that fired (one-shot) or was
 * cancelled stays dead: {@link #cancel} and {@link #reschedule} return false for it even after its slot
 * has been reused, until the generation wraps after 2<sup>31</sup> reuses of one slot.
 * <p>
 * <b>Allocation.</b> None per {@code schedule}, {@code cancel}, {@code reschedule}, {@code poll} or
 * firing in steady state. The timer table, the wheel and the expiry batch are arrays that grow by
 * doubling when more timers are pending at once than ever before (or more fall in one tick than the wheel
 * has room for); size {@code initialCapacity} for the working set to keep growth out of the loop.
 * <p>
 * <b>Errors.</b> An exception from a handler is counted ({@link #errorCount()}) and passed to the
 * {@link ErrorHandler} (by default, printed to standard error); the other timers due in that poll still
 * fire, and a periodic timer stays scheduled because its next deadline is set before its handler runs.
 * An {@link Error} or an {@link AgentTerminationException} is reported the same way and then rethrown,
 * as Agrona's {@link org.agrona.concurrent.AgentRunner} does; timers that were due but not yet fired go
 * back into the wheel and fire on the next poll. Arguments out of range throw
 * {@link IllegalArgumentException}: they are programming errors, not fast-path outcomes.
 * <p>
 * <b>Threading.</b> Not thread-safe: one instance belongs to one thread, the lcore that polls it. It may
 * be built and have timers scheduled on another thread before that, provided the hand-over happens
 * before the first poll (starting the lcore's thread does). From the first {@link #poll()} on, the
 * polling thread owns the instance and every call must come from it; handlers run on it. With assertions
 * enabled ({@code -ea}) a call from any other thread fails with an {@link AssertionError}; without them
 * the check costs nothing. For a timer on another lcore, send that lcore a message and let it schedule.
 */
public final class LcoreTimers
{
    /** What {@link #deadlineNs(long)} and {@link #firingDeadlineNs()} return when there is no deadline. */
    public static final long NULL_DEADLINE = DeadlineTimerWheel.NULL_DEADLINE;

    /** Default spokes of the wheel: with a 1 µs tick, a rotation is about 0.5 ms. */
    public static final int DEFAULT_TICKS_PER_WHEEL = 512;

    /** Default number of timers pending at once before the tables grow. */
    public static final int DEFAULT_INITIAL_CAPACITY = 64;

    /** Slots per spoke the wheel starts with (Agrona's default); it doubles when a tick overflows. */
    private static final int WHEEL_SLOTS_PER_TICK = 16;

    private static final byte FREE = 0;
    /** In the wheel, waiting for its deadline. */
    private static final byte ARMED = 1;
    /** Taken out of the wheel by the current poll, not yet fired. */
    private static final byte EXPIRED = 2;
    /** A one-shot whose handler is running; freed when the handler returns unless it re-armed itself. */
    private static final byte FIRING = 3;

    private static final int MAX_GENERATION = Integer.MAX_VALUE;

    private final NanoClock clock;
    private final ErrorHandler errorHandler;
    private final DeadlineTimerWheel wheel;
    private final DeadlineTimerWheel.TimerHandler collector = this::onWheelExpiry;
    private final int ticksPerWheel;

    // The timer table, one entry per slot; a timer id is (generation << 32) | slot.
    private TimerHandler[] handlers;
    private long[] deadlines;
    private long[] periods;
    private long[] wheelIds;
    private int[] generations;
    private byte[] states;
    private int[] freeSlots;
    private int freeCount;
    private int pendingCount;

    // Wheel timer id (spoke << 32 | index in spoke) to slot, laid out like the wheel's own array.
    private int[] wheelSlotOwners;
    private int wheelSlotShift;

    // The batch of timers one poll took out of the wheel, sorted by deadline before firing.
    private long[] expiredIds;
    private long[] expiredDeadlines;
    private int expiredCount;

    private boolean dispatching;
    private long firingDeadlineNs = NULL_DEADLINE;
    private long errorCount;
    private Thread owner;

    /**
     * Timers on {@link SystemNanoClock} with the default wheel size, capacity and error handler.
     *
     * @param tickResolutionNs wheel tick in nanoseconds, rounded up to a power of two (1000 becomes 1024)
     * @throws IllegalArgumentException when {@code tickResolutionNs} is not positive
     */
    public LcoreTimers(final long tickResolutionNs)
    {
        this(tickResolutionNs, SystemNanoClock.INSTANCE);
    }

    /**
     * Timers on the given clock with the default wheel size, capacity and error handler.
     *
     * @param tickResolutionNs wheel tick in nanoseconds, rounded up to a power of two (1000 becomes 1024)
     * @param clock            source of time for deadlines and polls; read on the owning thread only
     * @throws IllegalArgumentException when {@code tickResolutionNs} is not positive
     */
    public LcoreTimers(final long tickResolutionNs, final NanoClock clock)
    {
        this(tickResolutionNs, DEFAULT_TICKS_PER_WHEEL, DEFAULT_INITIAL_CAPACITY, clock, null);
    }

    /**
     * Timers with every parameter chosen.
     *
     * @param tickResolutionNs wheel tick in nanoseconds, rounded up to a power of two (1000 becomes 1024)
     * @param ticksPerWheel    spokes of the wheel, a power of two; a rotation is
     *                         {@code ticksPerWheel * tickResolutionNs} and should cover the common delays
     * @param initialCapacity  timers that may be pending at once before the tables grow
     * @param clock            source of time for deadlines and polls; read on the owning thread only
     * @param errorHandler     receives exceptions thrown by handlers, on the owning thread; null prints
     *                         them to standard error
     * @throws IllegalArgumentException when a number is out of range
     */
    public LcoreTimers(
        final long tickResolutionNs,
        final int ticksPerWheel,
        final int initialCapacity,
        final NanoClock clock,
        final ErrorHandler errorHandler)
    {
        if (tickResolutionNs <= 0 || tickResolutionNs > 1L << 40)
        {
            throw new IllegalArgumentException("tickResolutionNs must be in 1..2^40: " + tickResolutionNs);
        }
        if (ticksPerWheel <= 0 || ticksPerWheel > 1 << 20 || !BitUtil.isPowerOfTwo(ticksPerWheel))
        {
            throw new IllegalArgumentException("ticksPerWheel must be a power of two up to 2^20: " + ticksPerWheel);
        }
        if (initialCapacity <= 0 || initialCapacity > 1 << 28)
        {
            throw new IllegalArgumentException("initialCapacity must be in 1..2^28: " + initialCapacity);
        }
        this.clock = Objects.requireNonNull(clock, "clock");
        this.errorHandler = errorHandler != null ? errorHandler : LcoreTimers::printError;
        this.ticksPerWheel = ticksPerWheel;
        this.wheel = new DeadlineTimerWheel(TimeUnit.NANOSECONDS, clock.nanoTime(),
            BitUtil.findNextPositivePowerOfTwo(tickResolutionNs), ticksPerWheel, WHEEL_SLOTS_PER_TICK);

        handlers = new TimerHandler[initialCapacity];
        deadlines = new long[initialCapacity];
        periods = new long[initialCapacity];
        wheelIds = new long[initialCapacity];
        generations = new int[initialCapacity];
        states = new byte[initialCapacity];
        freeSlots = new int[initialCapacity];
        expiredIds = new long[initialCapacity];
        expiredDeadlines = new long[initialCapacity];
        Arrays.fill(generations, 1);
        for (int slot = initialCapacity - 1; slot >= 0; slot--)
        {
            freeSlots[freeCount++] = slot;
        }

        wheelSlotShift = Integer.numberOfTrailingZeros(WHEEL_SLOTS_PER_TICK);
        wheelSlotOwners = new int[ticksPerWheel << wheelSlotShift];
    }

    /**
     * Schedules a one-shot timer.
     *
     * @param delayNs nanoseconds from now (the clock read by this call) to the deadline; 0 fires on the
     *                next poll
     * @param handler called once, on the owning thread, when the deadline has passed
     * @return the timer's id, for {@link #cancel} and {@link #reschedule}; dead once the handler returns
     * @throws IllegalArgumentException when {@code delayNs} is negative or the deadline would pass
     *                                  {@code Long.MAX_VALUE - 1} on the clock
     */
    public long schedule(final long delayNs, final TimerHandler handler)
    {
        assert isOwnerOrUnclaimed() : ownerViolation();
        return add(deadlineAfter(delayNs), 0, handler);
    }

    /**
     * Schedules a periodic timer, first due one period from now, then every period on the same phase (see
     * the class comment on drift and missed periods). To start it at another time, {@link #reschedule}
     * it: the phase then counts from the new deadline.
     *
     * @param periodNs nanoseconds between deadlines, positive
     * @param handler  called on the owning thread for each deadline that passes, until cancelled
     * @return the timer's id, for {@link #cancel} and {@link #reschedule}
     * @throws IllegalArgumentException when {@code periodNs} is not positive or the first deadline would
     *                                  pass {@code Long.MAX_VALUE - 1} on the clock
     */
    public long schedulePeriodic(final long periodNs, final TimerHandler handler)
    {
        assert isOwnerOrUnclaimed() : ownerViolation();
        if (periodNs <= 0)
        {
            throw new IllegalArgumentException("periodNs must be positive: " + periodNs);
        }
        return add(deadlineAfter(periodNs), periodNs, handler);
    }

    /**
     * Cancels a timer so that its handler is not called again. May be called from any handler, the
     * timer's own included: a periodic timer cancelling itself stops after the current firing; a
     * timer due in the same poll but not fired yet is not fired.
     *
     * @param timerId id returned by {@code schedule} or {@code schedulePeriodic}
     * @return true when the timer was pending and is now cancelled; false when the id is unknown, was
     * cancelled already, or is a one-shot that has fired (from its own handler too)
     */
    public boolean cancel(final long timerId)
    {
        assert isOwnerOrUnclaimed() : ownerViolation();
        final int slot = slotOf(timerId);
        if (slot < 0)
        {
            return false;
        }
        final byte state = states[slot];
        if (state == ARMED)
        {
            wheel.cancelTimer(wheelIds[slot]);
        }
        else if (state != EXPIRED)
        {
            return false;
        }
        pendingCount--;
        free(slot);
        return true;
    }

    /**
     * Moves a timer's next deadline to {@code newDelayNs} from now. A periodic timer keeps its period and
     * takes its phase from the new deadline. A one-shot may re-arm itself from its own handler this way
     * and keeps its id.
     *
     * @param timerId    id returned by {@code schedule} or {@code schedulePeriodic}
     * @param newDelayNs nanoseconds from now (the clock read by this call) to the new deadline
     * @return true when the timer is now due at the new deadline; false when the id is unknown, was
     * cancelled, or is a one-shot that has fired and whose handler has returned
     * @throws IllegalArgumentException when {@code newDelayNs} is negative or the deadline would pass
     *                                  {@code Long.MAX_VALUE - 1} on the clock
     */
    public boolean reschedule(final long timerId, final long newDelayNs)
    {
        assert isOwnerOrUnclaimed() : ownerViolation();
        final long deadlineNs = deadlineAfter(newDelayNs);
        final int slot = slotOf(timerId);
        if (slot < 0)
        {
            return false;
        }
        final byte state = states[slot];
        if (state == ARMED)
        {
            wheel.cancelTimer(wheelIds[slot]);
        }
        else if (state == FIRING)
        {
            pendingCount++;
        }
        else if (state != EXPIRED)
        {
            return false;
        }
        arm(slot, deadlineNs);
        return true;
    }

    /**
     * Fires every timer whose deadline is at or before the clock's reading, in deadline order, on the
     * calling thread. The first call makes the calling thread the owner (see the class comment).
     *
     * @return the number of handlers called (including those that threw), 0 when none was due: the
     * work count of Agrona's {@link org.agrona.concurrent.Agent#doWork()} contract
     * @throws IllegalStateException when called from a timer handler
     */
    public int poll()
    {
        assert claimOwnership() : ownerViolation();
        if (dispatching)
        {
            throw new IllegalStateException("LcoreTimers.poll() called from a timer handler");
        }
        final long nowNs = clock.nanoTime();
        collectExpired(nowNs);
        if (expiredCount == 0)
        {
            return 0;
        }
        sortExpiredByDeadline();
        return fireExpired(nowNs);
    }

    /**
     * The next deadline of a pending timer. Inside the handler of a periodic timer this is already the
     * deadline after the one being fired.
     *
     * @param timerId id returned by {@code schedule} or {@code schedulePeriodic}
     * @return the deadline on this instance's clock, or {@link #NULL_DEADLINE} when the timer is not pending
     */
    public long deadlineNs(final long timerId)
    {
        assert isOwnerOrUnclaimed() : ownerViolation();
        final int slot = slotOf(timerId);
        return slot >= 0 && (states[slot] == ARMED || states[slot] == EXPIRED) ? deadlines[slot] : NULL_DEADLINE;
    }

    /**
     * The deadline of the timer whose handler is running, so that a handler can measure its lateness as
     * {@code nowNs - firingDeadlineNs()}; a periodic timer's k-th firing reports exactly
     * {@code start + k * period}.
     *
     * @return the deadline being fired, or {@link #NULL_DEADLINE} outside a handler
     */
    public long firingDeadlineNs()
    {
        return firingDeadlineNs;
    }

    /**
     * Timers scheduled and not yet fired (one-shot) or cancelled.
     *
     * @return the number of pending timers
     */
    public int timerCount()
    {
        return pendingCount;
    }

    /**
     * Exceptions thrown by handlers since construction, whatever the error handler did with them.
     *
     * @return the number of handler exceptions
     */
    public long errorCount()
    {
        return errorCount;
    }

    /**
     * The wheel's tick: the requested resolution rounded up to a power of two.
     *
     * @return nanoseconds per tick
     */
    public long tickResolutionNs()
    {
        return wheel.tickResolution();
    }

    /**
     * The spokes of the wheel.
     *
     * @return ticks per rotation of the wheel
     */
    public int ticksPerWheel()
    {
        return ticksPerWheel;
    }

    /**
     * The first deadline of a periodic timer that lies after {@code nowNs} on the phase of
     * {@code deadlineNs}: {@code deadlineNs + k * periodNs} for the smallest k &ge; 1 that passes
     * {@code nowNs}.
     */
    static long nextPeriodicDeadline(final long deadlineNs, final long periodNs, final long nowNs)
    {
        final long next = deadlineNs + periodNs;
        if (next > nowNs)
        {
            return next;
        }
        return deadlineNs + ((nowNs - deadlineNs) / periodNs + 1) * periodNs;
    }

    private long add(final long deadlineNs, final long periodNs, final TimerHandler handler)
    {
        Objects.requireNonNull(handler, "handler");
        if (freeCount == 0)
        {
            grow();
        }
        final int slot = freeSlots[--freeCount];
        handlers[slot] = handler;
        periods[slot] = periodNs;
        pendingCount++;
        arm(slot, deadlineNs);
        return idOf(slot);
    }

    /** Puts a slot that is not in the wheel into it; the caller has accounted for pendingCount. */
    private void arm(final int slot, final long deadlineNs)
    {
        final long wheelId = wheel.scheduleTimer(deadlineNs);
        final int indexInTick = (int)wheelId;
        if (indexInTick >= 1 << wheelSlotShift)
        {
            growWheelSlotOwners(indexInTick);
        }
        wheelSlotOwners[wheelSlotIndex(wheelId)] = slot;
        wheelIds[slot] = wheelId;
        deadlines[slot] = deadlineNs;
        states[slot] = ARMED;
    }

    private void free(final int slot)
    {
        handlers[slot] = null;
        states[slot] = FREE;
        final int generation = generations[slot];
        generations[slot] = generation == MAX_GENERATION ? 1 : generation + 1;
        freeSlots[freeCount++] = slot;
    }

    /**
     * Takes every timer due at {@code nowNs} out of the wheel into the expiry batch. The wheel advances one
     * tick per {@link DeadlineTimerWheel#poll}, so this polls until it reaches the tick of {@code nowNs};
     * after a full rotation every spoke has been compared with {@code nowNs}, and the rest of the gap is
     * skipped.
     */
    private void collectExpired(final long nowNs)
    {
        if (wheel.timerCount() == 0)
        {
            wheel.currentTickTime(nowNs);
            return;
        }
        int spokesScanned = 0;
        long tickTime;
        do
        {
            tickTime = wheel.currentTickTime();
            wheel.poll(nowNs, collector, Integer.MAX_VALUE);
            if (wheel.timerCount() == 0)
            {
                wheel.currentTickTime(nowNs);
                return;
            }
        }
        while (tickTime != wheel.currentTickTime() && ++spokesScanned < ticksPerWheel);

        if (nowNs >= wheel.currentTickTime())
        {
            wheel.currentTickTime(nowNs);
        }
    }

    private boolean onWheelExpiry(final TimeUnit timeUnit, final long nowNs, final long wheelId)
    {
        final int slot = wheelSlotOwners[wheelSlotIndex(wheelId)];
        states[slot] = EXPIRED;
        // The batch is as long as the timer table, and each pending timer enters it at most once a poll.
        expiredIds[expiredCount] = idOf(slot);
        expiredDeadlines[expiredCount] = deadlines[slot];
        expiredCount++;
        return true;
    }

    /**
     * Stable insertion sort: the wheel yields ticks in order and disorder only within a tick, so this is
     * close to linear.
     */
    private void sortExpiredByDeadline()
    {
        final long[] ids = expiredIds;
        final long[] keys = expiredDeadlines;
        for (int i = 1, n = expiredCount; i < n; i++)
        {
            final long key = keys[i];
            if (key >= keys[i - 1])
            {
                continue;
            }
            final long id = ids[i];
            int j = i - 1;
            while (j >= 0 && keys[j] > key)
            {
                keys[j + 1] = keys[j];
                ids[j + 1] = ids[j];
                j--;
            }
            keys[j + 1] = key;
            ids[j + 1] = id;
        }
    }

    private int fireExpired(final long nowNs)
    {
        int fired = 0;
        int next = 0;
        dispatching = true;
        try
        {
            while (next < expiredCount)
            {
                final long timerId = expiredIds[next++];
                final int slot = (int)timerId;
                // An earlier handler of this batch may have cancelled or rescheduled it.
                if (states[slot] != EXPIRED || generations[slot] != (int)(timerId >>> 32))
                {
                    continue;
                }
                final long deadlineNs = deadlines[slot];
                final long periodNs = periods[slot];
                final TimerHandler handler = handlers[slot];
                if (periodNs > 0)
                {
                    arm(slot, nextPeriodicDeadline(deadlineNs, periodNs, nowNs));
                }
                else
                {
                    states[slot] = FIRING;
                    pendingCount--;
                }
                fired++;
                firingDeadlineNs = deadlineNs;
                try
                {
                    handler.onTimer(timerId, nowNs);
                }
                catch (final Throwable ex)
                {
                    onHandlerError(ex);
                }
                finally
                {
                    firingDeadlineNs = NULL_DEADLINE;
                    if (states[slot] == FIRING && generations[slot] == (int)(timerId >>> 32))
                    {
                        free(slot);
                    }
                }
            }
        }
        finally
        {
            // Only reached with next < expiredCount when an Error or the error handler escaped: the timers
            // not fired yet go back into the wheel, due at once, for the next poll.
            while (next < expiredCount)
            {
                final long timerId = expiredIds[next++];
                final int slot = (int)timerId;
                if (states[slot] == EXPIRED && generations[slot] == (int)(timerId >>> 32))
                {
                    arm(slot, deadlines[slot]);
                }
            }
            expiredCount = 0;
            dispatching = false;
        }
        return fired;
    }

    private void onHandlerError(final Throwable ex)
    {
        errorCount++;
        errorHandler.onError(ex);
        if (ex instanceof Error error)
        {
            throw error;
        }
        if (ex instanceof AgentTerminationException termination)
        {
            throw termination;
        }
    }

    /** The slot of a live timer id, or -1. */
    private int slotOf(final long timerId)
    {
        final int slot = (int)timerId;
        if (slot < 0 || slot >= states.length || generations[slot] != (int)(timerId >>> 32))
        {
            return -1;
        }
        return slot;
    }

    private long idOf(final int slot)
    {
        return ((long)generations[slot] << 32) | slot;
    }

    private int wheelSlotIndex(final long wheelId)
    {
        return ((int)(wheelId >>> 32) << wheelSlotShift) + (int)wheelId;
    }

    private void grow()
    {
        final int capacity = states.length;
        if (capacity > 1 << 28)
        {
            throw new IllegalStateException("too many pending timers: " + capacity);
        }
        final int newCapacity = capacity << 1;
        handlers = Arrays.copyOf(handlers, newCapacity);
        deadlines = Arrays.copyOf(deadlines, newCapacity);
        periods = Arrays.copyOf(periods, newCapacity);
        wheelIds = Arrays.copyOf(wheelIds, newCapacity);
        generations = Arrays.copyOf(generations, newCapacity);
        states = Arrays.copyOf(states, newCapacity);
        freeSlots = Arrays.copyOf(freeSlots, newCapacity);
        expiredIds = Arrays.copyOf(expiredIds, newCapacity);
        expiredDeadlines = Arrays.copyOf(expiredDeadlines, newCapacity);
        Arrays.fill(generations, capacity, newCapacity, 1);
        for (int slot = newCapacity - 1; slot >= capacity; slot--)
        {
            freeSlots[freeCount++] = slot;
        }
    }

    private void growWheelSlotOwners(final int indexInTick)
    {
        int newShift = wheelSlotShift;
        while (indexInTick >= 1 << newShift)
        {
            newShift++;
        }
        final int[] newOwners = new int[ticksPerWheel << newShift];
        for (int spoke = 0; spoke < ticksPerWheel; spoke++)
        {
            System.arraycopy(wheelSlotOwners, spoke << wheelSlotShift, newOwners, spoke << newShift,
                1 << wheelSlotShift);
        }
        wheelSlotOwners = newOwners;
        wheelSlotShift = newShift;
    }

    /**
     * The clock's reading plus a delay. {@link #NULL_DEADLINE} marks an empty slot in the wheel, so it and
     * anything past it are refused rather than lost or wrapped into the past.
     */
    private long deadlineAfter(final long delayNs)
    {
        if (delayNs < 0)
        {
            throw new IllegalArgumentException("delayNs must not be negative: " + delayNs);
        }
        final long nowNs = clock.nanoTime();
        final long deadlineNs = nowNs + delayNs;
        if (deadlineNs < nowNs || deadlineNs == NULL_DEADLINE)
        {
            throw new IllegalArgumentException("delay of " + delayNs + " ns from " + nowNs + " overflows the clock");
        }
        return deadlineNs;
    }

    private static void printError(final Throwable ex)
    {
        System.err.println("jdpdk: timer handler failed on thread " + Thread.currentThread().getName());
        ex.printStackTrace(System.err);
    }

    private boolean claimOwnership()
    {
        if (owner == null)
        {
            owner = Thread.currentThread();
        }
        return owner == Thread.currentThread();
    }

    private boolean isOwnerOrUnclaimed()
    {
        return owner == null || owner == Thread.currentThread();
    }

    private String ownerViolation()
    {
        return "LcoreTimers is owned by thread '" + owner.getName() + "' (the first to poll) but was called from '" +
            Thread.currentThread().getName() + "'";
    }
}
