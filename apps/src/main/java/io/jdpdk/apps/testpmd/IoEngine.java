package io.jdpdk.apps.testpmd;

/**
 * {@code io} mode, DPDK 22.11's {@code app/test-pmd/iofwd.c} ({@code pkt_burst_io_forward}): forwards every
 * received packet as it is, touching neither data nor metadata: the fastest mode, which measures the PMDs alone.
 * What TX refuses is freed and counted as dropped (testpmd without {@code --tx-retry}). Stateless: one instance may
 * serve any number of lcores.
 */
public final class IoEngine implements ForwardEngine
{
    /** An io engine for one forwarding lcore ({@link Engines#create} makes one per lcore). */
    public IoEngine()
    {
    }

    @Override
    public String name()
    {
        return "io";
    }

    @Override
    public void packetFwd(final FwdStream stream)
    {
        if (stream.receive() == 0)
        {
            return;
        }
        stream.sendOrFree();
    }
}
