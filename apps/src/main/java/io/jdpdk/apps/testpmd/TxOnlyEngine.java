package io.jdpdk.apps.testpmd;

import io.jdpdk.eal.Lcore;
import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.mempool.header.Checksums;

/**
 * testpmd's {@code txonly} engine, as DPDK 22.11's {@code app/test-pmd/txonly.c}
 * ({@code pkt_burst_transmit}, {@code pkt_burst_prepare}, {@code setup_pkt_udp_ip_headers},
 * {@code update_pkt_header}, {@code tx_only_begin}): every call generates one burst of UDP/IPv4
 * packets and sends it; nothing is received.
 * <pre>
 *   0              6             12    14                                      34        42
 *   | peer MAC     | TX port MAC | 0800 | IPv4, 20 bytes, no options            | UDP     | payload...
 * </pre>
 * <ul>
 *   <li>Ethernet: destination {@code config.peerMac[txPort]} ({@code peer_eth_addrs[fs->peer_addr]},
 *   the peer of the TX port), source {@code config.portMac[txPort]}, type IPv4; read at every burst,
 *   as testpmd does.</li>
 *   <li>IPv4 ({@code setup_pkt_udp_ip_headers}): version 4, IHL 5, TOS 0, total length
 *   {@code tx_pkt_length - 14}, id 0, no fragmentation, TTL {@value #IP_DEFTTL}, protocol UDP,
 *   {@code config.txIpSrc} to {@code config.txIpDst}; the checksum summed once by
 *   {@link #portBegin} the way txonly does (a checksum that folds to 0 is sent as 0xFFFF).</li>
 *   <li>UDP: {@code config.txUdpSrc} to {@code config.txUdpDst}, length {@code tx_pkt_length - 34},
 *   checksum 0 (none).</li>
 *   <li>Payload: not written. txonly leaves whatever the mbuf's buffer holds; on a pool whose
 *   buffers were never used for anything else that is zeros (byte-identical to testpmd's
 *   packets).</li>
 *   <li>{@code --txpkts} ({@code config.txPktSegLengths}): each packet is a chain of one mbuf per
 *   length (the extra segments are taken from the pool all at once, as txonly's
 *   {@code rte_mempool_get_bulk}); the 42 header bytes are copied across segments when the first is
 *   shorter ({@code copy_buf_to_pkt_segs}).</li>
 *   <li>{@code --txonly-multi-flow}: the IPv4 source of each packet becomes
 *   {@code (txIpDst | (ip_var << 8)) + rte_lcore_id()} with an 8-bit counter {@code ip_var} per
 *   lcore, and the IPv4 checksum is recomputed ({@code rte_ipv4_cksum}); the counter backs out
 *   the packets TX refused. (22.11 varies the source address; later releases vary the UDP
 *   source port instead.)</li>
 * </ul>
 * Mbufs come from {@code stream.pool} with one bulk allocation per burst; when the pool cannot give
 * a whole burst, packets are allocated one by one until it runs dry, as txonly does. What TX refuses
 * is freed and counted as dropped ({@link FwdStream#sendOrFree()}). Generated packets are not
 * counted as received (testpmd shows RX 0 for txonly).
 * <p>
 * The TX port's insert offloads and {@code tx_vlan set} tags go into each packet's {@code ol_flags},
 * {@code vlan_tci} and {@code vlan_tci_outer} ({@link MbufFields.TxTags}), as {@code pkt_burst_prepare} sets them.
 * Not carried over: {@code --txsplit} (random segment counts), {@code --tx-pkt-times} (timestamps) and
 * {@code --tx-retry}.
 * <p>
 * Threading: {@link #portBegin} on the control thread before any lcore forwards (the lcore launch
 * publishes what it computed); {@link #packetFwd} on any number of forwarding lcores at once. Per-lcore
 * state ({@code RTE_PER_LCORE(_ip_var)} and the flyweights) lives in a thread-local created at a
 * thread's first burst, the only allocation; after that a burst allocates nothing and throws
 * nothing.
 */
public final class TxOnlyEngine implements ForwardEngine
{
    /** The mode name. */
    public static final String NAME = "txonly";
    /** {@code IP_DEFTTL}: the TTL of generated packets. */
    public static final int IP_DEFTTL = 64;
    /** {@code RTE_MAX_SEGS_PER_PKT} (testpmd.h): most segments in one generated packet. */
    public static final int MAX_SEGS_PER_PKT = 255;
    /** Ethernet + IPv4 + UDP headers: the bytes txonly writes at the start of every packet. */
    public static final int HEADER_LENGTH = 14 + 20 + 8;

    private static final int IP_OFFSET = 14;
    private static final int IP_TOTAL_LENGTH = IP_OFFSET + 2;
    private static final int IP_CHECKSUM = IP_OFFSET + 10;
    private static final int IP_SOURCE = IP_OFFSET + 12;
    private static final int UDP_LENGTH = IP_OFFSET + 20 + 4;

    private final ThreadLocal<PerLcore> perLcore = ThreadLocal.withInitial(PerLcore::new);
    private final MbufFields.TxTags tags = new MbufFields.TxTags();

