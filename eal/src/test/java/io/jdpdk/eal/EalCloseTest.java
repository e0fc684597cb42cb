package io.jdpdk.eal;

import io.jdpdk.eal.raw.EalRaw;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Eal.close waits for the lcores without holding the EAL's lock, so an agent that makes control calls while it
 * stops (Eal.current(), a port's statistics) stops normally. A JVM of its own (the eal-lifecycle execution).
 */
class EalCloseTest
{
    @Test
    void shouldLetAnAgentMakeControlCallsWhileCloseStopsIt()
    {
        final long startup = affinity(0);
        // Worker lcore 1 may run on CPUs 0 and 1: on a 2-CPU machine, the start-up affinity. Its thread is EAL's, and
        // stays where EAL put it.
        final Eal eal = Eal.init("--lcores=0@0,1@(0-1)", "--no-pci", "--no-huge", "-m", "128");
        long control = 0;
        for (final int cpu : eal.controlCpus())
        {
            control |= cpu < 64 ? 1L << cpu : 0; // affinity() reads CPUs 0-63
        }
        // EAL's rule: the start-up CPUs without lcores 0 and 1's, or the main lcore's CPU 0 when none is left
        assertEquals(startup & ~0b11L, control == 1 ? 0 : control, "control CPUs " + control);
        assertEquals(startup, affinity(0), "the caller of init keeps its affinity");
        final int jit = tidOf("C2 CompilerThre");
        assertEquals(control, affinity(jit), "the JIT moved to the control CPUs");
        assertEquals(0b11L, affinity(tidOf("rte-worker-1")), "EAL's thread for lcore 1 left on CPUs 0-1");
        final AtomicBoolean sawEal = new AtomicBoolean();
        eal.worker(1).launch(new Agent()
        {
            @Override
            public int doWork()
            {
                return 0;
            }

            @Override
            public void onClose()
            {
                sawEal.set(Eal.current() == eal && eal.lcoreCount() == 2); // control calls, under Eal.class
            }

            @Override
            public String roleName()
            {
                return "closer";
            }
        }, new BackoffIdleStrategy());
        final long start = System.nanoTime();
        eal.close();
        final long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms < 5_000, "close took " + ms + " ms");
        assertTrue(sawEal.get(), "the agent's onClose reached the running EAL");
        assertFalse(Eal.isRunning());
        assertEquals(startup, affinity(jit), "close gives the JIT the start-up affinity back");
    }

    /** CPUs 0-63 of a thread's affinity (0: the calling thread's), bit n for CPU n. */
    private static long affinity(final int tid)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment mask = arena.allocate(EalRaw.CPU_SET_SIZE);
            assertEquals(0, EalRaw.sched_getaffinity(tid, mask));
            return mask.get(ValueLayout.JAVA_LONG, 0);
        }
    }

    /** The id of this process's thread named {@code comm} (as /proc shows it, at most 15 characters). */
    private static int tidOf(final String comm)
    {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task")))
        {
            for (final Path task : tasks.toList())
            {
                try
                {
                    if (Files.readString(task.resolve("comm")).strip().equals(comm))
                    {
                        return Integer.parseInt(task.getFileName().toString());
                    }
                }
                catch (final java.nio.file.NoSuchFileException ex)
                {
                    // the thread exited meanwhile
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        throw new AssertionError("no thread named " + comm);
    }
}
