package io.jdpdk.pmd;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LinkStatusTest
{
    @Test
    void shouldNameSpeedsAsRteEthLinkSpeedToStrDoes()
    {
        assertEquals("None", new LinkStatus(false, 0, false, false).speedText());
        assertEquals("10 Mbps", new LinkStatus(true, 10, true, true).speedText());
        assertEquals("1 Gbps", new LinkStatus(true, 1_000, true, true).speedText());
        assertEquals("2.5 Gbps", new LinkStatus(true, 2_500, true, true).speedText());
        assertEquals("56 Gbps", new LinkStatus(true, 56_000, true, true).speedText());
        assertEquals("200 Gbps", new LinkStatus(true, 200_000, true, true).speedText());
        assertEquals("Invalid", new LinkStatus(true, 400_000, true, true).speedText(), "DPDK 22.11 knows no 400G");
        assertEquals("Unknown", new LinkStatus(true, -1, true, true).speedText(), "RTE_ETH_SPEED_NUM_UNKNOWN");
        assertEquals("Invalid", new LinkStatus(true, 1_500, true, true).speedText(), "not one of DPDK's speeds");
    }

    @Test
    void shouldWriteTheLinkAsRteEthLinkToStrDoes()
    {
        assertEquals("Link up at 10 Gbps FDX Autoneg", new LinkStatus(true, 10_000, true, true).toString());
        assertEquals("Link up at 100 Mbps HDX Fixed", new LinkStatus(true, 100, false, false).toString());
        assertEquals("Link down", new LinkStatus(false, 0, true, true).toString());
    }
}
