package io.jdpdk.pmd.pipeline;

import io.jdpdk.eal.Counters;
import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.MbufDynField;
import io.jdpdk.mempool.raw.MbufRaw;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.TxBuffer;
import org.agrona.concurrent.status.AtomicCounter;


/**
 * Sends what its input rings deliver: each packet to the port its burst chose (any started port;
 * one not known up front is looked up at its first packet, and one found unusable then stays refused
 * for this pipeline), buffered per port
 * and flushed with {@code rte_eth_tx_burst} when a port's buffer is full and at the Disruptor's end
 * of batch; what TX refuses and what was dropped is freed and counted. Every mbuf leaves here sent
 * or freed.
 */
final class TxStage extends RingStage implements CountedStage
{
    private final Port[] portsById;
    private final TxBuffer[] pending;
    /** Port ids looked up once and found unusable: their packets are dropped without another lookup. */
    private final boolean[] refused;
    /** Bit N set while {@code pending[N]} holds packets (port ids are below 64: RTE_MAX_ETHPORTS is 32). */
    private long pendingPorts;
    /** What {@link #loadHeaders} read, summed: kept so that its loads stay. */
    private long headerSum;
    private final int queue;
    private final int burstSize;
    private final TxLatencyListener latency;
    /** The RX stages' receive-time stamps, read when {@link #latency} is set. */
    private final MbufDynField rxTsc;
    /** Nanoseconds per TSC tick. */
    private final double nanosPerTick;
    private final AtomicCounter txPackets;
    private final AtomicCounter txDrops;
    private final AtomicCounter functionDrops;
    private final java.util.function.IntConsumer countDrops;

    /**
     * @param inOrder   whether to merge the input rings back into RX order ({@link RingStage})
     * @param portsById ports indexed by id (null where no port)
     * @param queue     the TX queue this stage owns on every port
     * @param latency   told the packets' nanoseconds since their {@code rxTsc} stamp as TX takes them, or null
     * @param rxTsc     the field the RX stages stamp, when {@code latency} is set
     * @param tscHz     TSC ticks per second
     */
    TxStage(final int index, final PacketRing[] in, final boolean inOrder, final Port[] portsById, final int queue,
        final int burstSize, final TxLatencyListener latency, final MbufDynField rxTsc, final long tscHz)
    {
        super(in, inOrder);
        this.portsById = portsById;
        this.queue = queue;
        this.burstSize = burstSize;
        this.latency = latency;
        this.rxTsc = rxTsc;
        this.nanosPerTick = 1e9 / tscHz;
        txPackets = Counters.get().newCounter("pipeline tx " + index + ": packets sent", Counters.TX_PACKETS);
        txDrops = Counters.get().newCounter("pipeline tx " + index + ": refused by TX, freed", Counters.TX_DROPS);
        countDrops = n -> txDrops.getAndAddRelease(n);
        pending = new TxBuffer[portsById.length];
        refused = new boolean[portsById.length];
        for (int p = 0; p < portsById.length; p++)
        {
            if (portsById[p] != null)
            {
                pending[p] = new TxBuffer(portsById[p], queue, burstSize, countDrops);
            }
        }
        functionDrops = Counters.get().newCounter("pipeline tx " + index + ": dropped by the function, freed",
            Counters.FUNCTION_DROPS);
    }

    @Override
    public boolean onEvent(final PacketBurst burst, final long sequence, final boolean endOfBatch)
    {
        final MbufBurst mbufs = burst.mbufs();
        // As the burst is taken: its slot read, nothing of it yet (not even its count, which RX wrote last)
        final long now = latency == null ? 0 : EalRaw.rdtsc();
        final int n = mbufs.count();
        loadHeaders(mbufs, n);
        if (latency != null)
        {
            recordLatency(mbufs, n, now);
        }
        final int first = n == 0 ? PacketBurst.DROP : burst.outPort(0);
        if (n > 0 && burst.allTo(first) && first >= 0 && first < pending.length &&
            (pending[first] != null || resolve(first)) && pending[first].length() == 0)
        {
            // The whole burst goes to one port and nothing is buffered for it: send it as it is.
            final int sent = portsById[first].txBurstOrFree(queue, mbufs);
            txPackets.getAndAddRelease(sent);
            if (sent < n)
            {
                txDrops.getAndAddRelease(n - sent);
            }
        }
        else
        {
            buffer(burst, mbufs, n);
        }
        work += n;
        if (endOfBatch)
        {
            flushAll();
        }
        return true;
    }

