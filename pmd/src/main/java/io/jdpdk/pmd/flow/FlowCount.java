package io.jdpdk.pmd.flow;

/**
 * What a COUNT action of a rule has counted ({@code struct rte_flow_query_count}).
 *
 * @param hitsSet whether the PMD counts packets
 * @param bytesSet whether the PMD counts bytes
 * @param hits packets that matched
 * @param bytes their bytes
 */
public record FlowCount(boolean hitsSet, boolean bytesSet, long hits, long bytes)
{
}
