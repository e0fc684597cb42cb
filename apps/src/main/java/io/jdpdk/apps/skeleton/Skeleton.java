package io.jdpdk.apps.skeleton;

import io.jdpdk.apps.common.AppArgs;
import io.jdpdk.apps.common.AppMain;
import io.jdpdk.apps.common.NicStats;
import io.jdpdk.apps.common.RteExit;
import io.jdpdk.apps.common.Shutdown;
import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.LcorePolls;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintStream;

/**
 * DPDK's {@code examples/skeleton/basicfwd.c} in Java: every port pair (0&lt;-&gt;1, 2&lt;-&gt;3, ...)
 * forwards whatever it receives to its peer, one RX and one TX queue per port, bursts of 32, and
 * frees what TX did not take. Same structure: {@link #portInit}, {@link Forwarder} (lcore_main, as
 * an Agrona agent), {@link #main}.
 * <pre>
 *   apps/bin/skeleton [EAL args] [-- --packets N --duration S --stats-period S --idle busy|backoff]
 * </pre>
 * With no EAL arguments it runs on two net_null ports. It stops on Ctrl-C, or by itself after
 * {@code --packets} received packets or {@code --duration} seconds; then it prints the ports'
 * counters and the pool's in-use count, which is 0 when every mbuf came home.
 */
public final class Skeleton
{
    static final int RX_RING_SIZE = 1024;
    static final int TX_RING_SIZE = 1024;
    static final int NUM_MBUFS = 8191;
    static final int MBUF_CACHE_SIZE = 250;
    static final int BURST_SIZE = 32;

    private Skeleton()
    {
    }

    /** The app's options, after {@code --}. */
    @Command(name = "skeleton", mixinStandardHelpOptions = true,
        description = "Forward every port pair (0<->1, 2<->3, ...), as DPDK's basicfwd.")
    static final class Options
    {
        @Option(names = "--packets", description = "stop after this many received packets (0: no limit)")
        long packets;

        @Option(names = "--duration", description = "stop after this many seconds (0: no limit)")
        double duration;

        @Option(names = "--stats-period", description = "print port statistics every N seconds (0: only at exit)")
        double statsPeriod = 1;

        @Option(names = "--idle", description = "idle strategy when no packets arrive: busy or backoff")
        String idle = "busy";
    }

    /**
     * Configures a port with one RX and one TX queue from {@code pool}, starts it in promiscuous
     * mode and prints its MAC as basicfwd does.
     *
     * @param portId the DPDK port id
     * @param pool the pool RX allocates from
     * @param out where the MAC line goes
     * @return the started port
     * @throws DpdkException when DPDK cannot configure or start the port
     */
    public static Port portInit(final int portId, final Mempool pool, final PrintStream out)
    {
        final Port port = Port.of(portId);
        port.configure(new PortConfig().mempool(pool).rxDesc(RX_RING_SIZE).txDesc(TX_RING_SIZE).promiscuous(true));
        port.start();
        final long mac = port.macAddress();
        out.printf("Port %d MAC: %02x %02x %02x %02x %02x %02x%n", portId, (mac >>> 40) & 0xFF, (mac >>> 32) & 0xFF,
            (mac >>> 24) & 0xFF, (mac >>> 16) & 0xFF, (mac >>> 8) & 0xFF, mac & 0xFF);
        return port;
    }

    /**
     * lcore_main: receives a burst on each port and sends it on the paired port, freeing what TX did
     * not take. Counts per port; allocation-free. Runs on one thread (an lcore).
     */
    public static final class Forwarder implements Agent
    {
        private final Port[] ports;
        private final int[] peer;
        private final MbufBurst burst = new MbufBurst(BURST_SIZE);
        private final long[] rx;
        private final long[] tx;
        private final long[] dropped;
        private long received;

