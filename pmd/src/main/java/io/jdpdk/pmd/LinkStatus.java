package io.jdpdk.pmd;

/**
 * A port's link ({@code rte_eth_link}).
 *
 * @param up         whether the link is up
 * @param speedMbps  speed in Mbps (0 when unknown or down)
 * @param fullDuplex full duplex
 * @param autoneg    auto-negotiated
 */
public record LinkStatus(boolean up, int speedMbps, boolean fullDuplex, boolean autoneg)
{
    @Override
    public String toString()
    {
        return up ? "Link up at " + speedMbps + " Mbps " + (fullDuplex ? "FDX" : "HDX") +
            (autoneg ? " Autoneg" : " Fixed") : "Link down";
    }
}
