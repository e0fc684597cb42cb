package io.jdpdk.apps.testpmd;

import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.mempool.header.Checksums;

/**
 * testpmd's {@code flowgen} engine, as DPDK 22.11's {@code app/test-pmd/flowgen.c}
 * ({@code pkt_burst_flow_gen}): every call receives a burst and frees it (counted as received),
 * then generates a burst of UDP/IPv4 packets over {@code config.flowgenFlows} flows and sends it.
 * <pre>
 *   0                   6                   12    14                              34     42
 *   | 00:01:02:03:04:01 | 00:01:02:03:04:00 | 0800 | 10.254.0.0 -> 10.253.0.0 + flow | 1000 -> 1001 | ...
 * </pre>
 * Unlike txonly, flowgen ignores the ports' and peers' MAC addresses and {@code --tx-ip}/{@code --tx-udp}:
 * <ul>
 *   <li>Ethernet: the fixed {@code cfg_ether_dst} {@value #ETHER_DST_STRING} and {@code cfg_ether_src}
 *   {@value #ETHER_SRC_STRING}, type IPv4.</li>
 *   <li>Length: one segment of {@code tx_pkt_length - 4} bytes ("Adjust FCS"): the sum of
 *   {@code --txpkts} less 4, 60 by default.</li>
 *   <li>IPv4: version 4, IHL 5, TOS 0, total length {@code pkt_size - 14}, id 0, no fragmentation,
 *   TTL 64, protocol UDP, source 10.254.0.0, destination {@code 10.253.0.0 + next_flow};
 *   checksum {@code rte_ipv4_cksum}.</li>
 *   <li>UDP: 1000 to 1001, length {@code pkt_size - 34}, checksum 0. Payload: not written (whatever
 *   the buffer holds; zeros on a fresh pool).</li>
 *   <li>{@code next_flow} is a per-lcore counter that steps by one for every packet put in the burst,
 *   clones included, wraps at {@code config.flowgenFlows}, and backs out the packets TX refused.</li>
 *   <li>{@code --flowgen-clones} ({@code config.flowgenClones}): after a new mbuf, the next
 *   {@code min(clones, burst)} packets of the burst are the same mbuf again, its reference count
 *   raised by one each.</li>
 * </ul>
 * The TX port's insert offloads and {@code tx_vlan set} tags go into each new packet's {@code ol_flags},
 * {@code vlan_tci} and {@code vlan_tci_outer} ({@link MbufFields.TxTags}). Not carried over: {@code --tx-retry}.
 * <p>
 * Threading: as {@link TxOnlyEngine}: {@link #portBegin} on the control thread, {@link #packetFwd}
 * on any number of lcores, per-lcore state ({@code RTE_PER_LCORE(_next_flow)}, flyweight) in a
 * thread-local created at a thread's first burst; after that a burst allocates nothing and throws
 * nothing.
 */
public final class FlowGenEngine implements ForwardEngine
{
    /** The mode name. */
    public static final String NAME = "flowgen";
    /** {@code cfg_ip_src}: 10.254.0.0. */
    public static final int IP_SRC = (10 << 24) | (254 << 16);
    /** {@code cfg_ip_dst}: 10.253.0.0, plus the flow number. */
    public static final int IP_DST = (10 << 24) | (253 << 16);
    /** {@code cfg_udp_src}. */
    public static final int UDP_SRC = 1000;
    /** {@code cfg_udp_dst}. */
    public static final int UDP_DST = 1001;
    /** {@code cfg_ether_src} as 48 bits. */
    public static final long ETHER_SRC = 0x0001_0203_0400L;
    /** {@code cfg_ether_dst} as 48 bits. */
    public static final long ETHER_DST = 0x0001_0203_0401L;
    /** {@code IP_DEFTTL}. */
    public static final int IP_DEFTTL = 64;

    static final String ETHER_SRC_STRING = "00:01:02:03:04:00";
    static final String ETHER_DST_STRING = "00:01:02:03:04:01";

    private static final int HEADER_LENGTH = 14 + 20 + 8;
    /** Bytes 0..7 and 8..15: destination, source, IPv4 type, version/IHL and TOS. */
    private static final long WORD0 = (ETHER_DST << 16) | (ETHER_SRC >>> 32);
    private static final long WORD1 = ((ETHER_SRC & 0xFFFF_FFFFL) << 32) | 0x0800_4500L;

    private final ThreadLocal<PerLcore> perLcore = ThreadLocal.withInitial(PerLcore::new);
    private final MbufFields.TxTags tags = new MbufFields.TxTags();

    // What the run's parameters make of the packet; written only by portBegin.
    private int pktSize;
    private int flows;
    private int clones;

