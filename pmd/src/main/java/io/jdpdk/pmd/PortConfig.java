package io.jdpdk.pmd;

import io.jdpdk.eal.DpdkException;
import io.jdpdk.mempool.Mempool;

import java.util.Arrays;
import java.util.List;

/**
 * How to bring a port up: queues, descriptors, the pool RX draws from, promiscuous mode, RSS, RX and TX
 * offloads. Offloads are requests: {@link Port#configure} applies those the device reports
 * ({@code rx_offload_capa}, {@code tx_offload_capa}) and leaves out the rest, as DPDK's samples mask theirs,
 * so asking for an offload a virtual device lacks never fails {@code rte_eth_dev_configure}; what a device
 * leaves out is {@link #unsupportedRxOffloads(DeviceInfo)}. {@link #offloadsAsGiven(boolean)} passes them unmasked
 * instead, for ethdev to refuse with its own words, and a queue may have offloads of its own
 * ({@link #rxQueueOffloads(int, long)}). Packet types are requested by layer
 * ({@link #packetTypes(int)}): the device is told which layers the application reads from
 * {@code mbuf.packet_type} ({@code rte_eth_dev_set_ptypes}) and {@link Port#packetTypes()} says which types it
 * recognises there; a device that recognises none leaves the parsing to software, as DPDK's l3fwd
 * {@code check_ptype} finds out. The configuration itself is never changed, so one may serve several ports.
 * Fluent setters; {@link #conclude(int, DeviceInfo)} validates everything against the device before any
 * native resource is touched (Aeron's {@code Context.conclude()} pattern).
 */
public final class PortConfig
{
    /** One RX and one TX queue of {@link #DEFAULT_RX_DESC} and {@link #DEFAULT_TX_DESC} descriptors, promiscuous, no offloads, no mempool yet. */
    public PortConfig()
    {
    }

    /** {@code RTE_ETH_RX_OFFLOAD_IPV4_CKSUM}. */
    public static final long RX_OFFLOAD_IPV4_CKSUM = 1L << 1;
    /** {@code RTE_ETH_RX_OFFLOAD_CHECKSUM}: IPv4, UDP and TCP checksums. */
    public static final long RX_OFFLOAD_CHECKSUM = 1L << 1 | 1L << 2 | 1L << 3;
    /** {@code RTE_ETH_RX_OFFLOAD_VLAN_STRIP}. */
    public static final long RX_OFFLOAD_VLAN_STRIP = 1L;
    /** {@code RTE_ETH_RX_OFFLOAD_QINQ_STRIP}. */
    public static final long RX_OFFLOAD_QINQ_STRIP = 1L << 5;
    /** {@code RTE_ETH_RX_OFFLOAD_VLAN_FILTER}. */
    public static final long RX_OFFLOAD_VLAN_FILTER = 1L << 9;
    /** {@code RTE_ETH_RX_OFFLOAD_VLAN_EXTEND}. */
    public static final long RX_OFFLOAD_VLAN_EXTEND = 1L << 10;
    /** {@code RTE_ETH_RX_OFFLOAD_BUFFER_SPLIT}: RX queues split each packet into segments ({@link #rxSegments}). */
    public static final long RX_OFFLOAD_BUFFER_SPLIT = 1L << 20;
    /** {@code RTE_ETH_TX_OFFLOAD_VLAN_INSERT}: the NIC inserts an mbuf's {@code vlan_tci} on request. */
    public static final long TX_OFFLOAD_VLAN_INSERT = 1L;
    /** {@code RTE_ETH_TX_OFFLOAD_QINQ_INSERT}: the NIC inserts an mbuf's outer and inner VLAN tags on request. */
    public static final long TX_OFFLOAD_QINQ_INSERT = 1L << 8;
    /** {@code RTE_ETH_TX_OFFLOAD_MACSEC_INSERT}. */
    public static final long TX_OFFLOAD_MACSEC_INSERT = 1L << 13;
    /** {@code RTE_ETH_TX_OFFLOAD_IPV4_CKSUM}: the NIC computes IPv4 header checksums on request. */
    public static final long TX_OFFLOAD_IPV4_CKSUM = 1L << 1;
    /** {@code RTE_ETH_TX_OFFLOAD_UDP_CKSUM}: the NIC computes UDP checksums on request. */
    public static final long TX_OFFLOAD_UDP_CKSUM = 1L << 2;
    /** {@code RTE_ETH_TX_OFFLOAD_TCP_CKSUM}: the NIC computes TCP checksums on request. */
    public static final long TX_OFFLOAD_TCP_CKSUM = 1L << 3;
    /** {@code RTE_ETH_TX_OFFLOAD_SCTP_CKSUM}: the NIC computes SCTP checksums on request. */
    public static final long TX_OFFLOAD_SCTP_CKSUM = 1L << 4;
    /** {@code RTE_ETH_TX_OFFLOAD_OUTER_IPV4_CKSUM}: the NIC computes a tunnel's outer IPv4 header checksum. */
    public static final long TX_OFFLOAD_OUTER_IPV4_CKSUM = 1L << 7;
    /** {@code RTE_ETH_TX_OFFLOAD_OUTER_UDP_CKSUM}: the NIC computes a tunnel's outer UDP checksum. */
    public static final long TX_OFFLOAD_OUTER_UDP_CKSUM = 1L << 20;
    /** {@code RTE_ETH_TX_OFFLOAD_TCP_TSO}: the NIC cuts TCP packets into segments on request. */
    public static final long TX_OFFLOAD_TCP_TSO = 1L << 5;
    /** {@code RTE_ETH_TX_OFFLOAD_UDP_TSO}: the NIC cuts UDP packets on request. */
    public static final long TX_OFFLOAD_UDP_TSO = 1L << 6;
    /** {@code RTE_ETH_TX_OFFLOAD_VXLAN_TNL_TSO}: TSO inside VXLAN. */
    public static final long TX_OFFLOAD_VXLAN_TNL_TSO = 1L << 9;
    /** {@code RTE_ETH_TX_OFFLOAD_GRE_TNL_TSO}: TSO inside GRE. */
    public static final long TX_OFFLOAD_GRE_TNL_TSO = 1L << 10;
    /** {@code RTE_ETH_TX_OFFLOAD_MULTI_SEGS}: packets of more than one mbuf may be sent. */
    public static final long TX_OFFLOAD_MULTI_SEGS = 1L << 15;
    /** {@code RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE}: mbufs of one pool, reference count 1, freed in bulk. */
    public static final long TX_OFFLOAD_MBUF_FAST_FREE = 1L << 16;

