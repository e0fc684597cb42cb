package io.jdpdk.eal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
        return !mounts().isEmpty();
    }

    /**
     * Where hugetlbfs is mounted: the directories in which DPDK keeps a primary's hugepage files
     * ({@code PREFIXmap_N}) unless it runs {@code --in-memory}.
     *
     * @return the mount points in /proc/mounts' order; empty when there is none or /proc/mounts cannot be read
     */
    public static List<Path> mounts()
    {
        final List<Path> mounts = new ArrayList<>();
        try
        {
            for (final String line : Files.readAllLines(MOUNTS))
            {
                final String[] fields = line.split(" ");
                if (fields.length > 2 && "hugetlbfs".equals(fields[2]))
                {
                    mounts.add(Path.of(fields[1]));
                }
            }
        }
        catch (final IOException ex)
        {
            return List.of();
        }
        return mounts;
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
