package io.jdpdk.apps.testpmd;

/**
 * {@code rxonly} mode, DPDK 22.11's {@code app/test-pmd/rxonly.c} ({@code pkt_burst_receive}): receives a burst
 * and frees it, counting the packets as received; nothing is sent. Stateless: one instance may serve any number of
 * lcores.
 */
public final class RxOnlyEngine implements ForwardEngine
{
    /** A rxonly engine for one forwarding lcore ({@link Engines#create} makes one per lcore). */
    public RxOnlyEngine()
    {
    }

    @Override
    public boolean disabled(final boolean rxStopped, final boolean txStopped)
    {
        return rxStopped; // its RX queue alone, as the engine's stream_init looks
    }

    @Override
    public String name()
    {
        return "rxonly";
    }

    @Override
    public void packetFwd(final FwdStream stream)
    {
        if (stream.receive() == 0)
        {
            return;
        }
        stream.burst.freeAll();
    }
}