    /** {@code RTE_PTYPE_L2_MASK}: the link layer (Ethernet, VLAN, ARP...). */
    public static final int PTYPE_L2_MASK = 0x0000000f;
    /** {@code RTE_PTYPE_L3_MASK}: the network layer (IPv4, IPv6, with or without extensions). */
    public static final int PTYPE_L3_MASK = 0x000000f0;
    /** {@code RTE_PTYPE_L4_MASK}: the transport layer (TCP, UDP, SCTP, ICMP, fragments). */
    public static final int PTYPE_L4_MASK = 0x00000f00;
    /** {@code RTE_PTYPE_TUNNEL_MASK}: tunnels (VXLAN, GRE, GENEVE...). */
    public static final int PTYPE_TUNNEL_MASK = 0x0000f000;
    /** {@code RTE_PTYPE_INNER_L2_MASK}. */
    public static final int PTYPE_INNER_L2_MASK = 0x000f0000;
    /** {@code RTE_PTYPE_INNER_L3_MASK}. */
    public static final int PTYPE_INNER_L3_MASK = 0x00f00000;
    /** {@code RTE_PTYPE_INNER_L4_MASK}. */
    public static final int PTYPE_INNER_L4_MASK = 0x0f000000;
    /** {@code RTE_PTYPE_ALL_MASK}: every layer. */
    public static final int PTYPE_ALL_MASK = 0x0fffffff;
    /** {@link #packetTypes()} when none were requested: the device classifies as it does by default. */
    public static final int PTYPES_DEVICE_DEFAULT = -1;

    /** testpmd's and the samples' default RX ring size. */
    public static final int DEFAULT_RX_DESC = 1024;
    /** testpmd's and the samples' default TX ring size. */
    public static final int DEFAULT_TX_DESC = 1024;

    /** {@link #rxQueueSocket(int)} and {@link #txQueueSocket(int)}: the device's own socket. */
    public static final int DEVICE_SOCKET = Integer.MIN_VALUE;

    private int rxQueues = 1;
    private int txQueues = 1;
    private int rxDesc = DEFAULT_RX_DESC;
    private int txDesc = DEFAULT_TX_DESC;
    private Mempool mempool;
    private List<RxSegment> rxSegments = List.of();
    private List<Mempool> rxMempools = List.of();
    private int rxQueueSocket = DEVICE_SOCKET;
    private int txQueueSocket = DEVICE_SOCKET;
    private boolean promiscuous = true;
    private long rssHashFunctions;
    private int mtu;
    private long rxOffloads;
    private long txOffloads;
    private int packetTypes = PTYPES_DEVICE_DEFAULT;
    private boolean offloadsAsGiven;
    private boolean linkStateInterrupt;
    private boolean removalInterrupt;
    private int linkSpeeds;
    private int maxLroPktSize;
    private int loopbackMode;
    private int rxMqModeMask = -1;
    private long[] rxQueueOffloads = new long[0];
    private long[] txQueueOffloads = new long[0];
    /** Per queue: 0 for the device's default deferred start, {@link #DEFERRED_OFF} or {@link #DEFERRED_ON}. */
    private long[] rxQueueDeferred = new long[0];
    private long[] txQueueDeferred = new long[0];
    /** Per queue: 0 for the port's {@link #rxDesc()}, else the queue's own descriptor count plus one. */
    private long[] rxQueueDesc = new long[0];
    private long[] txQueueDesc = new long[0];
    private static final long DEFERRED_OFF = 1;
    private static final long DEFERRED_ON = 2;

    /** {@code RTE_MAX_QUEUES_PER_PORT}: queue ids run below it. */
    public static final int MAX_QUEUES_PER_PORT = 1024;
    /** A queue threshold left as the device's default queue configuration has it (testpmd's {@code RTE_PMD_PARAM_UNSET}). */
    public static final int DEVICE_DEFAULT = -1;
    /** RX: prefetch, host and write-back registers, {@code rx_free_thresh}, {@code rx_drop_en}. */
    private int[] rxThresholds = {DEVICE_DEFAULT, DEVICE_DEFAULT, DEVICE_DEFAULT, DEVICE_DEFAULT, DEVICE_DEFAULT};
    /** TX: prefetch, host and write-back registers, {@code tx_free_thresh}, {@code tx_rs_thresh}. */
    private int[] txThresholds = {DEVICE_DEFAULT, DEVICE_DEFAULT, DEVICE_DEFAULT, DEVICE_DEFAULT, DEVICE_DEFAULT};

    /**
     * RX queues to set up, all drawing from {@link #mempool(Mempool)} (default 1).
     *
     * @param n 1 to the device's {@code max_rx_queues}, checked by {@link #conclude}
     * @return this
     */
    public PortConfig rxQueues(final int n)
    {
        rxQueues = n;
        return this;
    }

    /**
     * TX queues to set up (default 1).
     *
     * @param n 1 to the device's {@code max_tx_queues}, checked by {@link #conclude}
     * @return this
     */
    public PortConfig txQueues(final int n)
    {
        txQueues = n;
        return this;
    }

