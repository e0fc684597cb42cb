package io.jdpdk.apps.common;

import java.io.PrintStream;

/**
 * DPDK's {@code rte_exit(EXIT_FAILURE, cause)} for the samples' control path: thrown where the C sample calls it,
 * caught in the app's {@code run}, which then prints what {@code rte_exit} prints ({@link #print}) and returns
 * exit status 1 once it has cleaned up (C's {@code rte_exit} cleans up nothing).
 */
public final class RteExit extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * An exit with DPDK's cause text.
     *
     * @param cause the text {@code rte_exit} would print after "Cause: "
     */
    public RteExit(final String cause)
    {
        super(cause, null, false, false);
    }

    /**
     * Prints "EAL: Error - exiting with code: 1" and the cause on {@code err}, as {@code rte_exit} does, after
     * flushing what {@code out} holds.
     *
     * @param out   the app's standard output, flushed first so that the lines keep their order
     * @param err   where the error goes
     * @param cause the cause
     * @return 1, the exit status
     */
    public static int print(final PrintStream out, final PrintStream err, final String cause)
    {
        out.flush();
        err.print("EAL: Error - exiting with code: 1\n  Cause: " + cause + "\n");
        err.flush();
        return 1;
    }

    /**
     * As {@link #print(PrintStream, PrintStream, String)}, after jdpdk's own line on what failed, "APP: DETAIL"
     * (e.g. DPDK's error text, which the C sample leaves to DPDK's log), also on {@code err}.
     *
     * @param out    the app's standard output, flushed before the cause
     * @param err    where both lines go
     * @param app    the app's name, e.g. "skeleton"
     * @param detail what failed
     * @param cause  the C sample's cause
     * @return 1, the exit status
     */
    public static int print(final PrintStream out, final PrintStream err, final String app, final Exception detail,
        final String cause)
    {
        err.println(app + ": " + detail.getMessage());
        return print(out, err, cause);
    }
}
