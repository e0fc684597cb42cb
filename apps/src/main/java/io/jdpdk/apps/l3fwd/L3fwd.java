package io.jdpdk.apps.l3fwd;

import io.jdpdk.apps.common.AppArgs;
import io.jdpdk.apps.common.AppMain;
import io.jdpdk.apps.common.CNumbers;
import io.jdpdk.apps.common.LinkCheck;
import io.jdpdk.apps.common.NicStats;
import io.jdpdk.apps.common.OptionOrder;
import io.jdpdk.apps.common.ParseOutput;
import io.jdpdk.apps.common.Shutdown;
import io.jdpdk.apps.l3fwd.L3fwdConfig.ConfigException;
import io.jdpdk.apps.l3fwd.L3fwdConfig.LcoreParams;
import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.Lcore;
import io.jdpdk.eal.LcoreException;
import io.jdpdk.eal.LcorePolls;
import io.jdpdk.eal.Log;
import io.jdpdk.lpm.Fib6;
import io.jdpdk.lpm.Lpm4;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.DeviceInfo;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;
import io.jdpdk.pmd.RssTypes;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * DPDK 22.11's {@code examples/l3fwd} in Java: IPv4 and IPv6 forwarding by longest-prefix match (LPM, FIB), exact
 * match of the 5-tuple (EM) or access-control rules (ACL) over the ports of a mask, RX queues spread over lcores by {@code --config}, l3fwd's
 * header checks, TTL decrement and MAC rewrite ({@link LpmRouter}), per-port TX buffers drained every 100 us
 * ({@link LcoreForwarder}).
 * <pre>
 *   apps/bin/l3fwd [EAL args] -- -p PORTMASK [-P] [-L | -E | --lookup=lpm|em|fib|acl] [--ipv6] [--alg ALG]
 *       [--no-numa] [--mode=poll]
 *       [--max-pkt-len PKTLEN] [--per-port-pool] [--hash-entry-num N]
 *       --config="(port,queue,lcore)[,(port,queue,lcore)...]" [--eth-dest=PORT,XX:XX:XX:XX:XX:XX ...]
 *       [--rx-queue-size N] [--tx-queue-size N] [--parse-ptype]
 *       [--rule_ipv4=FILE --rule_ipv6=FILE | --route-file FILE] [--idle busy|backoff] [--stats-period S]
 *       [--strict-rfc1812]
 * </pre>
 * Arguments as l3fwd's, plus {@code --route-file} (IPv4 routes as {@link RouteTable#parse(Path)} reads them;
 * default DPDK's sixteen routes 198.18.N.0/24 to port N, {@link RouteTable#defaultIpv4Routes()}), {@code --idle} (back
 * off when idle instead of busy polling, for shared machines), {@code --stats-period} (port statistics every
 * S seconds) and {@code --strict-rfc1812} (drop what RFC 1812 has a router drop and DPDK's l3fwd forwards: TTL 0 and
 * 1, bad header checksums, lengths that lie; {@link LpmRouter.Checks#RFC1812}). Without it every frame leaves as it
 * leaves DPDK's l3fwd ({@link LpmRouter.Checks#L3FWD}). {@code --mode=eventdev} is refused with a message. The
 * lookup methods ({@link LpmRouter.Lookup}): LPM (the default, {@code -L}); FIB, the same routes
 * and answers, except that l3fwd_fib.c looks up every frame that is not IPv4 as IPv6; EM ({@code -E}), l3fwd_em.c's
 * 5-tuple rules ({@link ExactMatch}: DPDK's sixteen, or the {@code --rule_ipv4}/{@code --rule_ipv6} pair in EM's
 * format), IPv4 ones unless {@code --ipv6} loads the IPv6 ones instead, as l3fwd does; ACL, the routes and deny rules
 * of both rule files in ACL's format ({@link Acl}; no defaults), the first that matches deciding, everything else
 * dropped ({@code --alg} is printed, not used). IPv6 routes are DPDK's
 * sixteen, 2001:200:0:N::/64 to port N
 * ({@link RouteTable#defaultIpv6Routes()}), in a {@link Fib6} (rte_fib6's TRIE layout, in Java). As in DPDK's l3fwd,
 * {@code --rule_ipv4=FILE --rule_ipv6=FILE} replace both default tables, and are read only as a pair (one
 * alone: the defaults, with a note). Route files are read whole before the EAL starts: a malformed line stops l3fwd
 * with its file and line number and nothing loaded. Unlike DPDK's l3fwd, whose tables stop at 1024 rules, the
 * tables grow to the routes given ({@link RouteTable#newLpm4}, {@link RouteTable#newFib6}): a full Internet table
 * of a million routes loads in about two seconds.
 * <p>
 * Setup follows l3fwd's {@code main()}: one mbuf pool sized by l3fwd's {@code NB_MBUF} (with {@code --per-port-pool}
 * one per port, each sized for one), each port's MTU {@code --max-pkt-len} less the device's overhead (with
 * multi-segment TX above 1500, as {@code config_port_max_pkt_len}), {@code --hash-entry-num} ignored with l3fwd's
 * note, {@code --no-numa} accepted (the pools are on the first lcore's socket either way), routes to ports outside
 * the mask skipped ({@code setup_lpm}), each enabled port configured with the RX queues {@code --config} gives it
 * and one TX queue per forwarding lcore, destination MAC {@code 02:00:00:00:00:<port>} unless
 * {@code --eth-dest} says otherwise, promiscuous mode only with {@code -P}. Differences: without
 * {@code --config}, DPDK falls back to a built-in table for ports 0-3 on lcores 2 and 3 ({@link #DPDK_DEFAULT_CONFIG})
 * that rarely fits the machine; here every enabled port's queue 0 goes to the main lcore. TX queues are made for
 * the lcores of {@code --config} only (l3fwd makes one for every EAL lcore, used or not), so a net_pcap port
 * needs one {@code tx_pcap} per forwarding lcore. A port of the mask that is not present is reported and packets
 * routed to it are dropped (l3fwd leaves that to {@code rte_eth_tx_burst}).
 * <p>
 * Each forwarding lcore runs an {@link LcoreForwarder}: worker lcores through {@link Lcore#launch}, the main lcore
 * (when {@code --config} names it) on the main thread, which also polls for Ctrl-C. At exit: port statistics,
 * forwarding and drop counters by reason, ports closed, and the pool's in-use count (0 when every mbuf came home).
 */
public final class L3fwd
{
    /** l3fwd's {@code lcore_params_array_default}, used by DPDK when {@code --config} is absent. */
    static final String DPDK_DEFAULT_CONFIG = "(0,0,2),(0,1,2),(0,2,2),(1,0,2),(1,1,2),(1,2,2),(2,0,2),(3,0,3),(3,1,3)";

    /** {@code RTE_ETHER_MTU}. */
    private static final int ETHER_MTU = 1500;

    /** {@code MEMPOOL_CACHE_SIZE}. */
    static final int MEMPOOL_CACHE_SIZE = 256;


    private static final String NAME = "l3fwd";

    /** How often the main thread looks at Ctrl-C and the workers' health when it has no queue of its own. */
    private static final long CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    /** A forwarding main lcore reads the clock for its checks once in this many duty cycles (a power of two). */
    private static final int CLOCK_STRIDE_MASK = 31;

    private L3fwd()
    {
    }

    /** The app's options, after {@code --}. */
    @Command(name = NAME, mixinStandardHelpOptions = true, sortOptions = false,
        description = "DPDK l3fwd: forward IPv4 and IPv6 by longest-prefix match (lpm, fib), exact match (em) or " +
            "access-control rules (acl).")
    static final class Options
    {
        @Option(names = "-p", paramLabel = "PORTMASK", description = "hexadecimal bitmask of ports to configure")
        String portMask;

        @Option(names = "-P", description = "enable promiscuous mode")
        boolean promiscuous;

        @Option(names = "-L", description = "longest prefix match (legacy flag; same as --lookup=lpm)")
        boolean lpm;

        @Option(names = "-E", description = "exact match (legacy flag; same as --lookup=em)")
        boolean exactMatch;

        @Option(names = "--lookup", paramLabel = "METHOD",
            description = "lookup method: lpm (default), em, fib or acl")
        String lookup;

        @Option(names = "--ipv6", description = "exact match: load the IPv6 rules instead of the IPv4 ones")
        boolean ipv6;

        @Option(names = "--alg", paramLabel = "ALG", description = "ACL classify method, one of scalar|sse|avx2|neon|" +
            "altivec|avx512x16|avx512x32 (accepted and printed: jdpdk's ACL is one Java scan, whichever is named)")
        String alg;

        @Option(names = "--no-numa",
            description = "accepted as DPDK's l3fwd does; jdpdk's l3fwd makes one mbuf pool, as l3fwd does on one socket")
        boolean noNuma;

        @Option(names = "--max-pkt-len", paramLabel = "PKTLEN",
            description = "maximum packet length in decimal (64-9600): each port's MTU is this less its overhead")
        Integer maxPktLen;

        @Option(names = "--per-port-pool", description = "one mbuf pool per port")
        boolean perPortPool;

        @Option(names = "--hash-entry-num", paramLabel = "N", description = "ignored, as DPDK's l3fwd ignores it")
        String hashEntryNum;

        @Option(names = "--config", paramLabel = "(port,queue,lcore)[,...]", description = "RX queue configuration")
        String config;

        @Option(names = "--eth-dest", paramLabel = "PORT,MAC", description = "Ethernet destination for a port")
        List<String> ethDest = new ArrayList<>();

        @Option(names = "--mode", paramLabel = "MODE",
            description = "packet transfer mode: poll (eventdev: not supported)")
        String mode = "poll";

        @Option(names = "--rx-queue-size", paramLabel = "NPKTS", description = "RX queue size (default 1024)")
        int rxQueueSize = 1024;

        @Option(names = "--tx-queue-size", paramLabel = "NPKTS", description = "TX queue size (default 1024)")
        int txQueueSize = 1024;

        @Option(names = "--parse-ptype",
            description = "parse packet types in software (jdpdk always does; DPDK's l3fwd needs it on PMDs " +
                "that report none, as the virtual ones)")
        boolean parsePtype;

        @Option(names = "--strict-rfc1812",
            description = "drop TTL 0 and 1, bad IPv4 header checksums and lying lengths, as RFC 1812 has a router " +
                "do (DPDK's l3fwd forwards them, and so does jdpdk without this)")
        boolean strictRfc1812;

        @Option(names = "--route-file", paramLabel = "FILE",
            description = "IPv4 routes, one 'A.B.C.D/len port' a line (default: DPDK l3fwd's 198.18.N.0/24 -> port N)")
        Path routeFile;

        @Option(names = "--rule_ipv4", paramLabel = "FILE",
            description = "IPv4 routes, 'RA.B.C.D/len port' a line (used with --rule_ipv6, as DPDK's l3fwd)")
        Path ruleIpv4;

        @Option(names = "--rule_ipv6", paramLabel = "FILE",
            description = "IPv6 routes, 'RX:X::X/len port' a line (used with --rule_ipv4, as DPDK's l3fwd)")
        Path ruleIpv6;

        @Option(names = "--idle", paramLabel = "busy|backoff",
            description = "when no packet arrives: busy-poll (default) or back off")
        String idle = "busy";

        @Option(names = "--stats-period", paramLabel = "S",
            description = "print port statistics every S seconds (0: only at exit)")
        double statsPeriod;
    }

    /**
     * Runs l3fwd on standard output and error; exits with status 1 for bad options, an unreadable rule file or a
     * failed DPDK call, else returns.
     *
     * @param args EAL arguments, {@code --}, then l3fwd's options
     */
    public static void main(final String[] args)
    {
        AppMain.run(args, L3fwd::run);
    }

    /** The whole app; returns the exit code. */
    static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        final AppArgs split = AppArgs.split(args);
        final Options options = new Options();
        // An option given twice takes its last value, as getopt_long's loop leaves it.
        final CommandLine cli = new CommandLine(options).setOverwrittenOptionsAllowed(true);
        final L3fwdConfig config;
        final Routes routes;
        // What parse_args prints comes after EAL's lines, as l3fwd parses its arguments after rte_eal_init.
        final ParseOutput parsing = new ParseOutput(out, err);
        try
        {
            final List<ArgSpec> matched = cli.parseArgs(split.app()).matchedArgs();
            if (cli.isUsageHelpRequested())
            {
                cli.usage(out);
                return 0;
            }
            // parse_args meets each option in command-line order: it prints as it goes, once per occurrence, and stops
            // at the first bad portmask, config or lookup (a second lookup flag, even the same, is one). What it
            // checks of the others is checked below on their last value.
            final int[] lookupFlags = {0}; // -E, -L and --lookup met so far: a second one is refused, even the same
            OptionOrder.forEach(matched, (name, value) ->
            {
                switch (name)
                {
                    case "--parse-ptype" -> parsing.out().println("soft parse-ptype is enabled");
                    case "--per-port-pool" -> parsing.out().println("per port buffer pool is enabled");
                    case "--hash-entry-num" -> parsing.err().println("Hash entry number will be ignored");
                    case "-p" -> L3fwdConfig.parsePortMask(value);
                    case "--config" -> L3fwdConfig.parseLcoreParams(value);
                    case "-E", "-L", "--lookup" ->
                    {
                        if (++lookupFlags[0] > 1)
                        {
                            throw new ConfigException("Only one lookup mode is allowed at a time!");
                        }
                        if (name.equals("--lookup"))
                        {
                            lookupMethod(value);
                        }
                    }
                    default ->
                    {
                    }
                }
            });
            config = configure(options, parsing.err());
            if (options.routeFile != null && (options.ruleIpv4 != null || options.ruleIpv6 != null))
            {
                final String rules = options.ruleIpv4 == null ? "--rule_ipv6" :
                    options.ruleIpv6 == null ? "--rule_ipv4" : "--rule_ipv4 and --rule_ipv6";
                throw new ConfigException("--route-file cannot be combined with " + rules +
                    ": give routes as a --rule_ipv4/--rule_ipv6 pair or as --route-file, not both");
            }
            routes = Routes.read(config.lookup(), options, config.portMask(), parsing);
        }
        catch (final CommandLine.ParameterException | ConfigException ex)
        {
            parsing.release();
            err.println(NAME + ": " + ex.getMessage());
            cli.usage(err);
            err.println(NAME + ": Invalid L3FWD parameters");
            return 1;
        }
        catch (final IOException ex)
        {
            parsing.release();
            err.println(NAME + ": cannot read route file: " + ex.getMessage());
            return 1;
        }
        // One idle strategy per lcore: a backing-off one keeps state.
        final Supplier<IdleStrategy> idle = "backoff".equals(options.idle) ? BackoffIdleStrategy::new :
            BusySpinIdleStrategy::new;

        // The tables need no EAL: they are built on another thread while rte_eal_init runs (their 2 x 64 MiB tbl24 take
        // 0.1-0.2 s to zero at launch) and printed where setup_lpm prints them.
        final FutureTask<LpmRouter.Tables> tables = new FutureTask<>(() -> routes.build(config.portMask()));
        Thread.ofPlatform().name("l3fwd-routes").daemon(true).start(tables);
        final Shutdown shutdown = new Shutdown();
        shutdown.announceSignals(out, "\n\nSignal %d received, preparing to exit...\n"); // signal_handler
        Eal eal = null;
        try
        {
            eal = Eal.init(split.ealOrDefaults(err, "net_null0", "net_null1"));
            parsing.release();
            Port.requireVdevsProbed(eal.args());
            return forward(eal, config, routes, tables, idle, (long)(options.statsPeriod * 1e9),
                options.parsePtype, options.strictRfc1812 ? LpmRouter.Checks.RFC1812 : LpmRouter.Checks.L3FWD,
                shutdown, out, err);
        }
        catch (final DpdkException | ConfigException | IllegalStateException ex)
        {
            err.println(NAME + ": " + ex.getMessage());
            return 1;
        }
        finally
        {
            if (eal != null)
            {
                eal.close();
            }
            shutdown.cleanedUp();
            out.flush();
        }
    }

    /**
     * l3fwd's {@code parse_args} on the parsed options: everything that needs no EAL. A missing
     * {@code --config} is left empty here and filled in once the main lcore is known.
     */
    static L3fwdConfig configure(final Options options, final PrintStream err)
    {
        final LpmRouter.Lookup lookup = lookup(options, err);
        if (!"poll".equals(options.mode))
        {
            throw new ConfigException("mode " + options.mode + " is not supported: jdpdk's l3fwd runs in poll mode " +
                "only (--mode=poll)" + ("eventdev".equals(options.mode) ? "" : "; DPDK knows poll and eventdev"));
        }
        if (!List.of("busy", "backoff").contains(options.idle))
        {
            throw new ConfigException("--idle must be busy or backoff, got " + options.idle);
        }
        if (!(options.statsPeriod >= 0))
        {
            throw new ConfigException("--stats-period must be 0 or more seconds, got " + options.statsPeriod);
        }
        if (options.portMask == null)
        {
            throw new ConfigException("Invalid portmask: -p PORTMASK is required");
        }
        final L3fwdConfig config = new L3fwdConfig().portMask(L3fwdConfig.parsePortMask(options.portMask))
            .lookup(lookup).perPortPool(options.perPortPool)
            .promiscuous(options.promiscuous).rxDesc(options.rxQueueSize).txDesc(options.txQueueSize);
        if (options.maxPktLen != null)
        {
            config.maxPktLen(options.maxPktLen);
        }
        for (final String ethDest : options.ethDest)
        {
            final long[] portMac = L3fwdConfig.parseEthDest(ethDest);
            config.ethDest((int)portMac[0], portMac[1]);
        }
        if (options.config != null)
        {
            config.lcoreParams(L3fwdConfig.parseLcoreParams(options.config)).conclude();
        }
        return config;
    }

    /**
     * The lookup method of {@code -L}, {@code -E} and {@code --lookup} ({@code parse_args}, {@code parse_lookup}): one
     * of them at most; none is LPM, with l3fwd's note on {@code err}.
     */
    static LpmRouter.Lookup lookup(final Options options, final PrintStream err)
    {
        if ((options.exactMatch ? 1 : 0) + (options.lpm ? 1 : 0) + (options.lookup != null ? 1 : 0) > 1)
        {
            throw new ConfigException("Only one lookup mode is allowed at a time!");
        }
        if (options.exactMatch)
        {
            return LpmRouter.Lookup.EM;
        }
        if (options.lpm)
        {
            return LpmRouter.Lookup.LPM;
        }
        if (options.lookup == null)
        {
            err.println("Neither ACL, LPM, EM, or FIB selected, defaulting to LPM");
            return LpmRouter.Lookup.LPM;
        }
        return lookupMethod(options.lookup);
    }

    /** {@code --lookup}'s value, as {@code parse_lookup} takes it. */
    private static LpmRouter.Lookup lookupMethod(final String name)
    {
        return switch (name)
        {
            case "lpm" -> LpmRouter.Lookup.LPM;
            case "em" -> LpmRouter.Lookup.EM;
            case "fib" -> LpmRouter.Lookup.FIB;
            case "acl" -> LpmRouter.Lookup.ACL;
            default -> throw new ConfigException("Invalid lookup option! Accepted options: acl, em, lpm, fib");
        };
    }

    /** Everything after rte_eal_init: l3fwd's resource setup, main loop and exit. @return the exit code */
    private static int forward(final Eal eal, final L3fwdConfig config, final Routes routes,
        final FutureTask<LpmRouter.Tables> tables, final Supplier<IdleStrategy> idle,
        final long statsNanos, final boolean parsePtype, final LpmRouter.Checks checks, final Shutdown shutdown,
        final PrintStream out, final PrintStream err)
    {
        final int[] present = Port.ids();
        if (config.lcoreParams().isEmpty())
        {
            config.lcoreParams(defaultLcoreParams(config, present, eal.mainLcore(), err));
        }
        config.conclude();
        checkLcoreParams(eal, config, present);
        final LpmRouter.Tables built = await(tables);
        // setup_lpm, setup_fib, setup_hash: printed by init_mem, after the pool line of the first port.
        final Runnable printRoutes = () -> routes.print(config.portMask(),
            id -> contains(present, id) ? Port.of(id).name() : null, out, err);

        long activeMask = 0;
        for (final int port : config.enabledPorts())
        {
            if (contains(present, port))
            {
                activeMask |= 1L << port;
            }
            else
            {
                err.printf("%s: port %d is in the port mask but not present; packets routed to it are dropped%n",
                    NAME, port);
            }
        }
        final int[] active = Arrays.stream(config.enabledPorts()).filter(p -> contains(present, p)).toArray();
        final int[] lcores = config.lcores();
        // init_mem: one pool for all ports (NB_MBUF(nb_ports)), or with --per-port-pool one per port (NB_MBUF(1)).
        final Mempool[] pools = new Mempool[L3fwdConfig.MAX_PORTS];
        final List<Mempool> created = new ArrayList<>();
        if (!config.perPortPool())
        {
            created.add(Mempool.create("mbuf_pool_0", nbMbuf(config, active, lcores), MEMPOOL_CACHE_SIZE));
        }
        for (final int id : active)
        {
            if (config.perPortPool())
            {
                created.add(Mempool.create("mbuf_pool_" + id, nbMbuf(config, new int[] { id }, lcores),
                    MEMPOOL_CACHE_SIZE));
            }
            pools[id] = created.getLast();
        }

        final Port[] ports = new Port[L3fwdConfig.MAX_PORTS];
        final long[] portMacs = new long[L3fwdConfig.MAX_PORTS];
        long nicChecksumPorts = 0; // where the NIC checks IPv4 header checksums, as DPDK's l3fwd has every port do
        for (final int id : active)
        {
            final boolean first = id == active[0];
            // init_mem prints a line for each pool it makes, and the routes once, after the first.
            final Runnable initMem = !first && !config.perPortPool() ? null : () ->
            {
                out.printf("Allocated mbuf pool on socket %d%n", eal.socketOf(lcores[0]));
                if (first)
                {
                    printRoutes.run();
                }
            };
            ports[id] = initPort(eal, id, config, lcores, pools[id], initMem, out);
            portMacs[id] = ports[id].macAddress();
            if ((ports[id].rxOffloads() & PortConfig.RX_OFFLOAD_IPV4_CKSUM) != 0)
            {
                nicChecksumPorts |= 1L << id;
            }
        }
        for (final int id : active)
        {
            ports[id].start();
        }

        // lcore_conf: the RX queues of each lcore, and TX queue i on every port for the i-th forwarding lcore.
        final Map<Integer, LcoreForwarder> forwarders = new TreeMap<>();
        for (int i = 0; i < lcores.length; i++)
        {
            final List<LcoreParams> queues = config.rxQueuesOf(lcores[i]);
            final Port[] rxPorts = queues.stream().map(p -> ports[p.port()]).toArray(Port[]::new);
            final int[] rxQueueIds = queues.stream().mapToInt(LcoreParams::queue).toArray();
            final int[] txQueueIds = new int[L3fwdConfig.MAX_PORTS];
            Arrays.fill(txQueueIds, i);
            final LpmRouter router = new LpmRouter(built, activeMask, config.ethDests(), portMacs, checks,
                nicChecksumPorts);
            forwarders.put(lcores[i], new LcoreForwarder(lcores[i], rxPorts, rxQueueIds, ports, txQueueIds, router));
        }
        for (final int lcore : eal.lcores())
        {
            out.printf("%nInitializing rx queues on lcore %d ... ", lcore);
            for (final LcoreParams p : config.rxQueuesOf(lcore))
            {
                out.printf("rxq=%d,%d,%d ", p.port(), p.queue(), eal.socketOf(lcore));
            }
        }
        out.printf("%n");
        if (parsePtype)
        {
            for (final int lcore : eal.lcores())
            {
                for (final LcoreParams p : config.rxQueuesOf(lcore))
                {
                    out.printf("Port %d: softly parse packet type info%n", p.port()); // prepare_ptype_parser
                }
            }
        }
        LinkCheck.checkAllPortsLinkStatus(ports, shutdown, out);

        final int code = runLcores(eal, forwarders, idle, statsNanos, shutdown, ports, out, err);
        printStats(forwarders, ports, active, out);
        for (final int id : active)
        {
            out.printf("Closing port %d...", id);
            ports[id].close();
            out.printf(" Done%n");
        }
        for (final Mempool pool : created)
        {
            out.printf("Mempool %s: %d of %d mbufs in use%n", pool.name(), pool.inUseCount(), pool.size());
        }
        out.println("Bye...");
        return code;
    }

    /** Queue 0 of every enabled, present port on the main lcore: what l3fwd does here without --config. */
    private static List<LcoreParams> defaultLcoreParams(final L3fwdConfig config, final int[] present,
        final int mainLcore, final PrintStream err)
    {
        final List<LcoreParams> params = new ArrayList<>();
        for (final int port : config.enabledPorts())
        {
            if (contains(present, port))
            {
                params.add(new LcoreParams(port, 0, mainLcore));
            }
        }
        err.println(NAME + ": no --config given; DPDK l3fwd would use " + DPDK_DEFAULT_CONFIG + "; using " +
            String.join(",", params.stream().map(LcoreParams::toString).toList()) +
            " (queue 0 of every enabled port on the main lcore)");
        return params;
    }

    /**
     * The routes of one lookup method, as read from the rule files or l3fwd's defaults: prefixes for LPM and FIB,
     * 5-tuple rules for EM (of which only one family is loaded: IPv6 with {@code --ipv6}, else IPv4, as l3fwd's
     * {@code setup_hash}), the rules of both files for ACL (which has no defaults); the lists of the other methods
     * empty.
     */
    record Routes(LpmRouter.Lookup lookup, List<RouteTable.Route> prefixes, List<RouteTable.Route6> prefixes6,
        List<ExactMatch.Rule4> rules4, List<ExactMatch.Rule6> rules6, boolean ipv6, List<Acl.Rule> acl4,
        List<Acl.Rule> acl6, Options options)
    {
        /**
         * read_config_files_lpm / _em / _acl: both rule files, or but for ACL l3fwd's defaults with its note; for LPM
         * and FIB, {@code --route-file} in place of the IPv4 defaults.
         */
        static Routes read(final LpmRouter.Lookup lookup, final Options options, final long portMask,
            final ParseOutput parsing) throws IOException
        {
            final boolean pair = options.ruleIpv4 != null && options.ruleIpv6 != null;
            if (lookup == LpmRouter.Lookup.ACL)
            {
                if (!pair)
                {
                    throw new ConfigException((options.ruleIpv4 == null ? "IPv4" : "IPv6") + " rule file not " +
                        "specified: --lookup=acl needs --rule_ipv4=FILE and --rule_ipv6=FILE");
                }
                return new Routes(lookup, List.of(), List.of(), List.of(), List.of(), false,
                    Acl.parseIpv4(options.ruleIpv4, portMask), Acl.parseIpv6(options.ruleIpv6, portMask), options);
            }
            if (!pair && (lookup == LpmRouter.Lookup.EM || options.routeFile == null))
            {
                // Rule files are read only in pairs.
                parsing.log(Log.INFO, Log.USER1, "L3FWD: Missing 1 or more rule files, using default instead");
            }
            if (lookup == LpmRouter.Lookup.EM)
            {
                if (options.routeFile != null)
                {
                    throw new ConfigException("--route-file gives prefixes for lpm and fib; exact match (-E, " +
                        "--lookup=em) reads 5-tuple rules from --rule_ipv4 and --rule_ipv6");
                }
                return new Routes(lookup, List.of(), List.of(),
                    pair ? ExactMatch.parseIpv4(options.ruleIpv4) : ExactMatch.defaultIpv4Rules(),
                    pair ? ExactMatch.parseIpv6(options.ruleIpv6) : ExactMatch.defaultIpv6Rules(), options.ipv6,
                    List.of(), List.of(), options);
            }
            final List<RouteTable.Route> v4 = pair ? RouteTable.parse(options.ruleIpv4) :
                options.routeFile != null ? RouteTable.parse(options.routeFile) : RouteTable.defaultIpv4Routes();
            final List<RouteTable.Route6> v6 = pair ? RouteTable.parseIpv6(options.ruleIpv6) :
                RouteTable.defaultIpv6Routes();
            return new Routes(lookup, v4, v6, List.of(), List.of(), options.ipv6, List.of(), List.of(), options);
        }

        /** The tables, routes to ports outside {@code portMask} skipped. */
        LpmRouter.Tables build(final long portMask)
        {
            return switch (lookup)
            {
                case EM -> new LpmRouter.Tables(lookup, null, null,
                    ipv6 ? ExactMatch.empty() : ExactMatch.ipv4(rules4, portMask),
                    ipv6 ? ExactMatch.ipv6(rules6, portMask) : ExactMatch.empty(), null, null);
                case ACL -> new LpmRouter.Tables(lookup, null, null, null, null, Acl.ipv4(acl4), Acl.ipv6(acl6));
                case LPM, FIB ->
                {
                    final Lpm4 lpm = RouteTable.newLpm4(prefixes);
                    RouteTable.addTo(lpm, prefixes, portMask);
                    final Fib6 lpm6 = RouteTable.newFib6(prefixes6);
                    RouteTable.addTo(lpm6, prefixes6, portMask);
                    yield new LpmRouter.Tables(lookup, lpm, lpm6, null, null, null, null);
                }
            };
        }

        /**
         * What l3fwd prints as it adds them (setup_lpm, setup_fib, populate_ipv4/ipv6_flow_into_table, setup_acl),
         * each route line ending with the port's device name where {@code device} gives one.
         */
        void print(final long portMask, final IntFunction<String> device, final PrintStream out,
            final PrintStream err)
        {
            switch (lookup)
            {
                case ACL -> Acl.printSetup(options.ruleIpv4, options.ruleIpv6, Acl.algorithmName(options.alg), acl4,
                    acl6, out, err);
                case EM ->
                {
                    if (ipv6)
                    {
                        ExactMatch.printAdded6(rules6, portMask, device, out);
                    }
                    else
                    {
                        ExactMatch.printAdded4(rules4, portMask, device, out);
                    }
                }
                case LPM, FIB ->
                {
                    final String label = lookup == LpmRouter.Lookup.FIB ? "FIB" : "LPM";
                    RouteTable.printAdded(label, prefixes, portMask, device, out);
                    RouteTable.printAdded6(label, prefixes6, portMask, device, out);
                }
            }
        }
    }

    /** The tables {@code task} built; what it threw is thrown here, on the caller's thread. */
    static LpmRouter.Tables await(final FutureTask<LpmRouter.Tables> task)
    {
        try
        {
            return task.get();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the route tables were built", ex);
        }
        catch (final ExecutionException ex)
        {
            if (ex.getCause() instanceof RuntimeException runtime)
            {
                throw runtime;
            }
            throw new IllegalStateException("building the route tables failed: " + ex.getCause(), ex.getCause());
        }
    }

    /**
     * NB_MBUF: the RX rings, TX rings and TX buffers of every port and forwarding lcore, plus the lcores'
     * mempool caches, and never below 8192.
     */
    private static int nbMbuf(final L3fwdConfig config, final int[] ports, final int[] lcores)
    {
        long mbufs = (long)lcores.length * MEMPOOL_CACHE_SIZE;
        for (final int port : ports)
        {
            mbufs += (long)Math.max(1, config.rxQueues(port)) * config.rxDesc() +
                (long)lcores.length * (LcoreForwarder.MAX_PKT_BURST + config.txDesc());
        }
        if (mbufs > Integer.MAX_VALUE)
        {
            throw new ConfigException("too many mbufs needed: " + mbufs);
        }
        return (int)Math.max(mbufs, 8192);
    }

    private static boolean contains(final int[] values, final int value)
    {
        return Arrays.stream(values).anyMatch(v -> v == value);
    }

    /** check_lcore_params and check_port_config, which need EAL. */
    private static void checkLcoreParams(final Eal eal, final L3fwdConfig config, final int[] present)
    {
        final int[] enabled = eal.lcores();
        for (final LcoreParams p : config.lcoreParams())
        {
            if (Arrays.stream(enabled).noneMatch(l -> l == p.lcore()))
            {
                throw new ConfigException("error: lcore " + p.lcore() + " is not enabled in lcore mask " +
                    "(EAL lcores: " + Arrays.toString(enabled) + ")");
            }
            if (!contains(present, p.port()))
            {
                throw new ConfigException("port " + p.port() + " is not present on the board (ports: " +
                    Arrays.toString(present) + ")");
            }
        }
    }

    /**
     * Configures one enabled port as l3fwd's {@code l3fwd_poll_resource_setup} does, and prints it, with what
     * l3fwd's {@code init_mem} prints for the port ({@code initMem}, null for nothing) in its place.
     */
    private static Port initPort(final Eal eal, final int id, final L3fwdConfig config, final int[] lcores,
        final Mempool pool, final Runnable initMem, final PrintStream out)
    {
        final Port port = Port.of(id);
        final DeviceInfo info = port.info();
        // A port may be TX-only in --config; it still gets one RX queue, never polled.
        final int rxQueues = Math.max(1, config.rxQueues(id));
        out.printf("Initializing port %d ... Creating queues: nb_rxq=%d nb_txq=%d... ", id, rxQueues, lcores.length);
        // DPDK's l3fwd asks for RTE_ETH_RX_OFFLOAD_CHECKSUM and stops where a port lacks it; here the IPv4 header
        // checksum is asked for where the port has it, so the port does the work it does for DPDK's l3fwd. Only
        // --strict-rfc1812 reads the verdict (instead of summing the header in software); without it the checksum
        // is checked nowhere, as in DPDK's l3fwd.
        final PortConfig portConfig = new PortConfig().mempool(pool).rxQueues(rxQueues).txQueues(lcores.length)
            .rxDesc(config.rxDesc()).txDesc(config.txDesc()).promiscuous(config.promiscuous())
            .rxOffloads(PortConfig.RX_OFFLOAD_IPV4_CKSUM);
        // port_conf's RSS functions, IP and for ACL also UDP, TCP and SCTP, less what the device lacks, which
        // l3fwd_poll_resource_setup reports (printf's %#x: 0 without the 0x).
        final long rssRequested = RssTypes.IP | (config.lookup() == LpmRouter.Lookup.ACL ?
            RssTypes.UDP | RssTypes.TCP | RssTypes.SCTP : 0);
        final long rssConfigured = rssRequested & info.flowTypeRssOffloads();
        if (rssConfigured != rssRequested)
        {
            out.printf("Port %d modified RSS hash function based on hardware support,requested:%s configured:%s%n",
                id, CNumbers.alternateHex(rssRequested), CNumbers.alternateHex(rssConfigured));
        }
        if (rxQueues > 1)
        {
            portConfig.rssHashFunctions(rssConfigured);
        }
        if (config.maxPktLen() != 0)
        {
            // config_port_max_pkt_len: the frame less the device's overhead (Ethernet header and CRC by default),
            // and multi-segment TX above the standard MTU.
            final int mtu = config.maxPktLen() - info.ethOverhead();
            portConfig.mtu(mtu);
            if (mtu > ETHER_MTU)
            {
                portConfig.txOffloads(PortConfig.TX_OFFLOAD_MULTI_SEGS);
            }
        }
        port.configure(portConfig);
        out.printf(" Address:%s, Destination:%s, ", Port.formatMac(port.macAddress()),
            Port.formatMac(config.ethDest(id)));
        if (initMem != null)
        {
            initMem.run();
        }
        for (int i = 0; i < lcores.length; i++)
        {
            out.printf("txq=%d,%d,%d ", lcores[i], i, eal.socketOf(lcores[i]));
        }
        out.println();
        return port;
    }

    /**
     * rte_eal_mp_remote_launch(main_loop, CALL_MAIN) and rte_eal_mp_wait_lcore: workers get their forwarder,
     * the main thread runs its own (if any) and watches for Ctrl-C. @return 0, or 1 when an lcore failed
     */
    private static int runLcores(final Eal eal, final Map<Integer, LcoreForwarder> forwarders,
        final Supplier<IdleStrategy> idle, final long statsNanos, final Shutdown shutdown, final Port[] ports,
        final PrintStream out, final PrintStream err)
    {
        final int mainLcore = eal.mainLcore();
        final List<Lcore> launched = new ArrayList<>();
        for (final LcoreForwarder forwarder : forwarders.values())
        {
            Log.log(Log.INFO, Log.USER1, "L3FWD: entering main loop on lcore " + forwarder.lcoreId());
            forwarder.logQueues();
            if (forwarder.lcoreId() != mainLcore)
            {
                final Lcore lcore = eal.worker(forwarder.lcoreId());
                lcore.launch(forwarder, idle.get());
                launched.add(lcore);
            }
        }
        for (final int lcore : eal.lcores())
        {
            if (!forwarders.containsKey(lcore))
            {
                Log.log(Log.INFO, Log.USER1, "L3FWD: lcore " + lcore + " has nothing to do");
            }
        }
        out.flush();

        final LcoreForwarder mainForwarder = forwarders.get(mainLcore);
        final AgentInvoker invoker = mainForwarder == null ? null :
            new AgentInvoker(Throwable::printStackTrace, null, mainForwarder);
        final LcorePolls polls = LcorePolls.ofCurrentLcore();
        final Lcore[] workers = launched.toArray(Lcore[]::new);
        int code = 0;
        final NicStats nicStats = new NicStats();
        if (invoker != null)
        {
            invoker.start();
        }
        // The main lcore's loop on the main lcore's CPUs, where rte_eal_init leaves a C program's main thread.
        try (Eal.Pinning _ = eal.pinToMainLcore())
        {
            final IdleStrategy mainIdle = idle.get();
            final long start = System.nanoTime();
            long nextCheck = start + CHECK_NANOS;
            long nextStats = statsNanos > 0 ? start + statsNanos : Long.MAX_VALUE;
            int iterations = 0;
            while (shutdown.isRunning())
            {
                if (invoker != null)
                {
                    mainIdle.idle(polls.record(invoker.invoke()));
                    if (!invoker.isRunning())
                    {
                        err.println(NAME + ": the forwarder of main lcore " + mainLcore + " stopped on an error");
                        code = 1;
                        break;
                    }
                }
                else
                {
                    sleep(CHECK_NANOS / 1_000_000);
                }
                if (invoker != null && (++iterations & CLOCK_STRIDE_MASK) != 0)
                {
                    continue; // a forwarding main lcore reads the clock every few bursts, not for each (30 ns a read)
                }
                final long now = System.nanoTime();
                if (now >= nextCheck)
                {
                    if (anyStopped(workers))
                    {
                        break;
                    }
                    nextCheck = now + CHECK_NANOS;
                }
                if (now >= nextStats)
                {
                    printPortStats(nicStats, ports, out);
                    nextStats = now + statsNanos;
                }
            }
        }
        for (final Lcore lcore : launched)
        {
            lcore.stop();
        }
        for (final Lcore lcore : launched)
        {
            try
            {
                lcore.await();
            }
            catch (final LcoreException ex)
            {
                err.println(NAME + ": " + ex.getMessage());
                code = 1;
            }
        }
        if (invoker != null)
        {
            invoker.close();
        }
        return code;
    }

    /** Whether a worker's forwarder ended by itself (it threw; its await() says what). */
    private static boolean anyStopped(final Lcore[] workers)
    {
        for (final Lcore lcore : workers)
        {
            if (lcore.state() == Lcore.State.WAIT)
            {
                return true;
            }
        }
        return false;
    }

    private static void printPortStats(final NicStats nicStats, final Port[] ports, final PrintStream out)
    {
        for (final Port port : ports)
        {
            if (port != null)
            {
                nicStats.print(port, out);
            }
        }
    }

    /** Port counters, then l3fwd's own: per port, routing, and drops by reason, summed over lcores. */
    private static void printStats(final Map<Integer, LcoreForwarder> forwarders, final Port[] ports,
        final int[] active, final PrintStream out)
    {
        for (final int id : active)
        {
            ports[id].stop();
        }
        printPortStats(new NicStats(), ports, out);
        for (final int id : active)
        {
            long rx = 0;
            long tx = 0;
            long txDropped = 0;
            for (final LcoreForwarder f : forwarders.values())
            {
                rx += f.rx(id);
                tx += f.tx(id);
                txDropped += f.txDropped(id);
            }
            out.printf("L3FWD: port %d: rx=%d tx=%d tx-dropped=%d%n", id, rx, tx, txDropped);
        }
        long routed = 0;
        long misses = 0;
        long nonIp = 0;
        long routed6 = 0;
        long misses6 = 0;
        final long[] drops = new long[LpmRouter.DROP_REASONS];
        for (final LcoreForwarder f : forwarders.values())
        {
            routed += f.router().routed();
            misses += f.router().lpmMisses();
            nonIp += f.router().nonIp();
            routed6 += f.router().routed6();
            misses6 += f.router().lpm6Misses();
            for (int i = 0; i < drops.length; i++)
            {
                drops[i] += f.router().drops(-i - 1);
            }
        }
        out.printf("L3FWD: ipv4-routed=%d lpm-miss-to-input-port=%d ipv6-routed=%d lpm6-miss-to-input-port=%d " +
            "non-ip-to-input-port=%d%n", routed, misses, routed6, misses6, nonIp);
        final StringBuilder sb = new StringBuilder("L3FWD: dropped:");
        for (int i = 0; i < drops.length; i++)
        {
            sb.append(' ').append(LpmRouter.dropName(-i - 1)).append('=').append(drops[i]);
        }
        out.println(sb);
    }

    private static void sleep(final long millis)
    {
        try
        {
            TimeUnit.MILLISECONDS.sleep(millis);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