    /**
     * Descriptors per RX queue (default {@value #DEFAULT_RX_DESC}), which {@link Port#configure} adjusts to the
     * device's limits ({@code rte_eth_dev_adjust_nb_rx_tx_desc}).
     *
     * @param n 1..65535, or 0 for the PMD's preferred ring size ({@link DeviceInfo#defaultRxDesc()}, as
     *          {@code rte_eth_rx_queue_setup} picks it for 0); the mempool must hold more than {@code rxQueues * n}
     *          mbufs
     * @return this
     */
    public PortConfig rxDesc(final int n)
    {
        rxDesc = n;
        return this;
    }

    /**
     * Descriptors per TX queue (default {@value #DEFAULT_TX_DESC}), which {@link Port#configure} adjusts to the
     * device's limits ({@code rte_eth_dev_adjust_nb_rx_tx_desc}).
     *
     * @param n 1..65535, or 0 for the PMD's preferred ring size ({@link DeviceInfo#defaultTxDesc()})
     * @return this
     */
    public PortConfig txDesc(final int n)
    {
        txDesc = n;
        return this;
    }

    /**
     * The pool every RX queue draws from (required).
     *
     * @param pool a pool with more mbufs than the RX rings hold together
     * @return this
     */
    public PortConfig mempool(final Mempool pool)
    {
        mempool = pool;
        return this;
    }

    /**
     * One segment of an RX queue's buffer split ({@code struct rte_eth_rxseg_split}): the device puts the next
     * {@code length} bytes of a packet (or, with {@code protoHdr}, the headers up to that protocol) into an mbuf of
     * {@code pool}, {@code offset} bytes into its data room.
     *
     * @param pool     the pool of this segment's mbufs
     * @param length   the segment's bytes, 0 for the pool's data room (or a split by {@code protoHdr})
     * @param offset   where the data starts in the segment's buffer, after the headroom for the first segment
     * @param protoHdr {@code RTE_PTYPE_*} bits of the headers that end this segment, 0 for a split by length
     */
    public record RxSegment(Mempool pool, int length, int offset, int protoHdr)
    {
    }

    /**
     * Buffer split ({@code rx_conf.rx_seg} of {@code rte_eth_rx_queue_setup}, with no single pool): every RX queue
     * puts each packet into mbufs of these segments, in order. Takes effect only with
     * {@link #RX_OFFLOAD_BUFFER_SPLIT} among the RX offloads (ethdev refuses segments without it) on a device that has
     * the offload; {@link #mempool(Mempool)} is still required, for the checks of {@link #conclude}. An empty list,
     * the default, sets the queues up from {@link #mempool()}.
     *
     * @param segments the segments, at most 8 as testpmd allows
     * @return this
     */
    public PortConfig rxSegments(final List<RxSegment> segments)
    {
        rxSegments = List.copyOf(segments);
        return this;
    }

    /**
     * The buffer split segments of the RX queues.
     *
     * @return the segments {@link #rxSegments(List)} gave, empty unless set
     */
    public List<RxSegment> rxSegments()
    {
        return rxSegments;
    }

    /**
     * Several pools for every RX queue ({@code rx_conf.rx_mempools}, with no single pool): the device takes each
     * packet's buffer from the pool whose data room fits it best, on a device whose {@code max_rx_mempools} is at
     * least their number ({@link DeviceInfo.Details#maxRxMempools()}; ethdev refuses more). An empty list, the
     * default, sets the queues up from {@link #mempool()}.
     *
     * @param pools the pools
     * @return this
     */
    public PortConfig rxMempools(final List<Mempool> pools)
    {
        rxMempools = List.copyOf(pools);
        return this;
    }

    /**
     * The pools every RX queue takes buffers from when there are several.
     *
     * @return the pools {@link #rxMempools(List)} gave, empty unless set
     */
    public List<Mempool> rxMempools()
    {
        return rxMempools;
    }

    /**
     * The NUMA socket of the RX queues' descriptor rings ({@code rte_eth_rx_queue_setup}'s socket_id): testpmd's
     * {@code --ring-numa-config}, or the port's socket.
     *
     * @param socket a socket id, {@link Mempool#SOCKET_ID_ANY}, or {@link #DEVICE_SOCKET} (the default: the
     *               device's, {@code rte_eth_dev_socket_id})
     * @return this
     */
    public PortConfig rxQueueSocket(final int socket)
    {
        rxQueueSocket = socket;
        return this;
    }

    /**
     * The NUMA socket of the TX queues' descriptor rings, as {@link #rxQueueSocket}.
     *
     * @param socket a socket id, {@link Mempool#SOCKET_ID_ANY}, or {@link #DEVICE_SOCKET} (the default)
     * @return this
     */
    public PortConfig txQueueSocket(final int socket)
    {
        txQueueSocket = socket;
        return this;
    }

    /**
     * The RX queues' socket, as given to {@link #rxQueueSocket(int)}.
     *
     * @return a socket id, {@link Mempool#SOCKET_ID_ANY} or {@link #DEVICE_SOCKET}
     */
    public int rxQueueSocket()
    {
        return rxQueueSocket;
    }

    /**
     * The TX queues' socket, as given to {@link #txQueueSocket(int)}.
     *
     * @return a socket id, {@link Mempool#SOCKET_ID_ANY} or {@link #DEVICE_SOCKET}
     */
    public int txQueueSocket()
    {
        return txQueueSocket;
    }

    /**
     * Promiscuous mode after start (default on, as testpmd).
     *
     * @param on whether {@link Port#start()} turns promiscuous mode on or off
     * @return this
     */
    public PortConfig promiscuous(final boolean on)
    {
        promiscuous = on;
        return this;
    }

    /**
     * RSS hash functions ({@code RTE_ETH_RSS_*}); non-zero turns on RSS multi-queue RX when there is more than
     * one RX queue.
     *
     * @param rssHf an OR of {@code RTE_ETH_RSS_*} bits the device supports, or 0 for no RSS
     * @return this
     */
    public PortConfig rssHashFunctions(final long rssHf)
    {
        rssHashFunctions = rssHf;
        return this;
    }

