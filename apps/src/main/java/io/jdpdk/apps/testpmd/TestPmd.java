package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.common.AppArgs;
import io.jdpdk.apps.common.CNumbers;
import io.jdpdk.apps.common.LinkCheck;
import io.jdpdk.apps.common.NicStats;
import io.jdpdk.apps.common.ParseOutput;
import io.jdpdk.eal.Devices;
import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.DpdkUnavailableException;
import io.jdpdk.eal.Dumps;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.Hugepages;
import io.jdpdk.eal.Lcore;
import io.jdpdk.eal.LcoreException;
import io.jdpdk.eal.Log;
import io.jdpdk.eal.MallocHeap;
import io.jdpdk.eal.Metrics;
import io.jdpdk.eal.Signals;
import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.eal.raw.LayoutCheck;
import io.jdpdk.mempool.Gso;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.MbufInfo;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.BitrateStats;
import io.jdpdk.pmd.DeviceInfo;
import io.jdpdk.pmd.FlowControl;
import io.jdpdk.pmd.LatencyStats;
import io.jdpdk.pmd.LinkStatus;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;
import io.jdpdk.pmd.PortEvent;
import io.jdpdk.pmd.PortEvents;
import io.jdpdk.pmd.PortStats;
import io.jdpdk.pmd.QueueInfo;
import io.jdpdk.pmd.RssHashConf;
import io.jdpdk.pmd.RssTypes;
import io.jdpdk.pmd.flow.Flows;
import io.jdpdk.pmd.raw.EthdevRaw;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import picocli.CommandLine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;

/**
 * DPDK 22.11's {@code dpdk-testpmd} in Java, for the options and commands below, with testpmd's command line,
 * output and exit codes:
 * <pre>
 *   apps/bin/testpmd [EAL args] -- [-i] [-a]
 *       [--forward-mode=io|mac|macswap|5tswap|rxonly|txonly|flowgen|csum|icmpecho|noisy]
 *       [--burst=N] [--nb-cores=N] [--nb-ports=N] [--rxq=N] [--txq=N] [--rxd=N] [--txd=N] [--stats-period=S]
 *       [--eth-peer=N,XX:XX:XX:XX:XX:XX]... [--no-flush-rx] [--txpkts=X[,Y]*] [--tx-ip=SRC,DST]
 *       [--tx-udp=SRC[,DST]] [--txonly-multi-flow] [--flowgen-flows=N] [--flowgen-clones=N] [--total-num-mbufs=N]
 *       [--mbuf-size=N[,N]*] [--rxpkts=X[,Y]*] [--rxoffs=X[,Y]*] [--rxhdrs=eth[,ipv4]*] [--multi-rx-mempool]
 *       [--mbcache=N] [--max-pkt-len=N] [--port-topology=paired|chained|loop] [--portmask=MASK] [--portlist=LIST]
 *       [--disable-rss|--rss-ip|--rss-udp] [--numa|--no-numa] [--disable-link-check] [--no-lsc-interrupt]
 *       [--tx-first] [--cmdline-file=FILE] [--rx-offloads=0xXXXX] [--tx-offloads=0xXXXX] [--enable-rx-cksum]
 *       [--enable-scatter] [--enable-lro] [--disable-crc-strip] [--enable-rx-timestamp] [--enable-hw-vlan]
 *       [--enable-hw-vlan-filter] [--enable-hw-vlan-strip] [--enable-hw-vlan-extend] [--enable-hw-qinq-strip]
 *       [--enable-drop-en] [--rxpt=N] [--rxht=N] [--rxwt=N] [--rxfreet=N] [--txpt=N] [--txht=N] [--txwt=N]
 *       [--txfreet=N] [--txrst=N] [--record-burst-stats] [--record-core-cycles] [--display-xstats=NAME[,...]]
 *       [--coremask=MASK] [--socket-num=N] [--disable-device-start] [--eth-link-speed=N] [--rx-mq-mode=0xX]
 *       [--max-lro-pkt-size=N] [--rss-level-inner|--rss-level-outer] [--flow-isolate-all] [--no-rmv-interrupt]
 *       [--print-event=EVENT]... [--mask-event=EVENT]... [--mlockall|--no-mlockall] [--no-iova-contig]
 *       [--noisy-tx-sw-buffer-size=N] [--noisy-tx-sw-buffer-flushtime=MS] [--noisy-lkup-memory=MIB]
 *       [--noisy-lkup-num-writes=N] [--noisy-lkup-num-reads=N] [--noisy-lkup-num-reads-writes=N]
 *       [--latencystats=LCORE] [--bitrate-stats=LCORE] [--eth-peers-configfile=FILE]
 *       [--port-numa-config=(PORT,SOCKET)[,...]] [--ring-numa-config=(PORT,FLAG,SOCKET)[,...]]
 *       [--mp-alloc=native|anon|xmem|xmemhuge|xbuf] [--mp-anon] [--hairpinq=0] [--hairpin-mode=0xX]
 *       [--rxq-share[=N]] [--vxlan-gpe-port=N] [--geneve-parsed-port=N]
 * </pre>
 * Every probed port is configured with rxq/txq queues of rxd/txd descriptors from one pool {@code mb_pool_0}
 * (testpmd's size unless {@code --total-num-mbufs}, a cache of {@code --mbcache}), with testpmd's RSS functions
 * ({@code rss_hf}) when it has several RX queues, an MTU of {@code --max-pkt-len} less the device's overhead and
 * the RX and TX offloads of {@code --rx-offloads}, {@code --tx-offloads} and the {@code --enable-*} flags (TX:
 * {@code MBUF_FAST_FREE} by default, where the device has it) on the port and each queue, passed to ethdev as
 * given, so that ethdev refuses an offload the device lacks, as in testpmd; its queues get the device's default
 * queue configuration with the threshold options (kept in testpmd's {@code int8_t} and {@code int16_t}, so 255 for a
 * register leaves the default); then it is
 * started and put in promiscuous mode; then the links are checked as testpmd checks them (waited for and printed
 * without LSC interrupts, not at all with {@code --disable-link-check}). A port ethdev refuses to configure (an
 * MTU or offload the device lacks) stops the start there ("Start ports failed"): without {@code -i} the run ends
 * (exit 1), with it the prompt comes and the port waits for a command that mends it and {@code port start}. Forwarding streams join the first
 * {@code --nb-ports} of the configured ports (all, or {@code --portlist}/{@code --portmask}, later
 * {@code set portlist|portmask}) as {@code --port-topology} says ({@link FwdConfig}) and
 * run on the first {@code --nb-cores} EAL worker lcores, each an Agrona agent calling the mode's engine on its
 * streams ({@link ForwardLcore}). Unless {@code --no-flush-rx}, the RX queues are drained before forwarding starts.
 * {@code --coremask} (and {@code set coremask}) picks the forwarding lcores by mask; {@code --disable-device-start}
 * leaves the ports stopped until {@code port start}; {@code --flow-isolate-all} isolates each port
 * ({@code rte_flow_isolate}) before it is configured; {@code --eth-link-speed}, {@code --rx-mq-mode},
 * {@code --max-lro-pkt-size} and {@code --rss-level-*} go into each port's configuration; link state change and
 * removal interrupts are asked of the devices that raise them (unless {@code --no-lsc-interrupt},
 * {@code --no-rmv-interrupt}). Ethdev's events ({@link PortEvents}) are printed as testpmd prints them
 * ("Port 0: link state change event"), each unless {@code --mask-event} (device probed, device released, VF mbox and
 * RX available threshold only with {@code --print-event}), and "Port N is closed" as ethdev releases a port; a device
 * removal event stops forwarding if the port takes part, closes the port and
 * detaches its device 100 ms later, then forwarding starts again, as testpmd's {@code rmv_port_callback}. As
 * dpdk-testpmd, it locks its memory ({@link Eal#lockAllMemory}) unless {@code --no-mlockall}. Once the ports started
 * it creates DPDK's metrics registry ({@link Metrics#init}); {@code --latencystats} puts librte_latencystats'
 * callbacks on every queue ({@link LatencyStats}) and its lcore publishes the latencies on each turn,
 * {@code --bitrate-stats}' lcore computes every port's bit rates once a second ({@link BitrateStats}), for
 * {@code dpdk-proc-info --metrics}. With NUMA, {@code --port-numa-config} gives a port's socket and
 * {@code --ring-numa-config} its RX and TX rings' ({@link PortConfig#rxQueueSocket}), and each socket of
 * {@code socket_ids} gets a pool {@code mb_pool_<socket>}, made as {@code --mp-alloc} says: in DPDK's memory
 * (native), on anonymous memory ({@link Mempool#createAnonymous}, its chunks registered and mapped for each device's
 * DMA where DPDK takes them, and unmapped at the exit), on the external heap {@code extmem} of plain or huge pages
 * ({@link MallocHeap}), or with pinned external buffers ({@link Mempool#createPinned}). Each further
 * {@code --mbuf-size} adds a pool {@code mb_pool_<socket>_<index>} on each socket; the RX queues take the first, or
 * all of them with {@code --multi-rx-mempool} ({@link PortConfig#rxMempools}, where the device takes several), or
 * the segments of {@code --rxpkts}, {@code --rxoffs} and {@code --rxhdrs} ({@link RxSplit},
 * {@link PortConfig#rxSegments}) where they have the buffer split offload.
 * <p>
 * The commands of {@code --cmdline-file} run first, as testpmd runs them: no prompt, no echo, nothing of
 * librte_cmdline's own ("Command not found", "Bad arguments", help), {@code quit} ending the file. Without {@code -i}
 * forwarding then starts at once (after a first burst on each stream with {@code --tx-first}); with {@code --stats-period} the NIC statistics of the forwarding
 * ports are printed every period until SIGINT/SIGTERM, otherwise testpmd waits for "enter" (a line or the end of
 * standard input) or a signal. With {@code -i}, commands are read at a {@code testpmd> } prompt ({@link CmdLine}):
 * {@code start [tx_first [N]]}, {@code stop}, {@code show port info|stats|summary|xstats}, {@code show rxq|txq info},
 * {@code show port N rss-hash [key]}, {@code show config rxtx|cores|fwd|rxoffs|rxpkts|rxhdrs|txpkts|txtimes}, {@code show|clear fwd stats all},
 * {@code clear port stats|xstats}, {@code set fwd MODE [retry]}, {@code set nbport|nbcore|burst},
 * {@code set portlist|portmask}, {@code set txpkts}, {@code set rxpkts|rxoffs|rxhdrs}, {@code set default}, {@code set txtimes},
 * {@code set burst tx delay D retry N}, {@code set stat_qmap}, {@code port N rxq|txq Q start|stop},
 * {@code port config all drop-en|max-lro-pkt-size|loopback}, {@code port N rxq|txq Q deferred_start on|off},
 * {@code port config N rxq|txq Q ring_size S}, {@code port N rxq|txq Q setup},
 * {@code port cleanup N txq Q C}, {@code set port N queue Q rate R}, {@code set port N rxq Q avail_thresh T},
 * {@code set port N uta all|MAC on|off}, {@code set port N ptype_mask M},
 * {@code show port N flow transfer proxy}, {@code set eth-peer}, {@code set promisc},
 * {@code set allmulti}, {@code set record-burst-stats|record-core-cycles}, {@code set verbose} (the packet dump of
 * {@link Verbose}), {@code csum set|show|mac-swap}
 * (a port whose checksum offloads {@code csum set} changed, or {@code csum show} looked at, is configured again at
 * its next {@code port start}, "Configuring Port N"),
 * {@code port start|stop|close|reset}, {@code port attach}, {@code port detach}, {@code device detach} (a port closed
 * or detached leaves the ports and the forwarding ports, one attached joins them, as testpmd's event-driven setup
 * of a new port), {@code port config all rxq|txq|rxd|txd} (0 queues refused: jdpdk's ports need both),
 * {@code port config all rss|max-pkt-len}, {@code port config mtu},
 * {@code show device info all|ID}, {@code show port N rx_offload|tx_offload capabilities|configuration},
 * {@code port config N rx_offload|tx_offload NAME on|off} and {@code port N rxq|txq Q rx_offload|tx_offload NAME
 * on|off} (on a stopped port, applied at its next start, where a queue setup ethdev refuses is said as "Fail to
 * configure port N rx queues" and tried again at the following start),
 * {@code vlan set}, {@code rx_vlan}, {@code tx_vlan} (VLAN offloads, filter, TPID and the tags the engines ask the
 * TX port to insert), {@code help} and {@code quit}.
 * Either way the exit stops forwarding (printing the forward statistics), stops and closes the ports, prints the
 * pool's in-use count ({@code Mempool mb_pool_0: N of M mbufs in use}, 0 when every mbuf came home) and
 * {@code Bye...}, and exits 0, as testpmd 22.11.11 does on a signal too. Bad options exit 1 with
 * {@code rte_exit}'s two lines, "EAL: Error - exiting with code: 1" and "  Cause: " with testpmd's words, before
 * the EAL starts (testpmd parses its options after {@code rte_eal_init}, so its stdout also has "Port N is closed"
 * for each probed port).
 * <p>
 * Where it differs from dpdk-testpmd 22.11, on purpose or for want of an API: only the options above (others are
 * unknown options: {@code --hot-plug}, buffer split, {@code --num-procs}/{@code --proc-id}); {@code --hairpinq} above 0
 * and {@code --rxq-share} on a device with shared RX queues are refused (jdpdk sets up neither hairpin nor shared
 * queues; no device here has them), and {@code --vxlan-gpe-port}/{@code --geneve-parsed-port} are kept for a tunnel
 * parsing csum does not do; {@code --rxq=0}/{@code --txq=0} with an engine that needs both are refused with testpmd's
 * message before the ports are configured (testpmd configures them first); the
 * interactive commands are the ones {@link CmdLine#command} lists and {@code help} lists only them;
 * {@code set nbcore 0} (on which testpmd divides by zero) and {@code set burst 0} (after which it forwards nothing)
 * are refused as bad arguments; {@code set burst} sizes the burst arrays of the next start, not those of a running one;
 * after a queue setup ethdev refused, the next
 * {@code port start} configures the port again before its queues (testpmd sets up only the queues; the output is the
 * same); an unknown option is named on stderr without testpmd's usage text on stdout (which {@code --help}
 * prints); a pool too
 * small to fill the RX rings of {@code port config all rxq|rxd} is refused at the next {@code port start} ("Fail to
 * configure port N", after Port's reason), where testpmd configures the port and lets its drivers run short;
 * a port that a running stream still uses (taken out of the forwarding ports by {@code set nbport|portlist} while
 * forwarding) is neither closed nor detached ("Please remove port N from forwarding configuration."), where testpmd
 * closes it under its lcores;
 * {@code set record-burst-stats|record-core-cycles on} while forwarding runs records from the next start (testpmd's
 * lcores begin at once); {@code set txpkts} while forwarding applies at
 * the next start (testpmd's txonly reads the lengths every burst); {@code set portlist 65535} (testpmd's {@code RTE_PORT_ALL}, which
 * {@code set_fwd_ports_list} takes as a port) is an invalid port; the pool line is added at
 * exit; engines never read or write outside a packet's data (see each engine), so csum parses a runt's missing
 * headers as zeros where testpmd reads what earlier packets left in the mbuf, and sends a packet whose headers run
 * past its first segment uncut where testpmd's GSO would copy them from beyond it; csum has no tunnels or GRO and no
 * {@code csum parse-tunnel} or {@code tunnel_tso set} commands. At exit, as dpdk-testpmd, it asks
 * the secondary processes attached to stop ({@code Primary: Sending 'stop_req' request to secondary...}): a
 * dpdk-testpmd secondary stops. It runs as a primary process only: with {@code --proc-type=secondary} (or
 * {@code auto} beside a running primary) it exits 1 with one line.
 * <p>
 * Threading: the main thread (EAL's main lcore) does all control work; forwarding runs on the worker lcores and
 * touches only its streams.
 */
public final class TestPmd
{
    /** The multi-process action of testpmd's requests to its secondaries ({@code TESTPMD_MP}). */
    static final String TESTPMD_MP = "mp_testpmd";
    /** How long testpmd waits for its secondaries to answer the stop request. */
    static final java.time.Duration STOP_REQUEST_TIMEOUT = java.time.Duration.ofSeconds(5);
    /** {@code RTE_ETH_DEV_CAPA_RXQ_SHARE}: the device shares RX queues within its switch's RX domain. */
    static final long DEV_CAPA_RXQ_SHARE = 1L << 2;
    /** testpmd's MAX_PKT_BURST. */
    static final int MAX_PKT_BURST = 512;
    /** testpmd's RX_DESC_MAX and TX_DESC_MAX, which size the default pool. */
    static final int DESC_MAX = 2048;
    /** testpmd's DEF_MBUF_CACHE. */
    static final int MBUF_CACHE = 250;
    /** RTE_MAX_ETHPORTS of Debian's DPDK build, a factor of testpmd's default pool size. */
    static final int MAX_ETHPORTS = 32;
    /** testpmd's MIN_TOTAL_NUM_MBUFS. */
    static final int MIN_TOTAL_NUM_MBUFS = 1024;
    /** DEFAULT_MBUF_DATA_SIZE: RTE_MBUF_DEFAULT_BUF_SIZE, 2048 bytes plus the 128-byte headroom. */
    static final int DEFAULT_MBUF_DATA_SIZE = 2176;
    /**
     * Descriptors when none are given: testpmd passes 0 and ethdev takes the driver's preferred ring size, or
     * RTE_ETH_DEV_FALLBACK_RX_RINGSIZE / TX (512) when it has none (the virtual devices).
     */
    static final int DEFAULT_DESC = 0;
    /**
     * {@code RTE_ETHER_MIN_LEN}: the least frame {@code --max-pkt-len} and {@code port config all max-pkt-len} take.
     */
    static final int ETHER_MIN_LEN = 64;
    /** {@code RTE_ETH_RSS_LEVEL_MASK}: bits 50-51 of an rss_hf, the encapsulation level hashed. */
    private static final long RSS_LEVEL_MASK = 3L << 50;
    /** {@code RTE_ETH_RX_OFFLOAD_RSS_HASH}. */
    private static final long RX_OFFLOAD_RSS_HASH = 1L << 19;
    private static final int RSS_LEVEL_SHIFT = 50;
    /** {@code RTE_ETH_RSS_RETA_SIZE_512}: the largest redirection table testpmd's reta commands take. */
    private static final int RETA_SIZE_MAX = 512;
    /** {@code RTE_ETH_RETA_GROUP_SIZE}: redirection table entries per mask. */
    private static final int RETA_GROUP = 64;
    /** The size of testpmd's buffer ({@code char s[256]}) for what lies between a reta command's parentheses. */
    private static final int RETA_TEXT_MAX = 256;
    /** testpmd's {@code RSS_HASH_KEY_LENGTH}: the longest hash key {@code show port N rss-hash} shows. */
    static final int RSS_HASH_KEY_LENGTH = 64;
    private static final int ENODEV = 19;
    private static final int ENOTSUP = 95;
    private static final int EINVAL = 22;

    private final PrintStream out;
    private final PrintStream err;
    private final TestPmdConfig config = new TestPmdConfig();
    /** Native counters, made when the run starts (option errors touch nothing native). */
    private NicStats nicStats;
    private PortStats portStats;
    private final BlockingQueue<String> stdinLines = new LinkedBlockingQueue<>();
    private volatile boolean quit;
    private volatile int signals;

    private final Parameters params;
    /** The forwarding mode of the next start ({@code --forward-mode}, then {@code set fwd}). */
    private String mode;
    private int nbRxq = 1;
    private int nbTxq = 1;
    private int nbFwdLcores = 1;
    private int nbFwdPorts;

    private Eal eal;
    private Mempool pool;
    /** The pools of the first {@code --mbuf-size} by socket, {@link #pool} the first. */
    private final Map<Integer, Mempool> pools = new LinkedHashMap<>();
    /** Every pool ({@code mempools[]}): for each socket, one per {@code --mbuf-size}, in creation order. */
    private final List<Mempool> allPools = new ArrayList<>();
    /** testpmd's {@code socket_ids}: the lcores' sockets, then those --port-numa-config and --ring-numa-config add. */
    private final List<Integer> sockets = new ArrayList<>();
    /** testpmd's {@code port_numa}, {@code rxring_numa}, {@code txring_numa}: a socket, or -1 for none given. */
    private final int[] portNuma = filled(MAX_ETHPORTS, -1);
    private final int[] rxRingNuma = filled(MAX_ETHPORTS, -1);
    private final int[] txRingNuma = filled(MAX_ETHPORTS, -1);
    private Port[] ports = new Port[0];
    private FlowCommands flowCommands;
    /** The ethdev events this run prints ({@link #onPortEvent}), from the ports' set-up to the end of the run. */
    private PortEvents.Subscription events;
    /** {@code RTE_LOGTYPE_EAL}. */
    private static final int LOGTYPE_EAL = 0;
    /** The forwarding ports: the first {@link #nbFwdPorts} of {@link #cfgPortIds}. */
    private int[] fwdPortIds = new int[0];
    /**
     * testpmd's {@code fwd_ports_ids}: the configured forwarding ports (every port, or {@code --portlist},
     * {@code --portmask}, {@code set portlist|portmask}), the first {@link #nbCfgPorts} of them; an entry past those
     * keeps what an earlier list put there, as testpmd's array does.
     */
    private final int[] cfgPortIds = new int[MAX_ETHPORTS];
    /** testpmd's {@code nb_cfg_ports}: the most {@code set nbport} takes. */
    private int nbCfgPorts;
    /**
     * Every port's id, as {@code RTE_ETH_FOREACH_DEV} finds them once the EAL has probed, and again after a port
     * closes, attaches or detaches.
     */
    private int[] probedIds = new int[0];
    /**
     * testpmd's {@code fwd_lcores_cpuids}: the EAL's workers, the first {@link #nbCfgLcores} of them replaced by
     * {@code --coremask} or {@code set coremask} (the rest keep what was there, as testpmd's array does).
     */
    private List<Lcore> workers = List.of();
    /**
     * The lcores the running forwarding was launched on, the first {@code nbLcores} of {@link #workers} at its start:
     * {@code stop} stops and waits for these, whatever {@code set default} made of {@link #workers} meanwhile.
     */
    private List<Lcore> runningLcores = List.of();
    /** testpmd's {@code nb_cfg_lcores}: the configured forwarding lcores, the most {@code set nbcore} takes. */
    private int nbCfgLcores;
    private long[][] statsAtStart = new long[0][];
    private final int[] portSocket = new int[MAX_ETHPORTS];
    /**
     * testpmd's {@code ports[].rxq[].state} and {@code txq[].state} as stopped or not: set at each queue's setup
     * (stopped with deferred start), from the driver's queue information when forwarding begins
     * ({@code update_queue_state}, where the driver reports it; 22.11's call after a port start looks at no port),
     * and by {@code port N rxq|txq Q start|stop}.
     */
    private final boolean[][] rxqStopped = new boolean[MAX_ETHPORTS][PortConfig.MAX_QUEUES_PER_PORT];
    /**
     * testpmd's {@code clear_ptypes}: each port start asks the device to classify no packet types (where a driver can
     * narrow them, it then saves the work), until {@code set port N ptype_mask M}.
     */
    private boolean clearPtypes = true;
    private final boolean[][] txqStopped = new boolean[MAX_ETHPORTS][PortConfig.MAX_QUEUES_PER_PORT];
    /** Each port's configuration, for the next start after a command that changes it ({@link #needReconfig}). */
    private final PortConfig[] portConfigs = new PortConfig[MAX_ETHPORTS];
    /** testpmd's {@code need_reconfig}: the port is configured again at its next {@code port start}. */
    private final boolean[] needReconfig = new boolean[MAX_ETHPORTS];
    /**
     * testpmd's {@code need_reconfig_queues} after a queue's setup failed: the port is set up again at its next start
     * without "Configuring Port" (testpmd sets up only the queues; jdpdk's Port configures the port too).
     */
    private final boolean[] needReconfigQueues = new boolean[MAX_ETHPORTS];

    /** What testpmd prints as it parses its options: after EAL's lines. */
    private final ParseOutput parsing;
    /** testpmd's log type ({@code testpmd_logtype}), registered before the EAL starts. */
    private int logtype = Log.USER1;
    private boolean forwarding;
    /** The configuration the running lcores forward with (set by start). */
    private FwdConfig fwdConfig;
    /**
     * testpmd's {@code cur_fwd_config} as {@code show config fwd} prints it: set up at the end of init, by
     * {@code set nbport}/{@code set nbcore} and by start, with the mode of that moment.
     */
    private FwdConfig curFwdConfig;
    /** {@code check_socket_id}'s {@code warning_once}, spent. */
    private boolean numaWarned;
    /** {@code fwd_topology_tx_port_get}'s {@code warning_once}, spent. */
    private boolean oddPortsWarned;
    private FwdStream[] streams = new FwdStream[0];
    /** The engines of the lcores forwarding now, one per lcore, and the ports they began on. */
    private ForwardEngine[] runningEngines = new ForwardEngine[0];
    /** Why librte_metrics could not be loaded, or null when it was. */
    private String metricsMissing;
    /** Whether {@code --latencystats} put librte_latencystats' callbacks on the queues. */
    private boolean latencyStatsOn;
    /** {@code --bitrate-stats}' rates, or null. */
    private BitrateStats bitrates;
    private int[] runningPortIds = new int[0];
    /** The streams' counters when forwarding last stopped: {@code show fwd stats all} prints them until a start. */
    private List<FwdStats.Stream> stoppedCounts = List.of();

    private TestPmd(final PrintStream out, final PrintStream err)
    {
        this.out = out;
        this.err = err;
        this.parsing = new ParseOutput(out, err);
        this.params = new Parameters(config, parsing);
        config.verbose.printTo(out);
        config.verbose.errorsTo(err);
    }

    /**
     * Runs testpmd on standard input, output and error, then exits with its status: 0, or 1 for a bad option or
     * a failed DPDK call.
     *
     * @param args EAL arguments, {@code --}, then testpmd's options
     */
    public static void main(final String[] args)
    {
        Port.preload(); // DPDK's bindings link on another thread while the arguments are parsed
        final int code = run(args, System.in, System.out, System.err);
        System.exit(code);
    }

    /** The whole app; returns the exit code. */
    static int run(final String[] args, final InputStream in, final PrintStream out, final PrintStream err)
    {
        final AppArgs split = AppArgs.split(args);
        final Parameters.Options options = new Parameters.Options();
        final CommandLine cli = new CommandLine(options).setOverwrittenOptionsAllowed(true);
        final CommandLine.ParseResult parsed;
        try
        {
            parsed = cli.parseArgs(split.app());
        }
        catch (final CommandLine.UnmatchedArgumentException ex)
        {
            final String option = ex.getUnmatched().isEmpty() ? "" : ex.getUnmatched().get(0);
            if (!option.startsWith("-"))
            {
                // getopt_long left a word that is no option: launch_args_parse's last check
                err.println("Invalid parameter: " + option);
                return exitCause(err, "Command line is incorrect");
            }
            err.println("testpmd: unrecognized option '" + option + "' (testpmd --help lists the options)");
            err.println("Invalid option: " + option);
            return exitCause(err, "Command line is incomplete or incorrect");
        }
        catch (final CommandLine.ParameterException ex)
        {
            return exitCause(err, ex.getMessage().replace(System.lineSeparator(), "; "));
        }
        if (cli.isUsageHelpRequested())
        {
            out.println("Usage: testpmd [EAL options] -- [testpmd options]");
            cli.usage(out);
            return 0;
        }
        final TestPmd app = new TestPmd(out, err);
        try
        {
            app.params.apply(options, parsed.matchedArgs());
        }
        catch (final Parameters.BadOption ex)
        {
            app.parsing.release();
            return exitCause(err, ex.getMessage());
        }
        return app.run(split, options, in);
    }

    /**
     * Says why testpmd stops in {@code rte_exit}'s two lines ("EAL: Error - exiting with code: 1", then
     * "  Cause: " and the reason) and returns that code, 1.
     */
    static int exitCause(final PrintStream err, final String cause)
    {
        err.println("EAL: Error - exiting with code: 1");
        err.println("  Cause: " + cause);
        return 1;
    }

