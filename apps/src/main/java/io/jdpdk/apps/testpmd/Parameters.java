package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.common.CNumbers;
import io.jdpdk.apps.common.OptionOrder;
import io.jdpdk.apps.common.ParseOutput;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;
import io.jdpdk.pmd.PortEvent;
import io.jdpdk.pmd.RssTypes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * testpmd's command line after {@code --} (DPDK 22.11 {@code app/test-pmd/parameters.c}, {@code launch_args_parse}),
 * for the options jdpdk's testpmd has: the syntax is picocli's ({@code --opt=value} or {@code --opt value}, short
 * {@code -i}/{@code -a}), the checks and their messages are testpmd's. What needs the EAL (cores, ports, queues) is
 * checked by {@link TestPmd} once it runs. Control path.
 */
final class Parameters
{
    /** testpmd's options, after {@code --}; values are strings so that they are checked with testpmd's words. */
    @Command(name = "testpmd", description = "DPDK's testpmd in Java (jdpdk).", sortOptions = false)
    static final class Options
    {
        @Option(names = { "-i", "--interactive" }, description = "run in interactive mode")
        boolean interactive;

        @Option(names = { "-a", "--auto-start" },
            description = "start forwarding on init [always when non-interactive]")
        boolean autoStart;

        @Option(names = "--help", usageHelp = true, description = "display this message and quit")
        boolean help;

        @Option(names = "--forward-mode", paramLabel = "N",
            description = "set forwarding mode (N: io|mac|macswap|flowgen|rxonly|txonly|csum|icmpecho|noisy|5tswap)")
        String forwardMode;

        @Option(names = "--burst", paramLabel = "N", description = "set the number of packets per burst to N")
        String burst;

        @Option(names = "--nb-cores", paramLabel = "N", description = "set the number of forwarding cores")
        String nbCores;

        @Option(names = "--nb-ports", paramLabel = "N", description = "set the number of forwarding ports")
        String nbPorts;

        @Option(names = "--rxq", paramLabel = "N", description = "set the number of RX queues per port to N")
        String rxq;

        @Option(names = "--txq", paramLabel = "N", description = "set the number of TX queues per port to N")
        String txq;

        @Option(names = "--rxd", paramLabel = "N", description = "set the number of descriptors in RX rings to N")
        String rxd;

        @Option(names = "--txd", paramLabel = "N", description = "set the number of descriptors in TX rings to N")
        String txd;

        @Option(names = "--stats-period", paramLabel = "PERIOD",
            description = "statistics will be shown every PERIOD seconds (only if interactive is disabled)")
        String statsPeriod;

        @Option(names = "--eth-peers-configfile", paramLabel = "FILE",
            description = "config file with ethernet addresses of peer ports")
        String ethPeersConfigFile;

        @Option(names = "--eth-peer", paramLabel = "X,M:M:M:M:M:M",
            description = "set the MAC address of the X peer port (0 <= X < 32)")
        List<String> ethPeers = new ArrayList<>();

        @Option(names = "--no-flush-rx", description = "Don't flush RX streams before forwarding")
        boolean noFlushRx;

        @Option(names = "--txpkts", paramLabel = "X[,Y]*", description = "set TX segment sizes or total packet length")
        String txpkts;

        @Option(names = "--tx-ip", paramLabel = "src,dst", description = "IP addresses in Tx-only mode")
        String txIp;

        @Option(names = "--tx-udp", paramLabel = "src[,dst]", description = "UDP ports in Tx-only mode")
        String txUdp;

        @Option(names = "--txonly-multi-flow", description = "generate multiple flows in txonly mode")
        boolean txOnlyMultiFlow;

        @Option(names = "--flowgen-flows", paramLabel = "N", description = "set the number of flows in flowgen mode")
        String flowgenFlows;

        @Option(names = "--flowgen-clones", paramLabel = "N",
            description = "set the number of single packet clones to send in flowgen mode (less than the burst)")
        String flowgenClones;

        @Option(names = "--port-numa-config", paramLabel = "(port,socket)[,(port,socket)]",
            description = "the socket from which all memory of each port is allocated (with --numa)")
        String portNumaConfig;

        @Option(names = "--ring-numa-config", paramLabel = "(port,flag,socket)[,(port,flag,socket)]",
            description = "the socket of the RX (flag 1), TX (2) or both (3) rings of each port (with --numa)")
        String ringNumaConfig;

        @Option(names = "--hairpinq", paramLabel = "N", description = "set the number of hairpin queues per port")
        String hairpinq;

        @Option(names = "--hairpin-mode", paramLabel = "0xXX", description = "bitmask set the hairpin port mode")
        String hairpinMode;

        @Option(names = "--rxq-share", paramLabel = "N", arity = "0..1", fallbackValue = "",
            description = "number of ports per shared Rx queue group, zero to disable")
        String rxqShare;

        @Option(names = "--vxlan-gpe-port", paramLabel = "N", description = "UDP port number of tunnel VXLAN-GPE")
        String vxlanGpePort;

        @Option(names = "--geneve-parsed-port", paramLabel = "N", description = "UDP port to parse GENEVE tunnel protocol")
        String geneveParsedPort;

        @Option(names = "--latencystats", paramLabel = "N",
            description = "enable latency and jitter statistics monitoring on forwarding lcore id N")
        String latencyStats;

        @Option(names = "--bitrate-stats", paramLabel = "N",
            description = "set the logical core N to perform bit-rate calculation")
        String bitrateStats;

        @Option(names = "--noisy-tx-sw-buffer-size", paramLabel = "N", description = "size of FIFO buffer")
        String noisyTxSwBufferSize;

        @Option(names = "--noisy-tx-sw-buffer-flushtime", paramLabel = "N", description = "flush FIFO after N ms")
        String noisyTxSwBufferFlushTime;

        @Option(names = "--noisy-lkup-memory", paramLabel = "N", description = "allocate N MB of VNF memory")
        String noisyLookupMemory;

        @Option(names = "--noisy-lkup-num-writes", paramLabel = "N", description = "do N random writes per packet")
        String noisyLookupWrites;

        @Option(names = "--noisy-lkup-num-reads", paramLabel = "N", description = "do N random reads per packet")
        String noisyLookupReads;

        @Option(names = "--noisy-lkup-num-reads-writes", paramLabel = "N",
            description = "do N random reads and writes per packet")
        String noisyLookupReadsWrites;

        @Option(names = "--total-num-mbufs", paramLabel = "N",
            description = "set the number of mbufs to be allocated in mbuf pools")
        String totalNumMbufs;

        @Option(names = "--mbuf-size", paramLabel = "N[,N]*",
            description = "set the data size of mbufs to N bytes, one pool per size")
        String mbufSize;

        @Option(names = "--rxoffs", paramLabel = "X[,Y]*", description = "set RX segment offsets for split")
        String rxoffs;

        @Option(names = "--rxpkts", paramLabel = "X[,Y]*", description = "set RX segment sizes to split")
        String rxpkts;

        @Option(names = "--rxhdrs", paramLabel = "eth[,ipv4]*", description = "set RX segment protocol to split")
        String rxhdrs;

        @Option(names = "--multi-rx-mempool", description = "enable multi-rx-mempool support")
        boolean multiRxMempool;

        @Option(names = "--cmdline-file", paramLabel = "FILE",
            description = "execute the commands in FILE before the prompt (or before forwarding starts)")
        String cmdlineFile;

        @Option(names = "--tx-first", description = "start forwarding by sending a burst first (not interactive)")
        boolean txFirst;

