package io.jdpdk.pmd.raw;

import io.jdpdk.eal.raw.LayoutCheck;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;

import static io.jdpdk.eal.raw.NativeLibrary.downcall;
import static io.jdpdk.eal.raw.NativeLibrary.rethrow;
import static java.lang.foreign.MemoryLayout.paddingLayout;
import static java.lang.foreign.MemoryLayout.sequenceLayout;
import static java.lang.foreign.MemoryLayout.structLayout;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * Raw binding of rte_flow ({@code rte_flow.h}, in librte_ethdev): the generic flow API's calls, the layouts of the
 * structs jdpdk fills (each checked against the installed headers when this class loads) and the enumerators it
 * uses, read from the headers through the shim. Bit-fields have no {@code offsetof}: they are padding here and
 * their bits are documented where they are set. Not for applications: use {@link io.jdpdk.pmd.flow.Flows}.
 */
@SuppressWarnings("restricted") // the raw binding: downcalls and C pointers
public final class FlowRaw
{
    /** {@code struct rte_flow_attr}: group, priority, then ingress (bit 0), egress (bit 1), transfer (bit 2). */
    public static final StructLayout RTE_FLOW_ATTR = LayoutCheck.verified("rte_flow_attr", structLayout(
        JAVA_INT.withName("group"),
        JAVA_INT.withName("priority"),
        JAVA_INT)); // ingress:1, egress:1, transfer:1, reserved:29

    /** {@code struct rte_flow_item}: a pattern item's type and its spec, last and mask pointers. */
    public static final StructLayout RTE_FLOW_ITEM = LayoutCheck.verified("rte_flow_item", structLayout(
        JAVA_INT.withName("type"),
        paddingLayout(4),
        ADDRESS.withName("spec"),
        ADDRESS.withName("last"),
        ADDRESS.withName("mask")));

    /** {@code struct rte_flow_action}: an action's type and its configuration pointer. */
    public static final StructLayout RTE_FLOW_ACTION = LayoutCheck.verified("rte_flow_action", structLayout(
        JAVA_INT.withName("type"),
        paddingLayout(4),
        ADDRESS.withName("conf")));

    /** {@code struct rte_flow_error}: what a PMD says of a refused rule. */
    public static final StructLayout RTE_FLOW_ERROR = LayoutCheck.verified("rte_flow_error", structLayout(
        JAVA_INT.withName("type"),
        paddingLayout(4),
        JAVA_LONG.withName("cause"),
        JAVA_LONG.withName("message")));

    /** {@code struct rte_flow_item_eth}: dst, src, type (network order), then has_vlan (bit 0 of a u32). */
    public static final StructLayout RTE_FLOW_ITEM_ETH = LayoutCheck.verified("rte_flow_item_eth", structLayout(
        sequenceLayout(6, JAVA_BYTE).withName("dst"),
        sequenceLayout(6, JAVA_BYTE).withName("src"),
        JAVA_SHORT.withName("type"),
        paddingLayout(2),
        JAVA_INT)); // has_vlan:1, reserved:31

    /** {@code struct rte_flow_item_vlan}: tci and inner_type (network order), then has_more_vlan (bit 0). */
    public static final StructLayout RTE_FLOW_ITEM_VLAN = LayoutCheck.verified("rte_flow_item_vlan", structLayout(
        JAVA_SHORT.withName("tci"),
        JAVA_SHORT.withName("inner_type"),
        JAVA_INT)); // has_more_vlan:1, reserved:31

    /** {@code struct rte_ipv4_hdr}, the whole of {@code struct rte_flow_item_ipv4}. */
    public static final StructLayout RTE_IPV4_HDR = LayoutCheck.verified("rte_ipv4_hdr", structLayout(
        JAVA_BYTE.withName("version_ihl"),
        JAVA_BYTE.withName("type_of_service"),
        JAVA_SHORT.withName("total_length"),
        JAVA_SHORT.withName("packet_id"),
        JAVA_SHORT.withName("fragment_offset"),
        JAVA_BYTE.withName("time_to_live"),
        JAVA_BYTE.withName("next_proto_id"),
        JAVA_SHORT.withName("hdr_checksum"),
        JAVA_INT.withName("src_addr"),
        JAVA_INT.withName("dst_addr")));

    /** {@code struct rte_flow_item_ipv4}. */
    public static final StructLayout RTE_FLOW_ITEM_IPV4 = LayoutCheck.verified("rte_flow_item_ipv4", structLayout(
        RTE_IPV4_HDR.withName("hdr")));

