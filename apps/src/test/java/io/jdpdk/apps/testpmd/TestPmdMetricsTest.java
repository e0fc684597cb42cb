package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.l3fwd.L3fwdFrames;
import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.Commands;
import io.jdpdk.apps.testing.Pcap;
import io.jdpdk.apps.testing.PoolLine;
import io.jdpdk.apps.testing.Tools;
import io.jdpdk.eal.Hugepages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --latencystats} and {@code --bitrate-stats} beside dpdk-testpmd: each program forwards a replayed pcap
 * between two net_pcap ports as a primary process, and {@code dpdk-proc-info --metrics}, attached as a secondary,
 * must list the same metrics for both (librte_latencystats' four global ones, librte_bitratestats' six per port)
 * with jdpdk's values moving: latencies measured on the forwarding lcore, port 0's bit rate counted.
 */
class TestPmdMetricsTest
{
    /** dpdk-proc-info 22.11.11 dies of SIGSEGV on its way out when the primary has net_pcap ports (DpdkToolsTest). */
    private static final Set<Integer> PROC_INFO_EXITS = Set.of(0, 139);
    private static final List<String> METRICS = List.of("min_latency_ns", "avg_latency_ns", "max_latency_ns",
        "jitter_ns", "ewma_bits_in", "ewma_bits_out", "mean_bits_in", "mean_bits_out", "peak_bits_in",
        "peak_bits_out");

    @TempDir
    Path dir;

    @Test
    void shouldPublishLatencyAndBitRateMetricsThatProcInfoReadsAsForDpdkTestpmd() throws Exception
    {
        Tools.require(Files.isExecutable(TestPmdRun.DPDK_TESTPMD), "dpdk-testpmd is not installed");
        Tools.require(Hugepages.problem() == null, "a multi-process primary needs hugepages: " + Hugepages.problem());
        final List<byte[]> frames = new ArrayList<>();
        for (int i = 0; i < 64; i++)
        {
            frames.add(L3fwdFrames.ipv4("198.18.1." + (1 + i), 64, i));
        }
        final Path in = Path.of("/tmp", "jdmetrics" + ProcessHandle.current().pid() + ".pcap"); // short: see below
        Pcap.write(in, frames);
        try
        {
            final Map<String, Map<String, Long>> dpdk = metricsWhileForwarding(true, in);
            final Map<String, Map<String, Long>> jdpdk = metricsWhileForwarding(false, in);
            assertEquals(List.of("global", "0", "1"), List.copyOf(dpdk.keySet()), dpdk.toString());
            for (final String section : dpdk.keySet())
            {
                assertEquals(METRICS, List.copyOf(dpdk.get(section).keySet()), section + ": " + dpdk);
                assertEquals(METRICS, List.copyOf(jdpdk.get(section).keySet()), section + ": " + jdpdk);
            }
            final Map<String, Long> global = jdpdk.get("global");
            assertTrue(global.get("avg_latency_ns") > 0, "latency measured: " + global);
            assertTrue(global.get("min_latency_ns") <= global.get("avg_latency_ns") &&
                global.get("avg_latency_ns") <= global.get("max_latency_ns"), global.toString());
            assertTrue(jdpdk.get("0").get("mean_bits_in") > 0, "port 0's bit rate: " + jdpdk);
            assertTrue(jdpdk.get("1").get("peak_bits_out") > 0, "port 1 sends port 0's packets: " + jdpdk);
        }
        finally
        {
            Files.deleteIfExists(in);
        }
    }

    /**
     * The metrics dpdk-proc-info prints for a testpmd (DPDK's or jdpdk's) forwarding {@code in} replayed on port 0
     * (and port 1), by section ("global", then each port id), after 2.5 s of forwarding; the run then ends with every
     * mbuf back (jdpdk's).
     */
    private Map<String, Map<String, Long>> metricsWhileForwarding(final boolean dpdk, final Path in) throws Exception
    {
        final String prefix = (dpdk ? "jdmd" : "jdmj") + ProcessHandle.current().pid();
        // A secondary sees a vdev's arguments cut to 63 characters: the pcap's path is kept short.
        final List<String> eal = List.of("-l", "0-1", "--no-pci", "--file-prefix", prefix, "--log-level=*:error",
            "--vdev=net_pcap0,rx_pcap=" + in + ",infinite_rx=1,tx_pcap=/dev/null",
            "--vdev=net_pcap1,rx_pcap=" + in + ",infinite_rx=1,tx_pcap=/dev/null");
        final List<String> app = List.of("--", "--total-num-mbufs=8192", "--latencystats=1", "--bitrate-stats=1");
        final List<String> command = new ArrayList<>(dpdk ? List.of("stdbuf", "-oL", TestPmdRun.DPDK_TESTPMD.toString())
            : AppProcess.command(TestPmd.class));
        command.addAll(eal);
        command.addAll(app);
        try (AppProcess process = AppProcess.startCommand(command))
        {
            process.awaitOutput("Press enter to exit", 60);
            assertTrue(process.output().contains("Latencystats running on lcore 1"), process.output());
            Thread.sleep(2500); // the bit rates are computed once a second
            final String out = Commands.run(60, PROC_INFO_EXITS, "stdbuf", "-oL", "dpdk-proc-info", "--file-prefix",
                prefix, "--log-level=*:error", "--", "--metrics");
            process.send("\n");
            process.closeInput();
            assertEquals(0, process.waitFor(60), process.output());
            if (!dpdk)
            {
                PoolLine.assertEveryMbufBack(process.output(), null);
            }
            return sections(out);
        }
        finally
        {
            Commands.removeDpdkFiles(prefix);
        }
    }

    /** dpdk-proc-info's {@code --metrics} blocks: "Non port specific" as "global", "for port N" as "N". */
    private static Map<String, Map<String, Long>> sections(final String out)
    {
        final Map<String, Map<String, Long>> sections = new LinkedHashMap<>();
        Map<String, Long> current = null;
        for (final String line : out.lines().toList())
        {
            if (line.startsWith("######") && line.contains("metrics")) // not the rows of # between them
            {
                final String name = line.contains("Non port specific") ? "global" :
                    line.replaceAll("^#+ metrics for port (\\d+)\\s*#+$", "$1");
                current = new LinkedHashMap<>();
                sections.put(name, current);
            }
            else if (current != null && line.matches("\\w+: \\d+"))
            {
                final String[] kv = line.split(": ");
                current.put(kv[0], Long.parseLong(kv[1]));
            }
        }
        assertTrue(sections.size() == 3, "proc-info's metrics: " + out);
        // proc-info prints the ports first, then the global block: the global block first here.
        final Map<String, Map<String, Long>> ordered = new LinkedHashMap<>();
        ordered.put("global", sections.get("global"));
        sections.forEach((k, v) -> ordered.putIfAbsent(k, v));
        return ordered;
    }
}
