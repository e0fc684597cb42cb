package io.jdpdk.pmd.raw;

import io.jdpdk.eal.raw.LayoutCheck;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;

import static io.jdpdk.eal.raw.NativeLibrary.critical;
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
 * Raw binding of librte_ethdev, its fast path through the shim ({@code jdpdk_rx_burst},
 * {@code jdpdk_tx_burst}), and the layouts of the ethdev structs jdpdk reads or fills, each checked
 * against the installed headers when this class loads. Port ids are {@code uint16_t} in C and
 * {@code short} here. Not for applications: use {@link io.jdpdk.pmd.Port}.
 */
@SuppressWarnings("restricted") // the raw binding: downcalls and C pointers
public final class EthdevRaw
{
    /** {@code RTE_ETHDEV_QUEUE_STAT_CNTRS}. */
    public static final int QUEUE_STAT_CNTRS = 16;
    /** {@code RTE_MAX_ETHPORTS} of Debian's build. */
    public static final int MAX_ETHPORTS = 32;

    /** {@code RTE_ETH_DEV_INTR_LSC} of {@code dev_flags}: the device raises link state change interrupts. */
    public static final int DEV_INTR_LSC = 0x0002;

    /** {@code RTE_ETH_DEV_INTR_RMV} of {@code dev_flags}: the device raises removal interrupts. */
    public static final int DEV_INTR_RMV = 0x0008;
    /** {@code RTE_ETH_XSTATS_NAME_SIZE}. */
    public static final int XSTATS_NAME_SIZE = 64;

    /** {@code struct rte_eth_stats}: the basic counters, then {@link #QUEUE_STAT_CNTRS} per-queue ones of each kind. */
    public static final StructLayout RTE_ETH_STATS = LayoutCheck.verified("rte_eth_stats", structLayout(
        JAVA_LONG.withName("ipackets"),
        JAVA_LONG.withName("opackets"),
        JAVA_LONG.withName("ibytes"),
        JAVA_LONG.withName("obytes"),
        JAVA_LONG.withName("imissed"),
        JAVA_LONG.withName("ierrors"),
        JAVA_LONG.withName("oerrors"),
        JAVA_LONG.withName("rx_nombuf"),
        sequenceLayout(QUEUE_STAT_CNTRS, JAVA_LONG).withName("q_ipackets"),
        sequenceLayout(QUEUE_STAT_CNTRS, JAVA_LONG).withName("q_opackets"),
        sequenceLayout(QUEUE_STAT_CNTRS, JAVA_LONG).withName("q_ibytes"),
        sequenceLayout(QUEUE_STAT_CNTRS, JAVA_LONG).withName("q_obytes"),
        sequenceLayout(QUEUE_STAT_CNTRS, JAVA_LONG).withName("q_errors")));

    /** {@code struct rte_eth_fc_conf}: a port's link flow control (IEEE 802.3x pause frames). */
    public static final StructLayout RTE_ETH_FC_CONF = LayoutCheck.verified("rte_eth_fc_conf", structLayout(
        JAVA_INT.withName("high_water"),
        JAVA_INT.withName("low_water"),
        JAVA_SHORT.withName("pause_time"),
        JAVA_SHORT.withName("send_xon"),
        JAVA_INT.withName("mode"),
        JAVA_BYTE.withName("mac_ctrl_frame_fwd"),
        JAVA_BYTE.withName("autoneg"),
        paddingLayout(2)));

    /** {@code RTE_ETH_RETA_GROUP_SIZE}: redirection table entries per {@link #RTE_ETH_RSS_RETA_ENTRY64}. */
    public static final int RETA_GROUP_SIZE = 64;

    /** {@code struct rte_eth_rss_reta_entry64}: which of 64 redirection table entries count, and their queues. */
    public static final StructLayout RTE_ETH_RSS_RETA_ENTRY64 = LayoutCheck.verified("rte_eth_rss_reta_entry64",
        structLayout(
            JAVA_LONG.withName("mask"),
            sequenceLayout(RETA_GROUP_SIZE, JAVA_SHORT).withName("reta")));

    /** {@code struct rte_eth_desc_lim}: a device's descriptor limits per queue. */
    public static final StructLayout RTE_ETH_DESC_LIM = LayoutCheck.verified("rte_eth_desc_lim", structLayout(
        JAVA_SHORT.withName("nb_max"),
        JAVA_SHORT.withName("nb_min"),
        JAVA_SHORT.withName("nb_align"),
        JAVA_SHORT.withName("nb_seg_max"),
        JAVA_SHORT.withName("nb_mtu_seg_max")));

    /** {@code struct rte_eth_dev_portconf}: a PMD's recommended burst size, ring size and queue count (0: none). */
    public static final StructLayout RTE_ETH_DEV_PORTCONF = LayoutCheck.verified("rte_eth_dev_portconf",
        structLayout(
            JAVA_SHORT.withName("burst_size"),
            JAVA_SHORT.withName("ring_size"),
            JAVA_SHORT.withName("nb_queues")));

    /** {@code struct rte_eth_thresh}: a queue's prefetch, host and write-back threshold registers. */
    private static final StructLayout THRESH = structLayout(
        JAVA_BYTE.withName("pthresh"), JAVA_BYTE.withName("hthresh"), JAVA_BYTE.withName("wthresh"));

    /** {@code struct rte_eth_rxconf}: the fields jdpdk reads of an RX queue's configuration. */
    public static final StructLayout RTE_ETH_RXCONF = LayoutCheck.verified("rte_eth_rxconf", structLayout(
        THRESH.withName("rx_thresh"),
        paddingLayout(1),
        JAVA_SHORT.withName("rx_free_thresh"),
        JAVA_BYTE.withName("rx_drop_en"),
        JAVA_BYTE.withName("rx_deferred_start"),
        JAVA_SHORT.withName("rx_nseg"),
        paddingLayout(6), // share_group, share_qid
        JAVA_LONG.withName("offloads"),
        ADDRESS.withName("rx_seg"),
        ADDRESS.withName("rx_mempools"),
        JAVA_SHORT.withName("rx_nmempool"),
        paddingLayout(38))); // reserved

    /** {@code struct rte_eth_rxseg_split}: one segment of an RX queue's buffer split ({@code rx_conf.rx_seg}). */
    public static final StructLayout RTE_ETH_RXSEG_SPLIT = LayoutCheck.verified("rte_eth_rxseg_split", structLayout(
        ADDRESS.withName("mp"),
        JAVA_SHORT.withName("length"),
        JAVA_SHORT.withName("offset"),
        JAVA_INT.withName("proto_hdr")));

    /** {@code sizeof(union rte_eth_rxseg)}: the stride of {@code rx_conf.rx_seg}'s array, its first member the split. */
    public static final long RTE_ETH_RXSEG_SIZE = LayoutCheck.cLayout("rte_eth_rxseg", null);

    /** {@code struct rte_eth_txconf}: the fields jdpdk reads of a TX queue's configuration. */
    public static final StructLayout RTE_ETH_TXCONF = LayoutCheck.verified("rte_eth_txconf", structLayout(
        THRESH.withName("tx_thresh"),
        paddingLayout(1),
        JAVA_SHORT.withName("tx_rs_thresh"),
        JAVA_SHORT.withName("tx_free_thresh"),
        JAVA_BYTE.withName("tx_deferred_start"),
        paddingLayout(7),
        JAVA_LONG.withName("offloads"),
        paddingLayout(32))); // reserved

    /** {@code struct rte_eth_rxq_info} ({@code rte_eth_rx_queue_info_get}). */
    public static final StructLayout RTE_ETH_RXQ_INFO = LayoutCheck.verified("rte_eth_rxq_info", structLayout(
        ADDRESS.withName("mp"),
        RTE_ETH_RXCONF.withName("conf"),
        JAVA_BYTE.withName("scattered_rx"),
        JAVA_BYTE.withName("queue_state"),
        JAVA_SHORT.withName("nb_desc"),
        JAVA_SHORT.withName("rx_buf_size"),
        JAVA_BYTE.withName("avail_thresh"),
        paddingLayout(33))); // cache-line alignment

    /** {@code struct rte_eth_txq_info} ({@code rte_eth_tx_queue_info_get}). */
    public static final StructLayout RTE_ETH_TXQ_INFO = LayoutCheck.verified("rte_eth_txq_info", structLayout(
        RTE_ETH_TXCONF.withName("conf"),
        JAVA_SHORT.withName("nb_desc"),
        JAVA_BYTE.withName("queue_state"),
        paddingLayout(5)));

