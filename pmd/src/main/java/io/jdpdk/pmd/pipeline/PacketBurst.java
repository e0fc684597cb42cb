package io.jdpdk.pmd.pipeline;

import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;

import java.util.Arrays;
import java.util.Objects;

/**
 * The unit a pipeline moves: a burst of mbufs received on one port, with an output decision per
 * packet. It is the Disruptor ring's event, preallocated once: the RX stage receives straight into the next
 * slot's event, and a later stage passes one on by swapping its content with the next ring's event
 * ({@link #swapWith}), so no pointer is copied and nothing allocated.
 * <p>
 * The user's {@link BurstFunction} reads and rewrites the packets and sets each one's output port
 * ({@link #outPort(int, int)}) or {@link #drop(int)}s it; the TX stage sends or frees accordingly.
 * Every packet starts out dropped: a function that forgets a packet loses no mbuf.
 * Owned by one lcore at a time, as the ring hands it over.
 */
public final class PacketBurst
{
    /** The output port of a packet to free instead of sending. */
    public static final int DROP = -1;

    /** {@link #uniformPort} when the packets' ports differ and {@link #outPorts} holds them. */
    private static final int MIXED = Integer.MIN_VALUE;

    private MbufBurst burst;
    /**
     * The output port of every packet, or {@link #MIXED}. Most functions send a whole burst one way
     * ({@link #sendAllTo}) or not at all: that is one field written on the RX or worker lcore and read on the
     * TX lcore, not a 128-byte array filled twice and scanned, two cache lines fewer crossing cores per burst.
     */
    private int uniformPort = DROP;
    /** Per-packet ports, valid in {@code [0, count)} only while {@link #uniformPort} is {@link #MIXED}. */
    private int[] outPorts;
    private int inPort;
    private int inQueue;
    private long sequence;

    /**
     * An empty event of {@code capacity} packets, its pointer array allocated once here.
     *
     * @param capacity packets per burst, 1..65535
     * @throws IllegalArgumentException for a capacity outside 1..65535
     */
    public PacketBurst(final int capacity)
    {
        burst = new MbufBurst(capacity);
        outPorts = new int[capacity];
    }

    /**
     * Number of packets, at indexes {@code 0..count() - 1}.
     *
     * @return 0 to the capacity
     */
    public int count()
    {
        return burst.count();
    }

    /**
     * The underlying pointer array. The burst exchanges it with the next ring's event as it moves on, so it is
     * not to be kept past the current lcore's turn.
     *
     * @return the array that holds the packets now
     */
    public MbufBurst mbufs()
    {
        return burst;
    }

    /**
     * Points {@code mbuf} at packet {@code index}.
     *
     * @param index the packet, below {@link #count()}
     * @param mbuf  the flyweight to re-point
     * @return {@code mbuf}
     */
    public Mbuf mbuf(final int index, final Mbuf mbuf)
    {
        return burst.mbuf(index, mbuf);
    }

    /**
     * The port the burst was received on.
     *
     * @return the port id
     */
    public int inPort()
    {
        return inPort;
    }

    /**
     * The RX queue the burst was received on.
     *
     * @return the queue id
     */
    public int inQueue()
    {
        return inQueue;
    }

    /**
     * The burst's place in the order its RX stage published bursts, counting from 0, in an in-order pipeline
     * ({@link Pipeline.Builder#inOrder()}): packet {@code i} of burst {@code s} came after every packet of the
     * bursts before {@code s} and before packet {@code i + 1}. 0 in a pipeline that does not keep order.
     *
     * @return the burst's sequence number
     */
    public long sequence()
    {
        return sequence;
    }

    /**
     * The output port chosen for packet {@code index}.
     *
     * @param index the packet, below {@link #count()}
     * @return the port id, or {@link #DROP}
     * @throws IndexOutOfBoundsException for an index outside the burst's capacity
     */
    public int outPort(final int index)
    {
        Objects.checkIndex(index, outPorts.length);
        final int port = uniformPort;
        return port != MIXED ? port : outPorts[index];
    }

    /**
     * Sends packet {@code index} out of {@code port}.
     *
     * @param index the packet, below {@link #count()}
     * @param port  a started port's id, or {@link #DROP}; TX frees packets for a port it cannot use
     * @throws IndexOutOfBoundsException for an index outside the burst's capacity
     */
    public void outPort(final int index, final int port)
    {
        Objects.checkIndex(index, outPorts.length);
        if (uniformPort != MIXED)
        {
            if (uniformPort == port)
            {
                return;
            }
            Arrays.fill(outPorts, 0, burst.count(), uniformPort);
            uniformPort = MIXED;
        }
        outPorts[index] = port;
    }

    /**
     * Frees packet {@code index} instead of sending it.
     *
     * @param index the packet, below {@link #count()}
     * @throws IndexOutOfBoundsException for an index outside the burst's capacity
     */
    public void drop(final int index)
    {
        outPort(index, DROP);
    }

    /**
     * Sends every packet out of {@code port}, replacing any choice made per packet.
     *
     * @param port a started port's id, or {@link #DROP} to free them all
     */
    public void sendAllTo(final int port)
    {
        uniformPort = port;
    }

    /** Whether every packet's output port is {@code port}. */
    boolean allTo(final int port)
    {
        if (uniformPort != MIXED)
        {
            return uniformPort == port;
        }
        final int n = burst.count();
        for (int i = 0; i < n; i++)
        {
            if (outPorts[i] != port)
            {
                return false;
            }
        }
        return true;
    }

    /** Sets the receive metadata after an RX stage filled {@link #mbufs()}; every packet starts dropped. */
    void received(final int port, final int queue)
    {
        inPort = port;
        inQueue = queue;
        uniformPort = DROP;
    }

    /** Numbers the burst in its RX stage's order (in-order pipelines). */
    void sequence(final long sequence)
    {
        this.sequence = sequence;
    }

    /** Copies the receive metadata of {@code from} (for a burst split off it). */
    void stamp(final PacketBurst from)
    {
        inPort = from.inPort;
        inQueue = from.inQueue;
    }

    /** Exchanges the whole content with {@code other}: the way an event moves to the next ring. */
    void swapWith(final PacketBurst other)
    {
        final MbufBurst b = burst;
        burst = other.burst;
        other.burst = b;
        final int u = uniformPort;
        uniformPort = other.uniformPort;
        other.uniformPort = u;
        final int[] o = outPorts;
        outPorts = other.outPorts;
        other.outPorts = o;
        final int p = inPort;
        inPort = other.inPort;
        other.inPort = p;
        final int q = inQueue;
        inQueue = other.inQueue;
        other.inQueue = q;
        final long s = sequence;
        sequence = other.sequence;
        other.sequence = s;
    }

    /** Frees every packet still held and empties the burst. */
    void freeAll()
    {
        burst.freeAll();
    }

    void close()
    {
        burst.freeAll();
        burst.close();
    }
}
