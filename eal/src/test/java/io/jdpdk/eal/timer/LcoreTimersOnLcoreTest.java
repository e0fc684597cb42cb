package io.jdpdk.eal.timer;

import io.jdpdk.eal.Eal;
import io.jdpdk.eal.Lcore;
import io.jdpdk.eal.TestEal;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Timers driven from a real DPDK worker lcore's agent loop fire on that lcore's thread. */
class LcoreTimersOnLcoreTest
{
    @Test
    void shouldFireOnTheOwningLcoreThread()
    {
        final Eal eal = TestEal.get();
        final Lcore lcore = eal.worker(1);
        final ConcurrentLinkedQueue<String> firedOn = new ConcurrentLinkedQueue<>();
        final long[] periodicFirings = new long[1];
        lcore.launch(new Agent()
        {
            private final LcoreTimers timers = new LcoreTimers(TimeUnit.MICROSECONDS.toNanos(100));

            @Override
            public void onStart()
            {
                timers.schedulePeriodic(TimeUnit.MILLISECONDS.toNanos(1), (id, now) ->
                {
                    firedOn.add(Thread.currentThread().getName() + "/" + Lcore.currentLcoreId());
                    if (++periodicFirings[0] == 20)
                    {
                        lcore.stop();
                    }
                });
                timers.schedule(TimeUnit.SECONDS.toNanos(30), (id, now) -> lcore.stop()); // safety net
            }

            @Override
            public int doWork()
            {
                return timers.poll();
            }

            @Override
            public String roleName()
            {
                return "timers";
            }
        }, new BackoffIdleStrategy());
        assertEquals(0, lcore.await());
        assertEquals(20, periodicFirings[0], "the periodic timer stopped its lcore at its 20th firing");
        assertTrue(firedOn.stream().allMatch(s -> s.equals("lcore-1/" + lcore.dpdkLcoreId())), firedOn.toString());
    }
}
