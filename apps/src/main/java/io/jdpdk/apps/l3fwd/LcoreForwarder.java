package io.jdpdk.apps.l3fwd;

import io.jdpdk.eal.Eal;
import io.jdpdk.eal.Log;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.TxBuffer;
import org.agrona.concurrent.Agent;

/**
 * One lcore of l3fwd: its {@code struct lcore_conf} (the RX queues it polls, its TX queue and TX buffer on
 * every enabled port) and {@code lpm_main_loop} as an Agrona agent.
 * <p>
 * Each duty cycle: every {@link #DRAIN_CHECK_CYCLES}th cycle and after a cycle that received nothing (which an
 * idle strategy that backs off may follow with a pause), when more than {@link #BURST_TX_DRAIN_US} passed
 * since the last drain (on the TSC, as l3fwd's {@code drain_tsc}; {@link Eal#tsc()}), send what every TX
 * buffer holds; then receive a burst of up to {@link #MAX_PKT_BURST} from each RX queue in turn, route the whole
 * burst ({@link LpmRouter#route(MbufBurst, int, int, int[])}), and hand its packets to the TX buffer of their
 * output port, one pass per port the burst uses ({@link TxBuffer#bufferWhere}), each buffer sent as soon as it holds
 * {@link #MAX_PKT_BURST} packets (as l3fwd's SSE path does in {@code send_packets_multi}, with the same result on
 * the wire). The buffers are jdpdk's {@link TxBuffer}: what TX does not take is freed and counted
 * ({@code send_burst}); packets without a route are freed in one bulk call per burst.
 * <p>
 * Threading: runs on one thread (its lcore); allocation-free and exception-free in {@link #doWork()} for the
 * ports and queues it was built with. Counters are plain fields: read them after the lcore stopped
 * ({@code Lcore.await()} gives the happens-before edge).
 */
public final class LcoreForwarder implements Agent
{
    /** {@code MAX_PKT_BURST}: RX burst size and TX buffer capacity. */
    public static final int MAX_PKT_BURST = 32;

    /** {@code BURST_TX_DRAIN_US}: a TX buffer waits at most about this long for more packets. */
    public static final long BURST_TX_DRAIN_US = 100;

    /**
     * Busy duty cycles between two reads of the TSC for the drain. l3fwd reads it on every loop; at full rate that
     * read was 1.8 % of the forwarding lcore's samples (perf, one lcore for two net_pcap ports), and a loop then
     * takes microseconds, so every 8th cycle delays a drain by a few microseconds at most, against the 100 allowed.
     * After a cycle that received nothing the TSC is read at once, whatever the idle strategy did in between.
     */
    public static final int DRAIN_CHECK_CYCLES = 8;

    private static final long US_PER_S = 1_000_000;

    private final int lcoreId;
    private final Port[] rxPorts;
    private final int[] rxPortIds;
    private final int[] rxQueueIds;
    private final Port[] txPorts;
    private final int[] txQueueIds;
    private final int[] txPortIds;
    private final TxBuffer[] txBuffers;
    private final MbufBurst rxBurst = new MbufBurst(MAX_PKT_BURST);
    private final MbufBurst dropBurst = new MbufBurst(MAX_PKT_BURST);
    private final int[] ports = new int[MAX_PKT_BURST];
    private final LpmRouter router;
    private final long[] rx = new long[L3fwdConfig.MAX_PORTS];
    /** TSC ticks in {@link #BURST_TX_DRAIN_US}, rounded up as l3fwd's {@code drain_tsc}. */
    private final long drainTsc;
    private long lastDrain;
    private int cyclesToDrainCheck = DRAIN_CHECK_CYCLES;
    private boolean receivedNothing;

    /**
     * A forwarder with one {@link TxBuffer} per enabled port, on this lcore's TX queue of it.
     *
     * @param lcoreId    the EAL lcore id this runs on (for its role name and reports)
     * @param rxPorts    the ports of its RX queues, in polling order ({@code rx_queue_list})
     * @param rxQueueIds the RX queue of each, same order
     * @param txPorts    every enabled port, indexed by port id (null for the others)
     * @param txQueueIds this lcore's TX queue on each enabled port, indexed by port id
     * @param router     this lcore's router, whose enabled ports must all have a TX port here
     * @throws IllegalArgumentException when the arrays do not match or an enabled port has no TX port
     */
    public LcoreForwarder(final int lcoreId, final Port[] rxPorts, final int[] rxQueueIds, final Port[] txPorts,
        final int[] txQueueIds, final LpmRouter router)
    {
        if (rxPorts.length != rxQueueIds.length)
        {
            throw new IllegalArgumentException(rxPorts.length + " RX ports but " + rxQueueIds.length + " queue ids");
        }
        if (txPorts.length != L3fwdConfig.MAX_PORTS || txQueueIds.length != L3fwdConfig.MAX_PORTS)
        {
            throw new IllegalArgumentException("txPorts and txQueueIds are indexed by port id: " +
                L3fwdConfig.MAX_PORTS + " entries");
        }
        for (int port = 0; port < L3fwdConfig.MAX_PORTS; port++)
        {
            if ((router.enabledMask() & (1L << port)) != 0 && txPorts[port] == null)
            {
                throw new IllegalArgumentException("port " + port + " is enabled in the router but has no TX port");
            }
        }
        this.lcoreId = lcoreId;
        this.rxPorts = rxPorts.clone();
        this.rxQueueIds = rxQueueIds.clone();
        this.rxPortIds = new int[rxPorts.length];
        for (int i = 0; i < rxPorts.length; i++)
        {
            rxPortIds[i] = rxPorts[i].id();
        }
        this.txPorts = txPorts.clone();
        this.txQueueIds = txQueueIds.clone();
        this.txPortIds = java.util.stream.IntStream.range(0, txPorts.length).filter(p -> txPorts[p] != null)
            .toArray();
        this.txBuffers = new TxBuffer[L3fwdConfig.MAX_PORTS];
        for (final int port : txPortIds)
        {
            txBuffers[port] = new TxBuffer(txPorts[port], txQueueIds[port], MAX_PKT_BURST);
        }
        this.router = router;
        this.drainTsc = (Eal.current().tscHz() + US_PER_S - 1) / US_PER_S * BURST_TX_DRAIN_US;
        this.lastDrain = Eal.tsc();
    }

