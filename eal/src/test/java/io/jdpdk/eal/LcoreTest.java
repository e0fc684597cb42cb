package io.jdpdk.eal;

import io.jdpdk.eal.raw.EalRaw;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LcoreTest
{
    private static Eal eal;
    private static Lcore lcore;

    @BeforeAll
    static void setUp()
    {
        eal = TestEal.get();
        lcore = eal.worker(1);
    }

    @Test
    void shouldOfferEveryEnabledLcoreButMainAsWorker()
    {
        assertEquals(4, eal.workers().size());
        assertArrayEquals(new int[] { 1 }, lcore.cpus(), "--lcores 1@1: lcore 1 runs on CPU 1");
        assertArrayEquals(new int[] { 0 }, eal.worker(2).cpus(), "--lcores 2@0");
        final DpdkException ex = assertThrows(DpdkException.class, () -> eal.worker(0));
        assertTrue(ex.getMessage().contains("not a worker lcore"), ex.getMessage());
    }

    @Test
    void shouldRunFunctionOnEalsOwnPinnedThreadForTheLcoreAndReturnItsStatus()
    {
        final AtomicReference<Thread> thread = new AtomicReference<>();
        final int[] cpus = new int[1];
        final int[] dpdkId = new int[1];
        final int[] ealState = new int[1];
        lcore.launch(l ->
        {
            thread.set(Thread.currentThread());
            dpdkId[0] = Lcore.currentLcoreId();
            ealState[0] = EalRaw.eal_get_lcore_state(1);
            try (Arena arena = Arena.ofConfined())
            {
                final MemorySegment mask = arena.allocate(EalRaw.CPU_SET_SIZE);
                EalRaw.sched_getaffinity(mask);
                cpus[0] = (int)mask.get(ValueLayout.JAVA_LONG, 0);
            }
            assertSame(l, Lcore.current());
            return 42;
        });
        assertEquals(42, lcore.await());
        assertTrue(!thread.get().isVirtual() && thread.get().getName().equals("lcore-1"));
        assertEquals(0b10, cpus[0], "pinned to CPU 1 only");
        assertEquals(1, dpdkId[0], "EAL's own thread for lcore 1: rte_lcore_id() is 1, no registered id");
        assertEquals(1, lcore.dpdkLcoreId());
        assertEquals(1, ealState[0], "EAL saw the launch: RUNNING while the function ran");
        assertEquals(0, EalRaw.eal_get_lcore_state(1), "and WAIT once it returned");
        assertTrue(thread.get().isDaemon(), "the JVM attached EAL's native thread as a daemon");
        assertEquals(Lcore.State.WAIT, lcore.state());
    }

    @Test
    void shouldReportWhatTheFunctionThrew()
    {
        final long before = lcore.errorCount();
        lcore.launch(l ->
        {
            throw new IllegalStateException("boom");
        });
        final LcoreException ex = assertThrows(LcoreException.class, lcore::await);
        assertEquals(1, ex.lcoreId());
        assertInstanceOf(IllegalStateException.class, ex.getCause());
        assertEquals(before + 1, lcore.errorCount());
        lcore.launch(l -> 0);
        assertEquals(0, lcore.await(), "the lcore serves the next launch");
    }

    @Test
    void shouldRunAgentDutyCycleUntilStoppedThenCloseIt() throws Exception
    {
        final AtomicLong cycles = new AtomicLong();
        final AtomicBoolean closed = new AtomicBoolean();
        lcore.launch(new Agent()
        {
            @Override
            public int doWork()
            {
                cycles.incrementAndGet();
                return 0;
            }

            @Override
            public void onClose()
            {
                closed.set(true);
            }

            @Override
            public String roleName()
            {
                return "counter";
            }
        }, new BackoffIdleStrategy());
        while (cycles.get() < 1000)
        {
            Thread.onSpinWait();
        }
        final DpdkException busy = assertThrows(DpdkException.class, () -> lcore.launch(l -> 0));
        assertEquals(16, busy.errno());
        lcore.stop();
        assertEquals(0, lcore.await());
        assertTrue(closed.get());
    }

    @Test
    void shouldEndAnAgentCleanlyOnAgentTerminationException()
    {
        final long errors = lcore.errorCount();
        final AtomicLong cycles = new AtomicLong();
        lcore.launch(agent(() ->
        {
            if (cycles.incrementAndGet() == 100)
            {
                throw new org.agrona.concurrent.AgentTerminationException("done");
            }
            return 1;
        }), new BackoffIdleStrategy(), t -> { });
        assertEquals(0, lcore.await(), "Agrona's way to end an agent is no failure");
        assertEquals(100, cycles.get(), "and it ends the loop even with an error handler");
        assertEquals(errors, lcore.errorCount());
    }

    @Test
    void shouldCountBusyAndIdlePollsInCountersAndTakeTheAgentsRole()
    {
        final Lcore worker = eal.worker(3);
        final long busy = worker.busyPolls();
        final long idle = worker.idlePolls();
        final AtomicLong cycles = new AtomicLong();
        worker.launch(agent(() -> (int)(cycles.incrementAndGet() & 1)), new BackoffIdleStrategy());
        while (cycles.get() < 2000)
        {
            Thread.onSpinWait();
        }
        assertEquals("test", worker.role());
        worker.stop();
        worker.await();
        final long n = cycles.get();
        assertEquals((n + 1) / 2, worker.busyPolls() - busy, "cycles 1, 3, 5... returned work 1");
        assertEquals(n / 2, worker.idlePolls() - idle, "cycles 2, 4, 6... returned 0");
        final long[] fromCounters = new long[2];
        Counters.get().reader().forEach((value, id, label) ->
        {
            if (label.equals("lcore 3: busy polls"))
            {
                fromCounters[0] = value;
            }
            else if (label.equals("lcore 3: idle polls"))
            {
                fromCounters[1] = value;
            }
        });
        assertArrayEquals(new long[] { worker.busyPolls(), worker.idlePolls() }, fromCounters);
    }

    @Test
    void shouldStopAgentAtFirstExceptionAndReportIt()
    {
        lcore.launch(agent(() ->
        {
            throw new ArithmeticException("bad burst");
        }), new BusySpinIdleStrategy());
        final LcoreException ex = assertThrows(LcoreException.class, lcore::await);
        assertInstanceOf(ArithmeticException.class, ex.getCause());
    }

    @Test
    void shouldKeepAgentRunningWhenAnErrorHandlerIsGiven()
    {
        final CopyOnWriteArrayList<Throwable> seen = new CopyOnWriteArrayList<>();
        final AtomicLong cycles = new AtomicLong();
        lcore.launch(agent(() ->
        {
            if (cycles.incrementAndGet() % 100 == 0)
            {
                throw new IllegalArgumentException("every 100th");
            }
            return 1;
        }), new BusySpinIdleStrategy(), seen::add);
        while (seen.size() < 3)
        {
            Thread.onSpinWait();
        }
        lcore.stop();
        assertEquals(0, lcore.await());
        assertTrue(seen.size() >= 3);
    }

    private static Agent agent(final java.util.function.IntSupplier work)
    {
        return new Agent()
        {
            @Override
            public int doWork()
            {
                return work.getAsInt();
            }

            @Override
            public String roleName()
            {
                return "test";
            }
        };
    }

    @Test
    void shouldRefuseVirtualThreadsAsLcores() throws Exception
    {
        final AtomicReference<Throwable> error = new AtomicReference<>();
        Thread.ofVirtual().start(() ->
        {
            try
            {
                Lcore.registerCurrentThread();
            }
            catch (final Throwable t)
            {
                error.set(t);
            }
        }).join();
        assertInstanceOf(DpdkException.class, error.get());
        assertTrue(error.get().getMessage().contains("virtual thread"), error.get().getMessage());
    }

    @Test
    void shouldRegisterAPlatformThreadOnce() throws Exception
    {
        final int[] ids = new int[2];
        final Thread t = Thread.ofPlatform().start(() ->
        {
            ids[0] = Lcore.registerCurrentThread();
            ids[1] = Lcore.registerCurrentThread();
            EalRaw.thread_unregister();
        });
        t.join();
        assertNotEquals(-1, ids[0]);
        assertEquals(ids[0], ids[1]);
    }
}
