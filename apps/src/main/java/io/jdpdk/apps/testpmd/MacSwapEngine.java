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
 * The swap is {@link EthernetView#swapAddresses(Mbuf)}, checked against data_len once per packet, without
 * re-pointing a view, which {@code bench samecore} (beside testpmd's C loop on the same lcore) measures as faster;
 * in a JVM given {@code --add-modules=jdk.incubator.vector} it is {@code do_macswap}'s 16-byte load, shuffle and
 * store.
 * <p>
 * Frames shorter than the 12 address bytes are forwarded unchanged: testpmd's 16-byte SSE load and store would
 * move bytes from past the data into them, which no reference defines; jdpdk never reads outside the data.
 * <p>
 * Holds flyweights: one instance per forwarding lcore. Allocation-free.
 */
public final class MacSwapEngine implements ForwardEngine
{
    /** A macswap engine for one forwarding lcore ({@link Engines#create} makes one per lcore). */
    public MacSwapEngine()
    {
    }

    private final Mbuf mbuf = new Mbuf();
    private final MbufFields.TxTags tags = new MbufFields.TxTags();

    @Override
    public void portBegin(final int portId, final TestPmdConfig config)
    {
        tags.begin(portId, config);
    }

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
        final int txPort = stream.txPort.id();
        final long flags = tags.flags[txPort];
        if (flags == 0)
        {
            // No insert offloads (every port unless tx_vlan set): the loop without them, as short as testpmd's.
            for (int i = 0; i < n; i++)
            {
                final Mbuf m = burst.mbuf(i, mbuf);
                EthernetView.swapAddresses(m);
                MbufFields.set(m);
            }
        }
        else
        {
            MbufFields.vlanQinqSet(burst, n, mbuf, flags, tags.vlan[txPort], tags.vlanOuter[txPort]);
            for (int i = 0; i < n; i++)
            {
                final Mbuf m = burst.mbuf(i, mbuf);
                EthernetView.swapAddresses(m);
                MbufFields.set(m, flags);
            }
        }
        stream.sendOrFree();
    }
}