    @Override
    public int doWork()
    {
        int work = 0;
        if (--cyclesToDrainCheck <= 0 || receivedNothing)
        {
            cyclesToDrainCheck = DRAIN_CHECK_CYCLES;
            final long now = Eal.tsc();
            if (now - lastDrain > drainTsc)
            {
                for (final int port : txPortIds)
                {
                    work += txBuffers[port].flush();
                }
                lastDrain = now;
            }
        }

        int received = 0;
        for (int i = 0; i < rxPorts.length; i++)
        {
            final int n = rxPorts[i].rxBurst(rxQueueIds[i], rxBurst);
            if (n == 0)
            {
                continue;
            }
            received += n;
            final int rxPort = rxPortIds[i];
            rx[rxPort] += n;
            work += n;
            final long outPorts = router.route(rxBurst, n, rxPort, ports);
            for (long rest = outPorts & ~LpmRouter.SOME_DROPPED; rest != 0; rest &= rest - 1)
            {
                final int port = Long.numberOfTrailingZeros(rest);
                txBuffers[port].bufferWhere(rxBurst, n, ports, port);
            }
            if ((outPorts & LpmRouter.SOME_DROPPED) != 0)
            {
                for (int j = 0; j < n; j++)
                {
                    if (ports[j] < 0)
                    {
                        dropBurst.add(rxBurst.get(j));
                    }
                }
            }
            dropBurst.freeAll();
            rxBurst.count(0);
        }
        receivedNothing = received == 0;
        return work;
    }

    /** Sends what the TX buffers still hold (the ports must still be started), then frees the burst arrays. */
    @Override
    public void onClose()
    {
        for (final int port : txPortIds)
        {
            txBuffers[port].flush();
            txBuffers[port].close();
        }
        rxBurst.close();
        dropBurst.close();
    }

    @Override
    public String roleName()
    {
        return "l3fwd-lcore-" + lcoreId;
    }

    /**
     * Logs l3fwd's {@code lpm_main_loop} greeting lines, one per RX queue, as its {@code RTE_LOG(INFO, L3FWD, ...)}:
     * {@code L3FWD:  -- lcoreid=L portid=P rxqueueid=Q}.
     */
    public void logQueues()
    {
        for (int i = 0; i < rxPortIds.length; i++)
        {
            Log.log(Log.INFO, Log.USER1, "L3FWD:  -- lcoreid=" + lcoreId + " portid=" + rxPortIds[i] + " rxqueueid=" +
                rxQueueIds[i]);
        }
    }

    /**
     * The EAL lcore id this forwarder was built for.
     *
     * @return the id given at construction
     */
    public int lcoreId()
    {
        return lcoreId;
    }

    /**
     * This lcore's router and its counters.
     *
     * @return the router given at construction
     */
    public LpmRouter router()
    {
        return router;
    }

    /**
     * Packets this lcore received on {@code port}.
     *
     * @param port a port id below {@link L3fwdConfig#MAX_PORTS}
     * @return the count since construction
     */
    public long rx(final int port)
    {
        return rx[port];
    }

    /**
     * Packets this lcore sent on {@code port}.
     *
     * @param port a port id below {@link L3fwdConfig#MAX_PORTS}
     * @return the count since construction, 0 for a port not enabled
     */
    public long tx(final int port)
    {
        return txBuffers[port] == null ? 0 : txBuffers[port].sent();
    }

    /**
     * Packets TX on {@code port} did not take, freed.
     *
     * @param port a port id below {@link L3fwdConfig#MAX_PORTS}
     * @return the count since construction, 0 for a port not enabled
     */
    public long txDropped(final int port)
    {
        return txBuffers[port] == null ? 0 : txBuffers[port].dropped();
    }
}
