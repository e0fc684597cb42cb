package io.jdpdk.pmd.flow;

import io.jdpdk.eal.DpdkException;

/**
 * An rte_flow call failed: carries what the PMD put in {@code struct rte_flow_error} (its type, the address of the
 * object it blames and its message) besides the call and {@code rte_errno} with DPDK's text for it. The message
 * reads "call: PMD message (error type): rte_strerror".
 */
public final class FlowException extends DpdkException
{
    private static final long serialVersionUID = 1L;

    private final int errorType;
    private final long causeAddress;
    private final String pmdMessage;
    private final String errnoText;

    /**
     * A refused flow call.
     *
     * @param call the call with its port
     * @param errno {@code rte_errno} after the call, positive
     * @param strerror DPDK's text for it
     * @param errorType {@code rte_flow_error.type}
     * @param causeAddress {@code rte_flow_error.cause}, 0 for none
     * @param pmdMessage {@code rte_flow_error.message}, or null when the PMD gave none
     */
    public FlowException(final String call, final int errno, final String strerror, final int errorType,
        final long causeAddress, final String pmdMessage)
    {
        super(call, errno, (pmdMessage == null ? "(no stated reason)" : pmdMessage) + " (" +
            FlowErrorType.describe(errorType) + "): " + strerror);
        this.errorType = errorType;
        this.causeAddress = causeAddress;
        this.pmdMessage = pmdMessage;
        this.errnoText = strerror;
    }

    /**
     * DPDK's text for {@link #errno()} ({@code rte_strerror(rte_errno)}).
     *
     * @return e.g. "Function not implemented"
     */
    public String errnoText()
    {
        return errnoText;
    }

    /**
     * What the PMD blames.
     *
     * @return {@code rte_flow_error.type} ({@code RTE_FLOW_ERROR_TYPE_*}); see {@link FlowErrorType#of}
     */
    public int errorType()
    {
        return errorType;
    }

    /**
     * The address of the object the PMD blames (an item, an action, the attributes), for matching against the
     * rule's own memory.
     *
     * @return {@code rte_flow_error.cause}, 0 for none
     */
    public long causeAddress()
    {
        return causeAddress;
    }

    /**
     * The PMD's own words.
     *
     * @return {@code rte_flow_error.message}, or null when it gave none
     */
    public String pmdMessage()
    {
        return pmdMessage;
    }
}
