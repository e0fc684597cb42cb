package io.jdpdk.apps.testpmd;

import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.MallocHeap;
import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.mempool.MbufRing;

import java.lang.foreign.MemorySegment;

/**
 * The noisy neighbour's settings ({@code --noisy-*}) and, while noisy forwarding runs, its state per RX port
 * ({@code noisy_cfg[]} in DPDK 22.11's {@code app/test-pmd/noisy_vnf.c}): the FIFO that holds packets back before
 * they go out, when it last flushed, and the memory its simulated lookups touch. Every lcore's
 * {@link NoisyEngine} whose streams receive on a port shares that port's state, as testpmd's streams do.
 */
public final class NoisyVnf
{
    /** {@code --noisy-tx-sw-buffer-size}: the FIFO's size in packets, 0 for none (a power of two: an rte_ring's). */
    public int txSwBufferSize;
    /** {@code --noisy-tx-sw-buffer-flushtime}: empty the FIFO after this many ms without a transmit, 0 for never. */
    public int txSwBufferFlushTimeMs;
    /** {@code --noisy-lkup-memory}: MiB of memory for the simulated lookups. */
    public long lookupMemoryMib;
    /** {@code --noisy-lkup-num-writes}: random writes per packet. */
    public long lookupWrites;
    /** {@code --noisy-lkup-num-reads}: random reads per packet. */
    public long lookupReads;
    /** {@code --noisy-lkup-num-reads-writes}: random read-then-writes per packet. */
    public long lookupReadsWrites;

    private final PortState[] ports = new PortState[TestPmdConfig.MAX_PORTS];

    /** testpmd's defaults: no FIFO, no lookups. */
    public NoisyVnf()
    {
    }

    /** One RX port's FIFO, flush clock and lookup memory ({@code struct noisy_config}). */
    static final class PortState
    {
        /** The FIFO, or null without buffering. */
        final MbufRing fifo;
        final boolean flush;
        final boolean simulate;
        /** The lookup memory (rte_zmalloc'd), or null when there is none. */
        final MemorySegment memory;
        /** How many bytes of it the lookups reach: its size / 64, as testpmd's index. */
        final long reach;
        /** System.nanoTime of the last flush, or {@link Long#MIN_VALUE} before the first burst ({@code prev_time}). */
        long prevFlushNanos = Long.MIN_VALUE;

        PortState(final MbufRing fifo, final boolean flush, final boolean simulate, final MemorySegment memory)
        {
            this.fifo = fifo;
            this.flush = flush;
            this.simulate = simulate;
            this.memory = memory;
            this.reach = memory == null ? 0 : memory.byteSize() / 64;
        }
    }

    /**
     * {@code noisy_fwd_begin}: the port's state for this run, made by the first engine that asks. Main thread.
     *
     * @param portId a forwarding port
     * @return its state
     * @throws RteExit in testpmd's words when the FIFO cannot be made or lookups have no memory
     */
    synchronized PortState begin(final int portId)
    {
        if (ports[portId] != null)
        {
            return ports[portId];
        }
        final boolean simulate = lookupWrites + lookupReads + lookupReadsWrites != 0;
        MbufRing fifo = null;
        if (txSwBufferSize > 0)
        {
            try
            {
                // testpmd's name, newline included (NOISY_RING), so that DPDK's ring dumps name it as testpmd's
                fifo = MbufRing.create("noisy_ring_" + portId + "\n", txSwBufferSize, EalRaw.socket_id(), 0);
            }
            catch (final DpdkException ex)
            {
                throw new RteExit("rte_ring_create(" + portId + "), size " + txSwBufferSize + ") failed", ex);
            }
        }
        MemorySegment memory = null;
        if (lookupMemoryMib > 0)
        {
            memory = MallocHeap.zmalloc("vnf sim memory", lookupMemoryMib << 20, 64);
            if (memory == null)
            {
                if (fifo != null)
                {
                    fifo.close();
                }
                throw new RteExit("rte_zmalloc(" + lookupMemoryMib + ") for vnf memory) failed", null);
            }
        }
        else if (simulate)
        {
            if (fifo != null)
            {
                fifo.close();
            }
            throw new RteExit("--noisy-lkup-memory-size must be > 0", null);
        }
        ports[portId] = new PortState(fifo, txSwBufferFlushTimeMs > 0, simulate, memory);
        return ports[portId];
    }

    /**
     * {@code noisy_fwd_end}: frees the port's FIFO, the packets it still holds back included (testpmd's
     * {@code rte_ring_free} loses them), and its lookup memory. Idempotent; main thread, no lcore forwarding.
     *
     * @param portId a forwarding port
     */
    synchronized void end(final int portId)
    {
        final PortState state = ports[portId];
        if (state == null)
        {
            return;
        }
        ports[portId] = null;
        if (state.fifo != null)
        {
            state.fifo.close();
        }
        if (state.memory != null)
        {
            MallocHeap.free(state.memory);
        }
    }
}