    // ---- the run -------------------------------------------------------------------------------

    private int run(final AppArgs split, final Parameters.Options options, final InputStream in)
    {
        mode = params.mode;
        installSignalHandlers();
        try
        {
            // dpdk-testpmd links librte_metrics (for its bitrate and latency statistics), whose constructor
            // registers the legacy telemetry commands: EAL then opens the legacy socket as for dpdk-testpmd.
            try
            {
                Eal.loadLibrary("librte_metrics.so.23");
            }
            catch (final DpdkUnavailableException ex)
            {
                // Only the legacy telemetry socket and the statistics of --latencystats and --bitrate-stats depend
                // on it: testpmd runs on without.
                metricsMissing = ex.getMessage();
            }
            // testpmd's log type, at DEBUG before rte_eal_init, whose --log-level then applies to it.
            logtype = Log.register("testpmd", Log.DEBUG);
            try
            {
                eal = Eal.init(split.eal().length > 0 ? split.eal() : defaultEal());
            }
            catch (final DpdkException ex)
            {
                // main's rte_exit in DPDK's words, after jdpdk's own account of what went wrong, when it has one
                final String strerror = EalRaw.strerror(ex.errno());
                if (!ex.reason().equals(strerror))
                {
                    err.println("testpmd: " + ex.getMessage());
                }
                throw new RteExit("Cannot init EAL: " + strerror, ex);
            }
            parsing.release();
            if (!eal.primary())
            {
                // testpmd's secondary looks the primary's pool up and leaves its ports' setup to it; jdpdk's does not.
                throw new Parameters.BadOption("jdpdk's testpmd runs as a primary process only; attach DPDK's " +
                    "dpdk-testpmd, dpdk-proc-info or dpdk-dumpcap to it as secondaries");
            }
            Port.requireVdevsProbed(eal.args());
            // After EAL: their class needs ethdev's bindings, which Port.preload links after EAL's.
            nicStats = new NicStats();
            nicStats.displayXstats(params.displayXstats);
            portStats = new PortStats();
            final int code = setUp(options.interactive);
            if (code != 0)
            {
                return code;
            }
            startStdinReader(in);
            final CmdLine cmdLine = new CmdLine(this, out, err);
            if (params.cmdlineFile != null)
            {
                cmdLine.readFile(params.cmdlineFile);
            }
            if (options.interactive)
            {
                if (options.autoStart)
                {
                    out.println("Start automatic packet forwarding");
                    synchronized (control)
                    {
                        startForwarding();
                    }
                }
                cmdLine.prompt();
            }
            else
            {
                out.println("No commandline core given, start packet forwarding");
                synchronized (control)
                {
                    startForwarding(params.txFirst ? 1 : 0);
                }
                if (params.statsPeriod != 0)
                {
                    printStatsUntilSignal();
                }
                else
                {
                    out.println("Press enter to exit");
                    out.flush();
                    nextLine();
                }
            }
            exit();
            return 0;
        }
        catch (final Parameters.BadOption | DpdkException | IllegalArgumentException | LcoreException | RteExit ex)
        {
            return exitCause(err, ex.getMessage());
        }
        finally
        {
            if (eal != null)
            {
                synchronized (control)
                {
                    closing = true; // no removal event acts from here
                    closePortsInIdOrder();
                    if (latencyStatsOn)
                    {
                        LatencyStats.disable(); // pmd_test_exit's rte_latencystats_uninit
                    }
                    if (bitrates != null)
                    {
                        bitrates.close();
                    }
                    eal.close();
                }
            }
            if (events != null)
            {
                events.close();
            }
            out.flush();
            err.flush();
        }
    }

    /**
     * EAL arguments when none are given: lcore 0 for the prompt and lcore 1 forwarding, two net_null ports, and
     * plain memory (said on stderr) when the machine has no hugepages reserved.
     */
    private String[] defaultEal()
    {
        final List<String> args = new ArrayList<>(List.of("-l", "0-1", "--no-pci", "--vdev=net_null0",
            "--vdev=net_null1"));
        final String problem = Hugepages.problem();
        if (problem != null)
        {
            err.println("jdpdk: " + problem + "; running on plain memory (--no-huge -m 1024). " +
                "Reserve hugepages with hugepage-setup/hugepages.sh --setup 1G for full speed.");
            args.addAll(List.of("--no-huge", "-m", "1024"));
        }
        return args.toArray(String[]::new);
    }

    /**
     * Checks what needs the EAL ({@link Parameters#afterEal}, in command-line order), creates the pool, configures
     * and starts every port (testpmd's init_config).
     */
    private int setUp(final boolean interactive) throws Parameters.BadOption
    {
        final int[] ids = Port.ids();
        events = PortEvents.listen(this::onPortEvent); // register_eth_event_callback, right after init_port
        if (ids.length == 0)
        {
            Log.log(Log.WARNING, logtype, "testpmd: No probed ethernet devices");
        }
        if (ids.length > MAX_ETHPORTS || (ids.length > 0 && ids[ids.length - 1] >= MAX_ETHPORTS))
        {
            throw new Parameters.BadOption("testpmd handles port ids below " + MAX_ETHPORTS + ", got " +
                Arrays.toString(ids));
        }
        workers = eal.workers();
        nbCfgLcores = workers.size();
        if (workers.isEmpty())
        {
            throw new Parameters.BadOption("No cores defined for forwarding\nCheck the core mask argument");
        }
        probedIds = ids;
        nbFwdPorts = ids.length;
        nbCfgPorts = ids.length;
        System.arraycopy(ids, 0, cfgPortIds, 0, ids.length);
        // get_allowed_max_nb_rxq/txq: the fewest queues of any port (RTE_MAX_QUEUES_PER_PORT without ports), and
        // the first port that has that few
        int maxRxq = ids.length == 0 ? 0 : PortConfig.MAX_QUEUES_PER_PORT;
        int maxTxq = ids.length == 0 ? 0 : PortConfig.MAX_QUEUES_PER_PORT;
        int maxRxqPort = 0;
        int maxTxqPort = 0;
        final DeviceInfo[] infos = new DeviceInfo[ids.length];
        for (int i = 0; i < ids.length; i++)
        {
            infos[i] = Port.of(ids[i]).info();
            if (infos[i].maxRxQueues() < maxRxq)
            {
                maxRxq = infos[i].maxRxQueues();
                maxRxqPort = ids[i];
            }
            if (infos[i].maxTxQueues() < maxTxq)
            {
                maxTxq = infos[i].maxTxQueues();
                maxTxqPort = ids[i];
            }
        }
        sockets.clear();
        for (final int socket : socketIds())
        {
            sockets.add(socket);
        }
        // launch_args_parse's checks that need the EAL, each occurrence in command-line order.
        for (final String[] option : params.afterEal)
        {
            final int n = Parameters.atoi(option[1]);
            switch (option[0])
            {
                case "--nb-cores" ->
                {
                    if (n <= 0 || n > eal.workers().size()) // nb_lcores: every worker, whatever --coremask kept
                    {
                        throw new Parameters.BadOption("nb-cores should be > 0 and <= " + eal.workers().size());
                    }
                    nbFwdLcores = n;
                }
                case "--nb-ports" ->
                {
                    if (n <= 0 || n > ids.length)
                    {
                        throw new Parameters.BadOption("Invalid port " + n);
                    }
                    nbFwdPorts = n;
                }
                case "--rxq" -> nbRxq = checkQueues("rxq", n, maxRxq, maxRxqPort);
                case "--txq" -> nbTxq = checkQueues("txq", n, maxTxq, maxTxqPort);
                case "--portmask" -> setFwdPortsMask(Parameters.parsePortmask(option[1]));
                case "--coremask" ->
                {
                    if (!setFwdLcoresMask(Parameters.parseCoremask(option[1])))
                    {
                        throw new Parameters.BadOption("coremask is not valid");
                    }
                }
                case "--socket-num" ->
                {
                    final int socket = Parameters.atoi(option[1]) & 0xFF; // testpmd's uint8_t socket_num
                    if (!sockets.contains(socket))
                    {
                        printInvalidSocketId();
                        throw new Parameters.BadOption("Invalid socket id");
                    }
                    params.socketNum = socket;
                }
                case "--hairpinq" ->
                {
                    // check_nb_hairpinq: the fewest hairpin queues of any port, 0 for a port without any
                    int allowed = PortConfig.MAX_QUEUES_PER_PORT;
                    int pid = 0;
                    for (final int id : ids)
                    {
                        final int cap = Port.of(id).hairpinQueues();
                        if (cap < allowed)
                        {
                            allowed = Math.max(cap, 0);
                            pid = id;
                        }
                        if (cap < 0)
                        {
                            break;
                        }
                    }
                    if (n < 0 || (n & 0xFFFF) > allowed)
                    {
                        if (n >= 0)
                        {
                            err.printf("Fail: input hairpin (%d) can't be greater than max_hairpin_queues (%d) of " +
                                "port %d%n", n & 0xFFFF, allowed, pid);
                        }
                        throw new Parameters.BadOption("txq " + n + " invalid - must be >= 0 && <= " + allowed);
                    }
                    if (n > 0)
                    {
                        throw new Parameters.BadOption("--hairpinq=" + n + ": jdpdk's testpmd sets up no hairpin " +
                            "queues (the devices here have none; dpdk-testpmd sets them up on those that do)");
                    }
                }
                case "--port-numa-config" ->
                {
                    if (!parseNumaConfig(option[1], ids, false))
                    {
                        throw new Parameters.BadOption("invalid port-numa configuration");
                    }
                }
                case "--ring-numa-config" ->
                {
                    if (!parseNumaConfig(option[1], ids, true))
                    {
                        throw new Parameters.BadOption("invalid ring-numa configuration");
                    }
                }
                // parse_fwd_portlist keeps the ports that exist.
                case "--portlist" -> setFwdPortsList(Arrays.stream(Parameters.parsePortList(option[1], MAX_ETHPORTS))
                    .filter(this::isPort).toArray());
                default ->
                {
                    // --burst: 0 asks port 0's PMD for its recommended RX burst (default_rxportconf.burst_size).
                    if (n == 0)
                    {
                        final int at = Arrays.binarySearch(ids, 0);
                        config.burst = Parameters.pmdBurst(at < 0 ? 0 : infos[at].rxBurstSize());
                        out.println("Using PMD-provided burst value of " + config.burst);
                    }
                    else
                    {
                        config.burst = n;
                    }
                }
            }
        }
        fwdPortIds = Arrays.copyOf(cfgPortIds, nbFwdPorts);
        if (params.mlockall)
        {
            mlockall(); // main's, right after launch_args_parse
        }
        if (params.txFirst && interactive)
        {
            throw new Parameters.BadOption("--tx-first cannot be used on interactive mode.");
        }
        if (params.txFirst && params.lscInterrupt)
        {
            err.println("Warning: lsc_interrupt needs to be off when using tx_first. Disabling.");
            params.lscInterrupt = false;
        }
        if (params.rxqShare > 0 && Arrays.stream(infos).anyMatch(i -> (i.details().devCapa() & DEV_CAPA_RXQ_SHARE) != 0))
        {
            throw new Parameters.BadOption("--rxq-share: jdpdk's testpmd shares no RX queues, and a port here could " +
                "(RTE_ETH_DEV_CAPA_RXQ_SHARE); dpdk-testpmd shares them");
        }
        if (nbRxq == 0 || nbTxq == 0)
        {
            // testpmd lets rxonly run without TX queues and txonly without RX queues; jdpdk's ports need both.
            throw new Parameters.BadOption("Either rxq or txq are 0, cannot use " + mode + " fwd mode");
        }
        if (nbRxq > 1 && nbRxq > nbTxq)
        {
            err.printf("Warning: nb_rxq=%d enables RSS configuration, but nb_txq=%d will prevent to fully test it.%n",
                nbRxq, nbTxq);
        }
        for (int i = 0; i < ids.length; i++)
        {
            if (portNuma[ids[i]] < 0)
            {
                checkSocketId(infos[i]); // init_config's, for the ports --port-numa-config leaves to their device
            }
        }
        final int n = params.totalNumMbufs != 0 ? params.totalNumMbufs :
            defaultNumMbufs(eal.workers().size(), params.mbufCache);
        // mbuf_pool_create's two TESTPMD_LOG lines.
        out.flush();
        // init_config: with NUMA, a pool on each socket of socket_ids (the lcores', then those the NUMA options
        // named); without, one on --socket-num's or 0. The first is the forwarding streams' pool.
        pools.clear();
        allPools.clear();
        for (final int socket : params.numaSupport ? sockets : List.of(Math.max(0, params.socketNum)))
        {
            for (int sizeIndex = 0; sizeIndex < params.mbufSizes.length; sizeIndex++)
            {
                final Mempool created = createPool(socket, n, sizeIndex);
                allPools.add(created);
                pools.putIfAbsent(socket, created);
            }
        }
        pool = pools.values().iterator().next();
        fwdConfigSetup(); // init_config's, before the ports start

        ports = new Port[ids.length];
        statsAtStart = new long[MAX_ETHPORTS][5];
        for (int i = 0; i < ids.length; i++)
        {
            // init_config: every port's configuration first, to be applied when it starts.
            ports[i] = Port.of(ids[i]);
            initPortConfig(ports[i], infos[i]);
        }
        if (!params.noDeviceStart && !startPort(CmdLine.PORT_ALL))
        {
            // A port ethdev refused (an MTU or an offload the device lacks), after ethdev's and start_port's lines:
            // testpmd ends the run, unless interactive, where the ports wait for a command that mends them.
            if (!interactive)
            {
                throw new Parameters.BadOption("Start ports failed");
            }
            printError("Start ports failed");
        }
        for (final Port port : ports)
        {
            enablePromiscuous(port);
        }
        if (metricsMissing == null)
        {
            Metrics.init(); // rte_metrics_init, always: dpdk-proc-info --metrics reads it
        }
        else if (params.latencyStatsLcore >= 0 || params.bitrateLcore >= 0)
        {
            throw new RteExit("--latencystats and --bitrate-stats need DPDK's metrics library: " + metricsMissing,
                null);
        }
        if (params.latencyStatsLcore >= 0)
        {
            try
            {
                LatencyStats.enable(1);
                latencyStatsOn = true;
            }
            catch (final DpdkException ex)
            {
                err.println("Warning: latencystats init() returned error " + -ex.errno());
            }
            err.println("Latencystats running on lcore " + params.latencyStatsLcore);
        }
        if (params.bitrateLcore >= 0)
        {
            try
            {
                bitrates = BitrateStats.create();
            }
            catch (final DpdkException ex)
            {
                throw new RteExit("Could not allocate bitrate data.", ex);
            }
        }
        out.flush();
        return 0;
    }

    /**
     * testpmd's per-port part of {@code init_config} and of {@code reconfig} (a port attached at run time): the
     * port's socket and configuration, applied when it next starts ("Configuring Port N").
     */
    private void initPortConfig(final Port port, final DeviceInfo info)
    {
        final int id = port.id();
        // With NUMA: --port-numa-config's socket, else the device's, else (none, or one no lcore is on) the first of
        // socket_ids; without: --socket-num's socket, or 0. The RX and TX rings go where --ring-numa-config says.
        portSocket[id] = !params.numaSupport ? Math.max(0, params.socketNum) : portNuma[id] >= 0 ? portNuma[id] :
            sockets.contains(info.socketId()) ? info.socketId() : sockets.get(0);
        final int rxSocket = params.numaSupport && rxRingNuma[id] >= 0 ? rxRingNuma[id] : portSocket[id];
        final int txSocket = params.numaSupport && txRingNuma[id] >= 0 ? txRingNuma[id] : portSocket[id];
        portConfigs[id] = withQueues(withOffloads(new PortConfig().mempool(pools.getOrDefault(rxSocket, pool))
            .rxQueueSocket(rxSocket).txQueueSocket(txSocket).promiscuous(true), info), info)
            .linkStateInterrupt(params.lscInterrupt).removalInterrupt(params.rmvInterrupt)
            .linkSpeeds(params.linkSpeeds).maxLroPktSize(params.maxLroPktSize).rxMqModeMask(params.rxMqMode);
        if (params.maxRxPktLen != 0)
        {
            portConfigs[id].mtu(params.maxRxPktLen - info.ethOverhead());
        }
        config.portMac[id] = port.macAddress();
        needReconfig[id] = true;
        needReconfigQueues[id] = false;
    }

    /**
     * testpmd's {@code check_socket_id} (init_config's, and a port's attached at run time): a port with no NUMA
     * socket ({@code SOCKET_ID_ANY}, as net_pcap has) goes on the first socket, with this warning once in the run.
     */
    private void checkSocketId(final DeviceInfo info)
    {
        if (!sockets.contains(info.socketId()) && !numaWarned)
        {
            numaWarned = true;
            if (params.numaSupport)
            {
                err.println("Warning: NUMA should be configured manually by using --port-numa-config and " +
                    "--ring-numa-config parameters along with --numa.");
            }
        }
    }

    /** main's "set all ports to promiscuous mode by default": what fails is said and ignored. */
    private void enablePromiscuous(final Port port)
    {
        String failure = null;
        try
        {
            failure = port.promiscuous(true) ? null : EalRaw.strerror(ENOTSUP);
        }
        catch (final DpdkException ex)
        {
            failure = ex.reason();
        }
        if (failure != null)
        {
            printError(String.format("Error during enabling promiscuous mode for port %d: %s - ignore", port.id(),
                failure));
        }
    }

    /**
     * testpmd's pool size without {@code --total-num-mbufs}: room for the largest RX and TX rings, a burst and
     * every forwarding lcore's cache, for each of RTE_MAX_ETHPORTS ports.
     */
    static int defaultNumMbufs(final int forwardingLcores, final int cacheSize)
    {
        return (DESC_MAX + forwardingLcores * cacheSize + DESC_MAX + MAX_PKT_BURST) * MAX_ETHPORTS;
    }

    /** testpmd's {@code check_all_ports_link_status} on every port ({@link LinkCheck}), unless {@code --disable-link-check}. */
    private void checkLinkStatuses()
    {
        if (!params.noLinkCheck)
        {
            LinkCheck.testpmdCheck(ports, params.lscInterrupt, out, err);
        }
    }

    /**
     * {@code config} with the queues and descriptors of now, and testpmd's RSS functions when there are several RX
     * queues (its {@code init_port_config}).
     */
    private PortConfig withQueues(final PortConfig config, final DeviceInfo info)
    {
        config.resetQueueSetups().rxQueues(nbRxq).txQueues(nbTxq)
            .rxDesc(params.nbRxd == 0 ? 0 : clamp(params.nbRxd, info.rxDescMin(), info.rxDescMax()))
            .txDesc(params.nbTxd == 0 ? 0 : clamp(params.nbTxd, info.txDescMin(), info.txDescMax()))
            .rssHashFunctions(nbRxq > 1 ? params.rssHf & info.flowTypeRssOffloads() : 0);
        // rxtx_port_config: the thresholds testpmd was given, as its int8_t and int16_t variables hold them.
        final int[] rx = params.rxThresholds;
        final int[] tx = params.txThresholds;
        config.rxThresholds(narrowed(rx[0], 0xFF), narrowed(rx[1], 0xFF), narrowed(rx[2], 0xFF),
            narrowed(rx[3], 0xFFFF), narrowed(rx[4], 1));
        config.txThresholds(narrowed(tx[0], 0xFF), narrowed(tx[1], 0xFF), narrowed(tx[2], 0xFF),
            narrowed(tx[3], 0xFFFF), narrowed(tx[4], 0xFFFF));
        if (config.rssHashFunctions() == 0)
        {
            // Without RSS no RSS hash, on the port and on the queues it has now.
            config.rxOffloads(config.rxOffloads() & ~RX_OFFLOAD_RSS_HASH);
            for (int q = 0; q < info.details().nbRxQueues(); q++)
            {
                config.rxQueueOffloads(q, config.rxQueueOffloads(q) & ~RX_OFFLOAD_RSS_HASH);
            }
        }
        return config;
    }

    /**
     * testpmd's {@code init_config_port_offloads}: the port's offloads are {@code --rx-offloads} and
     * {@code --tx-offloads} (without {@code MBUF_FAST_FREE} where the device lacks it), and so are those of every
     * queue the device may have. They go to ethdev as they are: an offload the device lacks fails the port's
     * configuration with ethdev's words, as in testpmd.
     */
    private PortConfig withOffloads(final PortConfig config, final DeviceInfo info)
    {
        final long tx = params.txOffloads & ((info.txOffloadCapa() & PortConfig.TX_OFFLOAD_MBUF_FAST_FREE) != 0 ? -1L :
            ~PortConfig.TX_OFFLOAD_MBUF_FAST_FREE);
        config.offloadsAsGiven(true).rxOffloads(params.rxOffloads).txOffloads(tx);
        orIntoQueues(config, true, info, params.rxOffloads);
        orIntoQueues(config, false, info, tx);
        return config;
    }

    /** ORs {@code offloads} into the record of every RX (or TX) queue the device may have ({@code max_rx_queues}). */
    private static void orIntoQueues(final PortConfig config, final boolean rx, final DeviceInfo info,
        final long offloads)
    {
        if (offloads == 0)
        {
            return;
        }
        for (int q = 0; q < recordedQueues(info, rx); q++)
        {
            setQueueRecord(config, rx, q, queueRecord(config, rx, q) | offloads);
        }
    }

    /** The queues testpmd keeps an offload record of: every one the device may have ({@code max_rx_queues}). */
    private static int recordedQueues(final DeviceInfo info, final boolean rx)
    {
        return Math.min(rx ? info.maxRxQueues() : info.maxTxQueues(), PortConfig.MAX_QUEUES_PER_PORT);
    }

    /** testpmd's record of RX (or TX) queue {@code q}'s offloads ({@code rxq[q].conf.offloads}). */
    private static long queueRecord(final PortConfig config, final boolean rx, final int q)
    {
        return rx ? config.rxQueueOffloads(q) : config.txQueueOffloads(q);
    }

    private static void setQueueRecord(final PortConfig config, final boolean rx, final int q, final long offloads)
    {
        if (rx)
        {
            config.rxQueueOffloads(q, offloads);
        }
        else
        {
            config.txQueueOffloads(q, offloads);
        }
    }

    /**
     * start_port's "Apply Rx/Tx offloads configuration": what the driver made of the port's offloads in
     * {@code rte_eth_dev_configure} (some add {@code RSS_HASH}) joins the port's and every queue's record.
     */
    private static void applyConfiguredOffloads(final Port port, final PortConfig config, final DeviceInfo info)
    {
        final long rx = port.rxOffloads();
        if (rx != config.rxOffloads())
        {
            config.rxOffloads(config.rxOffloads() | rx);
            orIntoQueues(config, true, info, rx);
        }
        final long tx = port.txOffloads();
        if (tx != config.txOffloads())
        {
            config.txOffloads(config.txOffloads() | tx);
            orIntoQueues(config, false, info, tx);
        }
    }

    /**
     * start_port's line for a configuration ethdev refused, after ethdev's own: the port's, or its TX or RX queues'.
     */
    private static String configureFailure(final DpdkException ex, final int portId)
    {
        return "Fail to configure port " + portId + failedQueues(ex);
    }

    /** " tx queues" or " rx queues" when {@code ex} is a queue's setup, else "" (the port's configuration). */
    private static String failedQueues(final DpdkException ex)
    {
        return ex.call().startsWith("rte_eth_tx_queue_setup") ? " tx queues" :
            ex.call().startsWith("rte_eth_rx_queue_setup") ? " rx queues" : "";
    }

    /** A threshold testpmd keeps signed, as the queue's unsigned field gets it; unset stays the device's default. */
    private static int narrowed(final int value, final int mask)
    {
        return value == Parameters.UNSET ? PortConfig.DEVICE_DEFAULT : value & mask;
    }

    private static int clamp(final int value, final int min, final int max)
    {
        return Math.max(Math.max(min, 1), Math.min(max == 0 ? value : max, value));
    }

    // ---- forwarding ------------------------------------------------------------------------------

    /** testpmd's {@code start_packet_forwarding}, without a first burst. */
    void startForwarding()
    {
        startForwarding(0);
    }

    /**
     * testpmd's {@code start_packet_forwarding(with_tx_first)}: {@code start tx_first [N]} has every forwarding lcore
     * send N bursts of txonly's packets on each of its streams (one round after the other, as
     * {@code run_one_txonly_burst_on_core}), counted in the streams' statistics, before the engine starts.
     *
     * @param txFirst rounds of first bursts, 0 for none
     */
    void startForwarding(final long txFirst)
    {
        if (!Arrays.stream(ports).allMatch(Port::isStarted))
        {
            err.println("Not all ports were started");
            return;
        }
        if (forwarding)
        {
            err.println("Packet forwarding already started");
            return;
        }
        fwdConfig = fwdConfigSetup();
        printFwdConfig(fwdConfig);
        for (final Port port : ports)
        {
            updateQueueState(port); // before the engines begin, as testpmd's stream_init runs before port_fwd_begin
        }
        // One engine per forwarding lcore, each told about every forwarding port (port_fwd_begin).
        final ForwardEngine[] engines = new ForwardEngine[fwdConfig.nbLcores];
        // tx_first's engine on each lcore: txonly's, begun on every port before forwarding is under way; in txonly
        // mode the lcore's own, so that a multi-flow source address goes on from the first bursts.
        final ForwardEngine[] firstBursts = new ForwardEngine[fwdConfig.nbLcores];
        try
        {
            for (int lc = 0; lc < engines.length; lc++)
            {
                engines[lc] = Engines.create(mode);
                for (final int portId : fwdPortIds)
                {
                    engines[lc].portBegin(portId, config);
                }
            }
            if (txFirst > 0)
            {
                final ForwardEngine txonly = new TxOnlyEngine();
                for (final int portId : fwdPortIds)
                {
                    txonly.portBegin(portId, config);
                }
                for (int lc = 0; lc < engines.length; lc++)
                {
                    firstBursts[lc] = TxOnlyEngine.NAME.equals(mode) ? engines[lc] : txonly;
                }
            }
        }
        catch (final RteExit ex)
        {
            endEngines(engines, fwdPortIds); // testpmd exits from its port_fwd_begin
            throw ex;
        }
        catch (final IllegalArgumentException | IllegalStateException | DpdkException ex)
        {
            // An engine's port_fwd_begin refused (or could not load a library, as csum's GSO): why in its
            // TESTPMD_LOG(ERR) line, then start_packet_forwarding's.
            endEngines(engines, fwdPortIds);
            out.flush();
            Log.log(Log.ERR, logtype, "testpmd: " + ex.getMessage());
            err.println("Packet forwarding is not ready");
            return;
        }
        for (final int portId : fwdPortIds)
        {
            final String line = engines.length > 0 ? engines[0].portBeginLine(portId, config) : null;
            if (line != null)
            {
                out.println(line);
            }
        }
        runningEngines = engines;
        runningPortIds = fwdPortIds;
        streams = new FwdStream[fwdConfig.streams.length];
        for (int i = 0; i < streams.length; i++)
        {
            final FwdConfig.Stream s = fwdConfig.streams[i];
            streams[i] = new FwdStream(Port.of(s.rxPort()), s.rxQueue(), Port.of(s.txPort()), s.txQueue(), config,
                pool);
            streams[i].disabled = engines.length > 0 && engines[0].disabled(rxqStopped[s.rxPort()][s.rxQueue()],
                txqStopped[s.txPort()][s.txQueue()]);
        }
        forwarding = true;
        if (!params.noFlushRx)
        {
            flushRxQueues();
        }
        resetFwdStats();
        // testpmd prints the configuration before the first bursts and the launch. When neither the first bursts nor
        // the lcores print anything (no set verbose), printing it after the launch gives the same output, and a first
        // launch forwards 4-10 ms sooner (its first String.format and queue info calls run interpreted meanwhile).
        final boolean configFirst = txFirst > 0 || config.verbose.level() != 0;
        if (configFirst)
        {
            printRxTxConfig();
        }
        runningLcores = List.copyOf(workers.subList(0, fwdConfig.nbLcores));
        if (txFirst > 0)
        {
            sendFirstBursts(txFirst, firstBursts);
        }
        for (int lc = 0; lc < fwdConfig.nbLcores; lc++)
        {
            final Lcore lcore = runningLcores.get(lc);
            try
            {
                lcore.launch(new ForwardLcore(lcore.id(), engines[lc], streamsOf(lc), config.recordCoreCycles,
                    latencyStatsOn && lcore.id() == params.latencyStatsLcore,
                    lcore.id() == params.bitrateLcore ? bitrates : null, probedIds), new BusySpinIdleStrategy());
            }
            catch (final DpdkException ex)
            {
                // An lcore twice in the forwarding lcores (a --coremask shorter than --nb-cores): busy, as in testpmd.
                err.printf("launch lcore %d failed - diag=%d%n", lcore.id(), -ex.errno());
            }
        }
        if (!configFirst)
        {
            printRxTxConfig();
        }
        out.flush();
    }