    /**
     * RX offloads to request; those the device lacks are left out (unless {@link #offloadsAsGiven(boolean)}).
     *
     * @param offloads an OR of {@code RTE_ETH_RX_OFFLOAD_*} bits, e.g. {@link #RX_OFFLOAD_CHECKSUM}
     * @return this
     */
    public PortConfig rxOffloads(final long offloads)
    {
        rxOffloads = offloads;
        return this;
    }

    /**
     * TX offloads to request; those the device lacks are left out (unless {@link #offloadsAsGiven(boolean)}).
     *
     * @param offloads an OR of {@code RTE_ETH_TX_OFFLOAD_*} bits, e.g. {@link #TX_OFFLOAD_MBUF_FAST_FREE}
     * @return this
     */
    public PortConfig txOffloads(final long offloads)
    {
        txOffloads = offloads;
        return this;
    }

    /**
     * Passes the offloads to ethdev exactly as requested instead of leaving out those the device lacks: ethdev
     * then refuses such a configuration with its own message ({@link Port#configure} throws {@link DpdkException}),
     * as testpmd lets it refuse what its user asked for. Off by default.
     *
     * @param asGiven whether the port, queue and TX offloads go to ethdev unmasked
     * @return this
     */
    public PortConfig offloadsAsGiven(final boolean asGiven)
    {
        offloadsAsGiven = asGiven;
        return this;
    }

    /**
     * Asks the device for link state change interrupts ({@code intr_conf.lsc}), which {@link PortEvents} delivers
     * as {@link PortEvent#LINK_STATE_CHANGE}: asked only of a device that raises them
     * ({@link DeviceInfo#hasLinkStateInterrupt()}), as testpmd asks. Off by default: {@link Port#link()} polls.
     *
     * @param on whether to ask for them
     * @return this
     */
    public PortConfig linkStateInterrupt(final boolean on)
    {
        linkStateInterrupt = on;
        return this;
    }

    /**
     * Whether link state change interrupts are asked for ({@link #linkStateInterrupt(boolean)}).
     *
     * @return true when asked for
     */
    public boolean linkStateInterrupt()
    {
        return linkStateInterrupt;
    }

    /**
     * Asks the device for removal interrupts ({@code intr_conf.rmv}), which {@link PortEvents} delivers as
     * {@link PortEvent#REMOVAL}: asked only of a device that raises them ({@link DeviceInfo#hasRemovalInterrupt()}).
     * Off by default.
     *
     * @param on whether to ask for them
     * @return this
     */
    public PortConfig removalInterrupt(final boolean on)
    {
        removalInterrupt = on;
        return this;
    }

    /**
     * Whether removal interrupts are asked for ({@link #removalInterrupt(boolean)}).
     *
     * @return true when asked for
     */
    public boolean removalInterrupt()
    {
        return removalInterrupt;
    }

    /** {@code RTE_ETH_LINK_SPEED_FIXED}: with one speed's bit, that speed only, not negotiated. */
    public static final int LINK_SPEED_FIXED = 1;

    /**
     * One speed's {@code RTE_ETH_LINK_SPEED_*} bit, for {@link #linkSpeeds(int)} (with {@link #LINK_SPEED_FIXED} to
     * fix it): 10 and 100 Mbps have a half-duplex bit of their own, the faster speeds are full duplex only.
     *
     * @param mbps       10, 100, 1000, 10000, 25000, 40000, 50000, 100000 or 200000
     * @param halfDuplex the half-duplex bit of 10 or 100 Mbps
     * @return the bit, or 0 for a speed ethdev has no bit for here, or half duplex above 100 Mbps
     */
    public static int linkSpeedBit(final int mbps, final boolean halfDuplex)
    {
        return switch (mbps)
        {
            case 10 -> halfDuplex ? 1 << 1 : 1 << 2;
            case 100 -> halfDuplex ? 1 << 3 : 1 << 4;
            case 1000 -> halfDuplex ? 0 : 1 << 5;
            case 10000 -> halfDuplex ? 0 : 1 << 8;
            case 25000 -> halfDuplex ? 0 : 1 << 10;
            case 40000 -> halfDuplex ? 0 : 1 << 11;
            case 50000 -> halfDuplex ? 0 : 1 << 12;
            case 100000 -> halfDuplex ? 0 : 1 << 14;
            case 200000 -> halfDuplex ? 0 : 1 << 15;
            default -> 0;
        };
    }

    /**
     * The link speeds the port may negotiate or is fixed at ({@code link_speeds} of {@code rte_eth_conf}): an OR of
     * {@code RTE_ETH_LINK_SPEED_*} bits, with {@code RTE_ETH_LINK_SPEED_FIXED} (1) for one fixed speed; 0, the
     * default, autonegotiates every speed the device has.
     *
     * @param speeds the bits
     * @return this
     */
    public PortConfig linkSpeeds(final int speeds)
    {
        linkSpeeds = speeds;
        return this;
    }

    /**
     * The link speeds asked for ({@link #linkSpeeds(int)}).
     *
     * @return the {@code RTE_ETH_LINK_SPEED_*} bits, 0 for autonegotiation
     */
    public int linkSpeeds()
    {
        return linkSpeeds;
    }

    /**
     * The largest packet LRO may aggregate ({@code rxmode.max_lro_pkt_size}), checked by ethdev against the device's
     * limit when LRO is on; 0, the default, lets ethdev take the device's largest RX packet.
     *
     * @param bytes the size, or 0
     * @return this
     */
    public PortConfig maxLroPktSize(final int bytes)
    {
        maxLroPktSize = bytes;
        return this;
    }