    /** {@code struct rte_ipv6_hdr}. */
    public static final StructLayout RTE_IPV6_HDR = LayoutCheck.verified("rte_ipv6_hdr", structLayout(
        JAVA_INT.withName("vtc_flow"),
        JAVA_SHORT.withName("payload_len"),
        JAVA_BYTE.withName("proto"),
        JAVA_BYTE.withName("hop_limits"),
        sequenceLayout(16, JAVA_BYTE).withName("src_addr"),
        sequenceLayout(16, JAVA_BYTE).withName("dst_addr")));

    /** {@code struct rte_flow_item_ipv6}: the header, then has_hop_ext (bit 0) to has_shim6_ext (bit 8). */
    public static final StructLayout RTE_FLOW_ITEM_IPV6 = LayoutCheck.verified("rte_flow_item_ipv6", structLayout(
        RTE_IPV6_HDR.withName("hdr"),
        JAVA_INT)); // has_*_ext bits, reserved:23

    /** {@code struct rte_udp_hdr}. */
    public static final StructLayout RTE_UDP_HDR = LayoutCheck.verified("rte_udp_hdr", structLayout(
        JAVA_SHORT.withName("src_port"),
        JAVA_SHORT.withName("dst_port"),
        JAVA_SHORT.withName("dgram_len"),
        JAVA_SHORT.withName("dgram_cksum")));

    /** {@code struct rte_flow_item_udp}. */
    public static final StructLayout RTE_FLOW_ITEM_UDP = LayoutCheck.verified("rte_flow_item_udp", structLayout(
        RTE_UDP_HDR.withName("hdr")));

    /** {@code struct rte_tcp_hdr}. */
    public static final StructLayout RTE_TCP_HDR = LayoutCheck.verified("rte_tcp_hdr", structLayout(
        JAVA_SHORT.withName("src_port"),
        JAVA_SHORT.withName("dst_port"),
        JAVA_INT.withName("sent_seq"),
        JAVA_INT.withName("recv_ack"),
        JAVA_BYTE.withName("data_off"),
        JAVA_BYTE.withName("tcp_flags"),
        JAVA_SHORT.withName("rx_win"),
        JAVA_SHORT.withName("cksum"),
        JAVA_SHORT.withName("tcp_urp")));

    /** {@code struct rte_flow_item_tcp}. */
    public static final StructLayout RTE_FLOW_ITEM_TCP = LayoutCheck.verified("rte_flow_item_tcp", structLayout(
        RTE_TCP_HDR.withName("hdr")));

    /** {@code struct rte_flow_action_queue}. */
    public static final StructLayout RTE_FLOW_ACTION_QUEUE = LayoutCheck.verified("rte_flow_action_queue",
        structLayout(JAVA_SHORT.withName("index")));

    /** {@code struct rte_flow_action_mark}. */
    public static final StructLayout RTE_FLOW_ACTION_MARK = LayoutCheck.verified("rte_flow_action_mark",
        structLayout(JAVA_INT.withName("id")));

    /** {@code struct rte_flow_action_count}. */
    public static final StructLayout RTE_FLOW_ACTION_COUNT = LayoutCheck.verified("rte_flow_action_count",
        structLayout(JAVA_INT.withName("id")));

    /** {@code struct rte_flow_action_jump}. */
    public static final StructLayout RTE_FLOW_ACTION_JUMP = LayoutCheck.verified("rte_flow_action_jump",
        structLayout(JAVA_INT.withName("group")));

    /** {@code struct rte_flow_action_rss}. */
    public static final StructLayout RTE_FLOW_ACTION_RSS = LayoutCheck.verified("rte_flow_action_rss", structLayout(
        JAVA_INT.withName("func"),
        JAVA_INT.withName("level"),
        JAVA_LONG.withName("types"),
        JAVA_INT.withName("key_len"),
        JAVA_INT.withName("queue_num"),
        ADDRESS.withName("key"),
        ADDRESS.withName("queue")));

    /** {@code struct rte_flow_query_count}: reset (bit 0), hits_set (bit 1), bytes_set (bit 2), hits, bytes. */
    public static final StructLayout RTE_FLOW_QUERY_COUNT = LayoutCheck.verified("rte_flow_query_count",
        structLayout(
            JAVA_INT, // reset:1, hits_set:1, bytes_set:1, reserved:29
            paddingLayout(4),
            JAVA_LONG.withName("hits"),
            JAVA_LONG.withName("bytes")));

    /**
     * {@code struct rte_flow_query_age}: one u32 of bit-fields, reserved (bits 0-5), aged (bit 6),
     * sec_since_last_hit_valid (bit 7) and sec_since_last_hit (bits 8-31).
     */
    public static final StructLayout RTE_FLOW_QUERY_AGE = LayoutCheck.verified("rte_flow_query_age", structLayout(
        JAVA_INT));

