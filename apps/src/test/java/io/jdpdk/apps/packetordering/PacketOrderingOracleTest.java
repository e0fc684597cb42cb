package io.jdpdk.apps.packetordering;

import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.DpdkExamples;
import io.jdpdk.apps.testing.PcapRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jdpdk's packet_ordering beside DPDK's own ({@code dpdk-packet_ordering}, built from DPDK 22.11's
 * examples/packet_ordering by {@code build-dpdk-examples.sh}) with the same command line, on two net_pcap ports
 * reading 320 and 640 frames: the same frames out of each port in the same order, and the same statistics at exit.
 * Each port gets a multiple of 32 frames, because DPDK's app sends only full 32-packet TX buffers.
 */
class PacketOrderingOracleTest
{
    private static final int[] FRAMES = { 320, 640 };
    private static final int TOTAL = FRAMES[0] + FRAMES[1];

    @Test
    void shouldSendEveryFrameInArrivalOrderThroughTwoWorkersWithDpdksStatistics(@TempDir final Path dir)
        throws Exception
    {
        final List<List<byte[]>> inputs = PcapRun.inputs(dir, 40, FRAMES);
        final String lcores = "--lcores=0@0,1@1,2@1,3@0";
        final PcapRun c = run(dir, "c", lcores, "-p", "3", "--insight-worker");
        final PcapRun java = run(dir, "java", lcores, "-p", "3", "--insight-worker");
        for (int port = 0; port < 2; port++)
        {
            final List<byte[]> expected = inputs.get(port ^ 1);
            PcapRun.assertFrames(expected, c.output(port), "DPDK's, port " + port);
            PcapRun.assertFrames(expected, java.output(port), "jdpdk's, port " + port);
        }
        assertEquals(withoutWorkerDetail(stats(c)), withoutWorkerDetail(stats(java)));
        for (final PcapRun run : List.of(c, java))
        {
            final Matcher m = Pattern.compile("Worker thread stats on core \\[(\\d)]:\n - Pkts deqd from workers " +
                "ring:\t\t(\\d+)").matcher(stats(run));
            long sum = 0;
            final List<String> cores = new ArrayList<>();
            while (m.find())
            {
                cores.add(m.group(1));
                sum += Long.parseLong(m.group(2));
            }
            assertEquals(List.of("1", "2"), cores, stats(run));
            assertEquals(TOTAL, sum, "the workers' share adds up: " + stats(run));
        }
        assertTrue(java.log().contains("Mempool mbuf_pool: 0 of 65535 mbufs in use"), java.log());
        assertEquals(startLines(c), startLines(java));
        assertEquals(List.of("REORDERAPP: rx_thread() started on lcore 0", "REORDERAPP: send_thread() started on " +
            "lcore 3", "REORDERAPP: worker_thread() started on lcore 1", "REORDERAPP: worker_thread() started on " +
            "lcore 2"), startLines(java));
    }

    /** What each lcore function logs as it starts (RTE_LOG(INFO, REORDERAPP, ...)), sorted: the lcores race. */
    private static List<String> startLines(final PcapRun run)
    {
        return run.log().lines().filter(line -> line.startsWith("REORDERAPP: ")).sorted().toList();
    }

    @Test
    void shouldSendEveryFrameOnceWithReorderingDisabled(@TempDir final Path dir) throws Exception
    {
        final List<List<byte[]>> inputs = PcapRun.inputs(dir, 40, FRAMES);
        final String lcores = "--lcores=0@0,1@1,2@1";
        final PcapRun c = run(dir, "c", lcores, "-p", "3", "--disable-reorder");
        final PcapRun java = run(dir, "java", lcores, "-p", "3", "--disable-reorder");
        assertTrue(c.log().contains("reorder disabled") && java.log().contains("reorder disabled"));
        for (int port = 0; port < 2; port++)
        {
            final List<byte[]> expected = sorted(inputs.get(port ^ 1));
            PcapRun.assertFrames(expected, sorted(c.output(port)), "DPDK's, port " + port);
            PcapRun.assertFrames(expected, sorted(java.output(port)), "jdpdk's, port " + port);
        }
        assertEquals(stats(c), stats(java));
        assertEquals(startLines(c), startLines(java));
        assertTrue(startLines(java).contains("REORDERAPP: tx_thread() started on lcore 2"), java.log());
    }

    /** DPDK's packet_ordering ({@code name} "c") or jdpdk's ("java") with {@code lcores} and {@code app}. */
    private static PcapRun run(final Path dir, final String name, final String lcores, final String... app)
        throws Exception
    {
        final boolean c = name.equals("c");
        final List<String> command = new ArrayList<>(c ? List.of(DpdkExamples.binary("packet_ordering").toString()) :
            AppProcess.command(PacketOrdering.class));
        command.add(lcores);
        command.addAll(PcapRun.eal(dir, name, 2));
        command.add("--");
        command.addAll(List.of(app));
        // DPDK's app returns 0 after Ctrl-C; jdpdk's apps exit 130 (Shutdown).
        return PcapRun.run(dir, name, command, TOTAL, true, c ? 0 : 130);
    }

    private static List<byte[]> sorted(final List<byte[]> frames)
    {
        final List<byte[]> copy = new ArrayList<>(frames);
        copy.sort(Comparator.comparing(Arrays::toString));
        return copy;
    }

    private static String withoutWorkerDetail(final String stats)
    {
        return stats.replaceAll("\nWorker thread stats on core \\[\\d+]:\n( - [^\n]*\n){3}", "");
    }

    /** print_stats' block: from "RX thread stats" to the last port's "Mbuf Errs" line. */
    private static String stats(final PcapRun run)
    {
        final String log = run.log();
        final int from = log.indexOf("\nRX thread stats:");
        final int last = log.lastIndexOf(" - Mbuf Errs: ");
        assertTrue(from >= 0 && last > from, log);
        return log.substring(from, log.indexOf('\n', last) + 1);
    }
}
