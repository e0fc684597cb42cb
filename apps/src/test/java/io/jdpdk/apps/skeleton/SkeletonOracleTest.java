package io.jdpdk.apps.skeleton;

import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.DpdkExamples;
import io.jdpdk.apps.testing.PcapRun;
import io.jdpdk.apps.testing.PoolLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jdpdk's skeleton beside DPDK's own ({@code dpdk-skeleton}, examples/skeleton/basicfwd.c of DPDK 22.11, built by
 * {@code build-dpdk-examples.sh}) with the same EAL arguments: on two net_pcap ports, the frames each port reads go
 * out of the other unchanged and in order, and the lines basicfwd prints (each port's MAC, the warning for the
 * lcores it leaves idle, the forwarding banner) are the same; with one port, both refuse with rte_exit's cause.
 */
class SkeletonOracleTest
{
    /** The lines that basicfwd.c prints between rte_eal_init and its loop (EAL's own log lines aside). */
    private static final java.util.regex.Pattern BASICFWD_LINE = java.util.regex.Pattern.compile(
        "^(Port \\d+ MAC: .*|WARNING.*|\\tPerformance will not be optimal\\.|Core \\d+ forwarding packets\\. .*)$",
        java.util.regex.Pattern.MULTILINE);

    @Test
    void shouldForwardEveryFrameToThePairedPortAndPrintBasicfwdsLinesAsDpdksSkeleton(@TempDir final Path dir)
        throws Exception
    {
        final int[] frames = { 37, 21 };
        final List<List<byte[]>> inputs = PcapRun.inputs(dir, 7, frames);
        // DPDK's skeleton has no signal handler: SIGTERM ends it (143), where a SIGINT inherited as ignored would
        // not. jdpdk's stops on Ctrl-C, even so, cleans up and exits 130.
        final PcapRun c = PcapRun.run(dir, "c", command(DpdkExamples.binary("skeleton").toString(), dir, "c"),
            frames[0] + frames[1], false, 143);
        final PcapRun java = PcapRun.run(dir, "java", command(null, dir, "java"), frames[0] + frames[1], true, 130);
        for (int port = 0; port < 2; port++)
        {
            PcapRun.assertFrames(inputs.get(port ^ 1), c.output(port), "DPDK's, port " + port);
            PcapRun.assertFrames(inputs.get(port ^ 1), java.output(port), "jdpdk's, port " + port);
        }
        final List<String> cLines = basicfwdLines(c.log());
        assertTrue(cLines.contains("WARNING: Too many lcores enabled. Only 1 used."), c.log());
        assertEquals(cLines, basicfwdLines(java.log()), "DPDK's output:\n" + c.log() + "\njdpdk's:\n" + java.log());
        PoolLine.assertEveryMbufBack(java.log(), "MBUF_POOL");
    }

    @Test
    void shouldRefuseASinglePortWithBasicfwdsCause() throws Exception
    {
        final String[] eal = { "-l", "0", "--no-pci", "--in-memory", "--vdev=net_null0" };
        final List<String> cCommand = new ArrayList<>(List.of(DpdkExamples.binary("skeleton").toString()));
        cCommand.addAll(List.of(eal));
        try (AppProcess c = AppProcess.startCommand(cCommand); AppProcess java = AppProcess.start(Skeleton.class, eal))
        {
            assertEquals(1, c.waitFor(30), c.output());
            assertEquals(1, java.waitFor(30), java.output());
            final String cause = "EAL: Error - exiting with code: 1\n  Cause: Error: number of ports must be even\n";
            assertTrue(c.output().contains(cause), c.output());
            assertTrue(java.output().contains(cause), java.output());
        }
    }

    /**
     * DPDK's skeleton ({@code binary}) or, for null, jdpdk's, on two lcores and the run's two net_pcap ports. DPDK's
     * runs line-buffered, as on a terminal: Ctrl-C ends it before it flushes a full buffer.
     */
    private static List<String> command(final String binary, final Path dir, final String name)
    {
        final List<String> command = new ArrayList<>(binary != null ? List.of("stdbuf", "-oL", binary) :
            AppProcess.command(Skeleton.class));
        command.addAll(List.of("-l", "0-1"));
        command.addAll(PcapRun.eal(dir, name, 2));
        return command;
    }

    private static List<String> basicfwdLines(final String log)
    {
        return BASICFWD_LINE.matcher(log).results().map(java.util.regex.MatchResult::group).toList();
    }
}
