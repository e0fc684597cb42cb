package io.jdpdk.pmd.flow;

import io.jdpdk.eal.Eal;
import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.pmd.raw.FlowRaw;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * A port's flow rules through DPDK's generic flow API (rte_flow): validate, create, destroy, flush, query and
 * isolate, each failure a {@link FlowException} carrying the PMD's {@code rte_flow_error}. Get one from
 * {@code Port.flows()}, which also destroys the port's rules when it closes, or {@link #forPortId} for a bare port
 * id. Control path only: calls are synchronized and may allocate (the exceptions and rule handles), the rules
 * themselves act in the NIC (or its PMD) with no cost to the datapath's Java code.
 */
public final class Flows
{
    private static final long ERROR_TYPE = FlowRaw.RTE_FLOW_ERROR.byteOffset(groupElement("type"));
    private static final long ERROR_CAUSE = FlowRaw.RTE_FLOW_ERROR.byteOffset(groupElement("cause"));
    private static final long ERROR_MESSAGE = FlowRaw.RTE_FLOW_ERROR.byteOffset(groupElement("message"));

    private final int portId;
    private final MemorySegment error;
    private final MemorySegment action;
    private final MemorySegment data;
    private final List<FlowRule> rules = new ArrayList<>();

    private Flows(final int portId)
    {
        this.portId = portId;
        final Arena arena = Arena.ofAuto();
        error = arena.allocate(FlowRaw.RTE_FLOW_ERROR);
        action = arena.allocate(FlowRaw.RTE_FLOW_ACTION.byteSize() * 2, 8);
        data = arena.allocate(64, 8);
    }

    /**
     * The flow API of a port id that jdpdk does not manage as a {@code Port} (or may not exist: DPDK then says
     * "No such device"). Rules created here are not destroyed when the port closes; the PMD's close does that.
     *
     * @param portId the ethdev port id
     * @return a new, empty rule set for it
     */
    public static Flows forPortId(final int portId)
    {
        return new Flows(portId);
    }

    /**
     * The port the rules are on.
     *
     * @return the port id
     */
    public int portId()
    {
        return portId;
    }

    /**
     * Asks the PMD whether it would accept the rule ({@code rte_flow_validate}).
     *
     * @param spec the rule
     * @throws FlowException with the PMD's reason if not
     */
    public synchronized void validate(final FlowSpec spec)
    {
        final String call = "rte_flow_validate(port=" + portId + ")";
        Eal.checkRunning(call);
        clearError();
        if (FlowRaw.validate(portId, spec.attr(), spec.pattern(), spec.actions(), error) != 0)
        {
            throw failure(call);
        }
    }

    /**
     * Creates the rule in the device ({@code rte_flow_create}). The spec may be reset and reused afterwards.
     *
     * @param spec the rule
     * @return its handle
     * @throws FlowException with the PMD's reason if refused
     */
    public synchronized FlowRule create(final FlowSpec spec)
    {
        final String call = "rte_flow_create(port=" + portId + ")";
        Eal.checkRunning(call);
        clearError();
        final long handle = FlowRaw.create(portId, spec.attr(), spec.pattern(), spec.actions(), error);
        if (handle == 0)
        {
            throw failure(call);
        }
        final FlowRule rule = new FlowRule(this, handle, spec);
        rules.add(rule);
        return rule;
    }

    /**
     * Destroys every rule of the port, also those created elsewhere ({@code rte_flow_flush}).
     *
     * @throws FlowException with the PMD's reason if it could not
     */
    public synchronized void flush()
    {
        final String call = "rte_flow_flush(port=" + portId + ")";
        Eal.checkRunning(call);
        clearError();
        final int rc = FlowRaw.flush(portId, error);
        forgetAll(); // testpmd forgets them too: after a failed flush their state is unknown
        if (rc != 0)
        {
            throw failure(call);
        }
    }

    /**
     * Restricts the port's ingress traffic to what rules match, or lifts that ({@code rte_flow_isolate}).
     *
     * @param on true to isolate
     * @throws FlowException with the PMD's reason if it could not
     */
    public synchronized void isolate(final boolean on)
    {
        final String call = "rte_flow_isolate(port=" + portId + ", " + (on ? 1 : 0) + ")";
        Eal.checkRunning(call);
        clearError();
        if (FlowRaw.isolate(portId, on ? 1 : 0, error) != 0)
        {
            throw failure(call);
        }
    }