    /**
     * The largest LRO aggregate asked for ({@link #maxLroPktSize(int)}).
     *
     * @return bytes, 0 for the device's largest RX packet
     */
    public int maxLroPktSize()
    {
        return maxLroPktSize;
    }

    /**
     * The loopback mode of the device ({@code rte_eth_conf.lpbk_mode}): 0 for none; what other values mean is the
     * driver's (ixgbe, for one, loops TX back to RX with 1). testpmd's {@code port config all|N loopback MODE}.
     *
     * @param mode the mode, 0 by default
     * @return this
     */
    public PortConfig loopbackMode(final int mode)
    {
        loopbackMode = mode;
        return this;
    }

    /**
     * The loopback mode asked of the device.
     *
     * @return the mode {@link #loopbackMode(int)} gave, 0 unless set
     */
    public int loopbackMode()
    {
        return loopbackMode;
    }

    /**
     * The RX multi-queue modes the port may use ({@code RTE_ETH_MQ_RX_*_FLAG} bits, testpmd's
     * {@code --rx-mq-mode}): {@link Port#configure} asks for RSS ({@code rxmode.mq_mode}) with several RX queues and
     * RSS functions only when the mask has {@code RTE_ETH_MQ_RX_RSS_FLAG} (1). Every mode by default.
     *
     * @param mask the allowed mode bits
     * @return this
     */
    public PortConfig rxMqModeMask(final int mask)
    {
        rxMqModeMask = mask;
        return this;
    }

    /**
     * The allowed RX multi-queue modes ({@link #rxMqModeMask(int)}).
     *
     * @return the {@code RTE_ETH_MQ_RX_*_FLAG} bits, -1 for all
     */
    public int rxMqModeMask()
    {
        return rxMqModeMask;
    }

    /**
     * Whether the offloads go to ethdev as requested ({@link #offloadsAsGiven(boolean)}).
     *
     * @return true when the device's capabilities do not mask them
     */
    public boolean offloadsAsGiven()
    {
        return offloadsAsGiven;
    }

    /**
     * The offloads RX queue {@code queue} is set up with ({@code rx_conf.offloads} of {@code rte_eth_rx_queue_setup},
     * which starts from the device's {@code default_rxconf}), as testpmd sets up each queue: ethdev gives every queue
     * the port's own {@link #rxOffloads()} anyway, and the bits beyond them must be in the device's
     * {@link DeviceInfo.Details#rxQueueOffloadCapa()}. Unless {@link #offloadsAsGiven()}, other bits are left out.
     *
     * @param queue    0 to {@value #MAX_QUEUES_PER_PORT} - 1
     * @param offloads an OR of {@code RTE_ETH_RX_OFFLOAD_*} bits, or 0 for the device's default queue configuration
     * @return this
     * @throws IllegalArgumentException for a queue id out of range
     */
    public PortConfig rxQueueOffloads(final int queue, final long offloads)
    {
        rxQueueOffloads = withQueue(rxQueueOffloads, queue, offloads);
        return this;
    }

    /**
     * The offloads TX queue {@code queue} is set up with ({@code tx_conf.offloads} of {@code rte_eth_tx_queue_setup}),
     * as {@link #rxQueueOffloads(int, long)} for RX: beyond the port's {@link #txOffloads()}, within the device's
     * {@link DeviceInfo.Details#txQueueOffloadCapa()}.
     *
     * @param queue    0 to {@value #MAX_QUEUES_PER_PORT} - 1
     * @param offloads an OR of {@code RTE_ETH_TX_OFFLOAD_*} bits, or 0 for the device's default queue configuration
     * @return this
     * @throws IllegalArgumentException for a queue id out of range
     */
    public PortConfig txQueueOffloads(final int queue, final long offloads)
    {
        txQueueOffloads = withQueue(txQueueOffloads, queue, offloads);
        return this;
    }

    /**
     * Whether RX queue {@code queue} waits for {@link Port#queueStartStop} after the port starts
     * ({@code rx_conf.rx_deferred_start}); unless set, the device's default (off for every device here).
     *
     * @param queue 0 to {@value #MAX_QUEUES_PER_PORT} - 1
     * @param on    true to defer the queue's start
     * @return this
     * @throws IllegalArgumentException for a queue id out of range
     */
    public PortConfig rxQueueDeferredStart(final int queue, final boolean on)
    {
        rxQueueDeferred = withQueue(rxQueueDeferred, queue, on ? DEFERRED_ON : DEFERRED_OFF);
        return this;
    }

    /**
     * Whether TX queue {@code queue} waits for {@link Port#queueStartStop} after the port starts
     * ({@code tx_conf.tx_deferred_start}), as {@link #rxQueueDeferredStart} for RX.
     *
     * @param queue 0 to {@value #MAX_QUEUES_PER_PORT} - 1
     * @param on    true to defer the queue's start
     * @return this
     * @throws IllegalArgumentException for a queue id out of range
     */
    public PortConfig txQueueDeferredStart(final int queue, final boolean on)
    {
        txQueueDeferred = withQueue(txQueueDeferred, queue, on ? DEFERRED_ON : DEFERRED_OFF);
        return this;
    }

    /**
     * RX queue {@code queue}'s own descriptor count (testpmd's {@code port config N rxq Q ring_size S}), in place of
     * the port's {@link #rxDesc(int)}, given to {@code rte_eth_rx_queue_setup} as it is (the port's count is adjusted
     * to the device's limits first); {@link #resetQueueSetups()} drops it again.
     *
     * @param queue 0 to {@value #MAX_QUEUES_PER_PORT} - 1
     * @param n     descriptors, 0 for the device's default (as {@code rte_eth_rx_queue_setup} picks it), to 65535
     * @return this
     * @throws IllegalArgumentException for a queue id or a count out of range
     */
    public PortConfig rxQueueDesc(final int queue, final int n)
    {
        rxQueueDesc = withQueue(rxQueueDesc, queue, descriptors(n) + 1L);
        return this;
    }

