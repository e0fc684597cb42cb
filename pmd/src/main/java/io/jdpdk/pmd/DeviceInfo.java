package io.jdpdk.pmd;

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
 * @param ifIndex        kernel interface index (net_tap, af_packet), else 0
 * @param socketId       NUMA socket, or -1 when unknown
 * @param rxBurstSize    the PMD's recommended RX burst size ({@code default_rxportconf.burst_size}), 0 for none
 * @param txBurstSize    the PMD's recommended TX burst size ({@code default_txportconf.burst_size}), 0 for none
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
    int ifIndex,
    int socketId,
    int rxBurstSize,
    int txBurstSize)
{
}
