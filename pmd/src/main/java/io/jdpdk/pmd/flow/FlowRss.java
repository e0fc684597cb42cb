package io.jdpdk.pmd.flow;

/**
 * An RSS action as a PMD reports it ({@code struct rte_flow_action_rss} from {@link FlowRule#queryRss}).
 *
 * @param function {@code RTE_ETH_HASH_FUNCTION_*} (0 default, 1 Toeplitz, 2 simple XOR, 3 symmetric Toeplitz)
 * @param level the encapsulation level hashed (0 the PMD's default)
 * @param types {@code RTE_ETH_RSS_*} bits
 * @param queues the RX queues spread over
 */
public record FlowRss(int function, int level, long types, int[] queues)
{
}
