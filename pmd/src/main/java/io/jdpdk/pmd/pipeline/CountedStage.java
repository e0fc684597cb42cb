package io.jdpdk.pmd.pipeline;

/** A pipeline stage that publishes counters in {@link io.jdpdk.eal.Counters}, freed when its pipeline closes. */
interface CountedStage
{
    /** Frees the stage's counters; the stage no longer runs. */
    void freeCounters();
}