    /**
     * The port through which this port's transfer rules (those for the embedded switch) are made
     * ({@code rte_flow_pick_transfer_proxy}): the port itself unless the driver names another.
     *
     * @return the proxy's port id
     * @throws FlowException with the reason when it cannot say (ENOSYS for a driver without rte_flow)
     */
    public synchronized int transferProxy()
    {
        final String call = "rte_flow_pick_transfer_proxy(port=" + portId + ")";
        Eal.checkRunning(call);
        clearError();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment proxy = arena.allocate(JAVA_SHORT);
            final int rc = FlowRaw.pick_transfer_proxy(portId, proxy, error);
            if (rc != 0)
            {
                throw failure(call, -rc); // its return, which a driver's error need not have put in rte_errno
            }
            return Short.toUnsignedInt(proxy.get(JAVA_SHORT, 0));
        }
    }

    /**
     * The rules created here and not yet destroyed, oldest first.
     *
     * @return a copy of the list
     */
    public synchronized List<FlowRule> rules()
    {
        return List.copyOf(rules);
    }

    /**
     * DPDK's name of a pattern item type ({@code rte_flow_conv}), as testpmd's {@code flow list} prints it.
     *
     * @param type {@code RTE_FLOW_ITEM_TYPE_*}
     * @return e.g. "IPV4", or null if DPDK does not know the type
     */
    public static String itemName(final int type)
    {
        return name(FlowRaw.CONV_OP_ITEM_NAME_PTR, type);
    }

    /**
     * DPDK's name of an action type ({@code rte_flow_conv}), as testpmd prints it.
     *
     * @param type {@code RTE_FLOW_ACTION_TYPE_*}
     * @return e.g. "QUEUE", or null if DPDK does not know the type
     */
    public static String actionName(final int type)
    {
        return name(FlowRaw.CONV_OP_ACTION_NAME_PTR, type);
    }

    @SuppressWarnings("restricted") // reinterpreting the const char * DPDK returns
    private static String name(final int op, final int type)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment ptr = arena.allocate(ADDRESS);
            if (FlowRaw.convName(op, ptr, type) <= 0)
            {
                return null;
            }
            return ptr.get(ADDRESS, 0).reinterpret(256).getString(0);
        }
    }

    // ---- for FlowRule --------------------------------------------------------------------------

    synchronized void destroy(final FlowRule rule)
    {
        final String call = "rte_flow_destroy(port=" + portId + ")";
        Eal.checkRunning(call);
        if (!rules.contains(rule))
        {
            throw new IllegalStateException("flow rule already destroyed: " + rule);
        }
        clearError();
        if (FlowRaw.destroy(portId, rule.handle(), error) != 0)
        {
            throw failure(call);
        }
        rules.remove(rule);
    }

    /** Queries one action type of a rule into {@link #data}, zeroed first except for {@code firstWord}. */
    synchronized MemorySegment query(final FlowRule rule, final FlowActionType type, final int firstWord)
    {
        final String call = "rte_flow_query(port=" + portId + ", " + type + ")";
        Eal.checkRunning(call);
        if (!rules.contains(rule))
        {
            throw new IllegalStateException("flow rule already destroyed: " + rule);
        }
        action.fill((byte)0); // no conf; the second action is END
        action.set(JAVA_INT, 0, type.type());
        data.fill((byte)0);
        data.set(JAVA_INT, 0, firstWord);
        clearError();
        if (FlowRaw.query(portId, rule.handle(), action, data, error) != 0)
        {
            throw failure(call);
        }
        return data;
    }

    /** When the port closes: its rules die with it (the PMD's close destroys them); flushed here as testpmd does. */
    public synchronized void releaseAll()
    {
        if (!rules.isEmpty() && Eal.isRunning())
        {
            clearError();
            FlowRaw.flush(portId, error); // a failure leaves nothing to do: the port is closing
        }
        forgetAll();
    }

    private void forgetAll()
    {
        for (final FlowRule rule : rules)
        {
            rule.markDestroyed();
        }
        rules.clear();
    }

    private void clearError()
    {
        error.fill((byte)0);
    }

    private FlowException failure(final String call)
    {
        return failure(call, EalRaw.errno());
    }

    @SuppressWarnings("restricted") // reading the PMD's const char * message
    private FlowException failure(final String call, final int errno)
    {
        final long message = error.get(JAVA_LONG, ERROR_MESSAGE);
        final String text = message == 0 ? null : MemorySegment.ofAddress(message).reinterpret(4096).getString(0);
        return new FlowException(call, errno, EalRaw.strerror(errno), error.get(JAVA_INT, ERROR_TYPE),
            error.get(JAVA_LONG, ERROR_CAUSE), text);
    }
}
