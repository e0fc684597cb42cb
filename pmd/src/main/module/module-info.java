/**
 * Poll-mode driver ports over DPDK's ethdev, TX buffering, and the Disruptor pipeline between RX, worker and TX
 * lcores. Exports {@code io.jdpdk.pmd}, {@code io.jdpdk.pmd.flow} (rte_flow) and
 * {@code io.jdpdk.pmd.pipeline}; the raw binding stays inside.
 */
module io.jdpdk.pmd
{
    requires transitive io.jdpdk.mempool;
    requires com.lmax.disruptor;

    exports io.jdpdk.pmd;
    exports io.jdpdk.pmd.pipeline;
    exports io.jdpdk.pmd.flow;
}
