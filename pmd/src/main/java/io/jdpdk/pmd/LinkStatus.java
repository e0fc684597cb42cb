package io.jdpdk.pmd;

import io.jdpdk.pmd.raw.EthdevRaw;

/**
 * A port's link ({@code rte_eth_link}), written as DPDK writes it: {@link #speedText()} is
 * {@code rte_eth_link_speed_to_str} itself and {@link #toString()} is {@code rte_eth_link_to_str}'s text, so apps
 * print links exactly as DPDK's do.
 *
 * @param up         whether the link is up
 * @param speedMbps  speed in Mbps (0 when unknown or down; -1 is {@code RTE_ETH_SPEED_NUM_UNKNOWN})
 * @param fullDuplex full duplex
 * @param autoneg    auto-negotiated
 */
public record LinkStatus(boolean up, int speedMbps, boolean fullDuplex, boolean autoneg)
{
    /**
     * The speed as DPDK names it ({@code rte_eth_link_speed_to_str}): "None", "10 Mbps", "2.5 Gbps", "100 Gbps",
     * "Unknown"; "Invalid" for a speed that is none of {@code RTE_ETH_SPEED_NUM_*} (1500 Mbps, say).
     *
     * @return DPDK's name of {@link #speedMbps()}
     */
    public String speedText()
    {
        return EthdevRaw.link_speed_to_str(speedMbps);
    }

    /** {@code rte_eth_link_to_str}: "Link down", or "Link up at 10 Gbps FDX Autoneg". */
    @Override
    public String toString()
    {
        return up ? "Link up at " + speedText() + " " + (fullDuplex ? "FDX" : "HDX") + " " +
            (autoneg ? "Autoneg" : "Fixed") : "Link down";
    }
}