    /** {@code port_fwd_end} of each of {@code portIds} on each engine made (null entries skipped), then its close. */
    private void endEngines(final ForwardEngine[] engines, final int[] portIds)
    {
        for (final ForwardEngine engine : engines)
        {
            if (engine != null)
            {
                for (final int portId : portIds)
                {
                    engine.portEnd(portId, config);
                }
                engine.close();
            }
        }
    }

    /** The streams of forwarding lcore {@code lc} (its index in the configuration). */
    private FwdStream[] streamsOf(final int lc)
    {
        return Arrays.stream(streams, fwdConfig.streamIdx[lc], fwdConfig.streamIdx[lc] + fwdConfig.streamNb[lc])
            .filter(fs -> !fs.disabled).toArray(FwdStream[]::new);
    }

    /**
     * testpmd's {@code update_queue_state} of one port: each queue's state as the driver reports it; a driver that
     * does not report it leaves the state as testpmd last set it.
     */
    private void updateQueueState(final Port port)
    {
        final int id = port.id();
        for (int q = 0; q < nbRxq; q++)
        {
            rxqStopped[id][q] = queueStopped(port, true, q, rxqStopped[id][q]);
        }
        for (int q = 0; q < nbTxq; q++)
        {
            txqStopped[id][q] = queueStopped(port, false, q, txqStopped[id][q]);
        }
    }

    /** Whether a queue of {@code cfg} is set up with deferred start: its own setting, else the device's default. */
    private static boolean deferred(final PortConfig cfg, final DeviceInfo info, final boolean rx, final int queue)
    {
        return rx ? cfg.rxQueueSetup(queue, info.defaultRxQueue()).deferredStart() :
            cfg.txQueueSetup(queue, info.defaultTxQueue()).deferredStart();
    }

    /** Whether the driver says the queue is stopped; {@code unknown} where it does not say. */
    private boolean queueStopped(final Port port, final boolean rx, final int queue, final boolean unknown)
    {
        try
        {
            final QueueInfo info = rx ? port.rxQueueInfo(queue) : port.txQueueInfo(queue);
            return info == null ? unknown : info.state() == QueueInfo.STATE_STOPPED;
        }
        catch (final DpdkException ex)
        {
            Log.log(Log.WARNING, logtype, "testpmd: Failed to get " + (rx ? "rx" : "tx") + " queue info");
            return unknown;
        }
    }

    /** {@code tx_first}'s rounds: in each, every lcore sends one burst of {@code txonly[lc]} on each of its streams. */
    private void sendFirstBursts(final long rounds, final ForwardEngine[] txonly)
    {
        for (long round = 0; round < rounds; round++)
        {
            for (int lc = 0; lc < fwdConfig.nbLcores; lc++)
            {
                final FwdStream[] mine = streamsOf(lc);
                final ForwardEngine engine = txonly[lc];
                runningLcores.get(lc).launch(lcore ->
                {
                    for (final FwdStream fs : mine)
                    {
                        engine.packetFwd(fs);
                    }
                    return 0;
                });
            }
            for (int lc = 0; lc < fwdConfig.nbLcores; lc++)
            {
                try
                {
                    runningLcores.get(lc).await();
                }
                catch (final LcoreException ex)
                {
                    err.println("testpmd: first burst on lcore " + runningLcores.get(lc).id() + " failed: " +
                        ex.getMessage());
                }
            }
        }
    }

    /** testpmd's {@code stop_packet_forwarding}: stops the lcores and prints the forward statistics. */
    void stopForwarding()
    {
        if (!forwarding)
        {
            err.println("Packet forwarding not started");
            return;
        }
        out.print("Telling cores to stop...");
        for (int lc = 0; lc < fwdConfig.nbLcores; lc++)
        {
            runningLcores.get(lc).stop();
        }
        out.printf("%nWaiting for lcores to finish...%n");
        for (int lc = 0; lc < fwdConfig.nbLcores; lc++)
        {
            try
            {
                runningLcores.get(lc).await();
            }
            catch (final LcoreException ex)
            {
                err.println("testpmd: forwarding lcore " + runningLcores.get(lc).id() + " failed: " +
                    ex.getMessage());
            }
        }
        out.print(fwdStatsText());
        out.printf("%nDone.%n");
        stoppedCounts = streamCounts();
        for (final FwdStream fs : streams)
        {
            fs.burst.freeAll();
            fs.burst.close();
        }
        endEngines(runningEngines, runningPortIds);
        runningEngines = new ForwardEngine[0];
        streams = new FwdStream[0];
        forwarding = false;
        out.flush();
    }

    /** flush_fwd_rx_queues' timer_period: one second, of the accumulated times below. */
    private static final long FLUSH_TIMER_PERIOD_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** flush_fwd_rx_queues' rte_delay_ms(10) between its two rounds. */
    private static final IdleStrategy FLUSH_ROUND_PAUSE = new SleepingMillisIdleStrategy(10);
    /** How often the stats-period loop looks at the clock and for a signal. */
    private static final IdleStrategy STATS_LOOP_PAUSE = new SleepingMillisIdleStrategy(50);

    /**
     * testpmd's {@code flush_fwd_rx_queues}: twice, 10 ms apart, drain every forwarding RX queue until it is empty
     * or its accumulated timer passes a second (see the loop), freeing what comes.
     */
    private void flushRxQueues()
    {
        try (MbufBurst burst = new MbufBurst(MAX_PKT_BURST))
        {
            for (int j = 0; j < 2; j++)
            {
                for (final int portId : fwdPortIds)
                {
                    final Port port = Port.of(portId);
                    for (int q = 0; q < nbRxq; q++)
                    {
                        if (rxqStopped[portId][q])
                        {
                            continue; // polling a stopped queue is prohibited
                        }
                        // As flush_fwd_rx_queues counts it: each round adds the time since the queue's first
                        // round, so a queue that never runs dry (net_null) is left after about a millisecond
                        // of rounds, not after the "1 second timeout" its comment promises.
                        final long start = System.nanoTime();
                        long timer = 0;
                        int n;
                        do
                        {
                            n = port.rxBurst(q, burst);
                            config.verbose.received(portId, q, burst, n);
                            burst.freeAll();
                            timer += System.nanoTime() - start;
                        }
                        while (n > 0 && timer < FLUSH_TIMER_PERIOD_NANOS);
                    }
                }
                FLUSH_ROUND_PAUSE.idle();
            }
        }
    }

    /** testpmd's {@code fwd_stats_reset}: the ports' counters now are the zero of the next statistics. */
    private void resetFwdStats()
    {
        for (final int portId : statsPortIds())
        {
            if (isPort(portId))
            {
                snapshot(portId);
            }
            else
            {
                err.printf("fwd_stats_reset: Error: failed to clear stats (port %d):%d", portId, failedStats(portId));
            }
        }
    }

    /**
     * The ports {@code fwd_stats_display} and {@code fwd_stats_reset} read: as many of the configured forwarding
     * ports as the current forwarding configuration had when it was set up (at the last start, {@code set nbport},
     * ...), so after a port closed or was attached since, the ids the list holds at those places, as testpmd's
     * {@code fwd_ports_ids[i]} for {@code i < cur_fwd_config.nb_fwd_ports}.
     */
    private int[] statsPortIds()
    {
        return Arrays.copyOf(cfgPortIds, curFwdConfig.fwdPorts.length);
    }

    /** {@code rte_eth_stats_get} on an id that names no port: ethdev's "Invalid port_id=N", and its -ENODEV. */
    private int failedStats(final int portId)
    {
        out.flush();
        try (Arena arena = Arena.ofConfined())
        {
            return EthdevRaw.stats_get(portId, arena.allocate(EthdevRaw.RTE_ETH_STATS));
        }
    }

    private void snapshot(final int portId)
    {
        Port.of(portId).stats(portStats);
        final long[] s = statsAtStart[portId];
        s[0] = portStats.ipackets();
        s[1] = portStats.opackets();
        s[2] = portStats.imissed();
        s[3] = portStats.oerrors();
        s[4] = portStats.rxNombuf();
    }

    /** Each stream's counters: the running streams' (read as testpmd reads them, racing the lcores), else the last. */
    private List<FwdStats.Stream> streamCounts()
    {
        if (!forwarding)
        {
            return stoppedCounts;
        }
        final List<FwdStats.Stream> counts = new ArrayList<>();
        for (final FwdStream fs : streams)
        {
            counts.add(new FwdStats.Stream(fs.rxPort.id(), fs.rxQueue, fs.txPort.id(), fs.txQueue, fs.rxPackets,
                fs.txPackets, fs.fwdDropped,
                new long[] { fs.rxBadIpCsum, fs.rxBadL4Csum, fs.rxBadOuterL4Csum, fs.rxBadOuterIpCsum },
                copyOrNull(fs.rxBursts), copyOrNull(fs.txBursts), fs.coreCycles));
        }
        return counts;
    }

    private static long[] copyOrNull(final long[] counts)
    {
        return counts == null ? null : counts.clone();
    }

    /** testpmd's {@code fwd_stats_display}, as stop and {@code show fwd stats all} print it. */
    private String fwdStatsText()
    {
        final List<FwdStats.Stream> streamCounts = streamCounts();
        final long[] txDropped = new long[MAX_ETHPORTS];
        for (final FwdStats.Stream s : streamCounts)
        {
            txDropped[s.txPort()] += s.txDropped();
        }
        final List<FwdStats.Port> portCounts = new ArrayList<>();
        for (final int portId : statsPortIds())
        {
            if (!isPort(portId))
            {
                err.printf("fwd_stats_display: Error: failed to get stats (port %d): %d", portId,
                    failedStats(portId));
                continue;
            }
            Port.of(portId).stats(portStats);
            final long[] s = statsAtStart[portId];
            portCounts.add(new FwdStats.Port(portId, portStats.ipackets() - s[0], portStats.imissed() - s[2],
                portStats.ierrors(), portStats.rxNombuf() - s[4], portStats.opackets() - s[1],
                portStats.oerrors() - s[3], txDropped[portId]));
        }
        return FwdStats.format(streamCounts, portCounts, mode, config.recordBurstStats,
            config.recordCoreCycles ? eal.tscHz() : 0);
    }

    /**
     * testpmd's {@code fwd_config_setup}: the streams and lcores of the forwarding ports in the mode of now, kept as
     * {@link #curFwdConfig}; the paired topology's warning about an odd number of ports, on standard error and once
     * in the run, as {@code fwd_topology_tx_port_get} prints it (icmpecho pairs no ports).
     */
    private FwdConfig fwdConfigSetup()
    {
        curFwdConfig = FwdConfig.setup(mode, fwdPortIds, nbRxq, nbTxq, nbFwdLcores, params.topology);
        if (IcmpEchoEngine.NAME.equals(mode) && config.verbose.level() > 0)
        {
            printIcmpEchoSetup(curFwdConfig);
        }
        if (!oddPortsWarned && params.topology == Parameters.Topology.PAIRED && !IcmpEchoEngine.NAME.equals(mode) &&
            (fwdPortIds.length & 1) == 1)
        {
            oddPortsWarned = true;
            err.printf("%nWarning! port-topology=paired and odd forward ports number, the last port will pair with " +
                "itself.%n%n");
        }
        return curFwdConfig;
    }

    /** What {@code icmp_echo_config_setup} prints with {@code set verbose} above 0: the streams of each lcore. */
    private void printIcmpEchoSetup(final FwdConfig cfg)
    {
        final StringBuilder sb = new StringBuilder(256);
        sb.append("icmp_echo_config_setup fwd_cores=").append(cfg.nbLcores).append(" fwd_ports=")
            .append(cfg.fwdPorts.length).append(" fwd_streams=").append(cfg.streams.length).append('\n');
        for (int lc = 0; lc < cfg.nbLcores; lc++)
        {
            sb.append("  core=").append(lc).append(": \n");
            for (int sm = 0; sm < cfg.streamNb[lc]; sm++)
            {
                final FwdConfig.Stream s = cfg.streams[cfg.streamIdx[lc] + sm];
                sb.append("  stream=").append(sm).append(" port=").append(s.rxPort()).append(" rxq=")
                    .append(s.rxQueue()).append(" txq=").append(s.txQueue()).append('\n');
            }
        }
        out.print(sb);
    }

    /** testpmd's {@code pkt_fwd_config_display}. */
    private void printFwdConfig(final FwdConfig cfg)
    {
        final StringBuilder sb = new StringBuilder(512);
        sb.append(String.format("%s packet forwarding%s - ports=%d - cores=%d - streams=%d - NUMA support %s, " +
            "MP allocation mode: %s%n", cfg.mode, withRetry(), cfg.fwdPorts.length, cfg.nbLcores,
            cfg.streams.length, params.numaSupport ? "enabled" : "disabled", params.mpAlloc));
        if (config.txRetry)
        {
            sb.append(String.format("TX retry num: %d, delay between TX retries: %dus%n", config.txRetryNum,
                config.txRetryDelayUs));
        }
        for (int lc = 0; lc < cfg.nbLcores; lc++)
        {
            sb.append(String.format("Logical Core %d (socket %d) forwards packets on %d streams:",
                workers.get(lc).id(), 0, cfg.streamNb[lc]));
            for (int sm = cfg.streamIdx[lc]; sm < cfg.streamIdx[lc] + cfg.streamNb[lc]; sm++)
            {
                final FwdConfig.Stream s = cfg.streams[sm];
                sb.append(String.format("%n  RX P=%d/Q=%d (socket %d) -> TX P=%d/Q=%d (socket %d) peer=%s",
                    s.rxPort(), s.rxQueue(), socketOf(s.rxPort()), s.txPort(), s.txQueue(), socketOf(s.txPort()),
                    Port.formatMac(config.peerMac[s.txPort()])));
            }
            sb.append(System.lineSeparator());
        }
        sb.append(System.lineSeparator());
        out.print(sb);
    }

    private void printRxTxConfig()
    {
        final StringBuilder sb = new StringBuilder(512);
        sb.append(String.format("  %s packet forwarding%s packets/burst=%d%n", mode, withRetry(), config.burst));
        if ("txonly".equals(mode) || "flowgen".equals(mode))
        {
            sb.append(String.format("  packet len=%d - nb packet segments=%d%n", config.txPktLength(),
                config.txPktSegLengths.length));
        }
        sb.append(String.format("  nb forwarding cores=%d - nb forwarding ports=%d%n", nbFwdLcores,
            fwdPortIds.length));
        for (final Port port : ports)
        {
            // rxtx_config_display: every port (RTE_ETH_FOREACH_DEV), forwarding or not; queue 0 only; what the driver
            // reports, else what testpmd asked for: --rxd/--txd (0 when not given, as dpdk-testpmd prints them) and
            // queue 0's setup, the device's default with testpmd's thresholds and the queue's offloads.
            final int portId = port.id();
            final DeviceInfo info = port.info();
            final PortConfig cfg = portConfigs[portId];
            // testpmd's nb_rxq and nb_txq: those of the next configuration after port config all rxq|txq; its
            // record of the port's offloads, which a command may have changed since the port was configured.
            sb.append(String.format("  port %d: RX queue number: %d Tx queue number: %d%n", portId, nbRxq, nbTxq));
            sb.append(String.format("    Rx offloads=0x%x Tx offloads=0x%x%n", cfg.rxOffloads(), cfg.txOffloads()));
            final QueueInfo rx = Objects.requireNonNullElse(queueInfoOrNull(sb, port, true),
                cfg.rxQueueSetup(0, info.defaultRxQueue()).withDescriptors(queueDesc(cfg, true, 0), 0));
            sb.append(String.format("    RX queue: 0%n      RX desc=%d - RX free threshold=%d%n", rx.nbDesc(),
                rx.freeThresh()));
            sb.append(String.format("      RX threshold registers: pthresh=%d hthresh=%d  wthresh=%d%n", rx.pthresh(),
                rx.hthresh(), rx.wthresh()));
            sb.append(String.format("      RX Offloads=0x%x%n", rx.offloads()));
            final QueueInfo tx = Objects.requireNonNullElse(queueInfoOrNull(sb, port, false),
                cfg.txQueueSetup(0, info.defaultTxQueue()).withDescriptors(queueDesc(cfg, false, 0), 0));
            sb.append(String.format("    TX queue: 0%n      TX desc=%d - TX free threshold=%d%n", tx.nbDesc(),
                tx.freeThresh()));
            sb.append(String.format("      TX threshold registers: pthresh=%d hthresh=%d  wthresh=%d%n", tx.pthresh(),
                tx.hthresh(), tx.wthresh()));
            sb.append(String.format("      TX offloads=0x%x - TX RS bit threshold=%d%n", tx.offloads(),
                tx.rsThresh()));
        }
        out.print(sb);
    }

    /**
     * Queue 0's setup as the driver reports it, or null when it does not (ENOTSUP) or the queue is not set up (a port
     * whose configuration failed: ethdev says so on standard error). What {@code sb} holds is printed first, so that
     * ethdev's line comes after it, as in testpmd.
     */
    private QueueInfo queueInfoOrNull(final StringBuilder sb, final Port port, final boolean rx)
    {
        out.print(sb);
        out.flush();
        sb.setLength(0);
        try
        {
            return rx ? port.rxQueueInfo(0) : port.txQueueInfo(0);
        }
        catch (final DpdkException ex)
        {
            return null; // ethdev's own line said it ("Rx queue 0 of device with port_id=N has not been setup")
        }
    }

    /** The port's NUMA socket as testpmd shows it: the device's, or 0 when unknown. */
    private int socketOf(final int portId)
    {
        return portSocket[portId];
    }

    // ---- non-interactive -------------------------------------------------------------------------

    /** testpmd's stats-period loop: the forwarding ports' NIC statistics every period until a signal. */
    private void printStatsUntilSignal()
    {
        final long period = TimeUnit.SECONDS.toNanos(params.statsPeriod);
        long next = System.nanoTime() + period;
        while (!quit)
        {
            if (System.nanoTime() >= next)
            {
                synchronized (control) // a removed port leaves fwdPortIds between two rounds, not during one
                {
                    out.print("\033[2J\033[1;1H");
                    out.print(System.lineSeparator() + "Port statistics ====================================");
                    for (final int portId : fwdPortIds)
                    {
                        nicStats.print(Port.of(portId), out);
                    }
                    out.flush();
                }
                next += period;
            }
            STATS_LOOP_PAUSE.idle();
        }
    }

    /** The line standard input ended with. */
    private static final String EOF = new String("<eof>");

    /**
     * The next line of standard input; null at its end or when a signal asks the run to end. Polls, so that a
     * signal ends the wait.
     */
    String nextLine()
    {
        while (!quit)
        {
            try
            {
                final String line = stdinLines.poll(50, TimeUnit.MILLISECONDS);
                if (line != null)
                {
                    return line == EOF ? null : line;
                }
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return null;
    }

    // ---- what the commands do --------------------------------------------------------------------

    /** Ids of every configured port. */
    int[] portIds()
    {
        final int[] ids = new int[ports.length];
        for (int i = 0; i < ports.length; i++)
        {
            ids[i] = ports[i].id();
        }
        return ids;
    }

    /**
     * testpmd's {@code flow} commands ({@link FlowCommands}); the rss action's default types are testpmd's
     * {@code rss_hf}.
     *
     * @return false when the line does not parse
     */
    boolean flow(final String[] words)
    {
        return flowCommands().run(words);
    }

    /** The {@code flow} commands, made at their first use. */
    private FlowCommands flowCommands()
    {
        if (flowCommands == null)
        {
            flowCommands = new FlowCommands(out, err, this::isPort,
                id -> isPort(id) ? Port.of(id).flows() : Flows.forPortId(id), () -> nbRxq, () -> params.rssHf);
        }
        return flowCommands;
    }

    /**
     * Whether {@code id} is one of the ports, as testpmd's {@code RTE_ETH_FOREACH_DEV} finds them (testpmd's
     * {@code port_id_is_invalid} without its message): those probed at start, less those closed or detached since,
     * and those attached.
     */
    boolean isPort(final int id)
    {
        return Arrays.binarySearch(probedIds, id) >= 0; // RTE_ETH_FOREACH_DEV's order: ascending ids
    }

    /** testpmd's {@code all_ports_stopped}. */
    private boolean allPortsStopped()
    {
        return Arrays.stream(ports).noneMatch(Port::isStarted);
    }

    /** Each port's device, in {@link #ports}' order. */
    private DeviceInfo[] portInfos()
    {
        return Arrays.stream(ports).map(Port::info).toArray(DeviceInfo[]::new);
    }

    /** Whether forwarding runs, said as the commands that need it stopped say it ("Please stop forwarding first"). */
    private boolean refusedWhileForwarding()
    {
        if (forwarding)
        {
            err.println("Please stop forwarding first");
        }
        return forwarding;
    }

    /** {@code show fwd stats all}: {@code fwd_stats_display}, forwarding or not. */
    void showFwdStats()
    {
        out.print(fwdStatsText());
    }

    /** {@code clear fwd stats all}: {@code fwd_stats_reset}, the ports' counters now the zero, the streams' zeroed. */
    void clearFwdStats()
    {
        resetFwdStats();
        for (final FwdStream fs : streams)
        {
            fs.clearCounters();
        }
        stoppedCounts = stoppedCounts.stream().map(FwdStats.Stream::cleared).toList();
    }

    /** {@code show config (rxtx|cores|fwd)}: {@code rxtx_config_display}, {@code fwd_lcores_config_display}, ... */
    void showConfig(final String what)
    {
        switch (what)
        {
            case "rxtx" -> printRxTxConfig();
            case "cores" ->
            {
                final StringBuilder sb = new StringBuilder("List of forwarding lcores:");
                for (final Lcore lcore : workers.subList(0, nbCfgLcores))
                {
                    sb.append(String.format(" %2d", lcore.id()));
                }
                out.println(sb);
            }
            case "txpkts" ->
            {
                // show_tx_pkt_segments; jdpdk's testpmd has no set txsplit.
                final int[] lengths = config.txPktSegLengths;
                out.printf("Number of segments: %d%nSegment sizes: %s%nSplit packet: off%n", lengths.length,
                    String.join(",", Arrays.stream(lengths).mapToObj(Integer::toString).toList()));
            }
            case "txtimes" -> out.printf("Interburst gap: %d%nIntraburst gap: %d%n", config.txTimesInter,
                config.txTimesIntra);
            case "rxoffs" -> out.print(config.rxSplit.showOffsets());
            case "rxpkts" -> out.print(config.rxSplit.showSegments());
            case "rxhdrs" -> out.print(config.rxSplit.showHeaders());
            default -> printFwdConfig(curFwdConfig);
        }
    }

    /**
     * {@code csum set (ip|tcp|udp|sctp|outer-ip|outer-udp) (hw|sw) N} and {@code csum show N}: testpmd's
     * {@code cmd_csum_parsed} on a stopped port. {@code set} asks for the checksum offload ({@code hw}, when the device
     * has it) or drops it from the port's TX offloads; both print {@code csum_show}'s lines and have the port
     * configured again at its next start.
     *
     * @param offload the offload {@code set} names, or null for {@code show}
     * @param hw      whether {@code set} asks for the NIC to do it
     */
    void csum(final CsumOffload offload, final boolean hw, final int portId)
    {
        if (!isPort(portId))
        {
            err.printf("Invalid port %d%ninvalid port %d%n", portId, portId);
            return;
        }
        final Port port = Port.of(portId);
        if (port.isStarted())
        {
            err.printf("Please stop port %d first%n", portId);
            return;
        }
        final long capa = port.info().txOffloadCapa();
        final PortConfig cfg = portConfigs[portId];
        if (offload != null)
        {
            long offloads = 0;
            if (!hw || (capa & offload.bit) != 0)
            {
                offloads = offload.bit;
            }
            else
            {
                err.printf("%s checksum offload is not supported by port %d%n", offload.unsupported, portId);
            }
            cfg.txOffloads(hw ? cfg.txOffloads() | offloads : cfg.txOffloads() & ~offloads);
            configQueueTxOffloads(cfg, port.info());
        }
        out.print(CsumOffload.showText(cfg.txOffloads()));
        for (final CsumOffload each : CsumOffload.values())
        {
            if ((cfg.txOffloads() & each.bit) != 0 && (capa & each.bit) == 0)
            {
                out.flush();
                err.printf("Warning: hardware %s checksum enabled but not supported by port %d%n", each.warned, portId);
            }
        }
        needReconfig[portId] = true;
    }

    // ---- devices ---------------------------------------------------------------------------------

    /** {@code device_infos_display_speeds}'s words for each {@code RTE_ETH_LINK_SPEED_*} bit, lowest first. */
    private static final String[] SPEEDS = {" Disable autonegotiate (fixed speed)  ", " 10 Mbps half-duplex  ",
        " 10 Mbps full-duplex  ", " 100 Mbps half-duplex  ", " 100 Mbps full-duplex  ", " 1 Gbps  ", " 2.5 Gbps  ",
        " 5 Gbps  ", " 10 Gbps  ", " 20 Gbps  ", " 25 Gbps  ", " 40 Gbps  ", " 50 Gbps  ", " 56 Gbps  ",
        " 100 Gbps  ", " 200 Gbps  "};

    /**
     * {@code show device info all|IDENTIFIER}: testpmd's {@code device_infos_display}, each device a driver took
     * (all, or those the identifier names as EAL reads one) with its bus, driver, arguments and NUMA node, then each
     * of its ports with the MAC address, name and link speeds.
     *
     * @param identifier a device as EAL's {@code -a} or {@code --vdev} would name it, or null for all
     */
    void showDeviceInfo(final String identifier)
    {
        final List<Devices.Device> devices;
        try
        {
            devices = identifier == null ? Devices.withDrivers() : Devices.matching(identifier);
        }
        catch (final IllegalArgumentException ex)
        {
            printError("cannot parse identifier"); // after EAL's own line
            return;
        }
        final String border = "*********************";
        final StringBuilder sb = new StringBuilder();
        for (final Devices.Device device : devices)
        {
            sb.append(String.format("%n%s Infos for device %s %s%n", border, device.name(), border));
            sb.append(String.format("Bus name: %s%nBus information: %s%nDriver name: %s%nDevargs: %s%n" +
                "Connect to socket: %d%n", device.bus(), device.busInfo(), device.driver(), device.devArgs(),
                device.numaNode()));
            for (final int portId : Port.idsOf(device))
            {
                final Port port = Port.of(portId);
                sb.append(String.format("%n\tPort id: %-2d%n\tMAC address: %s%n\tDevice name: %s", portId,
                    Port.formatMac(port.macAddress()), port.name()));
                sb.append("\n\tDevice speed capability:");
                final int capa = port.info().details().speedCapa();
                if (capa == 0)
                {
                    sb.append(" Autonegotiate (all speeds)");
                }
                for (int bit = 0; bit < SPEEDS.length; bit++)
                {
                    if ((capa & (1 << bit)) != 0)
                    {
                        sb.append(SPEEDS[bit]);
                    }
                }
                sb.append(System.lineSeparator());
            }
        }
        out.print(sb);
    }

    // ---- offloads (cmdline.c's rx_offload and tx_offload commands) ---------------------------------

    /**
     * {@code show port N rx_offload|tx_offload capabilities}: what a single queue may have on its own
     * ({@code rx_queue_offload_capa}) and what only the whole port may have (the rest of {@code rx_offload_capa}).
     */
    void showOffloadCapabilities(final boolean rx, final int portId)
    {
        final DeviceInfo info = infoOrPrintErr(portId);
        if (info == null)
        {
            return;
        }
        final long queue = rx ? info.details().rxQueueOffloadCapa() : info.details().txQueueOffloadCapa();
        final long port = (rx ? info.rxOffloadCapa() : info.txOffloadCapa()) ^ queue;
        out.printf("%s Offloading Capabilities of port %d :%n  Per Queue :%s%n  Per Port  :%s%n%n", rx ? "Rx" : "Tx",
            portId, offloadNames(rx, queue), offloadNames(rx, port));
    }

    /**
     * {@code show port N rx_offload|tx_offload configuration}: the port's offloads in force
     * ({@code rte_eth_dev_conf_get}), then testpmd's record of each configured queue's, which a {@code port config}
     * offload command changes before the port's next start.
     */
    void showOffloadConfiguration(final boolean rx, final int portId)
    {
        try (Arena arena = Arena.ofConfined())
        {
            // eth_dev_conf_get_print_err; ethdev says "Invalid port_id=N" itself
            final int rc = EthdevRaw.dev_conf_get(portId, arena.allocate(EthdevRaw.RTE_ETH_CONF));
            if (rc != 0)
            {
                printError(String.format("Error during getting device configuration (port %d): %s", portId,
                    EalRaw.strerror(-rc)));
                return;
            }
        }
        final long inForce = rx ? Port.of(portId).rxOffloads() : Port.of(portId).txOffloads();
        out.printf("%s Offloading Configuration of port %d :%n  Port :%s%n", rx ? "Rx" : "Tx", portId,
            offloadNames(rx, inForce));
        final DeviceInfo info = infoOrPrintErr(portId);
        if (info == null)
        {
            return;
        }
        final PortConfig cfg = record(portId);
        final int queues = rx ? info.details().nbRxQueues() : info.details().nbTxQueues();
        for (int q = 0; q < queues; q++)
        {
            out.printf("  Queue[%2d] :%s%n", q, offloadNames(rx, queueRecord(cfg, rx, q)));
        }
        out.println();
    }

    /**
     * {@code port config N rx_offload|tx_offload NAME on|off} ({@code queue} -1) and
     * {@code port N rxq|txq Q rx_offload|tx_offload NAME on|off}: on a stopped port, the offload joins or leaves the
     * port's and each configured queue's record, or one queue's, and the port is configured again at its next start,
     * where ethdev refuses what the device lacks.
     *
     * @param name an offload name {@link CmdLine} took, matched to DPDK's names without regard to case
     */
    void configOffload(final boolean rx, final int portId, final int queue, final String name, final boolean on)
    {
        final DeviceInfo info = infoOrPrintErr(portId);
        if (info == null)
        {
            return;
        }
        if (Port.of(portId).isStarted())
        {
            printError("Error: Can't config offload when Port " + portId + " is not stopped");
            return;
        }
        final int queues = rx ? info.details().nbRxQueues() : info.details().nbTxQueues();
        if (queue >= queues)
        {
            printError("Error: input queue_id should be 0 ... " + (queues - 1));
            return;
        }
        final long offload = searchOffload(rx, name);
        if (offload == 0)
        {
            printError("Unknown offload name: " + name);
            return;
        }
        final PortConfig cfg = record(portId);
        if (queue < 0)
        {
            final long port = rx ? cfg.rxOffloads() : cfg.txOffloads();
            final long changed = on ? port | offload : port & ~offload;
            if (rx)
            {
                cfg.rxOffloads(changed);
            }
            else
            {
                cfg.txOffloads(changed);
            }
        }
        for (int q = queue < 0 ? 0 : queue; q < (queue < 0 ? queues : queue + 1); q++)
        {
            final long old = queueRecord(cfg, rx, q);
            setQueueRecord(cfg, rx, q, on ? old | offload : old & ~offload);
        }
        needReconfig[portId] = true;
    }

    /**
     * testpmd's record of a port's configuration: that of one of its ports, or, for a port it does not list (one a
     * bond or failsafe device owns), an empty one that the offload commands may change, as testpmd's {@code ports[]}
     * has an entry for every id.
     */
    private PortConfig record(final int portId)
    {
        if (portConfigs[portId] == null)
        {
            portConfigs[portId] = new PortConfig();
        }
        return portConfigs[portId];
    }

    /** {@code search_rx_offload} and {@code search_tx_offload}: the bit whose DPDK name is {@code name}, or 0. */
    private static long searchOffload(final boolean rx, final String name)
    {
        for (int bit = 0; bit < Long.SIZE; bit++)
        {
            final String each = rx ? Port.rxOffloadName(1L << bit) : Port.txOffloadName(1L << bit);
            if (each.equalsIgnoreCase(name))
            {
                return 1L << bit;
            }
        }
        return 0;
    }

    /** {@code print_rx_offloads} and {@code print_tx_offloads}: " NAME" for each bit, lowest first. */
    private static String offloadNames(final boolean rx, final long offloads)
    {
        final StringBuilder sb = new StringBuilder();
        for (long rest = offloads; rest != 0; rest &= rest - 1)
        {
            final long bit = Long.lowestOneBit(rest);
            sb.append(' ').append(rx ? Port.rxOffloadName(bit) : Port.txOffloadName(bit));
        }
        return sb.toString();
    }

    /**
     * testpmd's {@code eth_dev_info_get_print_err}: the device's info, or null after its error line (with ethdev's
     * own "Invalid port_id=N" before it for an id that names no port).
     */
    private DeviceInfo infoOrPrintErr(final int portId)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final int rc = EthdevRaw.dev_info_get(portId, arena.allocate(EthdevRaw.RTE_ETH_DEV_INFO));
            if (rc != 0)
            {
                printError(String.format("Error during getting device (port %d) info: %s", portId,
                    EalRaw.strerror(-rc)));
                return null;
            }
        }
        return Port.of(portId).info();
    }

