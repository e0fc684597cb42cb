package io.jdpdk.examples;

import io.jdpdk.eal.Eal;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;

/** Forwards between ports 0 and 1 until -Dpackets=N have gone out (default 1000000). */
public final class Forwarder
{
    public static void main(final String[] args)
    {
        final long limit = Long.getLong("packets", 1_000_000);
        try (Eal _ = Eal.init(args))
        {
            final Mempool pool = Mempool.create("pool", 8191, 256);
            final Port[] ports = { Port.of(0), Port.of(1) };
            for (final Port port : ports)
            {
                port.configure(new PortConfig().mempool(pool)).start();
            }
            final MbufBurst burst = new MbufBurst(32);
            long sent = 0;
            while (sent < limit)
            {
                for (int i = 0; i < 2; i++)
                {
                    sent += ports[i].rxBurst(0, burst) > 0 ? ports[i ^ 1].txBurstOrFree(0, burst) : 0;
                }
            }
            for (final Port port : ports)
            {
                port.close();
            }
            System.out.printf("forwarded %d packets, %d mbufs in use%n", sent, pool.inUseCount());
        }
    }
}