    /** An engine with testpmd's default parameters, until {@link #portBegin} gives the run's. */
    public FlowGenEngine()
    {
        begin(new TestPmdConfig());
    }

    @Override
    public String name()
    {
        return NAME;
    }

    /** {@code flowgen_begin}'s line: the number of flows. */
    @Override
    public String portBeginLine(final int portId, final TestPmdConfig config)
    {
        return "  number of flows for port " + portId + ": " + config.flowgenFlows;
    }

    /**
     * {@code flowgen_begin}: takes the packet size, flow and clone counts from {@code config}.
     *
     * @throws IllegalArgumentException for fewer than 1 flow, a negative clone count, or a packet
     * size below 1 or above 65535
     */
    @Override
    public void portBegin(final int portId, final TestPmdConfig config)
    {
        begin(config);
        tags.begin(portId, config);
    }

    private void begin(final TestPmdConfig config)
    {
        final int size = config.txPktLength() - 4;
        if (config.flowgenFlows < 1)
        {
            throw new IllegalArgumentException("flowgen: " + config.flowgenFlows + " flows, must be at least 1");
        }
        if (config.flowgenClones < 0)
        {
            throw new IllegalArgumentException("flowgen: " + config.flowgenClones + " clones, must be >= 0");
        }
        if (size < 1 || size > 0xFFFF)
        {
            throw new IllegalArgumentException("flowgen: packet size " + size + " (tx_pkt_length - 4) must be " +
                "1..65535");
        }
        this.pktSize = size;
        this.flows = config.flowgenFlows;
        this.clones = config.flowgenClones;
    }

    /** {@code pkt_burst_flow_gen}: drains a burst from RX, then generates and sends one. */
    @Override
    public void packetFwd(final FwdStream stream)
    {
        final PerLcore l = perLcore.get();
        final MbufBurst burst = stream.burst;
        final Mempool pool = stream.pool;
        final Mbuf pkt = l.pkt;

        stream.receive();
        burst.freeAll();

        final int perBurst = Math.min(stream.config.burst, burst.capacity());
        final int txPort = stream.txPort.id();
        final boolean tagged = tags.any(txPort);
        final int size = pktSize;
        final int ipLength = (size - 14) & 0xFFFF;
        final int udpLength = (size - 14 - 20) & 0xFFFF;
        final long ipSum = 0x4500 + ipLength + ((IP_DEFTTL << 8) | 17) + (IP_SRC >>> 16) + (IP_SRC & 0xFFFF);
        int nextFlow = l.nextFlow;
        int nbClones = clones;
        long address = 0;
        int nbPkt;
        for (nbPkt = 0; nbPkt < perBurst; nbPkt++)
        {
            if (nbPkt == 0 || nbClones == 0)
            {
                nbClones = Math.min(clones, perBurst);
                address = pool.alloc();
                if (address == 0)
                {
                    break;
                }
                // The headers are written even where a tiny --txpkts makes the packet shorter, as flowgen does.
                if (!pkt.wrap(address).length(Math.max(size, HEADER_LENGTH)))
                {
                    pkt.free();
                    break;
                }
                final int dst = IP_DST + nextFlow;
                final int cksum = ~Checksums.fold(ipSum + (dst >>> 16) + (dst & 0xFFFF)) & 0xFFFF;
                pkt.putLong(0, WORD0).putLong(8, WORD1)
                    .putLong(16, ((long)ipLength << 48) | ((IP_DEFTTL << 8) | 17))
                    .putLong(24, ((long)cksum << 48) | ((IP_SRC & 0xFFFF_FFFFL) << 16) | (dst >>> 16))
                    .putLong(32, ((long)(dst & 0xFFFF) << 48) | ((long)UDP_SRC << 32) | ((long)UDP_DST << 16) |
                        udpLength)
                    .putShort(40, 0);
                pkt.length(size);
                if (tagged)
                {
                    tags.setGenerated(pkt, txPort);
                }
            }
            else
            {
                nbClones--;
                pkt.wrap(address).refcntUpdate(1);
            }
            burst.add(address);
            if (++nextFlow >= flows)
            {
                nextFlow = 0;
            }
        }

        if (nbPkt > 0)
        {
            final long droppedBefore = stream.fwdDropped;
            stream.sendOrFree();
            final int dropped = (int)(stream.fwdDropped - droppedBefore);
            if (dropped > 0)
            {
                nextFlow -= dropped;
                while (nextFlow < 0)
                {
                    nextFlow += flows;
                }
            }
        }
        l.nextFlow = nextFlow;
    }

    /** Per-lcore state: testpmd's {@code RTE_PER_LCORE(_next_flow)} and a flyweight. */
    private static final class PerLcore
    {
        final Mbuf pkt = new Mbuf();
        int nextFlow;
    }
}
