package io.jdpdk.pmd.flow;

import io.jdpdk.pmd.raw.FlowRaw;

/**
 * {@code enum rte_flow_error_type}: what a refused rule's {@code rte_flow_error.cause} points to. The constants are
 * in C's order, checked against the installed headers' last one ({@code RTE_FLOW_ERROR_TYPE_STATE}) at class load.
 */
public enum FlowErrorType
{
    /** No error. */
    NONE("no error"),
    /** Cause unspecified. */
    UNSPECIFIED("cause unspecified"),
    /** The flow rule (handle). */
    HANDLE("flow rule (handle)"),
    /** The group attribute. */
    ATTR_GROUP("group field"),
    /** The priority attribute. */
    ATTR_PRIORITY("priority field"),
    /** The ingress attribute. */
    ATTR_INGRESS("ingress field"),
    /** The egress attribute. */
    ATTR_EGRESS("egress field"),
    /** The transfer attribute. */
    ATTR_TRANSFER("transfer field"),
    /** The attributes structure. */
    ATTR("attributes structure"),
    /** The pattern's length. */
    ITEM_NUM("pattern length"),
    /** An item's spec. */
    ITEM_SPEC("item specification"),
    /** An item's last (range). */
    ITEM_LAST("item specification range"),
    /** An item's mask. */
    ITEM_MASK("item specification mask"),
    /** A pattern item. */
    ITEM("specific pattern item"),
    /** The number of actions. */
    ACTION_NUM("number of actions"),
    /** An action's configuration. */
    ACTION_CONF("action configuration"),
    /** An action. */
    ACTION("specific action"),
    /** The device's current state. */
    STATE("current device state");

    static
    {
        if (STATE.ordinal() != FlowRaw.ERROR_TYPE_STATE)
        {
            throw new IllegalStateException("enum rte_flow_error_type differs from jdpdk's FlowErrorType");
        }
    }

    private final String description;

    FlowErrorType(final String description)
    {
        this.description = description;
    }

    /**
     * The type's description, as testpmd words it for the types it knows.
     *
     * @return e.g. "specific action"
     */
    public String description()
    {
        return description;
    }

    /**
     * The constant for a C value.
     *
     * @param type {@code rte_flow_error.type}
     * @return the constant, or null for a value this DPDK does not define
     */
    public static FlowErrorType of(final int type)
    {
        final FlowErrorType[] all = values();
        return type >= 0 && type < all.length ? all[type] : null;
    }

    static String describe(final int type)
    {
        final FlowErrorType t = of(type);
        return t == null ? "unknown type " + type : t.description;
    }
}
