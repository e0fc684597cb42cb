package io.jdpdk.eal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HugepagesTest
{
    @Test
    void shouldListAHugetlbfsMountWhileItIsMountedAndNotAfter(@TempDir final Path dir) throws Exception
    {
        assertEquals(0, run("mount", "-t", "hugetlbfs", "nodev", dir.toString()), "mount (the tests run as root)");
        try
        {
            assertTrue(Hugepages.mounts().contains(dir), Hugepages.mounts().toString());
            assertTrue(Hugepages.mounted());
        }
        finally
        {
            assertEquals(0, run("umount", dir.toString()));
        }
        assertFalse(Hugepages.mounts().contains(dir), Hugepages.mounts().toString());
    }

    private static int run(final String... command) throws Exception
    {
        return new ProcessBuilder(command).inheritIO().start().waitFor();
    }
}
