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
        final String control = cpuList(expected);
        assertEquals(control, allowed.get("eal-intr-thread"), "EAL's own control thread: " + allowed);
        assertEquals(control, allowed.get("C2 CompilerThre"), "the JIT, started before rte_eal_init: " + allowed);
        assertEquals(control, allowed.get("VM Periodic Tas"), "the JVM's periodic task: " + allowed);
        assertEquals(control, allowed.get("Signal Dispatch"), allowed.toString());
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
