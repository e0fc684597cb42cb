package io.jdpdk.apps.testpmd;

import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * A forwarding stream ({@code struct fwd_stream}): packets received on one port's RX queue go out
 * of another (or the same) port's TX queue. Holds the burst array the engine reuses and the
 * stream's counters, which only the forwarding lcore writes (read them for statistics after the
 * lcore stopped, or accept a torn view while it runs, as testpmd does).
 */
public final class FwdStream
{
    /** Port and queue to receive from. */
    public final Port rxPort;
    /** The queue of {@link #rxPort} to receive from. */
    public final int rxQueue;
    /** Port and queue to send on. */
    public final Port txPort;
    /** The queue of {@link #txPort} to send on. */
    public final int txQueue;
    /**
     * testpmd's {@code fs->disabled}: the stream's RX or TX queue (the one its engine uses) was stopped when
     * forwarding began ({@code port N rxq|txq Q stop}), so no lcore runs it.
     */
    boolean disabled;
    /** The run's parameters. */
    public final TestPmdConfig config;
    /** The pool generators (txonly, flowgen) allocate from. */
    public final Mempool pool;
    /** The burst array, {@code config.burst} entries. */
    public final MbufBurst burst;
    /** Whether a partial TX is retried ({@code fs->retry_enabled}). */
    private final boolean retry;

    /** Packets received (or generated). */
    public long rxPackets;
    /** Packets the TX queue took. */
    public long txPackets;
    /** Packets TX refused (freed). */
    public long fwdDropped;
    /** Packets received with a bad IPv4 header checksum by the PMD's verdict (csum mode). */
    public long rxBadIpCsum;
    /** Packets received with a bad L4 checksum by the PMD's verdict (csum mode). */
    public long rxBadL4Csum;
    /** Packets received with a bad outer L4 checksum by the PMD's verdict (csum mode). */
    public long rxBadOuterL4Csum;
    /** Packets received with a bad outer IPv4 header checksum by the PMD's verdict (csum mode). */
    public long rxBadOuterIpCsum;
    /**
     * Bursts received, by their size ({@code fs->rx_burst_stats}), when {@link TestPmdConfig#recordBurstStats} was on
     * as the stream was made; else null.
     */
    public final long[] rxBursts;
    /** Bursts TX took, by how many packets it took ({@code fs->tx_burst_stats}), as {@link #rxBursts}. */
    public final long[] txBursts;
    /** TSC cycles of the bursts that moved packets ({@code fs->core_cycles}), counted by the forwarding lcore. */
    public long coreCycles;
    /** Engine-private state (e.g. txonly's IP id, flowgen's next flow), set by the engine. */
    public long engineState;

    /**
     * A stream with zeroed counters and a burst array of {@code config.burst} entries.
     *
     * @param rxPort the port to receive from
     * @param rxQueue its RX queue
     * @param txPort the port to send on
     * @param txQueue its TX queue
     * @param config the run's parameters
     * @param pool the pool generators allocate from
     */
    public FwdStream(final Port rxPort, final int rxQueue, final Port txPort, final int txQueue,
        final TestPmdConfig config, final Mempool pool)
    {
        this.rxPort = rxPort;
        this.rxQueue = rxQueue;
        this.txPort = txPort;
        this.txQueue = txQueue;
        this.config = config;
        this.pool = pool;
        this.burst = new MbufBurst(config.burst);
        this.retry = config.txRetry;
        this.rxBursts = config.recordBurstStats ? new long[config.burst + 1] : null;
        // TX takes at most what RX gave, but for csum's GSO segments (testpmd's GSO_MAX_PKT_BURST, 2048).
        this.txBursts = config.recordBurstStats ? new long[Math.max(config.burst, CsumEngine.GSO_MAX_PKT_BURST) + 1] :
            null;
    }

    /** Zeroes the stream's counters, as testpmd's {@code fwd_stats_reset}. */
    public void clearCounters()
    {
        rxPackets = 0;
        txPackets = 0;
        fwdDropped = 0;
        rxBadIpCsum = 0;
        rxBadL4Csum = 0;
        rxBadOuterL4Csum = 0;
        rxBadOuterIpCsum = 0;
        coreCycles = 0;
        if (rxBursts != null)
        {
            Arrays.fill(rxBursts, 0);
            Arrays.fill(txBursts, 0);
        }
    }

    /**
     * Receives a burst from the stream's RX queue into {@link #burst} ({@code rte_eth_rx_burst}), counting it.
     *
     * @return how many packets were received
     */
    public int receive()
    {
        final int n = rxPort.rxBurst(rxQueue, burst);
        rxPackets += n;
        if (rxBursts != null)
        {
            rxBursts[n]++;
        }
        config.verbose.received(rxPort.id(), rxQueue, burst, n);
        return n;
    }

    /**
     * Sends {@link #burst} on the stream's TX queue and frees what TX did not take, counting both. With retry (the
     * mode set with {@code retry} when the stream was made), a partial TX is tried again up to
     * {@link TestPmdConfig#txRetryNum} times, {@link TestPmdConfig#txRetryDelayUs} µs apart, as testpmd's engines
     * do when {@code fs->retry_enabled}. The burst is empty afterwards.
     */
    public void sendOrFree()
    {
        sendOrFree(burst);
    }

    /**
     * {@link #sendOrFree()} of another burst than the stream's own (e.g. what an engine held back), counted in the
     * stream's statistics.
     *
     * @param packets the mbufs to send; empty afterwards
     * @return how many TX took
     */
    public int sendOrFree(final MbufBurst packets)
    {
        final int n = packets.count();
        if (n == 0)
        {
            return 0;
        }
        if (retry)
        {
            return sendWithRetry(packets, n);
        }
        config.verbose.sending(txPort.id(), txQueue, packets);
        final int sent = txPort.txBurstOrFree(txQueue, packets);
        txPackets += sent;
        fwdDropped += n - sent;
        if (txBursts != null)
        {
            txBursts[sent]++;
        }
        return sent;
    }

    private int sendWithRetry(final MbufBurst packets, final int n)
    {
        config.verbose.sending(txPort.id(), txQueue, packets);
        int sent = txPort.txBurst(txQueue, packets);
        for (long retries = 0; sent < n && retries < config.txRetryNum; retries++)
        {
            final long until = System.nanoTime() + TimeUnit.MICROSECONDS.toNanos(config.txRetryDelayUs);
            while (System.nanoTime() < until)
            {
                Thread.onSpinWait(); // rte_delay_us: a busy wait
            }
            config.verbose.sending(txPort.id(), txQueue, packets);
            sent += txPort.txBurst(txQueue, packets);
        }
        packets.freeAll();
        txPackets += sent;
        fwdDropped += n - sent;
        if (txBursts != null)
        {
            txBursts[sent]++;
        }
        return sent;
    }
}
