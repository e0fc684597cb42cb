package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.Commands;
import io.jdpdk.apps.testing.Frames;
import io.jdpdk.apps.testing.Pcap;
import io.jdpdk.apps.testing.Tools;
import io.jdpdk.eal.Hugepages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** jdpdk's testpmd as a user runs it: its own JVM and EAL, testpmd's command line, commands on a pipe. */
class TestPmdAppTest
{
    private static final String[] NULL_PORTS = { "--in-memory", "--no-pci", "-l", "0-1",
        "--log-level=lib.eal:error", "--vdev=net_null0", "--vdev=net_null1" };

    @TempDir
    Path dir;

    private static String[] args(final String[] eal, final String... app)
    {
        final List<String> all = new ArrayList<>(List.of(eal));
        all.add("--");
        all.add("--total-num-mbufs=8192");
        // net_null always has packets, so testpmd's flush would take its full second per queue, twice.
        all.add("--no-flush-rx");
        all.addAll(List.of(app));
        return all.toArray(String[]::new);
    }

    @Test
    void shouldExitWithDpdkTestpmdsCodeAndOneLineOnAnUnknownOption() throws Exception
    {
        int dpdkCode = 1;
        if (Files.isExecutable(TestPmdRun.DPDK_TESTPMD))
        {
            final List<String> command = new ArrayList<>(List.of(TestPmdRun.DPDK_TESTPMD.toString()));
            command.addAll(List.of(args(NULL_PORTS, "--bogus")));
            final Process dpdk = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("dpdk.out").toFile()).start();
            assertTrue(dpdk.waitFor(60, TimeUnit.SECONDS));
            dpdkCode = dpdk.exitValue();
        }
        try (AppProcess app = AppProcess.start(TestPmd.class, args(NULL_PORTS, "--bogus")))
        {
            assertEquals(dpdkCode, app.waitFor(60), app.output());
            assertEquals(1, dpdkCode);
            final List<String> lines = app.output().lines().filter(l -> l.startsWith("testpmd:")
                || l.startsWith("Invalid option") || l.contains("Cause:")).toList();
            assertEquals(List.of("testpmd: unrecognized option '--bogus' (testpmd --help lists the options)",
                "Invalid option: --bogus", "  Cause: Command line is incomplete or incorrect"), lines);
        }
    }

    @Test
    void shouldTellADpdkTestpmdAttachedAsItsSecondaryToStopWhenItQuitsAndRefuseToBeOne() throws Exception
    {
        Tools.require(Files.isExecutable(TestPmdRun.DPDK_TESTPMD), "dpdk-testpmd is not installed");
        Tools.require(Hugepages.problem() == null, "a multi-process primary needs hugepages: " + Hugepages.problem());
        final String prefix = "tpmp" + ProcessHandle.current().pid();
        final String[] eal = { "--file-prefix", prefix, "--no-pci", "-l", "0-1", "--log-level=lib.eal:error",
            "--vdev=net_null0", "--vdev=net_null1" };
        try (AppProcess primary = AppProcess.start(TestPmd.class, args(eal, "-i")))
        {
            primary.awaitOutput("testpmd> ", 60);
            // jdpdk's own testpmd does not run as a secondary: one line, exit 1, the primary untouched.
            try (AppProcess refused = AppProcess.start(TestPmd.class, args(new String[] {"--file-prefix", prefix,
                "--proc-type=secondary", "--no-pci", "-l", "0-1", "--log-level=lib.eal:error"}, "-i")))
            {
                assertEquals(1, refused.waitFor(60), refused.output());
                assertTrue(refused.output().contains("  Cause: jdpdk's testpmd runs as a primary process only"),
                    refused.output());
            }
            try (AppProcess secondary = AppProcess.startCommand(List.of("stdbuf", "-oL",
                TestPmdRun.DPDK_TESTPMD.toString(), "--file-prefix", prefix, "--proc-type=secondary", "--no-pci", "-l",
                "0-1", "--log-level=lib.eal:error", "--", "-i")))
            {
                secondary.awaitOutput("testpmd> ", 60);
                primary.send("quit\n");
                assertEquals(0, primary.waitFor(60), primary.output());
                // testpmd's pmd_notify_secondary, then the secondary's handler stops it and it answers.
                assertTrue(primary.output().contains("\nPrimary: Sending 'stop_req' request to secondary...\n\n" +
                    "Stopping port 0..."), primary.output());
                assertEquals(0, secondary.waitFor(30), secondary.output());
                assertTrue(secondary.output().contains("Received notification of primary exiting"), secondary.output());
                assertTrue(secondary.output().contains("Replying 0 to primary"), secondary.output());
            }
            assertCleanExit(primary.output());
        }
        finally
        {
            Commands.removeDpdkFiles(prefix);
        }
    }

    @Test
    void shouldNameTheMempoolDriverOfItsPoolAsDpdkTestpmdDoes() throws Exception
    {
        // mbuf_pool_create's "preferred mempool ops selected" line: ring_mp_mc by default, the EAL's choice else.
        for (final String ops : new String[] { null, "stack" })
        {
            final List<String> eal = new ArrayList<>(List.of(NULL_PORTS));
            if (ops != null)
            {
                eal.add("--mbuf-pool-ops-name=" + ops);
            }
            // Both are TESTPMD_LOG lines: rte_log writes them to stderr, not among testpmd's printf lines.
            final List<String> command = new ArrayList<>(AppProcess.command(TestPmd.class));
            command.addAll(List.of(args(eal.toArray(String[]::new))));
            final Process app = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(
                new java.io.File("/dev/null"))).redirectOutput(dir.resolve("out").toFile())
                .redirectError(dir.resolve("err").toFile()).start();
            assertTrue(app.waitFor(60, TimeUnit.SECONDS));
            final String out = Files.readString(dir.resolve("out"));
            final String err = Files.readString(dir.resolve("err"));
            assertEquals(0, app.exitValue(), out + err);
            assertTrue(err.contains("testpmd: create a new mbuf pool <mb_pool_0>: n=8192, size=2176, socket=0\n" +
                "testpmd: preferred mempool ops selected: " + (ops == null ? "ring_mp_mc" : ops) + "\n"), err);
            assertTrue(!out.contains("mempool ops") && out.contains("Configuring Port 0 (socket 0)"), out);
        }
    }

    @Test
    void shouldRefuseMoreCoresOrPortsThanThereAre() throws Exception
    {
        // Each occurrence is checked, in command-line order, as testpmd's getopt loop checks them: a good value after
        // a bad one comes too late, and of two bad ones the first is reported.
        try (AppProcess cores = AppProcess.start(TestPmd.class, args(NULL_PORTS, "--nb-cores=2", "--nb-cores=1"));
             AppProcess ports = AppProcess.start(TestPmd.class, args(NULL_PORTS, "--nb-ports=3", "--nb-cores=2")))
        {
            assertEquals(1, cores.waitFor(60), cores.output());
            assertTrue(cores.output().contains("  Cause: nb-cores should be > 0 and <= 1"), cores.output());
            assertEquals(1, ports.waitFor(60), ports.output());
            assertTrue(ports.output().contains("  Cause: Invalid port 3"), ports.output());
        }
    }

    @Test
    void shouldAskPort0sPmdForABurstSizeWhenGivenZeroAndRefuseWhenItRecommendsNone() throws Exception
    {
        // net_null recommends no burst size (default_rxportconf.burst_size 0): dpdk-testpmd 22.11 exits 1 with
        // "PMD does not recommend a burst size. Provided value must be between 1 and 512".
        try (AppProcess app = AppProcess.start(TestPmd.class, args(NULL_PORTS, "--burst=0")))
        {
            assertEquals(1, app.waitFor(60), app.output());
            assertTrue(app.output().contains(
                "  Cause: PMD does not recommend a burst size. Provided value must be between 1 and 512"), app.output());
        }
    }

    @Test
    void shouldRunInteractiveCommandsArrivingOnAPipe() throws Exception
    {
        try (AppProcess app = AppProcess.start(TestPmd.class, args(NULL_PORTS, "-i")))
        {
            app.send("show port info 0\nset fwd macswap\nstart\n");
            app.awaitOutput("macswap packet forwarding packets/burst=32", 60);
            Thread.sleep(300);
            app.send("start\nshow port stats all\nstop\nstop\n");
            app.awaitOutput("Packet forwarding not started", 30);
            final String afterStop = app.output();
            app.send("clear port stats all\nshow port stats 0\nshow port stats 9\nbogus\nshow port stats\n" +
                "set fwd nope\nhelp config\nquit\n");
            assertEquals(0, app.waitFor(60), app.output());
            final String out = app.output();

            assertTrue(out.contains("Interactive-mode selected"), out);
            assertTrue(out.contains("testpmd> show port info 0"), "commands are echoed: " + out);
            assertTrue(out.contains("********************* Infos for port 0  *********************"), out);
            assertTrue(out.contains("Driver name: net_null"), out);
            assertTrue(out.contains("testpmd> set fwd macswap" + "\r\n" +
                "Set macswap packet forwarding mode"), out);
            assertTrue(out.contains("macswap packet forwarding - ports=2 - cores=1 - streams=2"), out);
            assertTrue(out.contains("  RX P=0/Q=0 (socket 0) -> TX P=1/Q=0 (socket 0) peer=02:00:00:00:00:01"), out);
            assertTrue(out.contains("Packet forwarding already started"), out);
            assertTrue(out.contains("######################## NIC statistics for port 1  ########################"),
                out);

            final List<TestPmdRun.PortStats> stats = TestPmdRun.portStats(afterStop);
            assertEquals(2, stats.size(), afterStop);
            final long[] acc = TestPmdRun.accumulated(afterStop);
            assertNotNull(acc, afterStop);
            assertTrue(stats.get(0).rxPackets() > 0 && stats.get(1).txPackets() > 0, afterStop);
            assertEquals(stats.get(0).rxPackets() + stats.get(1).rxPackets(), acc[0], afterStop);
            assertEquals(stats.get(0).txPackets() + stats.get(1).txPackets(), acc[2], afterStop);
            // net_null counts what it "sends": forwarding moved what it received, less what TX refused.
            assertEquals(acc[0], acc[2] + acc[3], afterStop);

            assertTrue(out.contains("  NIC statistics for port 0 cleared"), out);
            assertTrue(out.contains("  NIC statistics for port 1 cleared"), out);
            final Matcher cleared = Pattern.compile("testpmd> show port stats 0\\R\\R" +
                ".*NIC statistics for port 0 .*\\R" +
                "  RX-packets: 0 +RX-missed: 0 +RX-bytes:  0\\R").matcher(out);
            assertTrue(cleared.find(), out);
            assertTrue(out.contains("The valid ports array is [ 0 1 ]"), out);
            assertTrue(out.contains("testpmd> bogus" + "\r\n" + "Command not found"), out);
            assertTrue(out.contains("testpmd> show port stats" + "\r\n" + "Bad arguments"), out);
            assertTrue(out.contains("testpmd> set fwd nope" + "\r\n" + "Bad arguments"), out);
            assertTrue(out.contains("set fwd (io|mac|macswap|flowgen|rxonly|txonly|csum|icmpecho|noisy|5tswap)"), out);
            assertCleanExit(out);
        }
    }

    @Test
    void shouldTreatTheEndOfInputAsQuitAndStopForwardingFirst() throws Exception
    {
        try (AppProcess app = AppProcess.start(TestPmd.class, args(NULL_PORTS, "-i", "-a", "--forward-mode=rxonly")))
        {
            app.awaitOutput("testpmd> ", 60);
            Thread.sleep(300);
            app.closeInput();
            assertEquals(0, app.waitFor(60), app.output());
            final String out = app.output();
            assertTrue(out.contains("Start automatic packet forwarding"), out);
            final long[] acc = TestPmdRun.accumulated(out);
            assertNotNull(acc, out);
            assertTrue(acc[0] > 0, "rxonly received: " + out);
            assertEquals(0, acc[2], "rxonly sends nothing: " + out);
            assertCleanExit(out);
        }
    }

    @Test
    void shouldForwardWithoutPromptUntilEnter() throws Exception
    {
        try (AppProcess app = AppProcess.start(TestPmd.class, args(NULL_PORTS, "--forward-mode=foo")))
        {
            app.awaitOutput("Press enter to exit", 60);
            Thread.sleep(300);
            app.send("\n");
            assertEquals(0, app.waitFor(60), app.output());
            final String out = app.output();
            assertTrue(out.contains("Invalid foo packet forwarding mode"), out);
            assertTrue(out.contains("No commandline core given, start packet forwarding"), out);
            assertTrue(out.contains("io packet forwarding - ports=2 - cores=1 - streams=2"), out);
            assertFalse(out.contains("testpmd> "), out);
            assertTrue(TestPmdRun.accumulated(out)[0] > 0, out);
            assertCleanExit(out);
        }
    }

    @Test
    void shouldPrintNicStatisticsEveryPeriodAndExitZeroOnCtrlC() throws Exception
    {
        try (AppProcess app = AppProcess.start(TestPmd.class, args(NULL_PORTS, "--stats-period=1", "-a")))
        {
            app.awaitOutput("Auto-start selected", 60);
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (app.output().split("Port statistics ====", -1).length < 3 && System.nanoTime() < deadline)
            {
                Thread.sleep(50);
            }
            app.interrupt();
            assertEquals(0, app.waitFor(60), app.output());
            final String out = app.output();
            assertFalse(out.contains("Press enter to exit"), out);
            assertTrue(out.contains("\033[2J\033[1;1H" + System.lineSeparator() +
                "Port statistics ====================================" + System.lineSeparator() +
                "  ######################## NIC statistics for port 0  ########################"), out);
            assertTrue(out.split("NIC statistics for port 1 ", -1).length >= 3, out);
            assertNotNull(TestPmdRun.accumulated(out), out);
            assertCleanExit(out);
        }
    }

    @Test
    void shouldStopOnCtrlCEvenWhenStartedWithSigintIgnored() throws Exception
    {
        try (AppProcess app = AppProcess.startWithSigintIgnored(TestPmd.class, args(NULL_PORTS)))
        {
            app.awaitOutput("Press enter to exit", 60);
            app.interrupt();
            assertEquals(0, app.waitFor(60), app.output());
            assertNotNull(TestPmdRun.accumulated(app.output()), app.output());
            assertCleanExit(app.output());
        }
    }

    @Test
    void shouldPrintDpdkTestpmdsForwardingConfigurationWithTheDevicesDefaultDescriptors() throws Exception
    {
        io.jdpdk.apps.testing.Tools.require(Files.isExecutable(TestPmdRun.DPDK_TESTPMD), "dpdk-testpmd is not installed");
        final Path in0 = dir.resolve("in0.pcap");
        final Path in1 = dir.resolve("in1.pcap");
        Pcap.write(in0, Frames.mixed(4, 1));
        Pcap.write(in1, Frames.mixed(4, 2));
        final String[] banners = new String[2];
        try (TestPmdRun dpdk = TestPmdRun.start(true, dir.resolve("dpdk"), in0, in1, "-i", "--total-num-mbufs=8192");
             TestPmdRun jdpdk = TestPmdRun.start(false, dir.resolve("jdpdk"), in0, in1, "-i",
                 "--total-num-mbufs=8192"))
        {
            int i = 0;
            for (final TestPmdRun run : List.of(dpdk, jdpdk))
            {
                run.send("show rxq info 0 0\nshow txq info 1 0\nshow rxq info 0 3\nstart\nstop\nquit\n");
                run.closeInput();
                assertEquals(0, run.waitFor(60), run.output());
                final String out = run.output();
                assertTrue(out.contains("Failed to retrieve information for port: 0, RX queue: 0\nerror desc: " +
                    "Operation not supported(-95)\n") && out.contains("Failed to retrieve information for port: 1, " +
                    "TX queue: 0\nerror desc: Operation not supported(-95)\n") && out.contains("Failed to retrieve " +
                    "information for port: 0, RX queue: 3\nerror desc: Invalid argument(-22)\n"), "net_pcap: " + out);
                final int from = out.indexOf("  io packet forwarding packets/burst=32");
                final int last = out.lastIndexOf("TX RS bit threshold=");
                assertTrue(from >= 0 && last > from, out);
                banners[i++] = out.substring(from, out.indexOf('\n', last) + 1);
            }
        }
        assertTrue(banners[0].contains("RX desc=0 - RX free threshold=0"), "no --rxd: 0, as testpmd asks: " + banners[0]);
        assertEquals(banners[0], banners[1]);
    }

    @Test
    void shouldFlushRxQueuesBeforeForwardingAsDpdkTestpmd() throws Exception
    {
        io.jdpdk.apps.testing.Tools.require(Files.isExecutable(TestPmdRun.DPDK_TESTPMD), "dpdk-testpmd is not installed");
        final Path in0 = dir.resolve("in0.pcap");
        final Path in1 = dir.resolve("in1.pcap");
        Pcap.write(in0, Frames.mixed(20, 1));
        Pcap.write(in1, Frames.mixed(30, 2));
        try (TestPmdRun dpdk = TestPmdRun.start(true, dir.resolve("dpdk"), in0, in1, "-i", "--total-num-mbufs=8192");
             TestPmdRun jdpdk = TestPmdRun.start(false, dir.resolve("jdpdk"), in0, in1, "-i",
                 "--total-num-mbufs=8192"))
        {
            for (final TestPmdRun run : List.of(dpdk, jdpdk))
            {
                run.send("start\nstop\nshow port stats all\nquit\n");
                run.closeInput();
            }
            final int dpdkExit = dpdk.waitFor(60);
            final int jdpdkExit = jdpdk.waitFor(60);
            assertEquals(0, dpdkExit, dpdk.output());
            assertEquals(0, jdpdkExit, jdpdk.output());
            for (final TestPmdRun run : List.of(dpdk, jdpdk))
            {
                final String out = run.output();
                assertArrayEquals(new long[] { 0, 0, 0, 0 }, TestPmdRun.accumulated(out), out);
                assertEquals(0, TestPmdRun.records(run.out0).size(), out);
                assertEquals(0, TestPmdRun.records(run.out1).size(), out);
                assertTrue(out.contains("RX-packets: 20 "), "the flush read the pcap: " + out);
                assertTrue(out.contains("RX-packets: 30 "), "the flush read the pcap: " + out);
            }
            assertCleanExit(jdpdk.output());
        }
    }

    @Test
    void shouldSpreadQueuesAndOddPortsOverLcoresAsDpdkTestpmd() throws Exception
    {
        io.jdpdk.apps.testing.Tools.require(Files.isExecutable(TestPmdRun.DPDK_TESTPMD), "dpdk-testpmd is not installed");
        final String[] eal = { "--in-memory", "--no-pci", "--lcores=0@0,1@1,2@1", "--log-level=lib.eal:error",
            "--vdev=net_null0", "--vdev=net_null1", "--vdev=net_null2" };
        final String[] app = args(eal, "-i", "--rxq=2", "--txq=2", "--nb-cores=2", "--eth-peer=2,0A:00:00:00:00:02");
        final List<String> command = new ArrayList<>(List.of(TestPmdRun.DPDK_TESTPMD.toString()));
        command.addAll(List.of(app));
        final Path dpdkOut = dir.resolve("dpdk.out");
        final Process dpdk = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dpdkOut.toFile())
            .redirectInput(ProcessBuilder.Redirect.PIPE).start();
        try (AppProcess jdpdk = AppProcess.start(TestPmd.class, app))
        {
            dpdk.getOutputStream().write("start\n".getBytes());
            dpdk.getOutputStream().flush();
            jdpdk.send("start\n");
            jdpdk.awaitOutput("packets/burst=32", 60);
            Thread.sleep(500);
            dpdk.getOutputStream().write("stop\nquit\n".getBytes());
            dpdk.getOutputStream().close();
            jdpdk.send("stop\nquit\n");
            jdpdk.closeInput();
            assertTrue(dpdk.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, dpdk.exitValue());
            assertEquals(0, jdpdk.waitFor(60), jdpdk.output());
            final String expected = Files.readString(dpdkOut);
            final String actual = jdpdk.output();
            assertEquals(layout(expected), layout(actual), actual);
            assertTrue(layout(actual).contains(
                "  RX P=2/Q=1 (socket 0) -> TX P=2/Q=1 (socket 0) peer=0A:00:00:00:00:02"), actual);
            assertTrue(actual.contains("Warning! port-topology=paired and odd forward ports number"), actual);
            assertCleanExit(actual);
        }
        finally
        {
            dpdk.destroyForcibly();
        }
    }

    /** The forwarding configuration lines of testpmd's output. */
    private static List<String> layout(final String output)
    {
        return output.lines().filter(l -> l.startsWith("Logical Core") || l.startsWith("  RX P=") ||
            l.contains(" packet forwarding - ports=") || l.contains("Forward Stats for RX Port=")).toList();
    }

    private static void assertCleanExit(final String out)
    {
        assertTrue(out.contains("Shutting down port 1..."), out);
        assertTrue(out.contains("Port 1 is closed"), out);
        assertTrue(out.contains("Bye..."), out);
        final long[] inUse = TestPmdRun.inUse(out);
        assertNotNull(inUse, out);
        assertEquals(0, inUse[0], "every mbuf back in the pool: " + out);
        assertEquals(8192, inUse[1], out);
    }
}
