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
 * Control path only: a few system calls per thread of the process.
 */
final class ControlCpus
{
    private static final Path TASKS = Path.of("/proc/self/task");
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");

    private final BitSet startup;
    private final BitSet control;
    /** Thread ids moved to the control CPUs, by {@link #confine} or {@link #confineCaller}. */
    private final Set<Integer> moved = ConcurrentHashMap.newKeySet();

    private ControlCpus(final BitSet startup, final BitSet control)
    {
        this.startup = startup;
        this.control = control;
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
     */
    static ControlCpus of(final MemorySegment startup)
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
            return new ControlCpus(allowed, control.isEmpty() ?
                bits(EalRaw.lcore_cpuset(arena, EalRaw.get_main_lcore())) : control);
        }
    }

    /** The control CPUs, ascending. */
    int[] cpus()
    {
        return control.stream().toArray();
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
    void confineCaller()
    {
        try (Arena arena = Arena.ofConfined())
        {
            if (EalRaw.sched_setaffinity(segment(arena, control)) == 0)
            {
                moved.add(callerTid());
            }
        }
    }

    /** Gives the moved threads still on the control CPUs (not re-pinned since) the start-up affinity back. */
    void release()
    {
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
