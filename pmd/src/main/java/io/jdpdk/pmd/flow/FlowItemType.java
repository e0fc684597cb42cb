package io.jdpdk.pmd.flow;

import io.jdpdk.pmd.raw.FlowRaw;

import java.lang.foreign.StructLayout;

/**
 * The pattern items jdpdk's flow API builds ({@code enum rte_flow_item_type}), each with testpmd's name for it and
 * the size of its spec struct ({@code struct rte_flow_item_*}), both as the installed headers define them.
 */
public enum FlowItemType
{
    /** Ethernet header: {@code dst}, {@code src}, {@code type}, {@code has_vlan}. */
    ETH("eth", FlowRaw.ITEM_ETH, FlowRaw.RTE_FLOW_ITEM_ETH),
    /** 802.1Q tag: {@code tci}, {@code pcp}, {@code dei}, {@code vid}, {@code inner_type}, {@code has_more_vlan}. */
    VLAN("vlan", FlowRaw.ITEM_VLAN, FlowRaw.RTE_FLOW_ITEM_VLAN),
    /** IPv4 header: {@code version_ihl}, {@code tos}, {@code packet_id}, {@code fragment_offset}, {@code ttl}, ... */
    IPV4("ipv4", FlowRaw.ITEM_IPV4, FlowRaw.RTE_FLOW_ITEM_IPV4),
    /** IPv6 header: {@code tc}, {@code flow}, {@code proto}, {@code hop}, {@code src}, {@code dst}, ... */
    IPV6("ipv6", FlowRaw.ITEM_IPV6, FlowRaw.RTE_FLOW_ITEM_IPV6),
    /** UDP header: {@code src}, {@code dst}. */
    UDP("udp", FlowRaw.ITEM_UDP, FlowRaw.RTE_FLOW_ITEM_UDP),
    /** TCP header: {@code src}, {@code dst}, {@code flags}. */
    TCP("tcp", FlowRaw.ITEM_TCP, FlowRaw.RTE_FLOW_ITEM_TCP);

    private final String testpmdName;
    private final int type;
    private final StructLayout spec;

    FlowItemType(final String testpmdName, final int type, final StructLayout spec)
    {
        this.testpmdName = testpmdName;
        this.type = type;
        this.spec = spec;
    }

    /**
     * The item's name in testpmd's flow grammar.
     *
     * @return e.g. "ipv4"
     */
    public String testpmdName()
    {
        return testpmdName;
    }

    /**
     * The C enumerator.
     *
     * @return {@code RTE_FLOW_ITEM_TYPE_*}'s value
     */
    public int type()
    {
        return type;
    }

    /**
     * The size of the item's spec (and last, and mask) struct.
     *
     * @return {@code sizeof(struct rte_flow_item_*)}
     */
    public long specSize()
    {
        return spec.byteSize();
    }

    /**
     * The item named so in testpmd's grammar.
     *
     * @param name e.g. "udp"
     * @return the item, or null if jdpdk has no such item
     */
    public static FlowItemType ofTestpmdName(final String name)
    {
        for (final FlowItemType t : values())
        {
            if (t.testpmdName.equals(name))
            {
                return t;
            }
        }
        return null;
    }
}
