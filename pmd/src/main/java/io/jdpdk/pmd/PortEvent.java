package io.jdpdk.pmd;

/**
 * What ethdev tells an application about a port ({@code enum rte_eth_event_type}), delivered by {@link PortEvents}.
 * Each constant carries DPDK 22.11's value, which {@link PortEvents} checks against the installed headers before it
 * registers (so that the enum itself loads without DPDK, for command-line parsing), and the words testpmd prints for
 * it ({@code eth_event_desc}).
 */
public enum PortEvent
{
    /** {@code RTE_ETH_EVENT_UNKNOWN}. */
    UNKNOWN(0, "RTE_ETH_EVENT_UNKNOWN", "unknown"),
    /** {@code RTE_ETH_EVENT_INTR_LSC}: the link went up or down (see {@link Port#link()}). */
    LINK_STATE_CHANGE(1, "RTE_ETH_EVENT_INTR_LSC", "link state change"),
    /** {@code RTE_ETH_EVENT_QUEUE_STATE}: a queue's state changed (vhost). */
    QUEUE_STATE(2, "RTE_ETH_EVENT_QUEUE_STATE", "queue state"),
    /** {@code RTE_ETH_EVENT_INTR_RESET}: the device asks for {@link Port#reset()}. */
    RESET(3, "RTE_ETH_EVENT_INTR_RESET", "reset"),
    /** {@code RTE_ETH_EVENT_VF_MBOX}: a message from a virtual function. */
    VF_MBOX(4, "RTE_ETH_EVENT_VF_MBOX", "VF mbox"),
    /** {@code RTE_ETH_EVENT_MACSEC}. */
    MACSEC(5, "RTE_ETH_EVENT_MACSEC", "MACsec"),
    /** {@code RTE_ETH_EVENT_INTR_RMV}: the device is gone; close the port and detach it. */
    REMOVAL(6, "RTE_ETH_EVENT_INTR_RMV", "device removal"),
    /** {@code RTE_ETH_EVENT_NEW}: a port was probed (at run time: {@link Port#probe}); it is not configured yet. */
    NEW(7, "RTE_ETH_EVENT_NEW", "device probed"),
    /**
     * {@code RTE_ETH_EVENT_DESTROY}: the port is being released (closed or detached); once the listeners return, its
     * id names no port.
     */
    DESTROY(8, "RTE_ETH_EVENT_DESTROY", "device released"),
    /** {@code RTE_ETH_EVENT_IPSEC}. */
    IPSEC(9, "RTE_ETH_EVENT_IPSEC", "IPsec"),
    /** {@code RTE_ETH_EVENT_FLOW_AGED}: flow rules with an age action timed out. */
    FLOW_AGED(10, "RTE_ETH_EVENT_FLOW_AGED", "flow aged"),
    /** {@code RTE_ETH_EVENT_RX_AVAIL_THRESH}: an RX queue's free descriptors fell below its threshold. */
    RX_AVAIL_THRESH(11, "RTE_ETH_EVENT_RX_AVAIL_THRESH", "RxQ available descriptors threshold reached"),
    /** {@code RTE_ETH_EVENT_ERR_RECOVERING}: the driver is recovering from an error; the port does not forward. */
    ERR_RECOVERING(12, "RTE_ETH_EVENT_ERR_RECOVERING", "error recovering"),
    /** {@code RTE_ETH_EVENT_RECOVERY_SUCCESS}. */
    RECOVERY_SUCCESS(13, "RTE_ETH_EVENT_RECOVERY_SUCCESS", "error recovery successful"),
    /** {@code RTE_ETH_EVENT_RECOVERY_FAILED}: the port is unusable. */
    RECOVERY_FAILED(14, "RTE_ETH_EVENT_RECOVERY_FAILED", "error recovery failed");

    private static final PortEvent[] BY_VALUE = new PortEvent[values().length];

    static
    {
        for (final PortEvent event : values())
        {
            BY_VALUE[event.value] = event;
        }
    }

    private final int value;
    private final String constant;
    private final String description;

    PortEvent(final int value, final String constant, final String description)
    {
        this.value = value;
        this.constant = constant;
        this.description = description;
    }

    /**
     * DPDK's name of the event.
     *
     * @return e.g. {@code RTE_ETH_EVENT_INTR_LSC}
     */
    public String constant()
    {
        return constant;
    }

    /**
     * DPDK's value of the event.
     *
     * @return the {@code enum rte_eth_event_type} value
     */
    public int value()
    {
        return value;
    }

    /**
     * The event in testpmd's words ({@code eth_event_desc}), as in its "Port 0: link state change event".
     *
     * @return e.g. "link state change", "device removal"
     */
    public String description()
    {
        return description;
    }

    /**
     * The event of a DPDK value.
     *
     * @param value an {@code enum rte_eth_event_type} value
     * @return the event, or null for a value past those this DPDK defines
     */
    public static PortEvent of(final int value)
    {
        return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
    }
}