    /**
     * TX queue {@code queue}'s own descriptor count, as {@link #rxQueueDesc(int, int)} for RX.
     *
     * @param queue 0 to {@value #MAX_QUEUES_PER_PORT} - 1
     * @param n     descriptors, 0 for the device's default, to 65535
     * @return this
     * @throws IllegalArgumentException for a queue id or a count out of range
     */
    public PortConfig txQueueDesc(final int queue, final int n)
    {
        txQueueDesc = withQueue(txQueueDesc, queue, descriptors(n) + 1L);
        return this;
    }

    /**
     * Every queue back on the port's descriptor counts ({@link #rxDesc()}, {@link #txDesc()}) and the device's
     * deferred start, its own offloads kept, as testpmd's {@code rxtx_port_config} sets its queues from the device's
     * default configuration.
     *
     * @return this
     */
    public PortConfig resetQueueSetups()
    {
        rxQueueDesc = new long[0];
        txQueueDesc = new long[0];
        rxQueueDeferred = new long[0];
        txQueueDeferred = new long[0];
        return this;
    }

    /**
     * RX queue {@code queue}'s own descriptor count ({@link #rxQueueDesc(int, int)}).
     *
     * @param queue a queue id
     * @return the count, or -1 when the queue takes the port's
     */
    public int rxQueueDesc(final int queue)
    {
        return queue >= 0 && queue < rxQueueDesc.length ? (int)rxQueueDesc[queue] - 1 : -1;
    }

    /**
     * TX queue {@code queue}'s own descriptor count ({@link #txQueueDesc(int, int)}).
     *
     * @param queue a queue id
     * @return the count, or -1 when the queue takes the port's
     */
    public int txQueueDesc(final int queue)
    {
        return queue >= 0 && queue < txQueueDesc.length ? (int)txQueueDesc[queue] - 1 : -1;
    }

    private static int descriptors(final int n)
    {
        if (n < 0 || n > 0xFFFF)
        {
            throw new IllegalArgumentException("descriptor count " + n + " out of range 0..65535");
        }
        return n;
    }

    /** A queue's deferred start: as set, else the device's default. */
    private static boolean deferred(final long[] settings, final int queue, final boolean deviceDefault)
    {
        final long setting = queue >= 0 && queue < settings.length ? settings[queue] : 0;
        return setting == 0 ? deviceDefault : setting == DEFERRED_ON;
    }

    /**
     * The offloads requested for RX queue {@code queue} ({@link #rxQueueOffloads(int, long)}).
     *
     * @param queue a queue id
     * @return an OR of {@code RTE_ETH_RX_OFFLOAD_*} bits, 0 when none were set
     */
    public long rxQueueOffloads(final int queue)
    {
        return queue >= 0 && queue < rxQueueOffloads.length ? rxQueueOffloads[queue] : 0;
    }

    /**
     * The offloads requested for TX queue {@code queue} ({@link #txQueueOffloads(int, long)}).
     *
     * @param queue a queue id
     * @return an OR of {@code RTE_ETH_TX_OFFLOAD_*} bits, 0 when none were set
     */
    public long txQueueOffloads(final int queue)
    {
        return queue >= 0 && queue < txQueueOffloads.length ? txQueueOffloads[queue] : 0;
    }

    /**
     * Every RX queue's thresholds ({@code rx_thresh}, {@code rx_free_thresh}) and drop setting ({@code rx_drop_en}),
     * as testpmd's {@code --rxpt}, {@code --rxht}, {@code --rxwt}, {@code --rxfreet} and {@code --enable-drop-en}
     * set them; each {@link #DEVICE_DEFAULT} keeps the device's default ({@code default_rxconf}). The driver checks
     * them at {@code rte_eth_rx_queue_setup}; the virtual devices ignore them.
     *
     * @param pthresh    prefetch threshold register, 0..255
     * @param hthresh    host threshold register, 0..255
     * @param wthresh    write-back threshold register, 0..255
     * @param freeThresh {@code rx_free_thresh}, 0..65535
     * @param dropEnable {@code rx_drop_en}, 0 or 1
     * @return this
     * @throws IllegalArgumentException for a value out of range
     */
    public PortConfig rxThresholds(final int pthresh, final int hthresh, final int wthresh, final int freeThresh,
        final int dropEnable)
    {
        rxThresholds = new int[] {registerValue(pthresh), registerValue(hthresh), registerValue(wthresh),
            thresholdValue(freeThresh, 0xFFFF), thresholdValue(dropEnable, 1)};
        return this;
    }

    /**
     * Every TX queue's thresholds ({@code tx_thresh}, {@code tx_free_thresh}, {@code tx_rs_thresh}), as testpmd's
     * {@code --txpt}, {@code --txht}, {@code --txwt}, {@code --txfreet} and {@code --txrst} set them; each
     * {@link #DEVICE_DEFAULT} keeps the device's default ({@code default_txconf}).
     *
     * @param pthresh    prefetch threshold register, 0..255
     * @param hthresh    host threshold register, 0..255
     * @param wthresh    write-back threshold register, 0..255
     * @param freeThresh {@code tx_free_thresh}, 0..65535
     * @param rsThresh   {@code tx_rs_thresh}, 0..65535
     * @return this
     * @throws IllegalArgumentException for a value out of range
     */
    public PortConfig txThresholds(final int pthresh, final int hthresh, final int wthresh, final int freeThresh,
        final int rsThresh)
    {
        txThresholds = new int[] {registerValue(pthresh), registerValue(hthresh), registerValue(wthresh),
            thresholdValue(freeThresh, 0xFFFF), thresholdValue(rsThresh, 0xFFFF)};
        return this;
    }

