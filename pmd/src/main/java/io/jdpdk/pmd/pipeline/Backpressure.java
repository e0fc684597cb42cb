package io.jdpdk.pmd.pipeline;

/** What a stage does when the next ring is full. */
public enum Backpressure
{
    /** Free the burst and count it as a ring-full drop: RX keeps draining the NIC (the default). */
    DROP,
    /** Wait, spinning, until the next ring has room: nothing is dropped here, the NIC may drop instead. */
    WAIT
}