    /**
     * Loads the first two cache lines of every mbuf in the burst ({@code pool}, {@code next}) in one pass, before the
     * latency stamps, the PMD's TX and the frees read them. The burst comes from another lcore, which wrote those
     * lines last: each is a miss to that core's cache. Taken one mbuf at a time inside {@code rte_eth_tx_burst}
     * (net_null frees each packet, {@code rte_pktmbuf_free}: dozens of instructions apart) they overlap little;
     * here, with nothing between them, they all overlap. Java has no prefetch instruction, so these are plain loads
     * whose sum is kept ({@link #headerSum}), that the JIT may not drop. Measured on two net_null ports, RX and TX
     * on two vCPUs, taking turns against the same pipeline without it: 1.31 and 1.32 times the throughput (either
     * order).
     */
    private void loadHeaders(final MbufBurst mbufs, final int n)
    {
        long sum = 0;
        for (int i = 0; i < n; i++)
        {
            final long m = mbufs.get(i);
            sum += Memory.getLong(m + MbufRaw.POOL) + Memory.getLong(m + MbufRaw.NEXT);
        }
        headerSum = sum;
    }

    /**
     * The packets' time from their RX stamp to {@code now}, the TSC read as the burst was taken (before
     * {@link #loadHeaders}), told once per run of packets with the same stamp (RX stamps a burst with one reading):
     * one call per burst, not 32, on the TX lcore between taking a burst and sending it. One pass over the stamps,
     * no copy: the bursts RX hands on carry one stamp each, so this is 32 loads and one call. 0 when the reading is
     * below the stamp (the TSCs of two cores may differ by a few ticks, and RDTSC does not wait for earlier loads).
     * The stamp field is one of the mbuf's dynamic fields, in its second cache line (with {@code next}), which
     * {@link #loadHeaders} has just read.
     */
    private void recordLatency(final MbufBurst mbufs, final int n, final long now)
    {
        if (n == 0)
        {
            return;
        }
        long stamp = rxTsc.getLong(mbufs.get(0));
        int from = 0;
        for (int i = 1; i < n; i++)
        {
            final long next = rxTsc.getLong(mbufs.get(i));
            if (next != stamp)
            {
                tellLatency(now, stamp, i - from);
                stamp = next;
                from = i;
            }
        }
        tellLatency(now, stamp, n - from);
    }

    private void tellLatency(final long now, final long stamp, final int packets)
    {
        latency.onLatency((long)(Math.max(0, now - stamp) * nanosPerTick), packets);
    }

    /** Sorts the burst's packets into the per-port buffers (flushing full ones) and frees the dropped. */
    private void buffer(final PacketBurst burst, final MbufBurst mbufs, final int n)
    {
        int dropped = 0;
        for (int i = 0; i < n; i++)
        {
            final int port = burst.outPort(i);
            final long m = mbufs.get(i);
            if (port < 0 || port >= pending.length || (pending[port] == null && !resolve(port)))
            {
                MbufRaw.pktmbuf_free(m);
                dropped++;
                continue;
            }
            pendingPorts |= 1L << port;
            final int sent = pending[port].buffer(m);
            if (pending[port].length() == 0)
            {
                pendingPorts &= ~(1L << port); // it flushed itself, being full
                txPackets.getAndAddRelease(sent);
            }
        }
        mbufs.count(0);
        if (dropped > 0)
        {
            functionDrops.getAndAddRelease(dropped);
        }
    }

    /**
     * First packet for a port not given up front: look it up once (allocates its TX buffer). A port id found
     * unusable is remembered, so later packets for it are dropped without a lookup, an exception or an
     * allocation; the pipeline has to be rebuilt to send to a port started after that.
     *
     * @return false when there is no usable port with that id or it lacks this stage's TX queue
     */
    private boolean resolve(final int portId)
    {
        if (refused[portId])
        {
            return false;
        }
        try
        {
            final Port port = Port.of(portId);
            if (port.isStarted() && port.txQueues() > queue)
            {
                portsById[portId] = port;
                pending[portId] = new TxBuffer(port, queue, burstSize, countDrops);
                return true;
            }
        }
        catch (final RuntimeException ex)
        {
            // no such port: refused below
        }
        refused[portId] = true;
        return false;
    }

    private void flush(final int port)
    {
        pendingPorts &= ~(1L << port);
        final int sent = pending[port].flush();
        if (sent > 0)
        {
            txPackets.getAndAddRelease(sent);
        }
    }

    @Override
    void endOfCycle()
    {
        flushAll();
    }

    /** Packets sent. */
    long packets()
    {
        return txPackets.get();
    }

    /** Packets the port refused and the stage freed. */
    long txDrops()
    {
        return txDrops.get();
    }

    /** Packets the function dropped (or sent to no usable port), freed here. */
    long functionDrops()
    {
        return functionDrops.get();
    }

    private void flushAll()
    {
        while (pendingPorts != 0)
        {
            flush(Long.numberOfTrailingZeros(pendingPorts));
        }
    }

    @Override
    public void freeCounters()
    {
        Counters.get().free(txPackets, txDrops, functionDrops);
    }

    @Override
    public void onClose()
    {
        for (final TxBuffer b : pending)
        {
            if (b != null)
            {
                b.close(); // frees what still waits
            }
        }
    }

    @Override
    public String roleName()
    {
        return "pipeline-tx";
    }
}