    // What tx_only_begin computes, read by every lcore; written only by portBegin.
    private int[] segLengths;
    private int pktLength;
    private boolean multiFlow;
    private int ipDst;
    /** Packet bytes 16..23, 24..31 and 32..39 (IPv4 from total length on, UDP but its checksum). */
    private long word2;
    private long word3;
    private long word4;
    /** One's-complement sum of the IPv4 header words but checksum and source, for multi-flow. */
    private long ipSumWithoutSource;

    /** An engine with testpmd's default parameters, until {@link #portBegin} gives the run's. */
    public TxOnlyEngine()
    {
        begin(new TestPmdConfig());
    }

    @Override
    public boolean disabled(final boolean rxStopped, final boolean txStopped)
    {
        return txStopped; // its TX queue alone, as the engine's stream_init looks
    }

    @Override
    public String name()
    {
        return NAME;
    }

    /**
     * {@code tx_only_begin}: computes the IPv4 and UDP headers every packet gets from
     * {@code config}.
     *
     * @throws IllegalArgumentException when the packet cannot hold the headers (fewer than
     * {@value #HEADER_LENGTH} bytes, or a first segment shorter than that with multi-flow on), a
     * segment length is not 1..65535, or there are more than {@value #MAX_SEGS_PER_PKT} segments
     */
    @Override
    public void portBegin(final int portId, final TestPmdConfig config)
    {
        begin(config);
        tags.begin(portId, config);
    }

    private void begin(final TestPmdConfig config)
    {
        final int[] lengths = config.txPktSegLengths.clone();
        if (lengths.length == 0 || lengths.length > MAX_SEGS_PER_PKT)
        {
            throw new IllegalArgumentException("txonly: " + lengths.length + " segments, must be 1.." +
                MAX_SEGS_PER_PKT);
        }
        for (final int length : lengths)
        {
            if (length <= 0 || length > 0xFFFF)
            {
                throw new IllegalArgumentException("txonly: segment length " + length + " must be 1..65535");
            }
        }
        final int total = config.txPktLength();
        if (total < HEADER_LENGTH)
        {
            throw new IllegalArgumentException("txonly: packet length " + total + " < " + HEADER_LENGTH +
                " (Ethernet, IPv4 and UDP headers)");
        }
        if (config.txOnlyMultiFlow && lengths[0] < HEADER_LENGTH)
        {
            // tx_only_begin's TESTPMD_LOG(ERR) text.
            throw new IllegalArgumentException("Random segment number or multiple flow is enabled, but " +
                "tx_pkt_seg_lengths[0] " + lengths[0] + " < " + HEADER_LENGTH + " (needed)");
        }

        // setup_pkt_udp_ip_headers: lengths truncated to 16 bits as the C code's uint16_t.
        final int udpLength = (total - 14 - 20) & 0xFFFF;
        final int ipLength = (total - 14) & 0xFFFF;
        final int src = config.txIpSrc;
        final int dst = config.txIpDst;
        final int word0 = 0x4500;
        final int word2 = 0x0000;
        final int word3 = 0x0000;
        final int word4 = (IP_DEFTTL << 8) | 17;
        long sum = word0 + ipLength + word2 + word3 + word4 + (dst >>> 16) + (dst & 0xFFFF);
        this.ipSumWithoutSource = sum;
        sum += (src >>> 16) + (src & 0xFFFF);
        // txonly: reduce to 16 bits by subtracting 65535, complement, and send 0 as 0xFFFF.
        long cksum = ((sum & 0xFFFF0000L) >>> 16) + (sum & 0xFFFF);
        if (cksum > 65535)
        {
            cksum -= 65535;
        }
        cksum = ~cksum & 0xFFFF;
        if (cksum == 0)
        {
            cksum = 0xFFFF;
        }

        this.word2 = ((long)ipLength << 48) | ((long)word2 << 32) | ((long)word3 << 16) | word4;
        this.word3 = (cksum << 48) | ((src & 0xFFFF_FFFFL) << 16) | (dst >>> 16);
        this.word4 = ((long)(dst & 0xFFFF) << 48) | ((long)(config.txUdpSrc & 0xFFFF) << 32) |
            ((long)(config.txUdpDst & 0xFFFF) << 16) | udpLength;
        this.segLengths = lengths;
        this.pktLength = total;
        this.multiFlow = config.txOnlyMultiFlow;
        this.ipDst = dst;
    }