        @Option(names = "--port-topology", paramLabel = "<paired|chained|loop>",
            description = "set the forwarding ports' topology (default paired)")
        String portTopology;

        @Option(names = "--portmask", paramLabel = "PORTMASK",
            description = "hexadecimal bitmask of the ports used for forwarding")
        String portmask;

        @Option(names = "--portlist", paramLabel = "PORTLIST",
            description = "list of the ports used for forwarding, as 1,3-5 (duplicates dropped)")
        String portlist;

        @Option(names = "--numa", description = "enable NUMA-aware allocation (the default)")
        boolean numa;

        @Option(names = "--no-numa", description = "disable NUMA-aware allocation")
        boolean noNuma;

        @Option(names = "--max-pkt-len", paramLabel = "N",
            description = "set the largest frame the ports receive, the MTU being N minus the Ethernet overhead")
        String maxPktLen;

        @Option(names = "--mbcache", paramLabel = "N", description = "set the cache of the mbuf pool to N mbufs")
        String mbcache;

        @Option(names = "--disable-rss", description = "disable RSS (with several RX queues)")
        boolean disableRss;

        @Option(names = "--rss-ip", description = "set RSS functions to IPv4/IPv6 only (the default)")
        boolean rssIp;

        @Option(names = "--rss-udp", description = "set RSS functions to IPv4/IPv6 + UDP")
        boolean rssUdp;

        @Option(names = "--disable-link-check", description = "don't check the ports' links on start and stop")
        boolean disableLinkCheck;

        @Option(names = "--no-lsc-interrupt", description = "don't use link status change interrupts")
        boolean noLscInterrupt;

        @Option(names = "--rx-offloads", paramLabel = "0xXXXX", description = "hexadecimal bitmask of RX queue offloads")
        String rxOffloads;

        @Option(names = "--tx-offloads", paramLabel = "0xXXXX", description = "hexadecimal bitmask of TX queue offloads")
        String txOffloads;

        @Option(names = "--enable-rx-cksum", description = "enable rx hardware checksum offload")
        boolean enableRxCksum;

        @Option(names = "--enable-scatter", description = "enable scattered Rx")
        boolean enableScatter;

        @Option(names = "--enable-lro", description = "enable large receive offload")
        boolean enableLro;

        @Option(names = "--disable-crc-strip", description = "disable hardware CRC stripping")
        boolean disableCrcStrip;

        @Option(names = "--enable-rx-timestamp", description = "enable rx hardware timestamp offload")
        boolean enableRxTimestamp;

        @Option(names = "--enable-hw-vlan", description = "enable hardware vlan")
        boolean enableHwVlan;

        @Option(names = "--enable-hw-vlan-filter", description = "enable hardware vlan filter")
        boolean enableHwVlanFilter;

        @Option(names = "--enable-hw-vlan-strip", description = "enable hardware vlan strip")
        boolean enableHwVlanStrip;

        @Option(names = "--enable-hw-vlan-extend", description = "enable hardware vlan extend")
        boolean enableHwVlanExtend;

        @Option(names = "--enable-hw-qinq-strip", description = "enable hardware qinq strip")
        boolean enableHwQinqStrip;

        @Option(names = "--enable-drop-en", description = "enable per queue packet drop")
        boolean enableDropEn;

        @Option(names = "--display-xstats", paramLabel = "NAME[,...]",
            description = "comma-separated list of extended statistics to show with the port statistics")
        String displayXstats;

        @Option(names = "--record-core-cycles", description = "enable measurement of CPU cycles")
        boolean recordCoreCycles;

        @Option(names = "--record-burst-stats", description = "enable display of RX and TX bursts")
        boolean recordBurstStats;

        @Option(names = "--rxpt", paramLabel = "N", description = "set prefetch threshold register of RX rings to N")
        String rxpt;

        @Option(names = "--rxht", paramLabel = "N", description = "set the host threshold register of RX rings to N")
        String rxht;

        @Option(names = "--rxwt", paramLabel = "N", description = "set the write-back threshold register of RX rings to N")
        String rxwt;

        @Option(names = "--rxfreet", paramLabel = "N", description = "set the free threshold of RX descriptors to N")
        String rxfreet;

        @Option(names = "--txpt", paramLabel = "N", description = "set the prefetch threshold register of TX rings to N")
        String txpt;

        @Option(names = "--txht", paramLabel = "N", description = "set the nhost threshold register of TX rings to N")
        String txht;

        @Option(names = "--txwt", paramLabel = "N", description = "set the write-back threshold register of TX rings to N")
        String txwt;

        @Option(names = "--txfreet", paramLabel = "N", description = "set the transmit free threshold of TX rings to N")
        String txfreet;

        @Option(names = "--txrst", paramLabel = "N", description = "set the transmit RS bit threshold of TX rings to N")
        String txrst;

        @Option(names = "--coremask", paramLabel = "COREMASK",
            description = "hexadecimal bitmask of cores running the packet forwarding test (not the main lcore)")
        String coremask;

        @Option(names = "--socket-num", paramLabel = "N", description = "set socket from which all memory is allocated")
        String socketNum;

        @Option(names = "--disable-device-start", description = "do not automatically start all ports")
        boolean disableDeviceStart;

        @Option(names = "--eth-link-speed", paramLabel = "N",
            description = "force the link speed (1000, 10000, 25000, 40000, 50000, 100000 or 200000 Mbps)")
        String ethLinkSpeed;

        @Option(names = "--rx-mq-mode", paramLabel = "0xX",
            description = "hexadecimal bitmask of the RX multi-queue modes allowed (RSS: 0x1)")
        String rxMqMode;

        @Option(names = "--max-lro-pkt-size", paramLabel = "N", description = "set the maximum LRO aggregated packet size")
        String maxLroPktSize;

        @Option(names = "--rss-level-inner", description = "set RSS hash level to innermost")
        boolean rssLevelInner;

        @Option(names = "--rss-level-outer", description = "set RSS hash level to outermost")
        boolean rssLevelOuter;

        @Option(names = "--flow-isolate-all", description = "request flow isolation on all ports at initialization time")
        boolean flowIsolateAll;

        @Option(names = "--no-rmv-interrupt", description = "disable device removal interrupt")
        boolean noRmvInterrupt;

        @Option(names = "--print-event", paramLabel = "EVENT",
            description = "enable printing of an ethdev event: unknown, intr_lsc, queue_state, intr_reset, vf_mbox, " +
                "ipsec, macsec, intr_rmv, dev_probed, dev_released, flow_aged, err_recovering, recovery_success, " +
                "recovery_failed or all")
        String printEvent;

        @Option(names = "--mask-event", paramLabel = "EVENT", description = "disable printing of an ethdev event")
        String maskEvent;

        @Option(names = "--no-iova-contig", description = "mempool memory can be IOVA non contiguous (with --mp-alloc=anon)")
        boolean noIovaContig;

        @Option(names = "--mp-alloc", paramLabel = "native|anon|xmem|xmemhuge|xbuf",
            description = "mempool allocation method")
        String mpAlloc;

        @Option(names = "--mp-anon", description = "allocate mempool with anonymous memory (--mp-alloc=anon)")
        boolean mpAnon;

        @Option(names = "--mlockall", description = "lock all memory (the default)")
        boolean mlockall;

        @Option(names = "--no-mlockall", description = "do not lock all memory")
        boolean noMlockall;
    }

    /** testpmd's {@code port_topology}: where each forwarding port's stream sends ({@code fwd_topology_tx_port_get}). */
    enum Topology
    {
        /** 0&lt;-&gt;1, 2&lt;-&gt;3, ...; an odd last port with itself. */
        PAIRED,
        /** 0-&gt;1-&gt;2-&gt;...-&gt;0. */
        CHAINED,
        /** each port to itself. */
        LOOP
    }

