package io.jdpdk.pmd;

/**
 * A port's RSS hash configuration as its driver reports it ({@code rte_eth_dev_rss_hash_conf_get}), read on the
 * control path by {@link Port#rssHashConf(boolean)}.
 *
 * @param hashFunctions the hash functions in force ({@code rss_hf}), an OR of {@code RTE_ETH_RSS_*} bits
 *                      ({@link RssTypes}); 0 when RSS is off
 * @param key           the hash key, {@link DeviceInfo#hashKeySize()} bytes; empty when not asked for
 */
public record RssHashConf(long hashFunctions, byte[] key)
{
}
