package io.jdpdk.mempool.header;

import java.util.Locale;

/** Prints how many executions a fuzz test made, for the Surefire output file and the console. */
final class FuzzReport
{
    private FuzzReport()
    {
    }

    static void print(final String test, final FuzzTarget target, final long startNanos)
    {
        final double seconds = (System.nanoTime() - startNanos) / 1e9;
        final String line = String.format(Locale.ROOT,
            "jdpdk-fuzz: %s: %d executions (%d parsed OK) in %.1f s, %.0f exec/s", test, target.executions(),
            target.okResults(), seconds, target.executions() / Math.max(seconds, 1e-9));
        System.out.println(line);
        System.err.println(line);
    }
}
