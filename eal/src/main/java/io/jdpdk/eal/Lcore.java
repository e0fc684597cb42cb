package io.jdpdk.eal;

import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.eal.raw.NativeLibrary;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentTerminationException;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.status.AtomicCounter;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A worker lcore: one of the lcores given to EAL with {@code -l} / {@code --lcores}, other than the
 * main lcore, whose work runs on the thread EAL itself created and pinned for it. {@link #launch}
 * is {@code rte_eal_remote_launch} of one FFM upcall stub: EAL's thread calls into Java (the JVM
 * attaches it on its first upcall) and the work, a function or an Agrona agent's whole duty cycle,
 * stays inside that one upcall until it returns. So {@code rte_lcore_id()} on it is {@link #id()},
 * mempool caches are the lcore's own, and, unlike threads added with {@code rte_thread_register},
 * EAL's threads leave DPDK's multi-process support on: {@code dpdk-dumpcap} and {@code dpdk-proc-info}
 * can attach to the process while its lcores forward. Its outcome is collected with {@link #await()}
 * ({@code rte_eal_wait_lcore}).
 * <p>
 * Nothing crosses the upcall: an exception thrown by the work stops it and is reported by
 * {@code await()} as an {@link LcoreException}, unless an {@link ErrorHandler} was given to the agent
 * launch, which then sees every error while the agent keeps running ({@link #errorCount()} counts
 * them either way).
 * <p>
 * An agent's duty cycles are counted as busy polls (work count above zero) and idle polls
 * ({@link LcorePolls}), errors in {@link Counters#LCORE_ERRORS}: counters written with release stores
 * by the lcore and readable from any thread or process.
 * <p>
 * Threading: launch, stop and await from any thread; one launch at a time per lcore.
 */
public final class Lcore
{
    /** As {@code enum rte_lcore_state_t} of DPDK 22.11. */
    public enum State
    {
        /** Idle, ready for a launch. */
        WAIT,
        /** Running a function or an agent. */
        RUNNING
    }

    private static final ThreadLocal<Lcore> CURRENT = new ThreadLocal<>();
    /** The lcore of each EAL lcore id, for the upcall to find its work. */
    private static final Lcore[] BY_ID = new Lcore[EalRaw.MAX_LCORE];
    /** {@code int entry(void *arg)}: the {@code lcore_function_t} every launch hands EAL; arg is the lcore id. */
    private static final MemorySegment ENTRY;

    static
    {
        try
        {
            ENTRY = NativeLibrary.upcall(
                MethodHandles.lookup().findStatic(Lcore.class, "entry", MethodType.methodType(int.class, MemorySegment.class)),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final int id;
    private final MemorySegment cpuset;
    private final Object lock = new Object();
    private final AtomicCounter errors;
    private final LcorePolls polls;
    private volatile String role = "idle";
    private volatile boolean roleChosen;
    private Thread thread;
    private State state = State.WAIT;
    /**
     * True from the moment the work finished in Java until {@code rte_eal_wait_lcore} saw EAL's thread back in WAIT:
     * the upcall still has to return, and a launch before that would get EBUSY.
     */
    private boolean finishedInEal;
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
        final Counters counters = Counters.get();
        this.polls = LcorePolls.of(id);
        this.errors = counters.newCounter("lcore " + id + ": errors", Counters.LCORE_ERRORS);
        synchronized (BY_ID)
        {
            BY_ID[id] = this;
        }
    }

    /** Every worker lcore of the process, ascending by id, without taking the EAL's lock. */
    static List<Lcore> all()
    {
        synchronized (BY_ID)
        {
            return java.util.Arrays.stream(BY_ID).filter(java.util.Objects::nonNull).toList();
        }
    }

    /**
     * The EAL lcore id (as given with -l / --lcores).
     *
     * @return the id, which {@code rte_lcore_id()} returns on the lcore's thread
     */
    public int id()
    {
        return id;
    }

    /**
     * The CPUs this lcore's thread is pinned to (EAL's {@code rte_lcore_cpuset}, as read at EAL init).
     *
     * @return the CPU numbers, ascending
     */
    public int[] cpus()
    {
        return ControlCpus.bits(cpuset).stream().toArray();
    }

    /**
     * The lcore id DPDK knows the lcore's thread by ({@code rte_lcore_id()} on it): {@link #id()}, since the work
     * runs on EAL's own thread for that id.
     *
     * @return the lcore id
     */
    public int dpdkLcoreId()
    {
        return id;
    }

    /**
     * The id of the Java thread the JVM attached EAL's thread as, for ThreadMXBean.
     *
     * @return the thread id, or -1 before the first launch ran
     */
    public long threadId()
    {
        synchronized (lock)
        {
            return thread == null ? -1 : thread.threadId();
        }
    }

    /**
     * Whether the lcore runs work.
     *
     * @return RUNNING from a launch until the work finished, else WAIT
     */
    public State state()
    {
        synchronized (lock)
        {
            return state;
        }
    }

    /**
     * What the lcore does for the application ("rx", "worker", "tx", "forward"...), as DPDK's telemetry and
     * {@code jdpdk-stat} show it: what {@link #role(String)} set, else the running agent's {@code roleName()},
     * "function" for a function, "idle" before the first launch.
     *
     * @return the role name
     */
    public String role()
    {
        return role;
    }

    /**
     * Names what this lcore does for the application; see {@link #role()}. It outlasts later launches.
     *
     * @param role the name, e.g. "rx"; not null
     * @return this lcore
     */
    public Lcore role(final String role)
    {
        this.role = java.util.Objects.requireNonNull(role, "role");
        roleChosen = true;
        return this;
    }

    /**
     * Errors the work threw since the EAL started ({@link Counters#LCORE_ERRORS}).
     *
     * @return the count, from any thread
     */
    public long errorCount()
    {
        return errors.get();
    }

    /**
     * Agent duty cycles that did work (a work count above zero), since the EAL started.
     *
     * @return the count, from any thread
     */
    public long busyPolls()
    {
        return polls.busy();
    }

    /**
     * Agent duty cycles that found nothing to do, since the EAL started.
     *
     * @return the count, from any thread
     */
    public long idlePolls()
    {
        return polls.idle();
    }

    /**
     * Whether {@link #stop()} was called for the current launch; long-running functions poll it.
     *
     * @return true once stop was asked for, until the next launch
     */
    public boolean stopRequested()
    {
        return stopRequested;
    }

    /**
     * Registers the calling thread with DPDK ({@code rte_thread_register}) so it gets an lcore id
     * and mempool caches, for an extra platform thread of the application beyond the lcores of
     * {@code -l}. DPDK then disables multi-process for good: no secondary process (dpdk-dumpcap,
     * dpdk-proc-info) can attach afterwards, and registering fails (EINVAL) while one is attached.
     * Idempotent for a thread that already has an lcore id.
     *
     * @return the lcore id DPDK assigned
     * @throws DpdkException for a virtual thread, when a secondary process is attached, or when DPDK
     *                       has no free lcore id (ENOMEM)
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

    /**
     * The DPDK lcore id of the calling thread ({@code rte_lcore_id}).
     *
     * @return the id, or -1 when the thread is not an lcore
     */
    public static int currentLcoreId()
    {
        return EalRaw.lcore_id();
    }

    /**
     * The worker lcore whose thread is calling, while it runs launched work.
     *
     * @return the lcore, or null on any other thread
     */
    public static Lcore current()
    {
        return CURRENT.get();
    }

    /**
     * Runs {@code function} once on this lcore ({@code rte_eal_remote_launch}); returns at once.
     *
     * @param function the work; its result and exception are reported by {@link #await()}
     * @throws DpdkException (EBUSY) when the lcore is running other work
     */
    public void launch(final LcoreFunction function)
    {
        if (!roleChosen)
        {
            role = "function";
        }
        start(() ->
        {
            try
            {
                final int rc = function.run(this);
                finish(rc, null);
            }
            catch (final Throwable t)
            {
                errors.increment();
                finish(-1, t);
            }
        });
    }

    /**
     * Runs {@code agent}'s duty cycle on this lcore until {@link #stop()}: {@code onStart}, then
     * {@code doWork} with {@code idle} given each work count, then {@code onClose}. The first
     * exception stops the agent and is reported by {@link #await()}; an
     * {@link AgentTerminationException} from {@code doWork} stops it cleanly, as in Agrona. Returns at once.
     *
     * @param agent the agent, run on this lcore's thread only
     * @param idle the idle strategy between duty cycles
     * @throws DpdkException (EBUSY) when the lcore is running other work
     */
    public void launch(final Agent agent, final IdleStrategy idle)
    {
        launch(agent, idle, null);
    }

    /**
     * As {@link #launch(Agent, IdleStrategy)}; with a non-null {@code errorHandler} the agent keeps
     * running after an exception, which goes to the handler (Agrona's contract).
     *
     * @param agent the agent, run on this lcore's thread only
     * @param idle the idle strategy between duty cycles
     * @param errorHandler sees every error on the lcore's thread, or null to stop at the first
     * @throws DpdkException (EBUSY) when the lcore is running other work
     */
    public void launch(final Agent agent, final IdleStrategy idle, final ErrorHandler errorHandler)
    {
        if (!roleChosen)
        {
            role = agent.roleName();
        }
        start(() -> runAgent(agent, idle, errorHandler));
    }

    private void runAgent(final Agent agent, final IdleStrategy idle, final ErrorHandler errorHandler)
    {
        Throwable first = null;
        final Throwable[] last = new Throwable[1];
        final ErrorHandler handler = t ->
        {
            last[0] = t;
            errors.increment();
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
                catch (final AgentTerminationException ex)
                {
                    break; // Agrona's way for an agent to end itself: a clean stop, not an error
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
                idle.idle(polls.record(work));
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
            reapInEal();
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
     * @param lcores the lcores to wait for
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

    /** For {@link Eal#close()}: refuses later launches and asks the running work to stop. Returns at once. */
    void beginShutdown()
    {
        synchronized (lock)
        {
            shutdown = true; // under the lock start() takes: no launch can slip in and reset the stop request
            stopRequested = true;
        }
    }

    /**
     * For {@link Eal#close()}, after {@link #beginShutdown()}: waits until the lcore is idle or {@code deadline}
     * ({@link System#nanoTime()}) passed.
     *
     * @return null once the lcore is idle, else an exception naming it, with its thread's stack where it is stuck
     */
    LcoreException awaitShutdown(final long deadline, final Duration timeout)
    {
        synchronized (lock)
        {
            while (state == State.RUNNING)
            {
                final long left = deadline - System.nanoTime();
                if (left <= 0)
                {
                    final LcoreException stuck = new LcoreException(id, "did not stop within " + timeout.toMillis() +
                        " ms of the stop request (role " + role + ", thread " + (thread == null ? "-" : thread.getName()) +
                        "); its stack trace is where it is stuck");
                    if (thread != null)
                    {
                        stuck.setStackTrace(thread.getStackTrace());
                    }
                    return stuck;
                }
                try
                {
                    TimeUnit.NANOSECONDS.timedWait(lock, left);
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                    return new LcoreException(id, ex);
                }
            }
            reapInEal();
            return null;
        }
    }

    private void start(final Runnable work)
    {
        Eal.checkRunning("launch on lcore " + id);
        Eal.workerLaunching(id); // no control thread left on the CPUs this work will poll
        try
        {
            launchUnderLock(work);
        }
        finally
        {
            Eal.workerLaunched(id);
        }
    }

    private void launchUnderLock(final Runnable work)
    {
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
            reapInEal();
            state = State.RUNNING;
            stopRequested = false;
            failure = null;
            result = 0;
            task = work;
            final int rc = EalRaw.eal_remote_launch(ENTRY, MemorySegment.ofAddress(id), id);
            if (rc < 0)
            {
                state = State.WAIT;
                task = null;
                throw new DpdkException("rte_eal_remote_launch(lcore " + id + ")", -rc, EalRaw.strerror(-rc));
            }
        }
    }

    /** After the work finished: rte_eal_wait_lcore spins (briefly) until EAL's thread is back in WAIT. Under lock. */
    private void reapInEal()
    {
        if (finishedInEal)
        {
            EalRaw.eal_wait_lcore(id);
            finishedInEal = false;
        }
    }

    private void finish(final int rc, final Throwable t)
    {
        synchronized (lock)
        {
            result = rc;
            failure = t;
            state = State.WAIT;
            finishedInEal = true;
            lock.notifyAll();
        }
    }

    /**
     * The upcall EAL's worker thread makes for each launch ({@code lcore_function_t}). Never throws: an exception
     * that reached the stub would end the JVM.
     */
    @SuppressWarnings("unused") // called from native code through ENTRY
    private static int entry(final MemorySegment arg)
    {
        try
        {
            final Lcore lcore;
            synchronized (BY_ID)
            {
                lcore = BY_ID[(int)arg.address()];
            }
            return lcore == null ? -1 : lcore.serve();
        }
        catch (final Throwable t)
        {
            return -1;
        }
    }

    /** Runs the launched task on the calling EAL thread; the task reports its own outcome through finish. */
    private int serve()
    {
        final Runnable next;
        final Thread current = Thread.currentThread();
        synchronized (lock)
        {
            next = task;
            task = null;
            thread = current;
        }
        try
        {
            current.setName("lcore-" + id);
            CURRENT.set(this);
            if (next != null)
            {
                next.run();
            }
            else
            {
                finish(-1, new IllegalStateException("lcore " + id + " was launched with no work"));
            }
        }
        catch (final Throwable t)
        {
            // The task reports its own outcome; this is for a failure around it (an OutOfMemoryError in setName):
            // RUNNING must never outlive the upcall, or await() and Eal.close would wait for nothing.
            errors.increment();
            finish(-1, t);
        }
        finally
        {
            CURRENT.remove();
        }
        // No lock here: await() holds it while rte_eal_wait_lcore spins for this upcall to return. result was
        // written by this thread (finish), and no launch can reset it before the upcall returned.
        return result;
    }

    @Override
    public String toString()
    {
        return "Lcore{" + id + ", cpus=" + java.util.Arrays.toString(cpus()) + ", role " + role + "}";
    }
}
