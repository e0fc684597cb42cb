package io.jdpdk.apps.testpmd;

/**
 * The run's parameters that forwarding engines read: testpmd's globals ({@code nb_pkt_per_burst},
 * {@code peer_eth_addrs}, {@code tx_pkt_seg_lengths}, {@code tx_ip_src_addr}, ...), with testpmd's
 * defaults. Filled from the command line before forwarding starts; read-only on the lcores.
 */
public final class TestPmdConfig
{
    /** Most ports testpmd handles here. */
    public static final int MAX_PORTS = 32;

    /** {@code --burst}: packets per burst (default 32). */
    public int burst = 32;

    /**
     * testpmd's {@code retry_enabled} ({@code set fwd MODE retry}): streams made from now on retry a partial TX
     * {@link #txRetryNum} times, {@link #txRetryDelayUs} apart, before they drop the rest.
     */
    public boolean txRetry;

    /**
     * testpmd's {@code record_burst_stats} ({@code --record-burst-stats}, {@code set record-burst-stats on|off}):
     * streams made from now on (at the next start) count their bursts by size, and the forward statistics show the
     * most frequent sizes ({@code RX-bursts : N [..% of 32 pkts + ...]}).
     */
    public boolean recordBurstStats;

    /**
     * testpmd's {@code record_core_cycles} ({@code --record-core-cycles}, {@code set record-core-cycles on|off}):
     * forwarding lcores launched from now on count the TSC cycles of the bursts that moved packets, and the forward
     * statistics end with the cycles per packet.
     */
    public boolean recordCoreCycles;

    /** testpmd's {@code verbose_level} ({@code set verbose N}) and the packet dump it turns on. */
    public final Verbose verbose = new Verbose();

    /** {@code BURST_TX_RETRIES}: testpmd's default {@code burst_tx_retry_num}. */
    public static final int TX_RETRY_NUM = 64;

    /** {@code BURST_TX_WAIT_US}: testpmd's default {@code burst_tx_delay_time}. */
    public static final int TX_RETRY_DELAY_US = 1;

    /**
     * testpmd's {@code burst_tx_retry_num} ({@code set burst tx delay D retry N}): a C unsigned int, read at each
     * retry, so a change reaches lcores that are forwarding.
     */
    public volatile long txRetryNum = TX_RETRY_NUM;

    /** testpmd's {@code burst_tx_delay_time} in µs ({@code set burst tx delay D retry N}), as {@link #txRetryNum}. */
    public volatile long txRetryDelayUs = TX_RETRY_DELAY_US;

    /**
     * Peer MAC per port, 48 bits in network order ({@code --eth-peer=N,MAC}); testpmd's default is
     * the locally administered 02:00:00:00:00:N.
     */
    public final long[] peerMac = new long[MAX_PORTS];

    /** Each port's own MAC (filled when ports start), for mac/icmpecho/txonly source addresses. */
    public final long[] portMac = new long[MAX_PORTS];

    /** {@code csum mac-swap on|off N}: whether csum mode rewrites the addresses of what it sends on port N (on). */
    public final boolean[] csumMacSwap = new boolean[MAX_PORTS];

    /**
     * {@code tso set SIZE N}: the TCP segment size csum mode asks port N's NIC to cut long TCP packets to
     * (testpmd's {@code ports[N].tso_segsz}); 0 for none.
     */
    public final int[] tsoSegsz = new int[MAX_PORTS];

    /** {@code set port N gso on|off}: whether csum mode cuts what it sends on port N in software ({@code Gso}). */
    public final boolean[] gso = new boolean[MAX_PORTS];

    /**
     * {@code set gso segsz N}: the largest GSO segment, headers included (testpmd's {@code gso_max_segment_size};
     * {@code RTE_ETHER_MAX_LEN - RTE_ETHER_CRC_LEN} at start).
     */
    public int gsoSegmentSize = 1518 - 4;

    /** {@code --txpkts}: segment lengths of generated packets (default one segment of 64 bytes). */
    public int[] txPktSegLengths = { 64 };

    /** {@code --rxpkts}, {@code --rxoffs}, {@code --rxhdrs} and their {@code set} commands: the RX buffer split. */
    final RxSplit rxSplit = new RxSplit();

    /** {@code set txtimes}: testpmd's {@code tx_pkt_times_inter} and {@code tx_pkt_times_intra} (C unsigned ints). */
    public long txTimesInter;
    /** {@code set txtimes}: the gap within a burst. */
    public long txTimesIntra;

    /** {@code --tx-ip=SRC,DST}: IPv4 addresses of generated packets (default 198.18.0.1, 198.18.0.2). */
    public int txIpSrc = (198 << 24) | (18 << 16) | 1;
    /** {@code --tx-ip=SRC,DST}: the destination IPv4 address, host byte order (default 198.18.0.2). */
    public int txIpDst = (198 << 24) | (18 << 16) | 2;

    /** {@code --tx-udp=SRC[,DST]}: UDP ports of generated packets (default 9, 9). */
    public int txUdpSrc = 9;
    /** {@code --tx-udp=SRC[,DST]}: the destination UDP port (default 9). */
    public int txUdpDst = 9;

    /** {@code --txonly-multi-flow}: vary the source IP per packet in txonly. */
    public boolean txOnlyMultiFlow;

    /** {@code --flowgen-flows}: number of flows flowgen cycles through (default 1024 in 22.11). */
    public int flowgenFlows = 1024;

    /**
     * {@code --flowgen-clones}: how many times flowgen sends each generated mbuf again (by reference
     * count) before building the next one (default 0: every packet its own mbuf).
     */
    public int flowgenClones;

    /** Each port's VLAN id to insert on TX ({@code tx_vlan set}, with {@code RTE_ETH_TX_OFFLOAD_VLAN_INSERT}), or 0. */
    public final int[] txVlanId = new int[MAX_PORTS];
    /** Each port's outer VLAN id to insert on TX ({@code tx_vlan set} with two ids: QinQ), or 0. */
    public final int[] txVlanIdOuter = new int[MAX_PORTS];

    /** The {@code --noisy-*} settings, and the noisy mode's per-port state while it forwards. */
    public final NoisyVnf noisy = new NoisyVnf();

    /** testpmd's defaults, peer MACs 02:00:00:00:00:N included. */
    public TestPmdConfig()
    {
        for (int i = 0; i < MAX_PORTS; i++)
        {
            peerMac[i] = 0x020000000000L | i;
            csumMacSwap[i] = true;
        }
    }

    /**
     * Total length of a generated packet.
     *
     * @return the sum of {@link #txPktSegLengths}, in bytes
     */
    public int txPktLength()
    {
        int sum = 0;
        for (final int len : txPktSegLengths)
        {
            sum += len;
        }
        return sum;
    }
}
