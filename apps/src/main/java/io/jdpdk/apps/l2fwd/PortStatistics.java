package io.jdpdk.apps.l2fwd;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * l2fwd's {@code port_statistics[]}: packets sent, received and dropped per port id, each port's
 * counters on a cache line of their own ({@code __rte_cache_aligned}) so that lcores writing
 * different ports do not share a line.
 * <p>
 * Threading: every counter has one writer, as in l2fwd: a port's {@code rx} is written by the lcore
 * that polls it, its {@code tx} and {@code dropped} by the lcore that owns its TX buffer (the one
 * polling its peer). Writes are opaque stores of the writer's own running sum, reads are opaque
 * loads: no lock, no read-modify-write, and a reader on another thread sees every value whole.
 * Fast path: allocation-free.
 */
public final class PortStatistics
{
    private static final int STRIDE = 8; // longs per 64-byte line
    private static final int TX = 0;
    private static final int RX = 1;
    private static final int DROPPED = 2;

    private final AtomicLongArray counters;
    private final int ports;

    /**
     * Counters for port ids {@code 0..ports-1}, all zero.
     *
     * @param ports how many port ids to cover
     */
    public PortStatistics(final int ports)
    {
        this.ports = ports;
        this.counters = new AtomicLongArray((ports + 1) * STRIDE); // one spare line: no neighbour after the last
    }

    /**
     * Number of port ids covered.
     *
     * @return as given at construction
     */
    public int ports()
    {
        return ports;
    }

    /**
     * Adds to the packets sent on {@code port}; its single writer only.
     *
     * @param port a port id below {@link #ports()}
     * @param n packets to add
     */
    public void addTx(final int port, final long n)
    {
        add(port * STRIDE + TX, n);
    }

    /**
     * Adds to the packets received on {@code port}; its single writer only.
     *
     * @param port a port id below {@link #ports()}
     * @param n packets to add
     */
    public void addRx(final int port, final long n)
    {
        add(port * STRIDE + RX, n);
    }

    /**
     * Adds to the packets dropped on {@code port} (TX refused them); its single writer only.
     *
     * @param port a port id below {@link #ports()}
     * @param n packets to add
     */
    public void addDropped(final int port, final long n)
    {
        add(port * STRIDE + DROPPED, n);
    }

    /**
     * Packets sent on {@code port}. Any thread.
     *
     * @param port a port id below {@link #ports()}
     * @return the count
     */
    public long tx(final int port)
    {
        return counters.getOpaque(port * STRIDE + TX);
    }

    /**
     * Packets received on {@code port}. Any thread.
     *
     * @param port a port id below {@link #ports()}
     * @return the count
     */
    public long rx(final int port)
    {
        return counters.getOpaque(port * STRIDE + RX);
    }

    /**
     * Packets dropped on {@code port}. Any thread.
     *
     * @param port a port id below {@link #ports()}
     * @return the count
     */
    public long dropped(final int port)
    {
        return counters.getOpaque(port * STRIDE + DROPPED);
    }

    private void add(final int index, final long n)
    {
        counters.setOpaque(index, counters.getPlain(index) + n);
    }
}