    /** A command-line value testpmd refuses: the message is what testpmd's {@code rte_exit} says. */
    static final class BadOption extends Exception
    {
        private static final long serialVersionUID = 1L;

        BadOption(final String message)
        {
            super(message);
        }
    }

    /** Where the run's values go: the engines read it. */
    final TestPmdConfig config;
    /** {@code --forward-mode}, io unless a valid one was given. */
    String mode = "io";
    boolean noFlushRx;
    /** {@code --hairpin-mode}: testpmd's {@code hairpin_mode} bits (no hairpin queues are set up by jdpdk). */
    int hairpinMode;
    /** {@code --rxq-share}: ports per shared RX queue group, 0 for none. */
    long rxqShare;
    /**
     * {@code --vxlan-gpe-port} and {@code --geneve-parsed-port}: the UDP ports csum's tunnel parsing would take as
     * VXLAN-GPE and GENEVE (testpmd's defaults 4790 and 6081); jdpdk's csum parses no tunnels, so they are kept only.
     */
    int vxlanGpePort = 4790;
    int geneveParsedPort = 6081;
    /** {@code --mp-alloc}: how the pools get their memory, native unless given. */
    String mpAlloc = "native";
    /** {@code --no-iova-contig} with an anonymous pool: {@link Mempool#F_NO_IOVA_CONTIG}. */
    int mempoolFlags;
    /** {@code --latencystats}: the lcore that publishes the latency statistics, or -1 for none. */
    int latencyStatsLcore = -1;
    /** {@code --bitrate-stats}: the lcore that computes the bit rates once a second, or -1 for none. */
    int bitrateLcore = -1;
    int statsPeriod;
    int nbRxd = TestPmd.DEFAULT_DESC;
    int nbTxd = TestPmd.DEFAULT_DESC;
    /** {@code --total-num-mbufs}, 0 for testpmd's formula. */
    int totalNumMbufs;
    int mbufSize = TestPmd.DEFAULT_MBUF_DATA_SIZE;
    /** {@code --mbuf-size}'s sizes ({@code mbuf_data_size[]}), a pool for each; {@link #mbufSize} is the first. */
    int[] mbufSizes = {TestPmd.DEFAULT_MBUF_DATA_SIZE};
    /** {@code --multi-rx-mempool}: RX queues take buffers from every size's pool. */
    boolean multiRxMempool;
    /** {@code --port-topology}. */
    Topology topology = Topology.PAIRED;
    /** {@code --cmdline-file}, null for none. */
    String cmdlineFile;
    /** {@code --tx-first}. */
    boolean txFirst;
    /** testpmd's {@code numa_support}: {@code --numa} (the default) or {@code --no-numa}, the last one given. */
    boolean numaSupport = true;
    /** {@code --max-pkt-len}, 0 for the device's default MTU. */
    int maxRxPktLen;
    /** {@code --mbcache}: testpmd's {@code mb_mempool_cache}. */
    int mbufCache = TestPmd.MBUF_CACHE;
    /**
     * testpmd's {@code rss_hf}, the RSS functions asked of a port with several RX queues (as far as the device offers
     * them) and the flow rss action's default: {@code RTE_ETH_RSS_IP}, or what the last of {@code --disable-rss},
     * {@code --rss-ip} and {@code --rss-udp} set.
     */
    long rssHf = RssTypes.IP;
    /** testpmd's {@code xstats_display}: {@code --display-xstats}, the extended statistics {@code show port stats} adds. */
    List<String> displayXstats = List.of();
    /** {@code RTE_ETH_XSTATS_NAME_SIZE} less the NUL: what {@code rte_strscpy} keeps of a longer name. */
    private static final int XSTAT_NAME_MAX = 63;
    /**
     * testpmd's {@code event_print_mask}: the ethdev events ({@code 1 << RTE_ETH_EVENT_*}) whose "Port N: ... event"
     * line is printed; every one but VF mbox, device probed, device released and RX available threshold unless
     * {@code --print-event} or
     * {@code --mask-event} said otherwise.
     */
    int eventPrintMask = ~(1 << PortEvent.VF_MBOX.value() | 1 << PortEvent.NEW.value() |
        1 << PortEvent.DESTROY.value() | 1 << PortEvent.RX_AVAIL_THRESH.value()) & ((1 << PortEvent.values().length) - 1);
    /** testpmd's {@code do_mlockall}: on, unless {@code --no-mlockall} came last. */
    boolean mlockall = true;
    /** testpmd's {@code no_device_start}: {@code --disable-device-start}. */
    boolean noDeviceStart;
    /** testpmd's {@code rmv_interrupt}, off with {@code --no-rmv-interrupt}. */
    boolean rmvInterrupt = true;
    /** testpmd's {@code flow_isolate_all}: {@code --flow-isolate-all}. */
    boolean flowIsolateAll;
    /** testpmd's {@code eth_link_speed}: {@code --eth-link-speed}'s fixed speed, 0 for autonegotiation. */
    int linkSpeeds;
    /** testpmd's {@code rx_mode.max_lro_pkt_size}: {@code --max-lro-pkt-size}, 0 for the device's. */
    int maxLroPktSize;
    /** testpmd's {@code rx_mq_mode}: {@code RTE_ETH_MQ_RX_VMDQ_DCB_RSS} (every mode flag), or {@code --rx-mq-mode}. */
    int rxMqMode = RX_MQ_VMDQ_DCB_RSS;
    /** testpmd's {@code socket_num}: {@code --socket-num}, or -1 ({@code UMA_NO_CONFIG}) without it. */
    int socketNum = -1;
    /** testpmd's {@code no_link_check}: {@code --disable-link-check}. */
    boolean noLinkCheck;
    /** testpmd's {@code lsc_interrupt}, off with {@code --no-lsc-interrupt} (and with {@code --tx-first}). */
    boolean lscInterrupt = true;
    /**
     * testpmd's {@code rx_mode.offloads}: none, or what {@code --rx-offloads} and the {@code --enable-*} and
     * {@code --disable-crc-strip} flags made of it, in command-line order.
     */
    long rxOffloads;
    /** testpmd's {@code tx_mode.offloads}: {@code RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE}, or {@code --tx-offloads}. */
    long txOffloads = PortConfig.TX_OFFLOAD_MBUF_FAST_FREE;
    /**
     * testpmd's RX queue thresholds as it keeps them: {@code rx_pthresh}, {@code rx_hthresh}, {@code rx_wthresh}
     * ({@code int8_t}), {@code rx_free_thresh} ({@code int16_t}) and {@code rx_drop_en}, each -1
     * ({@code RTE_PMD_PARAM_UNSET}) for the device's default, which a value that wraps to -1 (255 for a register)
     * also gives.
     */
    final int[] rxThresholds = {UNSET, UNSET, UNSET, UNSET, UNSET};
    /** {@code tx_pthresh}, {@code tx_hthresh}, {@code tx_wthresh}, {@code tx_free_thresh} and {@code tx_rs_thresh}. */
    final int[] txThresholds = {UNSET, UNSET, UNSET, UNSET, UNSET};

    /**
     * What testpmd prints of the options it takes (interactive mode, auto-start, the forwarding mode, set or unknown,
     * TX segments refused), and what it asks of the ports as it parses them: testpmd parses its options once
     * rte_eal_init has returned, so all of it comes after EAL's lines ({@link ParseOutput#release()}). jdpdk's
     * checks them before, so that a bad one fails without starting the EAL.
     */
    private final ParseOutput parsed;
    /**
     * The options whose checks need the EAL, {@code {name, value}} for each occurrence in command-line order:
     * {@code --nb-cores}, {@code --nb-ports}, {@code --rxq}, {@code --txq} and {@code --burst}.
     */
    final List<String[]> afterEal = new ArrayList<>();
    private final PrintStream out;
    private final PrintStream err;

