package io.jdpdk.apps.l2fwd;

import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.pmd.Port;

/**
 * A TX buffer for one queue of one port, as {@code struct rte_eth_dev_tx_buffer} with
 * {@code rte_eth_tx_buffer_count_callback}: {@link #buffer} collects mbufs and sends them as one
 * burst when {@code size} are waiting; {@link #flush} sends whatever is waiting (l2fwd calls it
 * every ~100 us); the mbufs the PMD does not take are freed and counted as the port's dropped
 * packets in a {@link PortStatistics}. Packets sent are the caller's to count, as in l2fwd.
 * <pre>
 *   buffer(m) ──► [ m0 m1 ... m(size-1) ] ──full or flush()──► rte_eth_tx_burst ──► sent
 *                                                                └──► not taken: freed, dropped += n
 * </pre>
 * Fast path: allocation-free, no exceptions. One owner thread: the lcore that feeds it, which is
 * then the single writer of the port's dropped counter.
 */
public final class TxBuffer implements AutoCloseable
{
    private final Port port;
    private final int queue;
    private final int portId;
    private final MbufBurst pkts;
    private final PortStatistics statistics;

    /**
     * A buffer of {@code size} mbufs (1..65535) for {@code queue} of {@code port}, counting refused
     * packets as {@code statistics.dropped(port.id())}.
     */
    public TxBuffer(final Port port, final int queue, final int size, final PortStatistics statistics)
    {
        this.port = port;
        this.queue = queue;
        this.portId = port.id();
        this.pkts = new MbufBurst(size);
        this.statistics = statistics;
    }

    /** The port the buffer sends on. */
    public Port port()
    {
        return port;
    }

    /**
     * Takes ownership of {@code mbuf}; sends the buffer when it is full ({@code rte_eth_tx_buffer}).
     *
     * @return the number of packets sent by this call: 0 while the buffer fills
     */
    public int buffer(final long mbuf)
    {
        pkts.add(mbuf);
        if (pkts.count() < pkts.capacity())
        {
            return 0;
        }
        return flush();
    }

    /**
     * Sends every buffered packet ({@code rte_eth_tx_buffer_flush}); what the PMD refuses is freed and
     * counted as dropped. The buffer is empty afterwards.
     *
     * @return the number of packets sent
     */
    public int flush()
    {
        final int n = pkts.count();
        if (n == 0)
        {
            return 0;
        }
        final int sent = port.txBurstOrFree(queue, pkts);
        if (sent < n)
        {
            statistics.addDropped(portId, n - sent);
        }
        return sent;
    }

    /** Packets waiting in the buffer. */
    public int length()
    {
        return pkts.count();
    }

    /** Frees the buffer's array; flush first, or the mbufs still waiting are lost to their pool. */
    @Override
    public void close()
    {
        pkts.close();
    }
}
