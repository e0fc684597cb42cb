package io.jdpdk.apps.testpmd;

import io.jdpdk.mempool.MbufBurst;

import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;

/**
 * {@code noisy} mode, DPDK 22.11's {@code app/test-pmd/noisy_vnf.c} ({@code pkt_burst_noisy_vnf}): forwards as io
 * does, but behaves like a virtual network function that shares the machine: with
 * {@code --noisy-tx-sw-buffer-size} it holds packets back in a FIFO per RX port and sends those the FIFO pushes out
 * as new ones come in, with {@code --noisy-tx-sw-buffer-flushtime} it empties the FIFO after that many ms without a
 * send, and with {@code --noisy-lkup-*} it makes random reads and writes in {@code --noisy-lkup-memory} MiB for
 * each packet. Without those options it is io.
 * <p>
 * As in testpmd, what leaves the FIFO counts in the ports' statistics and the streams' TX burst sizes, not in the
 * streams' TX packets, and {@code --record-core-cycles} records nothing for it.
 * <p>
 * Where it differs from testpmd, which loses mbufs in three places: new packets the full FIFO had no room for are
 * freed and counted as dropped (testpmd forgets them), a retry resends what was dequeued (testpmd's retries the
 * received count from the dequeued array), and a flush time without a FIFO flushes nothing (testpmd reads a NULL
 * ring once the time has passed). {@link NoisyVnf#end} frees what the FIFO still holds when forwarding stops.
 */
public final class NoisyEngine implements ForwardEngine
{
    /** The mode's name. */
    public static final String NAME = "noisy";

    private final NoisyVnf.PortState[] ports = new NoisyVnf.PortState[TestPmdConfig.MAX_PORTS];
    /** What leaves the FIFO ({@code tmp_pkts}): {@code MAX_PKT_BURST} entries, from the first port begun. */
    private MbufBurst out;
    private long flushNanos;
    private long lookupWrites;
    private long lookupReads;
    private long lookupReadsWrites;
    /** xorshift64* state for the lookups' indexes ({@code rte_rand}'s role). */
    private long random = 0x9E37_79B9_7F4A_7C15L;

    /** A noisy engine for one forwarding lcore. */
    public NoisyEngine()
    {
    }

    @Override
    public String name()
    {
        return NAME;
    }

    @Override
    public void portBegin(final int portId, final TestPmdConfig config)
    {
        final NoisyVnf noisy = config.noisy;
        ports[portId] = noisy.begin(portId);
        if (out == null)
        {
            out = new MbufBurst(TestPmd.MAX_PKT_BURST);
        }
        flushNanos = TimeUnit.MILLISECONDS.toNanos(noisy.txSwBufferFlushTimeMs);
        lookupWrites = noisy.lookupWrites;
        lookupReads = noisy.lookupReads;
        lookupReadsWrites = noisy.lookupReadsWrites;
    }

    @Override
    public void portEnd(final int portId, final TestPmdConfig config)
    {
        ports[portId] = null;
        config.noisy.end(portId);
    }

    @Override
    public void close()
    {
        if (out != null)
        {
            out.close();
            out = null;
        }
    }

    @Override
    public void packetFwd(final FwdStream fs)
    {
        final NoisyVnf.PortState ncf = ports[fs.rxPort.id()];
        final int nbRx = fs.receive();
        int nbTx = 0;
        if (nbRx > 0)
        {
            if (ncf.fifo == null)
            {
                simulateLookups(ncf, nbRx);
                fs.sendOrFree();
                return;
            }
            final MbufBurst burst = fs.burst;
            final int enqueued;
            if (ncf.fifo.freeCount() >= nbRx)
            {
                enqueued = ncf.fifo.enqueue(burst, nbRx);
            }
            else
            {
                // The FIFO is full: as many go out of it as came in, and as many of the new ones take their place.
                final int dequeued = ncf.fifo.dequeue(out, nbRx);
                enqueued = ncf.fifo.enqueue(burst, dequeued);
                if (dequeued > 0)
                {
                    nbTx = sendHeldBack(fs);
                }
            }
            // What the FIFO did not take (another lcore filled it meanwhile, or it pushed fewer out) is dropped.
            fs.fwdDropped += burst.count();
            burst.freeAll();
            simulateLookups(ncf, enqueued);
        }
        if (ncf.flush && ncf.fifo != null)
        {
            long now = System.nanoTime();
            if (ncf.prevFlushNanos == Long.MIN_VALUE)
            {
                ncf.prevFlushNanos = now;
            }
            final boolean needsFlush = now - ncf.prevFlushNanos >= flushNanos && nbTx == 0;
            while (needsFlush && ncf.fifo.count() > 0)
            {
                ncf.fifo.dequeue(out, out.capacity());
                sendHeldBack(fs);
                ncf.prevFlushNanos = System.nanoTime();
            }
        }
    }

    /**
     * Sends what left the FIFO: counted in the stream's TX burst sizes and drops, but not in its TX packets, as
     * noisy_vnf.c counts it (the ports' statistics count them).
     */
    private int sendHeldBack(final FwdStream fs)
    {
        final long txPackets = fs.txPackets;
        final int sent = fs.sendOrFree(out);
        fs.txPackets = txPackets;
        return sent;
    }

    @Override
    public boolean recordsCycles()
    {
        return false; // noisy_vnf.c takes no get_start_cycles / get_end_cycles
    }

    /** {@code sim_memory_lookups}: for each of {@code packets}, the random writes, reads and read-writes asked for. */
    private void simulateLookups(final NoisyVnf.PortState ncf, final int packets)
    {
        if (!ncf.simulate)
        {
            return;
        }
        long sink = 0;
        for (int i = 0; i < packets; i++)
        {
            for (long j = 0; j < lookupWrites; j++)
            {
                write(ncf);
            }
            for (long j = 0; j < lookupReads; j++)
            {
                sink += read(ncf);
            }
            for (long j = 0; j < lookupReadsWrites; j++)
            {
                sink += read(ncf);
                write(ncf);
            }
        }
        if (sink == Long.MIN_VALUE)
        {
            random ^= sink; // keeps the reads live; never true for sums of bytes this small
        }
    }

    private void write(final NoisyVnf.PortState ncf)
    {
        final long index = Long.remainderUnsigned(nextRandom(), ncf.reach);
        ncf.memory.set(ValueLayout.JAVA_BYTE, index, (byte)nextRandom());
    }

    private byte read(final NoisyVnf.PortState ncf)
    {
        return ncf.memory.get(ValueLayout.JAVA_BYTE, Long.remainderUnsigned(nextRandom(), ncf.reach));
    }

    private long nextRandom()
    {
        long x = random;
        x ^= x >>> 12;
        x ^= x << 25;
        x ^= x >>> 27;
        random = x;
        return x * 0x2545_F491_4F6C_DD1DL;
    }
}
