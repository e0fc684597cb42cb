package io.jdpdk.apps.stat;

import io.jdpdk.eal.Counters;
import org.agrona.concurrent.status.CountersReader;

import java.io.File;
import java.io.PrintStream;

/**
 * Prints the counters of a running jdpdk process from its counters file, without touching its data
 * path (Aeron's AeronStat for jdpdk): {@code apps/bin/jdpdk-stat [PID]}. With no PID, every
 * jdpdk process's counters found in /dev/shm.
 */
public final class JdpdkStat
{
    private JdpdkStat()
    {
    }

    public static void main(final String[] args)
    {
        final File[] files;
        if (args.length > 0)
        {
            try
            {
                files = new File[] { Counters.fileOf(Long.parseLong(args[0])) };
            }
            catch (final NumberFormatException ex)
            {
                System.err.println("jdpdk-stat: PID expected, got " + args[0]);
                System.exit(1);
                return;
            }
        }
        else
        {
            final File[] found = Counters.fileOf(0).getParentFile()
                .listFiles((dir, name) -> name.startsWith("jdpdk-") && name.endsWith(".counters"));
            files = found == null ? new File[0] : found;
        }
        if (files.length == 0 || !files[0].exists())
        {
            System.err.println("jdpdk-stat: no jdpdk counters file found" +
                (args.length > 0 ? " for PID " + args[0] + " (" + files[0] + ")" : " in " + Counters.fileOf(0).getParent()));
            System.exit(1);
        }
        for (final File file : files)
        {
            print(file, System.out);
        }
    }

    /** Prints one counters file: id, type, value, label. */
    public static void print(final File file, final PrintStream out)
    {
        out.println(file.getName() + ":");
        final CountersReader reader = Counters.reader(file);
        reader.forEach((value, id, label) -> out.printf("%4d %3d %20d %s%n", id, reader.getCounterTypeId(id), value, label));
    }
}
