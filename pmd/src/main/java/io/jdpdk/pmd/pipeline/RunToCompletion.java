package io.jdpdk.pmd.pipeline;

import io.jdpdk.pmd.Port;
import org.agrona.concurrent.Agent;

/**
 * RX, the user's {@link BurstFunction} and TX on one lcore, no ring in between: for each RX queue,
 * receive a burst, apply the function, send each packet to the port it chose (freeing what it
 * dropped and what TX refused). The same function as in a {@link Pipeline}, so an app can choose
 * per deployment. Launch it on an {@link io.jdpdk.eal.Lcore} like any agent.
 */
public final class RunToCompletion implements Agent
{
    private final RxQueue[] queues;
    private final BurstFunction function;
    private final PacketBurst burst;
    private final TxStage tx;

    /**
     * An agent polling {@code queues} in turn; each packet goes out on TX queue {@code txQueue} of the port the
     * function chose, any started port with that queue.
     *
     * @param function  the packet work
     * @param txQueue   the TX queue used on every port
     * @param burstSize packets per RX burst
     * @param queues    the RX queues to poll
     */
    public RunToCompletion(final BurstFunction function, final int txQueue, final int burstSize,
        final RxQueue... queues)
    {
        this.queues = queues.clone();
        this.function = function;
        this.burst = new PacketBurst(burstSize);
        this.tx = new TxStage(0, new PacketRing[0], false, Pipeline.portsById(queues), txQueue, burstSize, null, null, 1);
    }

    @Override
    public int doWork()
    {
        int work = 0;
        for (final RxQueue q : queues)
        {
            final Port port = q.port();
            final int n = port.rxBurst(q.queue(), burst.mbufs());
            if (n == 0)
            {
                continue;
            }
            burst.received(port.id(), q.queue());
            function.apply(burst);
            tx.onEvent(burst, 0, true);
            work += n;
        }
        return work;
    }

    @Override
    public void onClose()
    {
        burst.close();
        tx.onClose();
    }

    @Override
    public String roleName()
    {
        return "run-to-completion";
    }
}
