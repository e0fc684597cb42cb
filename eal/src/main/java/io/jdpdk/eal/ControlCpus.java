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

/**
 * The CPUs of DPDK's control threads, and the JVM's own threads kept on them.
 * <p>
 * EAL runs its control threads ({@code eal-intr-thread}, {@code telemetry-v2}, ...) on the CPUs the process was
 * allowed at start-up that no lcore uses, or on the main lcore's CPUs when every allowed CPU is an lcore's
 * ({@code compute_ctrl_threads_cpuset} in {@code eal_common_options.c}), so that nothing but a worker lcore's own
 * loop runs on its CPU. A JVM has many more such threads: JIT compilers, GC workers, the VM's periodic task,
 * jdpdk's own (counters). Left on every CPU, they preempt the worker lcores' busy loops for tens of microseconds
 * each time one wakes up. {@link Eal#init} therefore moves every thread of the process that still had the start-up
 * affinity onto the control CPUs, as DPDK would have started them there, except its caller: the application's
 * thread keeps its affinity, and so do the threads and processes it starts. {@link Eal#close} moves those on the
 * control CPUs back. Threads the moved ones start later (another JIT compiler, a GC worker) inherit the control
 * CPUs; threads with an affinity of their own (EAL's lcores, threads the application pinned) are left alone.
 * <p>
 * Control path only: a few system calls per thread of the process.
 */
final class ControlCpus
{
    private static final int ROLE_OFF = 1;
    /** A thread may start another while the threads are moved: passes until one moves none, at most this many. */
    private static final int MAX_PASSES = 4;
    private static final Path TASKS = Path.of("/proc/self/task");
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");

    private final BitSet startup;
    private final BitSet control;

    private ControlCpus(final BitSet startup, final BitSet control)
    {
        this.startup = startup;
        this.control = control;
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
                if (EalRaw.eal_lcore_role(id) != ROLE_OFF)
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
     * Moves every thread but the caller whose affinity is the start-up one onto the control CPUs.
     *
     * @return how many threads were moved
     */
    int confineOthers()
    {
        return move(startup, control, callerTid());
    }

    /**
     * Moves the calling thread onto the control CPUs (for jdpdk's own threads, started later by the application's).
     *
     * @return whether the kernel agreed
     */
    boolean confineCaller()
    {
        try (Arena arena = Arena.ofConfined())
        {
            return EalRaw.sched_setaffinity(segment(arena, control)) == 0;
        }
    }

    /**
     * Moves every thread whose affinity is the control CPUs back to the start-up affinity.
     *
     * @return how many threads were moved
     */
    int release()
    {
        return move(control, startup, -1);
    }

    private static int move(final BitSet from, final BitSet to, final int exceptTid)
    {
        if (from.equals(to))
        {
            return 0;
        }
        int moved = 0;
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment target = segment(arena, to);
            final MemorySegment current = arena.allocate(EalRaw.CPU_SET_SIZE);
            for (int pass = 0; pass < MAX_PASSES; pass++)
            {
                int movedThisPass = 0;
                try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS))
                {
                    for (final Path task : tasks)
                    {
                        final int tid = Integer.parseInt(task.getFileName().toString());
                        // A thread that exits meanwhile fails either call (ESRCH) and is skipped.
                        if (tid != exceptTid && EalRaw.sched_getaffinity(tid, current) == 0 && bits(current).equals(from) &&
                            EalRaw.sched_setaffinity(tid, target) == 0)
                        {
                            movedThisPass++;
                        }
                    }
                }
                catch (final IOException ex)
                {
                    throw new UncheckedIOException("cannot list the threads of this process in " + TASKS, ex);
                }
                moved += movedThisPass;
                if (movedThisPass == 0)
                {
                    break;
                }
            }
        }
        return moved;
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

    private static BitSet bits(final MemorySegment cpuSet)
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
