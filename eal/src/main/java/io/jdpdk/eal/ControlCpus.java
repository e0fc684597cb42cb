package io.jdpdk.eal;

import io.jdpdk.eal.raw.EalRaw;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The CPUs of DPDK's control threads, and the JVM's own threads kept on them.
 * <p>
 * EAL runs its control threads ({@code eal-intr-thread}, {@code telemetry-v2}, ...) on the CPUs the process was
 * started with that no lcore uses, or on the main lcore's CPUs when every one of them is an lcore's
 * ({@code compute_ctrl_threads_cpuset} in {@code eal_common_options.c}), so that nothing but a worker lcore's own
 * loop runs on its CPU. A JVM has many more such threads: JIT compilers, GC workers, the VM's periodic task,
 * jdpdk's own (counters). Left on every CPU, they preempt the worker lcores' busy loops for tens of microseconds
 * each time one wakes up. {@link Eal#init} therefore moves the threads that existed before rte_eal_init and still
 * have the start-up affinity onto the control CPUs, as DPDK would have started them there, except its caller: the
 * application's thread keeps its affinity, and so do the threads and processes it starts. Threads rte_eal_init
 * created (EAL's lcores and control threads) and threads with an affinity of their own are left alone. Threads the
 * moved ones start later (another JIT compiler, a GC worker) inherit the control CPUs. {@link Eal#close} gives the
 * moved threads that are still on the control CPUs the start-up affinity back.
 * <p>
 * When every CPU is an lcore's, the control CPUs are the main lcore's own, which is no place for them once the main
 * lcore runs a polling loop (DPDK's skeleton, l2fwd, l3fwd do). From {@link Eal#pinToMainLcore()} until its pinning
 * closes, the control threads (EAL's, the JVM's, jdpdk's, and the threads they started) therefore move to the CPUs
 * of worker lcores that run nothing, if there are any, and move on, or back, when work is launched on such an lcore
 * ({@link Lcore}). Which threads: every one whose affinity is exactly the control CPUs then, but the looping thread
 * and EAL's lcore threads, so also an application thread pinned to the main lcore's CPUs alone. EAL's
 * {@code rte_mp_handle} is one of them: it serves the requests of DPDK's tools (dpdk-dumpcap's enable and disable
 * among them), and on the forwarding CPU each request preempts the loop (the README's "Watching a running app").
 * <p>
 * Control path only: a few system calls per thread of the process.
 */
final class ControlCpus
{
    private static final Path TASKS = Path.of("/proc/self/task");
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");

    private static final String LCORE_THREAD = "rte-worker-"; // EAL 22.11's name for a worker lcore's thread

    private final BitSet startup;
    private final BitSet control;
    private final BitSet mainCpus;
    /** EAL's worker lcore threads: never moved. */
    private final Set<Integer> lcoreThreads;
    /** Thread ids moved to the control CPUs, by {@link #confine} or {@link #confineCaller}. */
    private final Set<Integer> moved = ConcurrentHashMap.newKeySet();
    /** Where the control threads are: {@link #control}, or idle worker lcores' CPUs while the main lcore loops. */
    private BitSet current;
    /** Threads that had {@link #current}'s affinity before the control threads came there: not theirs to move. */
    private Set<Integer> foreign = Set.of();
    private int mainLoops;
    /** Worker lcores between {@link #workerLaunching} and {@link #workerLaunched}: busy, though EAL says WAIT. */
    private final BitSet launching = new BitSet();

    private ControlCpus(final BitSet startup, final BitSet control, final BitSet mainCpus,
        final Set<Integer> lcoreThreads)
    {
        this.startup = startup;
        this.control = control;
        this.mainCpus = mainCpus;
        this.lcoreThreads = lcoreThreads;
        this.current = control;
    }

    /**
     * The ids of the process's threads now (its {@code /proc/self/task}).
     *
     * @throws UncheckedIOException when /proc cannot be read
     */
    static Set<Integer> threads()
    {
        final Set<Integer> tids = new HashSet<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS))
        {
            for (final Path task : tasks)
            {
                tids.add(Integer.parseInt(task.getFileName().toString()));
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot list the threads of this process in " + TASKS, ex);
        }
        return tids;
    }

    /**
     * EAL's control CPUs for this process, computed as rte_eal_init does: after rte_eal_init, which configured the
     * lcores.
     *
     * @param startup the affinity the thread calling rte_eal_init had before it (a cpu_set_t)
     * @param before the threads of the process before rte_eal_init ({@link #threads()})
     */
    static ControlCpus of(final MemorySegment startup, final Set<Integer> before)
    {
        final BitSet allowed = bits(startup);
        try (Arena arena = Arena.ofConfined())
        {
            final BitSet lcoreCpus = new BitSet();
            for (int id = 0; id < EalRaw.MAX_LCORE; id++)
            {
                if (EalRaw.eal_lcore_role(id) != EalRaw.ROLE_OFF)
                {
                    lcoreCpus.or(bits(EalRaw.lcore_cpuset(arena, id)));
                }
            }
            final BitSet control = (BitSet)allowed.clone();
            control.andNot(lcoreCpus);
            final BitSet mainCpus = bits(EalRaw.lcore_cpuset(arena, EalRaw.get_main_lcore()));
            final Set<Integer> lcoreThreads = new HashSet<>();
            for (final int tid : threads())
            {
                if (!before.contains(tid) && name(tid).startsWith(LCORE_THREAD))
                {
                    lcoreThreads.add(tid);
                }
            }
            return new ControlCpus(allowed, control.isEmpty() ? mainCpus : control, mainCpus, lcoreThreads);
        }
    }

    /** The CPUs the control threads are on now, ascending. */
    synchronized int[] cpus()
    {
        return current.stream().toArray();
    }

    /**
     * The calling thread is about to run a polling loop on the main lcore: when the control threads share the main
     * lcore's CPUs, moves them to the CPUs of worker lcores that run nothing, if any. Balanced by
     * {@link #mainLoopEnded()}.
     */
    synchronized void mainLoopStarted()
    {
        if (mainLoops++ == 0 && current.equals(mainCpus))
        {
            final BitSet idle = idleWorkerCpus();
            if (!idle.isEmpty())
            {
                moveControlThreads(idle, callerTid());
            }
        }
    }

    /** The main lcore's loop ended: the control threads go back to the control CPUs. */
    synchronized void mainLoopEnded()
    {
        if (--mainLoops == 0 && current != control)
        {
            moveControlThreads(control, -1);
        }
    }

    /**
     * Work is about to be launched on worker lcore {@code lcoreId}: control threads on its CPUs move to the other
     * idle worker lcores' CPUs, or back to the control CPUs when there are none.
     */
    synchronized void workerLaunching(final int lcoreId)
    {
        launching.set(lcoreId);
        if (current == control)
        {
            return;
        }
        try (Arena arena = Arena.ofConfined())
        {
            if (bits(EalRaw.lcore_cpuset(arena, lcoreId)).intersects(current))
            {
                final BitSet idle = idleWorkerCpus();
                moveControlThreads(idle.isEmpty() ? control : idle, -1);
            }
        }
    }

    /** The launch on {@code lcoreId} is done, or failed: EAL's state tells from now on. */
    synchronized void workerLaunched(final int lcoreId)
    {
        launching.clear(lcoreId);
    }

    /**
     * The CPUs of worker lcores in WAIT, and not being launched, that no busy lcore (the main one, a running or
     * launching worker, a service lcore) shares.
     */
    private BitSet idleWorkerCpus()
    {
        final BitSet idle = new BitSet();
        final BitSet busy = (BitSet)mainCpus.clone();
        final int main = EalRaw.get_main_lcore();
        final BitSet running = (BitSet)launching.clone(); // jdpdk's view: EAL's says RUNNING only once its thread woke
        for (final Lcore lcore : Lcore.all())
        {
            if (lcore.state() == Lcore.State.RUNNING)
            {
                running.set(lcore.id());
            }
        }
        try (Arena arena = Arena.ofConfined())
        {
            for (int id = 0; id < EalRaw.MAX_LCORE; id++)
            {
                final int role = EalRaw.eal_lcore_role(id);
                if (role == EalRaw.ROLE_OFF || id == main)
                {
                    continue;
                }
                final boolean waiting = !running.get(id) && role == EalRaw.ROLE_RTE &&
                    EalRaw.eal_get_lcore_state(id) == 0;
                (waiting ? idle : busy).or(bits(EalRaw.lcore_cpuset(arena, id)));
            }
        }
        idle.andNot(busy);
        return idle;
    }

    /**
     * Moves every thread on {@link #current}'s CPUs to {@code to}: but {@code caller}, EAL's lcore threads and the
     * threads that were there before the control threads came.
     */
    private void moveControlThreads(final BitSet to, final int caller)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment target = segment(arena, to);
            final MemorySegment affinity = arena.allocate(EalRaw.CPU_SET_SIZE);
            final Set<Integer> already = new HashSet<>();
            if (to != control)
            {
                for (final int tid : threads())
                {
                    if (EalRaw.sched_getaffinity(tid, affinity) == 0 && bits(affinity).equals(to))
                    {
                        already.add(tid);
                    }
                }
            }
            // Again until a pass finds no thread it has not seen: one a control thread started meanwhile (a JIT
            // compiler thread) inherited the CPUs they are leaving.
            final Set<Integer> seen = new HashSet<>();
            for (Set<Integer> tids = threads(); seen.addAll(tids); tids = threads())
            {
                for (final int tid : tids)
                {
                    if (tid != caller && !lcoreThreads.contains(tid) && !foreign.contains(tid) && !already.contains(tid))
                    {
                        move(tid, current, target, affinity);
                    }
                }
            }
            foreign = already;
            current = to;
        }
    }

    /**
     * Moves each of {@code tids} but the caller whose affinity is the start-up one onto the control CPUs; one that
     * has exited meanwhile is skipped.
     *
     * @param tids thread ids that existed before rte_eal_init ({@link #threads()})
     */
    void confine(final Set<Integer> tids)
    {
        if (startup.equals(control))
        {
            return;
        }
        final int caller = callerTid();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment target = segment(arena, control);
            final MemorySegment current = arena.allocate(EalRaw.CPU_SET_SIZE);
            for (final int tid : tids)
            {
                if (tid != caller && move(tid, startup, target, current))
                {
                    moved.add(tid);
                }
            }
        }
    }

    /** Moves the calling thread onto the control CPUs: for jdpdk's own threads, started later by the application's. */
    synchronized void confineCaller()
    {
        try (Arena arena = Arena.ofConfined())
        {
            if (EalRaw.sched_setaffinity(segment(arena, current)) == 0)
            {
                moved.add(callerTid());
            }
        }
    }

    /** Gives the moved threads still on the control CPUs (not re-pinned since) the start-up affinity back. */
    synchronized void release()
    {
        if (current != control)
        {
            mainLoops = 0;
            moveControlThreads(control, -1);
        }
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment target = segment(arena, startup);
            final MemorySegment current = arena.allocate(EalRaw.CPU_SET_SIZE);
            for (final int tid : moved)
            {
                move(tid, control, target, current);
            }
            moved.clear();
        }
    }

    /**
     * Gives thread {@code tid} the affinity {@code to} if its affinity is {@code from}. A thread that has exited
     * fails the system calls (ESRCH) and is left out.
     *
     * @param current a cpu_set_t to read the thread's affinity into
     * @return whether the thread was moved
     */
    private static boolean move(final int tid, final BitSet from, final MemorySegment to, final MemorySegment current)
    {
        return EalRaw.sched_getaffinity(tid, current) == 0 && bits(current).equals(from) &&
            EalRaw.sched_setaffinity(tid, to) == 0;
    }

    /** A thread's name ({@code /proc/self/task/TID/comm}), or "" when it has exited. */
    private static String name(final int tid)
    {
        try
        {
            return Files.readString(TASKS.resolve(tid + "/comm")).strip();
        }
        catch (final IOException ex)
        {
            return "";
        }
    }

    /** The calling thread's id: {@code /proc/thread-self} links to {@code PID/task/TID}. */
    private static int callerTid()
    {
        try
        {
            return Integer.parseInt(Files.readSymbolicLink(THREAD_SELF).getFileName().toString());
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read the calling thread's id from " + THREAD_SELF, ex);
        }
    }

    /** The CPUs of a cpu_set_t ({@link EalRaw#CPU_SET_SIZE} bytes), bit n for CPU n. */
    static BitSet bits(final MemorySegment cpuSet)
    {
        return BitSet.valueOf(cpuSet.asSlice(0, EalRaw.CPU_SET_SIZE).toArray(ValueLayout.JAVA_LONG));
    }

    private static MemorySegment segment(final Arena arena, final BitSet cpus)
    {
        final MemorySegment set = arena.allocate(EalRaw.CPU_SET_SIZE);
        final long[] words = cpus.toLongArray();
        MemorySegment.copy(words, 0, set, ValueLayout.JAVA_LONG, 0, words.length);
        return set;
    }
}
