/**
 * jdpdk's EAL layer over DPDK through {@code java.lang.foreign}: {@code rte_eal_init} with DPDK's arguments,
 * lcores running Java agents on EAL's own threads, lcore timers, counters and telemetry, typed DPDK errors.
 * <p>
 * Exports {@code io.jdpdk.eal} and {@code io.jdpdk.eal.timer}. The raw binding ({@code io.jdpdk.eal.raw}) is
 * exported only to the other jdpdk modules. This module needs native access and, through Agrona,
 * {@code jdk.internal.misc}: run java with
 * {@code --enable-native-access=io.jdpdk.eal,io.jdpdk.pmd --add-exports java.base/jdk.internal.misc=org.agrona}
 * on the module path (on the class path: {@code =ALL-UNNAMED} for both).
 */
module io.jdpdk.eal
{
    requires transitive org.agrona;
    requires jdk.jfr;
    requires jdk.unsupported;

    exports io.jdpdk.eal;
    exports io.jdpdk.eal.timer;
    exports io.jdpdk.eal.raw to io.jdpdk.mempool, io.jdpdk.pmd, io.jdpdk.lpm;
    exports io.jdpdk.eal.jfr to jdk.jfr;
}
