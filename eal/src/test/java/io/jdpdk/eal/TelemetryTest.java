package io.jdpdk.eal;

import io.jdpdk.eal.jfr.LcoreStallEvent;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jdpdk's telemetry commands on the shared test EAL, which runs {@code --in-memory}: found on DPDK's telemetry
 * socket by this process's pid (a second in-memory process gets {@code dpdk_telemetry.v2:N}), as
 * {@code dpdk-telemetry.py -f rte -i N} would; and the JFR stall event.
 */
class TelemetryTest
{
    /** Connects to every telemetry socket under /var/run/dpdk/rte, keeps the one whose greeting has our pid. */
    private static final String CLIENT = String.join("\n",
        "import glob, json, socket, sys",
        "for path in sorted(glob.glob('/var/run/dpdk/rte/dpdk_telemetry.v2*')):",
        "    s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)",
        "    try:",
        "        s.connect(path)",
        "    except OSError:",
        "        continue",
        "    hello = json.loads(s.recv(16384).decode())",
        "    if hello.get('pid') != int(sys.argv[1]):",
        "        s.close()",
        "        continue",
        "    for command in sys.argv[2:]:",
        "        s.send(command.encode())",
        "        print(s.recv(65536).decode())",
        "    sys.exit(0)",
        "sys.exit('no telemetry socket of pid ' + sys.argv[1])");

    @Test
    void shouldAnswerJdpdkCommandsOnTheInMemoryTelemetrySocket(@TempDir final Path dir) throws Exception
    {
        final Eal eal = TestEal.get();
        assertTrue(eal.args().contains("--in-memory") || eal.args().contains("--no-shconf"), eal.args().toString());
        final Lcore lcore = eal.worker(2).role("telemetry-test");
        lcore.launch(agent(), new BackoffIdleStrategy());
        try
        {
            while (lcore.busyPolls() < 10)
            {
                Thread.onSpinWait();
            }
            final String out = python(dir, "/jdpdk/lcores", "/jdpdk/counters", "/help,/jdpdk/counters");
            // The raw socket's JSON, without the spaces dpdk-telemetry.py adds when it prints.
            assertTrue(out.matches("(?s).*\"2\":\\{\"lcore\":2,\"role\":\"telemetry-test\",\"state\":\"RUNNING\"," +
                "\"busy_polls\":[1-9]\\d*,\"idle_polls\":\\d+,\"errors\":0}.*"), out);
            assertTrue(out.matches("(?s).*\\{\"/jdpdk/counters\":\\{.*\"lcore_2\":\\{\"busy_polls\":[1-9]\\d*," +
                "\"idle_polls\":\\d+,\"errors\":0}.*"), out);
            assertTrue(out.contains("{\"/help\":{\"/jdpdk/counters\":\"Every jdpdk counter of the process"), out);
        }
        finally
        {
            lcore.stop();
            lcore.await();
        }
    }

    @Test
    void shouldGroupCountersUnderTelemetryKeys()
    {
        assertEquals("rx_packets_of_8191", Counters.key("rx packets (of 8191)"));
        assertEquals("mempool_MBUF_POOL", Counters.key("mempool MBUF_POOL"));
        assertEquals("pipeline_rx_0", Counters.key(" pipeline rx 0 "));
        assertEquals(127, Counters.key("x".repeat(300)).length(), "RTE_TEL_MAX_STRING_LEN - 1");
        final var counter = Counters.get().newCounter("group test 1: a value", Counters.WORKER_PACKETS);
        counter.setRelease(42);
        try
        {
            final Map<String, Map<String, Long>> groups = Counters.groups(Counters.get().reader());
            assertEquals(Map.of("a_value", 42L), groups.get("group_test_1"));
        }
        finally
        {
            Counters.get().free(counter);
        }
    }

    @Test
    void shouldRecordAStallForARunningLcoreWhosePollsDoNotMove(@TempDir final Path dir) throws Exception
    {
        final Eal eal = TestEal.get();
        final Lcore lcore = eal.worker(4).role("sleeper");
        try (Recording recording = new Recording())
        {
            recording.enable(LcoreStallEvent.class).withPeriod(Duration.ofMillis(100));
            recording.start();
            lcore.launch(l ->
            {
                Thread.sleep(1200); // a function: no duty cycles, so no polls
                return 0;
            });
            assertEquals(0, lcore.await());
            recording.stop();
            final Path file = dir.resolve("stall.jfr");
            recording.dump(file);
            final List<RecordedEvent> stalls = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("io.jdpdk.LcoreStall") && e.getInt("lcore") == 4)
                .toList();
            assertTrue(stalls.size() >= 3, "a stall event per period while it slept: " + stalls);
            assertEquals("sleeper", stalls.get(0).getString("role"));
            assertTrue(stalls.get(stalls.size() - 1).getLong("stalledFor") >= 200, stalls.toString());
        }
    }

    private static String python(final Path dir, final String... commands) throws Exception
    {
        final Path out = dir.resolve("telemetry.out");
        final List<String> command = new java.util.ArrayList<>(List.of("/usr/bin/python3", "-c", CLIENT,
            Long.toString(ProcessHandle.current().pid())));
        command.addAll(List.of(commands));
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        final String text = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), text);
        return text;
    }

    private static Agent agent()
    {
        return new Agent()
        {
            @Override
            public int doWork()
            {
                return 1;
            }

            @Override
            public String roleName()
            {
                return "busy";
            }
        };
    }
}