    /** The fields of {@code struct rte_eth_dev_info} jdpdk reads; padding stands for the rest. */
    public static final StructLayout RTE_ETH_DEV_INFO = LayoutCheck.verified("rte_eth_dev_info", structLayout(
        JAVA_LONG.withName("device"),
        JAVA_LONG.withName("driver_name"),
        JAVA_INT.withName("if_index"),
        JAVA_SHORT.withName("min_mtu"),
        JAVA_SHORT.withName("max_mtu"),
        JAVA_LONG.withName("dev_flags"), // const uint32_t *: the device's RTE_ETH_DEV_* flags
        JAVA_INT.withName("min_rx_bufsize"),
        JAVA_INT.withName("max_rx_pktlen"),
        JAVA_INT.withName("max_lro_pkt_size"),
        JAVA_SHORT.withName("max_rx_queues"),
        JAVA_SHORT.withName("max_tx_queues"),
        JAVA_INT.withName("max_mac_addrs"),
        JAVA_INT.withName("max_hash_mac_addrs"),
        JAVA_SHORT.withName("max_vfs"),
        JAVA_SHORT.withName("max_vmdq_pools"),
        paddingLayout(12), // rx_seg_capa
        JAVA_LONG.withName("rx_offload_capa"),
        JAVA_LONG.withName("tx_offload_capa"),
        JAVA_LONG.withName("rx_queue_offload_capa"),
        JAVA_LONG.withName("tx_queue_offload_capa"),
        JAVA_SHORT.withName("reta_size"),
        JAVA_BYTE.withName("hash_key_size"),
        paddingLayout(5),
        JAVA_LONG.withName("flow_type_rss_offloads"),
        RTE_ETH_RXCONF.withName("default_rxconf"),
        RTE_ETH_TXCONF.withName("default_txconf"),
        paddingLayout(6), // vmdq_*
        RTE_ETH_DESC_LIM.withName("rx_desc_lim"),
        RTE_ETH_DESC_LIM.withName("tx_desc_lim"),
        paddingLayout(2),
        JAVA_INT.withName("speed_capa"),
        JAVA_SHORT.withName("nb_rx_queues"),
        JAVA_SHORT.withName("nb_tx_queues"),
        JAVA_SHORT.withName("max_rx_mempools"),
        RTE_ETH_DEV_PORTCONF.withName("default_rxportconf"),
        RTE_ETH_DEV_PORTCONF.withName("default_txportconf"),
        paddingLayout(6),
        JAVA_LONG.withName("dev_capa"),
        structLayout(JAVA_LONG.withName("name"), JAVA_SHORT.withName("domain_id"), JAVA_SHORT.withName("port_id"),
            JAVA_SHORT.withName("rx_domain"), paddingLayout(2)).withName("switch_info"),
        JAVA_INT.withName("err_handle_mode"),
        paddingLayout(36))); // reserved

    /** {@code struct rte_eth_rxmode}: the RX multi-queue mode, MTU and offloads of {@link #RTE_ETH_CONF}. */
    public static final StructLayout RTE_ETH_RXMODE = LayoutCheck.verified("rte_eth_rxmode", structLayout(
        JAVA_INT.withName("mq_mode"),
        JAVA_INT.withName("mtu"),
        JAVA_INT.withName("max_lro_pkt_size"),
        paddingLayout(4),
        JAVA_LONG.withName("offloads"),
        paddingLayout(32))); // reserved

    /** {@code struct rte_eth_txmode}: the TX multi-queue mode and offloads of {@link #RTE_ETH_CONF}. */
    public static final StructLayout RTE_ETH_TXMODE = LayoutCheck.verified("rte_eth_txmode", structLayout(
        JAVA_INT.withName("mq_mode"),
        paddingLayout(4),
        JAVA_LONG.withName("offloads"),
        paddingLayout(40))); // pvid and flags, reserved

    /** {@code struct rte_eth_rss_conf}: the RSS key and hash functions ({@code rss_hf}, {@code RTE_ETH_RSS_*}). */
    public static final StructLayout RTE_ETH_RSS_CONF = LayoutCheck.verified("rte_eth_rss_conf", structLayout(
        JAVA_LONG.withName("rss_key"),
        JAVA_BYTE.withName("rss_key_len"),
        paddingLayout(7),
        JAVA_LONG.withName("rss_hf")));

    /** {@code struct rte_eth_conf}; of rx_adv_conf only its first member, rss_conf, is laid out. */
    public static final StructLayout RTE_ETH_CONF = LayoutCheck.verified("rte_eth_conf", structLayout(
        JAVA_INT.withName("link_speeds"),
        paddingLayout(4),
        RTE_ETH_RXMODE.withName("rxmode"),
        RTE_ETH_TXMODE.withName("txmode"),
        JAVA_INT.withName("lpbk_mode"),
        paddingLayout(4),
        RTE_ETH_RSS_CONF.withName("rx_adv_conf"),
        paddingLayout(2112), // rest of rx_adv_conf, tx_adv_conf, dcb_capability_en
        JAVA_INT.withName("intr_conf"),
        paddingLayout(4)));

    /** {@code struct rte_eth_link}: link_speed, then the duplex/autoneg/status bit-fields in one u16. */
    public static final StructLayout RTE_ETH_LINK = LayoutCheck.verified("rte_eth_link", structLayout(
        JAVA_INT.withName("link_speed"),
        JAVA_SHORT, // link_duplex:1, link_autoneg:1, link_status:1 (bit-fields have no offsetof)
        paddingLayout(2)));

    /** {@code struct rte_eth_xstat}: an extended statistic's id (its index among the names) and value. */
    public static final StructLayout RTE_ETH_XSTAT = LayoutCheck.verified("rte_eth_xstat", structLayout(
        JAVA_LONG.withName("id"),
        JAVA_LONG.withName("value")));

    /** {@code struct rte_eth_xstat_name}: a NUL-terminated name of up to {@link #XSTATS_NAME_SIZE} bytes. */
    public static final StructLayout RTE_ETH_XSTAT_NAME = LayoutCheck.verified("rte_eth_xstat_name", structLayout(
        sequenceLayout(XSTATS_NAME_SIZE, JAVA_BYTE).withName("name")));

    /** {@code struct rte_ether_addr}: six bytes in network order. */
    public static final StructLayout RTE_ETHER_ADDR = LayoutCheck.verified("rte_ether_addr", structLayout(
        sequenceLayout(6, JAVA_BYTE).withName("addr_bytes")));

    /** {@code RTE_ETH_MQ_RX_RSS}. */
    public static final int ETH_MQ_RX_RSS = 1;

