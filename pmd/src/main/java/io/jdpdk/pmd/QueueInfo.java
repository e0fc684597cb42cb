package io.jdpdk.pmd;

/**
 * An RX or TX queue's setup as its driver reports it ({@code rte_eth_rx_queue_info_get},
 * {@code rte_eth_tx_queue_info_get}), or a device's default queue configuration ({@code default_rxconf},
 * {@code default_txconf} of {@code rte_eth_dev_info}, with no descriptor count). Control path.
 *
 * @param nbDesc     descriptors in the ring (0 in a device's default)
 * @param pthresh    prefetch threshold register
 * @param hthresh    host threshold register
 * @param wthresh    write-back threshold register
 * @param freeThresh {@code rx_free_thresh} or {@code tx_free_thresh}
 * @param rsThresh   {@code tx_rs_thresh}; 0 for an RX queue
 * @param offloads   the queue's {@code RTE_ETH_RX_OFFLOAD_*} or {@code RTE_ETH_TX_OFFLOAD_*} bits
 */
public record QueueInfo(int nbDesc, int pthresh, int hthresh, int wthresh, int freeThresh, int rsThresh,
    long offloads)
{
}
