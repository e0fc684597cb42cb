package io.jdpdk.eal.timer;

/**
 * Callback of a timer scheduled on {@link LcoreTimers}; the Java counterpart of DPDK's
 * {@code rte_timer_cb_t}.
 * <p>
 * Threading: called on the thread that owns the {@link LcoreTimers}, from inside its
 * {@link LcoreTimers#poll()}, never concurrently with another handler of the same instance. A handler
 * runs on the lcore's poll loop, so it should be as short as a packet burst: it delays every other
 * timer and every queue the loop serves.
 * <p>
 * Re-entrancy: a handler may {@link LcoreTimers#schedule schedule}, {@link LcoreTimers#cancel cancel}
 * and {@link LcoreTimers#reschedule reschedule} any timer of the same instance, its own included; it must
 * not call {@link LcoreTimers#poll()}. A timer it schedules fires on a later poll, never in the current
 * one, so a handler that re-arms itself with no delay cannot starve the loop.
 * <p>
 * Errors: an exception thrown by a handler goes to the {@link org.agrona.ErrorHandler} of the
 * {@link LcoreTimers}; it does not stop the other timers due in the same poll, and a periodic timer stays
 * scheduled. Allocating, logging and blocking belong on the control path, not here.
 */
@FunctionalInterface
public interface TimerHandler
{
    /**
     * The timer's deadline has passed.
     *
     * @param timerId the id {@code schedule} or {@code schedulePeriodic} returned for this timer
     * @param nowNs   the clock reading of the poll that fired the timer, at or after the deadline; the
     *                deadline itself is {@link LcoreTimers#firingDeadlineNs()}
     */
    void onTimer(long timerId, long nowNs);
}
