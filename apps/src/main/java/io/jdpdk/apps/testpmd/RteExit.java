package io.jdpdk.apps.testpmd;

/**
 * A failure on which testpmd calls {@code rte_exit} while it runs (not for a bad option): testpmd stops with exit
 * code 1 after {@code rte_exit}'s two lines, the message being their cause, and the EAL's cleanup closes the ports.
 */
final class RteExit extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param cause testpmd's words, the "  Cause: " line
     * @param dpdk DPDK's failure behind it, or null
     */
    RteExit(final String cause, final Throwable dpdk)
    {
        super(cause, dpdk);
    }
}
