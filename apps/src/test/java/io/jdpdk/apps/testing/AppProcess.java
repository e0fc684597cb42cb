package io.jdpdk.apps.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs an app's main class in a JVM of its own (its own EAL), as {@code apps/bin/*} would, with the
 * test class path; captures its output in a file.
 */
public final class AppProcess implements AutoCloseable
{
    private final Process process;
    private final Path output;

    private AppProcess(final Process process, final Path output)
    {
        this.process = process;
        this.output = output;
    }

    /** Starts {@code mainClass} with {@code args}. */
    public static AppProcess start(final Class<?> mainClass, final String... args) throws IOException
    {
        return start(List.of(), mainClass, args);
    }

    /**
     * Starts {@code mainClass} with SIGINT ignored, as a shell script's background job starts it (where Ctrl-C
     * must still stop a DPDK app, as it stops a C one).
     */
    public static AppProcess startWithSigintIgnored(final Class<?> mainClass, final String... args)
        throws IOException
    {
        return start(List.of("bash", "-c", "trap '' INT; exec \"$@\"", "bash"), mainClass, args);
    }

    /**
     * Starts {@code mainClass} with {@code args} in a JVM given {@code jvmFlags} besides this one's (as
     * {@code JDPDK_JAVA_OPTS} gives them to apps/bin/*).
     */
    public static AppProcess startWithJvmFlags(final List<String> jvmFlags, final Class<?> mainClass,
        final String... args) throws IOException
    {
        final List<String> command = new ArrayList<>(command(mainClass));
        command.addAll(command.size() - 1, jvmFlags);
        command.addAll(List.of(args));
        return startCommand(command);
    }

    private static AppProcess start(final List<String> prefix, final Class<?> mainClass, final String... args)
        throws IOException
    {
        final List<String> command = new ArrayList<>(prefix);
        command.addAll(command(mainClass));
        command.addAll(List.of(args));
        return startCommand(command);
    }

    /**
     * Starts {@code command}, any program (DPDK's own sample apps, the oracles of jdpdk's), the way the apps are
     * started: standard output and error into one file, standard input a pipe.
     */
    public static AppProcess startCommand(final List<String> command) throws IOException
    {
        final Path output = Files.createTempFile("jdpdk-app", ".out");
        final Process process = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(output.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
        return new AppProcess(process, output);
    }

    /** The command that runs {@code mainClass} in a JVM like this one (JDK, flags, class path), without arguments. */
    public static List<String> command(final Class<?> mainClass)
    {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--enable-native-access=ALL-UNNAMED", "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-Xmx512m", "-cp", System.getProperty("java.class.path"), mainClass.getName());
    }

    /** Waits for exit (at most {@code seconds}) and returns the exit code. */
    public int waitFor(final long seconds) throws Exception
    {
        if (!process.waitFor(seconds, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
            throw new AssertionError("app did not exit within " + seconds + " s; output:\n" + output());
        }
        return process.exitValue();
    }

    /** Writes {@code text} to the app's standard input and flushes it (commands for an interactive app). */
    public void send(final String text) throws IOException
    {
        process.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().flush();
    }

    /** Closes the app's standard input: the app reads end of input. */
    public void closeInput() throws IOException
    {
        process.getOutputStream().close();
    }

    /** The app's process id. */
    public long pid()
    {
        return process.pid();
    }

    /** Whether the app is still running. */
    public boolean isAlive()
    {
        return process.isAlive();
    }

    /** Sends SIGTERM, as {@code kill} does. */
    public void terminate()
    {
        process.destroy();
    }

    /** Sends SIGINT, as Ctrl-C does. */
    public void interrupt() throws Exception
    {
        Commands.sigint(process);
    }

    /** Everything the app printed so far. */
    public String output() throws IOException
    {
        return Files.readString(output, StandardCharsets.UTF_8);
    }

    /** Waits until the output contains {@code text}. */
    public void awaitOutput(final String text, final long seconds) throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!output().contains(text))
        {
            if (System.nanoTime() > deadline || !process.isAlive())
            {
                throw new AssertionError("no '" + text + "' in output:\n" + output());
            }
            Thread.sleep(50);
        }
    }

    @Override
    public void close() throws IOException
    {
        process.destroyForcibly();
        Files.deleteIfExists(output);
    }
}