    /**
     * {@code csum mac-swap on|off N}: whether csum mode rewrites the addresses of what it sends on port N
     * ({@code fwd_mac_swap}); takes effect at once, forwarding or not.
     */
    void csumMacSwap(final int portId, final boolean on)
    {
        if (portId < config.csumMacSwap.length) // not RTE_PORT_ALL, which testpmd's check lets through
        {
            config.csumMacSwap[portId] = on;
        }
    }

    /** {@code set verbose N}: testpmd's {@code set_verbose_level} ({@link Verbose}). */
    void setVerbose(final int level)
    {
        config.verbose.set(level);
    }

    /**
     * {@code port config all rxq|txq|rxd|txd N}: testpmd's {@code cmd_config_rx_tx_parsed} with every port stopped,
     * the value checked against every port's limits ({@code check_nb_rxq}, ...: the first port with the tightest
     * one named), then the streams set up again and every port configured again at its next {@code port start}.
     * jdpdk's testpmd refuses 0 queues, which testpmd takes and then exits on at the next start.
     */
    void portConfigQueues(final String what, final int value)
    {
        if (!allPortsStopped())
        {
            err.println("Please stop all ports first");
            return;
        }
        final DeviceInfo[] infos = portInfos();
        final boolean rx = what.startsWith("rx");
        if (what.endsWith("q"))
        {
            if (value == 0)
            {
                err.println("jdpdk's testpmd needs at least one RX and one TX queue per port");
                return;
            }
            final String name = rx ? "max_rx_queues" : "max_tx_queues";
            if (!within(what, value, name, infos, info -> rx ? info.maxRxQueues() : info.maxTxQueues(), true))
            {
                return;
            }
            nbRxq = rx ? value : nbRxq;
            nbTxq = rx ? nbTxq : value;
        }
        else
        {
            final String name = rx ? "rxds" : "txds";
            if (!within(what, value, "max_" + name, infos, info -> rx ? info.rxDescMax() : info.txDescMax(), true) ||
                !within(what, value, "min_" + name, infos, info -> rx ? info.rxDescMin() : info.txDescMin(), false))
            {
                return;
            }
            params.nbRxd = rx ? value : params.nbRxd;
            params.nbTxd = rx ? params.nbTxd : value;
        }
        fwdConfigSetup();
        reconfigureAtNextStart(infos);
    }

    /**
     * testpmd's {@code init_port_config} and {@code cmd_reconfig_device_queue(RTE_PORT_ALL, 1, 1)}: every port's
     * configuration with the queues of now, applied at its next {@code port start}.
     */
    private void reconfigureAtNextStart(final DeviceInfo[] infos)
    {
        for (int i = 0; i < ports.length; i++)
        {
            withQueues(portConfigs[ports[i].id()], infos[i]);
            needReconfig[ports[i].id()] = true;
        }
    }

    /**
     * {@code port config all max-pkt-len N}: testpmd's {@code cmd_config_max_pkt_len_parsed} with every port
     * stopped: each port's MTU becomes N less its overhead ({@code update_mtu_from_frame_size}, at once and for its
     * next configuration), then every port is configured again at its next start.
     */
    void portConfigMaxPktLen(final long frame)
    {
        if (!allPortsStopped())
        {
            err.println("Please stop all ports first");
            return;
        }
        final DeviceInfo[] infos = portInfos();
        for (int i = 0; i < ports.length; i++)
        {
            if (frame < ETHER_MIN_LEN)
            {
                err.println("max-pkt-len can not be less than " + ETHER_MIN_LEN);
                return;
            }
            final int id = ports[i].id();
            final int mtu = ports[i].mtu();
            final int newMtu = (int)((frame - infos[i].ethOverhead()) & 0xFFFF); // testpmd's uint16_t
            if (mtu < 0)
            {
                out.printf("Failed to get MTU for port %d%n", id);
                continue;
            }
            if (mtu == newMtu)
            {
                continue;
            }
            try
            {
                ports[i].mtu(newMtu);
            }
            catch (final DpdkException ex)
            {
                err.printf("Failed to set MTU to %d for port %d%n", newMtu, id);
                continue;
            }
            portConfigs[id].mtu(newMtu);
        }
        reconfigureAtNextStart(infos);
    }

    /**
     * Whether {@code value} is within every port's {@code limit} (a maximum, or a minimum), else testpmd's refusal
     * naming the first port with the tightest limit.
     */
    private boolean within(final String what, final int value, final String name, final DeviceInfo[] infos,
        final ToIntFunction<DeviceInfo> limit, final boolean maximum)
    {
        // RTE_MAX_QUEUES_PER_PORT for queue counts (get_allowed_max_nb_rxq), UINT16_MAX for descriptors.
        int bound = maximum ? (what.endsWith("q") ? PortConfig.MAX_QUEUES_PER_PORT : 0xFFFF) : 0;
        int at = 0;
        for (int i = 0; i < infos.length; i++)
        {
            final int l = limit.applyAsInt(infos[i]);
            if (maximum ? l < bound : l > bound)
            {
                bound = l;
                at = ports[i].id();
            }
        }
        if (maximum ? value > bound : value < bound)
        {
            err.printf("Fail: input %s (%d) can't be %s than %s (%d) of port %d%n", what, value,
                maximum ? "greater" : "less", name, bound, at);
            return false;
        }
        return true;
    }

    /**
     * {@code port config mtu N MTU}: testpmd's {@code port_mtu_set}: the MTU checked against the device's limits
     * ({@code eth_dev_validate_mtu}), set at once on a port not waiting to be configured again, and kept for its
     * next configuration.
     */
    void portConfigMtu(final int id, final int mtu)
    {
        if (id == CmdLine.PORT_ALL)
        {
            // port_id_is_invalid lets RTE_PORT_ALL through to eth_dev_validate_mtu, whose rte_eth_dev_info_get fails
            // with ethdev's "Invalid port_id=65535" and nothing more.
            out.flush();
            try (Arena arena = Arena.ofConfined())
            {
                EthdevRaw.dev_info_get(id, arena.allocate(EthdevRaw.RTE_ETH_DEV_INFO));
            }
            return;
        }
        if (!validPortOrSay(id))
        {
            return;
        }
        final DeviceInfo info = Port.of(id).info();
        if (mtu < info.minMtu() || mtu > info.maxMtu())
        {
            err.printf("MTU (%d) %s device %s MTU (%d) for port_id %d%n", mtu, mtu < info.minMtu() ? "<" : ">",
                mtu < info.minMtu() ? "min" : "max", mtu < info.minMtu() ? info.minMtu() : info.maxMtu(), id);
            return;
        }
        if (mtu + info.ethOverhead() > Integer.toUnsignedLong(info.maxRxPktLen()))
        {
            err.printf("Frame size (%d) > device max frame size (%d) for port_id %d%n", mtu + info.ethOverhead(),
                Integer.toUnsignedLong(info.maxRxPktLen()), id);
            return;
        }
        if (!needReconfig[id])
        {
            try
            {
                Port.of(id).mtu(mtu);
            }
            catch (final DpdkException ex)
            {
                err.printf("Set MTU failed. diag=%d%n", -ex.errno());
                return;
            }
        }
        portConfigs[id].mtu(mtu);
    }

    /**
     * {@code port config all rss TYPE}: testpmd's {@code cmd_config_rss_parsed}: a type or group by testpmd's name,
     * {@code none}, {@code default} (what each device hashes), a flow type id, or a level over the types of now;
     * each port's hash functions updated to what its device hashes (said when that is less), and testpmd's
     * {@code rss_hf} set when every port took them.
     */
    void portConfigRss(final String value)
    {
        long hf = 0;
        final boolean useDefault = value.equals("default");
        final int level = List.of("level-default", "level-outer", "level-inner").indexOf(value);
        if (level >= 0)
        {
            params.rssHf &= ~RSS_LEVEL_MASK;
            hf = params.rssHf | (long)level << RSS_LEVEL_SHIFT;
        }
        else if (!useDefault && !value.isEmpty() && Character.isDigit(value.charAt(0)))
        {
            final int id = Parameters.atoi(value);
            if (id <= 0 || id >= Long.SIZE)
            {
                err.println("flowtype_id should be greater than 0 and less than 64.");
                return;
            }
            hf = 1L << id;
        }
        else if (!useDefault && !value.equals("none"))
        {
            hf = RssTypes.bits(value);
            if (hf == RssTypes.UNKNOWN || hf == 0)
            {
                err.println("Unknown parameter");
                return;
            }
        }
        boolean allUpdated = true;
        for (final Port port : ports)
        {
            final long offered = port.info().flowTypeRssOffloads();
            hf = useDefault ? offered : hf;
            if ((hf & offered) != hf)
            {
                out.printf("Port %d modified RSS hash function based on hardware support,requested:%s configured:%s%n",
                    port.id(), CNumbers.alternateHex(hf), CNumbers.alternateHex(hf & offered));
            }
            try
            {
                port.rssHashFunctions(hf & offered);
            }
            catch (final DpdkException ex)
            {
                allUpdated = false;
                err.printf("Configuration of RSS hash at ethernet port %d failed with error (%d): %s.%n", port.id(),
                    ex.errno(), ex.reason());
            }
        }
        if (allUpdated && !useDefault)
        {
            params.rssHf = hf;
            out.println("rss_hf " + CNumbers.alternateHex(hf));
        }
    }

    /**
     * {@code set txpkts LIST}: testpmd's {@code cmd_set_txpkts_parsed}, the lengths as {@code parse_item_list} reads
     * them, then {@code set_tx_pkt_segments}: more than one segment only where every TX ring of every port holds that
     * many ({@code nb_segs_is_invalid}), then {@link Parameters#txSegments}'s checks.
     */
    void setTxPkts(final String items)
    {
        final long[] list = Parameters.parseItemList(items, "segment lengths", TxOnlyEngine.MAX_SEGS_PER_PKT, false,
            err);
        if (list == null)
        {
            return;
        }
        if (list.length > 1 && !txRingsHold(list.length))
        {
            err.printf("Tx segment size(%d) is not supported - txpkts ignored%n", list.length);
            return;
        }
        final int[] lengths = Parameters.txSegments(list, params.mbufSize, err);
        if (lengths != null)
        {
            config.txPktSegLengths = lengths;
        }
    }

    /**
     * {@code set txtimes INTER,INTRA}: testpmd's {@code cmd_set_txtimes_parsed}, the two gaps kept when the list has
     * exactly two items. txonly spaces its bursts by them only on a device with the TX timestamp offload
     * ({@code RTE_ETH_TX_OFFLOAD_SEND_ON_TIMESTAMP}), which no device here has and jdpdk's txonly does not schedule.
     */
    void setTxTimes(final String items)
    {
        final long[] times = Parameters.parseItemList(items, "tx times", 2, false, err);
        if (times != null && times.length == 2)
        {
            config.txTimesInter = times[0];
            config.txTimesIntra = times[1];
        }
    }

    /**
     * {@code set rxoffs|rxpkts|rxhdrs LIST}: testpmd's {@code cmd_set_rxoffs_parsed}, {@code cmd_set_rxpkts_parsed} and
     * {@code cmd_set_rxhdrs_parsed}, the list read as {@code parse_item_list} or {@code parse_hdrs_list} reads it, then
     * the RX split's setter ({@link RxSplit}); every port's queues are set up again at its next start, whatever the
     * list was ({@code cmd_reconfig_device_queue(RTE_PORT_ALL, 0, 1)}).
     *
     * @param what  rxoffs, rxpkts or rxhdrs
     * @param items the list as typed
     */
    void setRxSplit(final String what, final String items)
    {
        if (what.equals("rxhdrs"))
        {
            final int[] headers = RxSplit.parseHeaders(items, "segment hdrs", err);
            if (headers.length > 0)
            {
                config.rxSplit.setHeaders(headers, out);
            }
        }
        else
        {
            final boolean offsets = what.equals("rxoffs");
            final long[] list = Parameters.parseItemList(items, offsets ? "segment offsets" : "segment lengths",
                RxSplit.MAX_SEGS, false, err);
            if (list != null && list.length > 0 && offsets)
            {
                config.rxSplit.setOffsets(list, out);
            }
            else if (list != null && list.length > 0)
            {
                config.rxSplit.setSegments(list, out);
            }
        }
        for (final int id : Port.ids())
        {
            needReconfigQueues[id] = true;
        }
    }

    /**
     * testpmd's {@code nb_segs_is_invalid}, negated: each TX ring's size as the driver reports it, else as testpmd set
     * it up, else the device's default ({@code get_tx_ring_size}).
     */
    private boolean txRingsHold(final int segments)
    {
        for (final Port port : ports)
        {
            for (int queue = 0; queue < nbTxq; queue++)
            {
                final QueueInfo info;
                try
                {
                    info = port.txQueueInfo(queue);
                }
                catch (final DpdkException notSetUp)
                {
                    continue; // a queue the port does not have yet: testpmd cannot tell either, and goes on
                }
                final int configured = portConfigs[port.id()].txDesc();
                final int ring = info != null ? info.nbDesc() : configured != 0 ? configured :
                    port.info().defaultTxDesc();
                if (ring < segments)
                {
                    out.printf("nb segments per TX packets=%d >= TX queue(%d) ring_size=%d - txpkts ignored%n",
                        segments, queue, ring);
                    return false;
                }
            }
        }
        return true;
    }

    /** {@code set eth-peer N MAC}: testpmd's {@code cmd_set_eth_peer_parsed} and {@code set_fwd_eth_peer}. */
    void setEthPeer(final int port, final String address)
    {
        if (refusedWhileForwarding())
        {
            return;
        }
        final long mac = Port.parseMac(address);
        if (!isPort(port))
        {
            err.printf("Error: Invalid port number %d%n", port);
        }
        else if (mac < 0)
        {
            err.println("Error: Invalid ethernet address: " + address);
        }
        else
        {
            config.peerMac[port] = mac;
        }
        fwdConfigSetup();
    }

    /**
     * {@code set portlist LIST}: testpmd's {@code cmd_set_list_parsed}, the ports as {@code parse_item_list} reads
     * them (decimal, no duplicate), then {@code set_fwd_ports_list} and {@code fwd_config_setup}.
     */
    void setPortList(final String items)
    {
        if (refusedWhileForwarding())
        {
            return;
        }
        final long[] list = Parameters.parseItemList(items, "port", MAX_ETHPORTS, true, err);
        if (list != null)
        {
            // testpmd keeps each in a portid_t; 65535 would be RTE_PORT_ALL there, and is no port here.
            setFwdPortsList(Arrays.stream(list).mapToInt(p -> (int)(p & 0xFFFF)).toArray());
            fwdConfigSetup();
        }
    }

    /** {@code set portmask MASK}: testpmd's {@code set_fwd_ports_mask}, then {@code fwd_config_setup}. */
    void setPortMask(final long mask)
    {
        if (refusedWhileForwarding())
        {
            return;
        }
        setFwdPortsMask(mask);
        fwdConfigSetup();
    }

    /**
     * {@code port config all burst N}: testpmd's {@code cmd_config_burst_parsed} with every port stopped; 0 takes
     * port 0's recommended RX burst; every port configured again at its next start.
     */
    void portConfigBurst(final int value)
    {
        if (!allPortsStopped())
        {
            err.println("Please stop all ports first");
            return;
        }
        if (value == 0)
        {
            if (!isPort(0))
            {
                out.flush();
                EthdevRaw.promiscuous_get(0); // rte_eth_dev_info_get's "Invalid port_id=0", the same macro's
                err.printf("Error during getting device (port %d) info: %s%n", 0, EalRaw.strerror(19)); // ENODEV
                return;
            }
            final int recommended = Port.of(0).info().rxBurstSize();
            if (recommended == 0)
            {
                out.printf("PMD does not recommend a burst size.%nUser provided value must be between 1 and %d%n",
                    MAX_PKT_BURST);
                return;
            }
            if (recommended > MAX_PKT_BURST)
            {
                out.printf("PMD recommended burst size of %d exceeds maximum value of %d%n", recommended,
                    MAX_PKT_BURST);
                return;
            }
            out.printf("Using PMD-provided burst value of %d%n", recommended);
            config.burst = recommended;
        }
        else if (value > MAX_PKT_BURST)
        {
            err.printf("burst must be >= 1 && <= %d%n", MAX_PKT_BURST);
            return;
        }
        else
        {
            config.burst = value;
        }
        reconfigureAtNextStart(portInfos());
    }

    /**
     * {@code port config all rxpt|rxht|rxwt|txpt|txht|txwt N} and {@code port config all rxfreet|txfreet|txrst N}:
     * testpmd's {@code cmd_config_thresh_parsed} and {@code cmd_config_threshold_parsed}, the value kept as the
     * options keep it ({@link Parameters}), every port configured again at its next start.
     */
    void portConfigThreshold(final String name, final int value)
    {
        if (!allPortsStopped())
        {
            err.println("Please stop all ports first");
            return;
        }
        params.setThreshold(name, value);
        reconfigureAtNextStart(portInfos());
    }

    /**
     * {@code port config all drop-en on|off}: testpmd's {@code cmd_config_rx_mode_flag_parsed} with every port
     * stopped: the RX queues drop packets when no descriptor is free ({@code rx_drop_en}), from every port's next start
     * on, when it is configured again.
     */
    void portConfigDropEn(final boolean on)
    {
        if (!allPortsStopped())
        {
            err.println("Please stop all ports first");
            return;
        }
        params.rxThresholds[4] = on ? 1 : 0;
        reconfigureAtNextStart(portInfos());
    }

    /**
     * {@code port config all max-lro-pkt-size N}: testpmd's {@code cmd_config_max_lro_pkt_size_parsed} with every port
     * stopped: each port's {@code max_lro_pkt_size}, every port configured again at its next start; as in testpmd, a
     * port that has N already ends the command there, before the ports after it and without the reconfiguration.
     */
    void portConfigMaxLroPktSize(final long bytes)
    {
        if (!allPortsStopped())
        {
            err.println("Please stop all ports first");
            return;
        }
        for (final Port port : ports)
        {
            final PortConfig cfg = portConfigs[port.id()];
            if (Integer.toUnsignedLong(cfg.maxLroPktSize()) == bytes)
            {
                return;
            }
            cfg.maxLroPktSize((int)bytes);
        }
        reconfigureAtNextStart(portInfos());
    }

    /**
     * {@code port config all|N loopback MODE}: testpmd's {@code cmd_config_loopback_all_parsed} and
     * {@code cmd_config_loopback_specific_parsed}: the device's loopback mode ({@code lpbk_mode}) of a stopped port, or
     * of every port with all stopped, applied when it is configured again at its next start.
     *
     * @param which a port id, or {@link CmdLine#PORT_ALL}
     * @param mode  the mode, a C unsigned int
     */
    void portConfigLoopback(final int which, final long mode)
    {
        if (which == CmdLine.PORT_ALL ? !allPortsStopped() : !validPortOrSay(which) || !stoppedOrSay(which))
        {
            if (which == CmdLine.PORT_ALL)
            {
                err.println("Please stop all ports first");
            }
            return;
        }
        for (final Port port : ports)
        {
            if (which == CmdLine.PORT_ALL || which == port.id())
            {
                portConfigs[port.id()].loopbackMode((int)mode);
                needReconfig[port.id()] = true;
                needReconfigQueues[port.id()] = true;
            }
        }
    }

    /**
     * {@code set stat_qmap rx|tx N Q M}: testpmd's {@code set_qmap}, the queue's packets and bytes counted in the
     * device's per-queue counter M; what a driver cannot do is said in testpmd's words.
     */
    void setStatQmap(final boolean rx, final int portId, final int queue, final int counter)
    {
        if (!validPortOrSay(portId) || !queueIdValidOrSay(rx, queue))
        {
            return;
        }
        if (counter >= EthdevRaw.QUEUE_STAT_CNTRS)
        {
            err.printf("map_value not in required range 0..%d%n", EthdevRaw.QUEUE_STAT_CNTRS - 1);
            return;
        }
        boolean mapped;
        try
        {
            mapped = Port.of(portId).queueStatsMapping(rx, queue, counter);
        }
        catch (final DpdkException ex)
        {
            mapped = false;
        }
        if (!mapped)
        {
            err.printf("failed to set %s queue stats mapping.%n", rx ? "rx" : "tx");
        }
    }

    /** testpmd's {@code rx_queue_id_is_invalid} and {@code tx_queue_id_is_invalid}, negated: a queue below nb_rxq|txq. */
    private boolean queueIdValidOrSay(final boolean rx, final int queue)
    {
        if (queue < (rx ? nbRxq : nbTxq))
        {
            return true;
        }
        err.printf("Invalid %s queue %d (must be < nb_%sq=%d)%n", rx ? "RX" : "TX", queue, rx ? "rx" : "tx",
            rx ? nbRxq : nbTxq);
        return false;
    }

    /**
     * {@code port N rxq|txq Q start|stop}: testpmd's {@code cmd_config_rxtx_queue_parsed} on a started port, not while
     * forwarding: one queue started or stopped ({@link Port#queueStartStop}), its state kept for the next forwarding,
     * which leaves out the streams of stopped queues and does not poll them; a driver that cannot is said so.
     */
    void queueStartStop(final int portId, final boolean rx, final int queue, final boolean start)
    {
        if (refusedWhileForwarding() || !validPortOrSay(portId))
        {
            return;
        }
        if (!Port.of(portId).isStarted())
        {
            err.printf("Please start port %d first%n", portId);
            return;
        }
        if (!queueIdValidOrSay(rx, queue))
        {
            return;
        }
        try
        {
            if (!Port.of(portId).queueStartStop(rx, queue, start))
            {
                err.println("Function not supported in PMD");
                return;
            }
        }
        catch (final DpdkException ex)
        {
            // testpmd records the state whatever else the driver answered
        }
        (rx ? rxqStopped : txqStopped)[portId][queue] = !start;
    }

    /**
     * {@code port N rxq|txq Q deferred_start on|off}: testpmd's {@code cmd_config_deferred_start_rxtx_queue_parsed}
     * on a stopped port: the queue waits for {@code port N rxq|txq Q start} once the port starts, from its next setup
     * on (the port's queues are set up again at its next start when the setting changed).
     */
    void queueDeferredStart(final int portId, final boolean rx, final int queue, final boolean on)
    {
        if (!validPortOrSay(portId))
        {
            return;
        }
        if (Port.of(portId).isStarted())
        {
            err.printf("Please stop port %d first%n", portId);
            return;
        }
        if (!queueIdValidOrSay(rx, queue))
        {
            return;
        }
        final PortConfig cfg = portConfigs[portId];
        if (deferred(cfg, Port.of(portId).info(), rx, queue) != on)
        {
            if (rx)
            {
                cfg.rxQueueDeferredStart(queue, on);
            }
            else
            {
                cfg.txQueueDeferredStart(queue, on);
            }
            needReconfigQueues[portId] = true;
        }
    }

