package io.jdpdk.bench;

import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.raw.MbufRaw;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Mbufs for micro-benchmarks that need no EAL: plain native memory laid out as {@code rte_mbuf} (offsets from the
 * installed headers), each followed by its data room, as a DPDK pool lays them out.
 */
final class StandInMbufs
{
    /** Bytes from one mbuf to the next: the struct and a default data room, as in a pktmbuf pool. */
    static final int STRIDE = 2176;

    /** {@code RTE_PKTMBUF_HEADROOM}: where each frame starts in the data room. */
    static final int HEADROOM = 128;

    private StandInMbufs()
    {
    }

    /**
     * A full burst of {@code n} mbufs in {@code arena}, each holding a zeroed frame of {@code frameLength} bytes.
     *
     * @return the burst (close it before the arena); mbuf {@code i}'s frame is at {@link #frame}{@code (burst, i)}
     */
    static MbufBurst burst(final Arena arena, final int n, final int frameLength)
    {
        final MemorySegment mbufs = arena.allocate((long)STRIDE * n, 64);
        final MbufBurst burst = new MbufBurst(n);
        for (int i = 0; i < n; i++)
        {
            final long m = mbufs.address() + (long)STRIDE * i;
            Memory.putLong(m + MbufRaw.BUF_ADDR, m + MbufRaw.RTE_MBUF.byteSize());
            Memory.putShort(m + MbufRaw.DATA_OFF, (short)HEADROOM);
            Memory.putShort(m + MbufRaw.BUF_LEN, (short)(STRIDE - (int)MbufRaw.RTE_MBUF.byteSize()));
            Memory.putShort(m + MbufRaw.DATA_LEN, (short)frameLength);
            Memory.putInt(m + MbufRaw.PKT_LEN, frameLength);
            burst.add(m);
        }
        return burst;
    }

    /** The address of mbuf {@code i}'s frame. */
    static long frame(final MbufBurst burst, final int i)
    {
        final long m = burst.get(i);
        return Memory.getLong(m + MbufRaw.BUF_ADDR) + HEADROOM;
    }
}
