package io.jdpdk.eal;

import org.agrona.concurrent.status.AtomicCounter;

/**
 * An lcore's duty cycles as two {@link Counters}, "lcore N: busy polls" (work count above zero) and
 * "lcore N: idle polls", one pair per lcore id for the life of the process. A worker {@link Lcore} records its
 * agent's cycles itself; a loop on the main lcore records its own with {@link #record(int)}:
 * {@code idle.idle(polls.record(invoker.invoke()))}.
 * <p>
 * Threading: {@link #record} from the lcore's one thread (single writer, release stores, no allocation);
 * reads from anywhere.
 */
public final class LcorePolls
{
    /** One pair per lcore id, and a last one shared by threads that are no lcore. */
    private static final LcorePolls[] BY_ID = new LcorePolls[io.jdpdk.eal.raw.EalRaw.MAX_LCORE + 1];

    private final AtomicCounter busy;
    private final AtomicCounter idle;

    private LcorePolls(final String owner)
    {
        final Counters counters = Counters.get();
        busy = counters.newCounter(owner + ": busy polls", Counters.LCORE_BUSY_POLLS);
        idle = counters.newCounter(owner + ": idle polls", Counters.LCORE_IDLE_POLLS);
    }

    /**
     * The poll counters of lcore {@code lcoreId}, created on first use; any thread.
     *
     * @param lcoreId an EAL lcore id, or negative for the pair shared by non-lcore threads
     * @return the same instance for the same id, for the life of the process
     */
    public static LcorePolls of(final int lcoreId)
    {
        final int slot = lcoreId < 0 ? BY_ID.length - 1 : lcoreId;
        synchronized (BY_ID)
        {
            if (BY_ID[slot] == null)
            {
                BY_ID[slot] = new LcorePolls(lcoreId < 0 ? "non-lcore threads" : "lcore " + lcoreId);
            }
            return BY_ID[slot];
        }
    }

    /**
     * The poll counters of the calling thread's lcore ({@code rte_lcore_id()}).
     *
     * @return its pair, or the one shared by non-lcore threads
     */
    public static LcorePolls ofCurrentLcore()
    {
        return of(Lcore.currentLcoreId());
    }

    /**
     * Counts one duty cycle as busy or idle; from the lcore's thread only.
     *
     * @param workCount what the duty cycle returned
     * @return {@code workCount}, for the idle strategy
     */
    public int record(final int workCount)
    {
        if (workCount > 0)
        {
            busy.incrementRelease();
        }
        else
        {
            idle.incrementRelease();
        }
        return workCount;
    }

    /**
     * Duty cycles that did work.
     *
     * @return the count since the process started, from any thread
     */
    public long busy()
    {
        return busy.get();
    }

    /**
     * Duty cycles that found nothing to do.
     *
     * @return the count since the process started, from any thread
     */
    public long idle()
    {
        return idle.get();
    }
}
