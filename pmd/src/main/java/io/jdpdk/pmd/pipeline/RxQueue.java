package io.jdpdk.pmd.pipeline;

import io.jdpdk.pmd.Port;

/**
 * One RX queue of one port, as an RX stage polls it.
 *
 * @param port  a started port
 * @param queue a queue the port was configured with
 */
public record RxQueue(Port port, int queue)
{
    /**
     * Checks the queue against the port's configuration.
     *
     * @throws IllegalArgumentException when the port was not configured with RX queue {@code queue}
     */
    public RxQueue
    {
        if (queue < 0 || queue >= port.rxQueues())
        {
            throw new IllegalArgumentException("port " + port.id() + " has no RX queue " + queue + " (configured " +
                port.rxQueues() + ")");
        }
    }
}
