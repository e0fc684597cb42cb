package io.jdpdk.eal;

import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.eal.raw.LayoutCheck;
import io.jdpdk.eal.raw.NativeLibrary;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SharedEalTest
{
    @Test
    void shouldRunOnHugepagesWhenTheMachineHasThem()
    {
        final Eal eal = TestEal.get();
        assertEquals(Hugepages.problem() == null, eal.hugepages(), "EAL args " + eal.args());
        assertEquals(5, eal.lcores().length, "--lcores 0..4");
        assertTrue(eal.lcoreCount() >= 5, "rte_lcore_count also counts registered threads");
        assertEquals(0, eal.lcores()[0]);
    }

    @Test
    void shouldRestoreCallersAffinityAfterInit() throws Exception
    {
        TestEal.get();
        // rte_eal_init pinned the initialising thread to lcore 0's CPU; Eal.init undid that, so a
        // thread it starts now (the application's, not the JVM's own) may run on every CPU.
        final int[] cpus = new int[1];
        final Thread t = new Thread(() ->
        {
            try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined())
            {
                final java.lang.foreign.MemorySegment mask = arena.allocate(EalRaw.CPU_SET_SIZE);
                assertEquals(0, EalRaw.sched_getaffinity(mask));
                for (long i = 0; i < mask.byteSize(); i++)
                {
                    cpus[0] += Integer.bitCount(Byte.toUnsignedInt(mask.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i)));
                }
            }
        });
        t.start();
        t.join();
        assertEquals(Runtime.getRuntime().availableProcessors(), cpus[0]);
    }

    @Test
    void shouldMoveTheJvmsOwnThreadsToDpdksControlCpusAsEalKeepsItsOwn() throws Exception
    {
        final Eal eal = TestEal.get();
        // --lcores 0@0,1@1,2@0,...: the lcores use CPUs 0 and 1. EAL's control CPUs are the others this JVM was
        // started with (this thread, init's caller, kept that affinity), or the main lcore's CPU 0 if there are none.
        final long others = firstAffinityWord() & ~0b11L;
        final int[] expected = others == 0 ? new int[] { 0 } :
            BitSet.valueOf(new long[] { others }).stream().toArray();
        assertArrayEquals(expected, eal.controlCpus());
        final Map<String, String> allowed = allowedCpus();
        final String control = cpuList(expected);
        assertEquals(control, allowed.get("eal-intr-thread"), "EAL's own control thread: " + allowed);
        assertEquals(control, allowed.get("C2 CompilerThre"), "the JIT, started before rte_eal_init: " + allowed);
        assertEquals(control, allowed.get("VM Periodic Tas"), "the JVM's periodic task: " + allowed);
        assertEquals(control, allowed.get("Signal Dispatch"), allowed.toString());
    }

    @Test
    void shouldMoveTheControlThreadsOffTheMainLcoresCpuWhileItLoopsAndOffAWorkersCpuWhenItIsLaunched() throws Exception
    {
        final Eal eal = TestEal.get();
        final Lcore worker = eal.worker(1);
        assertEquals(0, EalRaw.eal_get_lcore_state(1), "lcore 1 (CPU 1 alone) runs nothing");
        // With no CPU left for them, EAL's control threads share the main lcore's CPU 0; a loop there moves them to
        // idle lcore 1's CPU 1 (lcores 2-4 share CPU 0), and a launch on lcore 1 sends them back to CPU 0.
        final int[] control = eal.controlCpus();
        org.junit.jupiter.api.Assumptions.assumeTrue(java.util.Arrays.equals(control, new int[] { 0 }),
            "a machine of 2 CPUs, where every CPU is an lcore's; this one has control CPUs of their own: " +
            cpuList(control));
        final java.util.List<Map<String, String>> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        final int[][] reported = new int[2][];
        final Throwable[] failed = new Throwable[1];
        final Thread main = new Thread(() ->
        {
            try (Eal.Pinning _ = eal.pinToMainLcore())
            {
                seen.add(allowedCpus());
                reported[0] = eal.controlCpus();
                worker.launch(new org.agrona.concurrent.Agent()
                {
                    @Override
                    public int doWork()
                    {
                        return 0;
                    }

                    @Override
                    public String roleName()
                    {
                        return "idle";
                    }
                }, new org.agrona.concurrent.BackoffIdleStrategy());
                seen.add(allowedCpus());
                reported[1] = eal.controlCpus();
                worker.stop();
                worker.await();
            }
            catch (final Throwable t)
            {
                failed[0] = t;
            }
        });
        main.start();
        main.join();
        if (failed[0] != null)
        {
            throw new AssertionError("the looping thread failed", failed[0]);
        }
        seen.add(allowedCpus());
        assertEquals("1", seen.get(0).get("eal-intr-thread"), "EAL's control thread: " + seen.get(0));
        assertEquals("1", seen.get(0).get("C2 CompilerThre"), "the JIT: " + seen.get(0));
        assertEquals("0", seen.get(0).get("rte-worker-2"), "lcore 2, on the main lcore's CPU, stays: " + seen.get(0));
        assertEquals("1", cpuList(reported[0]));
        assertEquals(cpuList(control), seen.get(1).get("eal-intr-thread"), "off lcore 1 once it runs: " + seen.get(1));
        assertEquals(cpuList(control), seen.get(1).get("C2 CompilerThre"), seen.get(1).toString());
        assertEquals(cpuList(control), cpuList(reported[1]));
        assertEquals(cpuList(control), seen.get(2).get("eal-intr-thread"), "back after the loop: " + seen.get(2));
    }

    @Test
    void shouldPinTheCallingThreadToTheMainLcoreUntilClosed() throws Exception
    {
        final Eal eal = TestEal.get();
        final long[] masks = new long[3];
        final Thread t = new Thread(() ->
        {
            masks[0] = firstAffinityWord();
            try (Eal.Pinning _ = eal.pinToMainLcore())
            {
                masks[1] = firstAffinityWord();
            }
            masks[2] = firstAffinityWord();
        });
        t.start();
        t.join();
        assertEquals((1L << Runtime.getRuntime().availableProcessors()) - 1, masks[0], "unpinned: every CPU");
        assertEquals(1L, masks[1], "--lcores 0@0: the main lcore's CPU 0 only");
        assertEquals(masks[0], masks[2], "restored");
    }

    /** Each thread name's Cpus_allowed_list (as /proc writes it), "A and B" when threads of one name differ. */
    private static Map<String, String> allowedCpus() throws java.io.IOException
    {
        final Map<String, String> allowed = new HashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task")))
        {
            for (final Path task : tasks.toList())
            {
                try
                {
                    final String comm = Files.readString(task.resolve("comm")).strip();
                    final String cpus = Files.readAllLines(task.resolve("status")).stream()
                        .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow()
                        .substring("Cpus_allowed_list:".length()).strip();
                    allowed.merge(comm, cpus, (a, b) -> a.equals(b) ? a : a + " and " + b);
                }
                catch (final java.nio.file.NoSuchFileException ex)
                {
                    // the thread exited meanwhile
                }
            }
        }
        return allowed;
    }

    /** {@code cpus} as /proc's Cpus_allowed_list writes them: ranges, e.g. "0", "2-5,7". */
    private static String cpuList(final int[] cpus)
    {
        final StringBuilder list = new StringBuilder();
        for (int i = 0; i < cpus.length; i++)
        {
            int j = i;
            while (j + 1 < cpus.length && cpus[j + 1] == cpus[j] + 1)
            {
                j++;
            }
            list.append(list.isEmpty() ? "" : ",").append(cpus[i]).append(j > i ? "-" + cpus[j] : "");
            i = j;
        }
        return list.toString();
    }

    /** CPUs 0-63 of the calling thread's affinity, bit n for CPU n. */
    private static long firstAffinityWord()
    {
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined())
        {
            final java.lang.foreign.MemorySegment mask = arena.allocate(EalRaw.CPU_SET_SIZE);
            assertEquals(0, EalRaw.sched_getaffinity(mask));
            return mask.get(java.lang.foreign.ValueLayout.JAVA_LONG, 0);
        }
    }

    @Test
    void shouldGiveDpdkTextForErrorsAndLayoutsForKnownStructs()
    {
        TestEal.get();
        assertEquals("Operation already in progress", EalRaw.strerror(Eal.EALREADY));
        assertTrue(LayoutCheck.cLayout("rte_mbuf", null) == 128);
        assertEquals(-1, LayoutCheck.cLayout("rte_mbuf", "no_such_field"));
    }

    @Test
    void shouldSendAMultiProcessRequestThatNoPeerAnswersAndRefuseANameTooLong()
    {
        final Eal eal = TestEal.get();
        assertEquals(360, EalRaw.Mp.MSG.byteSize(), "struct rte_mp_msg, as the headers lay it out");
        assertEquals(16, EalRaw.Mp.REPLY.byteSize(), "struct rte_mp_reply");
        // No secondary attaches to the tests' EAL: sent to nobody, or (--in-memory) not sent, IPC being off.
        assertEquals(eal.multiProcess() ? 0 : -1, eal.requestPeers("jdpdk_test_req", new byte[4],
            java.time.Duration.ofMillis(200)));
        assertThrows(IllegalArgumentException.class,
            () -> eal.requestPeers("x".repeat(64), new byte[0], java.time.Duration.ofMillis(1)));
        assertThrows(IllegalArgumentException.class,
            () -> eal.requestPeers("jdpdk_test_req", new byte[257], java.time.Duration.ofMillis(1)));
    }

    @Test
    void shouldLoadTheSupportedDpdkVersionOnly()
    {
        assertTrue(NativeLibrary.load().find("rte_eal_init").isPresent());
        assertEquals(22, NativeLibrary.SUPPORTED_YEAR);
    }

    @Test
    void shouldFailProbeOfUnknownDriverWithDpdkText()
    {
        final Eal eal = TestEal.get();
        final DpdkException ex = assertThrows(DpdkException.class, () -> eal.probe("net_nosuchdriver0"));
        assertTrue(ex.getMessage().startsWith("rte_dev_probe(\"net_nosuchdriver0\")"), ex.getMessage());
        assertTrue(ex.errno() > 0);
    }
}