    /**
     * testpmd's {@code port_id_is_invalid(port, ENABLED_WARN)}, which takes {@code RTE_PORT_ALL}, then its "Invalid port
     * id" for {@code RTE_PORT_ALL}, where a command acts on one port.
     */
    private boolean singlePortOrSay(final int portId)
    {
        if (portId == CmdLine.PORT_ALL)
        {
            err.println("Invalid port id");
            return false;
        }
        return validPortOrSay(portId);
    }

    /** testpmd's {@code nb_rx_desc[q]} or {@code nb_tx_desc[q]}: the queue's ring size, else {@code --rxd}/{@code --txd}. */
    private int queueDesc(final PortConfig cfg, final boolean rx, final int queue)
    {
        final int own = rx ? cfg.rxQueueDesc(queue) : cfg.txQueueDesc(queue);
        return own >= 0 ? own : rx ? params.nbRxd : params.nbTxd;
    }

    /**
     * {@code port config N rxq|txq Q ring_size S}: testpmd's {@code cmd_config_rxtx_ring_size_parsed}: the queue's
     * own descriptor count from its next setup on (the port's queues are set up again at its next start), until
     * a command that sets every queue up from the port's settings ({@code init_port_config}).
     */
    void configRingSize(final int portId, final boolean rx, final int queue, final int size)
    {
        if (!singlePortOrSay(portId))
        {
            return;
        }
        if (!queueIdValidOrSay(rx, queue))
        {
            return;
        }
        final int rxFreeThresh = (short)params.rxThresholds[3]; // testpmd's int16_t rx_free_thresh, -1 when unset
        if (rx && size != 0 && size <= rxFreeThresh)
        {
            err.printf("Invalid rx ring_size, must > rx_free_thresh: %d%n", rxFreeThresh);
            return;
        }
        if (rx)
        {
            portConfigs[portId].rxQueueDesc(queue, size);
        }
        else
        {
            portConfigs[portId].txQueueDesc(queue, size);
        }
        needReconfigQueues[portId] = true;
    }

    /**
     * {@code port N rxq|txq Q setup}: testpmd's {@code cmd_setup_rxtx_queue_parsed}: one queue set up again as the port's
     * configuration now describes it ({@link Port#setUpQueue}: its ring size, offloads, deferred start, and for RX
     * the pools of {@code rx_queue_setup}'s choice); what ethdev or the driver refuses is followed by testpmd's line.
     */
    void setUpQueue(final int portId, final boolean rx, final int queue)
    {
        if (!singlePortOrSay(portId))
        {
            return;
        }
        if (!queueIdValidOrSay(rx, queue))
        {
            err.println(rx ? "Invalid rx queue" : "Invalid tx queue");
            return;
        }
        final Port port = Port.of(portId);
        final PortConfig cfg = portConfigs[portId];
        if (!rx && queueDesc(cfg, false, queue) < config.txPktSegLengths.length)
        {
            err.println("Failed to setup TX queue: not enough descriptors");
            return;
        }
        final String refusal = rx ? setRxBuffers(port) : null;
        boolean done = refusal == null;
        if (refusal != null)
        {
            out.flush();
            err.println(refusal);
        }
        else
        {
            try
            {
                port.setUpQueue(cfg, rx, queue);
            }
            catch (final DpdkException ex)
            {
                done = false;
            }
        }
        if (rx && refusal == null)
        {
            // rx_queue_setup records the queue's state whatever ethdev answered, not after its own refusal
            rxqStopped[portId][queue] = deferred(cfg, port.info(), true, queue);
        }
        if (!done)
        {
            err.println(rx ? "Failed to setup RX queue" : "Failed to setup TX queue");
        }
    }

    /**
     * {@code port cleanup N txq Q C}: testpmd's {@code cmd_cleanup_txq_mbufs_parsed}, not while forwarding: up to C
     * sent mbufs of a started TX queue freed ({@link Port#txDoneCleanup}), with the count or the driver's refusal in
     * testpmd's words. The port is not checked first, as testpmd does not: ethdev says what it lacks.
     */
    void txqCleanup(final int portId, final int queue, final long count)
    {
        if (refusedWhileForwarding())
        {
            return;
        }
        QueueInfo info = null;
        if (isPort(portId))
        {
            try
            {
                info = Port.of(portId).txQueueInfo(queue);
            }
            catch (final DpdkException ex)
            {
                // ethdev said why
            }
        }
        else
        {
            try (Arena arena = Arena.ofConfined())
            {
                EthdevRaw.tx_queue_info_get(portId, queue, arena.allocate(EthdevRaw.RTE_ETH_TXQ_INFO)); // its log
            }
        }
        if (info == null)
        {
            err.printf("Failed to get port %d Tx queue %d info%n", portId, queue);
            return;
        }
        if (info.state() != QueueInfo.STATE_STARTED)
        {
            err.printf("Tx queue %d not started%n", queue);
            return;
        }
        try
        {
            out.printf("Cleanup port %d Tx queue %d mbuf nums: %d%n", portId, queue,
                Port.of(portId).txDoneCleanup(queue, (int)count));
        }
        catch (final DpdkException ex)
        {
            err.printf("Failed to cleanup mbuf for port %d Tx queue %d error desc: %s(%d)%n", portId, queue,
                ex.reason(), -ex.errno());
        }
    }

    /**
     * {@code set port N queue Q rate R}: testpmd's {@code set_queue_rate_limit}: a rate no higher than the link's
     * speed (where the link has one), then {@link Port#queueRateLimit}, the driver's refusal in testpmd's two lines.
     */
    void setQueueRateLimit(final int portId, final int queue, final long mbps)
    {
        if (!validPortOrSay(portId))
        {
            return;
        }
        final Port port = Port.of(portId);
        final LinkStatus link;
        try
        {
            link = port.link();
        }
        catch (final DpdkException ex)
        {
            err.printf("Device (port %d) link get (without wait) failed: %s%n", portId, ex.reason());
            return;
        }
        if (link.speedMbps() != -1 && mbps > Integer.toUnsignedLong(link.speedMbps()))
        {
            err.printf("Invalid rate value:%d bigger than link speed: %d%n", mbps, link.speedMbps());
            return;
        }
        try
        {
            port.queueRateLimit(queue, (int)mbps);
        }
        catch (final DpdkException ex)
        {
            err.printf("rte_eth_set_queue_rate_limit for port_id=%d failed diag=%d%n", portId, -ex.errno());
            err.printf("queue_rate_limit_cmd error: (%s)%n", EalRaw.strerror(ex.errno()));
        }
    }

    /**
     * {@code set port N rxq Q avail_thresh T}: testpmd's {@code set_rxq_avail_thresh} ({@link Port#rxAvailThreshold});
     * a refusal is printed on standard output, as testpmd prints it.
     */
    void setRxqAvailThresh(final int portId, final int queue, final int percent)
    {
        int errno = 0;
        if (!validPortOrSay(portId))
        {
            errno = EINVAL;
        }
        else
        {
            try
            {
                Port.of(portId).rxAvailThreshold(queue, percent);
            }
            catch (final DpdkException ex)
            {
                errno = ex.errno();
            }
        }
        if (errno != 0)
        {
            out.printf("rxq_avail_thresh_cmd error: (%s)%n", EalRaw.strerror(errno));
        }
    }

    /**
     * {@code set port N uta all|MAC on|off}: testpmd's {@code cmd_set_uc_all_hash_parsed} and
     * {@code cmd_set_uc_hash_parsed} ({@link Port#unicastHashTable}); the port is not checked first, as testpmd does
     * not: ethdev says what it lacks.
     *
     * @param mac the address, or -1 for all
     */
    void setUnicastHash(final int portId, final long mac, final boolean on)
    {
        int rc = 0;
        if (!isPort(portId))
        {
            try (Arena arena = Arena.ofConfined())
            {
                rc = EthdevRaw.uc_hash_table_set(portId, mac < 0 ? MemorySegment.NULL : Port.macSegment(arena, mac), on);
            }
        }
        else
        {
            try
            {
                Port.of(portId).unicastHashTable(mac, on);
            }
            catch (final DpdkException ex)
            {
                rc = -ex.errno();
            }
        }
        if (rc < 0)
        {
            err.printf("bad unicast hash table parameter, return code = %d%n", rc);
        }
    }

    /**
     * {@code set burst tx delay D retry N}: testpmd's {@code burst_tx_delay_time} (µs) and {@code burst_tx_retry_num},
     * which the streams of a mode with {@code retry} read at each retry, while forwarding too.
     */
    void setBurstTxRetry(final long delayUs, final long retries)
    {
        config.txRetryDelayUs = delayUs;
        config.txRetryNum = retries;
    }

    /**
     * {@code set default}: testpmd's {@code set_def_fwd_config}: every forwarding lcore configured and one forwarding,
     * the peers' addresses 02:..:N again (their middle four octets as they were, as testpmd writes the first and the
     * last), every port a forwarding port; the streams are made again at the next start.
     */
    void setDefault()
    {
        out.println("Reset to default forwarding configuration...");
        workers = eal.workers();
        nbCfgLcores = workers.size();
        nbFwdLcores = 1;
        for (int i = 0; i < config.peerMac.length; i++)
        {
            config.peerMac[i] = config.peerMac[i] & 0x00FF_FFFF_FF00L | 0x0200_0000_0000L | (i & 0xFF);
        }
        final int[] ids = Port.ids();
        System.arraycopy(ids, 0, cfgPortIds, 0, ids.length);
        nbCfgPorts = ids.length;
        nbFwdPorts = ids.length;
        fwdPortIds = Arrays.copyOf(cfgPortIds, nbFwdPorts);
    }

    /**
     * {@code port config all|N speed SPEED duplex DUPLEX}: testpmd's {@code cmd_config_speed_all_parsed} and
     * {@code cmd_config_speed_specific_parsed}, the link speeds of the port(s) ({@code parse_and_check_speed_duplex}:
     * one fixed speed, or autonegotiation), every port configured again at its next start.
     *
     * @param which a port id, or {@link CmdLine#PORT_ALL}
     */
    void portConfigSpeed(final int which, final String speed, final String duplex)
    {
        if (which == CmdLine.PORT_ALL ? !allPortsStopped() : !stoppedOrSay(which))
        {
            if (which == CmdLine.PORT_ALL)
            {
                err.println("Please stop all ports first");
            }
            return;
        }
        final boolean half = duplex.equals("half");
        // CmdLine took only testpmd's speeds: a number, or auto (RTE_ETH_LINK_SPEED_AUTONEG, 0).
        final int bit = speed.equals("auto") ? 0 : PortConfig.linkSpeedBit(Integer.parseInt(speed), half);
        if (half && bit == 0)
        {
            err.println("Invalid speed/duplex parameters");
            return;
        }
        final int speeds = bit == 0 ? 0 : PortConfig.LINK_SPEED_FIXED | bit;
        for (final Port port : ports)
        {
            if (which == CmdLine.PORT_ALL || which == port.id())
            {
                portConfigs[port.id()].linkSpeeds(speeds);
            }
            needReconfig[port.id()] = true; // cmd_reconfig_device_queue(RTE_PORT_ALL, 1, 1)
        }
    }

    // ---- VLAN: cmdline.c's cmd_vlan_offload, cmd_vlan_tpid, cmd_rx_vlan_filter[_all], cmd_tx_vlan_* ----------

    /**
     * {@code vlan set strip|filter|qinq_strip|extend|stripq on|off PORT[,QUEUE]}: the port id is {@code strtoul}'s of
     * what comes before a comma, silently ignored from {@code RTE_MAX_ETHPORTS} on; {@code stripq} needs the queue.
     */
    void vlanSet(final String what, final boolean on, final String portArg)
    {
        final int comma = portArg.indexOf(',');
        // strtoul(str, NULL, 0) kept in an unsigned int
        final long portId = CNumbers.strtoull(comma < 0 ? portArg : portArg.substring(0, comma), 0) & 0xFFFF_FFFFL;
        if (portId >= MAX_ETHPORTS)
        {
            return;
        }
        final int id = (int)portId;
        switch (what)
        {
            case "strip" -> vlanOffloadSet(id, on, Port.VLAN_STRIP_OFFLOAD, PortConfig.RX_OFFLOAD_VLAN_STRIP,
                "rx_vlan_strip_set");
            case "filter" -> vlanOffloadSet(id, on, Port.VLAN_FILTER_OFFLOAD, PortConfig.RX_OFFLOAD_VLAN_FILTER,
                "rx_vlan_filter_set");
            case "qinq_strip" -> vlanOffloadSet(id, on, Port.QINQ_STRIP_OFFLOAD, PortConfig.RX_OFFLOAD_QINQ_STRIP,
                "rx_vlan_qinq_strip_set");
            case "extend" -> vlanOffloadSet(id, on, Port.VLAN_EXTEND_OFFLOAD, PortConfig.RX_OFFLOAD_VLAN_EXTEND,
                "rx_vlan_extend_set");
            default ->
            {
                if (comma < 0 || comma + 1 >= portArg.length())
                {
                    err.println("must specify (port,queue_id)");
                    return;
                }
                final long queue = CNumbers.strtoull(portArg.substring(comma + 1), 0) & 0xFFFF_FFFFL;
                if (queue > 0xFFFF || !validPortOrSay(id))
                {
                    return;
                }
                try
                {
                    Port.of(id).vlanStripOnQueue((int)queue, on);
                }
                catch (final DpdkException ex)
                {
                    err.printf("rx_vlan_strip_set_on_queue(port_pi=%d, queue_id=%d, on=%d) failed diag=%d%n", id,
                        queue, on ? 1 : 0, -ex.errno());
                }
            }
        }
    }

    /**
     * testpmd's {@code rx_vlan_strip_set} and its three twins: the VLAN offload bit on or off in what the port has in
     * force ({@link Port#vlanOffload(int)}), then, if ethdev took it, the RX offload bit in the port's record.
     */
    private void vlanOffloadSet(final int portId, final boolean on, final int vlanBit, final long rxOffload,
        final String function)
    {
        if (!validPortOrSay(portId))
        {
            return;
        }
        final Port port = Port.of(portId);
        final int offload = port.vlanOffload();
        try
        {
            port.vlanOffload(on ? offload | vlanBit : offload & ~vlanBit);
        }
        catch (final DpdkException ex)
        {
            err.printf("%s(port_pi=%d, on=%d) failed diag=%d%n", function, portId, on ? 1 : 0, -ex.errno());
            return;
        }
        final PortConfig cfg = record(portId);
        cfg.rxOffloads(on ? cfg.rxOffloads() | rxOffload : cfg.rxOffloads() & ~rxOffload);
    }

    /** {@code vlan set inner|outer tpid TPID PORT}: {@code vlan_tpid_set}. */
    void vlanTpid(final boolean inner, final int tpid, final int portId)
    {
        if (!validPortOrSay(portId))
        {
            return;
        }
        final int type = inner ? Port.VLAN_TYPE_INNER : Port.VLAN_TYPE_OUTER;
        try
        {
            Port.of(portId).vlanTpid(type, tpid);
        }
        catch (final DpdkException ex)
        {
            err.printf("tx_vlan_tpid_set(port_pi=%d, vlan_type=%d, tpid=%d) failed diag=%d%n", portId, type, tpid,
                -ex.errno());
        }
    }

    /** {@code rx_vlan add|rm VLAN PORT}, or every VLAN id with {@code vlanId} -1 ({@code rx_vlan add|rm all PORT}). */
    void rxVlan(final boolean add, final int vlanId, final int portId)
    {
        if (vlanId >= 0)
        {
            rxVftSet(portId, vlanId, add);
            return;
        }
        if (!validPortOrSay(portId))
        {
            return;
        }
        for (int id = 0; id < 4096 && rxVftSet(portId, id, add) == 0; id++)
        {
            // rx_vlan_all_filter_set: until the first refusal
        }
    }

    /** testpmd's {@code rx_vft_set}: 0, or 1 for a bad port or VLAN id, -1 when ethdev refused (said). */
    private int rxVftSet(final int portId, final int vlanId, final boolean on)
    {
        if (!validPortOrSay(portId) || vlanIdInvalid(vlanId))
        {
            return 1;
        }
        try
        {
            Port.of(portId).vlanFilter(vlanId, on);
            return 0;
        }
        catch (final DpdkException ex)
        {
            err.printf("rte_eth_dev_vlan_filter(port_pi=%d, vlan_id=%d, on=%d) failed diag=%d%n", portId, vlanId,
                on ? 1 : 0, -ex.errno());
            return -1;
        }
    }

    /** testpmd's {@code vlan_id_is_invalid}: said when the id is 4096 or more. */
    private boolean vlanIdInvalid(final int vlanId)
    {
        if (vlanId < 4096)
        {
            return false;
        }
        err.printf("Invalid vlan_id %d (must be < 4096)%n", vlanId);
        return true;
    }

    /**
     * {@code tx_vlan set PORT VLAN} ({@code vlanOuter} -1) and {@code tx_vlan set PORT VLAN OUTER} on a stopped port:
     * {@code tx_vlan_set} / {@code tx_qinq_set}, the insert offload joining the port's record (checked against the
     * device's capabilities) and the tags going into what the engines send; the port is configured again at its next
     * start.
     */
    void txVlanSet(final int portId, final int vlanId, final int vlanOuter)
    {
        if (!validPortOrSay(portId) || !stoppedOrSay(portId))
        {
            return;
        }
        final PortConfig cfg = record(portId);
        final boolean qinq = vlanOuter >= 0;
        if (!vlanIdInvalid(vlanId) && !(qinq && vlanIdInvalid(vlanOuter)))
        {
            if (!qinq && (cfg.txOffloads() & PortConfig.TX_OFFLOAD_QINQ_INSERT) != 0)
            {
                err.println("Error, as QinQ has been enabled.");
            }
            else
            {
                final DeviceInfo info = infoOrPrintErr(portId);
                final long needed = qinq ? PortConfig.TX_OFFLOAD_QINQ_INSERT : PortConfig.TX_OFFLOAD_VLAN_INSERT;
                if (info != null && (info.txOffloadCapa() & needed) == 0)
                {
                    err.println(qinq ? "Error: qinq insert not supported by port " + portId :
                        "Error: vlan insert is not supported by port " + portId);
                }
                else if (info != null)
                {
                    txVlanResetRecord(portId);
                    cfg.txOffloads(cfg.txOffloads() | PortConfig.TX_OFFLOAD_VLAN_INSERT |
                        (qinq ? PortConfig.TX_OFFLOAD_QINQ_INSERT : 0));
                    config.txVlanId[portId] = vlanId;
                    config.txVlanIdOuter[portId] = qinq ? vlanOuter : 0;
                }
            }
        }
        needReconfig[portId] = true; // cmd_reconfig_device_queue(port, 1, 1), whatever tx_vlan_set did
    }

    /** {@code tx_vlan reset PORT} on a stopped port: {@code tx_vlan_reset}. */
    void txVlanReset(final int portId)
    {
        if (!validPortOrSay(portId) || !stoppedOrSay(portId))
        {
            return;
        }
        txVlanResetRecord(portId);
        needReconfig[portId] = true;
    }

    private void txVlanResetRecord(final int portId)
    {
        final PortConfig cfg = record(portId);
        cfg.txOffloads(cfg.txOffloads() & ~(PortConfig.TX_OFFLOAD_VLAN_INSERT | PortConfig.TX_OFFLOAD_QINQ_INSERT));
        config.txVlanId[portId] = 0;
        config.txVlanIdOuter[portId] = 0;
    }

    /** {@code tx_vlan set pvid PORT VLAN on|off}: {@code tx_vlan_pvid_set}, whose result testpmd ignores. */
    void txVlanPvid(final int portId, final int vlanId, final boolean on)
    {
        if (!validPortOrSay(portId))
        {
            return;
        }
        try
        {
            Port.of(portId).vlanPvid(vlanId, on);
        }
        catch (final DpdkException ex)
        {
            // rte_eth_dev_set_vlan_pvid's return is not looked at
        }
    }

    /** testpmd's {@code port_id_is_invalid(port, ENABLED_WARN)}: "Invalid port N" for a port it does not list. */
    private boolean validPortOrSay(final int portId)
    {
        if (isPort(portId))
        {
            return true;
        }
        err.println("Invalid port " + portId);
        return false;
    }

    /** testpmd's {@code port_is_stopped} for a port {@link CmdLine} checked, its refusal said. */
    private boolean stoppedOrSay(final int id)
    {
        if (Port.of(id).isStarted())
        {
            err.printf("Please stop port %d first%n", id);
            return false;
        }
        return true;
    }

    /** {@code set coremask MASK}: testpmd's {@code set_fwd_lcores_mask}, then {@code fwd_config_setup}. */
    void setCoreMask(final long mask)
    {
        if (refusedWhileForwarding())
        {
            return;
        }
        setFwdLcoresMask(mask);
        fwdConfigSetup();
    }

    /**
     * testpmd's {@code set_fwd_lcores_mask} and {@code set_fwd_lcores_list}: the lcores whose bit is set, in id order,
     * become the forwarding lcores and all of them forward; refused with testpmd's line for an empty mask, an lcore
     * the EAL does not run or the main lcore.
     *
     * @return false when refused
     */
    private boolean setFwdLcoresMask(final long mask)
    {
        if (mask == 0)
        {
            err.println("Invalid NULL mask of cores");
            return false;
        }
        return setFwdLcoresList(java.util.stream.IntStream.range(0, Long.SIZE).filter(id -> (mask >>> id & 1) != 0)
            .asLongStream().toArray());
    }

    /**
     * {@code set corelist LIST}: testpmd's {@code cmd_set_list_parsed}, the lcores as {@code parse_item_list} reads
     * them (decimal, no duplicate, in the order given), then {@code set_fwd_lcores_list} and {@code fwd_config_setup}.
     */
    void setCoreList(final String items)
    {
        if (refusedWhileForwarding())
        {
            return;
        }
        final long[] list = Parameters.parseItemList(items, "core", EalRaw.MAX_LCORE, true, err);
        if (list != null)
        {
            setFwdLcoresList(list);
            fwdConfigSetup();
        }
    }

    /** testpmd's {@code set_fwd_lcores_list}: see {@link #setFwdLcoresMask}. */
    private boolean setFwdLcoresList(final long[] ids)
    {
        final List<Lcore> list = new ArrayList<>();
        for (final long lcoreId : ids)
        {
            final int id = (int)lcoreId;
            final Lcore lcore = lcoreId < EalRaw.MAX_LCORE ?
                eal.workers().stream().filter(l -> l.id() == id).findFirst().orElse(null) : null;
            if (lcore == null && lcoreId != eal.mainLcore())
            {
                err.printf("lcore %d not enabled%n", lcoreId);
                return false;
            }
            if (id == eal.mainLcore())
            {
                err.printf("lcore %d cannot be masked on for running packet forwarding, which is the main lcore and " +
                    "reserved for command line parsing only%n", id);
                return false;
            }
            list.add(lcore);
        }
        final List<Lcore> cpuids = new ArrayList<>(workers);
        for (int i = 0; i < list.size(); i++)
        {
            cpuids.set(i, list.get(i));
        }
        workers = List.copyOf(cpuids);
        nbCfgLcores = list.size();
        if (nbFwdLcores != list.size())
        {
            out.printf("previous number of forwarding cores %d - changed to number of configured cores %d%n",
                nbFwdLcores, list.size());
            nbFwdLcores = list.size();
        }
        return true;
    }

    /**
     * testpmd's {@code mbuf_poolname_build}: {@code mb_pool_<socket>} for the first {@code --mbuf-size},
     * {@code mb_pool_<socket>_<index>} for the others.
     */
    private static String poolName(final int socket, final int sizeIndex)
    {
        return sizeIndex == 0 ? "mb_pool_" + socket : "mb_pool_" + (socket & 0xFFFF) + "_" + sizeIndex;
    }

    /** testpmd's {@code mbuf_pool_find}: the pool of a socket and a size index, or null. */
    private Mempool poolFind(final int socket, final int sizeIndex)
    {
        final String name = poolName(socket, sizeIndex);
        return allPools.stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
    }

    /**
     * testpmd's {@code mbuf_pool_create}: the pool of n mbufs of the {@code sizeIndex}-th {@code --mbuf-size} on a
     * socket ({@link #poolName}), after its two log lines.
     *
     * @throws RteExit in testpmd's words when DPDK refuses (a socket with no memory)
     */
    private Mempool createPool(final int socket, final int n, final int sizeIndex)
    {
        final String name = poolName(socket, sizeIndex);
        final int dataSize = params.mbufSizes[sizeIndex];
        Log.log(Log.INFO, logtype, String.format("testpmd: create a new mbuf pool <%s>: n=%d, size=%d, socket=%d",
            name, n, dataSize, socket));
        try
        {
            switch (params.mpAlloc)
            {
                case "anon" ->
                {
                    final Mempool anon = Mempool.createAnonymous(name, n, params.mbufCache, dataSize, socket,
                        params.mempoolFlags);
                    dmaMapChunks(anon);
                    return anon;
                }
                case "xmem", "xmemhuge" ->
                {
                    if (!setUpExternalMemory(n, dataSize, params.mpAlloc.equals("xmemhuge")))
                    {
                        throw new RteExit("Could not create external memory", null);
                    }
                    final int heapSocket = MallocHeap.socketOf(EXTMEM_HEAP_NAME);
                    if (heapSocket < 0)
                    {
                        throw new RteExit("Could not get external memory socket ID", null);
                    }
                    logOpsSelected();
                    return Mempool.create(name, n, params.mbufCache, dataSize, heapSocket);
                }
                case "xbuf" ->
                {
                    final Mempool pinned;
                    try
                    {
                        pinned = Mempool.createPinned(name, n, params.mbufCache, dataSize, socket);
                    }
                    catch (final DpdkException ex)
                    {
                        if (ex.call().startsWith(Mempool.PINNED_BUFFERS_CALL))
                        {
                            throw new RteExit("Can't create pinned data buffers", ex); // setup_extbuf's failure
                        }
                        logOpsSelected();
                        throw ex;
                    }
                    logOpsSelected();
                    return pinned;
                }
                default ->
                {
                    logOpsSelected();
                    // On that socket, as mbuf_pool_create (dump_mempool says socket_id=0 for both programs, not -1).
                    return Mempool.create(name, n, params.mbufCache, dataSize, socket);
                }
            }
        }
        catch (final DpdkException ex)
        {
            throw new RteExit("Creation of mbuf pool for socket " + socket + " failed: " +
                EalRaw.strerror(ex.errno()), ex);
        }
        catch (final IllegalArgumentException ex)
        {
            // Sizes Mempool refuses before DPDK would: rte_mempool_create's EINVAL
            throw new RteExit("Creation of mbuf pool for socket " + socket + " failed: " + EalRaw.strerror(EINVAL),
                ex);
        }
    }

    /** mbuf_pool_create's second TESTPMD_LOG line, where a mode makes its pool with the preferred mempool ops. */
    private void logOpsSelected()
    {
        Log.log(Log.INFO, logtype, "testpmd: preferred mempool ops selected: " + Mempool.bestOpsName());
    }

    /** testpmd's {@code EXTMEM_HEAP_NAME}. */
    private static final String EXTMEM_HEAP_NAME = "extmem";

    /**
     * testpmd's {@code dma_map_cb} on each chunk of an anonymous pool: registered with DPDK as external memory, then
     * mapped for each port's device; what DPDK or a device refuses is logged at DEBUG, in testpmd's words.
     */
    private void dmaMapChunks(final Mempool anon)
    {
        final long pageSize = MallocHeap.pageSize();
        for (final long[] chunk : anon.memoryChunks())
        {
            if (!MallocHeap.registerExternal(chunk[0], chunk[1], pageSize))
            {
                Log.log(Log.DEBUG, logtype, "testpmd: unable to register addr 0x0x" + Long.toHexString(chunk[0]));
                continue;
            }
            for (final int portId : Port.ids())
            {
                if (!Port.of(portId).dmaMap(chunk[0], chunk[1]))
                {
                    Log.log(Log.DEBUG, logtype, "testpmd: unable to DMA map addr 0x0x" + Long.toHexString(chunk[0]) +
                        " for device " + Port.of(portId).name());
                }
            }
        }
    }

