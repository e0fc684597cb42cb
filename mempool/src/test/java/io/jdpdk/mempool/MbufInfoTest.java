package io.jdpdk.mempool;

import io.jdpdk.eal.TestEal;
import io.jdpdk.eal.raw.LayoutCheck;
import io.jdpdk.mempool.raw.MbufRaw;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** DPDK's own descriptions of mbufs ({@link MbufInfo}), on mbufs of a pool of this test's. */
class MbufInfoTest
{
    @BeforeAll
    static void eal()
    {
        TestEal.get();
    }

    @Test
    void shouldMatchRteNetHdrLensLayoutOfInstalledHeaders()
    {
        assertEquals(List.of(), LayoutCheck.mismatches("rte_net_hdr_lens", MbufRaw.RTE_NET_HDR_LENS));
    }

    @Test
    void shouldNameTypesAndFlagsWithDpdksWords()
    {
        assertEquals("L2_ETHER L3_IPV4 L4_UDP ", MbufInfo.ptypeName(0x0000_0211));
        assertEquals("UNKNOWN", MbufInfo.ptypeName(0));
        // RX names the "unknown" checksum states too; TX names the "no L4 checksum" state.
        assertEquals("RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN " +
            "RTE_MBUF_F_RX_OUTER_L4_CKSUM_UNKNOWN ", MbufInfo.offloadFlagNames(true, 0));
        assertEquals("RTE_MBUF_F_RX_RSS_HASH RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN RTE_MBUF_F_RX_IP_CKSUM_GOOD " +
            "RTE_MBUF_F_RX_OUTER_L4_CKSUM_UNKNOWN ", MbufInfo.offloadFlagNames(true, Mbuf.F_RX_RSS_HASH |
            Mbuf.F_RX_IP_CKSUM_GOOD));
        assertEquals("RTE_MBUF_F_TX_L4_NO_CKSUM ", MbufInfo.offloadFlagNames(false, 0));
    }

    @Test
    void shouldParseHeadersCheckTheMbufAndNameItsPool()
    {
        try (Mempool pool = Mempool.create("mp_info", 127, 0); MbufBurst burst = new MbufBurst(2))
        {
            assertTrue(burst.allocFrom(pool, 2));
            final Mbuf udp = burst.mbuf(0, new Mbuf());
            assertTrue(udp.append(60));
            udp.putShort(12, 0x0800).putByte(14, 0x46).putByte(23, 17); // IPv4 with 4 bytes of options, UDP
            final MbufInfo.SoftwareParse parsed = MbufInfo.parse(udp);
            assertEquals("L2_ETHER L3_IPV4_EXT L4_UDP ", MbufInfo.ptypeName(parsed.ptype()));
            assertEquals(List.of(14, 24, 8), List.of(parsed.l2Len(), parsed.l3Len(), parsed.l4Len()));
            assertNull(MbufInfo.headerProblem(udp));
            assertEquals("mp_info", MbufInfo.poolName(udp));
            assertFalse(MbufInfo.hasRxTimestamp(udp));

            final Mbuf arp = burst.mbuf(1, new Mbuf());
            assertTrue(arp.append(42));
            arp.putShort(12, 0x0806); // DPDK's software parse names no L3 for ARP
            assertEquals("L2_ETHER ", MbufInfo.ptypeName(MbufInfo.parse(arp).ptype()));
            burst.freeAll();
            assertEquals(0, pool.inUseCount());
        }
    }
}