    /** {@code RTE_FLOW_ITEM_TYPE_END}. */
    public static final int ITEM_END = item("END");
    /** {@code RTE_FLOW_ITEM_TYPE_VOID}. */
    public static final int ITEM_VOID = item("VOID");
    /** {@code RTE_FLOW_ITEM_TYPE_ETH}. */
    public static final int ITEM_ETH = item("ETH");
    /** {@code RTE_FLOW_ITEM_TYPE_VLAN}. */
    public static final int ITEM_VLAN = item("VLAN");
    /** {@code RTE_FLOW_ITEM_TYPE_IPV4}. */
    public static final int ITEM_IPV4 = item("IPV4");
    /** {@code RTE_FLOW_ITEM_TYPE_IPV6}. */
    public static final int ITEM_IPV6 = item("IPV6");
    /** {@code RTE_FLOW_ITEM_TYPE_UDP}. */
    public static final int ITEM_UDP = item("UDP");
    /** {@code RTE_FLOW_ITEM_TYPE_TCP}. */
    public static final int ITEM_TCP = item("TCP");

    /** {@code RTE_FLOW_ACTION_TYPE_END}. */
    public static final int ACTION_END = action("END");
    /** {@code RTE_FLOW_ACTION_TYPE_VOID}. */
    public static final int ACTION_VOID = action("VOID");
    /** {@code RTE_FLOW_ACTION_TYPE_PASSTHRU}. */
    public static final int ACTION_PASSTHRU = action("PASSTHRU");
    /** {@code RTE_FLOW_ACTION_TYPE_JUMP}. */
    public static final int ACTION_JUMP = action("JUMP");
    /** {@code RTE_FLOW_ACTION_TYPE_MARK}. */
    public static final int ACTION_MARK = action("MARK");
    /** {@code RTE_FLOW_ACTION_TYPE_FLAG}. */
    public static final int ACTION_FLAG = action("FLAG");
    /** {@code RTE_FLOW_ACTION_TYPE_QUEUE}. */
    public static final int ACTION_QUEUE = action("QUEUE");
    /** {@code RTE_FLOW_ACTION_TYPE_DROP}. */
    public static final int ACTION_DROP = action("DROP");
    /** {@code RTE_FLOW_ACTION_TYPE_COUNT}. */
    public static final int ACTION_COUNT = action("COUNT");
    /** {@code RTE_FLOW_ACTION_TYPE_RSS}. */
    public static final int ACTION_RSS = action("RSS");
    /** {@code RTE_FLOW_ACTION_TYPE_AGE}. */
    public static final int ACTION_AGE = action("AGE");

    /** {@code RTE_FLOW_CONV_OP_ITEM_NAME_PTR}: an item type's name. */
    public static final int CONV_OP_ITEM_NAME_PTR = LayoutCheck.constant("rte_flow_conv_op",
        "RTE_FLOW_CONV_OP_ITEM_NAME_PTR");
    /** {@code RTE_FLOW_CONV_OP_ACTION_NAME_PTR}: an action type's name. */
    public static final int CONV_OP_ACTION_NAME_PTR = LayoutCheck.constant("rte_flow_conv_op",
        "RTE_FLOW_CONV_OP_ACTION_NAME_PTR");

    /** {@code RTE_FLOW_ERROR_TYPE_STATE}, the last error type of DPDK 22.11. */
    public static final int ERROR_TYPE_STATE = LayoutCheck.constant("rte_flow_error_type",
        "RTE_FLOW_ERROR_TYPE_STATE");

