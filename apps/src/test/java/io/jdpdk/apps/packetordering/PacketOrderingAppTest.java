package io.jdpdk.apps.packetordering;

import io.jdpdk.apps.testing.AppProcess;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** packet_ordering's refusals: each one clear message and exit status 1, as DPDK's {@code rte_exit}. */
class PacketOrderingAppTest
{
    private static final String USAGE = "packet_ordering [EAL options] -- -p PORTMASK\n";

    @Test
    void shouldPrintTheUsageAndExitWithoutApplicationArguments()
    {
        final String[] outErr = runInProcess("-l", "0-2", "--");
        assertTrue(outErr[0].startsWith(USAGE), outErr[0]);
        assertEquals("EAL: Error - exiting with code: 1\n  Cause: Invalid packet_ordering arguments\n", outErr[1]);
    }

    @Test
    void shouldRefuseAZeroOrMalformedPortmask()
    {
        for (final String mask : new String[] { "0", "xyz", "3g" })
        {
            final String[] outErr = runInProcess("--", "-p", mask);
            assertTrue(outErr[0].startsWith("invalid portmask\n" + USAGE), mask + ": " + outErr[0]);
            assertTrue(outErr[1].contains("Cause: Invalid packet_ordering arguments"), outErr[1]);
        }
    }

    @Test
    void shouldSayWhichOptionsItTookInTheOrderGiven()
    {
        final String[] outErr = runInProcess("--", "--insight-worker", "-p", "1", "--disable-reorder", "--bogus");
        assertTrue(outErr[0].startsWith("print all worker statistics\nreorder disabled\n" +
            "packet_ordering: unrecognized or invalid option '--bogus'\n" + USAGE), outErr[0]);
    }

    @Test
    void shouldNeedThreeLcores() throws Exception
    {
        try (AppProcess app = AppProcess.start(PacketOrdering.class, "-l", "0-1", "--no-pci", "--in-memory",
            "--vdev=net_null0", "--vdev=net_null1", "--", "-p", "3"))
        {
            assertEquals(1, app.waitFor(60), app.output());
            assertTrue(app.output().contains("Cause: Error, This application needs at least 3 logical cores to run:\n" +
                "1 lcore for packet RX\n1 lcore for packet TX\nand at least 1 lcore for worker threads\n"), app.output());
        }
    }

    @Test
    void shouldRefuseAnOddNumberOfPortsAboveOne() throws Exception
    {
        try (AppProcess app = AppProcess.start(PacketOrdering.class, "--lcores=(0-2)@(0-1)", "--no-pci",
            "--in-memory", "--vdev=net_null0", "--vdev=net_null1", "--vdev=net_null2", "--", "-p", "7"))
        {
            assertEquals(1, app.waitFor(60), app.output());
            assertTrue(app.output().contains(
                "Cause: Error: number of ports must be even, except when using a single port\n"), app.output());
        }
    }

    /** Runs the app in this JVM for arguments refused before EAL starts; returns its stdout and stderr. */
    private static String[] runInProcess(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = PacketOrdering.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(1, code);
        return new String[] { out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8) };
    }
}
