package io.jdpdk.pmd.pipeline;

import io.jdpdk.eal.Eal;
import io.jdpdk.eal.Lcore;
import io.jdpdk.mempool.MbufDynField;
import io.jdpdk.eal.LcoreException;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.raw.EthdevRaw;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.CompositeAgent;
import org.agrona.concurrent.IdleStrategy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * RX lcore(s) → Disruptor rings → worker lcore(s) → Disruptor rings → TX lcore(s), wired from a
 * few lines:
 * <pre>{@code
 * Pipeline pipeline = Pipeline.builder()
 *     .rx(eal.worker(1), new RxQueue(p0, 0), new RxQueue(p1, 0))
 *     .workers(burst -> { ...; burst.sendAllTo(burst.inPort() ^ 1); }, eal.worker(2), eal.worker(3))
 *     .tx(eal.worker(4))
 *     .build();
 * pipeline.start();
 * ...
 * pipeline.stop();   // drains every ring: every mbuf is sent or back in its pool
 * pipeline.close();  // frees its counters (stop and close in one, for try-with-resources)
 * }</pre>
 * Every ring is single-producer single-consumer and preallocated; an event is a burst of mbuf
 * pointers ({@link PacketBurst}), never an object per packet. With several workers, RX splits each
 * burst by {@link FlowHash}, so the packets of a flow stay on one worker and in order. Without
 * workers the function runs on the RX lcore. TX stage {@code t} sends on TX queue {@code t} of each
 * port, buffering per port and flushing at the Disruptor's end of batch. Stages given the same lcore
 * share it as one Agrona {@link CompositeAgent}.
 * <p>
 * Idle strategy: busy-spin unless {@link Builder#idle} says otherwise. Backpressure ({@link Backpressure}): by default a stage facing a full ring frees the burst and
 * counts it; {@code WAIT} spins instead. Counters are in {@link io.jdpdk.eal.Counters} ("pipeline rx 0: packets received"...),
 * readable until {@link #close()} frees them.
 * <p>
 * {@link #stop()} stops RX, waits until every ring is drained and every TX buffer flushed, then
 * stops the lcores; an exception on any lcore is rethrown from {@code stop()} as an
 * {@link LcoreException}.
 */
public final class Pipeline implements AutoCloseable
{
    /**
     * The mbuf dynamic field ({@link MbufDynField}) where RX stages stamp each packet's receive time, a
     * {@code uint64_t} TSC reading, when the pipeline records latency ({@link Builder#onTxLatency}).
     */
    public static final String RX_TSC_FIELD = "jdpdk_dynfield_rx_tsc";

    private final List<RxStage> rxStages;
    private final List<WorkerStage> workerStages;
    private final List<TxStage> txStages;
    private final List<PacketRing> rings;
    /** Agents by lcore; the null key holds those the main lcore runs itself ({@link #mainLcoreAgent()}). */
    private final Map<Lcore, List<Agent>> placement;
    private final Supplier<IdleStrategy> idle;
    private boolean started;
    private boolean closed;
    private boolean everStarted;

    private Pipeline(final List<RxStage> rxStages, final List<WorkerStage> workerStages, final List<TxStage> txStages,
        final List<PacketRing> rings, final Map<Lcore, List<Agent>> placement, final Supplier<IdleStrategy> idle)
    {
        this.rxStages = rxStages;
        this.workerStages = workerStages;
        this.txStages = txStages;
        this.rings = rings;
        this.placement = placement;
        this.idle = idle;
    }

    /**
     * Stops the pipeline ({@link #stop()}) and frees its stages' counters, which stay readable between stop
     * and close. Idempotent.
     */
    @Override
    public synchronized void close()
    {
        if (closed)
        {
            return;
        }
        stop(); // if a stage failed this throws, and the counters stay: a failed lcore may still write them
        closed = true;
        for (final List<Agent> agents : placement.values())
        {
            for (final Agent agent : agents)
            {
                if (!everStarted)
                {
                    agent.onClose(); // a stage that never ran still holds its buffers
                }
                if (agent instanceof CountedStage stage)
                {
                    stage.freeCounters();
                }
            }
        }
        if (!everStarted)
        {
            rings.forEach(PacketRing::close);
        }
    }

    /**
     * A pipeline to wire.
     *
     * @return a new builder with the defaults
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /** Launches every stage on its lcore. */
    public synchronized void start()
    {
        if (started || closed)
        {
            throw new IllegalStateException(closed ? "pipeline closed" : "pipeline already started");
        }
        started = true;
        everStarted = true;
        placement.forEach((lcore, agents) ->
        {
            if (lcore != null)
            {
                lcore.launch(agents.size() == 1 ? agents.get(0) : new CompositeAgent(agents), idle.get());
            }
        });
        final List<Agent> main = placement.get(null);
        if (main != null)
        {
            main.forEach(Agent::onStart);
        }
    }

    /**
     * The stages placed on the main lcore ({@link Builder#rxOnMainLcore}), as one agent that the main lcore's
     * own loop runs between {@link #start()} and {@link #stop()}, as DPDK's samples run their RX loop in
     * {@code main()}: {@code while (running) idle.idle(agent.doWork() + timers.poll());}. Call {@link #stop()}
     * from that thread once its loop has ended.
     *
     * @return the agent, or null when no stage is on the main lcore
     */
    public Agent mainLcoreAgent()
    {
        final List<Agent> main = placement.get(null);
        return main == null ? null : main.size() == 1 ? main.get(0) : new CompositeAgent(main);
    }

    /**
     * The RX stages' counters summed, readable from any thread until {@link #close()}.
     *
     * @return packets the RX stages received
     */
    public long rxPackets()
    {
        return rxStages.stream().mapToLong(RxStage::packets).sum();
    }

    /**
     * The RX stages' counters summed, readable from any thread until {@link #close()}.
     *
     * @return packets the RX stages freed because a worker's (or TX's) ring was full
     */
    public long rxRingFullDrops()
    {
        return rxStages.stream().mapToLong(RxStage::ringFullDrops).sum();
    }

    /**
     * One worker's counter, readable from any thread until {@link #close()}.
     *
     * @param worker a worker's index, in the order {@link Builder#workers} was given the lcores
     * @return packets that worker's function saw
     * @throws IndexOutOfBoundsException when there is no such worker
     */
    public long workerPackets(final int worker)
    {
        return workerStages.get(worker).packets();
    }

    /**
     * One worker's counter, readable from any thread until {@link #close()}.
     *
     * @param worker a worker's index, in the order {@link Builder#workers} was given the lcores
     * @return packets that worker freed because its TX ring was full
     * @throws IndexOutOfBoundsException when there is no such worker
     */
    public long workerRingFullDrops(final int worker)
    {
        return workerStages.get(worker).ringFullDrops();
    }

    /**
     * The TX stages' counters summed, readable from any thread until {@link #close()}.
     *
     * @return packets the TX stages sent
     */
    public long txPackets()
    {
        return txStages.stream().mapToLong(TxStage::packets).sum();
    }

    /**
     * The TX stages' counters summed, readable from any thread until {@link #close()}.
     *
     * @return packets a port refused and the TX stages freed
     */
    public long txDrops()
    {
        return txStages.stream().mapToLong(TxStage::txDrops).sum();
    }

    /**
     * The TX stages' counters summed, readable from any thread until {@link #close()}.
     *
     * @return packets the function dropped, or sent to no usable port, which the TX stages freed
     */
    public long txFunctionDrops()
    {
        return txStages.stream().mapToLong(TxStage::functionDrops).sum();
    }

    /**
     * Stops receiving, drains every ring through the workers and TX, stops the lcores and releases
     * the rings. Every mbuf the pipeline received is then sent or back in its pool.
     *
     * @throws LcoreException when a stage failed (the first; others suppressed)
     */
    public synchronized void stop()
    {
        if (!started)
        {
            return;
        }
        started = false;
        rxStages.forEach(RxStage::stopReceiving);
        final List<Agent> main = placement.get(null);
        final List<Lcore> lcores = placement.keySet().stream().filter(l -> l != null).toList();
        if (main != null)
        {
            for (final Agent agent : main)
            {
                try
                {
                    agent.doWork(); // the main lcore's RX sees it is stopped: quiescent
                }
                catch (final Exception ex)
                {
                    throw new IllegalStateException(ex);
                }
            }
        }
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        // RX first stops publishing; then, in ring order (RX->worker before worker->TX), every
        // ring empties: a consumer's sequence moves only after its handler passed the burst on.
        while (!(rxStages.stream().allMatch(RxStage::quiescent) && rings.stream().allMatch(PacketRing::drained)) &&
            System.nanoTime() < deadline && lcores.stream().allMatch(l -> l.state() == Lcore.State.RUNNING))
        {
            Thread.onSpinWait();
        }
        lcores.forEach(Lcore::stop);
        try
        {
            Lcore.awaitAll(lcores);
        }
        finally
        {
            if (main != null)
            {
                main.forEach(Agent::onClose);
            }
            rings.forEach(PacketRing::close);
        }
    }

    static Port[] portsById(final RxQueue[] queues)
    {
        final Port[] ports = new Port[EthdevRaw.MAX_ETHPORTS];
        for (final RxQueue q : queues)
        {
            ports[q.port().id()] = q.port();
        }
        return ports;
    }

    /** Wiring and sizes, checked by {@link #build()} before anything is allocated. */
    public static final class Builder
    {
        /** Use {@link Pipeline#builder()}. */
        private Builder()
        {
        }

        private final List<Lcore> rxLcores = new ArrayList<>();
        private final List<RxQueue[]> rxQueues = new ArrayList<>();
        private final List<Lcore> workerLcores = new ArrayList<>();
        private final List<Lcore> txLcores = new ArrayList<>();
        private final List<Port> extraPorts = new ArrayList<>();
        private BurstFunction function;
        private int ringSize = 1024;
        private int burstSize = 32;
        private Backpressure backpressure = Backpressure.DROP;
        private Supplier<IdleStrategy> idle = BusySpinIdleStrategy::new;
        private TxLatencyListener txLatency;
        private boolean inOrder;

        /**
         * An RX stage on {@code lcore} polling {@code queues}. Call again for more RX lcores.
         *
         * @param lcore  a worker lcore ({@link #rxOnMainLcore} for the main one)
         * @param queues the RX queues to poll
         * @return this
         */
        public Builder rx(final Lcore lcore, final RxQueue... queues)
        {
            rxLcores.add(java.util.Objects.requireNonNull(lcore, "lcore; rxOnMainLcore for the main lcore"));
            rxQueues.add(queues.clone());
            return this;
        }

        /**
         * An RX stage polling {@code queues} on the main lcore, run by the main lcore's own loop through
         * {@link Pipeline#mainLcoreAgent()} rather than launched by {@link Pipeline#start()}.
         *
         * @param queues the RX queues to poll
         * @return this
         */
        public Builder rxOnMainLcore(final RxQueue... queues)
        {
            rxLcores.add(null);
            rxQueues.add(queues.clone());
            return this;
        }

        /**
         * Keeps the order packets were received in, across parallel workers: the RX stage numbers whole bursts and
         * hands them to the workers in turn, each worker waits on a full ring rather than drop, and the TX stage
         * takes the bursts back in RX order (what DPDK's packet_ordering does with {@code rte_reorder}, here
         * without a reorder window: nothing that RX numbered can go missing). Needs one RX and one TX stage. By
         * default RX splits bursts by {@link FlowHash}, which keeps the order within each flow only.
         *
         * @return this
         */
        public Builder inOrder()
        {
            inOrder = true;
            return this;
        }

        /**
         * The packet work, on these worker lcores (none: the function runs on the RX lcores).
         *
         * @param function the packet work; one instance serves every worker (or RX) lcore at once
         * @param lcores   the worker lcores, one worker stage each
         * @return this
         */
        public Builder workers(final BurstFunction function, final Lcore... lcores)
        {
            this.function = function;
            workerLcores.addAll(List.of(lcores));
            return this;
        }

        /**
         * A TX stage on {@code lcore}; the n-th TX stage uses TX queue n of every port.
         *
         * @param lcore the lcore of the next TX stage
         * @return this
         */
        public Builder tx(final Lcore lcore)
        {
            txLcores.add(lcore);
            return this;
        }

        /**
         * Ports that packets may be sent to besides those RX polls.
         *
         * @param ports ports with a TX queue for every TX stage (checked by {@link #build()})
         * @return this
         */
        public Builder outputPorts(final Port... ports)
        {
            extraPorts.addAll(List.of(ports));
            return this;
        }

        /**
         * Events per ring, a power of two (default 1024).
         *
         * @param size bursts a ring holds, a power of two of at least 2 (checked by {@link #build()})
         * @return this
         */
        public Builder ringSize(final int size)
        {
            ringSize = size;
            return this;
        }

        /**
         * Packets per burst (default 32): the most an RX burst takes, and the size of each TX buffer.
         *
         * @param size packets, at least 1 (checked by {@link #build()})
         * @return this
         */
        public Builder burstSize(final int size)
        {
            burstSize = size;
            return this;
        }

        /**
         * What a stage does when its next ring is full (default {@link Backpressure#DROP}); the workers of an
         * in-order pipeline always wait.
         *
         * @param policy drop or wait
         * @return this
         */
        public Builder backpressure(final Backpressure policy)
        {
            backpressure = policy;
            return this;
        }

        /**
         * The idle strategy of each lcore: busy-spin by default (an lcore owns its CPU); a backing-off
         * strategy ({@code BackoffIdleStrategy::new}) for shared machines, CI, or lcores sharing a CPU.
         *
         * @param strategy makes a new strategy for each lcore as {@link Pipeline#start()} launches it
         * @return this
         */
        public Builder idle(final Supplier<IdleStrategy> strategy)
        {
            idle = strategy;
            return this;
        }

        /**
         * Tells {@code listener} every packet's RX-to-TX latency in nanoseconds, on the TX lcore (one TX stage only).
         * The RX stage stamps every packet it receives with one TSC reading per burst ({@code rte_rdtsc}) in the mbuf
         * dynamic field {@value Pipeline#RX_TSC_FIELD}, which {@link #build()} registers; the TX stage reads the TSC
         * once per burst it takes and, before sending, buffering or freeing it, tells {@code listener} the difference
         * once per run of packets with the same stamp, with their number ({@link TxLatencyListener}): once per burst
         * when the bursts reach TX as RX made them. The cost: a TSC read per burst on either side, an 8-byte write per
         * packet on RX, a read and a compare per packet and a call per run on TX.
         *
         * @param listener told the packets' nanoseconds from RX to TX
         * @return this
         */
        public Builder onTxLatency(final TxLatencyListener listener)
        {
            txLatency = listener;
            return this;
        }

        /**
         * Checks the wiring and allocates rings and stages.
         *
         * @return the pipeline, not yet started
         * @throws IllegalArgumentException naming the first wiring or size that cannot work
         * @throws io.jdpdk.eal.DpdkException when recording latency and DPDK cannot register the mbuf field
         *                                    {@value Pipeline#RX_TSC_FIELD}
         */
        public Pipeline build()
        {
            if (rxLcores.isEmpty() || txLcores.isEmpty())
            {
                throw new IllegalArgumentException("a pipeline needs at least one RX and one TX lcore");
            }
            if (function == null)
            {
                throw new IllegalArgumentException("no packet function: call workers(function, lcores...)");
            }
            if (Integer.bitCount(ringSize) != 1 || ringSize < 2)
            {
                throw new IllegalArgumentException("ring size must be a power of two >= 2, got " + ringSize);
            }
            if (burstSize < 1 || burstSize > ringSize * 64)
            {
                throw new IllegalArgumentException("burst size must be 1.." + (ringSize * 64) + ", got " + burstSize);
            }
            if (inOrder && (rxLcores.size() != 1 || txLcores.size() != 1))
            {
                throw new IllegalArgumentException("an in-order pipeline needs exactly one RX and one TX stage, got " +
                    rxLcores.size() + " and " + txLcores.size());
            }
            if (txLatency != null && txLcores.size() != 1)
            {
                throw new IllegalArgumentException("TX latency recording needs exactly one TX stage");
            }
            final MbufDynField rxTsc = txLatency == null ? null : MbufDynField.register(RX_TSC_FIELD, 8, 8);
            final long tscHz = txLatency == null ? 1 : Eal.current().tscHz();
            final List<RxQueue> allQueues = new ArrayList<>();
            rxQueues.forEach(qs -> allQueues.addAll(List.of(qs)));
            final Port[] ports = portsById(allQueues.toArray(RxQueue[]::new));
            for (final Port p : extraPorts)
            {
                ports[p.id()] = p;
            }
            for (final Port p : ports)
            {
                if (p != null && p.txQueues() < txLcores.size())
                {
                    throw new IllegalArgumentException("port " + p.id() + " has " + p.txQueues() + " TX queue(s), " +
                        txLcores.size() + " TX stages need one each");
                }
            }
            final int r = rxLcores.size();
            final int w = workerLcores.size();
            final int t = txLcores.size();
            final List<PacketRing> rings = new ArrayList<>();
            final List<List<PacketRing>> txIn = new ArrayList<>();
            for (int i = 0; i < t; i++)
            {
                txIn.add(new ArrayList<>());
            }
            final Map<Lcore, List<Agent>> placement = new LinkedHashMap<>();
            final List<RxStage> rxStages = new ArrayList<>();
            final List<WorkerStage> workerStages = new ArrayList<>();
            final List<TxStage> txStages = new ArrayList<>();
            if (w == 0)
            {
                for (int i = 0; i < r; i++)
                {
                    final PacketRing ring = new PacketRing(ringSize, burstSize);
                    rings.add(ring);
                    txIn.get(i % t).add(ring);
                    final RxStage rx = new RxStage(i, rxQueues.get(i), new PacketRing[] { ring }, function,
                        backpressure, burstSize, rxTsc, false);
                    rxStages.add(rx);
                    place(placement, rxLcores.get(i), rx);
                }
            }
            else
            {
                final List<List<PacketRing>> workerIn = new ArrayList<>();
                for (int j = 0; j < w; j++)
                {
                    workerIn.add(new ArrayList<>());
                }
                for (int i = 0; i < r; i++)
                {
                    final PacketRing[] out = new PacketRing[w];
                    for (int j = 0; j < w; j++)
                    {
                        out[j] = new PacketRing(ringSize, burstSize);
                        rings.add(out[j]);
                        workerIn.get(j).add(out[j]);
                    }
                    final RxStage rx = new RxStage(i, rxQueues.get(i), out, null, backpressure, burstSize, rxTsc,
                        inOrder);
                    rxStages.add(rx);
                    place(placement, rxLcores.get(i), rx);
                }
                for (int j = 0; j < w; j++)
                {
                    final PacketRing toTx = new PacketRing(ringSize, burstSize);
                    rings.add(toTx);
                    txIn.get(j % t).add(toTx);
                    final WorkerStage worker = new WorkerStage(j, workerIn.get(j).toArray(PacketRing[]::new), toTx,
                        function, inOrder ? Backpressure.WAIT : backpressure);
                    workerStages.add(worker);
                    place(placement, workerLcores.get(j), worker);
                }
            }
            for (int i = 0; i < t; i++)
            {
                final TxStage tx = new TxStage(i, txIn.get(i).toArray(PacketRing[]::new), inOrder && w > 0, ports, i,
                    burstSize, txLatency, rxTsc, tscHz);
                txStages.add(tx);
                place(placement, txLcores.get(i), tx);
            }
            return new Pipeline(rxStages, workerStages, txStages, rings, placement, idle);
        }

        private static void place(final Map<Lcore, List<Agent>> placement, final Lcore lcore, final Agent agent)
        {
            placement.computeIfAbsent(lcore, l -> new ArrayList<>()).add(agent);
        }
    }
}
