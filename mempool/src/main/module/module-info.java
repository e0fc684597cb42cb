/**
 * Hugepage mbuf pools, mbufs as zero-allocation flyweights, and bounds-checked packet header views.
 * Exports {@code io.jdpdk.mempool} and {@code io.jdpdk.mempool.header}; the raw binding only to {@code io.jdpdk.pmd}.
 */
module io.jdpdk.mempool
{
    requires transitive io.jdpdk.eal;
    // EthernetView swaps MAC addresses with the Vector API when the JVM has this incubating module, without otherwise.
    requires static jdk.incubator.vector;

    exports io.jdpdk.mempool;
    exports io.jdpdk.mempool.header;
    exports io.jdpdk.mempool.raw to io.jdpdk.pmd;
}