    private static final MethodHandle RX_BURST = critical("jdpdk_rx_burst",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT));
    private static final MethodHandle TX_BURST = critical("jdpdk_tx_burst",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT));
    private static final MethodHandle TX_BURST_OR_FREE = critical("jdpdk_tx_burst_or_free",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT));
    private static final MethodHandle TX_PREPARE = critical("jdpdk_tx_prepare",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT));

    private static final MethodHandle DEV_COUNT_AVAIL = downcall("rte_eth_dev_count_avail", FunctionDescriptor.of(JAVA_SHORT));
    private static final MethodHandle FIND_NEXT = downcall("rte_eth_find_next", FunctionDescriptor.of(JAVA_SHORT, JAVA_SHORT));
    private static final MethodHandle FIND_NEXT_OF = downcall("rte_eth_find_next_of",
        FunctionDescriptor.of(JAVA_SHORT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle IS_VALID_PORT = downcall("rte_eth_dev_is_valid_port", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle GET_PORT_BY_NAME = downcall("rte_eth_dev_get_port_by_name",
        FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle GET_NAME_BY_PORT = downcall("rte_eth_dev_get_name_by_port",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle INFO_GET = downcall("rte_eth_dev_info_get", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle CONFIGURE = downcall("rte_eth_dev_configure",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle ADJUST_DESC = downcall("rte_eth_dev_adjust_nb_rx_tx_desc",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS, ADDRESS));
    private static final MethodHandle RX_QUEUE_SETUP = downcall("rte_eth_rx_queue_setup",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT, JAVA_SHORT, JAVA_INT, ADDRESS, JAVA_LONG));
    private static final MethodHandle TX_QUEUE_SETUP = downcall("rte_eth_tx_queue_setup",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT, JAVA_SHORT, JAVA_INT, ADDRESS));
    private static final MethodHandle START = downcall("rte_eth_dev_start", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle STOP = downcall("rte_eth_dev_stop", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle CLOSE = downcall("rte_eth_dev_close", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle RESET = downcall("rte_eth_dev_reset", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle FLOW_CTRL_GET = downcall("rte_eth_dev_flow_ctrl_get",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle FLOW_CTRL_SET = downcall("rte_eth_dev_flow_ctrl_set",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle RX_DESCRIPTOR_STATUS = downcall("jdpdk_rx_descriptor_status",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT));
    private static final MethodHandle TX_DESCRIPTOR_STATUS = downcall("jdpdk_tx_descriptor_status",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT));
    private static final MethodHandle RX_QUEUE_COUNT = downcall("jdpdk_rx_queue_count",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
    private static final MethodHandle CALLBACK_REGISTER = downcall("rte_eth_dev_callback_register",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle CALLBACK_UNREGISTER = downcall("rte_eth_dev_callback_unregister",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle RETA_UPDATE = downcall("rte_eth_dev_rss_reta_update",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS, JAVA_SHORT));
    private static final MethodHandle RETA_QUERY = downcall("rte_eth_dev_rss_reta_query",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS, JAVA_SHORT));
    private static final MethodHandle SOCKET_ID = downcall("rte_eth_dev_socket_id", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle PROMISC_ENABLE = downcall("rte_eth_promiscuous_enable", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle PROMISC_DISABLE = downcall("rte_eth_promiscuous_disable", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle PROMISC_GET = downcall("rte_eth_promiscuous_get", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle LINK_GET_NOWAIT = downcall("rte_eth_link_get_nowait", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle DEV_CONF_GET = downcall("rte_eth_dev_conf_get",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle RSS_HASH_CONF_GET = downcall("rte_eth_dev_rss_hash_conf_get",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle RSS_HASH_UPDATE = downcall("rte_eth_dev_rss_hash_update",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle RX_QUEUE_INFO_GET = downcall("rte_eth_rx_queue_info_get",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle TX_QUEUE_INFO_GET = downcall("rte_eth_tx_queue_info_get",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle RX_BURST_MODE_GET = downcall("rte_eth_rx_burst_mode_get",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle TX_BURST_MODE_GET = downcall("rte_eth_tx_burst_mode_get",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle GET_SUPPORTED_PTYPES = downcall("rte_eth_dev_get_supported_ptypes",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle SET_PTYPES = downcall("rte_eth_dev_set_ptypes",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle LINK_SPEED_TO_STR = downcall("rte_eth_link_speed_to_str",
        FunctionDescriptor.of(ADDRESS.withTargetLayout(sequenceLayout(64, JAVA_BYTE)), JAVA_INT));
    private static final MethodHandle STATS_GET = downcall("rte_eth_stats_get", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle STATS_RESET = downcall("rte_eth_stats_reset", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle XSTATS_GET_NAMES = downcall("rte_eth_xstats_get_names",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS, JAVA_INT));
    private static final MethodHandle XSTATS_GET = downcall("rte_eth_xstats_get",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS, JAVA_INT));
    private static final MethodHandle XSTATS_RESET = downcall("rte_eth_xstats_reset", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle MACADDR_GET = downcall("rte_eth_macaddr_get", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle GET_MTU = downcall("rte_eth_dev_get_mtu", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle SET_MTU = downcall("rte_eth_dev_set_mtu", FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT));
    private static final MethodHandle ALLMULTICAST_GET = downcall("rte_eth_allmulticast_get",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle ALLMULTICAST_ENABLE = downcall("rte_eth_allmulticast_enable",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle ALLMULTICAST_DISABLE = downcall("rte_eth_allmulticast_disable",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle MAC_ADDR_ADD = downcall("rte_eth_dev_mac_addr_add",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS, JAVA_INT));
    private static final MethodHandle MAC_ADDR_REMOVE = downcall("rte_eth_dev_mac_addr_remove",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle DEFAULT_MAC_ADDR_SET = downcall("rte_eth_dev_default_mac_addr_set",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle MACADDRS_GET = downcall("rte_eth_macaddrs_get",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS, JAVA_INT));
    private static final MethodHandle SET_MC_ADDR_LIST = downcall("rte_eth_dev_set_mc_addr_list",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS, JAVA_INT));
    private static final MethodHandle GET_EEPROM_LENGTH = downcall("rte_eth_dev_get_eeprom_length",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle GET_EEPROM = downcall("rte_eth_dev_get_eeprom",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle GET_MODULE_INFO = downcall("rte_eth_dev_get_module_info",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle GET_MODULE_EEPROM = downcall("rte_eth_dev_get_module_eeprom",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle RX_QUEUE_START = downcall("rte_eth_dev_rx_queue_start",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT));
    private static final MethodHandle RX_QUEUE_STOP = downcall("rte_eth_dev_rx_queue_stop",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT));
    private static final MethodHandle TX_QUEUE_START = downcall("rte_eth_dev_tx_queue_start",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT));
    private static final MethodHandle TX_QUEUE_STOP = downcall("rte_eth_dev_tx_queue_stop",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT));
    private static final MethodHandle SET_RX_QUEUE_STATS_MAPPING = downcall("rte_eth_dev_set_rx_queue_stats_mapping",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT, JAVA_BYTE));
    private static final MethodHandle SET_TX_QUEUE_STATS_MAPPING = downcall("rte_eth_dev_set_tx_queue_stats_mapping",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT, JAVA_BYTE));
    private static final MethodHandle TX_DONE_CLEANUP = downcall("rte_eth_tx_done_cleanup",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT, JAVA_INT));
    private static final MethodHandle SET_QUEUE_RATE_LIMIT = downcall("rte_eth_set_queue_rate_limit",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT, JAVA_INT));
    private static final MethodHandle RX_AVAIL_THRESH_SET = downcall("rte_eth_rx_avail_thresh_set",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT, JAVA_BYTE));
    private static final MethodHandle UC_ALL_HASH_TABLE_SET = downcall("rte_eth_dev_uc_all_hash_table_set",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_BYTE));
    private static final MethodHandle UC_HASH_TABLE_SET = downcall("rte_eth_dev_uc_hash_table_set",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS, JAVA_BYTE));
    private static final MethodHandle SET_LINK_UP = downcall("rte_eth_dev_set_link_up",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle SET_LINK_DOWN = downcall("rte_eth_dev_set_link_down",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle HAIRPIN_CAPABILITY_GET = downcall("rte_eth_dev_hairpin_capability_get",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS));
    private static final MethodHandle DEV_DMA_MAP = downcall("rte_dev_dma_map",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG));
    private static final MethodHandle DEV_DMA_UNMAP = downcall("rte_dev_dma_unmap",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG));
    private static final MethodHandle SET_VLAN_OFFLOAD = downcall("rte_eth_dev_set_vlan_offload",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_INT));
    private static final MethodHandle SET_VLAN_STRIP_ON_QUEUE = downcall("rte_eth_dev_set_vlan_strip_on_queue",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT, JAVA_INT));
    private static final MethodHandle VLAN_FILTER = downcall("rte_eth_dev_vlan_filter",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT, JAVA_INT));
    private static final MethodHandle SET_VLAN_ETHER_TYPE = downcall("rte_eth_dev_set_vlan_ether_type",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_INT, JAVA_SHORT));
    private static final MethodHandle SET_VLAN_PVID = downcall("rte_eth_dev_set_vlan_pvid",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_SHORT, JAVA_INT));
    private static final MethodHandle GET_VLAN_OFFLOAD = downcall("rte_eth_dev_get_vlan_offload",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT));
    private static final MethodHandle FW_VERSION_GET = downcall("rte_eth_dev_fw_version_get",
        FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, ADDRESS, JAVA_LONG));
    private static final MethodHandle CAPABILITY_NAME = downcall("rte_eth_dev_capability_name",
        FunctionDescriptor.of(ADDRESS.withTargetLayout(sequenceLayout(64, JAVA_BYTE)), JAVA_LONG));
    private static final MethodHandle RX_OFFLOAD_NAME = downcall("rte_eth_dev_rx_offload_name",
        FunctionDescriptor.of(ADDRESS.withTargetLayout(sequenceLayout(64, JAVA_BYTE)), JAVA_LONG));
    private static final MethodHandle TX_OFFLOAD_NAME = downcall("rte_eth_dev_tx_offload_name",
        FunctionDescriptor.of(ADDRESS.withTargetLayout(sequenceLayout(64, JAVA_BYTE)), JAVA_LONG));

    private EthdevRaw()
    {
    }

    // ---- fast path (shim) ------------------------------------------------------------------------

    /**
     * {@code rte_eth_rx_burst}: fills {@code pkts[0..n)}, returns how many. For the lcore that polls the queue.
     *
     * @param port  the port id
     * @param queue the RX queue
     * @param pkts  the address of an array of at least {@code n} {@code struct rte_mbuf *}
     * @param n     the most packets to receive, 1..65535
     * @return the number received, 0..n, now owned by the caller
     */
    public static int rx_burst(final int port, final int queue, final long pkts, final int n)
    {
        try
        {
            return (int)RX_BURST.invokeExact(port, queue, pkts, n);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_tx_burst}: returns how many the PMD took; the rest stay the caller's. For the lcore that
     * owns the queue.
     *
     * @param port  the port id
     * @param queue the TX queue
     * @param pkts  the address of an array of {@code struct rte_mbuf *}
     * @param n     the number of packets in it, 0..65535
     * @return the number taken, 0..n: the first that many of {@code pkts}
     */
    public static int tx_burst(final int port, final int queue, final long pkts, final int n)
    {
        try
        {
            return (int)TX_BURST.invokeExact(port, queue, pkts, n);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_tx_burst}, then {@code rte_pktmbuf_free_bulk} of what was not taken. For the lcore that
     * owns the queue.
     *
     * @param port  the port id
     * @param queue the TX queue
     * @param pkts  the address of an array of {@code struct rte_mbuf *}
     * @param n     the number of packets in it, 0..65535
     * @return the number sent; the other {@code n - sent} were freed
     */
    public static int tx_burst_or_free(final int port, final int queue, final long pkts, final int n)
    {
        try
        {
            return (int)TX_BURST_OR_FREE.invokeExact(port, queue, pkts, n);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_tx_prepare}: the PMD's checks and fix-ups of packets' TX offload requests before
     * {@code rte_eth_tx_burst}; {@code n} for a PMD without them. For the lcore that owns the queue.
     *
     * @param port  the port id
     * @param queue the TX queue
     * @param pkts  the address of an array of {@code struct rte_mbuf *}
     * @param n     the number of packets in it, 0..65535
     * @return how many of the first packets are ready; when fewer than {@code n}, rte_errno says why the next is not
     */
    public static int tx_prepare(final int port, final int queue, final long pkts, final int n)
    {
        try
        {
            return (int)TX_PREPARE.invokeExact(port, queue, pkts, n);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    // ---- control path ----------------------------------------------------------------------------

    /**
     * {@code rte_eth_dev_count_avail}.
     *
     * @return the number of usable ports
     */
    public static int dev_count_avail()
    {
        try
        {
            return Short.toUnsignedInt((short)DEV_COUNT_AVAIL.invokeExact());
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_find_next}: the next valid port id at or after {@code port}.
     *
     * @param port the first id to look at
     * @return that id, or {@link #MAX_ETHPORTS} when there is none
     */
    public static int find_next(final int port)
    {
        try
        {
            return Short.toUnsignedInt((short)FIND_NEXT.invokeExact((short)port));
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_find_next_of}: the next valid port id at or after {@code port} whose device is {@code parent}.
     *
     * @param port   where to start
     * @param parent a {@code struct rte_device *}
     * @return the port id, or {@link #MAX_ETHPORTS} when there is none
     */
    public static int find_next_of(final int port, final MemorySegment parent)
    {
        try
        {
            return Short.toUnsignedInt((short)FIND_NEXT_OF.invokeExact((short)port, parent));
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_is_valid_port}.
     *
     * @param port the port id, 0..65535
     * @return whether a device is attached at that id
     */
    public static boolean dev_is_valid_port(final int port)
    {
        try
        {
            return (int)IS_VALID_PORT.invokeExact((short)port) != 0;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_get_port_by_name}.
     *
     * @param name   the NUL-terminated device name
     * @param portId a {@code uint16_t} that receives the port id
     * @return 0, or -errno (-ENODEV when no port has that name)
     */
    public static int dev_get_port_by_name(final MemorySegment name, final MemorySegment portId)
    {
        try
        {
            return (int)GET_PORT_BY_NAME.invokeExact(name, portId);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_get_name_by_port}.
     *
     * @param port the port id
     * @param name a buffer of {@code RTE_ETH_NAME_MAX_LEN} (64) bytes for the NUL-terminated name
     * @return 0 or -errno
     */
    public static int dev_get_name_by_port(final int port, final MemorySegment name)
    {
        try
        {
            return (int)GET_NAME_BY_PORT.invokeExact((short)port, name);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_info_get}.
     *
     * @param port the port id
     * @param info a {@link #RTE_ETH_DEV_INFO} to fill
     * @return 0 or -errno
     */
    public static int dev_info_get(final int port, final MemorySegment info)
    {
        try
        {
            return (int)INFO_GET.invokeExact((short)port, info);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_configure}, on a stopped port.
     *
     * @param port  the port id
     * @param nbRxq RX queues to set up
     * @param nbTxq TX queues to set up
     * @param conf  a filled {@link #RTE_ETH_CONF}
     * @return 0 or -errno
     */
    public static int dev_configure(final int port, final int nbRxq, final int nbTxq, final MemorySegment conf)
    {
        try
        {
            return (int)CONFIGURE.invokeExact((short)port, (short)nbRxq, (short)nbTxq, conf);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_adjust_nb_rx_tx_desc}: adjusts the u16 descriptor counts at {@code nbRxd} and
     * {@code nbTxd} in place to the device's limits.
     *
     * @param port  the port id
     * @param nbRxd a {@code uint16_t}: the RX descriptors wanted, then allowed
     * @param nbTxd a {@code uint16_t}: the TX descriptors wanted, then allowed
     * @return 0 or -errno
     */
    public static int dev_adjust_nb_rx_tx_desc(final int port, final MemorySegment nbRxd, final MemorySegment nbTxd)
    {
        try
        {
            return (int)ADJUST_DESC.invokeExact((short)port, nbRxd, nbTxd);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_rx_queue_setup}, after {@link #dev_configure} and before {@link #dev_start}.
     *
     * @param port     the port id
     * @param queue    the RX queue, below the configured count
     * @param nbDesc   descriptors in the queue's ring
     * @param socketId NUMA socket for the ring, or -1 ({@code SOCKET_ID_ANY})
     * @param rxConf   a {@code struct rte_eth_rxconf}, or NULL for the device's default queue configuration
     * @param mempool  the address of the {@code struct rte_mempool} the queue's mbufs come from
     * @return 0 or -errno
     */
    public static int rx_queue_setup(final int port, final int queue, final int nbDesc, final int socketId,
        final MemorySegment rxConf, final long mempool)
    {
        try
        {
            return (int)RX_QUEUE_SETUP.invokeExact((short)port, (short)queue, (short)nbDesc, socketId, rxConf, mempool);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_tx_queue_setup}, after {@link #dev_configure} and before {@link #dev_start}.
     *
     * @param port     the port id
     * @param queue    the TX queue, below the configured count
     * @param nbDesc   descriptors in the queue's ring
     * @param socketId NUMA socket for the ring, or -1 ({@code SOCKET_ID_ANY})
     * @param txConf   a {@code struct rte_eth_txconf}, or NULL for the device's default queue configuration
     * @return 0 or -errno
     */
    public static int tx_queue_setup(final int port, final int queue, final int nbDesc, final int socketId,
        final MemorySegment txConf)
    {
        try
        {
            return (int)TX_QUEUE_SETUP.invokeExact((short)port, (short)queue, (short)nbDesc, socketId, txConf);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_start}.
     *
     * @param port a configured port's id
     * @return 0 or -errno
     */
    public static int dev_start(final int port)
    {
        return call(START, port);
    }

    /**
     * {@code rte_eth_dev_stop}: no RX or TX until started again; the queues keep their configuration.
     *
     * @param port the port id
     * @return 0 or -errno
     */
    public static int dev_stop(final int port)
    {
        return call(STOP, port);
    }

    /**
     * {@code rte_eth_dev_close}: releases the queues and the mbufs in them; the port id is then free.
     *
     * @param port the port id, stopped first
     * @return 0 or -errno
     */
    public static int dev_close(final int port)
    {
        return call(CLOSE, port);
    }

    /**
     * {@code rte_eth_dev_reset}: stops the port and resets the device (after a reset event, e.g. a VF's PF went
     * down); the port is configured again before it starts.
     *
     * @param port the port id
     * @return 0, -ENOTSUP for a driver without the operation (the virtual PMDs), or another -errno
     */
    public static int dev_reset(final int port)
    {
        return call(RESET, port);
    }

    /**
     * {@code rte_eth_dev_flow_ctrl_get}: the port's link flow control, zeroed first.
     *
     * @param port the port id
     * @param conf a {@link #RTE_ETH_FC_CONF} to fill
     * @return 0 or -errno (-ENOTSUP for a driver without it: net_null, net_ring, net_pcap)
     */
    public static int dev_flow_ctrl_get(final int port, final MemorySegment conf)
    {
        return call(FLOW_CTRL_GET, port, conf);
    }

    /**
     * {@code rte_eth_rx_descriptor_status} (through the shim, which refuses a queue past
     * {@code RTE_MAX_QUEUES_PER_PORT} that the inline would read out of bounds).
     *
     * @param port the port id
     * @param queue the RX queue
     * @param offset the descriptor, counted from the next one the driver reads
     * @return {@code RTE_ETH_RX_DESC_AVAIL} (0), {@code _DONE} (1), {@code _UNAVAIL} (2), or -errno (-ENOTSUP for a
     *         driver without it, all the virtual PMDs here)
     */
    public static int rx_descriptor_status(final int port, final int queue, final int offset)
    {
        try
        {
            return (int)RX_DESCRIPTOR_STATUS.invokeExact(port, queue, offset);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_tx_descriptor_status}, as {@link #rx_descriptor_status}.
     *
     * @param port the port id
     * @param queue the TX queue
     * @param offset the descriptor, counted from the next one the driver writes
     * @return {@code RTE_ETH_TX_DESC_FULL} (0), {@code _DONE} (1), {@code _UNAVAIL} (2), or -errno
     */
    public static int tx_descriptor_status(final int port, final int queue, final int offset)
    {
        try
        {
            return (int)TX_DESCRIPTOR_STATUS.invokeExact(port, queue, offset);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_rx_queue_count}: the descriptors of an RX queue that hold received packets.
     *
     * @param port the port id
     * @param queue the RX queue
     * @return the count, or -errno (-ENOTSUP for a driver without it, -EINVAL for a queue not set up)
     */
    public static int rx_queue_count(final int port, final int queue)
    {
        try
        {
            return (int)RX_QUEUE_COUNT.invokeExact(port, queue);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_callback_register}: {@code fn}, an {@code rte_eth_dev_cb_fn}
     * ({@code int (*)(uint16_t port_id, enum rte_eth_event_type, void *cb_arg, void *ret_param)}), is called on
     * {@code event} of {@code port}, or of every port for {@code RTE_ETH_ALL}.
     *
     * @param port the port id, or {@code RTE_ETH_ALL}
     * @param event an {@code enum rte_eth_event_type}
     * @param fn the callback
     * @param arg its {@code cb_arg}
     * @return 0 or -errno (-EINVAL for a bad port or event, -ENOMEM)
     */
    public static int dev_callback_register(final int port, final int event, final MemorySegment fn,
        final MemorySegment arg)
    {
        return callback(CALLBACK_REGISTER, port, event, fn, arg);
    }

    /**
     * {@code rte_eth_dev_callback_unregister}.
     *
     * @param port the port id, or {@code RTE_ETH_ALL}
     * @param event an {@code enum rte_eth_event_type}
     * @param fn the callback
     * @param arg its {@code cb_arg}
     * @return 0, -EAGAIN while the callback runs, or -errno
     */
    public static int dev_callback_unregister(final int port, final int event, final MemorySegment fn,
        final MemorySegment arg)
    {
        return callback(CALLBACK_UNREGISTER, port, event, fn, arg);
    }

    private static int callback(final MethodHandle handle, final int port, final int event, final MemorySegment fn,
        final MemorySegment arg)
    {
        try
        {
            return (int)handle.invokeExact((short)port, event, fn, arg);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_flow_ctrl_set}.
     *
     * @param port the port id
     * @param conf a {@link #RTE_ETH_FC_CONF}
     * @return 0 or -errno (-EINVAL for a send_xon other than 0 or 1, which ethdev logs; the driver's refusal)
     */
    public static int dev_flow_ctrl_set(final int port, final MemorySegment conf)
    {
        return call(FLOW_CTRL_SET, port, conf);
    }

    /**
     * {@code rte_eth_dev_rss_reta_update}: the redirection table entries whose mask bit is set get their queues.
     *
     * @param port     the port id
     * @param conf     {@code size / 64} (rounded up) {@link #RTE_ETH_RSS_RETA_ENTRY64}s
     * @param size     the table's size, as the device reports it ({@code reta_size})
     * @return 0 or -errno (ethdev logs why: no mask bit set, a queue the port does not have)
     */
    public static int dev_rss_reta_update(final int port, final MemorySegment conf, final int size)
    {
        return callWithSize(RETA_UPDATE, port, conf, size);
    }

    /**
     * {@code rte_eth_dev_rss_reta_query}: the queues of the redirection table entries whose mask bit is set.
     *
     * @param port the port id
     * @param conf as {@link #dev_rss_reta_update}'s, filled in
     * @param size the table's size
     * @return 0 or -errno
     */
    public static int dev_rss_reta_query(final int port, final MemorySegment conf, final int size)
    {
        return callWithSize(RETA_QUERY, port, conf, size);
    }

    /**
     * {@code rte_eth_dev_socket_id}: the NUMA socket of the port's device.
     *
     * @param port the port id
     * @return the socket, or -1 ({@code SOCKET_ID_ANY}) when unknown
     */
    public static int dev_socket_id(final int port)
    {
        return call(SOCKET_ID, port);
    }

    /**
     * {@code rte_eth_promiscuous_enable}.
     *
     * @param port the port id
     * @return 0, -ENOTSUP for a device without the operation, or another -errno
     */
    public static int promiscuous_enable(final int port)
    {
        return call(PROMISC_ENABLE, port);
    }

    /**
     * {@code rte_eth_promiscuous_disable}.
     *
     * @param port the port id
     * @return 0, -ENOTSUP for a device without the operation, or another -errno
     */
    public static int promiscuous_disable(final int port)
    {
        return call(PROMISC_DISABLE, port);
    }

    /**
     * {@code rte_eth_promiscuous_get}.
     *
     * @param port the port id
     * @return 1 when promiscuous mode is on, 0 when off, -1 on error
     */
    public static int promiscuous_get(final int port)
    {
        return call(PROMISC_GET, port);
    }

    /**
     * {@code rte_eth_stats_reset}: zeroes the basic counters.
     *
     * @param port the port id
     * @return 0 or -errno
     */
    public static int stats_reset(final int port)
    {
        return call(STATS_RESET, port);
    }

    /**
     * {@code rte_eth_xstats_reset}: zeroes the extended counters (the driver's reset, else
     * {@code rte_eth_stats_reset}).
     *
     * @param port the port id
     * @return 0 or -errno
     */
    public static int xstats_reset(final int port)
    {
        return call(XSTATS_RESET, port);
    }

    /**
     * {@code rte_eth_link_get_nowait}: the link state without waiting for it to settle.
     *
     * @param port the port id
     * @param link a {@link #RTE_ETH_LINK} to fill
     * @return 0 or -errno
     */
    public static int link_get_nowait(final int port, final MemorySegment link)
    {
        return call(LINK_GET_NOWAIT, port, link);
    }

    /**
     * {@code rte_eth_dev_conf_get}: the configuration in force ({@code struct rte_eth_conf}).
     *
     * @param port the port id
     * @param conf a {@link #RTE_ETH_CONF} to fill
     * @return 0 or -errno
     */
    public static int dev_conf_get(final int port, final MemorySegment conf)
    {
        return call(DEV_CONF_GET, port, conf);
    }

    /**
     * {@code rte_eth_dev_rss_hash_conf_get}: the RSS hash functions in force ({@code rss_hf}) and, when
     * {@code rss_key} points to a buffer, the hash key. The caller sets {@code rss_key} and {@code rss_key_len};
     * drivers differ in how much of the buffer they write (net_null always 40 bytes), so it should hold at least
     * {@code hash_key_size} of {@link #RTE_ETH_DEV_INFO} and 64 bytes.
     *
     * @param port    the port id
     * @param rssConf a {@link #RTE_ETH_RSS_CONF} with {@code rss_key} (NULL or a buffer) and {@code rss_key_len} set
     * @return 0, -ENOTSUP for a driver without the operation, -ENODEV for an unknown port, or another -errno
     */
    public static int dev_rss_hash_conf_get(final int port, final MemorySegment rssConf)
    {
        return call(RSS_HASH_CONF_GET, port, rssConf);
    }

    /**
     * {@code rte_eth_dev_rss_hash_update}: the RSS hash functions ({@code rss_hf}) and, when {@code rss_key} is not
     * NULL, the key of {@code rss_key_len} bytes.
     *
     * @param port    the port id
     * @param rssConf a {@link #RTE_ETH_RSS_CONF}
     * @return 0, -ENOTSUP for a driver without the operation, -EINVAL for functions the device does not hash, or
     *         another -errno
     */
    public static int dev_rss_hash_update(final int port, final MemorySegment rssConf)
    {
        return call(RSS_HASH_UPDATE, port, rssConf);
    }

    /** {@code sizeof(struct rte_eth_burst_mode)}: u64 flags, then 1024 characters of text. */
    public static final long BURST_MODE_SIZE = 8 + 1024;

    /**
     * {@code rte_eth_rx_burst_mode_get}: fills {@code mode} ({@link #BURST_MODE_SIZE} bytes).
     *
     * @param port  the port id
     * @param queue the RX queue id
     * @param mode  a {@code struct rte_eth_burst_mode}
     * @return 0, or -ENOTSUP and other -errno
     */
    public static int rx_burst_mode_get(final int port, final int queue, final MemorySegment mode)
    {
        try
        {
            return (int)RX_BURST_MODE_GET.invokeExact((short)port, (short)queue, mode);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_tx_burst_mode_get}: fills {@code mode} ({@link #BURST_MODE_SIZE} bytes).
     *
     * @param port  the port id
     * @param queue the TX queue id
     * @param mode  a {@code struct rte_eth_burst_mode}
     * @return 0, or -ENOTSUP and other -errno
     */
    public static int tx_burst_mode_get(final int port, final int queue, final MemorySegment mode)
    {
        try
        {
            return (int)TX_BURST_MODE_GET.invokeExact((short)port, (short)queue, mode);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_rx_queue_info_get}: fills {@code qinfo} ({@link #RTE_ETH_RXQ_INFO}).
     *
     * @param port   the port id
     * @param queue  the RX queue id
     * @param qinfo  the struct to fill
     * @return 0, -ENOTSUP when the driver does not report it, or another -errno
     */
    public static int rx_queue_info_get(final int port, final int queue, final MemorySegment qinfo)
    {
        try
        {
            return (int)RX_QUEUE_INFO_GET.invokeExact((short)port, (short)queue, qinfo);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_tx_queue_info_get}: fills {@code qinfo} ({@link #RTE_ETH_TXQ_INFO}).
     *
     * @param port   the port id
     * @param queue  the TX queue id
     * @param qinfo  the struct to fill
     * @return 0, -ENOTSUP when the driver does not report it, or another -errno
     */
    public static int tx_queue_info_get(final int port, final int queue, final MemorySegment qinfo)
    {
        try
        {
            return (int)TX_QUEUE_INFO_GET.invokeExact((short)port, (short)queue, qinfo);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_get_supported_ptypes}: writes up to {@code num} of the packet types the device
     * recognises within {@code ptypeMask} to the u32 array {@code ptypes}.
     *
     * @param port      the port id
     * @param ptypeMask an OR of {@code RTE_PTYPE_*_MASK} layers
     * @param ptypes    a {@code uint32_t[num]}, or NULL with {@code num} 0 to count them
     * @param num       the array's length
     * @return how many it recognises (may exceed {@code num}), 0 for a device that reports none, or -errno
     */
    public static int dev_get_supported_ptypes(final int port, final int ptypeMask, final MemorySegment ptypes,
        final int num)
    {
        try
        {
            return (int)GET_SUPPORTED_PTYPES.invokeExact((short)port, ptypeMask, ptypes, num);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_set_ptypes}: tells the device which packet-type layers ({@code RTE_PTYPE_*_MASK},
     * whole layers only) the application needs, so that it may stop classifying the rest; writes the types it
     * keeps to {@code setPtypes}, ending with {@code RTE_PTYPE_UNKNOWN}. A device without the operation
     * returns 0 and keeps classifying as before.
     *
     * @param port      the port id
     * @param ptypeMask an OR of whole {@code RTE_PTYPE_*_MASK} layers, 0 for none
     * @param setPtypes a {@code uint32_t[num]} for the types kept, or NULL with {@code num} 0
     * @param num       the array's length
     * @return 0 or -errno
     */
    public static int dev_set_ptypes(final int port, final int ptypeMask, final MemorySegment setPtypes,
        final int num)
    {
        try
        {
            return (int)SET_PTYPES.invokeExact((short)port, ptypeMask, setPtypes, num);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_link_speed_to_str(link_speed)}: "10 Gbps", "None", "Unknown", "Invalid"...
     *
     * @param linkSpeed Mbps, as {@code rte_eth_link.link_speed} holds it
     * @return DPDK's text, copied from its static string
     */
    public static String link_speed_to_str(final int linkSpeed)
    {
        try
        {
            return ((MemorySegment)LINK_SPEED_TO_STR.invokeExact(linkSpeed)).getString(0);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_stats_get}.
     *
     * @param port  the port id
     * @param stats a {@link #RTE_ETH_STATS} to fill
     * @return 0 or -errno
     */
    public static int stats_get(final int port, final MemorySegment stats)
    {
        return call(STATS_GET, port, stats);
    }

    /**
     * {@code rte_eth_macaddr_get}: the port's default MAC address.
     *
     * @param port the port id
     * @param mac  a {@link #RTE_ETHER_ADDR} to fill
     * @return 0 or -errno
     */
    public static int macaddr_get(final int port, final MemorySegment mac)
    {
        return call(MACADDR_GET, port, mac);
    }

    /**
     * {@code rte_eth_dev_get_mtu}.
     *
     * @param port the port id
     * @param mtu  a {@code uint16_t} that receives the MTU in bytes
     * @return 0 or -errno
     */
    public static int dev_get_mtu(final int port, final MemorySegment mtu)
    {
        return call(GET_MTU, port, mtu);
    }

    /**
     * {@code rte_eth_dev_set_mtu}.
     *
     * @param port the port id
     * @param mtu  bytes, within the device's {@code min_mtu..max_mtu}
     * @return 0 or -errno
     */
    public static int dev_set_mtu(final int port, final int mtu)
    {
        try
        {
            return (int)SET_MTU.invokeExact((short)port, (short)mtu);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_xstats_get_names}; with a NULL array, the number of xstats.
     *
     * @param port  the port id
     * @param names an array of {@code size} {@link #RTE_ETH_XSTAT_NAME}, or NULL
     * @param size  the array's length
     * @return the number of names written, or the size needed when the array is NULL or too small, or -errno
     */
    public static int xstats_get_names(final int port, final MemorySegment names, final int size)
    {
        return call(XSTATS_GET_NAMES, port, names, size);
    }

    /**
     * {@code rte_eth_xstats_get}: the values, each with the index of its name in {@link #xstats_get_names}.
     *
     * @param port   the port id
     * @param xstats an array of {@code n} {@link #RTE_ETH_XSTAT}
     * @param n      the array's length
     * @return the number of values written, or the size needed when the array is too small, or -errno
     */
    public static int xstats_get(final int port, final MemorySegment xstats, final int n)
    {
        return call(XSTATS_GET, port, xstats, n);
    }

    /**
     * {@code rte_eth_allmulticast_get}.
     *
     * @param port the port id
     * @return 1 when all-multicast reception is on, 0 when off, -errno
     */
    public static int allmulticast_get(final int port)
    {
        return call(ALLMULTICAST_GET, port);
    }

    /**
     * {@code rte_eth_dev_mac_addr_add}: one more MAC address the port receives for.
     *
     * @param port the port id
     * @param mac  a {@link #RTE_ETHER_ADDR}
     * @param pool the VMDq pool (0 without VMDq)
     * @return 0 (also when the address is there already), or -errno (-ENOSPC when the table is full)
     */
    public static int dev_mac_addr_add(final int port, final MemorySegment mac, final int pool)
    {
        return call(MAC_ADDR_ADD, port, mac, pool);
    }

    /**
     * {@code rte_eth_dev_mac_addr_remove}.
     *
     * @param port the port id
     * @param mac  a {@link #RTE_ETHER_ADDR}
     * @return 0 (also when the address is not there), or -errno (-EADDRINUSE for the default address)
     */
    public static int dev_mac_addr_remove(final int port, final MemorySegment mac)
    {
        return call(MAC_ADDR_REMOVE, port, mac);
    }

    /**
     * {@code rte_eth_dev_default_mac_addr_set}.
     *
     * @param port the port id
     * @param mac  a {@link #RTE_ETHER_ADDR}
     * @return 0 or -errno
     */
    public static int dev_default_mac_addr_set(final int port, final MemorySegment mac)
    {
        return call(DEFAULT_MAC_ADDR_SET, port, mac);
    }

    /**
     * {@code rte_eth_macaddrs_get} (experimental in 22.11): the port's MAC address table, default first; unused
     * slots are all zeros.
     *
     * @param port the port id
     * @param macs room for {@code num} {@link #RTE_ETHER_ADDR}s
     * @param num  the slots to read, the device's {@code max_mac_addrs}
     * @return the slots filled, or -errno
     */
    public static int macaddrs_get(final int port, final MemorySegment macs, final int num)
    {
        return call(MACADDRS_GET, port, macs, num);
    }

    /**
     * {@code rte_eth_dev_set_mc_addr_list}: the multicast addresses the port receives for, replacing the list before.
     *
     * @param port the port id
     * @param macs {@code num} {@link #RTE_ETHER_ADDR}s, or NULL with 0 to empty the list
     * @param num  how many
     * @return 0 or -errno (-ENOTSUP for a driver without it: every virtual PMD here)
     */
    public static int dev_set_mc_addr_list(final int port, final MemorySegment macs, final int num)
    {
        return call(SET_MC_ADDR_LIST, port, macs, num);
    }

    /** {@code struct rte_dev_eeprom_info}: a read of {@code length} bytes at {@code offset} into {@code data}. */
    public static final StructLayout RTE_DEV_EEPROM_INFO = LayoutCheck.verified("rte_dev_eeprom_info", structLayout(
        JAVA_LONG.withName("data"),
        JAVA_INT.withName("offset"),
        JAVA_INT.withName("length"),
        JAVA_INT.withName("magic"),
        paddingLayout(4)));

    /** {@code struct rte_eth_dev_module_info}: the plugged module's EEPROM type and length. */
    public static final StructLayout RTE_ETH_DEV_MODULE_INFO = LayoutCheck.verified("rte_eth_dev_module_info",
        structLayout(JAVA_INT.withName("type"), JAVA_INT.withName("eeprom_len")));

    /**
     * {@code rte_eth_dev_get_eeprom_length}.
     *
     * @param port the port id
     * @return the length in bytes, or -errno (-ENOTSUP for a driver without it)
     */
    public static int dev_get_eeprom_length(final int port)
    {
        return call(GET_EEPROM_LENGTH, port);
    }

    /**
     * {@code rte_eth_dev_get_eeprom}.
     *
     * @param port the port id
     * @param info a {@link #RTE_DEV_EEPROM_INFO} naming the bytes to read and where
     * @return 0 or -errno
     */
    public static int dev_get_eeprom(final int port, final MemorySegment info)
    {
        return call(GET_EEPROM, port, info);
    }

    /**
     * {@code rte_eth_dev_get_module_info}.
     *
     * @param port the port id
     * @param info a {@link #RTE_ETH_DEV_MODULE_INFO} to fill
     * @return 0 or -errno (-ENOTSUP for a driver without it, -EIO with no module plugged)
     */
    public static int dev_get_module_info(final int port, final MemorySegment info)
    {
        return call(GET_MODULE_INFO, port, info);
    }

    /**
     * {@code rte_eth_dev_get_module_eeprom}.
     *
     * @param port the port id
     * @param info a {@link #RTE_DEV_EEPROM_INFO} naming the bytes to read and where
     * @return 0 or -errno
     */
    public static int dev_get_module_eeprom(final int port, final MemorySegment info)
    {
        return call(GET_MODULE_EEPROM, port, info);
    }

    /**
     * {@code rte_eth_dev_set_link_up} or {@code rte_eth_dev_set_link_down}.
     *
     * @param port the port id
     * @param up   true to set the link up
     * @return 0, or -errno (-ENOTSUP when the driver has no such operation, -ENODEV for no such port)
     */
    public static int dev_set_link(final int port, final boolean up)
    {
        return call(up ? SET_LINK_UP : SET_LINK_DOWN, port);
    }

    /**
     * {@code rte_eth_dev_rx_queue_start}, {@code rte_eth_dev_rx_queue_stop}, {@code rte_eth_dev_tx_queue_start} or
     * {@code rte_eth_dev_tx_queue_stop}.
     *
     * @param port  the port id
     * @param rx    true for an RX queue
     * @param start true to start it, false to stop it
     * @param queue the queue id
     * @return 0, or -errno (-ENOTSUP when the driver has no such operation)
     */
    public static int queue_start_stop(final int port, final boolean rx, final boolean start, final int queue)
    {
        final MethodHandle handle = rx ? (start ? RX_QUEUE_START : RX_QUEUE_STOP) :
            (start ? TX_QUEUE_START : TX_QUEUE_STOP);
        try
        {
            return (int)handle.invokeExact((short)port, (short)queue);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_tx_done_cleanup}: frees up to {@code count} mbufs the TX queue has sent (0: all it can).
     *
     * @param port  the port id
     * @param queue the TX queue
     * @param count the most to free, a C uint32_t
     * @return how many were freed, or -errno
     */
    public static int tx_done_cleanup(final int port, final int queue, final int count)
    {
        try
        {
            return (int)TX_DONE_CLEANUP.invokeExact((short)port, (short)queue, count);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_set_queue_rate_limit}: a TX queue's rate limit in Mbps.
     *
     * @param port  the port id
     * @param queue the TX queue
     * @param mbps  the rate, a C uint32_t
     * @return 0, or -errno
     */
    public static int set_queue_rate_limit(final int port, final int queue, final int mbps)
    {
        try
        {
            return (int)SET_QUEUE_RATE_LIMIT.invokeExact((short)port, (short)queue, mbps);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_rx_avail_thresh_set} (experimental in 22.11): the percentage of an RX queue's descriptors below
     * which the driver raises {@code RTE_ETH_EVENT_RX_AVAIL_THRESH}, 0 for none.
     *
     * @param port    the port id
     * @param queue   the RX queue
     * @param percent 0 to 99
     * @return 0, or -errno
     */
    public static int rx_avail_thresh_set(final int port, final int queue, final int percent)
    {
        try
        {
            return (int)RX_AVAIL_THRESH_SET.invokeExact((short)port, (short)queue, (byte)percent);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_uc_all_hash_table_set} or, with an address, {@code rte_eth_dev_uc_hash_table_set}: the
     * unicast hash table (UTA) of a VF-capable NIC, for every address or one.
     *
     * @param port    the port id
     * @param address a {@code struct rte_ether_addr}, or NULL for every address
     * @param on      true to accept, false to stop accepting
     * @return 0, or -errno
     */
    public static int uc_hash_table_set(final int port, final MemorySegment address, final boolean on)
    {
        try
        {
            return address.equals(MemorySegment.NULL) ?
                (int)UC_ALL_HASH_TABLE_SET.invokeExact((short)port, (byte)(on ? 1 : 0)) :
                (int)UC_HASH_TABLE_SET.invokeExact((short)port, address, (byte)(on ? 1 : 0));
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_set_rx_queue_stats_mapping} or {@code rte_eth_dev_set_tx_queue_stats_mapping}.
     *
     * @param port    the port id
     * @param rx      true for an RX queue
     * @param queue   the queue id
     * @param counter the per-queue statistics counter, 0 to {@link #QUEUE_STAT_CNTRS} - 1
     * @return 0, or -errno (-ENOTSUP when the driver has no such operation)
     */
    public static int queue_stats_mapping(final int port, final boolean rx, final int queue, final int counter)
    {
        try
        {
            return (int)(rx ? SET_RX_QUEUE_STATS_MAPPING : SET_TX_QUEUE_STATS_MAPPING).invokeExact((short)port,
                (short)queue, (byte)counter);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_allmulticast_enable} or {@code rte_eth_allmulticast_disable}.
     *
     * @param port the port id
     * @param on   true to enable
     * @return 0, or -errno (-ENOTSUP when the driver has no such operation)
     */
    public static int allmulticast_set(final int port, final boolean on)
    {
        return call(on ? ALLMULTICAST_ENABLE : ALLMULTICAST_DISABLE, port);
    }

    /**
     * {@code rte_eth_dev_hairpin_capability_get}: the port's hairpin queue capabilities ({@code struct
     * rte_eth_hairpin_cap}, its first field {@code uint16_t max_nb_queues}).
     *
     * @param port the port id
     * @param cap room for the struct (at least 32 bytes)
     * @return 0, or -errno (-ENOTSUP for a device without hairpin queues)
     */
    public static int dev_hairpin_capability_get(final int port, final MemorySegment cap)
    {
        return call(HAIRPIN_CAPABILITY_GET, port, cap);
    }

    /**
     * {@code rte_dev_dma_map}: maps memory for the device's DMA.
     *
     * @param device the {@code struct rte_device *} ({@code dev_info.device})
     * @param address the memory's virtual address
     * @param iova its IOVA
     * @param length bytes
     * @return 0, or -1 with rte_errno set (ENOTSUP for a bus or driver without it)
     */
    public static int dev_dma_map(final long device, final long address, final long iova, final long length)
    {
        return dev_dma(true, device, address, iova, length);
    }

    /**
     * {@code rte_dev_dma_map} ({@code map} true) or {@code rte_dev_dma_unmap}.
     *
     * @param map true to map, false to unmap
     * @param device the {@code struct rte_device *}
     * @param address the memory's virtual address
     * @param iova its IOVA
     * @param length bytes
     * @return 0, or -1 with rte_errno set
     */
    public static int dev_dma(final boolean map, final long device, final long address, final long iova,
        final long length)
    {
        try
        {
            return (int)(map ? DEV_DMA_MAP : DEV_DMA_UNMAP).invokeExact(device, address, iova, length);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_set_vlan_offload}: the VLAN offloads in force, applied to the running port.
     *
     * @param port the port id
     * @param offloads an OR of {@code RTE_ETH_VLAN_*_OFFLOAD} bits
     * @return 0, or -errno (-ENOTSUP for a change the driver cannot make, -EINVAL past the device's capabilities)
     */
    public static int dev_set_vlan_offload(final int port, final int offloads)
    {
        try
        {
            return (int)SET_VLAN_OFFLOAD.invokeExact((short)port, offloads);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_set_vlan_strip_on_queue}: VLAN stripping on one RX queue.
     *
     * @param port the port id
     * @param queue the RX queue
     * @param on whether it strips
     * @return 0, or -errno
     */
    public static int dev_set_vlan_strip_on_queue(final int port, final int queue, final boolean on)
    {
        return callVlan(SET_VLAN_STRIP_ON_QUEUE, port, queue, on);
    }

    /**
     * {@code rte_eth_dev_vlan_filter}: a VLAN id into or out of the port's filter.
     *
     * @param port the port id
     * @param vlanId the VLAN id
     * @param on true to add it, false to remove it
     * @return 0, or -errno
     */
    public static int dev_vlan_filter(final int port, final int vlanId, final boolean on)
    {
        return callVlan(VLAN_FILTER, port, vlanId, on);
    }

    /**
     * {@code rte_eth_dev_set_vlan_pvid}: the port's VLAN id to insert, on or off.
     *
     * @param port the port id
     * @param pvid the VLAN id
     * @param on whether the device inserts it
     * @return 0, or -errno
     */
    public static int dev_set_vlan_pvid(final int port, final int pvid, final boolean on)
    {
        return callVlan(SET_VLAN_PVID, port, pvid, on);
    }

    /** The three VLAN calls of the signature {@code (uint16_t port, uint16_t value, int on)}. */
    private static int callVlan(final MethodHandle handle, final int port, final int value, final boolean on)
    {
        try
        {
            return (int)handle.invokeExact((short)port, (short)value, on ? 1 : 0);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_set_vlan_ether_type}: the TPID of the inner or outer VLAN tag.
     *
     * @param port the port id
     * @param vlanType {@code enum rte_vlan_type}: 1 inner, 2 outer
     * @param tpid the tag protocol identifier
     * @return 0, or -errno
     */
    public static int dev_set_vlan_ether_type(final int port, final int vlanType, final int tpid)
    {
        try
        {
            return (int)SET_VLAN_ETHER_TYPE.invokeExact((short)port, vlanType, (short)tpid);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_get_vlan_offload}.
     *
     * @param port the port id
     * @return an OR of {@code RTE_ETH_VLAN_*_OFFLOAD} bits, or -errno
     */
    public static int dev_get_vlan_offload(final int port)
    {
        return call(GET_VLAN_OFFLOAD, port);
    }

    /**
     * {@code rte_eth_dev_fw_version_get(port, fw_version, fw_size)}.
     *
     * @param port    the port id
     * @param version a char buffer, filled with a NUL-terminated string
     * @return 0, -ENOTSUP when the driver has no firmware version, a positive size when the buffer is too small,
     *         or another -errno
     */
    public static int dev_fw_version_get(final int port, final MemorySegment version)
    {
        try
        {
            return (int)FW_VERSION_GET.invokeExact((short)port, version, version.byteSize());
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eth_dev_capability_name(capability)}.
     *
     * @param capability one {@code RTE_ETH_DEV_CAPA_*} bit
     * @return its name, e.g. "RUNTIME_RX_QUEUE_SETUP", or DPDK's "UNKNOWN"
     */
    public static String dev_capability_name(final long capability)
    {
        return name(CAPABILITY_NAME, capability);
    }

    /**
     * {@code rte_eth_dev_rx_offload_name(offload)}.
     *
     * @param offload one {@code RTE_ETH_RX_OFFLOAD_*} bit
     * @return its name, e.g. "IPV4_CKSUM", or DPDK's "UNKNOWN"
     */
    public static String dev_rx_offload_name(final long offload)
    {
        return name(RX_OFFLOAD_NAME, offload);
    }

    /**
     * {@code rte_eth_dev_tx_offload_name(offload)}.
     *
     * @param offload one {@code RTE_ETH_TX_OFFLOAD_*} bit
     * @return its name, e.g. "MBUF_FAST_FREE", or DPDK's "UNKNOWN"
     */
    public static String dev_tx_offload_name(final long offload)
    {
        return name(TX_OFFLOAD_NAME, offload);
    }

    /** A {@code const char *(uint64_t)} name function's answer for {@code bit}, "UNKNOWN" for NULL. */
    private static String name(final MethodHandle handle, final long bit)
    {
        try
        {
            final MemorySegment name = (MemorySegment)handle.invokeExact(bit);
            return name.equals(MemorySegment.NULL) ? "UNKNOWN" : name.getString(0);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    private static int call(final MethodHandle handle, final int port)
    {
        try
        {
            return (int)handle.invokeExact((short)port);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    private static int call(final MethodHandle handle, final int port, final MemorySegment arg)
    {
        try
        {
            return (int)handle.invokeExact((short)port, arg);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    private static int call(final MethodHandle handle, final int port, final MemorySegment arg, final int n)
    {
        try
        {
            return (int)handle.invokeExact((short)port, arg, n);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    private static int callWithSize(final MethodHandle handle, final int port, final MemorySegment arg, final int size)
    {
        try
        {
            return (int)handle.invokeExact((short)port, arg, (short)size);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * Offset of a top-level field of a layout.
     *
     * @param layout one of this class's struct layouts
     * @param field  the C member's name
     * @return the member's offset in bytes
     * @throws IllegalArgumentException when the layout has no such named member
     */
    public static long offset(final StructLayout layout, final String field)
    {
        return layout.byteOffset(MemoryLayout.PathElement.groupElement(field));
    }
}
