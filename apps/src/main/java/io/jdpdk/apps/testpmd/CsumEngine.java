package io.jdpdk.apps.testpmd;

import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.Gso;
import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.MbufInfo;
import io.jdpdk.mempool.header.Checksums;
import io.jdpdk.mempool.header.EthernetView;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;

import static io.jdpdk.mempool.header.Checksums.fold;

/**
 * {@code csum} mode, DPDK 22.11's {@code app/test-pmd/csumonly.c} ({@code pkt_burst_checksum_forward}) without
 * tunnels and GRO: every received packet's headers are parsed (Ethernet, any number of VLAN and QinQ tags,
 * IPv4 or IPv6, TCP, UDP or SCTP), its checksums are computed again in software, or flagged for the NIC where the TX
 * port has the checksum offload configured, and it leaves on the stream's TX port:
 * <ul>
 *   <li>With {@code csum mac-swap on} for the TX port (testpmd's default), the destination becomes the TX port's peer
 *   and the source its own MAC, as in {@code mac} mode.</li>
 *   <li>IPv4: the header checksum over {@code IHL * 4} bytes; IPv6 has none.</li>
 *   <li>UDP (only when its checksum field is not 0) and TCP: the checksum over the pseudo-header and the L4 length
 *   the IP header gives, summed from the mbuf's data ({@code rte_ipv4_udptcp_cksum_mbuf},
 *   {@code rte_ipv6_udptcp_cksum_mbuf}); a datagram that IP says is longer than the packet gets 0xFFFF, as DPDK's
 *   functions give it.</li>
 *   <li>SCTP: the checksum field is zeroed (csumonly.c has no CRC32c).</li>
 *   <li>The mbuf's TX metadata: {@code ol_flags} are {@code RTE_MBUF_F_TX_IPV4} or {@code _IPV6} and the offload
 *   requests, plus the RX flags {@code INDIRECT | EXTERNAL}; {@code l2_len}, {@code l3_len}, {@code l4_len} as
 *   parsed, {@code tso_segsz} the port's TSO size (0 without {@code tso set}).</li>
 * </ul>
 * With {@code tso set SIZE N} for the TX port, a TCP packet longer than its headers and SIZE is flagged for the
 * NIC to cut ({@code RTE_MBUF_F_TX_TCP_SEG}, with the IPv4 header checksum offloaded; neither checksum is touched),
 * {@code tso_segsz} SIZE, as testpmd flags it also where the device has no TSO.
 * <p>
 * With {@code set port N gso on} for the TX port, TCP and UDP packets are flagged for segmentation and the burst is
 * cut by DPDK's own librte_gso ({@link Gso}) into packets of at most {@code set gso segsz} bytes before TX, as
 * csumonly.c does; the segments' IPv4 header checksums are computed again unless the port offloads them.
 * <p>
 * Bad checksums the PMD reported in the RX flags are counted per stream (testpmd's "Bad-ipcsum" lines). With
 * {@code set verbose} above 0 each packet is described on standard output in csumonly.c's words. The burst goes
 * through {@code rte_eth_tx_prepare} before TX; what it refuses is freed and counted as dropped.
 * <p>
 * csumonly.c reads the headers without looking at {@code data_len}. Here a byte beyond the first segment's data reads
 * as 0 and a write beyond it is left out, so a truncated packet is parsed and changed only within its data; for a
 * packet whose headers lie in its data, the bytes out are dpdk-testpmd's.
 * <p>
 * Holds flyweights: one instance per forwarding lcore. Allocation-free without verbose output.
 */
public final class CsumEngine implements ForwardEngine
{
    /** The mode's name. */
    public static final String NAME = "csum";

    private static final int ETHER_TYPE_IPV4 = 0x0800;
    private static final int ETHER_TYPE_IPV6 = 0x86DD;
    private static final int ETHER_TYPE_VLAN = 0x8100;
    private static final int ETHER_TYPE_QINQ = 0x88A8;
    private static final int PROTO_TCP = 6;
    private static final int PROTO_UDP = 17;
    private static final int PROTO_SCTP = 132;

    private static final long TX_OFFLOAD_ANY_CKSUM = PortConfig.TX_OFFLOAD_IPV4_CKSUM |
        PortConfig.TX_OFFLOAD_UDP_CKSUM | PortConfig.TX_OFFLOAD_TCP_CKSUM | PortConfig.TX_OFFLOAD_SCTP_CKSUM;

