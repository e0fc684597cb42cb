package io.jdpdk.apps.testpmd;

import io.jdpdk.mempool.Mbuf;

import static io.jdpdk.mempool.header.HeaderOffsets.ETH_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_MIN_HEADER_LENGTH;

/**
 * {@code mbuf_field_set} of DPDK 22.11's {@code app/test-pmd/macswap_common.h}, which macfwd.c, macswap and
 * 5tswap.c apply to every forwarded mbuf: offload flags cleared but for {@code RTE_MBUF_F_INDIRECT} and
 * {@code RTE_MBUF_F_EXTERNAL}, {@code l2_len = sizeof(rte_ether_hdr)}, {@code l3_len = sizeof(rte_ipv4_hdr)}.
 * testpmd ORs in {@code RTE_MBUF_F_TX_VLAN}/{@code TX_QINQ}/{@code TX_MACSEC} only when the TX port was
 * configured with those insert offloads; jdpdk's testpmd configures none, so the flags stay clear.
 */
final class MbufFields
{
    private MbufFields()
    {
    }

    /**
     * Applies {@code mbuf_field_set} to {@code m}: a read and a write of ol_flags, one 16-bit store for both
     * lengths ({@link Mbuf#l2l3Len}), as gcc compiles it. Allocation-free.
     */
    static void set(final Mbuf m)
    {
        m.olFlags(m.olFlags() & (Mbuf.F_INDIRECT | Mbuf.F_EXTERNAL)).l2l3Len(ETH_HEADER_LENGTH, IPV4_MIN_HEADER_LENGTH);
    }
}
