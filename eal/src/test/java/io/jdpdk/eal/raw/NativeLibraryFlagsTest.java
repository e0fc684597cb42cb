package io.jdpdk.eal.raw;

import io.jdpdk.eal.DpdkUnavailableException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A JVM started without one of the two flags jdpdk needs gets one {@link DpdkUnavailableException} naming the
 * flag from {@link NativeLibrary#load()}, not an {@code IllegalAccessError} or a warning from deep inside.
 */
class NativeLibraryFlagsTest
{
    /** Loads the library and prints the exception's message, if any. Runs in a child JVM. */
    public static void main(final String[] args)
    {
        try
        {
            NativeLibrary.load();
            System.out.println("loaded");
        }
        catch (final DpdkUnavailableException ex)
        {
            System.out.println("unavailable: " + ex.getMessage());
        }
    }

    @Test
    void shouldNameTheMissingAddExportsFlag() throws Exception
    {
        final String out = run("--enable-native-access=ALL-UNNAMED");
        assertTrue(out.startsWith("unavailable: load DPDK: raw memory access is not allowed: run java with --add-exports " +
            "java.base/jdk.internal.misc=ALL-UNNAMED"), out);
    }

    @Test
    void shouldNameTheMissingNativeAccessFlag() throws Exception
    {
        final String out = run("--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "--illegal-native-access=deny");
        assertTrue(out.startsWith("unavailable: load DPDK: native access is disabled: run java with " +
            "--enable-native-access=ALL-UNNAMED"), out);
    }

    @Test
    void shouldLoadWithBothFlags() throws Exception
    {
        assertEquals("loaded", run("--enable-native-access=ALL-UNNAMED", "--add-exports",
            "java.base/jdk.internal.misc=ALL-UNNAMED"));
    }

    private static String run(final String... flags) throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(flags));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), NativeLibraryFlagsTest.class.getName()));
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "child JVM did not exit");
        return out.lines().filter(l -> l.startsWith("unavailable: ") || l.equals("loaded")).findFirst().orElse(out);
    }
}
