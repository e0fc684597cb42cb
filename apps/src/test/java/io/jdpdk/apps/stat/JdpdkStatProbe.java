package io.jdpdk.apps.stat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs jdpdk-stat's code in this JVM against another process, as {@code apps/bin/jdpdk-stat PID -n 1} would. */
public final class JdpdkStatProbe
{
    private JdpdkStatProbe()
    {
    }

    /** One screen of {@code pid}'s counters. @throws AssertionError when jdpdk-stat fails */
    public static String once(final long pid)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = JdpdkStat.run(new String[] { Long.toString(pid), "--count", "1" },
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        if (code != 0)
        {
            throw new AssertionError("jdpdk-stat " + pid + " exited " + code + ": " + err.toString(StandardCharsets.UTF_8));
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
