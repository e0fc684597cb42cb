package io.jdpdk.eal;

/**
 * A unit of work for one lcore, as the {@code lcore_function_t} given to
 * {@code rte_eal_remote_launch}: runs once on the lcore's thread and returns a status.
 */
@FunctionalInterface
public interface LcoreFunction
{
    /**
     * Runs on {@code lcore}'s pinned, DPDK-registered thread.
     *
     * @param lcore the lcore it runs on, e.g. to poll {@link Lcore#stopRequested()}
     * @return the status {@link Lcore#await()} returns (0 for success, by DPDK's convention)
     * @throws Exception reported by {@link Lcore#await()} as an {@link LcoreException}
     */
    int run(Lcore lcore) throws Exception;
}