    /**
     * testpmd's {@code dma_unmap_cb} on each chunk of an anonymous pool, at the exit: unmapped for each port's device,
     * then unregistered; refusals logged at DEBUG in testpmd's words.
     */
    private void dmaUnmapChunks(final Mempool anon)
    {
        for (final long[] chunk : anon.memoryChunks())
        {
            for (final int portId : Port.ids())
            {
                if (!Port.of(portId).dmaUnmap(chunk[0], chunk[1]))
                {
                    Log.log(Log.DEBUG, logtype, "testpmd: unable to DMA unmap addr 0x0x" + Long.toHexString(chunk[0]) +
                        " for device " + Port.of(portId).name());
                }
            }
            if (!MallocHeap.unregisterExternal(chunk[0], chunk[1]))
            {
                Log.log(Log.DEBUG, logtype, "testpmd: unable to un-register addr 0x0x" + Long.toHexString(chunk[0]));
            }
        }
    }

    /**
     * testpmd's {@code setup_extmem}: the heap {@code extmem} (made once), then memory for n mbufs and 128 MiB of pool
     * headers, in the first page size that maps (2 MiB, then 1 GiB hugepages with {@code huge}; the system's pages
     * without), added to the heap ({@link MallocHeap#addAnonymousMemory}).
     *
     * @return false, after testpmd's log lines, when no memory could be had
     */
    private boolean setUpExternalMemory(final int n, final int dataSize, final boolean huge)
    {
        if (MallocHeap.socketOf(EXTMEM_HEAP_NAME) < 0)
        {
            try
            {
                MallocHeap.create(EXTMEM_HEAP_NAME);
            }
            catch (final DpdkException ex)
            {
                Log.log(Log.ERR, logtype, "testpmd: Cannot create heap");
                return false;
            }
        }
        final long objectSize = Mempool.objectSize(dataSize, 0);
        for (final long size : new long[] {2L << 20, 1L << 30, 16L << 20, 16L << 30})
        {
            final long pageSize = huge ? size : MallocHeap.pageSize();
            if (objectSize > pageSize)
            {
                Log.log(Log.ERR, logtype, "testpmd: Object size is bigger than page size");
                Log.log(Log.ERR, logtype, "testpmd: Cannot calculate memory size");
                break;
            }
            final long perPage = pageSize / objectSize;
            final long pages = n / perPage + (n % perPage > 0 ? 1 : 0);
            final long length = (((128L << 20) + pages * pageSize) + pageSize - 1) / pageSize * pageSize;
            try
            {
                if (MallocHeap.addAnonymousMemory(EXTMEM_HEAP_NAME, length, pageSize, huge))
                {
                    Log.log(Log.DEBUG, logtype, "testpmd: Allocated " + (length >> 20) + "MB of external memory");
                    return true;
                }
            }
            catch (final DpdkException ex)
            {
                Log.log(Log.ERR, logtype, "testpmd: Cannot add memory to heap");
                return false;
            }
        }
        Log.log(Log.ERR, logtype, "testpmd: Cannot create memory area");
        return false;
    }

    /**
     * testpmd's {@code parse_portnuma_config} ({@code rings} false: "(port,socket)[,(port,socket)]...") and
     * {@code parse_ringnuma_config} ({@code rings} true: "(port,flag,socket)...", flag 1 RX, 2 TX, 3 both): each field
     * {@code strtoul}'s of base 0 up to 255, the last taking the rest of its group as {@code rte_strsplit} leaves it;
     * a port the EAL did not probe is said with the valid ones, a new socket joins {@link #sockets} (a 33rd is
     * refused), a bad flag is said. The groups before a bad one stay applied, as in testpmd.
     *
     * @return false for a bad group
     */
    private boolean parseNumaConfig(final String arg, final int[] probed, final boolean rings)
    {
        final int fields = rings ? 3 : 2;
        int open;
        int from = 0;
        while ((open = arg.indexOf('(', from)) >= 0)
        {
            final int close = arg.indexOf(')', open + 1);
            if (close < 0 || close - open - 1 >= 256)
            {
                return false;
            }
            from = close;
            final String[] tokens = arg.substring(open + 1, close).split(",", fields);
            if (tokens.length != fields || tokens[fields - 1].isEmpty()) // "(0,)": rte_strsplit's one token
            {
                return false;
            }
            final int[] values = new int[fields];
            for (int i = 0; i < fields; i++)
            {
                final long v = CNumbers.strtoull(tokens[i], 0); // unsigned: a negative is huge
                if ((v == 0 && CNumbers.strtoul(tokens[i].strip().replaceFirst("^-", ""), 0, false) < 0) ||
                    Long.compareUnsigned(v, 255) > 0) // no digits, or past 255
                {
                    return false;
                }
                values[i] = (int)v;
            }
            final int portId = values[0];
            if (Arrays.binarySearch(probed, portId) < 0)
            {
                err.println("Invalid port " + portId);
                out.println("The valid ports array is [" + Arrays.stream(probed).mapToObj(id -> " " + id)
                    .collect(Collectors.joining()) + " ]");
                return false;
            }
            final int socket = values[fields - 1];
            if (!sockets.contains(socket))
            {
                if (sockets.size() >= MAX_NUMA_NODES)
                {
                    printInvalidSocketId();
                    return false;
                }
                sockets.add(socket);
            }
            if (!rings)
            {
                portNuma[portId] = socket;
                continue;
            }
            final int flag = values[1];
            if (flag < 1 || flag > 3)
            {
                err.println("Invalid ring-flag=" + flag + " config for port =" + portId);
                return false;
            }
            if ((flag & 1) != 0)
            {
                rxRingNuma[portId] = socket;
            }
            if ((flag & 2) != 0)
            {
                txRingNuma[portId] = socket;
            }
        }
        return true;
    }

    private static int[] filled(final int length, final int value)
    {
        final int[] array = new int[length];
        Arrays.fill(array, value);
        return array;
    }

    /** testpmd's {@code print_invalid_socket_id_error}: the sockets it knows, on standard error. */
    private void printInvalidSocketId()
    {
        err.println("Invalid socket id, options are: " + String.join(",", sockets.stream().map(String::valueOf)
            .toList()));
    }

    /** The NUMA sockets of the EAL's lcores, main lcore included, in lcore order (testpmd's {@code socket_ids}). */
    private int[] socketIds()
    {
        return Arrays.stream(eal.lcores()).map(eal::socketOf).distinct().toArray();
    }

    /**
     * testpmd's {@code mlockall(MCL_CURRENT | MCL_FUTURE)} unless {@code --no-mlockall} ({@link Eal#lockAllMemory},
     * with {@code MCL_ONFAULT}): what the process touches, the JVM's heap and code included, stays in RAM; a refusal
     * (no {@code CAP_IPC_LOCK}, a low {@code RLIMIT_MEMLOCK}) is said and ignored, as testpmd does.
     */
    private void mlockall()
    {
        final int errno = Eal.lockAllMemory();
        if (errno != 0)
        {
            out.flush();
            Log.log(Log.NOTICE, logtype, "testpmd: mlockall() failed with error \"" + EalRaw.strerror(errno) + "\"");
        }
    }

    /** testpmd's {@code set_fwd_ports_mask}: the ports whose bit is set, in id order. */
    private void setFwdPortsMask(final long mask)
    {
        if (mask == 0)
        {
            err.println("Invalid NULL mask of ports");
            return;
        }
        setFwdPortsList(Arrays.stream(probedIds).filter(id -> id < Long.SIZE && (mask >>> id & 1) != 0).toArray());
    }

    /**
     * testpmd's {@code set_fwd_ports_list}: with a port that does not exist, its {@code Invalid port} line and no
     * change; else these are the configured ports, and all of them forward.
     */
    private void setFwdPortsList(final int[] list)
    {
        for (final int id : list)
        {
            if (!validPortOrSay(id))
            {
                return;
            }
        }
        System.arraycopy(list, 0, cfgPortIds, 0, list.length);
        nbCfgPorts = list.length;
        if (nbFwdPorts != list.length)
        {
            out.printf("previous number of forwarding ports %d - changed to number of configured ports %d%n",
                nbFwdPorts, list.length);
            nbFwdPorts = list.length;
        }
        fwdPortIds = Arrays.copyOf(cfgPortIds, nbFwdPorts);
    }

    /**
     * {@code set nbport N}, {@code set nbcore N} and {@code set burst N}: testpmd's {@code set_fwd_ports_number},
     * {@code set_fwd_lcores_number} (then {@code fwd_config_setup}) and {@code set_nb_pkt_per_burst}, their refusals
     * on standard error.
     */
    void setNumber(final String what, final int n)
    {
        switch (what)
        {
            case "nbport" ->
            {
                if (n > nbCfgPorts)
                {
                    err.printf("nb fwd ports %d > %d (number of configured ports) - ignored%n", n, nbCfgPorts);
                }
                else
                {
                    nbFwdPorts = n;
                    fwdPortIds = Arrays.copyOf(cfgPortIds, n);
                    out.printf("Number of forwarding ports set to %d%n", n);
                }
                fwdConfigSetup();
            }
            case "nbcore" ->
            {
                if (forwarding)
                {
                    err.println("Please stop forwarding first");
                }
                else if (n > nbCfgLcores)
                {
                    err.printf("nb fwd cores %d > %d (max. number of configured lcores) - ignored%n", n,
                        nbCfgLcores);
                }
                else
                {
                    nbFwdLcores = n;
                    out.printf("Number of forwarding cores set to %d%n", n);
                }
                fwdConfigSetup();
            }
            default ->
            {
                if (n > MAX_PKT_BURST)
                {
                    err.printf("nb pkt per burst: %d > %d (maximum packet per burst)  ignored%n", n, MAX_PKT_BURST);
                }
                else
                {
                    // The next start makes its streams' burst arrays with it.
                    config.burst = n;
                    out.printf("Number of packets per burst set to %d%n", n);
                }
            }
        }
    }

    /** {@code show port summary}'s header ({@code port_summary_header_display}). */
    void showPortSummaryHeader()
    {
        out.printf("Number of available ports: %d%n", Port.ids().length);
        out.printf("%-4s %-17s %-12s %-14s %-8s %s%n", "Port", "MAC Address", "Name", "Driver", "Status", "Link");
    }

    /** One line of {@code show port summary} ({@code port_summary_display}). */
    void showPortSummary(final int portId)
    {
        final Port port = Port.of(portId);
        final LinkStatus link = port.link();
        out.printf("%-4d %s %-12s %-14s %-8s %s%n", portId, Port.formatMac(port.macAddress()), port.name(),
            port.info().driverName(), link.up() ? "up" : "down", link.speedText());
    }

    /** testpmd's {@code nic_stats_display}. */
    void showPortStats(final int portId)
    {
        nicStats.print(Port.of(portId), out);
    }

    /**
     * {@code set record-burst-stats|record-core-cycles on|off}: testpmd's {@code set_record_burst_stats} and
     * {@code set_record_core_cycles}. The forward statistics show them from now on; the streams and lcores of the
     * next start record them (testpmd's running lcores begin at once).
     */
    void setRecord(final boolean burstStats, final boolean on)
    {
        if (burstStats)
        {
            config.recordBurstStats = on;
        }
        else
        {
            config.recordCoreCycles = on;
        }
    }

    /** testpmd's {@code set_pkt_forwarding_mode}: the mode of the next start. */
    void setFwd(final String name, final boolean retry)
    {
        config.txRetry = retry; // retry_enabled, set before the mode is looked up
        if (!Engines.isKnown(name))
        {
            err.println("Invalid " + name + " packet forwarding mode");
            return;
        }
        out.printf("Set %s packet forwarding mode%s%n", name, withRetry());
        mode = name;
    }

    /** What testpmd adds to a mode's name while {@code retry_enabled}. */
    private String withRetry()
    {
        return config.txRetry ? " with retry" : "";
    }

    /**
     * {@code port stop N|all}: testpmd's {@code stop_port}. A port that forwards is left running while forwarding
     * runs; a stopped one is left alone; the flow rules of a port are flushed before it stops, as testpmd flushes them.
     *
     * @param which a port id {@link CmdLine} checked, or {@link CmdLine#PORT_ALL}
     */
    void stopPort(final int which)
    {
        out.println("Stopping ports...");
        boolean stopped = false;
        for (final Port port : ports)
        {
            final int id = port.id();
            if (which != CmdLine.PORT_ALL && which != id)
            {
                continue;
            }
            if (forwarding && isForwarding(id))
            {
                err.printf("Please remove port %d from forwarding configuration.%n", id);
                continue;
            }
            if (!port.isStarted())
            {
                continue;
            }
            if (flowCommands != null) // made by the first flow command: before it, no port has rules
            {
                flowCommands.flushBeforeStop(id);
            }
            try
            {
                port.stop();
                stopped = true;
            }
            catch (final DpdkException ex)
            {
                Log.log(Log.ERR, LOGTYPE_EAL, "EAL: rte_eth_dev_stop failed for port " + id);
            }
        }
        if (stopped)
        {
            checkLinkStatuses();
        }
        out.println("Done");
    }

    /**
     * {@code port start N|all}, and the ports' start at start-up: testpmd's {@code start_port}. Each stopped port is
     * configured again if a command changed its configuration ("Configuring Port N"), started and its MAC printed;
     * one already started is said so on standard error. A configuration ethdev refuses ends it there, after
     * ethdev's line and "Fail to configure port N [rx|tx queues]", with no later port and no "Done".
     *
     * @param which a port id {@link CmdLine} checked, or {@link CmdLine#PORT_ALL}
     * @return false when a port's configuration was refused (testpmd's -1)
     */
    boolean startPort(final int which)
    {
        boolean exists = false;
        boolean allStarted = true;
        boolean started = false;
        for (final Port port : ports)
        {
            final int id = port.id();
            if (which != CmdLine.PORT_ALL && which != id)
            {
                continue;
            }
            exists = true;
            if (port.isStarted())
            {
                err.printf("Port %d is now not stopped%n", id);
                continue;
            }
            allStarted = false;
            if (needReconfig[id] || needReconfigQueues[id])
            {
                if (needReconfig[id] && params.flowIsolateAll && !flowCommands().isolate(id, true))
                {
                    err.printf("Failed to apply isolated mode on port %d%n", id);
                    return false;
                }
                if (needReconfig[id])
                {
                    out.printf("Configuring Port %d (socket %d)%n", id, portSocket[id]);
                }
                final String refusal = setRxBuffers(port);
                try
                {
                    port.configure(portConfigs[id]);
                    applyConfiguredOffloads(port, portConfigs[id], port.info());
                    needReconfig[id] = false;
                    needReconfigQueues[id] = false;
                    // rx_queue_setup and start_port's TX setup: a queue with deferred start is stopped
                    final DeviceInfo info = port.info();
                    for (int q = 0; q < portConfigs[id].rxQueues(); q++)
                    {
                        rxqStopped[id][q] = deferred(portConfigs[id], info, true, q);
                    }
                    for (int q = 0; q < portConfigs[id].txQueues(); q++)
                    {
                        txqStopped[id][q] = deferred(portConfigs[id], info, false, q);
                    }
                    if (refusal != null)
                    {
                        // rx_queue_setup's own refusal of --multi-rx-mempool, which testpmd makes once the port is
                        // configured and its TX queues set up (so their failures come first, as here), then
                        // start_port's line; the queues are set up again at the next start.
                        out.flush();
                        err.println(refusal);
                        err.printf("Fail to configure port %d rx queues%n", id);
                        needReconfigQueues[id] = true;
                        return false;
                    }
                }
                catch (final DpdkException ex)
                {
                    // ethdev said why; testpmd tries again at the next start: the port's configuration if that
                    // failed, else only its queues (without "Configuring Port"). jdpdk's Port configures both.
                    needReconfig[id] = failedQueues(ex).isEmpty();
                    needReconfigQueues[id] = true;
                    if (!needReconfig[id])
                    {
                        applyConfiguredOffloads(port, portConfigs[id], port.info()); // the port's configure took
                    }
                    out.flush();
                    err.println(configureFailure(ex, id));
                    return false; // start_port returns -1: no later port, no "Done"
                }
                catch (final IllegalArgumentException ex)
                {
                    // Port's own check (a pool too small for the rings), before ethdev was called.
                    out.flush();
                    err.println(ex.getMessage());
                    err.printf("Fail to configure port %d%n", id);
                    return false;
                }
            }
            if (clearPtypes)
            {
                try
                {
                    port.setPacketTypes(0);
                }
                catch (final DpdkException ex)
                {
                    out.flush();
                    err.printf("Port %d: Failed to disable Ptype parsing%n", id);
                }
            }
            try
            {
                port.start();
            }
            catch (final DpdkException ex)
            {
                err.printf("Fail to start port %d: %s%n", id, ex.reason());
                continue;
            }
            out.printf("Port %d: %s%n", id, Port.formatMac(port.macAddress()));
            started = true;
        }
        if (started)
        {
            checkLinkStatuses();
        }
        else if (exists && allStarted)
        {
            err.println("Please stop the ports first");
        }
        for (final Port port : ports)
        {
            // fill_xstats_display_info_for_port: --display-xstats' names looked up on each started port
            if ((which == CmdLine.PORT_ALL || which == port.id()) && port.isStarted())
            {
                out.flush();
                nicStats.findXstats(port, err);
            }
        }
        out.println("Done");
        return true;
    }

    /**
     * Where the port's RX queues take their buffers, as testpmd's {@code rx_queue_setup} decides at each start: split
     * into {@link RxSplit#segments} when there is more than one segment and the queues have the buffer split offload;
     * every {@code --mbuf-size} pool of the RX socket with {@code --multi-rx-mempool}, once testpmd's checks pass (two
     * pools or more, a device that takes several: {@code max_rx_mempools}); else the socket's first pool.
     *
     * @return null, or testpmd's line refusing {@code --multi-rx-mempool}
     */
    private String setRxBuffers(final Port port)
    {
        final PortConfig cfg = portConfigs[port.id()];
        final int socket = cfg.rxQueueSocket();
        cfg.rxSegments(List.of()).rxMempools(List.of());
        if (config.rxSplit.splits(cfg.rxOffloads() | cfg.rxQueueOffloads(0)))
        {
            cfg.rxSegments(config.rxSplit.segments(index -> poolFind(socket, index), params.mbufSizes, cfg.mempool()));
        }
        else if (params.multiRxMempool)
        {
            if (params.mbufSizes.length <= 1)
            {
                return "Invalid number of mempools " + params.mbufSizes.length;
            }
            if (port.info().details().maxRxMempools() == 0)
            {
                return "Port " + port.id() + " doesn't support requested multi-rx-mempool configuration.";
            }
            final List<Mempool> rxPools = new ArrayList<>();
            for (int i = 0; i < params.mbufSizes.length; i++)
            {
                final Mempool found = poolFind(socket, i);
                rxPools.add(found != null ? found : cfg.mempool());
            }
            cfg.rxMempools(rxPools);
        }
        return null;
    }

    /**
     * {@code port close N|all}, and each port's close at the exit: testpmd's {@code close_port}. A port that forwards
     * is left while forwarding runs; the others lose their flow rules and are closed ({@code rte_eth_dev_close}),
     * which releases them ("Port N is closed", testpmd's line on the port's destroy event), so their ids name no port
     * and leave the forwarding ports. A started port is not stopped first: ethdev refuses to close it and says so.
     *
     * @param which a port id {@link CmdLine} checked, or {@link CmdLine#PORT_ALL}
     */
    void closePort(final int which)
    {
        out.println("Closing ports...");
        for (final int id : portsToChange(which))
        {
            flushPortOwnedResources(id);
            final Port port = Port.of(id);
            if (port.isStarted())
            {
                out.flush();
                EthdevRaw.dev_close(id); // ethdev: "Cannot close started device (port N)"; the port stays
                continue;
            }
            try
            {
                port.close();
            }
            catch (final DpdkException ex)
            {
                // testpmd ignores rte_eth_dev_close's return; whether the port went is what counts
            }
            nicStats.portClosed(id); // free_xstats_display_info
        }
        removeInvalidPorts();
        out.println("Done");
    }

    /**
     * {@code port reset N|all}: testpmd's {@code reset_port}, only on stopped ports; each is reset
     * ({@code rte_eth_dev_reset}) and configured anew at its next start, or the driver's refusal is said
     * ("Failed to reset port 0. diag=-95" where it has no reset, as the virtual PMDs).
     *
     * @param which a port id {@link CmdLine} checked, or {@link CmdLine#PORT_ALL}
     */
    void resetPort(final int which)
    {
        if (which == CmdLine.PORT_ALL ? !allPortsStopped() : Port.of(which).isStarted())
        {
            err.println("Can not reset port(s), please stop port(s) first.");
            return;
        }
        out.println("Resetting ports...");
        for (final int id : portsToChange(which))
        {
            try
            {
                Port.of(id).reset();
                needReconfig[id] = true;
                needReconfigQueues[id] = true;
            }
            catch (final DpdkException ex)
            {
                err.printf("Failed to reset port %d. diag=%d%n", id, -ex.errno());
            }
        }
        out.println("Done");
    }

    /**
     * {@code port attach IDENTIFIER}: testpmd's {@code attach_port}. EAL probes the device ({@code rte_dev_probe}:
     * {@code net_null5}, {@code net_pcap0,rx_pcap=in.pcap}, a PCI address); each port it brings is set up as
     * testpmd sets up a port on its "new port" event: configured at its next start, promiscuous, and appended to
     * the ports and the forwarding ports ("Port N is attached. Now total ports is M").
     *
     * @param identifier the devargs, or null when the command had none
     */
    void attachPort(final String identifier)
    {
        out.println("Attaching a new port...");
        if (identifier == null)
        {
            printError("Invalid parameters are specified");
            return;
        }
        final int[] before = probedIds;
        try
        {
            eal.probe(identifier);
        }
        catch (final DpdkException ex)
        {
            out.flush();
            Log.log(Log.ERR, logtype, "testpmd: Failed to attach port " + identifier);
            return;
        }
        probedIds = Port.ids();
        for (final int id : probedIds)
        {
            if (Arrays.binarySearch(before, id) >= 0)
            {
                continue;
            }
            // setup_attached_port
            final Port port = Port.of(id);
            final DeviceInfo info = port.info();
            checkSocketId(info);
            initPortConfig(port, info);
            enablePromiscuous(port);
            ports = Arrays.copyOf(ports, ports.length + 1); // in id order, as RTE_ETH_FOREACH_DEV walks them
            ports[ports.length - 1] = port;
            Arrays.sort(ports, java.util.Comparator.comparingInt(Port::id));
            cfgPortIds[nbFwdPorts++] = id;
            nbCfgPorts = nbFwdPorts;
            fwdPortIds = Arrays.copyOf(cfgPortIds, nbFwdPorts);
            out.printf("Port %d is attached. Now total ports is %d%n", id, ports.length);
            out.println("Done");
        }
    }

    /**
     * {@code port detach N}: testpmd's {@code detach_port_device}, the port's whole device removed
     * ({@code rte_dev_remove}) with every port it has, each of them stopped first ("Port was not closed" for one
     * still open, "Port not stopped" and nothing removed for one started).
     *
     * @param portId any port id: one that names no port gets ethdev's "Invalid port_id=N" (testpmd's
     *               {@code RTE_ETH_VALID_PORTID_OR_RET})
     */
    void detachPort(final int portId)
    {
        if (!isPort(portId))
        {
            out.flush();
            EthdevRaw.promiscuous_get(portId); // the same macro in ethdev logs the same line
            return;
        }
        final Port port = Port.of(portId);
        if (port.isStarted())
        {
            printError("Port not stopped");
            return;
        }
        printError("Port was not closed"); // testpmd's ports stay until closed, and a closed one is no port
        final Devices.Device device = deviceOf(portId);
        if (device == null)
        {
            printError("Device already removed");
            return;
        }
        detachDevice(device);
    }

    /**
     * testpmd's {@code detach_device}: the device's ports, stopped or closed, go with it ({@code rte_dev_remove}); those
     * still open are released with it ("Port N is closed").
     */
    private void detachDevice(final Devices.Device device)
    {
        out.println("Removing a device...");
        final int[] siblings = Port.idsOf(device);
        if (!stoppedForRemoval(siblings))
        {
            return;
        }
        try
        {
            Port.detach(device.bus(), device.name());
        }
        catch (final DpdkException ex)
        {
            out.flush();
            Log.log(Log.ERR, logtype, "testpmd: Failed to detach device " + device.name());
            return;
        }
        removeInvalidPorts();
        out.printf("Device is detached%nNow total ports is %d%nDone%n", ports.length);
    }

    /** The device a port is on, or null when it is gone. */
    private static Devices.Device deviceOf(final int portId)
    {
        return Devices.withDrivers().stream()
            .filter(d -> Arrays.stream(Port.idsOf(d)).anyMatch(p -> p == portId)).findFirst().orElse(null);
    }

    /**
     * What ethdev says of a port ({@link PortEvents}, testpmd's {@code eth_event_callback}), on the thread that
     * raised it: "Port N: ... event" for the events {@code --print-event} and {@code --mask-event} left on, and for a
     * device removal, the port's removal 100 ms later ({@link #removeRemovedPort}); for a port released, "Port N is
     * closed" at the moment ethdev releases it: within a close, a detach, or the EAL's cleanup.
     */
    private void onPortEvent(final int portId, final PortEvent event)
    {
        if ((params.eventPrintMask & (1 << event.value())) != 0)
        {
            out.printf("%nPort %d: %s event%n", portId, event.description());
            out.flush();
        }
        if (event == PortEvent.DESTROY)
        {
            out.printf("Port %d is closed%n", portId);
            out.flush();
        }
        if (event == PortEvent.REMOVAL && isPort(portId))
        {
            // testpmd's rte_eal_alarm_set(100000, rmv_port_callback): not on the raising thread, which may hold locks.
            final Thread removal = new Thread(() ->
            {
                try
                {
                    Thread.sleep(REMOVAL_DELAY_MS);
                    removeRemovedPort(portId);
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                }
            }, "testpmd-rmv-" + portId);
            removal.setDaemon(true);
            removal.start();
        }
    }

    /** testpmd's delay between a removal event and the port's removal. */
    private static final long REMOVAL_DELAY_MS = 100;

    /**
     * testpmd's {@code rmv_port_callback}: forwarding stopped if the port takes part in it, the port stopped (without
     * the link check), closed, and its device detached; forwarding started again if it was stopped for this. Runs
     * between two commands, not during one.
     */
    private void removeRemovedPort(final int portId)
    {
        synchronized (control)
        {
            if (closing || !isPort(portId))
            {
                return;
            }
            final boolean restart = forwarding && isForwarding(portId);
            if (restart)
            {
                stopForwarding();
            }
            final boolean linkCheck = params.noLinkCheck;
            params.noLinkCheck = true;
            try
            {
                stopPort(portId);
            }
            finally
            {
                params.noLinkCheck = linkCheck;
            }
            final Devices.Device device = deviceOf(portId);
            closePort(portId);
            if (device == null)
            {
                printError("Device already removed");
            }
            else
            {
                detachDevice(device);
            }
            if (restart)
            {
                startForwarding();
            }
            out.flush();
        }
    }

    /**
     * Held while a command runs ({@link CmdLine}) and while a removed port is taken away, which ethdev's interrupt
     * thread asks for between commands.
     */
    final Object control = new Object();
    /**
     * Before the EAL's cleanup, the ports an error exit left open, closed in id order as the cleanup releases the
     * devices ("Port N is closed" in that order, as dpdk-testpmd's); after a normal exit there are none.
     */
    private void closePortsInIdOrder()
    {
        for (final int id : Port.ids())
        {
            try
            {
                Port.of(id).close();
            }
            catch (final DpdkException ex)
            {
                // as the cleanup, whatever the driver says
            }
        }
    }

