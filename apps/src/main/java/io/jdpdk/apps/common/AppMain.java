package io.jdpdk.apps.common;

import io.jdpdk.pmd.Port;

import java.io.PrintStream;

/**
 * The {@code main} of a sample app (skeleton, l2fwd, l3fwd, packet_ordering): DPDK's bindings start linking on
 * another thread ({@link Port#preload}) while the app parses its arguments, the app runs on standard output and
 * error, and a status other than 0 ends the process with that status ({@link System#exit}); 0 returns, and the JVM
 * ends as a C program's {@code main} returns.
 * <pre>{@code
 * public static void main(final String[] args)
 * {
 *     AppMain.run(args, L2fwd::run);
 * }
 * }</pre>
 */
public final class AppMain
{
    /** A sample app's whole run, its C {@code main}: the exit status from the command line and two streams. */
    @FunctionalInterface
    public interface App
    {
        /**
         * Runs the app.
         *
         * @param args EAL arguments, {@code --}, then the app's options
         * @param out  its standard output
         * @param err  its standard error
         * @return the exit status: 0, or 1 where the C app calls {@code rte_exit(EXIT_FAILURE, ...)}
         */
        int run(String[] args, PrintStream out, PrintStream err);
    }

    private AppMain()
    {
    }

    /**
     * Runs {@code app} on {@code args} with {@link System#out} and {@link System#err}; exits with its status when
     * that is not 0, else returns.
     *
     * @param args the command line
     * @param app  the app
     */
    public static void run(final String[] args, final App app)
    {
        Port.preload(); // DPDK's bindings link on another thread while the arguments are parsed
        final int code = app.run(args, System.out, System.err);
        if (code != 0)
        {
            System.exit(code);
        }
    }
}