        /**
         * Forwards between {@code ports[2i]} and {@code ports[2i+1]}, on queue 0 of each.
         *
         * @param ports an even, non-zero number of started ports
         * @throws IllegalArgumentException for an odd number of ports or none
         */
        public Forwarder(final Port... ports)
        {
            if (ports.length == 0 || ports.length % 2 != 0)
            {
                throw new IllegalArgumentException("number of ports must be even, got " + ports.length);
            }
            this.ports = ports.clone();
            this.peer = new int[ports.length];
            for (int i = 0; i < ports.length; i++)
            {
                peer[i] = i ^ 1;
            }
            rx = new long[ports.length];
            tx = new long[ports.length];
            dropped = new long[ports.length];
        }

        @Override
        public int doWork()
        {
            int work = 0;
            for (int i = 0; i < ports.length; i++)
            {
                final int n = ports[i].rxBurst(0, burst);
                if (n == 0)
                {
                    continue;
                }
                final int out = peer[i];
                final int sent = ports[out].txBurstOrFree(0, burst);
                rx[i] += n;
                tx[out] += sent;
                dropped[out] += n - sent;
                work += n;
            }
            received += work;
            return work;
        }

        @Override
        public void onClose()
        {
            burst.close();
        }

        @Override
        public String roleName()
        {
            return "skeleton-forwarder";
        }

        /**
         * Packets received on all ports; plain field of the forwarding thread.
         *
         * @return the count since construction
         */
        public long received()
        {
            return received;
        }

        /**
         * Packets received on port index i (the i-th port given).
         *
         * @param i the port's index among those given
         * @return the count since construction
         */
        public long rx(final int i)
        {
            return rx[i];
        }

        /**
         * Packets sent on port index i.
         *
         * @param i the port's index among those given
         * @return the count since construction
         */
        public long tx(final int i)
        {
            return tx[i];
        }

        /**
         * Packets that TX on port index i refused and the forwarder freed.
         *
         * @param i the port's index among those given
         * @return the count since construction
         */
        public long dropped(final int i)
        {
            return dropped[i];
        }
    }

    /**
     * Runs {@code forwarder} on the calling thread until {@code shutdown} stops it, {@code maxPackets}
     * packets were received (0: no limit) or {@code maxNanos} passed (0: no limit), printing stats
     * every {@code statsNanos} (0: never). The forwarder's polls count for the calling thread's lcore.
     *
     * @param forwarder the agent to run; its errors are printed, not thrown
     * @param shutdown polled after every duty cycle
     * @param idle the idle strategy between duty cycles
     * @param maxPackets received packets after which to stop, 0 for no limit
     * @param maxNanos nanoseconds after which to stop, 0 for no limit
     * @param statsNanos nanoseconds between {@code printStats} calls, 0 for none
     * @param printStats the statistics printout, run on the calling thread
     */
    public static void run(final Forwarder forwarder, final Shutdown shutdown, final IdleStrategy idle,
        final long maxPackets, final long maxNanos, final long statsNanos, final Runnable printStats)
    {
        final AgentInvoker invoker = new AgentInvoker(Throwable::printStackTrace, null, forwarder);
        final LcorePolls polls = LcorePolls.ofCurrentLcore();
        invoker.start();
        final long start = System.nanoTime();
        long nextStats = statsNanos > 0 ? start + statsNanos : Long.MAX_VALUE;
        final long deadline = maxNanos > 0 ? start + maxNanos : Long.MAX_VALUE;
        final long limit = maxPackets > 0 ? maxPackets : Long.MAX_VALUE;
        while (shutdown.isRunning() && forwarder.received() < limit)
        {
            idle.idle(polls.record(invoker.invoke()));
            final long now = System.nanoTime();
            if (now >= nextStats)
            {
                printStats.run();
                nextStats = now + statsNanos;
            }
            if (now >= deadline)
            {
                break;
            }
        }
        invoker.close();
    }

    /**
     * Runs the app on standard output and error; exits with its status when that is not 0, else returns.
     *
     * @param args EAL arguments, {@code --}, then the app's options
     */
    public static void main(final String[] args)
    {
        AppMain.run(args, Skeleton::run);
    }

