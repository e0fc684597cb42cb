package io.jdpdk.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Launch to first forwarded packet: the time from starting a DPDK process (C or jdpdk) to the first packet it
 * transmitted, as its own telemetry socket reports it ({@code /ethdev/stats,0} opackets above 0), polled every
 * millisecond from the moment the socket appears (the EAL creates it during {@code rte_eal_init}). The process is
 * then stopped with SIGINT and its runtime directory removed.
 */
final class LaunchTime
{
    private static final Pattern OPACKETS = Pattern.compile("\"opackets\":\\s*(\\d+)");
    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);

    private LaunchTime()
    {
    }

    /**
     * One launch.
     *
     * @param command the process, whose EAL arguments include {@code --file-prefix prefix}
     * @param prefix  its file prefix
     * @return seconds from start to the first transmitted packet on port 0
     * @throws IOException when it stops, or sends nothing within 60 s
     */
    static double measure(final List<String> command, final String prefix) throws IOException, InterruptedException
    {
        final Path socket = TelemetryClient.socketPath(prefix);
        final Path out = Files.createTempFile("jdpdk-launch", ".out");
        final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(out.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
        builder.environment().remove("JDPDK_MODULE"); // bench/bin/bench's own: apps/bin launchers run the apps
        final long start = System.nanoTime();
        final Process process = builder.start();
        try
        {
            TelemetryClient telemetry = null;
            while (System.nanoTime() - start < TIMEOUT_NANOS && process.isAlive())
            {
                if (telemetry == null && Files.exists(socket))
                {
                    try
                    {
                        telemetry = TelemetryClient.connect(prefix);
                    }
                    catch (final IOException ex)
                    {
                        // created but not yet listening: try again
                    }
                }
                if (telemetry != null)
                {
                    final Matcher m = OPACKETS.matcher(telemetry.query("/ethdev/stats,0"));
                    if (m.find() && Long.parseLong(m.group(1)) > 0)
                    {
                        final double seconds = (System.nanoTime() - start) / 1e9;
                        telemetry.close();
                        return seconds;
                    }
                }
                Thread.sleep(1);
            }
            if (telemetry != null)
            {
                telemetry.close();
            }
            throw new IOException(command.get(0) + " sent nothing in " + TimeUnit.NANOSECONDS.toSeconds(TIMEOUT_NANOS) +
                " s; its output:\n" + Files.readString(out));
        }
        finally
        {
            ProcessSignals.send(process, ProcessSignals.SIGINT);
            if (!process.waitFor(30, TimeUnit.SECONDS))
            {
                process.destroyForcibly();
            }
            Files.deleteIfExists(out);
            TelemetryRates.removeRuntimeDir(prefix);
        }
    }
}
