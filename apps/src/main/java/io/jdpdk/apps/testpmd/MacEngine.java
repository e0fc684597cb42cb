package io.jdpdk.apps.testpmd;

import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.header.EthernetView;

/**
 * {@code mac} mode, DPDK 22.11's {@code app/test-pmd/macfwd.c} ({@code pkt_burst_mac_forward}): every received
 * packet leaves with the TX port's peer address as destination ({@code --eth-peer}, default
 * {@code 02:00:00:00:00:<port>}) and the TX port's own MAC as source. As macfwd.c, it also resets the mbuf's TX
 * metadata ({@link MbufFields}): offload flags cleared but for {@code RTE_MBUF_F_INDIRECT | RTE_MBUF_F_EXTERNAL},
 * VLAN/QinQ/MACsec insert flags added where those TX offloads are configured, {@code l2_len = 14},
 * {@code l3_len = 20}, {@code vlan_tci} and {@code vlan_tci_outer} the TX port's {@code tx_vlan set} tags (0 unless
 * set).
 * <p>
 * Frames shorter than the 12 address bytes get the bytes they have (testpmd writes the full 12, past the data,
 * where the bytes are never sent); nothing outside the data is written.
 * <p>
 * Holds flyweights: one instance per forwarding lcore. Allocation-free.
 */
public final class MacEngine implements ForwardEngine
{
    /** A mac engine for one forwarding lcore ({@link Engines#create} makes one per lcore). */
    public MacEngine()
    {
    }

    private final Mbuf mbuf = new Mbuf();
    private final EthernetView eth = new EthernetView();
    private final MbufFields.TxTags tags = new MbufFields.TxTags();

    @Override
    public void portBegin(final int portId, final TestPmdConfig config)
    {
        tags.begin(portId, config);
    }

    @Override
    public String name()
    {
        return "mac";
    }

    @Override
    public void packetFwd(final FwdStream stream)
    {
        final int n = stream.receive();
        if (n == 0)
        {
            return;
        }
        final int txPort = stream.txPort.id();
        final long peer = stream.config.peerMac[txPort];
        final long own = stream.config.portMac[txPort];
        final MbufBurst burst = stream.burst;
        final long flags = tags.flags[txPort];
        final int vlan = tags.vlan[txPort];
        final int vlanOuter = tags.vlanOuter[txPort];
        for (int i = 0; i < n; i++)
        {
            final Mbuf m = burst.mbuf(i, mbuf);
            writeAddresses(m, eth, peer, own);
            MbufFields.set(m, flags).vlanTci(vlan).vlanTciOuter(vlanOuter); // macfwd.c writes both tags always
        }
        stream.sendOrFree();
    }

    /**
     * Writes {@code peer} as the destination and {@code own} as the source address of the frame in {@code m}; a frame
     * shorter than the 12 address bytes gets the bytes it has. Also csum mode's {@code fwd_mac_swap}.
     */
    static void writeAddresses(final Mbuf m, final EthernetView eth, final long peer, final long own)
    {
        if (eth.wrap(m, 0))
        {
            eth.destination(peer).source(own);
        }
        else
        {
            writeShortFrame(m, peer, own);
        }
    }

    private static void writeShortFrame(final Mbuf m, final long peer, final long own)
    {
        final int len = Math.min(m.dataLen(), 12);
        for (int k = 0; k < len; k++)
        {
            final long mac = k < 6 ? peer : own;
            m.putByte(k, (int)(mac >>> (8 * (5 - (k % 6)))));
        }
    }
}