    /**
     * What RX queue {@code queue} is set up with ({@code rx_conf} of {@code rte_eth_rx_queue_setup}): the device's
     * default with this configuration's thresholds, the queue's own offloads ({@link #rxQueueOffloads(int, long)},
     * else the default's) and deferred start ({@link #rxQueueDeferredStart}), before a port leaves out offloads the
     * device lacks.
     *
     * @param queue         a queue id
     * @param deviceDefault the device's {@link DeviceInfo#defaultRxQueue()}
     * @return the setup, with no descriptor count
     */
    public QueueInfo rxQueueSetup(final int queue, final QueueInfo deviceDefault)
    {
        final int[] t = rxThresholds;
        final long offloads = rxQueueOffloads(queue);
        return new QueueInfo(0, or(t[0], deviceDefault.pthresh()), or(t[1], deviceDefault.hthresh()),
            or(t[2], deviceDefault.wthresh()), or(t[3], deviceDefault.freeThresh()), 0,
            offloads != 0 ? offloads : deviceDefault.offloads(), "",
            t[4] == DEVICE_DEFAULT ? deviceDefault.dropEnabled() : t[4] != 0,
            deferred(rxQueueDeferred, queue, deviceDefault.deferredStart()), false,
            QueueInfo.STATE_STOPPED, 0);
    }

    /**
     * What TX queue {@code queue} is set up with ({@code tx_conf} of {@code rte_eth_tx_queue_setup}), as
     * {@link #rxQueueSetup} for RX.
     *
     * @param queue         a queue id
     * @param deviceDefault the device's {@link DeviceInfo#defaultTxQueue()}
     * @return the setup, with no descriptor count
     */
    public QueueInfo txQueueSetup(final int queue, final QueueInfo deviceDefault)
    {
        final int[] t = txThresholds;
        final long offloads = txQueueOffloads(queue);
        return new QueueInfo(0, or(t[0], deviceDefault.pthresh()), or(t[1], deviceDefault.hthresh()),
            or(t[2], deviceDefault.wthresh()), or(t[3], deviceDefault.freeThresh()), or(t[4], deviceDefault.rsThresh()),
            offloads != 0 ? offloads : deviceDefault.offloads(), "", false,
            deferred(txQueueDeferred, queue, deviceDefault.deferredStart()), false,
            QueueInfo.STATE_STOPPED, 0);
    }

    private static int or(final int value, final int deviceDefault)
    {
        return value == DEVICE_DEFAULT ? deviceDefault : value;
    }

    private static int registerValue(final int value)
    {
        return thresholdValue(value, 0xFF);
    }

    private static int thresholdValue(final int value, final int max)
    {
        if (value != DEVICE_DEFAULT && (value < 0 || value > max))
        {
            throw new IllegalArgumentException("threshold " + value + " out of range 0.." + max);
        }
        return value;
    }

    private static long[] withQueue(final long[] offloads, final int queue, final long value)
    {
        if (queue < 0 || queue >= MAX_QUEUES_PER_PORT)
        {
            throw new IllegalArgumentException("queue " + queue + " out of range 0.." + (MAX_QUEUES_PER_PORT - 1));
        }
        final long[] result = queue < offloads.length ? offloads : Arrays.copyOf(offloads, queue + 1);
        result[queue] = value;
        return result;
    }

    /**
     * The packet-type layers the application reads from {@code mbuf.packet_type}, as an OR of whole
     * {@code PTYPE_*_MASK} layers; 0 asks the device to classify nothing (DPDK's l2fwd does that, as it reads
     * no packet type). {@link Port#configure} passes it to {@code rte_eth_dev_set_ptypes}, which a device
     * without the operation ignores.
     *
     * @param layerMask an OR of {@code PTYPE_*_MASK} constants, or {@link #PTYPES_DEVICE_DEFAULT}
     * @return this
     */
    public PortConfig packetTypes(final int layerMask)
    {
        packetTypes = layerMask;
        return this;
    }

    /**
     * The packet-type layers requested.
     *
     * @return an OR of {@code PTYPE_*_MASK} layers, or {@link #PTYPES_DEVICE_DEFAULT} when none were requested
     */
    public int packetTypes()
    {
        return packetTypes;
    }

    /**
     * The RX offloads requested (what a port applies is this and its device's capabilities).
     *
     * @return an OR of {@code RTE_ETH_RX_OFFLOAD_*} bits
     */
    public long rxOffloads()
    {
        return rxOffloads;
    }

    /**
     * The TX offloads requested (what a port applies is this and its device's capabilities).
     *
     * @return an OR of {@code RTE_ETH_TX_OFFLOAD_*} bits
     */
    public long txOffloads()
    {
        return txOffloads;
    }

    /**
     * The requested RSS hash functions {@code info}'s device does not support: a port leaves them out, as testpmd
     * masks {@code rss_hf} with {@code flow_type_rss_offloads}, so asking for more never fails startup. With none
     * left, the port has no RSS and every packet goes to queue 0.
     *
     * @param info the device
     * @return the {@code RTE_ETH_RSS_*} bits left out
     */
    public long unsupportedRssHashFunctions(final DeviceInfo info)
    {
        return rssHashFunctions & ~info.flowTypeRssOffloads();
    }

    /**
     * The requested RX offloads {@code info}'s device does not support: a port leaves them out.
     *
     * @param info the device, from {@link Port#info()}
     * @return the requested bits missing from its {@code rx_offload_capa}, 0 when it has them all
     */
    public long unsupportedRxOffloads(final DeviceInfo info)
    {
        return rxOffloads & ~info.rxOffloadCapa();
    }

    /**
     * The requested TX offloads {@code info}'s device does not support: a port leaves them out.
     *
     * @param info the device, from {@link Port#info()}
     * @return the requested bits missing from its {@code tx_offload_capa}, 0 when it has them all
     */
    public long unsupportedTxOffloads(final DeviceInfo info)
    {
        return txOffloads & ~info.txOffloadCapa();
    }

