package io.jdpdk.apps.common;

import io.jdpdk.eal.DpdkException;
import io.jdpdk.pmd.LinkStatus;
import io.jdpdk.pmd.Port;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

import java.io.PrintStream;
import java.util.function.BooleanSupplier;

/**
 * The link-status wait of DPDK's samples ({@code check_all_ports_link_status}) before forwarding, with their output:
 * l2fwd's and l3fwd's, and testpmd's.
 */
public final class LinkCheck
{
    /** CHECK_INTERVAL: 100 ms between looks at the links. */
    private static final IdleStrategy LINK_CHECK_PAUSE = new SleepingMillisIdleStrategy(100);
    private static final int LINK_MAX_CHECK_TIME = 90;

    private LinkCheck()
    {
    }

    /**
     * check_all_ports_link_status of l2fwd and l3fwd: "Checking link status", a dot every 100 ms until every port's
     * link is up (9 s at most), "done", then each port's link as rte_eth_link_to_str writes it. Returns at once when
     * a stop is requested.
     *
     * @param ports    the ports to check, by id (null entries skipped)
     * @param shutdown the app's shutdown
     * @param out      where to print
     */
    public static void checkAllPortsLinkStatus(final Port[] ports, final Shutdown shutdown, final PrintStream out)
    {
        out.print("\nChecking link status");
        out.flush();
        check(ports, shutdown::isRunning, false, out, out, ".", "done\n");
    }

    /**
     * testpmd's check_all_ports_link_status: "Checking link statuses..."; with LSC interrupts on (testpmd's default)
     * one look at the links, waiting 100 ms when one is down, and nothing more printed; without them
     * ({@code --no-lsc-interrupt}, {@code --tx-first}) testpmd waits for every link to be up (9 s at most), then
     * prints each port's link as rte_eth_link_to_str writes it, and on {@code err} why a link could not be read.
     *
     * @param ports        the ports to check (null entries skipped)
     * @param lscInterrupt testpmd's {@code lsc_interrupt}
     * @param out          where testpmd prints
     * @param err          where testpmd prints what failed
     */
    public static void testpmdCheck(final Port[] ports, final boolean lscInterrupt, final PrintStream out,
        final PrintStream err)
    {
        out.println("Checking link statuses...");
        out.flush();
        check(ports, () -> true, lscInterrupt, out, err, "", "");
    }

    /**
     * The loop both share: look at every link until all are up or 9 s have passed ({@code waiting} printed before
     * each 100 ms wait, {@code done} once), then print each port's link; with {@code oneLook}, end after the first
     * look (and its wait).
     */
    private static void check(final Port[] ports, final BooleanSupplier running, final boolean oneLook,
        final PrintStream out, final PrintStream failures, final String waiting, final String done)
    {
        boolean printFlag = false;
        for (int count = 0; count <= LINK_MAX_CHECK_TIME; count++)
        {
            if (!running.getAsBoolean())
            {
                return;
            }
            boolean allPortsUp = true;
            for (final Port port : ports)
            {
                if (port == null)
                {
                    continue;
                }
                LinkStatus link = null;
                try
                {
                    link = port.link();
                }
                catch (final DpdkException ex)
                {
                    allPortsUp = false;
                    if (printFlag)
                    {
                        failures.printf("Port %d link get failed: %s%n", port.id(), ex.reason());
                    }
                    continue;
                }
                if (printFlag)
                {
                    out.printf("Port %d %s%n", port.id(), link);
                    continue;
                }
                if (!link.up())
                {
                    allPortsUp = false;
                    break;
                }
            }
            if (printFlag)
            {
                break;
            }
            if (!allPortsUp)
            {
                out.print(waiting);
                out.flush();
                LINK_CHECK_PAUSE.idle();
            }
            if (allPortsUp || count == LINK_MAX_CHECK_TIME - 1)
            {
                printFlag = true;
                out.print(done);
            }
            if (oneLook)
            {
                break;
            }
        }
    }
}
