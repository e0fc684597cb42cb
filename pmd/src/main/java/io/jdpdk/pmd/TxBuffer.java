package io.jdpdk.pmd;

import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.MbufBurst;

import java.util.function.IntConsumer;

/**
 * A TX buffer for one queue of one port, with DPDK's {@code struct rte_eth_dev_tx_buffer} semantics:
 * {@link #buffer} collects mbufs and sends them as one burst when {@link #size()} are waiting
 * ({@code rte_eth_tx_buffer}); {@link #flush} sends whatever is waiting ({@code rte_eth_tx_buffer_flush}), which
 * an lcore does on a timer (DPDK's samples every ~100 us) so a trickle of packets does not wait for a full
 * burst. The mbufs the PMD does not take are freed, counted in {@link #dropped()} and reported to the drop
 * callback, as {@code rte_eth_tx_buffer_count_callback} does.
 * <pre>
 *   buffer(m) ──► [ m0 m1 ... m(size-1) ] ──full or flush()──► rte_eth_tx_burst ──► sent
 *                                                               └──► not taken: freed, dropped += n, onDrop(n)
 * </pre>
 * Fast path: allocation-free, no exceptions. One owner thread, the lcore that feeds it; {@link #sent()} and
 * {@link #dropped()} are plain fields for that thread (read them elsewhere after it stopped), the drop callback
 * runs on it.
 */
public final class TxBuffer implements AutoCloseable
{
    private static final IntConsumer NO_CALLBACK = n -> { };

    private final Port port;
    private final int queue;
    private final MbufBurst pkts;
    private final IntConsumer onDrop;
    private long sent;
    private long dropped;
    private boolean closed;

    /**
     * A buffer of {@code size} mbufs for {@code queue} of {@code port}; drops are only counted.
     *
     * @param port  the port to send on
     * @param queue a TX queue the port was configured with
     * @param size  packets that make a full buffer, 1..65535
     * @throws IllegalArgumentException when {@code size} or {@code queue} is out of range
     */
    public TxBuffer(final Port port, final int queue, final int size)
    {
        this(port, queue, size, NO_CALLBACK);
    }

    /**
     * A buffer of {@code size} mbufs (1..65535) for {@code queue} of {@code port}; {@code onDrop} is given the
     * number of packets each flush had to free, e.g. to add them to a statistics counter.
     *
     * @param port   the port to send on
     * @param queue  a TX queue the port was configured with
     * @param size   packets that make a full buffer, 1..65535
     * @param onDrop called on the owner lcore with the number of packets a flush freed (never 0)
     * @throws IllegalArgumentException when {@code size} or {@code queue} is out of range
     */
    public TxBuffer(final Port port, final int queue, final int size, final IntConsumer onDrop)
    {
        if (size < 1 || size > 0xFFFF)
        {
            throw new IllegalArgumentException("TX buffer size must be 1..65535, got " + size);
        }
        this.port = java.util.Objects.requireNonNull(port, "port");
        if (queue < 0 || queue >= port.txQueues())
        {
            throw new IllegalArgumentException("port " + port.id() + " has " + port.txQueues() + " TX queues (configure it " +
                "first); no TX queue " + queue);
        }
        this.queue = queue;
        this.pkts = new MbufBurst(size);
        this.onDrop = java.util.Objects.requireNonNull(onDrop, "onDrop");
    }

    /**
     * The port the buffer sends on.
     *
     * @return the port given at construction
     */
    public Port port()
    {
        return port;
    }

    /**
     * The TX queue the buffer sends on.
     *
     * @return the queue id given at construction
     */
    public int queue()
    {
        return queue;
    }

    /**
     * How many packets make a full buffer, which {@link #buffer} then sends.
     *
     * @return the size given at construction, 1..65535
     */
    public int size()
    {
        return pkts.capacity();
    }

    /**
     * Packets waiting in the buffer.
     *
     * @return the number waiting, less than {@link #size()} between calls
     */
    public int length()
    {
        return pkts.count();
    }

    /**
     * Takes ownership of {@code mbuf}; sends the buffer when it is full ({@code rte_eth_tx_buffer}).
     *
     * @param mbuf the address of the mbuf to send; the buffer sends or frees it
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
     * Buffers, in order, every mbuf {@code i} of {@code mbufs[0 .. n)} whose {@code tags[i]} is {@code tag}, sending
     * the buffer each time it fills: the demultiplexing step of a burst whose output ports were computed first
     * (l3fwd's {@code send_packets_multi}), one pass per output port, with the buffer's length kept in a register
     * rather than read and written back per packet. Allocation-free.
     *
     * @param mbufs the burst, its mbufs owned by the caller until buffered here
     * @param n     how many of its entries to look at, at most its capacity and {@code tags.length}
     * @param tags  each entry's tag, e.g. its output port
     * @param tag   the tag of the mbufs to buffer
     * @return packets sent by the sends this call made (0 when the buffer did not fill)
     */
    public int bufferWhere(final MbufBurst mbufs, final int n, final int[] tags, final int tag)
    {
        final int count = Math.min(n, Math.min(mbufs.capacity(), tags.length));
        final int capacity = pkts.capacity();
        // Raw reads and writes: i < count <= mbufs.capacity() and length < capacity are the bounds, checked here
        // once rather than by get/set for every packet (this loop runs once per output port of every RX burst).
        final long from = mbufs.address();
        final long to = pkts.address();
        int length = pkts.count();
        int sent = 0;
        for (int i = 0; i < count; i++)
        {
            if (tags[i] == tag)
            {
                Memory.putLong(to + 8L * length, Memory.getLong(from + 8L * i));
                if (++length == capacity)
                {
                    pkts.count(length);
                    sent += flush();
                    length = 0;
                }
            }
        }
        pkts.count(length);
        return sent;
    }

    /**
     * Sends every buffered packet ({@code rte_eth_tx_buffer_flush}); what the PMD refuses is freed, counted and
     * reported to the drop callback. The buffer is empty afterwards.
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
        final int s = port.txBurstOrFree(queue, pkts);
        sent += s;
        if (s < n)
        {
            dropped += n - s;
            onDrop.accept(n - s);
        }
        return s;
    }

    /**
     * Packets this buffer sent since it was made.
     *
     * @return the total sent
     */
    public long sent()
    {
        return sent;
    }

    /**
     * Packets the PMD refused and this buffer freed since it was made.
     *
     * @return the total freed
     */
    public long dropped()
    {
        return dropped;
    }

    /**
     * Frees the mbufs still waiting (without sending them: the port may be stopped) and the buffer's array.
     * Flush first to send them. Idempotent; the buffer is not to be used afterwards.
     */
    @Override
    public void close()
    {
        if (!closed)
        {
            closed = true;
            pkts.freeAll();
            pkts.close();
        }
    }
}
