package io.jdpdk.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One program measured by the harness: DPDK's own C tool or a jdpdk scenario in a JVM of its own
 * (each needs its own EAL). Runs for a fixed time, is stopped with SIGINT as a user would, and its
 * output is kept for {@link RateSamples}.
 */
public final class Peer
{
    private Peer()
    {
    }

    /** The command line that runs {@code mainClass} in a new JVM with this JVM's class path and flags. */
    public static List<String> java(final Class<?> mainClass, final String... args)
    {
        return java(mainClass.getName(), args);
    }

    /** As {@link #java(Class, String...)} for a main class named by its binary name. */
    public static List<String> java(final String mainClass, final String... args)
    {
        final List<String> command = new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--enable-native-access=ALL-UNNAMED", "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-XX:+UseParallelGC", "-XX:Tier3DelayOn=100000", "-Xms512m", "-Xmx512m", "-cp", System.getProperty("java.class.path"),
            mainClass));
        command.addAll(List.of(args));
        return command;
    }

    /**
     * Runs {@code command} for {@code seconds}, then SIGINT, and returns what it printed.
     *
     * @throws IOException when it cannot start or does not stop within 30 s of the signal
     */
    public static String run(final List<String> command, final int seconds) throws IOException, InterruptedException
    {
        final Path out = Files.createTempFile("jdpdk-bench", ".out");
        try
        {
            final Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(out.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
            if (!process.waitFor(seconds, TimeUnit.SECONDS))
            {
                ProcessSignals.send(process, ProcessSignals.SIGINT);
                if (!process.waitFor(30, TimeUnit.SECONDS))
                {
                    process.destroyForcibly();
                    throw new IOException(command.get(0) + " did not stop on SIGINT");
                }
            }
            return Files.readString(out, StandardCharsets.UTF_8);
        }
        finally
        {
            Files.deleteIfExists(out);
        }
    }
}
