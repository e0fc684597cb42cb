package io.jdpdk.eal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the kernel offers in hugepages, read from sysfs and /proc/mounts: enough for
 * {@link Eal#init} to say plainly why a hugepage-backed EAL cannot start, instead of DPDK's
 * "Cannot get hugepage information".
 */
public final class Hugepages
{
    private static final Path SYSFS = Path.of("/sys/kernel/mm/hugepages");
    private static final Path MOUNTS = Path.of("/proc/mounts");

    private Hugepages()
    {
    }

    /**
     * Bytes of hugepages reserved and still free, over all page sizes ({@code free_hugepages} in sysfs).
     *
     * @return the bytes, 0 when sysfs cannot be read
     */
    public static long freeBytes()
    {
        long total = 0;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(SYSFS, "hugepages-*kB"))
        {
            for (final Path dir : dirs)
            {
                final String name = dir.getFileName().toString();
                final long pageKb = Long.parseLong(name.substring("hugepages-".length(), name.length() - 2));
                final long free = Long.parseLong(Files.readString(dir.resolve("free_hugepages")).trim());
                total += free * pageKb * 1024;
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            return 0;
        }
        return total;
    }

    /**
     * Whether a hugetlbfs is mounted anywhere (DPDK finds page sizes through the mounts).
     *
     * @return true when /proc/mounts lists one; false also when it cannot be read
     */
    public static boolean mounted()
    {
        try
        {
            for (final String line : Files.readAllLines(MOUNTS))
            {
                final String[] fields = line.split(" ");
                if (fields.length > 2 && "hugetlbfs".equals(fields[2]))
                {
                    return true;
                }
            }
        }
        catch (final IOException ex)
        {
            return false;
        }
        return false;
    }

    /**
     * Why a hugepage-backed EAL cannot start, if it cannot.
     *
     * @return null when hugetlbfs is mounted and free hugepages are reserved, else which of the two is missing
     */
    public static String problem()
    {
        if (!mounted())
        {
            return "hugetlbfs is not mounted";
        }
        if (freeBytes() == 0)
        {
            return "no free hugepages are reserved";
        }
        return null;
    }
}