    private static final MethodHandle VALIDATE = downcall("rte_flow_validate",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle CREATE = downcall("rte_flow_create",
        FunctionDescriptor.of(JAVA_LONG, JAVA_SHORT, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle DESTROY = downcall("rte_flow_destroy",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_LONG, ADDRESS));
    private static final MethodHandle FLUSH = downcall("rte_flow_flush",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle QUERY = downcall("rte_flow_query",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_LONG, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle ISOLATE = downcall("rte_flow_isolate",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_INT, ADDRESS));
    private static final MethodHandle PICK_TRANSFER_PROXY = downcall("rte_flow_pick_transfer_proxy",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS, ADDRESS));
    private static final MethodHandle CONV = downcall("rte_flow_conv",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS));

    private FlowRaw()
    {
    }

    private static int item(final String name)
    {
        return LayoutCheck.constant("rte_flow_item_type", "RTE_FLOW_ITEM_TYPE_" + name);
    }

    private static int action(final String name)
    {
        return LayoutCheck.constant("rte_flow_action_type", "RTE_FLOW_ACTION_TYPE_" + name);
    }

    /**
     * {@code rte_flow_validate}: whether the device would accept the rule, without creating it.
     *
     * @param port the port id
     * @param attr a {@link #RTE_FLOW_ATTR}
     * @param pattern {@link #RTE_FLOW_ITEM}s ending with an END item
     * @param actions {@link #RTE_FLOW_ACTION}s ending with an END action
     * @param error a {@link #RTE_FLOW_ERROR} the PMD fills on failure
     * @return 0, or a negative errno (also in {@code rte_errno})
     */
    public static int validate(final int port, final MemorySegment attr, final MemorySegment pattern,
        final MemorySegment actions, final MemorySegment error)
    {
        try
        {
            return (int)VALIDATE.invokeExact((short)port, attr, pattern, actions, error);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_flow_create}.
     *
     * @param port the port id
     * @param attr a {@link #RTE_FLOW_ATTR}
     * @param pattern {@link #RTE_FLOW_ITEM}s ending with an END item
     * @param actions {@link #RTE_FLOW_ACTION}s ending with an END action
     * @param error a {@link #RTE_FLOW_ERROR} the PMD fills on failure
     * @return the rule's handle ({@code struct rte_flow *}), or 0 on failure ({@code rte_errno} set)
     */
    public static long create(final int port, final MemorySegment attr, final MemorySegment pattern,
        final MemorySegment actions, final MemorySegment error)
    {
        try
        {
            return (long)CREATE.invokeExact((short)port, attr, pattern, actions, error);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_flow_destroy}.
     *
     * @param port the port id
     * @param flow the handle {@link #create} returned
     * @param error a {@link #RTE_FLOW_ERROR} the PMD fills on failure
     * @return 0, or a negative errno
     */
    public static int destroy(final int port, final long flow, final MemorySegment error)
    {
        try
        {
            return (int)DESTROY.invokeExact((short)port, flow, error);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_flow_flush}: destroys every rule of the port.
     *
     * @param port the port id
     * @param error a {@link #RTE_FLOW_ERROR} the PMD fills on failure
     * @return 0, or a negative errno
     */
    public static int flush(final int port, final MemorySegment error)
    {
        try
        {
            return (int)FLUSH.invokeExact((short)port, error);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_flow_query}: reads what one action of a rule knows (COUNT: a {@link #RTE_FLOW_QUERY_COUNT}).
     *
     * @param port the port id
     * @param flow the rule's handle
     * @param action one {@link #RTE_FLOW_ACTION} of the rule
     * @param data the action's query struct, filled in
     * @param error a {@link #RTE_FLOW_ERROR} the PMD fills on failure
     * @return 0, or a negative errno
     */
    public static int query(final int port, final long flow, final MemorySegment action, final MemorySegment data,
        final MemorySegment error)
    {
        try
        {
            return (int)QUERY.invokeExact((short)port, flow, action, data, error);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_flow_pick_transfer_proxy} (experimental in 22.11): the port through which transfer rules for
     * {@code port} are made.
     *
     * @param port  the port id
     * @param proxy receives the proxy's port id (a {@code uint16_t})
     * @param error a {@code struct rte_flow_error}, or NULL
     * @return 0, or -errno (ENOSYS for a driver without rte_flow)
     */
    public static int pick_transfer_proxy(final int port, final MemorySegment proxy, final MemorySegment error)
    {
        try
        {
            return (int)PICK_TRANSFER_PROXY.invokeExact((short)port, proxy, error);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_flow_isolate}: whether only traffic matching rules reaches the port.
     *
     * @param port the port id
     * @param set 1 to isolate, 0 to stop isolating
     * @param error a {@link #RTE_FLOW_ERROR} the PMD fills on failure
     * @return 0, or a negative errno
     */
    public static int isolate(final int port, final int set, final MemorySegment error)
    {
        try
        {
            return (int)ISOLATE.invokeExact((short)port, set, error);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_flow_conv} for the name operations: stores a pointer to the item's or action's name (e.g. "ETH",
     * "QUEUE") in {@code dst}.
     *
     * @param op {@link #CONV_OP_ITEM_NAME_PTR} or {@link #CONV_OP_ACTION_NAME_PTR}
     * @param dst a pointer-sized segment receiving the {@code const char *}
     * @param type the item or action type, passed as the {@code src} pointer as rte_flow_conv expects
     * @return the name's length, or a negative errno for an unknown type
     */
    public static int convName(final int op, final MemorySegment dst, final int type)
    {
        try
        {
            return (int)CONV.invokeExact(op, dst, dst.byteSize(), (long)type, MemorySegment.NULL);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }
}