    Parameters(final TestPmdConfig config, final ParseOutput parsed)
    {
        this.config = config;
        this.parsed = parsed;
        this.out = parsed.out();
        this.err = parsed.err();
    }

    /**
     * Everything that can be checked before the EAL starts, one option at a time in the order of the command line, as
     * testpmd's {@code getopt_long} loop takes them: what it prints comes in that order, an option given twice acts
     * twice ({@code --forward-mode} prints both), a value is checked against the options before it ({@code --txpkts}
     * against the {@code --mbuf-size} and {@code --txq} given before it, or their defaults), and of two bad options
     * checked here the first fails. A bad value throws with testpmd's message. What testpmd prints of the options it
     * took is held in the {@link ParseOutput} it was given. The checks that need the EAL ({@code --nb-cores},
     * {@code --nb-ports}, {@code --rxq}, {@code --txq}, {@code --burst=0}) come later, in {@code TestPmd}, every
     * occurrence in command-line order ({@link #afterEal}), after all of these.
     *
     * @param o       the options picocli set (their last values)
     * @param matched every option occurrence in command-line order ({@code ParseResult.matchedArgs()})
     */
    void apply(final Options o, final List<ArgSpec> matched) throws BadOption
    {
        final int[] txq = {1}; // nb_txq until a --txq sets it
        OptionOrder.forEach(matched, (name, value) ->
        {
            switch (name)
            {
                case "--interactive" -> out.println("Interactive-mode selected");
                case "--auto-start" -> out.println("Auto-start selected");
                case "--forward-mode" -> forwardMode(value);
                case "--burst" ->
                {
                    checkBurst(value);
                    afterEal.add(new String[] {name, value}); // set (0: asked of the PMD) once the EAL runs
                }
                case "--nb-cores", "--nb-ports", "--rxq" -> afterEal.add(new String[] {name, value});
                case "--rxd" ->
                {
                    nbRxd = descriptors(value, "rxd(" + atoi(value) + ") invalid - must be > 0");
                    if (rxThresholds[3] >= atoi(value)) // an --rxfreet before it, as testpmd's int16_t holds it
                    {
                        throw new BadOption("rxd must be > rx_free_thresh(" + rxThresholds[3] + ")");
                    }
                }
                case "--txd" -> nbTxd = descriptors(value, "txd must be in > 0");
                case "--stats-period" -> statsPeriod(value);
                case "--eth-peer" -> parseEthPeer(value);
                case "--eth-peers-configfile" ->
                {
                    if (!peersFromFile(value))
                    {
                        throw new BadOption("Cannot open logfile"); // testpmd's words for any failure here
                    }
                }
                case "--total-num-mbufs" -> totalNumMbufs(value);
                case "--mbuf-size" -> mbufSize(value);
                case "--rxoffs" -> config.rxSplit.setOffsets(rxItems(value, "rxpkt offsets", "bad rxoffs"), out);
                case "--rxpkts" -> config.rxSplit.setSegments(rxItems(value, "rxpkt segments", "bad rxpkts"), out);
                case "--rxhdrs" ->
                {
                    final int[] headers = RxSplit.parseHeaders(value, "rxpkt segments", err);
                    if (headers.length == 0)
                    {
                        throw new BadOption("bad rxpkts"); // testpmd's words for --rxhdrs too
                    }
                    config.rxSplit.setHeaders(headers, out);
                }
                case "--multi-rx-mempool" -> multiRxMempool = true;
                // testpmd asks with the queue count it has then; past RTE_MAX_QUEUES_PER_PORT its --txq is refused.
                case "--txq" ->
                {
                    txq[0] = Math.clamp(atoi(value), 0, PortConfig.MAX_QUEUES_PER_PORT);
                    afterEal.add(new String[] {name, value});
                }
                case "--txpkts" -> parseTxPkts(value, txq[0]);
                case "--tx-ip" -> parseTxIp(value);
                case "--tx-udp" -> parseTxUdp(value);
                case "--flowgen-flows" -> flowgenFlows(value);
                case "--flowgen-clones" ->
                {
                    final int n = atoi(value);
                    if (n < 0)
                    {
                        throw new BadOption("clones must be >= 0 and <= current burst");
                    }
                    config.flowgenClones = n & 0xFFFF; // testpmd's uint16_t nb_pkt_flowgen_clones
                }
                case "--latencystats" ->
                {
                    latencyStatsLcore = atoi(value);
                    if (latencyStatsLcore < 0)
                    {
                        throw new BadOption("invalid lcore id " + latencyStatsLcore + " for latencystats must be >= 0");
                    }
                }
                case "--bitrate-stats" ->
                {
                    bitrateLcore = atoi(value);
                    if (bitrateLcore < 0)
                    {
                        throw new BadOption("invalid lcore id " + bitrateLcore + " for bitrate stats must be >= 0");
                    }
                }
                case "--mp-anon" -> mpAlloc = "anon";
                case "--hairpinq" -> afterEal.add(new String[] {name, value}); // against the ports' hairpin queues
                case "--hairpin-mode" ->
                {
                    final long mode = CNumbers.strtoul(value, 0, false);
                    if (mode < 0)
                    {
                        throw new BadOption("hairpin mode invalid");
                    }
                    hairpinMode = (int)mode;
                }
                case "--rxq-share" ->
                {
                    // no value: UINT32_MAX, one group for all ports; else atoi's
                    final long n = value.isEmpty() ? 0xFFFF_FFFFL : atoi(value);
                    if (n < 0)
                    {
                        throw new BadOption("rxq-share must be >= 0");
                    }
                    rxqShare = n;
                }
                case "--vxlan-gpe-port" -> vxlanGpePort = nonNegative(value, "vxlan-gpe-port") & 0xFFFF;
                case "--geneve-parsed-port" -> geneveParsedPort = nonNegative(value, "geneve-parsed-port") & 0xFFFF;
                case "--mp-alloc" ->
                {
                    if (!List.of("native", "anon", "xmem", "xmemhuge", "xbuf").contains(value))
                    {
                        throw new BadOption("mp-alloc " + value + " invalid - must be: native, anon, xmem or xmemhuge");
                    }
                    mpAlloc = value;
                }
                case "--noisy-tx-sw-buffer-size" ->
                    config.noisy.txSwBufferSize = nonNegative(value, "noisy-tx-sw-buffer-size") & 0xFFFF; // uint16_t
                case "--noisy-tx-sw-buffer-flushtime" ->
                    config.noisy.txSwBufferFlushTimeMs = nonNegative(value, "noisy-tx-sw-buffer-flushtime") & 0xFFFF;
                case "--noisy-lkup-memory" -> config.noisy.lookupMemoryMib = nonNegative(value, "noisy-lkup-memory");
                case "--noisy-lkup-num-writes" ->
                    config.noisy.lookupWrites = nonNegative(value, "noisy-lkup-num-writes");
                case "--noisy-lkup-num-reads" -> config.noisy.lookupReads = nonNegative(value, "noisy-lkup-num-reads");
                case "--noisy-lkup-num-reads-writes" ->
                    config.noisy.lookupReadsWrites = nonNegative(value, "noisy-lkup-num-reads-writes");
                case "--cmdline-file" ->
                {
                    out.println("CLI commands to be read from " + value);
                    cmdlineFile = value;
                }
                case "--tx-first" ->
                {
                    out.println("Ports to start sending a burst of packets first");
                    txFirst = true;
                }
                case "--port-topology" -> topology = topology(value);
                case "--portmask" ->
                {
                    if (parsePortmask(value) == null)
                    {
                        throw new BadOption("Invalid fwd port mask");
                    }
                    afterEal.add(new String[] {name, value});
                }
                case "--portlist" ->
                {
                    if (parsePortList(value, TestPmd.MAX_ETHPORTS).length == 0)
                    {
                        throw new BadOption("Invalid fwd port list");
                    }
                    afterEal.add(new String[] {name, value});
                }
                case "--numa" -> numaSupport = true;
                case "--no-numa" -> numaSupport = false;
                case "--max-pkt-len" ->
                {
                    final int n = atoi(value);
                    if (n < TestPmd.ETHER_MIN_LEN)
                    {
                        throw new BadOption("Invalid max-pkt-len=" + n + " - should be > " + TestPmd.ETHER_MIN_LEN);
                    }
                    maxRxPktLen = n;
                }
                case "--mbcache" ->
                {
                    final int n = atoi(value);
                    if (n < 0 || n > MEMPOOL_CACHE_MAX_SIZE)
                    {
                        throw new BadOption("mbcache must be >= 0 and <= " + MEMPOOL_CACHE_MAX_SIZE);
                    }
                    mbufCache = n;
                }
                case "--disable-rss" -> rssHf = 0;
                case "--rss-ip" -> rssHf = RssTypes.IP;
                case "--rss-udp" -> rssHf = RssTypes.UDP;
                case "--disable-link-check" -> noLinkCheck = true;
                case "--no-lsc-interrupt" -> lscInterrupt = false;
                case "--rx-offloads" -> rxOffloads = offloadMask(value, "rx-offloads");
                case "--tx-offloads" -> txOffloads = offloadMask(value, "tx-offloads");
                case "--disable-crc-strip" -> rxOffloads |= RX_OFFLOAD_KEEP_CRC;
                case "--enable-lro" -> rxOffloads |= RX_OFFLOAD_TCP_LRO;
                case "--enable-scatter" -> rxOffloads |= RX_OFFLOAD_SCATTER;
                case "--enable-rx-cksum" -> rxOffloads |= PortConfig.RX_OFFLOAD_CHECKSUM;
                case "--enable-rx-timestamp" -> rxOffloads |= RX_OFFLOAD_TIMESTAMP;
                case "--enable-hw-vlan" -> rxOffloads |= RX_OFFLOAD_VLAN_STRIP | RX_OFFLOAD_VLAN_FILTER |
                    RX_OFFLOAD_VLAN_EXTEND | RX_OFFLOAD_QINQ_STRIP;
                case "--enable-hw-vlan-filter" -> rxOffloads |= RX_OFFLOAD_VLAN_FILTER;
                case "--enable-hw-vlan-strip" -> rxOffloads |= RX_OFFLOAD_VLAN_STRIP;
                case "--enable-hw-vlan-extend" -> rxOffloads |= RX_OFFLOAD_VLAN_EXTEND;
                case "--enable-hw-qinq-strip" -> rxOffloads |= RX_OFFLOAD_QINQ_STRIP;
                case "--enable-drop-en" -> rxThresholds[4] = 1;
                // parse_xstats_list: the non-empty names between commas; a later list replaces an earlier one.
                case "--display-xstats" -> displayXstats = Arrays.stream(value.split(",")).filter(n -> !n.isEmpty())
                    .map(n -> n.length() > XSTAT_NAME_MAX ? n.substring(0, XSTAT_NAME_MAX) : n).toList();
                case "--record-core-cycles" -> config.recordCoreCycles = true;
                case "--record-burst-stats" -> config.recordBurstStats = true;
                case "--rxpt", "--rxht", "--rxwt", "--rxfreet", "--txpt", "--txht", "--txwt", "--txfreet", "--txrst" ->
                    setThreshold(name.substring(2), nonNegative(value, name.substring(2)));
                case "--coremask" ->
                {
                    if (parseCoremask(value) == null)
                    {
                        throw new BadOption("Invalid fwd core mask");
                    }
                    afterEal.add(new String[] {name, value}); // the lcores are checked once the EAL runs
                }
                case "--socket-num" -> afterEal.add(new String[] {name, value}); // against the EAL's sockets
                case "--port-numa-config", "--ring-numa-config" ->
                    afterEal.add(new String[] {name, value}); // against the ports and sockets the EAL found
                case "--disable-device-start" -> noDeviceStart = true;
                case "--eth-link-speed" ->
                {
                    final int speed = linkSpeed(atoi(value));
                    if (speed != 0)
                    {
                        linkSpeeds = speed;
                    }
                }
                case "--rx-mq-mode" ->
                {
                    final long mode = CNumbers.strtoull(value, 16);
                    // strtoul's unsigned long kept in an int: what wraps negative, or is past the last mode, fails.
                    if ((int)mode < 0 || (int)mode > RX_MQ_VMDQ_DCB_RSS)
                    {
                        throw new BadOption("rx-mq-mode must be >= 0 and <= " + RX_MQ_VMDQ_DCB_RSS);
                    }
                    rxMqMode = (int)mode;
                }
                case "--max-lro-pkt-size" -> maxLroPktSize = atoi(value);
                case "--rss-level-inner" -> rssHf |= RssTypes.LEVEL_INNERMOST;
                case "--rss-level-outer" -> rssHf |= RssTypes.LEVEL_OUTERMOST;
                case "--flow-isolate-all" -> flowIsolateAll = true;
                case "--no-rmv-interrupt" -> rmvInterrupt = false;
                case "--print-event" -> eventPrinting(value, true);
                case "--mask-event" -> eventPrinting(value, false);
                case "--mlockall" -> mlockall = true;
                case "--no-mlockall" -> mlockall = false;
                default ->
                {
                    // flags, read from o below
                }
            }
        });
        if (o.noIovaContig && !mpAlloc.equals("anon"))
        {
            // launch_args_parse's last check: only an anonymous pool takes the flag.
            err.println("testpmd: cannot use no-iova-contig without mp-alloc=anon. mempool no-iova-contig is ignored");
        }
        mempoolFlags = o.noIovaContig && mpAlloc.equals("anon") ? Mempool.F_NO_IOVA_CONTIG : 0;
        noFlushRx = o.noFlushRx;
        config.txOnlyMultiFlow = o.txOnlyMultiFlow;
    }

