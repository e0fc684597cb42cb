package io.jdpdk.apps.testpmd;

/**
 * A testpmd forwarding engine: what {@code struct fwd_engine} is in DPDK's app/test-pmd (one file
 * per engine there, {@code iofwd.c}, {@code macswap.c}, ...; one class per engine here). An engine
 * is stateless or keeps per-stream state in the stream; {@link #packetFwd(FwdStream)} runs on the
 * forwarding lcore and must not allocate.
 * <p>
 * {@link TestPmd} makes one instance per forwarding lcore at each {@code start} (through
 * {@link Engines}, with a public no-argument constructor) and calls {@link #portBegin} on each instance
 * for every forwarding port, on the main thread, before the lcore runs it; so an engine may keep
 * flyweights ({@code Mbuf}, header views) and what portBegin computed in fields: no instance is used by
 * two threads at once. portBegin may refuse a configuration with IllegalArgumentException, which
 * testpmd reports as "Packet forwarding is not ready" and does not start, or end testpmd with {@link RteExit} where
 * testpmd's engine calls {@code rte_exit}.
 */
public interface ForwardEngine
{
    /**
     * The mode name, as {@code --forward-mode=NAME} and {@code set fwd NAME} take it.
     *
     * @return e.g. "macswap"
     */
    String name();

    /**
     * Called once per forwarding port on each instance before forwarding starts ({@code port_fwd_begin}), on the
     * main thread. Does nothing by default.
     *
     * @param portId the forwarding port
     * @param config the run's parameters
     * @throws IllegalArgumentException to refuse the configuration
     * @throws RteExit to end testpmd
     */
    default void portBegin(final int portId, final TestPmdConfig config)
    {
    }

    /**
     * Called once per forwarding port on each instance after forwarding stopped ({@code port_fwd_end}), on the main
     * thread, also when a later port's {@link #portBegin} refused. Does nothing by default.
     *
     * @param portId the forwarding port
     * @param config the run's parameters
     */
    default void portEnd(final int portId, final TestPmdConfig config)
    {
    }

    /**
     * Whether a stream is left out of forwarding when its queues are stopped, as the engine's {@code stream_init} sets
     * {@code fs->disabled}: by default when its RX or its TX queue is stopped (flowgen too, which receives and frees);
     * rxonly looks at RX alone, txonly at TX alone.
     *
     * @param rxStopped whether the stream's RX queue is stopped
     * @param txStopped whether its TX queue is stopped
     * @return true to leave the stream out
     */
    default boolean disabled(final boolean rxStopped, final boolean txStopped)
    {
        return rxStopped || txStopped;
    }

    /**
     * Whether {@code --record-core-cycles} counts this engine's cycles ({@code get_start_cycles} and
     * {@code get_end_cycles} in its C file). True by default.
     *
     * @return false for an engine whose testpmd counterpart records none
     */
    default boolean recordsCycles()
    {
        return true;
    }

    /** Releases what the instance holds (after every {@link #portEnd}); it is not used again. Nothing by default. */
    default void close()
    {
    }

    /**
     * The line this engine's {@code port_fwd_begin} prints for {@code portId} in testpmd, which TestPmd prints once
     * per forwarding port at each start, after the streams and before the queues' settings. None by default.
     *
     * @param portId the forwarding port
     * @param config the run's parameters
     * @return the line, or null for none
     */
    default String portBeginLine(final int portId, final TestPmdConfig config)
    {
        return null;
    }

    /**
     * One iteration for one stream ({@code packet_fwd}): receive a burst from the stream's RX
     * queue (or generate one), process it, send it on the stream's TX queue, free what TX refused,
     * and update the stream's counters.
     *
     * @param stream one of the forwarding lcore's streams
     */
    void packetFwd(FwdStream stream);
}
