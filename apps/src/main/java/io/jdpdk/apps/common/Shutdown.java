package io.jdpdk.apps.common;

import io.jdpdk.eal.Signals;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (SIGINT, SIGTERM) for a forwarding app: the JVM's shutdown hook asks the app to stop and
 * then waits until the app has walked its own cleanup path (stop lcores, drain, close ports, free
 * pools, rte_eal_cleanup), so a signal loses no mbuf and flushes pcap files.
 * <p>
 * The app polls {@link #isRunning()} from its loop, calls {@link #requestStop()} to stop by itself,
 * and calls {@link #cleanedUp()} as the very last step.
 */
public final class Shutdown
{
    private static final long CLEANUP_WAIT_SECONDS = 10;

    private final CountDownLatch cleanedUp = new CountDownLatch(1);
    private final Thread hook;
    private volatile boolean running = true;
    private volatile boolean signalled;

    /**
     * Installs the JVM shutdown hook, and a SIGINT handler that exits with status 130 (so the hook runs), also when
     * SIGINT was ignored at start.
     */
    public Shutdown()
    {
        hook = new Thread(this::onSignal, "jdpdk-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        // Ctrl-C stops the app cleanly and exits 130, as C apps do, also when it was started in the
        // background by a script (SIGINT ignored at start).
        Signals.onInterrupt(() -> System.exit(130));
    }

    /**
     * Whether the app should keep going; from any thread.
     *
     * @return false once a stop was requested or a signal came
     */
    public boolean isRunning()
    {
        return running;
    }

    /** Asks the app's loops to stop. */
    public void requestStop()
    {
        running = false;
    }

    /**
     * Whether the stop came from a signal (then the JVM exits by itself once cleanup is done).
     *
     * @return true once the shutdown hook ran
     */
    public boolean signalled()
    {
        return signalled;
    }

    /**
     * Prints {@code String.format(format, signal number)} on {@code out} when SIGINT or SIGTERM comes, as a DPDK
     * sample's signal handler does, then lets the shutdown hook stop the loops and wait for the cleanup (exit
     * status 128 + signal).
     *
     * @param out    where the line goes, flushed at once
     * @param format the sample's text, with one {@code %d} for the signal number
     */
    public void announceSignals(final java.io.PrintStream out, final String format)
    {
        for (final String name : new String[] { "INT", "TERM" })
        {
            Signals.handle(name, number ->
            {
                out.printf(format, number);
                out.flush();
                System.exit(128 + number);
            });
        }
    }

    /** The app finished its cleanup; a waiting shutdown hook may let the JVM exit. */
    public void cleanedUp()
    {
        cleanedUp.countDown();
        if (!signalled)
        {
            try
            {
                Runtime.getRuntime().removeShutdownHook(hook);
            }
            catch (final IllegalStateException ignored)
            {
                // already shutting down
            }
        }
    }

    private void onSignal()
    {
        signalled = true;
        running = false;
        try
        {
            if (!cleanedUp.await(CLEANUP_WAIT_SECONDS, TimeUnit.SECONDS))
            {
                System.err.println("jdpdk: cleanup did not finish within " + CLEANUP_WAIT_SECONDS + " s");
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
