package io.jdpdk.apps.testpmd;

import org.junit.jupiter.api.Test;

import java.util.List;

import static io.jdpdk.apps.testpmd.Parameters.Topology.CHAINED;
import static io.jdpdk.apps.testpmd.Parameters.Topology.LOOP;
import static io.jdpdk.apps.testpmd.Parameters.Topology.PAIRED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Stream and lcore layout as testpmd's config.c computes it (pure Java, no DPDK). */
class FwdConfigTest
{
    private static FwdConfig.Stream s(final int rxp, final int rxq, final int txp, final int txq)
    {
        return new FwdConfig.Stream(rxp, rxq, txp, txq);
    }

    @Test
    void shouldPairPortsZeroOneAndTwoThree()
    {
        final FwdConfig c = FwdConfig.setup("io", new int[] { 0, 1, 2, 3 }, 1, 1, 1, PAIRED);
        assertEquals(List.of(s(0, 0, 1, 0), s(1, 0, 0, 0), s(2, 0, 3, 0), s(3, 0, 2, 0)), List.of(c.streams));
        assertEquals(1, c.nbLcores);
        assertArrayEquals(new int[] { 4 }, c.streamNb);
    }

    @Test
    void shouldPairAnOddLastPortWithItself()
    {
        final FwdConfig c = FwdConfig.setup("mac", new int[] { 0, 1, 2 }, 1, 1, 1, PAIRED);
        assertEquals(List.of(s(0, 0, 1, 0), s(1, 0, 0, 0), s(2, 0, 2, 0)), List.of(c.streams));
    }

    @Test
    void shouldPairByPositionInTheForwardingPortListNotById()
    {
        final FwdConfig c = FwdConfig.setup("io", new int[] { 3, 5 }, 1, 1, 1, PAIRED);
        assertEquals(List.of(s(3, 0, 5, 0), s(5, 0, 3, 0)), List.of(c.streams));
    }

    @Test
    void shouldUseNoMoreLcoresThanPortsWithOneQueue()
    {
        final FwdConfig c = FwdConfig.setup("io", new int[] { 0, 1 }, 1, 1, 4, PAIRED);
        assertEquals(2, c.nbLcores);
        assertArrayEquals(new int[] { 0, 1 }, c.streamIdx);
        assertArrayEquals(new int[] { 1, 1 }, c.streamNb);
    }

    @Test
    void shouldMapQueueQToQueueQOfThePeerPortQueueByQueue()
    {
        final FwdConfig c = FwdConfig.setup("io", new int[] { 0, 1 }, 2, 3, 1, PAIRED);
        assertEquals(List.of(s(0, 0, 1, 0), s(1, 0, 0, 0), s(0, 1, 1, 1), s(1, 1, 0, 1)), List.of(c.streams));
    }

    @Test
    void shouldUseTheSimpleSetupWhenOnlyOneSideHasSeveralQueues()
    {
        final FwdConfig c = FwdConfig.setup("io", new int[] { 0, 1 }, 4, 1, 2, PAIRED);
        assertEquals(List.of(s(0, 0, 1, 0), s(1, 0, 0, 0)), List.of(c.streams));
    }

    @Test
    void shouldGiveTheLastLcoresOneStreamMoreWhenStreamsDoNotDivide()
    {
        final FwdConfig c = FwdConfig.setup("io", new int[] { 0, 1, 2, 3, 4 }, 1, 1, 3, PAIRED);
        assertEquals(3, c.nbLcores);
        assertArrayEquals(new int[] { 0, 1, 3 }, c.streamIdx);
        assertArrayEquals(new int[] { 1, 2, 2 }, c.streamNb);
    }

    @Test
    void shouldAnswerIcmpEchoOnTheReceivingPortAndQueue()
    {
        final FwdConfig c = FwdConfig.setup("icmpecho", new int[] { 0, 1 }, 2, 2, 8, PAIRED);
        assertEquals(List.of(s(0, 0, 0, 0), s(0, 1, 0, 1), s(1, 0, 1, 0), s(1, 1, 1, 1)), List.of(c.streams));
        assertEquals(4, c.nbLcores);
    }

    @Test
    void shouldSendEachPortToTheNextAndTheLastToTheFirstWhenChained()
    {
        final FwdConfig c = FwdConfig.setup("io", new int[] { 0, 2, 5 }, 1, 1, 1, CHAINED);
        assertEquals(List.of(s(0, 0, 2, 0), s(2, 0, 5, 0), s(5, 0, 0, 0)), List.of(c.streams));
    }

    @Test
    void shouldSendEachPortBackToItselfInALoopQueueByQueue()
    {
        final FwdConfig c = FwdConfig.setup("macswap", new int[] { 0, 1 }, 2, 2, 1, LOOP);
        assertEquals(List.of(s(0, 0, 0, 0), s(1, 0, 1, 0), s(0, 1, 0, 1), s(1, 1, 1, 1)), List.of(c.streams));
    }
}