    /** The whole app; returns the exit code. */
    static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        final AppArgs split = AppArgs.split(args);
        final Options options = new Options();
        final CommandLine cli = new CommandLine(options);
        try
        {
            cli.parseArgs(split.app());
        }
        catch (final CommandLine.ParameterException ex)
        {
            err.println("skeleton: " + ex.getMessage());
            cli.usage(err);
            return 1;
        }
        if (cli.isUsageHelpRequested())
        {
            cli.usage(out);
            return 0;
        }
        final IdleStrategy idle = switch (options.idle)
        {
            case "busy" -> new BusySpinIdleStrategy();
            case "backoff" -> new BackoffIdleStrategy();
            default ->
            {
                err.println("skeleton: --idle must be busy or backoff, got " + options.idle);
                yield null;
            }
        };
        if (idle == null)
        {
            return 1;
        }

        final Shutdown shutdown = new Shutdown();
        Eal eal = null;
        try
        {
            try
            {
                eal = Eal.init(split.ealOrDefaults(err, "net_null0", "net_null1"));
                Port.requireVdevsProbed(eal.args());
            }
            catch (final DpdkException ex)
            {
                return RteExit.print(out, err, "skeleton", ex, "Error with EAL initialization");
            }
            final int[] ids = Port.ids();
            if (ids.length < 2 || ids.length % 2 != 0)
            {
                err.println("skeleton: " + ids.length + " port(s); give devices in pairs with -a or --vdev");
                return RteExit.print(out, err, "Error: number of ports must be even");
            }
            final Mempool pool;
            try
            {
                pool = Mempool.create("MBUF_POOL", NUM_MBUFS * ids.length, MBUF_CACHE_SIZE);
            }
            catch (final DpdkException ex)
            {
                return RteExit.print(out, err, "skeleton", ex, "Cannot create mbuf pool");
            }
            final Port[] ports = new Port[ids.length];
            for (int i = 0; i < ids.length; i++)
            {
                try
                {
                    ports[i] = portInit(ids[i], pool, out);
                }
                catch (final DpdkException ex)
                {
                    return RteExit.print(out, err, "skeleton", ex, "Cannot init port " + ids[i]);
                }
            }
            if (eal.lcoreCount() > 1)
            {
                out.printf("%nWARNING: Too many lcores enabled. Only 1 used.%n");
            }
            final int socket = eal.socketOf(eal.mainLcore());
            for (final Port port : ports)
            {
                final int portSocket = port.info().socketId();
                if (portSocket >= 0 && portSocket != socket)
                {
                    out.printf("WARNING, port %d is on remote NUMA node to polling thread.%n\tPerformance will not " +
                        "be optimal.%n", port.id());
                }
            }
            out.printf("%nCore %d forwarding packets. [Ctrl+C to quit]%n", eal.mainLcore());
            final Forwarder forwarder = new Forwarder(ports);
            final NicStats nicStats = new NicStats();
            final Runnable print = () ->
            {
                for (final Port port : ports)
                {
                    nicStats.print(port, out);
                }
            };
            try (Eal.Pinning _ = eal.pinToMainLcore()) // where rte_eal_init leaves a C program's main thread
            {
                run(forwarder, shutdown, idle, options.packets, (long)(options.duration * 1e9),
                    (long)(options.statsPeriod * 1e9), print);
            }
            for (final Port port : ports)
            {
                port.stop();
            }
            print.run();
            for (int i = 0; i < ports.length; i++)
            {
                out.printf("Port %d: forwarded rx=%d tx=%d dropped=%d%n", ports[i].id(), forwarder.rx(i),
                    forwarder.tx(i), forwarder.dropped(i));
            }
            for (final Port port : ports)
            {
                port.close();
            }
            out.printf("Mempool %s: %d of %d mbufs in use%n", pool.name(), pool.inUseCount(), pool.size());
            out.println("Bye...");
            return 0;
        }
        catch (final DpdkException | IllegalArgumentException ex)
        {
            err.println("skeleton: " + ex.getMessage());
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

}
