package io.jdpdk.apps.l2fwd;

import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.Commands;
import io.jdpdk.apps.testing.DpdkExamples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jdpdk's l2fwd beside DPDK's own, on the same input: same frames out of every port, byte for byte,
 * and the same setup lines. The oracle is {@code dpdk-l2fwd}, built from DPDK 22.11's
 * {@code examples/l2fwd/main.c} as Debian's dpdk-doc ships it ({@link DpdkExamples}).
 */
class L2fwdOracleTest
{
    private static final String[] APP = { "-p", "f", "-q", "2", "-T", "1", "--portmap=(0,2),(1,3)" };

    @Test
    void shouldWriteTheSameFramesAndSetupLinesAsDpdksOwnL2fwd(@TempDir final Path dir) throws Exception
    {
        final String oracle = DpdkExamples.binary("l2fwd").toString();
        final PcapPorts c = PcapPorts.create(Files.createDirectories(dir.resolve("c")), 4, true);
        final PcapPorts java = PcapPorts.create(Files.createDirectories(dir.resolve("java")), 4, true);
        final String expectTotal = String.format("Total packets received: %14d%n", c.totalInput());

        final List<String> command = new ArrayList<>(List.of(oracle));
        command.addAll(c.eal("0-1"));
        command.add("--in-memory");
        command.add("--");
        command.addAll(List.of(APP));
        final Path cOut = dir.resolve("c.out");
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(cOut.toFile())
            .start();
        try
        {
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(cOut, StandardCharsets.UTF_8).contains(expectTotal))
            {
                assertTrue(process.isAlive() && System.nanoTime() < deadline, Files.readString(cOut));
                Thread.sleep(50);
            }
            Commands.sigint(process);
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "dpdk-l2fwd did not stop");
        }
        finally
        {
            process.destroyForcibly();
        }

        final List<String> args = new ArrayList<>(java.eal("0-1"));
        args.add("--");
        args.addAll(List.of(APP));
        final String javaOut;
        try (AppProcess app = AppProcess.start(L2fwd.class, args.toArray(String[]::new)))
        {
            app.awaitOutput(expectTotal, 60);
            app.interrupt();
            assertEquals(130, app.waitFor(30), app.output());
            javaOut = app.output();
        }

        for (int port = 0; port < 4; port++)
        {
            final List<byte[]> expected = c.output(port);
            final List<byte[]> actual = java.output(port);
            assertEquals(expected.size(), actual.size(), "frames out of port " + port);
            for (int i = 0; i < expected.size(); i++)
            {
                assertArrayEquals(expected.get(i), actual.get(i), "port " + port + " frame " + i);
            }
        }
        final List<String> expectedLines = setupLines(Files.readString(cOut, StandardCharsets.UTF_8));
        assertEquals(1 + 4 + 4 * 3, expectedLines.size(), "MAC updating, 4 Lcore, 4 x (init, MAC, link): " +
            expectedLines);
        assertEquals(expectedLines, setupLines(javaOut));
    }

    /** The lines l2fwd prints while it sets up, which do not depend on timing. */
    private static List<String> setupLines(final String output)
    {
        return output.lines()
            .filter(line -> line.startsWith("MAC updating") || line.startsWith("Lcore ") ||
                line.startsWith("Initializing port") || line.matches("Port \\d+(,| Link).*") ||
                line.startsWith("Notice") || line.startsWith("Skipping"))
            .toList();
    }
}
