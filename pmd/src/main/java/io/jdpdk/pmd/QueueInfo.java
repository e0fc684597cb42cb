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
 * @param mempool    the pool an RX queue draws from ("NULL" when the driver names none); "" for TX and defaults
 * @param dropEnabled   {@code rx_drop_en}: drop when no descriptor is free (RX)
 * @param deferredStart {@code rx/tx_deferred_start}: not started by {@code rte_eth_dev_start}
 * @param scattered  {@code scattered_rx}: frames may span several mbufs (RX)
 * @param state      {@code queue_state}: {@link #STATE_STOPPED}, {@link #STATE_STARTED} or hairpin (2)
 * @param bufSize    {@code rx_buf_size}: the hardware's receive buffer size, 0 when not reported (RX)
 */
public record QueueInfo(int nbDesc, int pthresh, int hthresh, int wthresh, int freeThresh, int rsThresh,
    long offloads, String mempool, boolean dropEnabled, boolean deferredStart, boolean scattered, int state,
    int bufSize)
{
    /** {@code RTE_ETH_QUEUE_STATE_STOPPED}. */
    public static final int STATE_STOPPED = 0;
    /** {@code RTE_ETH_QUEUE_STATE_STARTED}. */
    public static final int STATE_STARTED = 1;

    /**
     * The same setup with another descriptor count and offloads, as testpmd shows a queue the driver does not
     * report: what it asked for, with the device's default thresholds.
     *
     * @param descriptors the descriptor count to show
     * @param moreOffloads offloads to add to this one's
     * @return the copy
     */
    public QueueInfo withDescriptors(final int descriptors, final long moreOffloads)
    {
        return new QueueInfo(descriptors, pthresh, hthresh, wthresh, freeThresh, rsThresh, offloads | moreOffloads,
            mempool, dropEnabled, deferredStart, scattered, state, bufSize);
    }
}