    /** testpmd's {@code GSO_MAX_PKT_BURST}: the most segments one burst's packets are cut into. */
    static final int GSO_MAX_PKT_BURST = 2048;
    /** testpmd's {@code gso_types}: TCP/IPv4 and UDP/IPv4, also inside VXLAN and GRE. */
    private static final int GSO_TYPES = (int)(PortConfig.TX_OFFLOAD_TCP_TSO | PortConfig.TX_OFFLOAD_VXLAN_TNL_TSO |
        PortConfig.TX_OFFLOAD_GRE_TNL_TSO | PortConfig.TX_OFFLOAD_UDP_TSO);

    /** Each forwarding port's configured TX offloads, read at {@link #portBegin}: csumonly.c's {@code tx_offloads}. */
    private final long[] txOffloads = new long[TestPmdConfig.MAX_PORTS];
    /** The lcore's GSO context and its segments' burst, made at the first {@link #portBegin} of a port with GSO on. */
    private Gso gso;
    private MbufBurst gsoSegments;
    private final Mbuf mbuf = new Mbuf();
    private final Mbuf segment = new Mbuf();
    private final EthernetView eth = new EthernetView();

    // The parse of the packet in hand (csumonly.c's struct testpmd_offload_info).
    private int ethertype;
    private int l2Len;
    private int l3Len;
    private int l4Len;
    private int l4Proto;

