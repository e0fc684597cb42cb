package io.jdpdk.pmd.flow;

import io.jdpdk.pmd.raw.FlowRaw;

/**
 * The actions jdpdk's flow API builds ({@code enum rte_flow_action_type}), with testpmd's name for each and the C
 * value the installed headers give it.
 */
public enum FlowActionType
{
    /** Does nothing; PMDs skip it. */
    VOID("void", FlowRaw.ACTION_VOID),
    /** Lets later rules of lower priority act on the packet too. */
    PASSTHRU("passthru", FlowRaw.ACTION_PASSTHRU),
    /** Continues matching in another group ({@link FlowSpec#jump}). */
    JUMP("jump", FlowRaw.ACTION_JUMP),
    /** Sets the mbuf's {@code hash.fdir.hi} and {@code RTE_MBUF_F_RX_FDIR_ID} ({@link FlowSpec#mark}). */
    MARK("mark", FlowRaw.ACTION_MARK),
    /** Sets {@code RTE_MBUF_F_RX_FDIR} on matching packets. */
    FLAG("flag", FlowRaw.ACTION_FLAG),
    /** Delivers to one RX queue ({@link FlowSpec#queue}). */
    QUEUE("queue", FlowRaw.ACTION_QUEUE),
    /** Drops the packet ({@link FlowSpec#drop}). */
    DROP("drop", FlowRaw.ACTION_DROP),
    /** Counts hits and bytes ({@link FlowSpec#count}, {@link FlowRule#queryCount}). */
    COUNT("count", FlowRaw.ACTION_COUNT),
    /** Spreads over RX queues by hash ({@link FlowSpec#rss}). */
    RSS("rss", FlowRaw.ACTION_RSS),
    /** Ages the rule out (query only through testpmd-like tools). */
    AGE("age", FlowRaw.ACTION_AGE);

    private final String testpmdName;
    private final int type;

    FlowActionType(final String testpmdName, final int type)
    {
        this.testpmdName = testpmdName;
        this.type = type;
    }

    /**
     * The action's name in testpmd's flow grammar.
     *
     * @return e.g. "queue"
     */
    public String testpmdName()
    {
        return testpmdName;
    }

    /**
     * The C enumerator.
     *
     * @return {@code RTE_FLOW_ACTION_TYPE_*}'s value
     */
    public int type()
    {
        return type;
    }

    /**
     * The action named so in testpmd's grammar.
     *
     * @param name e.g. "drop"
     * @return the action, or null if jdpdk has no such action
     */
    public static FlowActionType ofTestpmdName(final String name)
    {
        for (final FlowActionType t : values())
        {
            if (t.testpmdName.equals(name))
            {
                return t;
            }
        }
        return null;
    }
}
