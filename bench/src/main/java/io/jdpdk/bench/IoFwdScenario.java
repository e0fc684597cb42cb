package io.jdpdk.bench;

import io.jdpdk.apps.common.AppArgs;
import io.jdpdk.apps.common.NicStats;
import io.jdpdk.apps.common.Shutdown;
import io.jdpdk.apps.skeleton.Skeleton;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.Lcore;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import org.agrona.concurrent.BusySpinIdleStrategy;

/**
 * jdpdk's side of the io forwarding benchmark, shaped like {@code dpdk-testpmd --forward-mode=io
 * --nb-cores=1}: one worker lcore forwards port 0 to 1 and 1 to 0 in bursts of 32 and frees what TX
 * refuses (the skeleton's forwarder); the main lcore prints testpmd's statistics block every second
 * until SIGINT. Arguments: EAL arguments only.
 */
public final class IoFwdScenario
{
    private IoFwdScenario()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final Shutdown shutdown = new Shutdown();
        final NicStats stats = new NicStats();
        try (Eal eal = Eal.init(AppArgs.split(args).eal()))
        {
            Port.requireVdevsProbed(eal.args());
            final int[] ids = Port.ids();
            final Mempool pool = Mempool.create("MBUF_POOL", 16382, 250);
            final Port[] ports = new Port[ids.length];
            for (int i = 0; i < ids.length; i++)
            {
                ports[i] = Skeleton.portInit(ids[i], pool, System.out);
            }
            final Lcore lcore = eal.workers().get(0);
            lcore.launch(new Skeleton.Forwarder(ports), new BusySpinIdleStrategy());
            while (shutdown.isRunning())
            {
                Thread.sleep(1000);
                for (final Port port : ports)
                {
                    stats.print(port, System.out);
                }
            }
            lcore.stop();
            lcore.await();
            System.out.printf("Mempool %s: %d of %d mbufs in use%n", pool.name(), pool.inUseCount(), pool.size());
        }
        finally
        {
            shutdown.cleanedUp();
        }
    }
}
