package io.jdpdk.apps.skeleton;

import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.PoolLine;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The skeleton app as a user runs it: its own JVM and EAL, DPDK's command line. */
class SkeletonAppTest
{
    @Test
    void shouldRunWithNoEalArgumentsAndStopByItselfAfterPacketCount() throws Exception
    {
        try (AppProcess app = AppProcess.start(Skeleton.class, "--", "--packets", "2000000", "--stats-period", "0"))
        {
            assertEquals(0, app.waitFor(60), app.output());
            final String out = app.output();
            assertTrue(out.contains("NIC statistics for port 0"), out);
            assertTrue(out.contains("NIC statistics for port 1"), out);
            assertNoMbufInUse(out);
        }
    }

    @Test
    void shouldStopCleanlyOnCtrlCWithEveryMbufBack() throws Exception
    {
        try (AppProcess app = AppProcess.start(Skeleton.class, "-l", "0", "--no-pci", "--vdev=net_null0",
            "--vdev=net_null1", "--", "--stats-period", "0.2"))
        {
            app.awaitOutput("Rx-pps", 30);
            app.interrupt();
            assertEquals(130, app.waitFor(30), app.output());
            final String out = app.output();
            assertTrue(out.contains("Bye..."), out);
            assertNoMbufInUse(out);
        }
    }

    @Test
    void shouldForwardOnTheMainLcoresCpuWithTheJvmsOwnThreadsWhereEalPutsItsControlThreads() throws Exception
    {
        assumeTrue(Runtime.getRuntime().availableProcessors() > 1, "needs a CPU besides the main lcore's");
        try (AppProcess app = AppProcess.start(Skeleton.class, "-l", "0", "--no-pci", "--vdev=net_null0",
            "--vdev=net_null1", "--", "--stats-period", "0.2"))
        {
            app.awaitOutput("Rx-pps", 30);
            final Map<String, String> allowed = new HashMap<>();
            final Map<String, Long> ranBefore = ranByTask(app.pid(), allowed);
            Thread.sleep(500);
            final Map<String, Long> ranAfter = ranByTask(app.pid(), allowed);
            String busiest = null;
            long most = -1;
            for (final Map.Entry<String, Long> task : ranAfter.entrySet())
            {
                final long ran = task.getValue() - ranBefore.getOrDefault(task.getKey(), 0L);
                if (ran > most)
                {
                    most = ran;
                    busiest = task.getKey();
                }
            }
            // the thread that ran most in those 0.5 s: the forwarding loop (the JIT has long compiled it)
            final String loopCpus = cpusAllowed(Path.of("/proc/" + app.pid() + "/task/" + busiest));
            assertEquals("0", loopCpus, "the forwarding loop, on -l 0's CPU: " + allowed);
            final String control = allowed.get("eal-intr-thread");
            assertFalse(control.equals("0") || control.startsWith("0,") || control.startsWith("0-"),
                "EAL's control CPUs leave the main lcore's out: " + allowed);
            assertEquals(control, allowed.get("C2 CompilerThre"), "the JIT: " + allowed);
            assertEquals(control, allowed.get("VM Periodic Tas"), "the JVM's periodic task: " + allowed);
            app.interrupt();
            assertEquals(130, app.waitFor(30), app.output());
            assertNoMbufInUse(app.output());
        }
    }

    /**
     * CPU time so far of each thread of process {@code pid} (ns, by thread id), and into {@code allowed} each
     * thread's Cpus_allowed_list by name. A thread that exits meanwhile is left out.
     */
    private static Map<String, Long> ranByTask(final long pid, final Map<String, String> allowed) throws Exception
    {
        final Map<String, Long> ran = new HashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/" + pid + "/task")))
        {
            for (final Path task : tasks.toList())
            {
                try
                {
                    final String comm = Files.readString(task.resolve("comm")).strip();
                    allowed.put(comm, cpusAllowed(task));
                    ran.put(task.getFileName().toString(),
                        Long.parseLong(Files.readString(task.resolve("schedstat")).split(" ")[0]));
                }
                catch (final java.nio.file.NoSuchFileException ex)
                {
                    // the thread exited meanwhile
                }
            }
        }
        return ran;
    }

    /** A thread's Cpus_allowed_list, e.g. "0" or "1-3", from {@code /proc/PID/task/TID/status}. */
    private static String cpusAllowed(final Path task) throws java.io.IOException
    {
        return Files.readAllLines(task.resolve("status")).stream()
            .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow()
            .substring("Cpus_allowed_list:".length()).strip();
    }

    @Test
    void shouldStopOnCtrlCEvenWhenStartedWithSigintIgnoredLikeABackgroundJob() throws Exception
    {
        try (AppProcess app = AppProcess.startWithSigintIgnored(Skeleton.class, "--", "--stats-period", "0.2"))
        {
            app.awaitOutput("Rx-pps", 30);
            app.interrupt();
            assertEquals(130, app.waitFor(30), app.output());
            assertNoMbufInUse(app.output());
        }
    }

    @Test
    void shouldFailWithDpdkMessageOnUnknownEalOption() throws Exception
    {
        try (AppProcess app = AppProcess.start(Skeleton.class, "--no-such-option"))
        {
            assertEquals(1, app.waitFor(30));
            assertTrue(app.output().contains("skeleton: rte_eal_init(--no-such-option"), app.output());
            assertTrue(app.output().contains("Invalid argument"), app.output());
            assertTrue(app.output().contains("Cause: Error with EAL initialization\n"), app.output());
        }
    }

    @Test
    void shouldFailClearlyOnMissingPcapFile() throws Exception
    {
        try (AppProcess app = AppProcess.start(Skeleton.class, "-l", "0", "--no-pci",
            "--vdev=net_pcap0,rx_pcap=/nonexistent.pcap,tx_pcap=/tmp/x.pcap", "--vdev=net_null1"))
        {
            assertEquals(1, app.waitFor(30));
            assertTrue(app.output().contains("skeleton: rte_eal_init(--vdev net_pcap0,rx_pcap=/nonexistent.pcap"),
                app.output());
            assertTrue(app.output().contains("device net_pcap0 did not probe"), app.output());
        }
    }

    @Test
    void shouldRefuseAnOddNumberOfPorts() throws Exception
    {
        try (AppProcess app = AppProcess.start(Skeleton.class, "-l", "0", "--no-pci", "--vdev=net_null0"))
        {
            assertEquals(1, app.waitFor(30));
            assertTrue(app.output().contains("skeleton: 1 port(s); give devices in pairs with -a or --vdev\n" +
                "EAL: Error - exiting with code: 1\n  Cause: Error: number of ports must be even\n"), app.output());
        }
    }

    @Test
    void shouldRejectUnknownAppOption() throws Exception
    {
        try (AppProcess app = AppProcess.start(Skeleton.class, "--", "--bogus"))
        {
            assertEquals(1, app.waitFor(30));
            assertTrue(app.output().contains("Unknown option: '--bogus'"), app.output());
        }
    }

    private static void assertNoMbufInUse(final String out)
    {
        PoolLine.assertEveryMbufBack(out, "MBUF_POOL");
    }
}