    /** {@code pkt_burst_transmit}: generates up to {@code config.burst} packets and sends them. */
    @Override
    public void packetFwd(final FwdStream stream)
    {
        final PerLcore l = perLcore.get();
        final TestPmdConfig config = stream.config;
        final MbufBurst burst = stream.burst;
        final Mempool pool = stream.pool;
        final int txPort = stream.txPort.id();
        final long peer = config.peerMac[txPort];
        final long own = config.portMac[txPort];
        l.word0 = ((peer & 0xFFFF_FFFF_FFFFL) << 16) | ((own >>> 32) & 0xFFFF);
        l.word1 = ((own & 0xFFFF_FFFFL) << 32) | 0x0800_4500L;
        l.lcoreId = multiFlow ? Lcore.currentLcoreId() : 0;
        final int perBurst = Math.min(config.burst, burst.capacity());

        int nbPkt = 0;
        if (burst.allocFrom(pool, perBurst))
        {
            while (nbPkt < perBurst)
            {
                if (!prepare(l, burst.get(nbPkt), pool))
                {
                    burst.freeFrom(nbPkt);
                    break;
                }
                nbPkt++;
            }
        }
        else
        {
            while (nbPkt < perBurst)
            {
                final long pkt = pool.alloc();
                if (pkt == 0)
                {
                    break;
                }
                if (!prepare(l, pkt, pool))
                {
                    l.pkt.wrap(pkt).free();
                    break;
                }
                burst.add(pkt);
                nbPkt++;
            }
        }
        if (nbPkt == 0)
        {
            return;
        }
        if (tags.any(txPort))
        {
            for (int i = 0; i < nbPkt; i++)
            {
                tags.setGenerated(l.pkt.wrap(burst.get(i)), txPort);
            }
        }
        final long sentBefore = stream.txPackets;
        final long droppedBefore = stream.fwdDropped;
        stream.sendOrFree();
        final int nbTx = (int)(stream.txPackets - sentBefore);
        if (multiFlow)
        {
            l.ipVar -= nbPkt - nbTx;
        }
        if (nbTx < nbPkt && droppedBefore == 0 && stream.config.verbose.level() > 0)
        {
            // txonly.c prints the first drop of a stream (it prints before counting it; the words are the same)
            stream.config.verbose.println("port " + stream.txPort.id() + " tx_queue " + stream.txQueue +
                " - drop (nb_pkt:" + nbPkt + " - nb_tx:" + nbTx + ")=" + (nbPkt - nbTx) + " packets");
        }
    }

    /** {@code pkt_burst_prepare}: one packet, its extra segments chained on. @return false if the pool ran dry */
    private boolean prepare(final PerLcore l, final long address, final Mempool pool)
    {
        final Mbuf pkt = l.pkt.wrap(address);
        final int[] lengths = segLengths;
        if (!pkt.length(lengths[0]))
        {
            return false;
        }
        if (lengths.length > 1)
        {
            final MbufBurst segs = l.segs;
            if (!segs.allocFrom(pool, lengths.length - 1))
            {
                return false;
            }
            for (int i = 1; i < lengths.length; i++)
            {
                if (!l.seg.wrap(segs.get(i - 1)).length(lengths[i]))
                {
                    segs.freeAll();
                    return false;
                }
            }
            for (int i = 1; i < lengths.length; i++)
            {
                pkt.chain(segs.get(i - 1));
            }
            segs.count(0);
        }

        if (lengths[0] >= HEADER_LENGTH)
        {
            pkt.putLong(0, l.word0).putLong(8, l.word1).putLong(16, word2).putLong(24, word3).putLong(32, word4)
                .putShort(40, 0);
        }
        else
        {
            copyHeaderAcrossSegments(l, pkt);
        }

        if (multiFlow)
        {
            // (tx_ip_dst_addr | (ip_var++ << 8)) + rte_lcore_id(), then update_pkt_header's rte_ipv4_cksum.
            final int src = (ipDst | ((l.ipVar & 0xFF) << 8)) + l.lcoreId;
            l.ipVar++;
            pkt.putInt(IP_SOURCE, src);
            pkt.putShort(UDP_LENGTH, pktLength - 14 - 20);
            pkt.putShort(IP_TOTAL_LENGTH, pktLength - 14);
            final long sum = ipSumWithoutSource + (src >>> 16) + (src & 0xFFFF);
            pkt.putShort(IP_CHECKSUM, ~Checksums.fold(sum) & 0xFFFF);
        }
        return true;
    }

    /** {@code copy_buf_to_pkt_segs}: the 42 header bytes into a chain whose first segment is shorter. */
    private void copyHeaderAcrossSegments(final PerLcore l, final Mbuf pkt)
    {
        final Mbuf seg = l.seg.wrap(pkt.address());
        int segOffset = 0;
        for (int i = 0; i < HEADER_LENGTH; i++)
        {
            while (segOffset == seg.dataLen())
            {
                seg.wrap(seg.next());
                segOffset = 0;
            }
            seg.putByte(segOffset++, headerByte(l, i));
        }
    }

    private int headerByte(final PerLcore l, final int index)
    {
        final long word = switch (index >>> 3)
        {
            case 0 -> l.word0;
            case 1 -> l.word1;
            case 2 -> word2;
            case 3 -> word3;
            case 4 -> word4;
            default -> 0L;
        };
        return (int)(word >>> (56 - 8 * (index & 7))) & 0xFF;
    }

    /** Per-lcore state: testpmd's {@code RTE_PER_LCORE(_ip_var)} and the burst's scratch. */
    private static final class PerLcore
    {
        final Mbuf pkt = new Mbuf();
        final Mbuf seg = new Mbuf();
        final MbufBurst segs = new MbufBurst(MAX_SEGS_PER_PKT);
        int ipVar;
        int lcoreId;
        long word0;
        long word1;
    }
}
