package io.jdpdk.pmd.flow;

import io.jdpdk.pmd.raw.FlowRaw;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * A flow rule being written: attributes, a pattern of items and a list of actions, kept in native memory as
 * {@code rte_flow_validate}/{@code rte_flow_create} take them ({@code struct rte_flow_attr}, an END-terminated
 * {@code struct rte_flow_item} array, an END-terminated {@code struct rte_flow_action} array and the specs, masks
 * and configurations they point to). The memory is allocated once, by the constructor; {@link #reset} empties the
 * spec for the next rule, so building rules allocates nothing.
 * <p>
 * Items follow testpmd's semantics: an item without fields matches any header of its kind (NULL spec);
 * {@link #is} sets a field's value and matches all of its bits; {@link #spec} sets the value only, leaving the
 * PMD's default mask unless a mask is given; {@link #mask} and {@link #prefix} set the mask; {@link #last} the end
 * of a range. Field calls apply to the last item added.
 * <pre>{@code
 * try (FlowSpec rule = new FlowSpec())
 * {
 *     rule.ingress().eth().ipv4().udp().is(FlowField.UDP_DST, 53).queue(1);
 *     FlowRule dns = port.flows().create(rule);
 * }
 * }</pre>
 * Not thread-safe; a control-path object (its memory is shared, so any thread may use it in turn).
 */
public final class FlowSpec implements AutoCloseable
{
    /** The most pattern items of one rule (END excluded). */
    public static final int MAX_ITEMS = 32;
    /** The most actions of one rule (END excluded). */
    public static final int MAX_ACTIONS = 32;
    /** The most queues of an RSS action (testpmd's {@code ACTION_RSS_QUEUE_NUM}). */
    public static final int MAX_RSS_QUEUES = 128;
    /** The longest RSS key. */
    public static final int MAX_RSS_KEY = 64;

    private static final long ITEM_DATA = 64; // >= the largest item struct (ipv6: 44)
    private static final long ACTION_CONF = 64; // >= the largest action conf (rss: 40)
    private static final long ITEM_SIZE = FlowRaw.RTE_FLOW_ITEM.byteSize();
    private static final long ACTION_SIZE = FlowRaw.RTE_FLOW_ACTION.byteSize();
    private static final long ITEM_SPEC = FlowRaw.RTE_FLOW_ITEM.byteOffset(groupElement("spec"));
    private static final long ITEM_LAST = FlowRaw.RTE_FLOW_ITEM.byteOffset(groupElement("last"));
    private static final long ITEM_MASK = FlowRaw.RTE_FLOW_ITEM.byteOffset(groupElement("mask"));
    private static final long ACTION_CONF_PTR = FlowRaw.RTE_FLOW_ACTION.byteOffset(groupElement("conf"));
    private static final long ATTR_GROUP = FlowRaw.RTE_FLOW_ATTR.byteOffset(groupElement("group"));
    private static final long ATTR_PRIORITY = FlowRaw.RTE_FLOW_ATTR.byteOffset(groupElement("priority"));
    private static final long ATTR_BITS = ATTR_PRIORITY + 4;
    private static final int INGRESS = 1;
    private static final int EGRESS = 1 << 1;
    private static final int TRANSFER = 1 << 2;

    private final Arena arena = Arena.ofShared();
    private final MemorySegment attr;
    private final MemorySegment items;
    private final MemorySegment actions;
    private final MemorySegment itemData;
    private final MemorySegment actionConf;
    private final MemorySegment rssQueues;
    private final MemorySegment rssKey;
    private final FlowItemType[] itemTypes = new FlowItemType[MAX_ITEMS];
    private final FlowActionType[] actionTypes = new FlowActionType[MAX_ACTIONS];
    private int itemCount;
    private int actionCount;
    private boolean hasRss;

    /** An empty rule: no attributes, no items, no actions. */
    public FlowSpec()
    {
        attr = arena.allocate(FlowRaw.RTE_FLOW_ATTR);
        items = arena.allocate(ITEM_SIZE * (MAX_ITEMS + 1), 8);
        actions = arena.allocate(ACTION_SIZE * (MAX_ACTIONS + 1), 8);
        itemData = arena.allocate(ITEM_DATA * 3 * MAX_ITEMS, 8);
        actionConf = arena.allocate(ACTION_CONF * MAX_ACTIONS, 8);
        rssQueues = arena.allocate(2L * MAX_RSS_QUEUES, 8);
        rssKey = arena.allocate(MAX_RSS_KEY, 8);
        reset();
    }

    /**
     * Empties the rule (attributes, items and actions, with their memory zeroed) for the next one.
     *
     * @return this
     */
    public FlowSpec reset()
    {
        attr.fill((byte)0);
        items.fill((byte)0); // type 0 is END: an empty pattern is a terminated one
        actions.fill((byte)0);
        itemData.fill((byte)0);
        actionConf.fill((byte)0);
        rssQueues.fill((byte)0);
        rssKey.fill((byte)0);
        itemCount = 0;
        actionCount = 0;
        hasRss = false;
        return this;
    }

    // ---- attributes ----------------------------------------------------------------------------

    /**
     * The rule applies to received packets.
     *
     * @return this
     */
    public FlowSpec ingress()
    {
        return attrBit(INGRESS);
    }

    /**
     * The rule applies to transmitted packets.
     *
     * @return this
     */
    public FlowSpec egress()
    {
        return attrBit(EGRESS);
    }

    /**
     * The rule applies in the embedded switch ({@code transfer}).
     *
     * @return this
     */
    public FlowSpec transfer()
    {
        return attrBit(TRANSFER);
    }

    private FlowSpec attrBit(final int bit)
    {
        attr.set(JAVA_INT, ATTR_BITS, attr.get(JAVA_INT, ATTR_BITS) | bit);
        return this;
    }

    /**
     * The rule's group (0 is the root group that every packet starts in).
     *
     * @param group an unsigned 32-bit group number
     * @return this
     */
    public FlowSpec group(final int group)
    {
        attr.set(JAVA_INT, ATTR_GROUP, group);
        return this;
    }

    /**
     * The rule's priority within its group (0 is the highest).
     *
     * @param priority an unsigned 32-bit priority
     * @return this
     */
    public FlowSpec priority(final int priority)
    {
        attr.set(JAVA_INT, ATTR_PRIORITY, priority);
        return this;
    }

    /**
     * The group attribute.
     *
     * @return the group, unsigned
     */
    public int group()
    {
        return attr.get(JAVA_INT, ATTR_GROUP);
    }

    /**
     * The priority attribute.
     *
     * @return the priority, unsigned
     */
    public int priority()
    {
        return attr.get(JAVA_INT, ATTR_PRIORITY);
    }

    /**
     * The direction attributes.
     *
     * @return bit 0 ingress, bit 1 egress, bit 2 transfer
     */
    public int directions()
    {
        return attr.get(JAVA_INT, ATTR_BITS) & (INGRESS | EGRESS | TRANSFER);
    }

    // ---- pattern -------------------------------------------------------------------------------

    /**
     * Appends a pattern item with no spec: it matches any such header until a field is set.
     *
     * @param type the item
     * @return this
     * @throws IllegalStateException past {@link #MAX_ITEMS} items
     */
    public FlowSpec item(final FlowItemType type)
    {
        if (itemCount == MAX_ITEMS)
        {
            throw new IllegalStateException("a flow rule has at most " + MAX_ITEMS + " pattern items");
        }
        items.set(JAVA_INT, itemCount * ITEM_SIZE, type.type());
        itemTypes[itemCount++] = type;
        return this;
    }

    /**
     * Appends an Ethernet item.
     *
     * @return this
     */
    public FlowSpec eth()
    {
        return item(FlowItemType.ETH);
    }

    /**
     * Appends a VLAN item.
     *
     * @return this
     */
    public FlowSpec vlan()
    {
        return item(FlowItemType.VLAN);
    }

    /**
     * Appends an IPv4 item.
     *
     * @return this
     */
    public FlowSpec ipv4()
    {
        return item(FlowItemType.IPV4);
    }

    /**
     * Appends an IPv6 item.
     *
     * @return this
     */
    public FlowSpec ipv6()
    {
        return item(FlowItemType.IPV6);
    }

    /**
     * Appends a UDP item.
     *
     * @return this
     */
    public FlowSpec udp()
    {
        return item(FlowItemType.UDP);
    }

    /**
     * Appends a TCP item.
     *
     * @return this
     */
    public FlowSpec tcp()
    {
        return item(FlowItemType.TCP);
    }

    /**
     * Matches a field of the last item exactly: sets it in the spec and all of its bits in the mask
     * (testpmd's {@code is}).
     *
     * @param field a field of the last item
     * @param value the value, in host order (written in network order)
     * @return this
     * @throws IllegalArgumentException if the field is not the last item's, takes an address, or the value does
     *         not fit
     */
    public FlowSpec is(final FlowField field, final long value)
    {
        field.writeNumber(data(field, ITEM_SPEC), value);
        field.fill(data(field, ITEM_MASK));
        return this;
    }

    /**
     * Matches a field of the last item exactly, the value given as text (testpmd's {@code is}): an integer
     * (decimal, 0x hex, 0 octal), a MAC {@code aa:bb:cc:dd:ee:ff}, an IPv4 or IPv6 address.
     *
     * @param field a field of the last item
     * @param value the value as text
     * @return this
     * @throws IllegalArgumentException if the field is not the last item's or the text is not a value of it
     */
    public FlowSpec is(final FlowField field, final String value)
    {
        field.writeText(data(field, ITEM_SPEC), value);
        field.fill(data(field, ITEM_MASK));
        return this;
    }

    /**
     * Sets a field in the spec only; the mask stays the PMD's default unless set (testpmd's {@code spec}).
     *
     * @param field a field of the last item
     * @param value the value as text, as for {@link #is(FlowField, String)}
     * @return this
     */
    public FlowSpec spec(final FlowField field, final String value)
    {
        field.writeText(data(field, ITEM_SPEC), value);
        return this;
    }

    /**
     * Sets a field's upper bound (inclusive) of a range starting at its spec (testpmd's {@code last}).
     *
     * @param field a field of the last item
     * @param value the value as text, as for {@link #is(FlowField, String)}
     * @return this
     */
    public FlowSpec last(final FlowField field, final String value)
    {
        field.writeText(data(field, ITEM_LAST), value);
        return this;
    }

    /**
     * Sets a field's mask (testpmd's {@code mask}).
     *
     * @param field a field of the last item
     * @param value the mask as text, as for {@link #is(FlowField, String)}
     * @return this
     */
    public FlowSpec mask(final FlowField field, final String value)
    {
        field.writeText(data(field, ITEM_MASK), value);
        return this;
    }

    /**
     * Sets a field's mask to its first {@code bits} bits (testpmd's {@code prefix}), e.g. 24 for a /24.
     *
     * @param field a field of the last item
     * @param bits the prefix length
     * @return this
     */
    public FlowSpec prefix(final FlowField field, final int bits)
    {
        field.prefix(data(field, ITEM_MASK), bits);
        return this;
    }

    /** The last item's spec, last or mask struct for a field, pointed to from the item from now on. */
    private MemorySegment data(final FlowField field, final long which)
    {
        if (itemCount == 0 || itemTypes[itemCount - 1] != field.item())
        {
            throw new IllegalArgumentException(field + " is not a field of the last item (" +
                (itemCount == 0 ? "none" : itemTypes[itemCount - 1]) + ")");
        }
        final int index = itemCount - 1;
        final long slot = which == ITEM_SPEC ? 0 : which == ITEM_LAST ? 1 : 2;
        final MemorySegment struct = itemData.asSlice((index * 3L + slot) * ITEM_DATA, field.item().specSize());
        items.set(ADDRESS, index * ITEM_SIZE + which, struct);
        return struct;
    }

    /**
     * The number of pattern items.
     *
     * @return items added since the last reset
     */
    public int itemCount()
    {
        return itemCount;
    }

    /**
     * A pattern item's type.
     *
     * @param index 0 to {@link #itemCount()} - 1
     * @return its type
     */
    public FlowItemType itemType(final int index)
    {
        return itemTypes[java.util.Objects.checkIndex(index, itemCount)];
    }

    // ---- actions -------------------------------------------------------------------------------

    /**
     * Appends a QUEUE action: matching packets go to this RX queue.
     *
     * @param index the RX queue
     * @return this
     */
    public FlowSpec queue(final int index)
    {
        actionConf(FlowActionType.QUEUE).set(JAVA_SHORT, 0, (short)index);
        return this;
    }

    /**
     * Appends a DROP action.
     *
     * @return this
     */
    public FlowSpec drop()
    {
        return action(FlowActionType.DROP);
    }

    /**
     * Appends a PASSTHRU action.
     *
     * @return this
     */
    public FlowSpec passthru()
    {
        return action(FlowActionType.PASSTHRU);
    }

    /**
     * Appends a FLAG action.
     *
     * @return this
     */
    public FlowSpec flag()
    {
        return action(FlowActionType.FLAG);
    }

    /**
     * Appends a VOID action.
     *
     * @return this
     */
    public FlowSpec voidAction()
    {
        return action(FlowActionType.VOID);
    }

    /**
     * Appends a MARK action: matching packets carry this id in the mbuf's {@code hash.fdir.hi}.
     *
     * @param id the mark
     * @return this
     */
    public FlowSpec mark(final int id)
    {
        actionConf(FlowActionType.MARK).set(JAVA_INT, 0, id);
        return this;
    }

    /**
     * Appends a COUNT action with counter id 0, as testpmd's {@code count} does.
     *
     * @return this
     */
    public FlowSpec count()
    {
        return count(0);
    }

    /**
     * Appends a COUNT action.
     *
     * @param id the counter id (shared counters use the same id)
     * @return this
     */
    public FlowSpec count(final int id)
    {
        actionConf(FlowActionType.COUNT).set(JAVA_INT, 0, id);
        return this;
    }

    /**
     * Appends a JUMP action.
     *
     * @param group the group matching continues in
     * @return this
     */
    public FlowSpec jump(final int group)
    {
        actionConf(FlowActionType.JUMP).set(JAVA_INT, 0, group);
        return this;
    }

    /**
     * Appends an RSS action: matching packets are spread over {@code queues} by a hash of the {@code types}
     * fields.
     *
     * @param function {@code RTE_ETH_HASH_FUNCTION_*} (0 is the PMD's default)
     * @param level 0 for the PMD's default, 1 outermost headers, 2 and more inner ones
     * @param types {@code RTE_ETH_RSS_*} bits
     * @param key the hash key, or null for the PMD's
     * @param queues the RX queues, at most {@link #MAX_RSS_QUEUES}
     * @return this
     * @throws IllegalArgumentException for a second RSS action, too many queues or too long a key
     */
    public FlowSpec rss(final int function, final int level, final long types, final byte[] key, final int... queues)
    {
        if (hasRss)
        {
            throw new IllegalArgumentException("one RSS action per rule");
        }
        if (queues.length > MAX_RSS_QUEUES || (key != null && key.length > MAX_RSS_KEY))
        {
            throw new IllegalArgumentException("an RSS action takes at most " + MAX_RSS_QUEUES + " queues and a " +
                MAX_RSS_KEY + "-byte key");
        }
        final MemorySegment conf = actionConf(FlowActionType.RSS);
        hasRss = true;
        for (int i = 0; i < queues.length; i++)
        {
            rssQueues.set(JAVA_SHORT, 2L * i, (short)queues[i]);
        }
        conf.set(JAVA_INT, rss("func"), function);
        conf.set(JAVA_INT, rss("level"), level);
        conf.set(JAVA_LONG, rss("types"), types);
        conf.set(JAVA_INT, rss("queue_num"), queues.length);
        conf.set(ADDRESS, rss("queue"), rssQueues);
        if (key != null)
        {
            MemorySegment.copy(key, 0, rssKey, JAVA_BYTE, 0, key.length);
            conf.set(JAVA_INT, rss("key_len"), key.length);
            conf.set(ADDRESS, rss("key"), rssKey);
        }
        return this;
    }

    private static long rss(final String field)
    {
        return FlowRaw.RTE_FLOW_ACTION_RSS.byteOffset(groupElement(field));
    }

    private FlowSpec action(final FlowActionType type)
    {
        if (actionCount == MAX_ACTIONS)
        {
            throw new IllegalStateException("a flow rule has at most " + MAX_ACTIONS + " actions");
        }
        actions.set(JAVA_INT, actionCount * ACTION_SIZE, type.type());
        actionTypes[actionCount++] = type;
        return this;
    }

    private MemorySegment actionConf(final FlowActionType type)
    {
        action(type);
        final int index = actionCount - 1;
        final MemorySegment conf = actionConf.asSlice(index * ACTION_CONF, ACTION_CONF);
        actions.set(ADDRESS, index * ACTION_SIZE + ACTION_CONF_PTR, conf);
        return conf;
    }

    /**
     * The number of actions.
     *
     * @return actions added since the last reset
     */
    public int actionCount()
    {
        return actionCount;
    }

    /**
     * An action's type.
     *
     * @param index 0 to {@link #actionCount()} - 1
     * @return its type
     */
    public FlowActionType actionType(final int index)
    {
        return actionTypes[java.util.Objects.checkIndex(index, actionCount)];
    }

    // ---- for Flows -----------------------------------------------------------------------------

    MemorySegment attr()
    {
        return attr;
    }

    MemorySegment pattern()
    {
        return items;
    }

    MemorySegment actions()
    {
        return actions;
    }

    /** Frees the native memory. */
    @Override
    public void close()
    {
        arena.close();
    }
}
