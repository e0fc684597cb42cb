package io.jdpdk.eal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The counters file of a process whose pid an earlier, killed process had: that process left its file behind (no
 * exit hooks run on SIGKILL), and the new one must replace it rather than fail to start.
 */
class CountersFileTest
{
    @Test
    void shouldReplaceAFileLeftByAKilledProcessWithTheSamePid(@TempDir final Path dir) throws Exception
    {
        final File stale = dir.resolve("jdpdk-4242.counters").toFile();
        Files.write(stale.toPath(), new byte[] { 1, 2, 3 }); // not even a counters file's size
        final Counters counters = new Counters(stale);
        assertTrue(stale.length() > 3, "a new, full-size counters file");
        assertEquals(Counters.PROCESS, counters.reader().getCounterTypeId(0));
        assertTrue(counters.reader().getCounterLabel(0).startsWith("process: "));
    }
}