    /** Set when the run ends (the exit, the EAL's close): a removal event leaves its port to them. */
    private volatile boolean closing;

    /**
     * {@code device detach IDENTIFIER}: testpmd's {@code detach_devargs}, the device EAL's devargs name
     * ({@code rte_eal_hotplug_remove}), its ports stopped first, also one whose ports were all closed.
     *
     * @param identifier the devargs, as {@code -a} or {@code --vdev} take them
     */
    void detachDevice(final String identifier)
    {
        out.println("Removing a device...");
        final String[] parsed = EalRaw.parseDevargs(identifier);
        if (parsed == null)
        {
            printError("cannot parse identifier");
            return;
        }
        final int[] siblings = Port.idsOf(parsed[0], parsed[1]);
        if (!stoppedForRemoval(siblings))
        {
            return;
        }
        try
        {
            Port.detach(parsed[0], parsed[1]);
        }
        catch (final DpdkException ex)
        {
            out.flush();
            Log.log(Log.ERR, logtype, "testpmd: Failed to detach device " + parsed[1] + "(" + parsed[0] + ")");
            return;
        }
        removeInvalidPorts();
        out.printf("Device %s is detached%nNow total ports is %d%nDone%n", identifier, ports.length);
    }

    /** Whether none of these ports is started (else the first one is said); their rules flushed. */
    private boolean stoppedForRemoval(final int[] ids)
    {
        for (final int id : ids)
        {
            if (Port.of(id).isStarted() || forwarding && streamsUse(id))
            {
                printError(String.format("Port %d not stopped", id));
                return false;
            }
            flushPortOwnedResources(id);
        }
        return true;
    }

    /**
     * The ports {@code port close|reset} act on, as testpmd's {@code close_port} and {@code reset_port} loop: the one
     * named or every port, less those that forward while forwarding runs ("Please remove port N from forwarding
     * configuration.").
     */
    private int[] portsToChange(final int which)
    {
        final int[] ids = new int[probedIds.length];
        int n = 0;
        for (final int id : probedIds)
        {
            if (which != CmdLine.PORT_ALL && which != id)
            {
                continue;
            }
            if (forwarding && (isForwarding(id) || streamsUse(id)))
            {
                err.printf("Please remove port %d from forwarding configuration.%n", id);
                continue;
            }
            ids[n++] = id;
        }
        return Arrays.copyOf(ids, n);
    }

    /**
     * Whether a running stream receives or sends on the port: one {@code set nbport} or {@code set portlist} took
     * out of the forwarding ports since the start. testpmd lets such a port close under its lcores (ethdev frees the
     * queues they poll); jdpdk refuses, as for a forwarding port.
     */
    private boolean streamsUse(final int id)
    {
        return Arrays.stream(streams).anyMatch(fs -> fs.rxPort.id() == id || fs.txPort.id() == id);
    }

    /** Whether the port is one of the forwarding ports (testpmd's {@code port_is_forwarding}). */
    private boolean isForwarding(final int id)
    {
        return Arrays.stream(fwdPortIds).anyMatch(p -> p == id);
    }

    /**
     * testpmd's {@code remove_invalid_ports}: the ports and forwarding ports whose ids no longer name a port (closed,
     * detached) leave the lists, which keep their order; the configured forwarding ports are then those.
     */
    private void removeInvalidPorts()
    {
        probedIds = Port.ids();
        ports = Arrays.stream(ports).filter(p -> isPort(p.id())).toArray(Port[]::new);
        int n = 0;
        for (int i = 0; i < nbFwdPorts; i++)
        {
            if (isPort(cfgPortIds[i]))
            {
                cfgPortIds[n++] = cfgPortIds[i];
            }
        }
        nbFwdPorts = n;
        nbCfgPorts = n;
        fwdPortIds = Arrays.copyOf(cfgPortIds, n);
    }

    /**
     * {@code set promisc N|all on|off}: testpmd's {@code eth_set_promisc_mode} on the port, or on every port; what
     * fails is said on standard error with DPDK's reason, as testpmd says it.
     *
     * @param which a port id (any, even 65535), or -1 for all
     */
    void setPromisc(final int which, final boolean on)
    {
        setPortMode("promiscuous", which, on, Port::promiscuous,
            (id, enable) -> enable ? EthdevRaw.promiscuous_enable(id) : EthdevRaw.promiscuous_disable(id));
    }

    /**
     * {@code set allmulti N|all on|off}: testpmd's {@code eth_set_allmulticast_mode}, as {@link #setPromisc}.
     *
     * @param which a port id (any, even 65535), or -1 for all
     */
    void setAllMulticast(final int which, final boolean on)
    {
        setPortMode("all-multicast", which, on, Port::allMulticast, EthdevRaw::allmulticast_set);
    }

    /**
     * {@code mac_addr add|remove|set N MAC}: testpmd's {@code cmd_mac_addr_parsed}, which names DPDK's error on
     * standard error; an id that is no port goes to ethdev's own call, which logs "Invalid port_id=N".
     *
     * @param what   add, remove or set
     * @param portId any port id, even 65535
     * @param mac    the address, 48 bits
     */
    void macAddr(final String what, final int portId, final long mac)
    {
        try
        {
            if (isPort(portId))
            {
                final Port port = Port.of(portId);
                switch (what)
                {
                    case "add" -> port.addMacAddress(mac);
                    case "set" -> port.macAddress(mac);
                    default -> port.removeMacAddress(mac);
                }
                return;
            }
            try (Arena arena = Arena.ofConfined())
            {
                final MemorySegment address = Port.macSegment(arena, mac);
                final int rc = switch (what)
                {
                    case "add" -> EthdevRaw.dev_mac_addr_add(portId, address, 0);
                    case "set" -> EthdevRaw.dev_default_mac_addr_set(portId, address);
                    default -> EthdevRaw.dev_mac_addr_remove(portId, address);
                };
                err.printf("mac_addr_cmd error: (%s)%n", EalRaw.strerror(-rc));
            }
        }
        catch (final DpdkException ex)
        {
            err.printf("mac_addr_cmd error: (%s)%n", ex.reason());
        }
    }

    /**
     * {@code show port N macs|mcast_macs}: testpmd's {@code show_macs} (every address in the port's table) or
     * {@code show_mcast_macs} (the multicast addresses testpmd added, none: jdpdk has no {@code mcast_addr}).
     *
     * @param portId a probed port
     */
    void showMacs(final int portId, final boolean multicast)
    {
        if (multicast)
        {
            out.printf("Number of Multicast MAC address added: %d%n", mcastAddrPool[portId].size());
            for (final long mac : mcastAddrPool[portId])
            {
                out.printf("  %s%n", Port.formatMac(mac));
            }
            return;
        }
        final long[] macs;
        try
        {
            macs = Port.of(portId).macAddresses();
        }
        catch (final DpdkException ex)
        {
            return; // as show_macs, which prints nothing when rte_eth_macaddrs_get fails
        }
        out.printf("Number of MAC address added: %d%n", macs.length);
        for (final long mac : macs)
        {
            out.printf("  %s%n", Port.formatMac(mac));
        }
    }

    /**
     * {@code show port N ptypes}: testpmd's {@code cmd_show_port_supported_ptypes_parsed}, each layer's packet types
     * the device recognises ({@code rte_eth_dev_get_supported_ptypes}) with {@code rte_get_ptype_name}'s names, or
     * that it recognises none (virtual devices without classification). Nothing for a missing port but ethdev's
     * "Invalid port_id" log line, as testpmd, which does not check the id first.
     *
     * @param portId any port id, even 65535
     */
    void showPtypes(final int portId)
    {
        if (!isPort(portId))
        {
            out.flush();
            EthdevRaw.dev_get_supported_ptypes(portId, PortConfig.PTYPE_L2_MASK, MemorySegment.NULL, 0);
            return;
        }
        final Port port = Port.of(portId);
        final String[] layers = { "L2", "L3", "L4", "Tunnel", "Inner L2", "Inner L3", "Inner L4" };
        for (int i = 0; i < layers.length; i++)
        {
            final int[] types = port.supportedPacketTypes(PortConfig.PTYPE_L2_MASK << (4 * i));
            out.println(types.length > 0 ? "Supported " + layers[i] + " ptypes:" : layers[i] + " ptypes unsupported");
            for (final int type : types)
            {
                out.println(MbufInfo.ptypeName(type));
            }
        }
    }

    /**
     * {@code show port N flow transfer proxy}: testpmd's {@code cmd_show_port_flow_transfer_proxy_parsed}, an empty
     * line, then the port that makes this port's transfer rules ({@link Flows#transferProxy}) or why none can be
     * named. The port is not checked first, as testpmd does not: ethdev's reason for an unknown one is printed.
     */
    void showTransferProxy(final int portId)
    {
        out.println();
        try
        {
            out.printf("Transfer proxy port ID: %d%n%n", Flows.forPortId(portId).transferProxy());
        }
        catch (final io.jdpdk.pmd.flow.FlowException ex)
        {
            out.flush();
            err.printf("Failed to pick transfer proxy: %s%n", EalRaw.strerror(ex.errno()));
        }
    }

    /**
     * {@code tso set SIZE N} and {@code tso show N}: testpmd's {@code cmd_tso_set_parsed} on a stopped port. {@code set}
     * keeps the size for csum mode even where the device has no TSO (testpmd says so and keeps it); on a device that
     * has it, the port's and its queues' TX offloads gain or lose {@code RTE_ETH_TX_OFFLOAD_TCP_TSO} and the port is
     * configured again at its next start.
     *
     * @param portId  a port id (checked by the caller)
     * @param segsz   the size for {@code set}, or -1 for {@code show}
     */
    void tso(final int portId, final int segsz)
    {
        if (!isPort(portId))
        {
            err.printf("Invalid port %d%n", portId); // RTE_PORT_ALL, which port_id_is_invalid lets through
            return;
        }
        final Port port = Port.of(portId);
        if (port.isStarted())
        {
            err.printf("Please stop port %d first%n", portId);
            return;
        }
        if (segsz >= 0)
        {
            config.tsoSegsz[portId] = segsz;
        }
        final DeviceInfo info = infoOrPrintErr(portId);
        if (info == null)
        {
            return;
        }
        final int tso = config.tsoSegsz[portId];
        if (tso != 0 && (info.txOffloadCapa() & PortConfig.TX_OFFLOAD_TCP_TSO) == 0)
        {
            err.printf("Error: TSO is not supported by port %d%n", portId);
            return;
        }
        final PortConfig cfg = record(portId);
        if (tso == 0)
        {
            cfg.txOffloads(cfg.txOffloads() & ~PortConfig.TX_OFFLOAD_TCP_TSO);
            out.println("TSO for non-tunneled packets is disabled");
        }
        else
        {
            cfg.txOffloads(cfg.txOffloads() | PortConfig.TX_OFFLOAD_TCP_TSO);
            out.printf("TSO segment size for non-tunneled packets is %d%n", tso);
        }
        configQueueTxOffloads(cfg, info);
        needReconfig[portId] = true;
    }

    /** testpmd's {@code cmd_config_queue_tx_offloads}: every queue the device may have gets the port's TX offloads. */
    private static void configQueueTxOffloads(final PortConfig cfg, final DeviceInfo info)
    {
        for (int q = 0; q < recordedQueues(info, false); q++)
        {
            cfg.txQueueOffloads(q, cfg.txOffloads());
        }
    }

    /**
     * {@code set port N gso on|off}: testpmd's {@code setup_gso}, refused while forwarding.
     *
     * @param portId any port id
     * @param on     whether csum mode segments what it sends on the port
     */
    void setGso(final int portId, final boolean on)
    {
        if (!isPort(portId))
        {
            err.printf("invalid port id %d%n", portId);
        }
        else if (forwarding)
        {
            err.printf("before %s GSO, please stop forwarding first%n", on ? "enabling" : "disabling");
        }
        else
        {
            config.gso[portId] = on;
        }
    }

    /**
     * {@code set gso segsz N}: testpmd's {@code cmd_gso_size_parsed}, refused while forwarding and below
     * {@link Gso#SEG_SIZE_MIN}.
     *
     * @param size the largest segment, 0 to 65535 as parsed
     */
    void setGsoSegmentSize(final int size)
    {
        if (forwarding)
        {
            err.println("Before setting GSO segsz, please first stop forwarding");
        }
        else if (size < Gso.SEG_SIZE_MIN)
        {
            err.printf("gso_size should be larger than %d. Please input a legal value%n", Gso.SEG_SIZE_MIN);
        }
        else
        {
            config.gsoSegmentSize = size;
        }
    }

    /**
     * {@code show port N gso}: testpmd's {@code cmd_gso_show_parsed}.
     *
     * @param portId any port id
     */
    void showGso(final int portId)
    {
        if (!isPort(portId))
        {
            err.printf("invalid port id %d%n", portId);
        }
        else if (config.gso[portId])
        {
            out.printf("Max GSO'd packet size: %dB%nSupported GSO types: TCP/IPv4, UDP/IPv4, VxLAN with inner " +
                "TCP/IPv4 packet, GRE with inner TCP/IPv4 packet%n", config.gsoSegmentSize);
        }
        else
        {
            out.printf("GSO is not enabled on Port %d%n", portId);
        }
    }

    /**
     * {@code set port N ptype_mask M}: testpmd's {@code cmd_set_port_ptypes_parsed}: the packet types the device
     * classifies narrowed to the layers of M ({@link Port#setPacketTypes}), with testpmd's line (and, as in testpmd,
     * no list of them: see the code); from then on no port start clears the classification ({@code clear_ptypes}).
     */
    void setPtypeMask(final int portId, final long mask)
    {
        if (!isPort(portId))
        {
            out.flush();
            EthdevRaw.dev_get_supported_ptypes(portId, PortConfig.PTYPE_ALL_MASK, MemorySegment.NULL, 0); // its log
            err.printf("Port %d doesn't support any ptypes.%n", portId);
            return;
        }
        final Port port = Port.of(portId);
        if (port.supportedPacketTypes(PortConfig.PTYPE_ALL_MASK).length == 0)
        {
            err.printf("Port %d doesn't support any ptypes.%n", portId);
            return;
        }
        try
        {
            port.setPacketTypes((int)mask);
        }
        catch (final DpdkException ex)
        {
            err.printf("Unable to set requested ptypes for Port %d%n", portId);
            return;
        }
        out.printf("Successfully set following ptypes for Port %d%n", portId);
        // testpmd lists the first rte_eth_dev_set_ptypes() entries, as many as its return value says: 0 from every
        // driver that can narrow them in 22.11 (cnxk), and from ethdev for those that cannot. So it lists none, and
        // so does this, though Port.setPacketTypes says which types the device now classifies.
        clearPtypes = false;
    }

    /**
     * {@code set link-up|link-down port N}: testpmd's {@code dev_set_link_up}/{@code _down}, which says only that it
     * failed (on standard error), whatever the reason: a driver without the operation (net_null, net_pcap) or no such
     * port (which ethdev's own call logs as "Invalid port_id=N").
     *
     * @param portId any port id, even 65535
     */
    void setLink(final int portId, final boolean up)
    {
        boolean done;
        try
        {
            done = isPort(portId) ? Port.of(portId).link(up) : EthdevRaw.dev_set_link(portId, up) == 0;
        }
        catch (final DpdkException ex)
        {
            done = false;
        }
        if (!done)
        {
            err.print("\nSet link " + (up ? "up" : "down") + " fail.\n");
            err.flush();
        }
    }

    /**
     * Turns {@code mode} on or off on port {@code which} (all of them for -1), as testpmd words a refusal. An id that
     * is no port goes to ethdev's own call ({@code raw}), so that ethdev logs "Invalid port_id=N" as under testpmd.
     */
    private void setPortMode(final String mode, final int which, final boolean on,
        final java.util.function.BiPredicate<Port, Boolean> apply,
        final java.util.function.ToIntBiFunction<Integer, Boolean> raw)
    {
        final String what = on ? "enabling" : "disabling";
        if (which >= 0 && !isPort(which))
        {
            final int rc = raw.applyAsInt(which, on);
            err.printf("Error during %s %s mode for port %d: %s%n", what, mode, which, EalRaw.strerror(-rc));
            return;
        }
        for (final Port port : ports)
        {
            if (which >= 0 && which != port.id())
            {
                continue;
            }
            try
            {
                if (!apply.test(port, on))
                {
                    err.printf("Error during %s %s mode for port %d: Operation not supported%n", what, mode,
                        port.id());
                }
            }
            catch (final DpdkException ex)
            {
                err.printf("Error during %s %s mode for port %d: %s%n", what, mode, port.id(), ex.reason());
            }
        }
    }

    /**
     * testpmd's {@code flush_port_owned_resources}, before a port closes or its device goes: its multicast list and
     * its flow rules.
     */
    private void flushPortOwnedResources(final int id)
    {
        mcastAddrPool[id].clear();
        if (flowCommands != null) // made by the first flow command: before it, no port has rules
        {
            flowCommands.flushBeforeStop(id);
        }
    }

    /** Each port's {@code mc_addr_pool}: the multicast addresses {@code mcast_addr add} gave it, in that order. */
    @SuppressWarnings("unchecked")
    private final List<Long>[] mcastAddrPool = java.util.stream.Stream.generate(ArrayList::new).limit(MAX_ETHPORTS)
        .toArray(List[]::new);

    /**
     * {@code mcast_addr add|remove N MAC}: testpmd's {@code cmd_mcast_addr_parsed}, {@code mcast_addr_add} and
     * {@code mcast_addr_remove}: the port's multicast list with the address added or removed, set on the port
     * ({@link Port#multicastAddresses}); when the driver refuses, its diag is said and the list left as it was.
     */
    void mcastAddr(final boolean add, final int portId, final long mac)
    {
        if ((mac >>> 40 & 1) == 0)
        {
            err.println("Invalid multicast addr " + Port.formatMac(mac));
            return;
        }
        if (!validPortOrSay(portId))
        {
            return;
        }
        final List<Long> pool = mcastAddrPool[portId];
        final int at = pool.indexOf(mac);
        if (add && at >= 0)
        {
            err.println("multicast address already filtered by port");
            return;
        }
        if (!add && at < 0)
        {
            err.printf("multicast address not filtered by port %d%n", portId);
            return;
        }
        final List<Long> next = new ArrayList<>(pool);
        if (add)
        {
            next.add(mac);
        }
        else
        {
            next.remove(at);
        }
        try
        {
            Port.of(portId).multicastAddresses(next.stream().mapToLong(Long::longValue).toArray());
            pool.clear();
            pool.addAll(next);
        }
        catch (final DpdkException ex)
        {
            // eth_port_multicast_addr_list_set's line; the pool rolls back
            err.printf("rte_eth_dev_set_mc_addr_list(port=%d, nb=%d) failed. diag=%d%n", portId, next.size(),
                -ex.errno());
        }
    }

    /**
     * {@code show port N eeprom|module_eeprom}: testpmd's {@code port_eeprom_display} and
     * {@code port_module_eeprom_display}, the bytes in {@code rte_hexdump}'s layout, or the driver's refusal in
     * testpmd's words.
     */
    void showEeprom(final int portId, final boolean module)
    {
        final byte[] data;
        try
        {
            data = module ? Port.of(portId).moduleEeprom() : Port.of(portId).eeprom();
        }
        catch (final DpdkException ex)
        {
            err.println(switch (ex.errno())
            {
                case 19 -> "port index " + portId + " invalid";
                case 95 -> "operation not supported by device";
                case 5 -> "device is removed";
                default -> "Unable to get " + (module ? "module " : "") + "EEPROM: " + -ex.errno();
            });
            return;
        }
        try (Arena arena = Arena.ofConfined())
        {
            // rte_hexdump prints the address of the buffer it dumps: a native copy, as testpmd's calloc'd one.
            final MemorySegment copy = arena.allocate(Math.max(1, data.length));
            MemorySegment.copy(data, 0, copy, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, data.length);
            out.print(hexdump("hexdump", copy.address(), data));
        }
        out.printf("Finish -- Port: %d %sEEPROM length: %d bytes%n", portId, module ? "MODULE " : "", data.length);
    }

