package io.jdpdk.pmd.pipeline;

/**
 * Told the RX-to-TX latency of the packets a pipeline's TX stage takes ({@link Pipeline.Builder#onTxLatency}), on the
 * TX lcore, before it sends, buffers or frees them. The RX stage stamps a whole burst with one TSC reading and the TX
 * stage reads the TSC once per burst, so the packets of a burst share one latency: the listener is told it once for
 * each run of consecutive packets with the same stamp (a whole burst, unless a worker regrouped packets), which is
 * what a histogram's {@code recordValueWithCount} takes (HdrHistogram: {@code histogram::recordValueWithCount}).
 * <p>
 * Threading: called on the TX lcore only; must not block, and should not allocate.
 */
@FunctionalInterface
public interface TxLatencyListener
{
    /**
     * Tells the latency of a run of packets.
     *
     * @param nanos   nanoseconds from the RX stamp to the TX stage's TSC reading; 0 where that reading is below the
     *                stamp (the TSCs of two cores may differ by a few ticks)
     * @param packets how many consecutive packets had that latency, 1 or more
     */
    void onLatency(long nanos, int packets);
}