    /**
     * MTU the port is configured with ({@code rxmode.mtu} of {@code rte_eth_dev_configure}, which checks it against
     * the device's limits and needs no {@code mtu_set} of the driver), or 0 for ethdev's default, 1500 or the device's
     * largest MTU if that is less.
     *
     * @param mtu bytes, within the device's {@code min_mtu..max_mtu}, or 0
     * @return this
     */
    public PortConfig mtu(final int mtu)
    {
        this.mtu = mtu;
        return this;
    }

    /**
     * RX queues to set up.
     *
     * @return the count, 1 unless set
     */
    public int rxQueues()
    {
        return rxQueues;
    }

    /**
     * TX queues to set up.
     *
     * @return the count, 1 unless set
     */
    public int txQueues()
    {
        return txQueues;
    }

    /**
     * Descriptors requested per RX queue, before the device's limits adjust them.
     *
     * @return the count, {@value #DEFAULT_RX_DESC} unless set
     */
    public int rxDesc()
    {
        return rxDesc;
    }

    /**
     * Descriptors requested per TX queue, before the device's limits adjust them.
     *
     * @return the count, {@value #DEFAULT_TX_DESC} unless set
     */
    public int txDesc()
    {
        return txDesc;
    }

    /**
     * The pool every RX queue draws from.
     *
     * @return the pool, or null until one is given
     */
    public Mempool mempool()
    {
        return mempool;
    }

    /**
     * Whether {@link Port#start()} turns promiscuous mode on.
     *
     * @return true unless set off
     */
    public boolean promiscuous()
    {
        return promiscuous;
    }

    /**
     * The RSS hash functions requested.
     *
     * @return an OR of {@code RTE_ETH_RSS_*} bits, 0 for no RSS
     */
    public long rssHashFunctions()
    {
        return rssHashFunctions;
    }

    /**
     * The MTU to set.
     *
     * @return bytes, or 0 to keep the device's default
     */
    public int mtu()
    {
        return mtu;
    }

    /**
     * Checks the configuration against the device: a pool is given and holds more mbufs than the RX rings,
     * descriptor counts are 1..65535, packet types name whole layers, and the queue counts are within what the
     * device offers (RSS functions it lacks are left out by {@link Port#configure}; the MTU is left to
     * {@code rte_eth_dev_configure}, which checks it with its own message). {@link Port#configure} calls it first; it touches nothing native.
     *
     * @param portId the port's id, for the messages
     * @param info   the device, from {@link Port#info()}
     * @return this
     * @throws IllegalArgumentException naming the first setting that cannot work
     */
    public PortConfig conclude(final int portId, final DeviceInfo info)
    {
        final String port = "port " + portId + " (" + info.driverName() + ")";
        if (mempool == null)
        {
            throw new IllegalArgumentException(port + ": no mempool given for its RX queues");
        }
        if (!rxSegments.isEmpty() && !rxMempools.isEmpty())
        {
            throw new IllegalArgumentException(port + ": RX queues take either buffer split segments or several " +
                "mempools, not both");
        }
        if (rxQueues < 1 || rxQueues > info.maxRxQueues())
        {
            throw new IllegalArgumentException(port + ": " + rxQueues + " RX queues requested, device supports 1.." +
                info.maxRxQueues());
        }
        if (txQueues < 1 || txQueues > info.maxTxQueues())
        {
            throw new IllegalArgumentException(port + ": " + txQueues + " TX queues requested, device supports 1.." +
                info.maxTxQueues());
        }
        if (rxDesc < 0 || rxDesc > 0xFFFF || txDesc < 0 || txDesc > 0xFFFF)
        {
            throw new IllegalArgumentException(port + ": descriptor counts must be 0 (the device's default) to " +
                "65535, got rxd=" + rxDesc + " txd=" + txDesc);
        }
        final long needed = (long)rxQueues * rxDescFor(info);
        if (mempool.size() <= needed)
        {
            throw new IllegalArgumentException(port + ": mempool " + mempool.name() + " has " + mempool.size() +
                " mbufs, too few for " + rxQueues + " RX queue(s) x " + rxDescFor(info) + " descriptors (" + needed +
                " mbufs fill the RX rings alone); use a larger pool or fewer descriptors");
        }
        if (packetTypes != PTYPES_DEVICE_DEFAULT)
        {
            checkPacketTypeLayers(port);
        }
        return this;
    }

    /**
     * The RX descriptors per queue on {@code info}'s device: {@link #rxDesc()}, or the device's default for 0.
     *
     * @param info the device
     * @return the count {@link Port#configure} asks DPDK for (before DPDK aligns it to the device's limits)
     */
    public int rxDescFor(final DeviceInfo info)
    {
        return rxDesc == 0 ? info.defaultRxDesc() : rxDesc;
    }

    /**
     * The TX descriptors per queue on {@code info}'s device: {@link #txDesc()}, or the device's default for 0.
     *
     * @param info the device
     * @return the count {@link Port#configure} asks DPDK for (before DPDK aligns it to the device's limits)
     */
    public int txDescFor(final DeviceInfo info)
    {
        return txDesc == 0 ? info.defaultTxDesc() : txDesc;
    }

    private void checkPacketTypeLayers(final String port)
    {
        if ((packetTypes & ~PTYPE_ALL_MASK) != 0)
        {
            throw new IllegalArgumentException(port + ": packet types 0x" + Integer.toHexString(packetTypes) +
                " has bits outside RTE_PTYPE_ALL_MASK");
        }
        for (int shift = 0; shift < 28; shift += 4)
        {
            final int layer = (packetTypes >>> shift) & 0xf;
            if (layer != 0 && layer != 0xf)
            {
                throw new IllegalArgumentException(port + ": packet types 0x" + Integer.toHexString(packetTypes) +
                    " names part of a layer; rte_eth_dev_set_ptypes takes whole RTE_PTYPE_*_MASK layers only");
            }
        }
    }
}
