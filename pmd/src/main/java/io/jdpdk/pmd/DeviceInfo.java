package io.jdpdk.pmd;

import io.jdpdk.pmd.raw.EthdevRaw;

/**
 * What a port's driver reports about the device ({@code rte_eth_dev_info}), read once on the
 * control path.
 *
 * @param driverName     the PMD, e.g. {@code net_null}, {@code net_pcap}, {@code mlx5_pci}
 * @param maxRxQueues    RX queues the device supports
 * @param maxTxQueues    TX queues the device supports
 * @param rxDescMax      most RX descriptors per queue
 * @param rxDescMin      fewest RX descriptors per queue
 * @param txDescMax      most TX descriptors per queue
 * @param txDescMin      fewest TX descriptors per queue
 * @param minMtu         smallest MTU
 * @param maxMtu         largest MTU
 * @param maxRxPktLen    largest frame the device receives
 * @param rxOffloadCapa  {@code RTE_ETH_RX_OFFLOAD_*} bits
 * @param txOffloadCapa  {@code RTE_ETH_TX_OFFLOAD_*} bits
 * @param flowTypeRssOffloads RSS hash functions the device supports ({@code RTE_ETH_RSS_*})
 * @param hashKeySize    bytes of the device's RSS hash key ({@code hash_key_size}), 0 when it reports none
 * @param ifIndex        kernel interface index (net_tap, af_packet), else 0
 * @param socketId       NUMA socket, or -1 when unknown
 * @param rxBurstSize    the PMD's recommended RX burst size ({@code default_rxportconf.burst_size}), 0 for none
 * @param txBurstSize    the PMD's recommended TX burst size ({@code default_txportconf.burst_size}), 0 for none
 * @param rxRingSize     the PMD's preferred RX ring size ({@code default_rxportconf.ring_size}), 0 for none
 * @param txRingSize     the PMD's preferred TX ring size ({@code default_txportconf.ring_size}), 0 for none
 * @param defaultRxQueue the device's default RX queue configuration ({@code default_rxconf})
 * @param defaultTxQueue the device's default TX queue configuration ({@code default_txconf})
 * @param busName        the bus the device is on ({@code rte_bus_name}): {@code "pci"}, {@code "vdev"}...
 * @param busInfo        what the bus says of it ({@code rte_dev_bus_info}): for PCI, vendor and device ids
 * @param details        the rest of what the driver reports, as testpmd's {@code show port info} prints it
 */
