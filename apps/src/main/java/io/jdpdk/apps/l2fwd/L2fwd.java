package io.jdpdk.apps.l2fwd;

import io.jdpdk.apps.common.AppArgs;
import io.jdpdk.apps.common.AppMain;
import io.jdpdk.apps.common.LinkCheck;
import io.jdpdk.apps.common.RteExit;
import io.jdpdk.apps.common.Shutdown;
import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.LcoreException;
import io.jdpdk.eal.LcorePolls;
import io.jdpdk.eal.Log;
import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;
import io.jdpdk.pmd.TxBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * DPDK 22.11's {@code examples/l2fwd/main.c} in Java: every enabled port forwards what it receives
 * to its peer (consecutive enabled ports paired, or {@code --portmap}), optionally rewriting the
 * MAC addresses, through a 32-packet TX buffer per port drained every ~100 us, and prints
 * l2fwd's port statistics every {@code -T} seconds. Same structure as the C file:
 * {@link Forwarder} is {@code l2fwd_main_loop} (with {@code l2fwd_simple_forward} and
 * {@code l2fwd_mac_updating}), {@link #printStats} is {@code print_stats}, {@link #run} is
 * {@code main}; {@link L2fwdArgs} parses the arguments and jdpdk's {@link TxBuffer} is
 * {@code rte_eth_tx_buffer}.
 * <pre>
 *   apps/bin/l2fwd [EAL options] -- -p PORTMASK [-P] [-q NQ] [-T PERIOD] [--[no-]mac-updating]
 *                                   [--portmap="(0,1),(2,3)"]
 *   apps/bin/l2fwd -l 0-1 --vdev=net_pcap0,rx_pcap=a.pcap,tx_pcap=b.pcap --vdev=net_pcap1,... -- -p 3
 * </pre>
 * Lcores: as l2fwd ({@code rte_eal_mp_remote_launch(..., CALL_MAIN)}), every enabled lcore in
 * ascending id, the main one included, takes up to {@code -q} RX ports; the main lcore forwards on
 * the calling thread and also prints the statistics, the worker lcores run a {@link Forwarder}
 * each ({@code Lcore.launch}). Each port has one RX and one TX queue; a port's TX buffer is fed only
 * by the lcore polling its peer, so every queue and counter has one thread.
 * <p>
 * Output follows l2fwd line for line (stdout for its printf, stderr for its RTE_LOG and
 * {@code rte_exit}, which is "EAL: Error - exiting with code: 1 / Cause: ..." and exit status 1).
 * Where this port differs, on purpose:
 * <ul>
 *   <li>the application arguments are checked before {@code rte_eal_init}, not after it;</li>
 *   <li>with no EAL arguments at all it runs on {@code -l 0} with two net_null ports, as the other
 *       jdpdk apps do ({@code -- -p 3 -q 2} then forwards between them);</li>
 *   <li>the statistics are printed once more after the lcores stop (l2fwd prints none at exit), and
 *       each lcore flushes its TX buffers when it stops (l2fwd leaves up to 31 mbufs in them), so the
 *       exit shows "Mempool mbuf_pool: 0 of N mbufs in use";</li>
 *   <li>the main lcore prints statistics even when it has no port to poll (l2fwd's returns at once
 *       and prints none);</li>
 *   <li>the drain and statistics timers read {@link System#nanoTime()} (the JVM's TSC-backed
 *       clock) where l2fwd reads {@code rte_rdtsc()};</li>
 *   <li>Ctrl-C exits with status 130 (jdpdk's {@link Shutdown}), where l2fwd returns 0.</li>
 * </ul>
 */
public final class L2fwd
{
    static final int MAX_PKT_BURST = 32;
    static final long BURST_TX_DRAIN_US = 100;
    static final int MEMPOOL_CACHE_SIZE = 256;
    static final int RX_DESC_DEFAULT = 1024;
    static final int TX_DESC_DEFAULT = 1024;
    static final String POOL_NAME = "mbuf_pool";
    /** The port mask is 32 bits wide, as {@code l2fwd_enabled_port_mask}: ports 0..31. */
    static final int MAX_PORTS = 32;

    private L2fwd()
    {
    }

    /**
     * {@code l2fwd_main_loop} of one lcore, as an Agrona agent: every ~100 us flush the TX buffers
     * (and, on the main lcore, count towards the statistics period), then receive a burst from each
     * RX port and hand every packet to its destination port's TX buffer, MACs rewritten when asked.
     * <p>
     * Threading: one thread (its lcore) calls {@link #doWork()}; counters go to a shared
     * {@link PortStatistics} whose counters this lcore alone writes (its RX ports' rx, its
     * destinations' tx and dropped). Fast path: allocation-free, no exceptions.
     */
    public static final class Forwarder implements Agent
    {
        private static final int MAC_BYTES = 12;

        private final int lcoreId;
        private final Port[] rxPorts;
        private final int[] rxPortIds;
        private final TxBuffer[] txBuffers;
        private final int[] dstPortIds;
        private final long[] macHead;
        private final int[] macTail;
        private final boolean macUpdating;
        private final PortStatistics statistics;
        private final long drainNanos;
        private final long timerPeriodNanos;
        private final Runnable printStats;
        private final MbufBurst pktsBurst = new MbufBurst(MAX_PKT_BURST);
        private final Mbuf mbuf = new Mbuf();
        private long prevNanos;
        private long timerNanos;

        /**
         * A loop for {@code lcoreId} polling {@code rxPorts}; {@code txBuffers[i]} is the buffer of the
         * port that {@code rxPorts[i]} forwards to, and {@code portMacs[p]} the MAC of port id p.
         *
         * @param lcoreId          the EAL lcore id the loop runs on, for its log lines
         * @param rxPorts          the ports it polls, queue 0 of each
         * @param txBuffers        one per RX port: the buffer of its destination port
         * @param portMacs         MAC per port id, 48 bits, first octet most significant
         * @param macUpdating      whether to rewrite the MACs (l2fwd's default)
         * @param statistics       the counters it adds to
         * @param timerPeriodNanos nanoseconds between statistics printouts, 0 for none
         * @param printStats the statistics printout (main lcore), or null on a worker lcore
         * @throws IllegalArgumentException when there is not one TX buffer per RX port
         */
        public Forwarder(final int lcoreId, final Port[] rxPorts, final TxBuffer[] txBuffers, final long[] portMacs,
            final boolean macUpdating, final PortStatistics statistics, final long timerPeriodNanos,
            final Runnable printStats)
        {
            if (rxPorts.length != txBuffers.length)
            {
                throw new IllegalArgumentException("one TX buffer per RX port: " + rxPorts.length + " ports, " +
                    txBuffers.length + " buffers");
            }
            this.lcoreId = lcoreId;
            this.rxPorts = rxPorts.clone();
            this.txBuffers = txBuffers.clone();
            this.rxPortIds = new int[rxPorts.length];
            this.dstPortIds = new int[rxPorts.length];
            this.macHead = new long[rxPorts.length];
            this.macTail = new int[rxPorts.length];
            for (int i = 0; i < rxPorts.length; i++)
            {
                final int dst = txBuffers[i].port().id();
                rxPortIds[i] = rxPorts[i].id();
                dstPortIds[i] = dst;
                // Bytes 0-7 then 8-11 of the rewritten header: destination 02:00:00:00:00:<dst>, source the
                // destination port's MAC (l2fwd writes the 8-byte 0x000000000002 + (dst << 40) on
                // little-endian, then copies the source over its last two bytes).
                final long mac = portMacs[dst];
                macHead[i] = (0x02L << 56) | ((long)(dst & 0xFF) << 16) | ((mac >>> 32) & 0xFFFF);
                macTail[i] = (int)mac;
            }
            this.macUpdating = macUpdating;
            this.statistics = statistics;
            this.drainNanos = TimeUnit.MICROSECONDS.toNanos(BURST_TX_DRAIN_US);
            this.timerPeriodNanos = timerPeriodNanos;
            this.printStats = printStats;
        }

        /**
         * The EAL lcore id this loop is for.
         *
         * @return the id given at construction
         */
        public int lcoreId()
        {
            return lcoreId;
        }

        /**
         * Whether the lcore has RX ports to poll.
         *
         * @return false for a loop with no RX port
         */
        public boolean hasWork()
        {
            return rxPorts.length > 0;
        }

        @Override
        public void onStart()
        {
            // l2fwd_main_loop's RTE_LOG(INFO, L2FWD, ...) lines.
            if (rxPorts.length == 0)
            {
                Log.log(Log.INFO, Log.USER1, "L2FWD: lcore " + lcoreId + " has nothing to do");
            }
            else
            {
                Log.log(Log.INFO, Log.USER1, "L2FWD: entering main loop on lcore " + lcoreId);
                for (final int portId : rxPortIds)
                {
                    Log.log(Log.INFO, Log.USER1, "L2FWD:  -- lcoreid=" + lcoreId + " portid=" + portId);
                }
            }
            // l2fwd starts with prev_tsc = 0, so its first pass drains and prints the statistics at once.
            prevNanos = System.nanoTime() - drainNanos - 1;
            timerNanos = timerPeriodNanos;
        }

        @Override
        public int doWork()
        {
            final long now = System.nanoTime();
            final long diff = now - prevNanos;
            if (diff > drainNanos)
            {
                flushTxBuffers();
                if (printStats != null && timerPeriodNanos > 0)
                {
                    timerNanos += diff;
                    if (timerNanos >= timerPeriodNanos)
                    {
                        printStats.run();
                        timerNanos = 0;
                    }
                }
                prevNanos = now;
            }

            int work = 0;
            for (int i = 0; i < rxPorts.length; i++)
            {
                final int nbRx = rxPorts[i].rxBurst(0, pktsBurst);
                if (nbRx == 0)
                {
                    continue;
                }
                statistics.addRx(rxPortIds[i], nbRx);
                for (int j = 0; j < nbRx; j++)
                {
                    simpleForward(pktsBurst.get(j), i);
                }
                pktsBurst.count(0); // every mbuf now belongs to a TX buffer
                work += nbRx;
            }
            return work;
        }

        /** Sends what the TX buffers hold, so that no mbuf stays behind when the lcore stops. */
        @Override
        public void onClose()
        {
            flushTxBuffers();
            pktsBurst.close();
        }

        @Override
        public String roleName()
        {
            return "l2fwd-lcore-" + lcoreId;
        }

        /** l2fwd_simple_forward: rewrite the MACs if asked, then buffer for the destination port. */
        private void simpleForward(final long m, final int rxIndex)
        {
            if (macUpdating)
            {
                macUpdating(m, rxIndex);
            }
            final int sent = txBuffers[rxIndex].buffer(m);
            if (sent != 0)
            {
                statistics.addTx(dstPortIds[rxIndex], sent);
            }
        }

        /**
         * l2fwd_mac_updating: destination 02:00:00:00:00:&lt;TX port&gt;, source the TX port's MAC. A
         * runt shorter than the two addresses gets the bytes that fit in its data (what l2fwd's
         * blind 12-byte write leaves on the wire).
         */
        private void macUpdating(final long m, final int rxIndex)
        {
            mbuf.wrap(m);
            final int dataLen = mbuf.dataLen();
            if (dataLen >= MAC_BYTES)
            {
                mbuf.putLong(0, macHead[rxIndex]).putInt(8, macTail[rxIndex]);
                return;
            }
            for (int k = 0; k < dataLen; k++)
            {
                mbuf.putByte(k, k < 8 ? (int)(macHead[rxIndex] >>> (56 - 8 * k)) :
                    macTail[rxIndex] >>> (24 - 8 * (k - 8)));
            }
        }

        private void flushTxBuffers()
        {
            for (int i = 0; i < txBuffers.length; i++)
            {
                final int sent = txBuffers[i].flush();
                if (sent != 0)
                {
                    statistics.addTx(dstPortIds[i], sent);
                }
            }
        }
    }

    /**
     * print_stats: clears the screen and prints every enabled port's counters and their totals, in
     * l2fwd's layout, as one write. Control path (allocates); any thread.
     *
     * @param out where it goes, flushed at once
     * @param portMask the enabled ports, bit n for port n
     * @param statistics the counters to print
     */
    public static void printStats(final PrintStream out, final int portMask, final PortStatistics statistics)
    {
        long totalTx = 0;
        long totalRx = 0;
        long totalDropped = 0;
        final StringBuilder sb = new StringBuilder(1024);
        sb.append("\033[2J").append("\033[1;1H"); // clear screen and move to top left
        sb.append("\nPort statistics ====================================");
        for (int portId = 0; portId < MAX_PORTS; portId++)
        {
            if ((portMask & (1 << portId)) == 0)
            {
                continue;
            }
            final long tx = statistics.tx(portId);
            final long rx = statistics.rx(portId);
            final long dropped = statistics.dropped(portId);
            sb.append(String.format("\nStatistics for port %d ------------------------------" +
                "\nPackets sent: %24d" +
                "\nPackets received: %20d" +
                "\nPackets dropped: %21d", portId, tx, rx, dropped));
            totalTx += tx;
            totalRx += rx;
            totalDropped += dropped;
        }
        sb.append(String.format("\nAggregate statistics ===============================" +
            "\nTotal packets sent: %18d" +
            "\nTotal packets received: %14d" +
            "\nTotal packets dropped: %15d", totalTx, totalRx, totalDropped));
        sb.append("\n====================================================\n");
        out.print(sb);
        out.flush();
    }

    /**
     * Runs l2fwd on standard output and error; exits with status 1 where l2fwd calls {@code rte_exit}, else
     * returns.
     *
     * @param args EAL arguments, {@code --}, then l2fwd's options
     */
    public static void main(final String[] args)
    {
        AppMain.run(args, L2fwd::run);
    }

    /**
     * The whole app, l2fwd's {@code main}; returns the exit status: 0, or 1 where l2fwd calls
     * {@code rte_exit(EXIT_FAILURE, ...)}. Stops on SIGINT or SIGTERM.
     */
    static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        final AppArgs split = AppArgs.split(args);
        final L2fwdArgs options = L2fwdArgs.parse(split.app(), out, err);
        if (options == null)
        {
            return RteExit.print(out, err, "Invalid L2FWD arguments");
        }
        final Shutdown shutdown = new Shutdown();
        shutdown.announceSignals(out, "\n\nSignal %d received, preparing to exit...\n"); // signal_handler
        Eal eal = null;
        try
        {
            try
            {
                eal = Eal.init(split.ealOrDefaults(err, "net_null0", "net_null1"));
            }
            catch (final DpdkException ex)
            {
                return RteExit.print(out, err, "l2fwd", ex, "Invalid EAL arguments");
            }
            final int code = forward(eal, options, shutdown, out, err);
            eal.close();
            out.println("Bye...");
            return code;
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

    /** From the port checks to the last port closed: l2fwd's main after rte_eal_init. */
    private static int forward(final Eal eal, final L2fwdArgs options, final Shutdown shutdown,
        final PrintStream out, final PrintStream err)
    {
        Port.requireVdevsProbed(eal.args());
        out.printf("MAC updating %s%n", options.macUpdating() ? "enabled" : "disabled");
        final long timerPeriodNanos = TimeUnit.SECONDS.toNanos(options.timerPeriodSeconds());

        final int nbPorts = Port.count();
        if (nbPorts == 0)
        {
            throw new RteExit("No Ethernet ports - bye");
        }
        int portMask = options.portMask();
        final int[][] pairs = options.portPairs();
        if (pairs != null)
        {
            portMask = checkPortPairConfig(pairs, portMask, out);
        }
        final long possible = (1L << Math.min(nbPorts, MAX_PORTS)) - 1;
        if ((portMask & ~possible) != 0)
        {
            throw new RteExit(String.format("Invalid portmask; possible (0x%x)", (int)possible));
        }

        final int[] portIds = Port.ids();
        final int[] dstPorts = destinationPorts(portIds, portMask, pairs, out);
        final int[] lcores = eal.lcores();
        final int[][] rxPortList = assignRxPorts(lcores, portIds, portMask, options.rxQueuePerLcore(), dstPorts, out);
        int nbLcores = 0;
        for (final int[] list : rxPortList)
        {
            nbLcores += list.length > 0 ? 1 : 0;
        }

        final int nbMbufs = Math.max(nbPorts * (RX_DESC_DEFAULT + TX_DESC_DEFAULT + MAX_PKT_BURST +
            nbLcores * MEMPOOL_CACHE_SIZE), 8192);
        final Mempool pool;
        try
        {
            pool = Mempool.create(POOL_NAME, nbMbufs, MEMPOOL_CACHE_SIZE);
        }
        catch (final DpdkException ex)
        {
            err.println("l2fwd: " + ex.getMessage());
            throw new RteExit("Cannot init mbuf pool");
        }

        // Initialise each enabled port: one RX and one TX queue, its MAC, its TX buffer.
        final PortStatistics statistics = new PortStatistics(MAX_PORTS);
        final Port[] ports = new Port[MAX_PORTS];
        final long[] portMacs = new long[MAX_PORTS];
        final TxBuffer[] txBuffers = new TxBuffer[MAX_PORTS];
        int nbPortsAvailable = 0;
        for (final int portId : portIds)
        {
            if (!enabled(portMask, portId))
            {
                out.printf("Skipping disabled port %d%n", portId);
                continue;
            }
            nbPortsAvailable++;
            out.printf("Initializing port %d... ", portId);
            out.flush();
            final Port port = Port.of(portId).configure(new PortConfig().mempool(pool).rxDesc(RX_DESC_DEFAULT)
                .txDesc(TX_DESC_DEFAULT).promiscuous(options.promiscuous())
                .txOffloads(PortConfig.TX_OFFLOAD_MBUF_FAST_FREE) // where the device has it, as l2fwd
                .packetTypes(0)); // l2fwd reads no packet type: rte_eth_dev_set_ptypes(RTE_PTYPE_UNKNOWN)
            portMacs[portId] = port.macAddress();
            txBuffers[portId] = new TxBuffer(port, 0, MAX_PKT_BURST, n -> statistics.addDropped(portId, n));
            port.start();
            out.println("done: ");
            out.printf("Port %d, MAC address: %s%n%n", portId, Port.formatMac(portMacs[portId]));
            ports[portId] = port;
        }
        if (nbPortsAvailable == 0)
        {
            throw new RteExit("All available ports are disabled. Please set portmask.");
        }
        LinkCheck.checkAllPortsLinkStatus(ports, shutdown, out);

        // Launch: a Forwarder per worker lcore with ports; the main lcore's runs here.
        final int mask = portMask;
        final Runnable print = () -> printStats(out, mask, statistics);
        Forwarder main = null;
        for (int l = 0; l < lcores.length; l++)
        {
            final Port[] rx = new Port[rxPortList[l].length];
            final TxBuffer[] tx = new TxBuffer[rx.length];
            for (int i = 0; i < rx.length; i++)
            {
                rx[i] = ports[rxPortList[l][i]];
                tx[i] = txBuffers[dstPorts[rxPortList[l][i]]];
            }
            final boolean isMain = lcores[l] == eal.mainLcore();
            final Forwarder forwarder = new Forwarder(lcores[l], rx, tx, portMacs, options.macUpdating(),
                statistics, timerPeriodNanos, isMain ? print : null);
            if (isMain)
            {
                main = forwarder;
            }
            else if (!forwarder.hasWork())
            {
                Log.log(Log.INFO, Log.USER1, "L2FWD: lcore " + lcores[l] + " has nothing to do");
            }
            else
            {
                eal.worker(lcores[l]).launch(forwarder, new BusySpinIdleStrategy());
            }
        }
        boolean failed;
        try (Eal.Pinning _ = eal.pinToMainLcore()) // where rte_eal_init leaves a C program's main thread
        {
            failed = runMainLcore(main, shutdown, err);
        }

        try
        {
            eal.stopWorkers();
        }
        catch (final LcoreException ex)
        {
            err.println("l2fwd: " + ex.getMessage());
            ex.printStackTrace(err);
            failed = true;
        }
        printStats(out, portMask, statistics);

        closePorts(portIds, portMask, ports, txBuffers, out);
        out.printf("Mempool %s: %d of %d mbufs in use%n", pool.name(), pool.inUseCount(), pool.size());
        return failed ? 1 : 0;
    }

    /**
     * l2fwd_dst_ports: the destination of every enabled port, from the --portmap pairs, or else
     * consecutive enabled ports paired, an odd last one sent back out of itself (with l2fwd's notice).
     */
    private static int[] destinationPorts(final int[] portIds, final int portMask, final int[][] pairs,
        final PrintStream out)
    {
        final int[] dstPorts = new int[MAX_PORTS];
        if (pairs != null)
        {
            for (final int[] pair : pairs)
            {
                dstPorts[pair[0]] = pair[1];
                dstPorts[pair[1]] = pair[0];
            }
            return dstPorts;
        }
        int lastPort = 0;
        int inMask = 0;
        for (final int portId : portIds)
        {
            if (!enabled(portMask, portId))
            {
                continue;
            }
            if (inMask % 2 == 1)
            {
                dstPorts[portId] = lastPort;
                dstPorts[lastPort] = portId;
            }
            else
            {
                lastPort = portId;
            }
            inMask++;
        }
        if (inMask % 2 == 1)
        {
            out.println("Notice: odd number of ports in portmask.");
            dstPorts[lastPort] = lastPort;
        }
        return dstPorts;
    }

    /**
     * lcore_queue_conf: up to {@code perLcore} RX ports for each enabled lcore, lowest lcore id first,
     * the main lcore included, each assignment printed as l2fwd does.
     *
     * @return the RX port ids of {@code lcores[l]} at index l (empty when it has none)
     * @throws RteExit "Not enough cores" when the ports outnumber lcores times perLcore
     */
    private static int[][] assignRxPorts(final int[] lcores, final int[] portIds, final int portMask,
        final int perLcore, final int[] dstPorts, final PrintStream out)
    {
        final int[][] rxPortList = new int[lcores.length][perLcore];
        final int[] nbRxPort = new int[lcores.length];
        int rxLcore = 0;
        for (final int portId : portIds)
        {
            if (!enabled(portMask, portId))
            {
                continue;
            }
            while (rxLcore < lcores.length && nbRxPort[rxLcore] == perLcore)
            {
                rxLcore++;
            }
            if (rxLcore >= lcores.length)
            {
                throw new RteExit("Not enough cores");
            }
            rxPortList[rxLcore][nbRxPort[rxLcore]++] = portId;
            out.printf("Lcore %d: RX port %d TX port %d%n", lcores[rxLcore], portId, dstPorts[portId]);
        }
        for (int l = 0; l < lcores.length; l++)
        {
            rxPortList[l] = Arrays.copyOf(rxPortList[l], nbRxPort[l]);
        }
        return rxPortList;
    }

    /** Stops and closes every enabled port ("Closing port N... Done"); net_pcap writes its file here. */
    private static void closePorts(final int[] portIds, final int portMask, final Port[] ports,
        final TxBuffer[] txBuffers, final PrintStream out)
    {
        for (final int portId : portIds)
        {
            if (!enabled(portMask, portId))
            {
                continue;
            }
            out.printf("Closing port %d...", portId);
            try
            {
                ports[portId].stop();
            }
            catch (final DpdkException ex)
            {
                out.printf("rte_eth_dev_stop: err=%d, port=%d%n", -ex.errno(), portId);
            }
            ports[portId].close();
            txBuffers[portId].close();
            out.println(" Done");
        }
    }

    /**
     * Runs the main lcore's loop on the calling thread until Ctrl-C: busy-polling as l2fwd when it has
     * ports, sleeping between statistics checks when it has none.
     *
     * @return whether the loop failed
     */
    private static boolean runMainLcore(final Forwarder main, final Shutdown shutdown, final PrintStream err)
    {
        final boolean[] failed = new boolean[1];
        final IdleStrategy idle = main.hasWork() ? new BusySpinIdleStrategy() : new SleepingMillisIdleStrategy(1);
        final AgentInvoker invoker = new AgentInvoker(ex ->
        {
            err.println("l2fwd: lcore " + main.lcoreId() + " failed: " + ex);
            ex.printStackTrace(err);
            failed[0] = true;
            shutdown.requestStop();
        }, null, main);
        final LcorePolls polls = LcorePolls.ofCurrentLcore();
        invoker.start();
        while (shutdown.isRunning() && invoker.isRunning())
        {
            idle.idle(polls.record(invoker.invoke()));
        }
        invoker.close();
        return failed[0];
    }

    /**
     * check_port_pair_config: every port of every pair enabled in the mask and present, no port in two
     * pairs. Prints what is wrong as l2fwd does.
     *
     * @return the port mask reduced to the ports of the pairs
     * @throws RteExit "Invalid port pair config"
     */
    private static int checkPortPairConfig(final int[][] pairs, final int portMask, final PrintStream out)
    {
        int configMask = 0;
        for (final int[] pair : pairs)
        {
            int pairMask = 0;
            int portId = 0;
            for (final int p : pair)
            {
                portId = p;
                if (!enabled(portMask, portId))
                {
                    out.printf("port %d is not enabled in port mask%n", portId);
                    throw new RteExit("Invalid port pair config");
                }
                if (!isValidPort(portId))
                {
                    out.printf("port %d is not present on the board%n", portId);
                    throw new RteExit("Invalid port pair config");
                }
                pairMask |= 1 << portId;
            }
            if ((configMask & pairMask) != 0)
            {
                out.printf("port %d is used in other port pairs%n", portId); // l2fwd names the pair's last port
                throw new RteExit("Invalid port pair config");
            }
            configMask |= pairMask;
        }
        return portMask & configMask;
    }

    private static boolean enabled(final int portMask, final int portId)
    {
        return portId < MAX_PORTS && (portMask & (1 << portId)) != 0;
    }

    private static boolean isValidPort(final int portId)
    {
        try
        {
            Port.of(portId);
            return true;
        }
        catch (final DpdkException ex)
        {
            return false;
        }
    }
}