    /** DPDK's {@code rte_hexdump}: a title line, then 16 bytes a line in hex and as printable characters. */
    static String hexdump(final String title, final long address, final byte[] data)
    {
        final StringBuilder sb = new StringBuilder();
        sb.append(title).append(" at [0x").append(Long.toHexString(address)).append("], len=").append(data.length)
            .append('\n');
        for (int ofs = 0; ofs < data.length; ofs += 16)
        {
            sb.append(String.format("%08X:", ofs));
            for (int i = 0; i < 16; i++)
            {
                sb.append(ofs + i < data.length ? String.format(" %02X", data[ofs + i] & 0xFF) : "   ");
            }
            sb.append(" | ");
            for (int i = ofs; i < data.length && i < ofs + 16; i++)
            {
                final int c = data[i] & 0xFF;
                sb.append(c < ' ' || c > '~' ? '.' : (char)c);
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * testpmd's {@code dump_*} commands ({@code cmd_dump_parsed}): DPDK's own dumps ({@link Dumps}) on standard
     * output, testpmd's {@code dump_struct_sizes} and {@code dump_socket_mem}.
     */
    void dump(final String what)
    {
        out.flush();
        switch (what)
        {
            case "dump_physmem" -> Dumps.dump(Dumps.What.PHYSMEM);
            case "dump_memzone" -> Dumps.dump(Dumps.What.MEMZONES);
            case "dump_ring" -> Dumps.dump(Dumps.What.RINGS);
            case "dump_mempool" -> Dumps.dump(Dumps.What.MEMPOOLS);
            case "dump_devargs" -> Dumps.dump(Dumps.What.DEVARGS);
            case "dump_log_types" -> Dumps.dump(Dumps.What.LOG_TYPES);
            case "dump_struct_sizes" ->
            {
                for (final String type : List.of("rte_mbuf", "rte_mempool", "rte_ring"))
                {
                    out.printf("sizeof(struct %s) = %d%n", type, LayoutCheck.cLayout(type, null));
                }
            }
            default -> dumpSocketMem();
        }
    }

    /** {@code dump_ring NAME}, {@code dump_mempool NAME}: one ring or pool ({@code cmd_dump_one_parsed}). */
    void dumpOne(final boolean ring, final String name)
    {
        out.flush();
        if (!(ring ? Dumps.ring(name) : Dumps.mempool(name)))
        {
            out.println(ring ? "Cannot find ring" : "Cannot find mempool");
        }
    }

    /** {@code dump_socket_mem}'s totals of the previous call, as testpmd's static variables keep them. */
    private long lastAllocs;
    private long lastTotal;

    /** testpmd's {@code dump_socket_mem}: each socket's heap, the total, and the change since the last call. */
    private void dumpSocketMem()
    {
        final double mb = 1024 * 1024;
        long total = 0;
        long alloc = 0;
        long free = 0;
        long nAlloc = 0;
        long nFree = 0;
        for (int socket = 0; socket < MAX_NUMA_NODES; socket++)
        {
            final Dumps.SocketStats s = Dumps.socketStats(socket);
            if (s == null || s.totalBytes() == 0)
            {
                continue;
            }
            total += s.totalBytes();
            alloc += s.allocBytes();
            free += s.freeBytes();
            nAlloc += Integer.toUnsignedLong(s.allocCount());
            nFree += Integer.toUnsignedLong(s.freeCount());
            out.printf("Socket %d: size(M) total: %s alloc: %s(%s%%) free: %s \tcount alloc: %-4d free: %d%n", socket,
                CNumbers.fixed(s.totalBytes() / mb, 6), CNumbers.fixed(s.allocBytes() / mb, 6),
                CNumbers.fixed(s.allocBytes() * 100.0 / s.totalBytes(), 3), CNumbers.fixed(s.freeBytes() / mb, 6),
                Integer.toUnsignedLong(s.allocCount()), Integer.toUnsignedLong(s.freeCount()));
        }
        out.printf("Total   : size(M) total: %s alloc: %s(%s%%) free: %s \tcount alloc: %-4d free: %d%n",
            CNumbers.fixed(total / mb, 6), CNumbers.fixed(alloc / mb, 6),
            CNumbers.fixed(total != 0 ? alloc * 100.0 / total : 0.0, 3), CNumbers.fixed(free / mb, 6),
            nAlloc & 0xFFFF_FFFFL, nFree & 0xFFFF_FFFFL);
        if (lastAllocs != 0)
        {
            out.printf("Memory total change: %s(M), allocation change: %s(M)%n",
                CNumbers.fixed((total - (double)lastTotal) / mb, 6), CNumbers.fixed((alloc - (double)lastAllocs) / mb, 6));
        }
        lastAllocs = alloc;
        lastTotal = total;
    }

    /**
     * {@code --rxq}/{@code --txq}'s check ({@code check_nb_rxq}/{@code check_nb_txq} on testpmd's 16-bit
     * {@code queueid_t}): the count, or the refusal, after the "Fail:" line for a count above the fewest queues.
     */
    private int checkQueues(final String what, final int n, final int max, final int maxPort)
        throws Parameters.BadOption
    {
        if (n >= 0 && (n & 0xFFFF) <= max)
        {
            return n & 0xFFFF;
        }
        if (n >= 0)
        {
            err.printf("Fail: input %s (%d) can't be greater than max_%s_queues (%d) of port %d%n", what, n & 0xFFFF,
                what.substring(0, 2), max, maxPort);
        }
        throw new Parameters.BadOption(what + " " + n + " invalid - must be >= 0 && <= " + max);
    }

    /** {@code RTE_MAX_NUMA_NODES} of Debian's build. */
    private static final int MAX_NUMA_NODES = 32;

    /** testpmd's {@code xstats_hide_zero}: {@code set xstats-hide-zero on} leaves the zero counters out. */
    private boolean xstatsHideZero;

    /**
     * {@code set flush_rx|link_check|xstats-hide-zero on|off}: whether the RX queues are drained before forwarding
     * starts ({@code --no-flush-rx}'s opposite), whether the links are checked as ports start and stop
     * ({@code --disable-link-check}'s), whether {@code show port xstats} leaves out the zero counters.
     */
    void setOnOff(final String what, final boolean on)
    {
        switch (what)
        {
            case "flush_rx" -> params.noFlushRx = !on;
            case "link_check" -> params.noLinkCheck = !on;
            default -> xstatsHideZero = on;
        }
    }

    /**
     * {@code set log global|TYPE LEVEL}: DPDK's global log level, or that of the log types whose names match TYPE, a
     * regular expression ({@code rte_log_set_level_regexp}, "Unable to set log level" when it refuses).
     */
    void setLog(final String type, final int level)
    {
        if (type.equals("global"))
        {
            Log.setGlobalLevel(level);
        }
        else if (!Log.setLevels(type, level))
        {
            err.println("Unable to set log level");
        }
    }

    /**
     * {@code show port N rxq|txq Q desc D status}: the descriptor's state as the driver says it
     * ({@link Port#rxDescriptorStatus}), "Invalid input" when it cannot say (every virtual PMD but net_vhost).
     */
    void showDescStatus(final boolean rx, final int portId, final int queue, final int desc)
    {
        if (!ethdevPortOrSay(portId))
        {
            return;
        }
        final int status;
        try
        {
            status = rx ? Port.of(portId).rxDescriptorStatus(queue, desc) : Port.of(portId).txDescriptorStatus(queue,
                desc);
        }
        catch (final DpdkException ex)
        {
            err.printf("Invalid input: queue id = %d, desc id = %d%n", queue, desc);
            return;
        }
        final String state = status == Port.RX_DESC_AVAIL ? (rx ? "AVAILABLE" : "FULL") :
            status == Port.RX_DESC_DONE ? "DONE" : "UNAVAILABLE";
        out.println("Desc status = " + state);
    }

    /** The descriptor queries' {@code rte_eth_dev_is_valid_port} check, "invalid port id N" when it fails. */
    private boolean ethdevPortOrSay(final int portId)
    {
        if (EthdevRaw.dev_is_valid_port(portId))
        {
            return true;
        }
        err.printf("invalid port id %d%n", portId);
        return false;
    }

    /** {@code show port N rxq Q desc used count}: the RX queue's descriptors holding packets. */
    void showRxUsedCount(final int portId, final int queue)
    {
        if (!ethdevPortOrSay(portId))
        {
            return;
        }
        try
        {
            out.println("Used desc count = " + Port.of(portId).rxQueueUsedCount(queue));
        }
        catch (final DpdkException ex)
        {
            err.printf("Invalid queueid = %d%n", queue);
        }
    }

    /** {@code show port xstats}: testpmd's {@code nic_xstats_display}, every counter in the driver's order. */
    void showPortXstats(final int portId)
    {
        out.printf("###### NIC extended statistics for port %-2d%n", portId);
        final Map<String, Long> xstats;
        try
        {
            xstats = Port.of(portId).xstats();
        }
        catch (final DpdkException ex)
        {
            err.println("Error: Unable to get xstats");
            return;
        }
        final StringBuilder sb = new StringBuilder(1024);
        xstats.forEach((name, value) ->
        {
            if (!xstatsHideZero || value != 0)
            {
                sb.append(name).append(": ").append(Long.toUnsignedString(value)).append(System.lineSeparator());
            }
        });
        out.print(sb);
    }

    /**
     * {@code clear port xstats}: testpmd's {@code nic_xstats_clear}, the counters reset and read again as the zero of
     * the forward statistics (as {@code clear port stats} does, silently).
     */
    void clearPortXstats(final int portId)
    {
        try
        {
            Port.of(portId).resetXstats();
        }
        catch (final DpdkException ex)
        {
            err.printf("nic_xstats_clear: Error: failed to reset xstats (port %d): %s%n", portId, ex.reason());
            return;
        }
        snapshot(portId);
    }

    /** testpmd's {@code nic_stats_clear}: resets the port's counters and the zero of the forward statistics. */
    void clearPortStats(final int portId)
    {
        Port.of(portId).resetStats();
        snapshot(portId);
        out.printf("%n  NIC statistics for port %d cleared%n", portId);
    }

    /**
     * {@code show rxq info PORT QUEUE} / {@code show txq info PORT QUEUE}: testpmd's {@code rx_queue_infos_display}
     * and {@code tx_queue_infos_display}, from {@code rte_eth_rx/tx_queue_info_get} and the burst mode.
     *
     * @param rx     RX queue, else TX
     * @param portId the port
     * @param queue  the queue
     */
    void showQueueInfo(final boolean rx, final int portId, final int queue)
    {
        final Port port = Port.of(portId);
        final String kind = rx ? "RX" : "TX";
        QueueInfo q;
        String reason = "Operation not supported";
        int errno = 95;
        try
        {
            q = rx ? port.rxQueueInfo(queue) : port.txQueueInfo(queue);
        }
        catch (final io.jdpdk.eal.DpdkException ex)
        {
            q = null;
            reason = ex.reason();
            errno = ex.errno();
        }
        if (q == null)
        {
            printError(String.format("Failed to retrieve information for port: %d, %s queue: %d%nerror desc: %s(%d)",
                portId, kind, queue, reason, -errno));
            return;
        }
        final String border = "*********************";
        final StringBuilder sb = new StringBuilder(512);
        sb.append(String.format("%n%s Infos for port %-2d, %s queue %-2d %s", border, portId, kind, queue, border));
        if (rx)
        {
            sb.append("\nMempool: ").append(q.mempool());
        }
        sb.append(String.format("%n%s prefetch threshold: %d%n%s host threshold: %d%n%s writeback threshold: %d", kind,
            q.pthresh(), kind, q.hthresh(), kind, q.wthresh()));
        if (rx)
        {
            sb.append(String.format("%nRX free threshold: %d%nRX drop packets: %s%nRX deferred start: %s" +
                "%nRX scattered packets: %s%nRx queue state: %s", q.freeThresh(), onOff(q.dropEnabled()),
                onOff(q.deferredStart()), onOff(q.scattered()), queueState(q.state())));
            if (q.bufSize() != 0)
            {
                sb.append("\nRX buffer size: ").append(q.bufSize());
            }
            sb.append("\nNumber of RXDs: ").append(q.nbDesc());
        }
        else
        {
            sb.append(String.format("%nTX RS threshold: %d%nTX free threshold: %d%nTX deferred start: %s" +
                "%nNumber of TXDs: %d%nTx queue state: %s", q.rsThresh(), q.freeThresh(), onOff(q.deferredStart()),
                q.nbDesc(), queueState(q.state())));
        }
        final String mode = rx ? port.rxBurstMode(queue) : port.txBurstMode(queue);
        if (mode != null)
        {
            sb.append("\nBurst mode: ").append(mode);
        }
        sb.append('\n');
        out.print(sb);
    }

    private static String queueState(final int state)
    {
        return switch (state)
        {
            case QueueInfo.STATE_STOPPED -> "stopped";
            case QueueInfo.STATE_STARTED -> "started";
            case 2 -> "hairpin";
            default -> "unknown";
        };
    }

    /**
     * {@code show port N flow_ctrl}: testpmd's {@code cmd_link_flow_ctrl_show_parsed}, the port's link flow control
     * ({@link Port#flowControl()}), or the driver's refusal ("Failed to get current flow ctrl information: err = -95"
     * where it has none, as net_null).
     *
     * @param portId any port id: one that names no port gets ethdev's "Invalid port_id=N" first
     */
    void showFlowCtrl(final int portId)
    {
        final FlowControl fc = flowControlOrSay(portId, "Failed to get current flow ctrl information: err = ");
        if (fc == null)
        {
            return;
        }
        final String border = "*********************";
        final boolean rx = fc.mode() == FlowControl.RX_PAUSE || fc.mode() == FlowControl.FULL;
        final boolean tx = fc.mode() == FlowControl.TX_PAUSE || fc.mode() == FlowControl.FULL;
        out.printf("%n%s Flow control infos for port %-2d %s%n", border, portId, border);
        out.printf("FC mode:%n   Rx pause: %s%n   Tx pause: %s%n", onOff(rx), onOff(tx));
        out.printf("Autoneg: %s%nPause time: 0x%x%nHigh waterline: 0x%x%nLow waterline: 0x%x%n", onOff(fc.autoneg()),
            fc.pauseTime(), fc.highWater(), fc.lowWater());
        out.printf("Send XON: %s%nForward MAC control frames: %s%n", onOff(fc.sendXon() != 0),
            onOff(fc.macCtrlFrameFwd()));
        out.printf("%n%s**************   End  ***********%s%n", border, border);
    }

    /**
     * {@code set flow_ctrl FIELD VALUE N}: testpmd's {@code cmd_link_flow_ctrl_set_parsed} for one field: the port's
     * flow control read ("cannot get current flow ctrl parameters, return code = -95" where it cannot be), the field
     * changed ({@code rx} and {@code tx} turn pause on or off that way), set again.
     *
     * @param portId any port id
     * @param field  rx, tx, high_water, low_water, pause_time, send_xon, mac_ctrl_frame_fwd or autoneg
     * @param value  the number, or 1 for on and 0 for off
     */
    void setFlowCtrl(final int portId, final String field, final long value)
    {
        final FlowControl fc = flowControlOrSay(portId, "cannot get current flow ctrl parameters, return code = ");
        if (fc == null)
        {
            return;
        }
        final boolean rx = fc.mode() == FlowControl.RX_PAUSE || fc.mode() == FlowControl.FULL;
        final boolean tx = fc.mode() == FlowControl.TX_PAUSE || fc.mode() == FlowControl.FULL;
        final int mode = flowControlMode(field.equals("rx") ? value == 1 : rx, field.equals("tx") ? value == 1 : tx);
        setFlowCtrl(portId, new FlowControl(field.equals("high_water") ? value : fc.highWater(),
            field.equals("low_water") ? value : fc.lowWater(), field.equals("pause_time") ? (int)value : fc.pauseTime(),
            field.equals("send_xon") ? (int)value : fc.sendXon(), mode,
            field.equals("mac_ctrl_frame_fwd") ? value == 1 : fc.macCtrlFrameFwd(),
            field.equals("autoneg") ? value == 1 : fc.autoneg()));
    }

    /**
     * {@code set flow_ctrl rx on|off tx on|off HIGH LOW PAUSE XON mac_ctrl_frame_fwd on|off autoneg on|off N}, and
     * the last step of each one-field form: {@link Port#flowControl(FlowControl)}, the refusal said as testpmd says it
     * ("bad flow control parameter, return code = -95"; ethdev's "Invalid send_xon, only 0/1 allowed" first).
     *
     * @param portId any port id
     * @param fc     the flow control
     */
    void setFlowCtrl(final int portId, final FlowControl fc)
    {
        out.flush();
        final int rc;
        if (EthdevRaw.dev_is_valid_port(portId)) // testpmd asks ethdev, which also knows a bond's member ports
        {
            int code = 0;
            try
            {
                Port.of(portId).flowControl(fc);
            }
            catch (final DpdkException ex)
            {
                code = -ex.errno();
            }
            rc = code;
        }
        else
        {
            try (Arena arena = Arena.ofConfined())
            {
                rc = EthdevRaw.dev_flow_ctrl_set(portId, arena.allocate(EthdevRaw.RTE_ETH_FC_CONF)); // ethdev's line
            }
        }
        if (rc != 0)
        {
            printError("bad flow control parameter, return code = " + rc);
        }
    }

    /** The mode of rx and tx pause on or off, as cmdline.c's {@code rx_tx_onoff_2_lfc_mode}. */
    static int flowControlMode(final boolean rx, final boolean tx)
    {
        return rx ? (tx ? FlowControl.FULL : FlowControl.RX_PAUSE) : (tx ? FlowControl.TX_PAUSE : FlowControl.NONE);
    }

    /** The port's flow control, or null after {@code failure} and the return code on standard error. */
    private FlowControl flowControlOrSay(final int portId, final String failure)
    {
        out.flush();
        if (!EthdevRaw.dev_is_valid_port(portId))
        {
            try (Arena arena = Arena.ofConfined())
            {
                // ethdev's "Invalid port_id=N", from the call testpmd makes
                printError(failure + EthdevRaw.dev_flow_ctrl_get(portId, arena.allocate(EthdevRaw.RTE_ETH_FC_CONF)));
            }
            return null;
        }
        try
        {
            return Port.of(portId).flowControl();
        }
        catch (final DpdkException ex)
        {
            printError(failure + -ex.errno());
            return null;
        }
    }

    private static String onOff(final boolean on)
    {
        return on ? "on" : "off";
    }

    /**
     * {@code port config N rss reta (hash,queue)[,(hash,queue)]*}: testpmd's {@code cmd_set_rss_reta_parsed}. The
     * table's size first ("The reta size of port 0 is 128"), then the entries named go to their queues
     * ({@link Port#redirect}); an entry past the table, a queue past 65535 or a malformed pair leave the table as it
     * was ("Invalid RSS Redirection Table config entered"), a queue the port does not have is ethdev's refusal.
     *
     * @param portId any port id: one that names no port gets ethdev's and testpmd's lines
     * @param items  the pairs, one token
     */
    void configRssReta(final int portId, final String items)
    {
        final DeviceInfo info = infoOrPrintErr(portId);
        if (info == null)
        {
            return;
        }
        final int size = info.details().retaSize();
        if (size == 0)
        {
            printError("Redirection table size is 0 which is invalid for RSS");
            return;
        }
        out.printf("The reta size of port %d is %d%n", portId, size);
        if (size > RETA_SIZE_MAX)
        {
            printError("Currently do not support more than " + RETA_SIZE_MAX + " entries of redirection table");
            return;
        }
        final long[] masks = new long[RETA_SIZE_MAX / RETA_GROUP];
        final int[] queues = new int[RETA_SIZE_MAX];
        if (!parseRetaConfig(items, size, masks, queues))
        {
            printError("Invalid RSS Redirection Table config entered");
            return;
        }
        try
        {
            out.flush();
            Port.of(portId).redirect(size, masks, queues);
        }
        catch (final DpdkException ex)
        {
            printError("Bad redirection table parameter, return code = " + -ex.errno());
        }
    }

    /**
     * testpmd's {@code parse_reta_config}: each {@code (hash,queue)} in the text, numbers as {@code strtoul} reads
     * them in base 0, at most 65535; a hash index past the table is said.
     *
     * @return false when the text is refused (the pairs before the bad one are not applied either)
     */
    private boolean parseRetaConfig(final String text, final int size, final long[] masks, final int[] queues)
    {
        int from = 0;
        for (int open = text.indexOf('('); open >= 0; open = text.indexOf('(', from))
        {
            final int close = text.indexOf(')', open + 1);
            if (close < 0 || close - open - 1 >= RETA_TEXT_MAX)
            {
                return false;
            }
            from = close;
            final List<String> fields = strsplit(text.substring(open + 1, close), 2);
            if (fields.size() != 2)
            {
                return false;
            }
            final long hash = retaNumber(fields.get(0));
            final long queue = retaNumber(fields.get(1));
            if (hash < 0 || queue < 0)
            {
                return false;
            }
            if (hash >= size)
            {
                printError("Invalid RETA hash index=" + hash);
                return false;
            }
            masks[(int)hash / RETA_GROUP] |= 1L << (hash % RETA_GROUP);
            queues[(int)hash] = (int)queue;
        }
        return true;
    }

    /**
     * A number of a reta pair as {@code parse_reta_config} takes it: {@code strtoul(s, &end, 0)} with digits (after
     * blanks and a sign; a '-' negates, so "-0" is 0), not overflowing, at most 65535.
     *
     * @return the number, or -1 when refused
     */
    private static long retaNumber(final String field)
    {
        int i = 0;
        while (i < field.length() && " \t\n\u000b\f\r".indexOf(field.charAt(i)) >= 0)
        {
            i++;
        }
        if (i < field.length() && (field.charAt(i) == '+' || field.charAt(i) == '-'))
        {
            i++;
        }
        if (i >= field.length() || field.charAt(i) < '0' || field.charAt(i) > '9')
        {
            return -1; // end == str: no digits
        }
        final long value = CNumbers.strtoull(field, 0); // all ones on overflow (errno ERANGE)
        return Long.compareUnsigned(value, 0xFFFF) > 0 ? -1 : value;
    }

    /**
     * {@code show port N rss reta SIZE (mask0[,mask1]*)}: testpmd's {@code cmd_showport_reta_parsed}, each entry a
     * mask selects as "RSS RETA configuration: hash index=I, queue=Q", one mask ({@code strtoull}, base 0) per 64
     * entries of SIZE; a size past the device's table, a wrong number of masks, or the driver's refusal (ethdev's
     * line, then testpmd's return code) is said on standard error.
     *
     * @param portId any port id
     * @param size   the table size asked for
     * @param masks  the masks' token
     */
    void showRssReta(final int portId, final int size, final String masks)
    {
        final DeviceInfo info = infoOrPrintErr(portId);
        if (info == null)
        {
            return;
        }
        final int max = Math.min(info.details().retaSize(), RETA_SIZE_MAX);
        if (size == 0 || size > max)
        {
            printError(String.format("Invalid redirection table size: %d (1-%d)", size, max));
            return;
        }
        // showport_parse_reta_config: the first parenthesis only, one mask per group of 64 entries.
        final long[] selected = new long[RETA_SIZE_MAX / RETA_GROUP];
        final int open = masks.indexOf('(');
        final int close = open < 0 ? -1 : masks.indexOf(')', open + 1);
        final int groups = (size + RETA_GROUP - 1) / RETA_GROUP;
        boolean parsed = close >= 0;
        if (parsed && close - open - 1 >= RETA_TEXT_MAX)
        {
            printError("The string size exceeds the internal buffer size");
            parsed = false;
        }
        else if (parsed)
        {
            final List<String> fields = strsplit(masks.substring(open + 1, close), groups);
            if (fields.size() != groups)
            {
                printError("The bits of masks do not match the number of reta entries: " + groups);
                parsed = false;
            }
            for (int g = 0; parsed && g < groups; g++)
            {
                selected[g] = CNumbers.strtoull(fields.get(g), 0);
            }
        }
        if (!parsed)
        {
            printError("Invalid string: " + masks + " for reta masks");
            return;
        }
        final int[] queues;
        try
        {
            out.flush();
            queues = Port.of(portId).redirectionTable(size, selected);
        }
        catch (final DpdkException ex)
        {
            printError("Failed to get RSS RETA info, return code = " + -ex.errno());
            return;
        }
        for (int i = 0; i < size; i++)
        {
            if ((selected[i / RETA_GROUP] & 1L << (i % RETA_GROUP)) != 0)
            {
                out.printf("RSS RETA configuration: hash index=%d, queue=%d%n", i, queues[i]);
            }
        }
    }

    /**
     * DPDK's {@code rte_strsplit(s, .., max, ',')}: at most {@code max} fields, the last running to the end of the
     * text; a ',' at the very end starts no field.
     */
    private static List<String> strsplit(final String text, final int max)
    {
        final List<String> fields = new ArrayList<>();
        int at = 0;
        while (at < text.length() && fields.size() < max)
        {
            final int comma = text.indexOf(',', at);
            if (fields.size() == max - 1 || comma < 0)
            {
                fields.add(text.substring(at));
                break;
            }
            fields.add(text.substring(at, comma));
            at = comma + 1;
        }
        return fields;
    }

    /**
     * {@code show port N rss-hash [key]}: testpmd's {@code port_rss_hash_conf_show}, after the command checked the
     * port id. The hash functions in force ({@link Port#rssHashConf}) as testpmd names them ({@link RssTypes}), and
     * with {@code key} the hash key in upper-case hex; "RSS disabled" when there are none. Its errors go to standard
     * error: a device whose {@code hash_key_size} is 0 or above {@link #RSS_HASH_KEY_LENGTH}, a driver without the
     * operation (ENOTSUP), any other failure with its {@code diag}.
     *
     * @param portId  a probed port, or {@link CmdLine#PORT_ALL}, which testpmd lets through to fail here
     * @param withKey also show the key
     */
    void showRssHash(final int portId, final boolean withKey)
    {
        final DeviceInfo info = infoOrPrintErr(portId); // ethdev's "Invalid port_id=N" first, as under testpmd
        if (info == null)
        {
            return;
        }
        final Port port = Port.of(portId);
        if (info.hashKeySize() == 0 || info.hashKeySize() > RSS_HASH_KEY_LENGTH)
        {
            printError("dev_info did not provide a valid hash key size");
            return;
        }
        final RssHashConf conf;
        try
        {
            conf = port.rssHashConf(withKey);
        }
        catch (final DpdkException ex)
        {
            printError(switch (ex.errno())
            {
                case ENODEV -> "port index " + portId + " invalid";
                case ENOTSUP -> "operation not supported by device";
                default -> "operation failed - diag=" + -ex.errno();
            });
            return;
        }
        if (conf.hashFunctions() == 0)
        {
            out.println("RSS disabled");
            return;
        }
        final StringBuilder sb = new StringBuilder(256);
        sb.append("RSS functions:\n").append(RssTypes.display(conf.hashFunctions(), RssTypes.CHARS_PER_LINE));
        if (withKey)
        {
            sb.append("RSS key:\n").append(HexFormat.of().withUpperCase().formatHex(conf.key())).append('\n');
        }
        out.print(sb);
    }

    /** {@code text} and a line end on standard error, after flushing standard output so both keep their order. */
    private void printError(final String text)
    {
        out.flush();
        err.println(text);
        err.flush();
    }

    /** testpmd's {@code port_infos_display}. */
    void showPortInfo(final int portId)
    {
        final Port port = Port.of(portId);
        final DeviceInfo info = port.info();
        final DeviceInfo.Details more = info.details();
        final LinkStatus link = port.link();
        final String border = "*********************";
        final StringBuilder sb = new StringBuilder(2048);
        sb.append(String.format("%n%s Infos for port %-2d %s%n", border, portId, border));
        sb.append(String.format("MAC address: %s%n", port.macAddressString()));
        sb.append(String.format("Device name: %s%n", port.name()));
        sb.append(String.format("Driver name: %s%n", info.driverName()));
        final String firmware = port.firmwareVersion();
        sb.append(String.format("Firmware-version: %s%n", firmware != null ? firmware : "not available"));
        if (more.devArgs() != null)
        {
            sb.append(String.format("Devargs: %s%n", more.devArgs()));
        }
        sb.append(String.format("Connect to socket: %d%n", socketOf(portId)));
        if (portNuma[portId] < 0)
        {
            sb.append(String.format("memory allocation on the socket: %d%n", socketOf(portId)));
        }
        else if (pools.containsKey(portNuma[portId]))
        {
            sb.append(String.format("memory allocation on the socket: %d%n", portNuma[portId]));
        }
        sb.append(String.format("Link status: %s%n", link.up() ? "up" : "down"));
        sb.append(String.format("Link speed: %s%n", link.speedText()));
        sb.append(String.format("Link duplex: %s%n", link.fullDuplex() ? "full-duplex" : "half-duplex"));
        sb.append(String.format("Autoneg status: %s%n", link.autoneg() ? "On" : "Off"));
        final int mtu = port.mtu();
        if (mtu >= 0)
        {
            sb.append(String.format("MTU: %d%n", mtu));
        }
        sb.append(String.format("Promiscuous mode: %s%n", port.promiscuous() ? "enabled" : "disabled"));
        sb.append(String.format("Allmulticast mode: %s%n", port.allMulticast() ? "enabled" : "disabled"));
        sb.append(String.format("Maximum number of MAC addresses: %d%n", Integer.toUnsignedLong(more.maxMacAddrs())));
        sb.append(String.format("Maximum number of MAC addresses of hash filtering: %d%n",
            Integer.toUnsignedLong(more.maxHashMacAddrs())));
        final int vlan = port.vlanOffload();
        if (vlan >= 0)
        {
            sb.append(String.format("VLAN offload: %n  strip %s, filter %s, extend %s, qinq strip %s%n",
                onOff((vlan & Port.VLAN_STRIP_OFFLOAD) != 0), onOff((vlan & Port.VLAN_FILTER_OFFLOAD) != 0),
                onOff((vlan & Port.VLAN_EXTEND_OFFLOAD) != 0), onOff((vlan & Port.QINQ_STRIP_OFFLOAD) != 0)));
        }
        if (info.hashKeySize() > 0)
        {
            sb.append(String.format("Hash key size in bytes: %d%n", info.hashKeySize()));
        }
        if (more.retaSize() > 0)
        {
            sb.append(String.format("Redirection table size: %d%n", more.retaSize()));
        }
        if (info.flowTypeRssOffloads() == 0)
        {
            sb.append(String.format("No RSS offload flow type is supported.%n"));
        }
        else
        {
            sb.append(String.format("Supported RSS offload flow types:%n"));
            sb.append(RssTypes.offloadTypesDisplay(info.flowTypeRssOffloads(), RssTypes.CHARS_PER_LINE)
                .replace("\n", System.lineSeparator()));
        }
        sb.append(String.format("Minimum size of RX buffer: %d%n", Integer.toUnsignedLong(more.minRxBufSize())));
        sb.append(String.format("Maximum configurable length of RX packet: %d%n",
            Integer.toUnsignedLong(info.maxRxPktLen())));
        sb.append(String.format("Maximum configurable size of LRO aggregated packet: %d%n",
            Integer.toUnsignedLong(more.maxLroPktSize())));
        if (more.maxVfs() != 0)
        {
            sb.append(String.format("Maximum number of VFs: %d%n", more.maxVfs()));
        }
        if (more.maxVmdqPools() != 0)
        {
            sb.append(String.format("Maximum number of VMDq pools: %d%n", more.maxVmdqPools()));
        }
        sb.append(String.format("Current number of RX queues: %d%n", info.details().nbRxQueues()));
        sb.append(String.format("Max possible RX queues: %d%n", info.maxRxQueues()));
        sb.append(String.format("Max possible number of RXDs per queue: %d%n", info.rxDescMax()));
        sb.append(String.format("Min possible number of RXDs per queue: %d%n", info.rxDescMin()));
        sb.append(String.format("RXDs number alignment: %d%n", more.rxDescAlign()));
        sb.append(String.format("Current number of TX queues: %d%n", info.details().nbTxQueues()));
        sb.append(String.format("Max possible TX queues: %d%n", info.maxTxQueues()));
        sb.append(String.format("Max possible number of TXDs per queue: %d%n", info.txDescMax()));
        sb.append(String.format("Min possible number of TXDs per queue: %d%n", info.txDescMin()));
        sb.append(String.format("TXDs number alignment: %d%n", more.txDescAlign()));
        sb.append(String.format("Max segment number per packet: %d%n", more.txSegMax()));
        sb.append(String.format("Max segment number per MTU/TSO: %d%n", more.txMtuSegMax()));
        sb.append(String.format("Device capabilities: 0x%x(", more.devCapa()));
        for (long rest = more.devCapa(); rest != 0; rest &= rest - 1)
        {
            sb.append(' ').append(Port.capabilityName(Long.lowestOneBit(rest)));
        }
        sb.append(String.format(" )%n"));
        if (more.switchDomainId() != DeviceInfo.SWITCH_DOMAIN_ID_INVALID)
        {
            if (more.switchName() != null)
            {
                sb.append(String.format("Switch name: %s%n", more.switchName()));
            }
            sb.append(String.format("Switch domain Id: %d%nSwitch Port Id: %d%n", more.switchDomainId(),
                more.switchPortId()));
            if ((more.devCapa() & DEV_CAPA_RXQ_SHARE) != 0)
            {
                sb.append(String.format("Switch Rx domain: %d%n", more.switchRxDomain()));
            }
        }
        sb.append(String.format("Device error handling mode: %s%n", switch (more.errHandleMode())
        {
            case 0 -> "none";
            case 1 -> "passive";
            case 2 -> "proactive";
            default -> "unknown";
        }));
        out.print(sb);
    }

    // ---- exit ------------------------------------------------------------------------------------

    /** testpmd's {@code pmd_test_exit}: stop forwarding, stop and close the ports, account for the pool. */
    private void exit()
    {
        synchronized (control)
        {
            closing = true; // a removal event that comes now leaves the port to the exit
            exitLocked();
        }
    }

    private void exitLocked()
    {
        if (forwarding)
        {
            stopForwarding();
        }
        // pmd_notify_secondary: a dpdk-testpmd attached to this primary as a secondary stops when told so.
        out.printf("%nPrimary: Sending 'stop_req' request to secondary...%n");
        out.flush();
        eal.requestPeers(TESTPMD_MP, new byte[Integer.BYTES], STOP_REQUEST_TIMEOUT); // TESTPMD_REQ_TYPE_EXIT: 0
        if (params.mpAlloc.equals("anon"))
        {
            allPools.forEach(this::dmaUnmapChunks);
        }
        params.noLinkCheck = true;
        for (final int id : probedIds)
        {
            out.printf("%nStopping port %d...%n", id);
            stopPort(id);
        }
        for (final int id : probedIds.clone())
        {
            out.printf("%nShutting down port %d...%n", id);
            closePort(id);
        }
        for (final Mempool p : allPools)
        {
            out.printf("%nMempool %s: %d of %d mbufs in use%n", p.name(), p.inUseCount(), p.size());
        }
        out.printf("%nBye...%n");
        out.flush();
    }

    // ---- plumbing --------------------------------------------------------------------------------

    /**
     * SIGINT and SIGTERM end the run cleanly, as in testpmd 22.11.11; a second one exits at once. testpmd's
     * {@code signal()} catches SIGINT even when the process started with it ignored (a background job of a script);
     * {@link Signals} resets such a disposition before handing the signal to the JVM.
     */
    private void installSignalHandlers()
    {
        for (final String name : new String[] { "INT", "TERM" })
        {
            Signals.handle(name, number ->
            {
                if (signals++ > 0)
                {
                    Runtime.getRuntime().halt(128 + number);
                }
                quit = true;
            });
        }
    }

    /** Reads standard input on a daemon thread, so that a signal can end a wait for a line. */
    private void startStdinReader(final InputStream in)
    {
        final Thread reader = new Thread(() ->
        {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)))
            {
                String line;
                while ((line = r.readLine()) != null)
                {
                    stdinLines.add(line);
                }
            }
            catch (final IOException ignored)
            {
                // treated as the end of input
            }
            stdinLines.add(EOF);
        }, "testpmd-stdin");
        reader.setDaemon(true);
        reader.start();
    }
}
