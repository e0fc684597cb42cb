package io.jdpdk.apps.testpmd;

import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;

import static io.jdpdk.mempool.header.HeaderOffsets.ETH_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_MIN_HEADER_LENGTH;

/**
 * {@code mbuf_field_set} of DPDK 22.11's {@code app/test-pmd/macswap_common.h}, which macfwd.c, macswap and
 * 5tswap.c apply to every forwarded mbuf: offload flags cleared but for {@code RTE_MBUF_F_INDIRECT} and
 * {@code RTE_MBUF_F_EXTERNAL}, then {@code RTE_MBUF_F_TX_VLAN}/{@code TX_QINQ}/{@code TX_MACSEC} added where the TX
 * port was configured with those insert offloads, {@code l2_len = sizeof(rte_ether_hdr)},
 * {@code l3_len = sizeof(rte_ipv4_hdr)}; and its {@code vlan_qinq_set}, which macswap and 5tswap apply to a burst: the
 * TX port's VLAN tags of {@code tx_vlan set} in {@code vlan_tci} (with {@code TX_VLAN}) and {@code vlan_tci_outer}
 * (with {@code TX_QINQ}), macfwd.c writing both always. {@link TxTags} holds each TX port's flags and tags, as the
 * engines read them from {@code ports[fs->tx_port]} on each burst.
 */
final class MbufFields
{
    private MbufFields()
    {
    }

    /**
     * Each TX port's insert flags and VLAN tags, taken at {@code port_fwd_begin} (the port is started and
     * {@code tx_vlan set} only acts on a stopped port): one per engine instance, written on the control thread
     * before the lcores launch.
     */
    static final class TxTags
    {
        final long[] flags = new long[TestPmdConfig.MAX_PORTS];
        final int[] vlan = new int[TestPmdConfig.MAX_PORTS];
        final int[] vlanOuter = new int[TestPmdConfig.MAX_PORTS];

        /** Takes port {@code portId}'s TX offloads in force and its {@code tx_vlan set} tags. */
        void begin(final int portId, final TestPmdConfig config)
        {
            final long offloads = Port.of(portId).txOffloads();
            flags[portId] = ((offloads & PortConfig.TX_OFFLOAD_VLAN_INSERT) != 0 ? Mbuf.F_TX_VLAN : 0) |
                ((offloads & PortConfig.TX_OFFLOAD_QINQ_INSERT) != 0 ? Mbuf.F_TX_QINQ : 0) |
                ((offloads & PortConfig.TX_OFFLOAD_MACSEC_INSERT) != 0 ? Mbuf.F_TX_MACSEC : 0);
            vlan[portId] = config.txVlanId[portId];
            vlanOuter[portId] = config.txVlanIdOuter[portId];
        }

        /** Whether port {@code portId}'s packets need any of these fields (a generator's fresh mbuf has none). */
        boolean any(final int portId)
        {
            return (flags[portId] | vlan[portId] | vlanOuter[portId]) != 0;
        }

        /**
         * What txonly.c's {@code pkt_burst_prepare} and flowgen.c set on a generated packet: the flags (only
         * {@code RTE_MBUF_F_EXTERNAL} kept) and both tags.
         */
        void setGenerated(final Mbuf m, final int portId)
        {
            m.olFlags(m.olFlags() & Mbuf.F_EXTERNAL | flags[portId]).vlanTci(vlan[portId])
                .vlanTciOuter(vlanOuter[portId]);
        }
    }

    /**
     * Applies {@code mbuf_field_set(m, 0)}, for a TX port without insert offloads. Allocation-free.
     */
    static void set(final Mbuf m)
    {
        m.olFlags(m.olFlags() & (Mbuf.F_INDIRECT | Mbuf.F_EXTERNAL)).l2l3Len(ETH_HEADER_LENGTH, IPV4_MIN_HEADER_LENGTH);
    }

    /**
     * Applies {@code mbuf_field_set(m, flags)}: a read and a write of ol_flags, one 16-bit store for both lengths
     * ({@link Mbuf#l2l3Len}). Allocation-free.
     *
     * @return m
     */
    static Mbuf set(final Mbuf m, final long flags)
    {
        return m.olFlags(m.olFlags() & (Mbuf.F_INDIRECT | Mbuf.F_EXTERNAL) | flags)
            .l2l3Len(ETH_HEADER_LENGTH, IPV4_MIN_HEADER_LENGTH);
    }

    /**
     * {@code vlan_qinq_set} on the first {@code n} mbufs of {@code burst}: {@code vlan_tci} when {@code flags} has
     * {@code TX_VLAN}, {@code vlan_tci_outer} when it has {@code TX_QINQ}; nothing otherwise. Allocation-free.
     */
    static void vlanQinqSet(final MbufBurst burst, final int n, final Mbuf flyweight, final long flags, final int vlan,
        final int vlanOuter)
    {
        if ((flags & (Mbuf.F_TX_VLAN | Mbuf.F_TX_QINQ)) == 0)
        {
            return;
        }
        for (int i = 0; i < n; i++)
        {
            final Mbuf m = burst.mbuf(i, flyweight);
            if ((flags & Mbuf.F_TX_VLAN) != 0)
            {
                m.vlanTci(vlan);
            }
            if ((flags & Mbuf.F_TX_QINQ) != 0)
            {
                m.vlanTciOuter(vlanOuter);
            }
        }
    }
}