    /** {@code RTE_ETH_MQ_RX_VMDQ_DCB_RSS}: every RX multi-queue mode flag (RSS 1, DCB 2, VMDq 4). */
    static final int RX_MQ_VMDQ_DCB_RSS = 7;

    /**
     * testpmd's {@code parse_event_printing_config}: one event's name, or {@code all}, turned on or off in
     * {@link #eventPrintMask}; an unknown name is said on stderr and refused.
     */
    private void eventPrinting(final String name, final boolean enable) throws BadOption
    {
        final PortEvent event = switch (name)
        {
            case "unknown" -> PortEvent.UNKNOWN;
            case "intr_lsc" -> PortEvent.LINK_STATE_CHANGE;
            case "queue_state" -> PortEvent.QUEUE_STATE;
            case "intr_reset" -> PortEvent.RESET;
            case "vf_mbox" -> PortEvent.VF_MBOX;
            case "ipsec" -> PortEvent.IPSEC;
            case "macsec" -> PortEvent.MACSEC;
            case "intr_rmv" -> PortEvent.REMOVAL;
            case "dev_probed" -> PortEvent.NEW;
            case "dev_released" -> PortEvent.DESTROY;
            case "flow_aged" -> PortEvent.FLOW_AGED;
            case "err_recovering" -> PortEvent.ERR_RECOVERING;
            case "recovery_success" -> PortEvent.RECOVERY_SUCCESS;
            case "recovery_failed" -> PortEvent.RECOVERY_FAILED;
            default -> null;
        };
        if (event == null && !name.equals("all"))
        {
            err.println("Invalid event: " + name);
            throw new BadOption("invalid " + (enable ? "print" : "mask") + "-event argument");
        }
        final int mask = event == null ? -1 : 1 << event.value();
        eventPrintMask = enable ? eventPrintMask | mask : eventPrintMask & ~mask;
    }

