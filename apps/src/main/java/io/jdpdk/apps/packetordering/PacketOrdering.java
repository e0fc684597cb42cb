package io.jdpdk.apps.packetordering;

import io.jdpdk.apps.common.AppArgs;
import io.jdpdk.apps.common.AppMain;
import io.jdpdk.apps.common.CNumbers;
import io.jdpdk.apps.common.ParseOutput;
import io.jdpdk.apps.common.RteExit;
import io.jdpdk.apps.common.Shutdown;
import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.Lcore;
import io.jdpdk.eal.LcorePolls;
import io.jdpdk.eal.Log;
import io.jdpdk.eal.timer.LcoreTimers;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;
import io.jdpdk.pmd.PortStats;
import io.jdpdk.pmd.pipeline.BurstFunction;
import io.jdpdk.pmd.pipeline.PacketBurst;
import io.jdpdk.pmd.pipeline.Pipeline;
import io.jdpdk.pmd.pipeline.RxQueue;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * DPDK 22.11's {@code examples/packet_ordering} in Java, on jdpdk's Disruptor {@link Pipeline}: the main lcore
 * receives from every enabled port ({@code rx_thread}), the worker lcores (all but the main and the last) process
 * bursts in parallel ({@code worker_thread}: each packet goes out of port {@code in ^ 1} when there is more than one
 * port), and the last lcore transmits ({@code send_thread}) in the order the packets arrived, or as they come
 * with {@code --disable-reorder} ({@code tx_thread}). The statistics are printed at exit, as {@code print_stats}.
 * <pre>
 *   apps/bin/packet_ordering [EAL options] -- -p PORTMASK [--disable-reorder] [--insight-worker]
 *                                             [--idle busy|backoff] [--stats-period S]
 * </pre>
 * How the order is kept differs from the C app, with the same result on the wire: DPDK stamps a sequence number in
 * each mbuf and restores the order with {@code rte_reorder}'s window; jdpdk's RX numbers whole bursts and deals
 * them to the workers in turn, and TX takes them back in that order from the workers' rings
 * ({@link Pipeline.Builder#inOrder()}), so no packet is ever "too early" for a window: the two "w/o reorder"
 * counters stay 0. Without reordering, RX splits bursts by flow hash, which keeps each flow in order.
 * <p>
 * Also different from the C app: the arguments are checked before {@code rte_eal_init}; TX flushes its buffers at
 * the end of each batch, where DPDK's keeps up to 31 packets per port in an {@code rte_eth_tx_buffer} until 32 are
 * there (and loses them at exit); rings drop at RX only (a worker waits on a full TX ring in order, so that TX's
 * merge has no gap); Ctrl-C exits with status 130 after the statistics, where DPDK's returns 0; {@code --idle} and
 * {@code --stats-period} (statistics every S seconds, by a timer of the main lcore) are jdpdk's.
 * With no EAL arguments it runs three lcores on two net_null ports.
 */
public final class PacketOrdering
{
    static final int RX_DESC_PER_QUEUE = 1024;
    static final int TX_DESC_PER_QUEUE = 1024;
    static final int MAX_PKTS_BURST = 32;
    static final int MBUF_PER_POOL = 65535;
    static final int MBUF_POOL_CACHE_SIZE = 250;
    /** Packets per ring, as the C app's {@code RING_SIZE}; the Disruptor rings hold bursts of 32. */
    static final int RING_SIZE = 16384;
    static final int MAX_PORTS = 32;

    private PacketOrdering()
    {
    }

    /** The application's arguments, as {@code parse_args} takes them, plus jdpdk's {@code --idle}, {@code --stats-period}. */
    record Options(int portMask, boolean disableReorder, boolean insightWorker, boolean backoff, double statsPeriod)
    {
        /**
         * Parses the arguments after {@code --}, printing as {@code parse_args} prints.
         *
         * @return the options, or null after printing the usage
         */
        static Options parse(final String[] args, final PrintStream out)
        {
            if (args.length == 0)
            {
                return usage(out); // optind <= 1
            }
            int portMask = 0;
            boolean disableReorder = false;
            boolean insightWorker = false;
            boolean backoff = false;
            double statsPeriod = 0;
            for (int i = 0; i < args.length; i++)
            {
                final String arg = args[i];
                if (arg.startsWith("-p"))
                {
                    final String value = arg.length() > 2 ? arg.substring(2) : i + 1 < args.length ? args[++i] : null;
                    if (value == null)
                    {
                        out.println("packet_ordering: option requires an argument -- 'p'");
                        return usage(out);
                    }
                    portMask = CNumbers.parsePortMask(value);
                    if (portMask == 0)
                    {
                        out.println("invalid portmask");
                        return usage(out);
                    }
                }
                else if (arg.equals("--disable-reorder"))
                {
                    out.println("reorder disabled");
                    disableReorder = true;
                }
                else if (arg.equals("--insight-worker"))
                {
                    out.println("print all worker statistics");
                    insightWorker = true;
                }
                else if (arg.equals("--idle") && i + 1 < args.length &&
                    (args[i + 1].equals("busy") || args[i + 1].equals("backoff")))
                {
                    backoff = args[++i].equals("backoff");
                }
                else if (arg.equals("--stats-period") && i + 1 < args.length && validPeriod(args[i + 1]))
                {
                    statsPeriod = Double.parseDouble(args[++i]);
                }
                else
                {
                    out.println("packet_ordering: unrecognized or invalid option '" + arg + "'");
                    return usage(out);
                }
            }
            return new Options(portMask, disableReorder, insightWorker, backoff, statsPeriod);
        }

        private static boolean validPeriod(final String text)
        {
            try
            {
                final double s = Double.parseDouble(text);
                return s >= 0 && s <= 86400;
            }
            catch (final NumberFormatException ex)
            {
                return false;
            }
        }

        private static Options usage(final PrintStream out)
        {
            out.print("packet_ordering [EAL options] -- -p PORTMASK\n" +
                "  -p PORTMASK: hexadecimal bitmask of ports to configure\n" +
                "  --disable-reorder: send in the order the workers finish\n" +
                "  --insight-worker: print each worker lcore's statistics\n" +
                "  --idle busy|backoff: what an lcore does without packets (default busy)\n" +
                "  --stats-period S: print the statistics every S seconds too (default 0: at exit only)\n");
            return null;
        }
    }

    /** Counters the C app keeps in {@code app_stats}, read from the pipeline's stages. */
    record Stats(long rxPkts, long rxEnqueued, long[] workerDeq, long[] workerEnq, long[] workerEnqFailed,
        long txDequeued, long txSent, long txFailed)
    {
        static Stats of(final Pipeline pipeline, final int workers)
        {
            final long[] deq = new long[workers];
            final long[] enq = new long[workers];
            final long[] failed = new long[workers];
            for (int w = 0; w < workers; w++)
            {
                deq[w] = pipeline.workerPackets(w);
                failed[w] = pipeline.workerRingFullDrops(w);
                enq[w] = deq[w] - failed[w];
            }
            final long sent = pipeline.txPackets();
            final long failedTx = pipeline.txDrops();
            return new Stats(pipeline.rxPackets(), pipeline.rxPackets() - pipeline.rxRingFullDrops(), deq, enq, failed,
                sent + failedTx + pipeline.txFunctionDrops(), sent, failedTx);
        }
    }

    /**
     * {@code worker_thread}'s work: every packet out of its input port xor {@code xor} ({@code mbuf->port ^=
     * xor_val}), and, as {@code send_thread}, freed when that port is not enabled.
     */
    static BurstFunction worker(final int xor, final int portMask)
    {
        return burst ->
        {
            final int out = burst.inPort() ^ xor;
            burst.sendAllTo(out < MAX_PORTS && (portMask & (1 << out)) != 0 ? out : PacketBurst.DROP);
        };
    }

    /**
     * Runs the app with {@link System#out}; exits with its status when that is not 0, else returns.
     *
     * @param args EAL arguments, {@code --}, then the app's options
     */
    public static void main(final String[] args)
    {
        AppMain.run(args, PacketOrdering::run);
    }

    /** The whole app, the C app's {@code main}; returns the exit status (1 where it calls {@code rte_exit}). */
    static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        final AppArgs split = AppArgs.split(args);
        // What parse_args prints comes after EAL's lines, as the C app parses its arguments after rte_eal_init.
        final ParseOutput parsing = new ParseOutput(out, err);
        final Options options = Options.parse(split.app(), parsing.out());
        if (options == null)
        {
            parsing.release();
            return RteExit.print(out, err, "Invalid packet_ordering arguments");
        }
        final Shutdown shutdown = new Shutdown();
        shutdown.announceSignals(out, "Exiting on signal %d\n"); // int_handler
        Eal eal = null;
        try
        {
            try
            {
                final int cpus = Math.max(1, Runtime.getRuntime().availableProcessors());
                eal = Eal.init(split.ealOrDefaults(err, List.of("--lcores=(0-2)@(0-" + (cpus - 1) + ")"),
                    "net_null0", "net_null1"));
                parsing.release();
            }
            catch (final DpdkException ex)
            {
                return RteExit.print(out, err, "packet_ordering", ex, "Invalid EAL arguments");
            }
            order(eal, options, shutdown, out);
            return 0;
        }
        catch (final RteExit | DpdkException | IllegalArgumentException ex)
        {
            return RteExit.print(out, err, ex.getMessage());
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

    private static void order(final Eal eal, final Options options, final Shutdown shutdown, final PrintStream out)
    {
        Port.requireVdevsProbed(eal.args());
        if (eal.lcoreCount() < 3)
        {
            throw new RteExit("Error, This application needs at least 3 logical cores to run:\n" +
                "1 lcore for packet RX\n1 lcore for packet TX\nand at least 1 lcore for worker threads");
        }
        final int[] portIds = Port.ids();
        if (portIds.length == 0)
        {
            throw new RteExit("Error: no ethernet ports detected");
        }
        if (portIds.length != 1 && (portIds.length & 1) != 0)
        {
            throw new RteExit("Error: number of ports must be even, except when using a single port");
        }
        final Mempool pool = Mempool.create("mbuf_pool", MBUF_PER_POOL, MBUF_POOL_CACHE_SIZE);
        final List<Port> ports = new ArrayList<>();
        final List<RxQueue> rxQueues = new ArrayList<>();
        for (final int portId : portIds)
        {
            if (portId >= MAX_PORTS || (options.portMask() & (1 << portId)) == 0)
            {
                out.printf("%nSkipping disabled port %d%n", portId);
                continue;
            }
            out.printf("Initializing port %d... done%n", portId);
            final Port port = configurePort(portId, pool, out);
            ports.add(port);
            rxQueues.add(new RxQueue(port, 0));
        }
        if (ports.isEmpty())
        {
            throw new RteExit("All available ports are disabled. Please set portmask.");
        }

        // The C app's lcore plan: RX on the main lcore, TX on the last, workers on every lcore between.
        final List<Lcore> lcores = eal.workers();
        final Lcore txLcore = lcores.get(lcores.size() - 1);
        final Lcore[] workers = lcores.subList(0, lcores.size() - 1).toArray(Lcore[]::new);
        final Supplier<IdleStrategy> idle = options.backoff() ? BackoffIdleStrategy::new : BusySpinIdleStrategy::new;
        final Pipeline.Builder builder = Pipeline.builder()
            .rxOnMainLcore(rxQueues.toArray(RxQueue[]::new))
            .workers(worker(portIds.length > 1 ? 1 : 0, options.portMask()), workers)
            .tx(txLcore)
            .ringSize(RING_SIZE / MAX_PKTS_BURST)
            .burstSize(MAX_PKTS_BURST)
            .idle(idle);
        if (!options.disableReorder())
        {
            builder.inOrder();
        }
        try (Pipeline pipeline = builder.build())
        {
            pipeline.start();
            // What each of the C app's lcore functions logs as it starts (RTE_LOG(INFO, REORDERAPP, ...)).
            for (final Lcore worker : workers)
            {
                Log.log(Log.INFO, Log.USER1, "REORDERAPP: worker_thread() started on lcore " + worker.id());
            }
            Log.log(Log.INFO, Log.USER1, "REORDERAPP: " + (options.disableReorder() ? "tx_thread" : "send_thread") +
                "() started on lcore " + txLcore.id());
            Log.log(Log.INFO, Log.USER1, "REORDERAPP: rx_thread() started on lcore " + eal.mainLcore());
            try (Eal.Pinning _ = eal.pinToMainLcore()) // where rte_eal_init leaves a C program's main thread
            {
                runMainLcore(pipeline, options, shutdown, idle.get(), () -> printStats(pipeline, workers, options, out));
            }
            pipeline.stop();
            printStats(pipeline, workers, options, out);
        }
        for (final Port port : ports)
        {
            port.stop();
            port.close();
        }
        out.printf("%nMempool %s: %d of %d mbufs in use%n", pool.name(), pool.inUseCount(), pool.size());
    }

    /** {@code configure_eth_port}: one RX and one TX queue, MBUF_FAST_FREE where the device has it, promiscuous. */
    private static Port configurePort(final int portId, final Mempool pool, final PrintStream out)
    {
        final Port port = Port.of(portId).configure(new PortConfig().mempool(pool).rxDesc(RX_DESC_PER_QUEUE)
            .txDesc(TX_DESC_PER_QUEUE).txOffloads(PortConfig.TX_OFFLOAD_MBUF_FAST_FREE).promiscuous(true)).start();
        final long mac = port.macAddress();
        out.printf("Port %d MAC: %02x %02x %02x %02x %02x %02x%n", portId, (mac >>> 40) & 0xFF, (mac >>> 32) & 0xFF,
            (mac >>> 24) & 0xFF, (mac >>> 16) & 0xFF, (mac >>> 8) & 0xFF, mac & 0xFF);
        return port;
    }

    /** {@code rx_thread} on the main lcore, with the statistics timer, until Ctrl-C. */
    private static void runMainLcore(final Pipeline pipeline, final Options options, final Shutdown shutdown,
        final IdleStrategy idle, final Runnable printStats)
    {
        final Agent rx = pipeline.mainLcoreAgent();
        final LcoreTimers timers = new LcoreTimers(TimeUnit.MILLISECONDS.toNanos(1));
        final LcorePolls polls = LcorePolls.ofCurrentLcore();
        if (options.statsPeriod() > 0)
        {
            final long period = (long)(options.statsPeriod() * TimeUnit.SECONDS.toNanos(1));
            timers.schedulePeriodic(period, (timerId, nowNs) -> printStats.run());
        }
        try
        {
            while (shutdown.isRunning())
            {
                idle.idle(polls.record(rx.doWork() + timers.poll()));
            }
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException("rx_thread failed: " + ex, ex);
        }
    }

    /** {@code print_stats}, line for line. */
    static void printStats(final Pipeline pipeline, final Lcore[] workers, final Options options, final PrintStream out)
    {
        final Stats s = Stats.of(pipeline, workers.length);
        final StringBuilder b = new StringBuilder(1024);
        b.append("\nRX thread stats:\n");
        b.append(" - Pkts rxd:\t\t\t\t").append(s.rxPkts()).append('\n');
        b.append(" - Pkts enqd to workers ring:\t\t").append(s.rxEnqueued()).append('\n');
        long deq = 0;
        long enq = 0;
        long failed = 0;
        for (int w = 0; w < workers.length; w++)
        {
            if (options.insightWorker())
            {
                b.append("\nWorker thread stats on core [").append(workers[w].id()).append("]:\n");
                workerLines(b, s.workerDeq()[w], s.workerEnq()[w], s.workerEnqFailed()[w]);
            }
            deq += s.workerDeq()[w];
            enq += s.workerEnq()[w];
            failed += s.workerEnqFailed()[w];
        }
        b.append("\nWorker thread stats:\n");
        workerLines(b, deq, enq, failed);
        b.append("\nTX stats:\n");
        b.append(" - Pkts deqd from tx ring:\t\t").append(s.txDequeued()).append('\n');
        b.append(" - Ro Pkts transmitted:\t\t\t").append(s.txSent()).append('\n');
        b.append(" - Ro Pkts tx failed:\t\t\t").append(s.txFailed()).append('\n');
        b.append(" - Pkts transmitted w/o reorder:\t").append(0).append('\n');
        b.append(" - Pkts tx failed w/o reorder:\t\t").append(0).append('\n');
        final PortStats stats = new PortStats();
        for (final int id : Port.ids())
        {
            Port.of(id).stats(stats);
            b.append("\nPort ").append(id).append(" stats:\n");
            b.append(" - Pkts in:   ").append(stats.ipackets()).append('\n');
            b.append(" - Pkts out:  ").append(stats.opackets()).append('\n');
            b.append(" - In Errs:   ").append(stats.ierrors()).append('\n');
            b.append(" - Out Errs:  ").append(stats.oerrors()).append('\n');
            b.append(" - Mbuf Errs: ").append(stats.rxNombuf()).append('\n');
        }
        out.print(b);
        out.flush();
    }

    private static void workerLines(final StringBuilder b, final long deq, final long enq, final long failed)
    {
        b.append(" - Pkts deqd from workers ring:\t\t").append(deq).append('\n');
        b.append(" - Pkts enqd to tx ring:\t\t").append(enq).append('\n');
        b.append(" - Pkts enq to tx failed:\t\t").append(failed).append('\n');
    }
}
