package io.jdpdk.eal;

import io.jdpdk.eal.raw.EalRaw;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.IdleStrategy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A worker lcore: one of the lcores given to EAL with {@code -l} / {@code --lcores}, other than the
 * main lcore, served by one Java platform thread of its own. The thread is pinned to the lcore's
 * cpuset (as EAL computed it, {@code rte_lcore_cpuset}) and registered with DPDK
 * ({@code rte_thread_register}), so it has an lcore id of its own ({@link #dpdkLcoreId()}) and so a
 * per-lcore cache in every mempool. It lives until the EAL closes; work is handed to it with
 * {@link #launch(LcoreFunction)} (run once, like {@code rte_eal_remote_launch}) or
 * {@link #launch(Agent, IdleStrategy)} (an Agrona agent's duty cycle until {@link #stop()}), and
 * its outcome is collected with {@link #await()} ({@code rte_eal_wait_lcore}).
 * <p>
 * An exception thrown by the work stops it and is reported by {@code await()} as an
 * {@link LcoreException}, unless an {@link ErrorHandler} was given to the agent launch, which then
 * sees every error while the agent keeps running ({@link #errorCount()} counts them either way).
 * <p>
 * Threading: launch, stop and await from any thread; one launch at a time per lcore. Never a
 * virtual thread: lcore work needs a carrier of its own, pinned.
 */
public final class Lcore
{
    /** As {@code enum rte_lcore_state_t}. */
    public enum State
    {
        /** Idle, ready for a launch. */
        WAIT,
        /** Running a function or an agent. */
        RUNNING
    }

    private static final ThreadLocal<Lcore> CURRENT = new ThreadLocal<>();

    private final int id;
    private final MemorySegment cpuset;
    private final Object lock = new Object();
    private final AtomicLong errors = new AtomicLong();
    private Thread thread;
    private int dpdkLcoreId = EalRaw.LCORE_ID_ANY;
    private State state = State.WAIT;
    private Runnable task;
    private int result;
    private Throwable failure;
    private volatile boolean stopRequested;
    private boolean shutdown;

    Lcore(final int id)
    {
        this.id = id;
        this.cpuset = Arena.global().allocate(EalRaw.CPUSET);
        MemorySegment.copy(EalRaw.lcore_cpuset(Arena.global(), id), 0, cpuset, 0, EalRaw.CPUSET.byteSize());
    }

    /** The EAL lcore id (as given with -l / --lcores). */
    public int id()
    {
        return id;
    }

    /** The CPUs this lcore's thread is pinned to. */
    public int[] cpus()
    {
        return java.util.stream.IntStream.range(0, 1024)
            .filter(cpu -> (cpuset.get(ValueLayout.JAVA_LONG, (cpu / 64) * 8L) & (1L << (cpu % 64))) != 0)
            .toArray();
    }

    /**
     * The lcore id DPDK gave the thread when it registered ({@code rte_lcore_id()} on it), or -1
     * before the first launch. It differs from {@link #id()}: EAL keeps its own idle thread for that id.
     */
    public int dpdkLcoreId()
    {
        synchronized (lock)
        {
            return dpdkLcoreId;
        }
    }

    /** The id of the lcore's Java thread (for ThreadMXBean), or -1 before the first launch. */
    public long threadId()
    {
        synchronized (lock)
        {
            return thread == null ? -1 : thread.threadId();
        }
    }

    /** WAIT or RUNNING. */
    public State state()
    {
        synchronized (lock)
        {
            return state;
        }
    }

    /** Errors the work threw since the EAL started. */
    public long errorCount()
    {
        return errors.get();
    }

    /** Whether {@link #stop()} was called for the current launch; long-running functions poll it. */
    public boolean stopRequested()
    {
        return stopRequested;
    }

    /**
     * Registers the calling thread with DPDK ({@code rte_thread_register}) so it gets an lcore id
     * and mempool caches, for an application's own platform thread that polls ports outside a
     * {@link Lcore}. Idempotent for a thread that already has an lcore id.
     *
     * @return the lcore id DPDK assigned
     * @throws DpdkException for a virtual thread, or when DPDK has no free lcore id (ENOMEM)
     */
    public static int registerCurrentThread()
    {
        Eal.checkRunning("rte_thread_register");
        if (Thread.currentThread().isVirtual())
        {
            throw new DpdkException("rte_thread_register", 22, "a virtual thread cannot be an lcore: its carrier " +
                "thread changes under it; use a platform thread");
        }
        final int existing = EalRaw.lcore_id();
        if (existing != EalRaw.LCORE_ID_ANY)
        {
            return existing;
        }
        if (EalRaw.thread_register() != 0)
        {
            final int errno = EalRaw.errno();
            throw new DpdkException("rte_thread_register", errno, EalRaw.strerror(errno));
        }
        return EalRaw.lcore_id();
    }

    /** The DPDK lcore id of the calling thread, or -1 when it is not an lcore. */
    public static int currentLcoreId()
    {
        return EalRaw.lcore_id();
    }

    /** The lcore whose thread is calling, or null on any other thread. */
    public static Lcore current()
    {
        return CURRENT.get();
    }

    /**
     * Runs {@code function} once on this lcore ({@code rte_eal_remote_launch}).
     *
     * @throws DpdkException (EBUSY) when the lcore is running other work
     */
    public void launch(final LcoreFunction function)
    {
        start(() ->
        {
            try
            {
                final int rc = function.run(this);
                finish(rc, null);
            }
            catch (final Throwable t)
            {
                errors.incrementAndGet();
                finish(-1, t);
            }
        });
    }

    /**
     * Runs {@code agent}'s duty cycle on this lcore until {@link #stop()}: {@code onStart}, then
     * {@code doWork} with {@code idle} given each work count, then {@code onClose}. The first
     * exception stops the agent and is reported by {@link #await()}.
     */
    public void launch(final Agent agent, final IdleStrategy idle)
    {
        launch(agent, idle, null);
    }

    /**
     * As {@link #launch(Agent, IdleStrategy)}; with a non-null {@code errorHandler} the agent keeps
     * running after an exception, which goes to the handler (Agrona's contract).
     */
    public void launch(final Agent agent, final IdleStrategy idle, final ErrorHandler errorHandler)
    {
        start(() ->
        {
            Throwable first = null;
            final Throwable[] last = new Throwable[1];
            final ErrorHandler handler = t ->
            {
                last[0] = t;
                errors.incrementAndGet();
                if (errorHandler != null)
                {
                    errorHandler.onError(t);
                }
            };
            final AgentInvoker invoker = new AgentInvoker(handler, null, agent);
            try
            {
                invoker.start();
                if (!invoker.isRunning())
                {
                    first = last[0]; // onStart threw
                }
                idle.reset();
                while (!stopRequested && invoker.isRunning())
                {
                    final int work;
                    try
                    {
                        work = agent.doWork();
                    }
                    catch (final Throwable t)
                    {
                        handler.onError(t);
                        if (errorHandler == null)
                        {
                            first = t;
                            break;
                        }
                        continue;
                    }
                    idle.idle(work);
                }
            }
            catch (final Throwable t)
            {
                first = first == null ? t : first;
            }
            finally
            {
                try
                {
                    invoker.close();
                }
                catch (final Throwable t)
                {
                    first = first == null ? t : first;
                }
                finish(first == null ? 0 : -1, first);
            }
        });
    }

    /** Asks the running work to stop: an agent stops after its current duty cycle. Returns at once. */
    public void stop()
    {
        stopRequested = true;
    }

    /**
     * Waits until the lcore is idle again ({@code rte_eal_wait_lcore}).
     *
     * @return the function's status, 0 for an agent that stopped without error
     * @throws LcoreException with what the work threw
     */
    public int await()
    {
        synchronized (lock)
        {
            while (state == State.RUNNING)
            {
                try
                {
                    lock.wait();
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                    throw new LcoreException(id, ex);
                }
            }
            final Throwable t = failure;
            failure = null;
            if (t != null)
            {
                throw new LcoreException(id, t);
            }
            return result;
        }
    }

    /**
     * Awaits every lcore in turn ({@code rte_eal_mp_wait_lcore}), even after one failed.
     *
     * @throws LcoreException the first failure, with those of later lcores suppressed into it
     */
    public static void awaitAll(final Iterable<Lcore> lcores)
    {
        LcoreException failure = null;
        for (final Lcore lcore : lcores)
        {
            try
            {
                lcore.await();
            }
            catch (final LcoreException ex)
            {
                if (failure == null)
                {
                    failure = ex;
                }
                else
                {
                    failure.addSuppressed(ex);
                }
            }
        }
        if (failure != null)
        {
            throw failure;
        }
    }

    /** Stops the work, waits, and ends the thread (unregistering it from DPDK). For {@link Eal#close()}. */
    void shutdown()
    {
        stop();
        Thread t;
        synchronized (lock)
        {
            while (state == State.RUNNING)
            {
                try
                {
                    lock.wait();
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            shutdown = true;
            lock.notifyAll();
            t = thread;
        }
        if (t != null)
        {
            try
            {
                t.join(10_000);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void start(final Runnable work)
    {
        Eal.checkRunning("launch on lcore " + id);
        synchronized (lock)
        {
            if (shutdown)
            {
                throw new DpdkException("launch on lcore " + id, Eal.ENODEV, "the EAL is closing");
            }
            if (state == State.RUNNING)
            {
                throw new DpdkException("launch on lcore " + id, 16, "lcore " + id + " is busy (EBUSY): await it first");
            }
            state = State.RUNNING;
            stopRequested = false;
            failure = null;
            result = 0;
            task = work;
            if (thread == null)
            {
                thread = Thread.ofPlatform().name("lcore-" + id).daemon(true).start(this::serve);
            }
            lock.notifyAll();
        }
    }

    private void finish(final int rc, final Throwable t)
    {
        synchronized (lock)
        {
            result = rc;
            failure = t;
            state = State.RUNNING == state ? State.WAIT : state;
            lock.notifyAll();
        }
    }

    /** The lcore thread: pin, register, then run tasks until shutdown. */
    private void serve()
    {
        final int registered;
        if (EalRaw.sched_setaffinity(cpuset) != 0)
        {
            failStart(new DpdkException("sched_setaffinity(lcore " + id + ")", 22, "cannot pin to CPUs " +
                java.util.Arrays.toString(cpus())));
            return;
        }
        if (EalRaw.thread_register() != 0)
        {
            final int errno = EalRaw.errno();
            failStart(new DpdkException("rte_thread_register(lcore " + id + ")", errno, EalRaw.strerror(errno)));
            return;
        }
        registered = EalRaw.lcore_id();
        CURRENT.set(this);
        synchronized (lock)
        {
            dpdkLcoreId = registered;
        }
        try
        {
            while (true)
            {
                final Runnable next;
                synchronized (lock)
                {
                    while (task == null && !shutdown)
                    {
                        try
                        {
                            lock.wait();
                        }
                        catch (final InterruptedException ex)
                        {
                            return;
                        }
                    }
                    if (task == null)
                    {
                        return;
                    }
                    next = task;
                    task = null;
                }
                next.run();
            }
        }
        finally
        {
            CURRENT.remove();
            EalRaw.thread_unregister();
        }
    }

    private void failStart(final Throwable t)
    {
        synchronized (lock)
        {
            task = null;
            thread = null;
        }
        errors.incrementAndGet();
        finish(-1, t);
    }

    @Override
    public String toString()
    {
        return "Lcore{" + id + ", cpus=" + java.util.Arrays.toString(cpus()) + ", dpdk id " + dpdkLcoreId() + "}";
    }
}