    /**
     * testpmd's {@code parse_link_speed}: {@code RTE_ETH_LINK_SPEED_FIXED} with the speed's bit, or 0 with
     * "Unsupported fixed speed" on stderr for a speed it does not fix (10 and 100 Mbps among them).
     */
    private int linkSpeed(final int mbps)
    {
        if (mbps < 0)
        {
            return 0; // testpmd checks n >= 0 before it asks
        }
        final int bit = mbps == 10 || mbps == 100 ? 0 : PortConfig.linkSpeedBit(mbps, false);
        if (bit == 0)
        {
            err.println("Unsupported fixed speed");
            return 0;
        }
        return PortConfig.LINK_SPEED_FIXED | bit;
    }

    /**
     * {@code --coremask}'s value as testpmd's {@code parse_fwd_coremask} reads it: {@code strtoull(s, &end, 16)} of
     * the whole text (blanks, a sign, {@code 0x}, hexadecimal digits and nothing after); too large a value is all
     * ones.
     *
     * @return the mask, or null when testpmd refuses it ("Invalid fwd core mask")
     */
    static Long parseCoremask(final String text)
    {
        return text.isEmpty() ? null : parsePortmask(text);
    }

    /** {@code RTE_MEMPOOL_CACHE_MAX_SIZE}: the largest {@code --mbcache}. */
    private static final int MEMPOOL_CACHE_MAX_SIZE = 512;

    /** testpmd's {@code RTE_PMD_PARAM_UNSET}: a queue threshold left to the device. */
    static final int UNSET = -1;

    /**
     * Sets one queue threshold as testpmd keeps it, from {@code --rxpt} and the like or {@code port config all rxpt}
     * and the like: the registers ({@code rxpt}, {@code rxht}, {@code rxwt}, {@code txpt}, {@code txht},
     * {@code txwt}) in an {@code int8_t}, the others ({@code rxfreet}, {@code txfreet}, {@code txrst}) in an
     * {@code int16_t}.
     *
     * @param name  the threshold's name, e.g. {@code rxfreet}
     * @param value the value given
     */
    void setThreshold(final String name, final int value)
    {
        switch (name)
        {
            case "rxpt" -> rxThresholds[0] = (byte)value;
            case "rxht" -> rxThresholds[1] = (byte)value;
            case "rxwt" -> rxThresholds[2] = (byte)value;
            case "rxfreet" -> rxThresholds[3] = (short)value;
            case "txpt" -> txThresholds[0] = (byte)value;
            case "txht" -> txThresholds[1] = (byte)value;
            case "txwt" -> txThresholds[2] = (byte)value;
            case "txfreet" -> txThresholds[3] = (short)value;
            case "txrst" -> txThresholds[4] = (short)value;
            default -> throw new IllegalArgumentException("no queue threshold " + name);
        }
    }

    /** The {@code RTE_ETH_RX_OFFLOAD_*} bits of testpmd's {@code --enable-*} flags. */
    private static final long RX_OFFLOAD_VLAN_STRIP = 1L;
    private static final long RX_OFFLOAD_TCP_LRO = 1L << 4;
    private static final long RX_OFFLOAD_QINQ_STRIP = 1L << 5;
    private static final long RX_OFFLOAD_VLAN_FILTER = 1L << 9;
    private static final long RX_OFFLOAD_VLAN_EXTEND = 1L << 10;
    private static final long RX_OFFLOAD_SCATTER = 1L << 13;
    private static final long RX_OFFLOAD_TIMESTAMP = 1L << 14;
    private static final long RX_OFFLOAD_KEEP_CRC = 1L << 16;

    /**
     * {@code --rx-offloads} and {@code --tx-offloads} as testpmd reads them: {@code strtoull(s, &end, 16)} of what
     * comes first (0 when nothing does; what follows is ignored) kept in an {@code int}, so only the low 31 bits can
     * be given: with bit 31 set, the value is negative and refused, above it they are lost.
     */
    static long offloadMask(final String value, final String name) throws BadOption
    {
        final int truncated = (int)CNumbers.strtoull(value, 16);
        if (truncated < 0)
        {
            throw new BadOption(name + " must be >= 0");
        }
        return truncated;
    }

    /** What {@code strtoull(s, &end, 16)} reads to the end of {@code s}: blanks, a sign, {@code 0x}, the digits. */
    private static final Pattern HEX_NUMBER = Pattern.compile("\\s*([+-]?)(?:0[xX])?([0-9a-fA-F]+)");

    private static Topology topology(final String value) throws BadOption
    {
        return switch (value)
        {
            case "paired" -> Topology.PAIRED;
            case "chained" -> Topology.CHAINED;
            case "loop" -> Topology.LOOP;
            default -> throw new BadOption("port-topology " + value + " invalid - must be: paired, chained or loop");
        };
    }

    /**
     * {@code --portmask}'s value as testpmd's {@code parse_fwd_portmask} reads it, with {@code strtoull(s, &end, 16)}:
     * leading blanks, a sign, {@code 0x}, hexadecimal digits and nothing after them; too large a value is all ones.
     *
     * @return the mask, or null when testpmd refuses it
     */
    static Long parsePortmask(final String text)
    {
        final Matcher m = HEX_NUMBER.matcher(text);
        if (!m.matches())
        {
            return null;
        }
        final BigInteger value = new BigInteger(m.group(2), 16);
        final long mask = value.bitLength() > 64 ? -1L : value.longValue();
        return m.group(1).equals("-") && value.bitLength() <= 64 ? -mask : mask;
    }

    /**
     * testpmd's {@code parse_port_list} ({@code --portlist}): comma-separated port ids and ranges ({@code 1,3-5}),
     * blanks allowed around them, each below {@code maxSize}, duplicates dropped, in the order first given.
     *
     * @return the port ids, empty when testpmd refuses the list
     */
    static int[] parsePortList(final String list, final int maxSize)
    {
        final boolean[] marked = new boolean[maxSize];
        final int[] values = new int[maxSize];
        int count = 0;
        int min = Integer.MAX_VALUE;
        int at = 0;
        int end;
        do
        {
            while (at < list.length() && isBlank(list.charAt(at)))
            {
                at++;
            }
            if (at == list.length())
            {
                break;
            }
            // strtol(list, &end, 10): blanks, a sign, decimal digits; with no digits, 0 and end where it began.
            int i = at;
            while (i < list.length() && Character.isWhitespace(list.charAt(i)))
            {
                i++;
            }
            final boolean negative = i < list.length() && list.charAt(i) == '-';
            if (i < list.length() && (list.charAt(i) == '-' || list.charAt(i) == '+'))
            {
                i++;
            }
            final int digits = i;
            while (i < list.length() && list.charAt(i) >= '0' && list.charAt(i) <= '9')
            {
                i++;
            }
            end = i == digits ? at : i;
            final BigInteger parsed = i == digits ? BigInteger.ZERO : new BigInteger(list.substring(digits, i));
            if (parsed.bitLength() >= Long.SIZE)
            {
                return new int[0]; // strtol's ERANGE
            }
            // strtol's long, kept in an int as parse_port_list keeps it.
            final int value = (int)(negative ? -parsed.longValue() : parsed.longValue());
            if (value < 0 || value >= maxSize)
            {
                return new int[0];
            }
            while (end < list.length() && isBlank(list.charAt(end)))
            {
                end++;
            }
            final char next = end < list.length() ? list.charAt(end) : '\0';
            if (next == '-' && min == Integer.MAX_VALUE)
            {
                min = value;
            }
            else if (next == ',' || next == '\0')
            {
                if (min == Integer.MAX_VALUE)
                {
                    min = value;
                }
                for (int port = min; port <= value; port++)
                {
                    if (!marked[port])
                    {
                        values[count++] = port;
                        marked[port] = true;
                    }
                }
                min = Integer.MAX_VALUE;
            }
            else
            {
                return new int[0];
            }
            at = end + 1;
        }
        while (end < list.length());
        return Arrays.copyOf(values, count);
    }