public record DeviceInfo(
    String driverName,
    int maxRxQueues,
    int maxTxQueues,
    int rxDescMax,
    int rxDescMin,
    int txDescMax,
    int txDescMin,
    int minMtu,
    int maxMtu,
    int maxRxPktLen,
    long rxOffloadCapa,
    long txOffloadCapa,
    long flowTypeRssOffloads,
    int hashKeySize,
    int ifIndex,
    int socketId,
    int rxBurstSize,
    int txBurstSize,
    int rxRingSize,
    int txRingSize,
    QueueInfo defaultRxQueue,
    QueueInfo defaultTxQueue,
    String busName,
    String busInfo,
    Details details)
{
    /** {@code RTE_ETH_DEV_SWITCH_DOMAIN_ID_INVALID}: the device is on no switch domain. */
    public static final int SWITCH_DOMAIN_ID_INVALID = 0xFFFF;

    /**
     * The rest of {@code rte_eth_dev_info}, and the device's arguments.
     *
     * @param minRxBufSize      smallest RX buffer the device takes ({@code min_rx_bufsize})
     * @param maxLroPktSize     largest LRO aggregate ({@code max_lro_pkt_size})
     * @param maxMacAddrs       MAC addresses the device filters on ({@code max_mac_addrs})
     * @param maxHashMacAddrs   MAC addresses of its hash filter ({@code max_hash_mac_addrs})
     * @param maxVfs            virtual functions ({@code max_vfs})
     * @param maxVmdqPools      VMDq pools ({@code max_vmdq_pools})
     * @param retaSize          entries of the RSS redirection table ({@code reta_size})
     * @param rxDescAlign       RX descriptor count alignment ({@code rx_desc_lim.nb_align})
     * @param txDescAlign       TX descriptor count alignment ({@code tx_desc_lim.nb_align})
     * @param txSegMax          most segments per TX packet ({@code tx_desc_lim.nb_seg_max})
     * @param txMtuSegMax       most segments per MTU or TSO packet ({@code tx_desc_lim.nb_mtu_seg_max})
     * @param devCapa           {@code RTE_ETH_DEV_CAPA_*} bits
     * @param switchName        the switch's name ({@code switch_info.name}), or null
     * @param switchDomainId    its domain, {@link #SWITCH_DOMAIN_ID_INVALID} for none
     * @param switchPortId      the port's id on the switch
     * @param switchRxDomain    the shared RX queue domain
     * @param errHandleMode     {@code enum rte_eth_err_handle_mode}: 0 none, 1 passive, 2 proactive
     * @param devArgs           the device's arguments ({@code rte_dev_devargs(device)->args}), or null
     * @param rxQueueOffloadCapa the RX offloads a single queue may have on its own ({@code rx_queue_offload_capa}),
     *                          a part of {@link DeviceInfo#rxOffloadCapa()}
     * @param txQueueOffloadCapa the TX offloads a single queue may have on its own ({@code tx_queue_offload_capa})
     * @param nbRxQueues        RX queues the port is configured with now ({@code nb_rx_queues}), 0 before
     *                          {@link Port#configure}
     * @param nbTxQueues        TX queues the port is configured with now ({@code nb_tx_queues})
     * @param speedCapa         the link speeds the device supports ({@code speed_capa}, {@code RTE_ETH_LINK_SPEED_*}
     *                          bits)
     * @param devFlags          the device's {@code RTE_ETH_DEV_*} flags ({@code *dev_flags}): which interrupts it
     *                          raises ({@link #hasLinkStateInterrupt()}), whether it is a representor...
     * @param maxRxMempools     most pools an RX queue takes buffers from ({@code max_rx_mempools},
     *                          {@link PortConfig#rxMempools}), 0 for a device that takes one
     */
    public record Details(int minRxBufSize, int maxLroPktSize, int maxMacAddrs, int maxHashMacAddrs, int maxVfs,
        int maxVmdqPools, int retaSize, int rxDescAlign, int txDescAlign, int txSegMax, int txMtuSegMax, long devCapa,
        String switchName, int switchDomainId, int switchPortId, int switchRxDomain, int errHandleMode, String devArgs,
        long rxQueueOffloadCapa, long txQueueOffloadCapa, int nbRxQueues, int nbTxQueues, int speedCapa,
        int devFlags, int maxRxMempools)
    {
    }

    /**
     * Whether the device raises link state change interrupts ({@code RTE_ETH_DEV_INTR_LSC}), which
     * {@link PortConfig#linkStateInterrupt(boolean)} turns on and {@link PortEvents} then delivers as
     * {@link PortEvent#LINK_STATE_CHANGE}.
     *
     * @return true for net_tap, most NICs; false for net_null, net_ring, net_pcap
     */
    public boolean hasLinkStateInterrupt()
    {
        return (details.devFlags() & EthdevRaw.DEV_INTR_LSC) != 0;
    }

    /**
     * Whether the device raises removal interrupts ({@code RTE_ETH_DEV_INTR_RMV}), which
     * {@link PortConfig#removalInterrupt(boolean)} turns on and {@link PortEvents} then delivers as
     * {@link PortEvent#REMOVAL}.
     *
     * @return true for devices that can go away under the application (mlx5, failsafe, PCI drivers that ask for
     *         removal interrupts)
     */
    public boolean hasRemovalInterrupt()
    {
        return (details.devFlags() & EthdevRaw.DEV_INTR_RMV) != 0;
    }

    /** {@code RTE_ETH_DEV_FALLBACK_RX_RINGSIZE} and {@code RTE_ETH_DEV_FALLBACK_TX_RINGSIZE}. */
    public static final int FALLBACK_RING_SIZE = 512;

    /**
     * The RX descriptors a queue gets when the application asks for none, as {@code rte_eth_rx_queue_setup}
     * picks them for {@code nb_rx_desc = 0} (what testpmd does without {@code --rxd}).
     *
     * @return {@link #rxRingSize()}, or {@link #FALLBACK_RING_SIZE} when the PMD prefers none
     */
    public int defaultRxDesc()
    {
        return rxRingSize != 0 ? rxRingSize : FALLBACK_RING_SIZE;
    }

    /**
     * The TX descriptors a queue gets when the application asks for none, as {@code rte_eth_tx_queue_setup}
     * picks them for {@code nb_tx_desc = 0}.
     *
     * @return {@link #txRingSize()}, or {@link #FALLBACK_RING_SIZE} when the PMD prefers none
     */
    public int defaultTxDesc()
    {
        return txRingSize != 0 ? txRingSize : FALLBACK_RING_SIZE;
    }

    /**
     * The bytes of a frame beyond its MTU on this device, as DPDK's samples compute it ({@code get_eth_overhead} in
     * testpmd, {@code eth_dev_get_overhead_len} in ethdev): the maximum frame less the maximum MTU where the device
     * reports both, else the Ethernet header and CRC (18).
     *
     * @return the overhead in bytes: {@code --max-pkt-len} less this is the MTU
     */
    public int ethOverhead()
    {
        // max_rx_pktlen is a uint32_t: UINT32_MAX (-1 here) where the device sets no limit, as net_null.
        return maxMtu != 0xFFFF && Integer.toUnsignedLong(maxRxPktLen) > maxMtu ? maxRxPktLen - maxMtu : 14 + 4;
    }
}
