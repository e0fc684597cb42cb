package io.jdpdk.pmd.flow;

import io.jdpdk.pmd.raw.FlowRaw;

import java.lang.foreign.MemorySegment;
import java.util.List;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * A flow rule created in a device ({@link Flows#create}): its handle, what it was made of (attributes, item and
 * action types, for listing) and its destroy and query calls. Invalid once destroyed, flushed or its port closed.
 */
public final class FlowRule
{
    private static final int QUERY_RESET = 1;
    private static final int QUERY_HITS_SET = 1 << 1;
    private static final int QUERY_BYTES_SET = 1 << 2;

    private final Flows flows;
    private final long handle;
    private final int group;
    private final int priority;
    private final int directions;
    private final List<FlowItemType> items;
    private final List<FlowActionType> actions;
    private volatile boolean destroyed;

    FlowRule(final Flows flows, final long handle, final FlowSpec spec)
    {
        this.flows = flows;
        this.handle = handle;
        this.group = spec.group();
        this.priority = spec.priority();
        this.directions = spec.directions();
        final FlowItemType[] it = new FlowItemType[spec.itemCount()];
        for (int i = 0; i < it.length; i++)
        {
            it[i] = spec.itemType(i);
        }
        final FlowActionType[] ac = new FlowActionType[spec.actionCount()];
        for (int i = 0; i < ac.length; i++)
        {
            ac[i] = spec.actionType(i);
        }
        items = List.of(it);
        actions = List.of(ac);
    }

    long handle()
    {
        return handle;
    }

    void markDestroyed()
    {
        destroyed = true;
    }

    /**
     * Destroys the rule in the device ({@code rte_flow_destroy}).
     *
     * @throws FlowException with the PMD's reason if it could not
     * @throws IllegalStateException if already destroyed
     */
    public void destroy()
    {
        flows.destroy(this);
        destroyed = true;
    }

    /**
     * Whether the rule is gone: destroyed, flushed, or its port closed.
     *
     * @return true once it no longer exists in the device
     */
    public boolean isDestroyed()
    {
        return destroyed;
    }

    /**
     * Reads the rule's COUNT action ({@code rte_flow_query}).
     *
     * @param reset whether the PMD should zero the counters after reading them
     * @return hits and bytes, with which of them the PMD sets
     * @throws FlowException if the rule has no COUNT action or the PMD cannot query it
     */
    public FlowCount queryCount(final boolean reset)
    {
        final MemorySegment q = flows.query(this, FlowActionType.COUNT, reset ? QUERY_RESET : 0);
        final int bits = q.get(JAVA_INT, 0);
        return new FlowCount((bits & QUERY_HITS_SET) != 0, (bits & QUERY_BYTES_SET) != 0,
            q.get(JAVA_LONG, FlowRaw.RTE_FLOW_QUERY_COUNT.byteOffset(groupElement("hits"))),
            q.get(JAVA_LONG, FlowRaw.RTE_FLOW_QUERY_COUNT.byteOffset(groupElement("bytes"))));
    }

    /**
     * Reads the rule's AGE action ({@code rte_flow_query}, {@code struct rte_flow_query_age}).
     *
     * @return bit 6 aged, bit 7 seconds valid, bits 8-31 seconds since the last hit: the C bit-field word
     * @throws FlowException if the rule has no AGE action or the PMD cannot query it
     */
    public int queryAge()
    {
        return flows.query(this, FlowActionType.AGE, 0).get(JAVA_INT, 0);
    }

    /**
     * Reads the rule's RSS action as the PMD applies it ({@code rte_flow_query} of a
     * {@code struct rte_flow_action_rss}).
     *
     * @return the hash function, level, types and queues
     * @throws FlowException if the rule has no RSS action or the PMD cannot query it
     */
    @SuppressWarnings("restricted") // the PMD's queue array, queue_num entries long
    public FlowRss queryRss()
    {
        final MemorySegment q = flows.query(this, FlowActionType.RSS, 0);
        final int n = q.get(JAVA_INT, rss("queue_num"));
        final MemorySegment array = q.get(ADDRESS, rss("queue")).reinterpret(2L * n);
        final int[] queues = new int[array.address() == 0 ? 0 : n];
        for (int i = 0; i < queues.length; i++)
        {
            queues[i] = Short.toUnsignedInt(array.getAtIndex(JAVA_SHORT, i));
        }
        return new FlowRss(q.get(JAVA_INT, rss("func")), q.get(JAVA_INT, rss("level")),
            q.get(JAVA_LONG, rss("types")), queues);
    }

    private static long rss(final String field)
    {
        return FlowRaw.RTE_FLOW_ACTION_RSS.byteOffset(groupElement(field));
    }

    /**
     * The group it was created in.
     *
     * @return the group, unsigned
     */
    public int group()
    {
        return group;
    }

    /**
     * Its priority.
     *
     * @return the priority, unsigned
     */
    public int priority()
    {
        return priority;
    }

    /**
     * Its direction attributes.
     *
     * @return bit 0 ingress, bit 1 egress, bit 2 transfer
     */
    public int directions()
    {
        return directions;
    }

    /**
     * Its pattern's item types, in order.
     *
     * @return the item types
     */
    public List<FlowItemType> items()
    {
        return items;
    }

    /**
     * Its action types, in order.
     *
     * @return the action types
     */
    public List<FlowActionType> actions()
    {
        return actions;
    }

    @Override
    public String toString()
    {
        return "FlowRule[port=" + flows.portId() + ", group=" + Integer.toUnsignedString(group) + ", priority=" +
            Integer.toUnsignedString(priority) + ", " + items + " => " + actions + (destroyed ? ", destroyed]" : "]");
    }
}