    private static boolean isBlank(final char c)
    {
        return c == ' ' || c == '\t';
    }

    private void forwardMode(final String name)
    {
        if (Engines.isKnown(name))
        {
            mode = name;
            out.println("Set " + name + " packet forwarding mode");
        }
        else
        {
            // testpmd prints this and carries on in the mode it had (io, or the one set before).
            err.println("Invalid " + name + " packet forwarding mode");
        }
    }

    /** {@code --burst}'s range; TestPmd.setUp sets it, or asks port 0's PMD for 0, as testpmd 22.11 does. */
    private static void checkBurst(final String value) throws BadOption
    {
        final int n = atoi(value);
        if (n < 0 || n > TestPmd.MAX_PKT_BURST)
        {
            throw new BadOption("burst must be between1 and " + TestPmd.MAX_PKT_BURST);
        }
    }

    /** {@code --rxd}/{@code --txd}: a descriptor count, positive, kept in 16 bits as testpmd's uint16_t keeps it. */
    private static int descriptors(final String value, final String refusal) throws BadOption
    {
        final int n = atoi(value);
        if (n <= 0)
        {
            throw new BadOption(refusal);
        }
        return n & 0xFFFF; // 0 (65536, ...): the driver's default, as for testpmd
    }

    private void statsPeriod(final String value) throws BadOption
    {
        if (!value.matches("\\d{1,5}") || Integer.parseInt(value) > 0xFFFF)
        {
            throw new BadOption("Invalid stats-period value");
        }
        statsPeriod = Integer.parseInt(value);
    }

    private void totalNumMbufs(final String value) throws BadOption
    {
        totalNumMbufs = atoi(value);
        if (totalNumMbufs <= TestPmd.MIN_TOTAL_NUM_MBUFS)
        {
            throw new BadOption("total-num-mbufs should be > " + TestPmd.MIN_TOTAL_NUM_MBUFS);
        }
    }

    private void mbufSize(final String value) throws BadOption
    {
        final long[] sizes = parseItemList(value, "mbuf-size", RxSplit.MAX_SEGS);
        if (sizes == null)
        {
            throw new BadOption("bad mbuf-size");
        }
        for (final long size : sizes)
        {
            if (size <= 0 || size > 0xFFFF)
            {
                throw new BadOption("mbuf-size should be > 0 and < 65536");
            }
        }
        mbufSizes = Arrays.stream(sizes).mapToInt(size -> (int)size).toArray();
        mbufSize = mbufSizes[0];
    }

    /** The items of {@code --rxoffs} or {@code --rxpkts} as {@code parse_item_list} reads them, or testpmd's refusal. */
    private long[] rxItems(final String value, final String itemName, final String refusal) throws BadOption
    {
        final long[] items = parseItemList(value, itemName, RxSplit.MAX_SEGS);
        if (items == null || items.length == 0)
        {
            throw new BadOption(refusal);
        }
        return items;
    }

    private void flowgenFlows(final String value) throws BadOption
    {
        final int n = atoi(value);
        if (n <= 0)
        {
            throw new BadOption("flows must be >= 1");
        }
        config.flowgenFlows = n;
    }

    /**
     * {@code --burst=0}: the burst size a PMD recommends ({@code default_rxportconf.burst_size}), refused as
     * testpmd refuses it when there is none or it is above {@link TestPmd#MAX_PKT_BURST}.
     */
    static int pmdBurst(final int recommended) throws BadOption
    {
        if (recommended == 0)
        {
            throw new BadOption("PMD does not recommend a burst size. Provided value must be between 1 and " +
                TestPmd.MAX_PKT_BURST);
        }
        if (recommended > TestPmd.MAX_PKT_BURST)
        {
            throw new BadOption("PMD recommended burst size of " + recommended + " exceeds maximum value of " +
                TestPmd.MAX_PKT_BURST);
        }
        return recommended;
    }

    /**
     * testpmd's {@code init_peer_eth_addrs}: the peer address of port 0, 1, ... from each of the file's first
     * {@code RTE_MAX_ETHPORTS} lines, read as {@code fgets} into 50 bytes reads them (a longer line is several) and
     * parsed as {@code rte_ether_unformat_addr} parses them, the line's newline included: in DPDK 22.11 only a last
     * line without a newline parses, and jdpdk keeps that behaviour. What fails is said on standard error.
     *
     * @return false when the file cannot be read or a line is no address
     */
    private boolean peersFromFile(final String file)
    {
        final String text;
        try
        {
            text = Files.isDirectory(Path.of(file)) ? "" : // fopen takes it, fgets fails
                new String(Files.readAllBytes(Path.of(file)),
                    StandardCharsets.ISO_8859_1);
        }
        catch (final IOException | InvalidPathException ex)
        {
            // perror("Failed to open eth config file\n")
            err.println("Failed to open eth config file");
            err.println(": " + (ex instanceof NoSuchFileException ? "No such file or directory" :
                ex instanceof AccessDeniedException ? "Permission denied" : ex.getMessage()));
            return false;
        }
        int at = 0;
        for (int i = 0; i < TestPmd.MAX_ETHPORTS && at < text.length(); i++)
        {
            final int newline = text.indexOf('\n', at);
            final int end = Math.min(at + 49, newline < 0 ? text.length() : newline + 1);
            String line = text.substring(at, end);
            at = end;
            final int nul = line.indexOf('\0');
            line = nul < 0 ? line : line.substring(0, nul);
            final long mac = Port.parseMac(line);
            if (mac < 0)
            {
                err.println("Bad MAC address format on line " + (i + 1));
                return false;
            }
            config.peerMac[i] = mac;
        }
        return true;
    }

    private void parseEthPeer(final String arg) throws BadOption
    {
        final int comma = arg.indexOf(',');
        if (comma <= 0 || !arg.substring(0, comma).matches("\\d{1,9}"))
        {
            throw new BadOption("Invalid eth-peer: " + arg);
        }
        final int port = Integer.parseInt(arg.substring(0, comma));
        if (port >= TestPmd.MAX_ETHPORTS)
        {
            throw new BadOption("eth-peer: port " + port + " >= RTE_MAX_ETHPORTS(" + TestPmd.MAX_ETHPORTS + ")");
        }
        final long mac = Port.parseMac(arg.substring(comma + 1));
        if (mac < 0)
        {
            throw new BadOption("Invalid ethernet address: " + arg.substring(comma + 1));
        }
        config.peerMac[port] = mac;
    }

