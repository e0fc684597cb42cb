package io.jdpdk.apps.common;

import io.jdpdk.eal.DpdkException;
import io.jdpdk.pmd.LinkStatus;
import io.jdpdk.pmd.Port;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

import java.io.PrintStream;

/** The link-status wait DPDK's l2fwd and l3fwd do before forwarding, with their output. */
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
        boolean printFlag = false;
        for (int count = 0; count <= LINK_MAX_CHECK_TIME; count++)
        {
            if (!shutdown.isRunning())
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
                        out.printf("Port %d link get failed: %s%n", port.id(), ex.getMessage());
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
                out.print(".");
                out.flush();
                LINK_CHECK_PAUSE.idle();
            }
            if (allPortsUp || count == LINK_MAX_CHECK_TIME - 1)
            {
                printFlag = true;
                out.println("done");
            }
        }
    }
}