    /** A csum engine for one forwarding lcore ({@link Engines#create} makes one per lcore). */
    public CsumEngine()
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
        txOffloads[portId] = Port.of(portId).txOffloads();
        if (config.gso[portId] && gso == null)
        {
            gso = new Gso(GSO_TYPES, config.gsoSegmentSize);
            gsoSegments = new MbufBurst(GSO_MAX_PKT_BURST);
        }
    }

    @Override
    public void close()
    {
        if (gso != null)
        {
            gso.close();
            gsoSegments.close();
        }
    }

    @Override
    public void packetFwd(final FwdStream stream)
    {
        final int n = stream.receive();
        if (n == 0)
        {
            return;
        }
        final TestPmdConfig config = stream.config;
        final int txPort = stream.txPort.id();
        final boolean macSwap = config.csumMacSwap[txPort];
        final long peer = config.peerMac[txPort];
        final long own = config.portMac[txPort];
        final long txOffloads = this.txOffloads[txPort];
        final boolean segments = config.gso[txPort] && gso != null; // gso: made at portBegin when GSO was on
        final int tsoSegsz = config.tsoSegsz[txPort];
        final boolean verbose = config.verbose.level() > 0;
        final MbufBurst burst = stream.burst;
        for (int i = 0; i < n; i++)
        {
            final Mbuf m = burst.mbuf(i, mbuf);
            final long rxFlags = m.olFlags();
            countBadChecksums(stream, rxFlags);
            if (macSwap)
            {
                MacEngine.writeAddresses(m, eth, peer, own);
            }
            parseEthernet(m);
            // TSO only for a packet longer than its headers and one segment, as process_inner_cksums decides it
            final int tso = tsoSegsz != 0 && m.pktLen() > l2Len + l3Len + l4Len + tsoSegsz ? tsoSegsz : 0;
            final long txFlags = (rxFlags & (Mbuf.F_INDIRECT | Mbuf.F_EXTERNAL)) |
                innerChecksums(m, txOffloads, segments, tso);
            m.txOffload((l2Len & 0x7F) | (long)(l3Len & 0x1FF) << 7 | (long)(l4Len & 0xFF) << 16 |
                (long)tsoSegsz << 24);
            m.olFlags(txFlags);
            if (verbose)
            {
                describe(stream, m, rxFlags, txOffloads, tsoSegsz);
            }
        }
        final MbufBurst out = segments ? segment(stream, burst, txOffloads) : burst;
        final int count = out.count();
        final int prepared = stream.txPort.txPrepare(stream.txQueue, out);
        if (prepared != count)
        {
            config.verbose.error("Preparing packet burst to transmit failed: " + EalRaw.strerror(EalRaw.errno()));
            stream.fwdDropped += count - prepared;
            out.freeFrom(prepared);
        }
        stream.sendOrFree(out);
    }

    /**
     * csumonly.c's GSO step: each packet of {@code burst} through {@code rte_gso_segment} ({@link Gso}) into the
     * lcore's segments burst, in order: a packet cut into segments is freed (they hold its data), one that needs no
     * cutting goes as it is, one that cannot be cut is freed; then {@code pkts_ip_csum_recalc}. {@code burst} is
     * empty afterwards.
     *
     * @return the segments burst
     */
    private MbufBurst segment(final FwdStream stream, final MbufBurst burst, final long txOffloads)
    {
        final MbufBurst out = gsoSegments;
        final Gso gso = this.gso.pools(stream.pool, stream.pool).segmentSize(stream.config.gsoSegmentSize);
        final int n = burst.count();
        for (int i = 0; i < n; i++)
        {
            final long packet = burst.get(i);
            // rte_gso_segment copies the headers from the first segment unchecked: one whose headers run past it
            // (a small --mbuf-size) leaves as it is, where testpmd's GSO would read beyond that segment's data.
            final Mbuf m = mbuf.wrap(packet);
            final int cut = m.l2Len() + m.l3Len() + m.l4Len() > m.dataLen() ? 0 : gso.segment(packet, out);
            // After a cut the segments hold its data; one GSO refused (or with no room left) is dropped, as in testpmd.
            if (cut != 0 || !out.add(packet))
            {
                m.free();
            }
        }
        burst.count(0);
        if ((txOffloads & PortConfig.TX_OFFLOAD_IPV4_CKSUM) == 0)
        {
            // pkts_ip_csum_recalc: the IPv4 header checksum of every segment, whose lengths and ids GSO changed
            for (int i = 0; i < out.count(); i++)
            {
                final Mbuf m = out.mbuf(i, mbuf);
                if ((m.olFlags() & Mbuf.F_TX_IPV4) != 0)
                {
                    ipv4HeaderChecksum(m, m.l2Len(), (u8(m, m.l2Len()) & 0x0F) * 4);
                }
            }
        }
        return out;
    }

    private static void countBadChecksums(final FwdStream stream, final long rxFlags)
    {
        if ((rxFlags & Mbuf.F_RX_IP_CKSUM_MASK) == Mbuf.F_RX_IP_CKSUM_BAD)
        {
            stream.rxBadIpCsum++;
        }
        if ((rxFlags & Mbuf.F_RX_L4_CKSUM_MASK) == Mbuf.F_RX_L4_CKSUM_BAD)
        {
            stream.rxBadL4Csum++;
        }
        if ((rxFlags & Mbuf.F_RX_OUTER_L4_CKSUM_BAD) != 0)
        {
            stream.rxBadOuterL4Csum++;
        }
        if ((rxFlags & Mbuf.F_RX_OUTER_IP_CKSUM_BAD) != 0)
        {
            stream.rxBadOuterIpCsum++;
        }
    }

    /** csumonly.c's {@code parse_ethernet}, {@code parse_ipv4} and {@code parse_ipv6}. */
    private void parseEthernet(final Mbuf m)
    {
        l2Len = 14;
        ethertype = u16(m, 12);
        while (ethertype == ETHER_TYPE_VLAN || ethertype == ETHER_TYPE_QINQ)
        {
            ethertype = u16(m, l2Len + 2);
            l2Len += 4;
        }
        if (ethertype == ETHER_TYPE_IPV4)
        {
            l3Len = (u8(m, l2Len) & 0x0F) * 4;
            l4Proto = u8(m, l2Len + 9);
        }
        else if (ethertype == ETHER_TYPE_IPV6)
        {
            l3Len = 40;
            l4Proto = u8(m, l2Len + 6);
        }
        else
        {
            l3Len = 0;
            l4Len = 0;
            l4Proto = 0;
            return;
        }
        l4Len = l4Proto == PROTO_TCP ? (u8(m, l2Len + l3Len + 12) & 0xF0) >> 2 : l4Proto == PROTO_UDP ? 8 : 0;
    }

    /**
     * csumonly.c's {@code process_inner_cksums}: returns the TX flags it asks for, with the segmentation flag of TCP
     * and UDP when {@code segments} (GSO on the TX port), and TCP's for the NIC when {@code tso} (the effective TSO
     * size, 0 for none).
     */
    private long innerChecksums(final Mbuf m, final long txOffloads, final boolean segments, final int tso)
    {
        final int l3 = l2Len;
        long flags;
        if (ethertype == ETHER_TYPE_IPV4)
        {
            flags = Mbuf.F_TX_IPV4;
            if ((txOffloads & PortConfig.TX_OFFLOAD_IPV4_CKSUM) != 0 || l4Proto == PROTO_TCP && tso != 0)
            {
                flags |= Mbuf.F_TX_IP_CKSUM;
            }
            else
            {
                ipv4HeaderChecksum(m, l3, l3Len);
            }
        }
        else if (ethertype == ETHER_TYPE_IPV6)
        {
            flags = Mbuf.F_TX_IPV6;
        }
        else
        {
            return 0;
        }
        final int l4 = l3 + l3Len;
        if (l4Proto == PROTO_UDP)
        {
            if (u16(m, l4 + 6) != 0)
            {
                if ((txOffloads & PortConfig.TX_OFFLOAD_UDP_CKSUM) != 0)
                {
                    flags |= Mbuf.F_TX_UDP_CKSUM;
                }
                else
                {
                    put16(m, l4 + 6, 0);
                    put16(m, l4 + 6, l4Checksum(m, l3, l4));
                }
            }
            if (segments)
            {
                flags |= Mbuf.F_TX_UDP_SEG;
            }
        }
        else if (l4Proto == PROTO_TCP)
        {
            if (tso != 0)
            {
                flags |= Mbuf.F_TX_TCP_SEG; // the NIC cuts it and sums each segment
            }
            else if ((txOffloads & PortConfig.TX_OFFLOAD_TCP_CKSUM) != 0)
            {
                flags |= Mbuf.F_TX_TCP_CKSUM;
            }
            else
            {
                put16(m, l4 + 16, 0);
                put16(m, l4 + 16, l4Checksum(m, l3, l4));
            }
            if (segments)
            {
                flags |= Mbuf.F_TX_TCP_SEG;
            }
        }
        else if (l4Proto == PROTO_SCTP)
        {
            // csumonly.c tests the IPv4 total_length field as the CPU loads it (its first byte on x86), even for IPv6
            if ((txOffloads & PortConfig.TX_OFFLOAD_SCTP_CKSUM) != 0 && (u8(m, l3 + 2) & 0x3) == 0)
            {
                flags |= Mbuf.F_TX_SCTP_CKSUM;
            }
            else
            {
                put16(m, l4 + 8, 0);
                put16(m, l4 + 10, 0);
            }
        }
        return flags;
    }

    /** {@code rte_ipv4_cksum}: the IPv4 header at {@code l3}, {@code length} bytes, summed again into its field. */
    private static void ipv4HeaderChecksum(final Mbuf m, final int l3, final int length)
    {
        put16(m, l3 + 10, 0);
        put16(m, l3 + 10, ~fold(sum(m, l3, length)) & 0xFFFF);
    }

    /**
     * {@code rte_ipv4_udptcp_cksum_mbuf} / {@code rte_ipv6_udptcp_cksum_mbuf} with the field already zeroed: the L4
     * length comes from the IP header; 0xFFFF when that runs past the packet (DPDK's "dummy value"), and a UDP
     * checksum that computes to 0 is sent as 0xFFFF.
     */
    private int l4Checksum(final Mbuf m, final int l3, final int l4)
    {
        final long pseudo;
        final int length;
        if (ethertype == ETHER_TYPE_IPV4)
        {
            length = (u16(m, l3 + 2) - l3Len) & 0xFFFF;
            pseudo = sum(m, l3 + 12, 8) + l4Proto + length;
        }
        else
        {
            length = u16(m, l3 + 4);
            pseudo = sum(m, l3 + 8, 32) + l4Proto + length;
        }
        final int raw = rawSum(m, l4, length);
        if (raw < 0)
        {
            return 0xFFFF;
        }
        final int checksum = ~fold(raw + pseudo) & 0xFFFF;
        return checksum == 0 && l4Proto == PROTO_UDP ? 0xFFFF : checksum;
    }

    /**
     * {@code rte_raw_cksum_mbuf}: the one's-complement sum of {@code length} bytes from {@code offset} of the packet,
     * across its segments, folded to 16 bits; -1 when they run past {@code pkt_len}. A segment that starts at an odd
     * offset of the sum has its sum byte-swapped, after being cut to 16 bits as DPDK 22.11 cuts it.
     */
    private int rawSum(final Mbuf m, final int offset, final int length)
    {
        if (offset + length <= m.dataLen())
        {
            return fold(sum(m, offset, length));
        }
        if (offset > m.pktLen() || offset + length > m.pktLen())
        {
            return -1;
        }
        long seg = m.address();
        int off = offset;
        int segLen = 0;
        while (seg != 0)
        {
            segLen = segment.wrap(seg).dataLen();
            if (off < segLen)
            {
                break;
            }
            off -= segLen;
            seg = segment.next();
        }
        if (seg == 0)
        {
            return -1;
        }
        segLen -= off;
        long at = segment.dataAddress() + off;
        if (segLen >= length)
        {
            return fold(Checksums.sum(Memory.ALL, at, length, 0));
        }
        long total = 0;
        int done = 0;
        while (true)
        {
            long part = littleEndianSum(at, segLen);
            if ((done & 1) != 0)
            {
                part = Short.toUnsignedInt(Short.reverseBytes((short)part));
            }
            total += part;
            done += segLen;
            if (done == length)
            {
                break;
            }
            seg = segment.next();
            if (seg == 0)
            {
                return -1; // a chain shorter than its pkt_len
            }
            at = segment.wrap(seg).dataAddress();
            segLen = Math.min(segment.dataLen(), length - done);
        }
        // the sum of little-endian words, folded: byte-swapped, it is the sum of the packet's big-endian words
        return Short.toUnsignedInt(Short.reverseBytes((short)fold(total)));
    }

    /** The packet's big-endian words over {@code [offset, offset + length)} of its first segment, 0 beyond its data. */
    private static long sum(final Mbuf m, final int offset, final int length)
    {
        final int inData = Math.max(0, Math.min(length, m.dataLen() - offset));
        return Checksums.sum(Memory.ALL, m.dataAddress() + offset, inData, 0);
    }

    /** csumonly.c's verbose dump of one packet. */
    private void describe(final FwdStream stream, final Mbuf m, final long rxFlags, final long txOffloads,
        final int tsoSegsz)
    {
        final StringBuilder sb = new StringBuilder(256);
        sb.append("-----------------\n");
        sb.append("port=").append(stream.rxPort.id()).append(", mbuf=0x").append(Long.toHexString(m.address()))
            .append(", pkt_len=").append(m.pktLen()).append(", nb_segs=").append(m.nbSegs()).append(":\n");
        sb.append("rx: l2_len=").append(l2Len).append(" ethertype=").append(Integer.toHexString(ethertype))
            .append(" l3_len=").append(l3Len).append(" l4_proto=").append(l4Proto).append(" l4_len=").append(l4Len)
            .append(" flags=").append(MbufInfo.offloadFlagNames(true, rxFlags)).append('\n');
        if ((rxFlags & Mbuf.F_RX_LRO) != 0)
        {
            sb.append("rx: m->lro_segsz=").append(tsoSegsz).append('\n'); // tso_segsz, just set to the TSO size
        }
        if ((txOffloads & TX_OFFLOAD_ANY_CKSUM) != 0 || tsoSegsz != 0)
        {
            sb.append("tx: m->l2_len=").append(m.l2Len()).append(" m->l3_len=").append(m.l3Len())
                .append(" m->l4_len=").append(m.l4Len()).append('\n');
        }
        if (tsoSegsz != 0 && (m.olFlags() & Mbuf.F_TX_TCP_SEG) != 0)
        {
            sb.append("tx: m->tso_segsz=").append(tsoSegsz).append('\n');
        }
        sb.append("tx: flags=").append(MbufInfo.offloadFlagNames(false, m.olFlags())).append('\n');
        stream.config.verbose.print(sb);
    }

    private static int u8(final Mbuf m, final int offset)
    {
        return offset >= 0 && offset < m.dataLen() ? m.getUnsignedByte(offset) : 0;
    }

    private static int u16(final Mbuf m, final int offset)
    {
        return offset >= 0 && offset + 2 <= m.dataLen() ? m.getShort(offset) : u8(m, offset) << 8 | u8(m, offset + 1);
    }

    private static void put16(final Mbuf m, final int offset, final int value)
    {
        if (offset >= 0 && offset + 2 <= m.dataLen())
        {
            m.putShort(offset, value);
            return;
        }
        if (offset >= 0 && offset < m.dataLen())
        {
            m.putByte(offset, value >>> 8);
        }
    }

    /**
     * {@code __rte_raw_cksum}: the unfolded sum of the 16-bit words at {@code address} as the CPU loads them
     * (little-endian), an odd last byte as the low byte of one, cut to 32 bits as DPDK's {@code uint32_t} sum is.
     */
    private static long littleEndianSum(final long address, final int length)
    {
        long sum = 0;
        final int even = length & ~1;
        for (int k = 0; k < even; k += 2)
        {
            sum += Short.toUnsignedInt(Memory.getShort(address + k));
        }
        if ((length & 1) != 0)
        {
            sum += Byte.toUnsignedInt(Memory.getByte(null, address + even));
        }
        return sum & 0xFFFF_FFFFL;
    }
}