    /** {@code --txpkts}: the segment lengths; {@code txq} is the TX queue count testpmd has when it parses them. */
    private void parseTxPkts(final String arg, final int txq) throws BadOption
    {
        final long[] items = parseItemList(arg, "txpkt segments", TxOnlyEngine.MAX_SEGS_PER_PKT);
        if (items == null)
        {
            throw new BadOption("bad txpkts");
        }
        // set_tx_pkt_segments: refuses with a message and keeps the previous setting.
        if (items.length > 1)
        {
            // nb_segs_is_invalid asks each port's TX rings (rte_eth_tx_queue_info_get) whether they hold that many
            // segments. testpmd parses its options before it sets up any queue, so no port can answer: ethdev logs
            // why, per port and queue ("Tx queue 0 of device with port_id=0 has not been setup" where the PMD made
            // its queues at probe, as net_pcap; "Invalid Tx queue_id=0" where it has none yet), and the check
            // passes. The same question is asked here, for the same lines; not when a bad option stops testpmd
            // before the EAL starts.
            parsed.hold(() ->
            {
                if (!io.jdpdk.eal.Eal.isRunning())
                {
                    return;
                }
                for (final int port : Port.ids())
                {
                    for (int queue = 0; queue < txq; queue++)
                    {
                        try
                        {
                            Port.of(port).txQueueInfo(queue);
                        }
                        catch (final io.jdpdk.eal.DpdkException notSetUp)
                        {
                            // what ethdev logged is the message
                        }
                    }
                }
            });
        }
        final int[] checked = txSegments(items, mbufSize, err);
        if (checked != null)
        {
            config.txPktSegLengths = checked;
        }
    }

    /**
     * The segment lengths of {@code --txpkts} and {@code set txpkts} as testpmd's {@code set_tx_pkt_segments} takes
     * them: none longer than the mbufs' data room, at least an empty UDP/IPv4 packet in all; what is wrong is said on
     * {@code err}, as testpmd says it.
     *
     * @return the lengths, or null when testpmd gives up
     */
    static int[] txSegments(final long[] items, final int mbufSize, final PrintStream err)
    {
        final int[] lengths = new int[items.length];
        int total = 0;
        for (int i = 0; i < items.length; i++)
        {
            if (items[i] > mbufSize)
            {
                err.printf("length[%d]=%d > mbuf_data_size=%d - give up%n", i, items[i], mbufSize);
                return null;
            }
            lengths[i] = (int)items[i];
            total = (total + lengths[i]) & 0xFFFF; // testpmd sums into a uint16_t
        }
        if (total < 14 + 20 + 8)
        {
            err.printf("total packet length=%d < %d - give up%n", total, 14 + 20 + 8);
            return null;
        }
        return lengths;
    }

    private void parseTxIp(final String arg) throws BadOption
    {
        final int comma = arg.indexOf(',');
        if (comma <= 0)
        {
            throw new BadOption("Invalid tx-ip: " + arg);
        }
        final long src = parseIpv4(arg.substring(0, comma));
        if (src < 0)
        {
            throw new BadOption("Invalid source IP address: " + arg.substring(0, comma));
        }
        final long dst = parseIpv4(arg.substring(comma + 1));
        if (dst < 0)
        {
            throw new BadOption("Invalid destination IP address: " + arg.substring(comma + 1));
        }
        config.txIpSrc = (int)src;
        config.txIpDst = (int)dst;
    }

    /** {@code inet_pton(AF_INET)}: four decimal octets. @return the address, or -1 */
    static long parseIpv4(final String text)
    {
        final String[] parts = text.split("\\.", -1);
        if (parts.length != 4)
        {
            return -1;
        }
        long address = 0;
        for (final String part : parts)
        {
            if (!part.matches("\\d{1,3}") || (part.length() > 1 && part.charAt(0) == '0') ||
                Integer.parseInt(part) > 255)
            {
                return -1;
            }
            address = (address << 8) | Integer.parseInt(part);
        }
        return address;
    }

    private void parseTxUdp(final String arg) throws BadOption
    {
        final int comma = arg.indexOf(',');
        final String src = comma < 0 ? arg : arg.substring(0, comma);
        if (!src.matches("\\d{1,5}") || Integer.parseInt(src) > 0xFFFF)
        {
            throw new BadOption("Invalid UDP port: " + arg);
        }
        config.txUdpSrc = Integer.parseInt(src);
        config.txUdpDst = config.txUdpSrc;
        if (comma >= 0)
        {
            final String dst = arg.substring(comma + 1);
            if (!dst.matches("\\d{1,5}") || Integer.parseInt(dst) > 0xFFFF)
            {
                throw new BadOption("Invalid destination UDP port: " + dst);
            }
            config.txUdpDst = Integer.parseInt(dst);
        }
    }

    private long[] parseItemList(final String str, final String itemName, final int maxItems)
    {
        return parseItemList(str, itemName, maxItems, false, err);
    }

    /**
     * testpmd's {@code parse_item_list}: comma-separated decimal items, each kept as a C {@code unsigned int}
     * (wrapping), an empty list or last item 0, with {@code unique} no value twice; what is wrong is said on
     * {@code err}, as testpmd says it.
     *
     * @return the items, or null when the list is refused
     */
    static long[] parseItemList(final String str, final String itemName, final int maxItems, final boolean unique,
        final PrintStream err)
    {
        final long[] items = new long[maxItems];
        long value = 0;
        boolean valueOk = false;
        int count = 0;
        for (int i = 0; i < str.length(); i++)
        {
            final char c = str.charAt(i);
            if (c >= '0' && c <= '9')
            {
                value = (value * 10 + (c - '0')) & 0xFFFF_FFFFL;
                valueOk = true;
                continue;
            }
            if (c != ',')
            {
                err.printf("character %c is not a decimal digit%n", c);
                return null;
            }
            if (!valueOk)
            {
                err.println("No valid value before comma");
                return null;
            }
            if (count < maxItems)
            {
                items[count] = value;
                valueOk = false;
                value = 0;
            }
            count++;
        }
        if (count >= maxItems)
        {
            err.printf("Number of %s = %d > %d (maximum items)%n", itemName, count + 1, maxItems);
            return null;
        }
        items[count++] = value;
        for (int i = 0; unique && i < count; i++)
        {
            for (int j = i + 1; j < count; j++)
            {
                if (items[j] == items[i])
                {
                    err.printf("duplicated %s %d at index %d and %d%n", itemName, items[i], i, j);
                    return null;
                }
            }
        }
        return Arrays.copyOf(items, count);
    }

    /**
     * An option's value that must not be negative ({@code --noisy-*}, the queue thresholds, which
     * {@link #setThreshold} narrows, the tunnel ports): {@code atoi}'s, refused in testpmd's words when negative.
     */
    private static int nonNegative(final String value, final String option) throws BadOption
    {
        final int n = atoi(value);
        if (n < 0)
        {
            throw new BadOption(option + " must be >= 0");
        }
        return n;
    }

    /** C's atoi: leading decimal digits with an optional sign, 0 when there are none. */
    static int atoi(final String text)
    {
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i)))
        {
            i++;
        }
        boolean negative = false;
        if (i < text.length() && (text.charAt(i) == '-' || text.charAt(i) == '+'))
        {
            negative = text.charAt(i) == '-';
            i++;
        }
        long value = 0;
        while (i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9' && value <= Integer.MAX_VALUE)
        {
            value = value * 10 + (text.charAt(i) - '0');
            i++;
        }
        value = negative ? -value : value;
        return (int)Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, value));
    }
}
