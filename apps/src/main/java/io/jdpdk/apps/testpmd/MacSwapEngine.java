package io.jdpdk.apps.testpmd;

import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.header.EthernetView;

/**
 * {@code macswap} mode, DPDK 22.11's {@code app/test-pmd/macswap.c} with {@code do_macswap} of
 * {@code macswap_sse.h} (x86) / {@code macswap.h}: destination and source MAC addresses of every received packet
 * are exchanged, then {@code mbuf_field_set} of {@code macswap_common.h} resets the TX metadata
 * ({@link MbufFields}). Nothing else changes: EtherType, tags and payload are left alone.
 * <p>
 * Frames shorter than the 12 address bytes are forwarded unchanged: testpmd's 16-byte SSE load and store would
 * move bytes from past the data into them, which no reference defines; jdpdk never reads outside the data.
 * <p>
 * Holds flyweights: one instance per forwarding lcore. Allocation-free.
 */
public final class MacSwapEngine implements ForwardEngine
{
    private final Mbuf mbuf = new Mbuf();
    private final EthernetView eth = new EthernetView();

    @Override
    public String name()
    {
        return "macswap";
    }

    @Override
    public void packetFwd(final FwdStream stream)
    {
        final int n = stream.receive();
        if (n == 0)
        {
            return;
        }
        final MbufBurst burst = stream.burst;
        for (int i = 0; i < n; i++)
        {
            final Mbuf m = burst.mbuf(i, mbuf);
            if (eth.wrap(m, 0))
            {
                eth.swapAddresses();
            }
            else
            {
                swapShortFrame(m);
            }
            MbufFields.set(m);
        }
        stream.sendOrFree();
    }

    /** Swaps the addresses of a 12- or 13-byte frame (no room for an EtherType); shorter ones stay as they are. */
    static void swapShortFrame(final Mbuf m)
    {
        if (m.dataLen() >= 12)
        {
            final long destination = ((long)m.getShort(0) << 32) | (m.getInt(2) & 0xFFFF_FFFFL);
            m.putShort(0, m.getShort(6)).putInt(2, m.getInt(8));
            m.putShort(6, (int)(destination >>> 32)).putInt(8, (int)destination);
        }
    }
}
