package io.jdpdk.pmd;

import io.jdpdk.eal.TestEal;
import io.jdpdk.eal.raw.NativeLibrary;
import io.jdpdk.mempool.Mempool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ethdev's events reach Java listeners: those a virtual device raises on its own threads (net_vhost as a virtio-user
 * port connects and leaves), those of the caller's own calls (a port probed, released), and one a driver raises
 * through ethdev's driver API, as mlx5 raises a removal.
 */
class PortEventsTest
{
    private static Mempool pool;

    @TempDir
    static Path dir;

    @BeforeAll
    static void setUp()
    {
        TestEal.get();
        pool = Mempool.create("port_events_pool", 4095, 256);
    }

    @AfterAll
    static void tearDown()
    {
        assertEquals(0, pool.inUseCount(), "every mbuf back in the pool");
    }

    /**
     * Waits up to 10 s until {@code expected} has come {@code times} times in all (events of other threads come in
     * any order: net_vhost's thread may raise its queue events before the probe's own NEW).
     */
    private static void await(final BlockingQueue<String> events, final List<String> seen, final String expected,
        final int times) throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (seen.stream().filter(expected::equals).count() < times)
        {
            final String event = events.poll(100, TimeUnit.MILLISECONDS);
            if (event != null)
            {
                seen.add(event);
            }
            else if (System.nanoTime() > deadline)
            {
                throw new AssertionError("no '" + expected + "' x" + times + " within 10 s; seen: " + seen);
            }
        }
    }

    @Test
    @SuppressWarnings("try") // the subscription is held for the try's length
    void shouldDeliverTheVhostPortsQueueAndLinkEventsAsAVirtioUserPortConnectsAndLeaves() throws Exception
    {
        final String socket = dir.resolve("vh.sock").toString();
        final BlockingQueue<String> events = new LinkedBlockingQueue<>();
        try (PortEvents.Subscription ignored = PortEvents.listen((id, event) -> events.add(id + " " + event));
             Port vhost = Port.probe(TestEal.uniqueName("net_vhost") + ",iface=" + socket))
        {
            assertTrue(vhost.info().hasLinkStateInterrupt(), "net_vhost raises link state changes");
            assertFalse(vhost.info().hasRemovalInterrupt());
            vhost.configure(new PortConfig().mempool(pool).rxDesc(512).txDesc(512).linkStateInterrupt(true)).start();
            assertFalse(vhost.link().up(), "no virtio peer yet");
            final int userId;
            final List<String> seen = new ArrayList<>();
            try (Port user = Port.probe(TestEal.uniqueName("net_virtio_user") + ",path=" + socket))
            {
                userId = user.id();
                await(events, seen, userId + " NEW", 1); // raised within the probe, on this thread
                // On vhost's own thread as the peer enables its two rings, then the link is up.
                await(events, seen, vhost.id() + " QUEUE_STATE", 2);
                await(events, seen, vhost.id() + " LINK_STATE_CHANGE", 1);
                assertTrue(vhost.link().up(), "the peer connected");
            }
            await(events, seen, userId + " DESTROY", 1);
            await(events, seen, vhost.id() + " QUEUE_STATE", 4);
            await(events, seen, vhost.id() + " LINK_STATE_CHANGE", 2);
            assertFalse(vhost.link().up(), "the peer left");
        }
    }

    @Test
    @SuppressWarnings("try")
    void shouldDeliverAnEventADriverRaisesToEveryListenerPastOneThatThrows() throws Throwable
    {
        // What a driver calls when its device goes away (mlx5 on unplug): exported by ethdev for drivers.
        final MethodHandle byName = NativeLibrary.downcall("rte_eth_dev_get_by_name",
            FunctionDescriptor.of(ADDRESS, ADDRESS));
        final MethodHandle raise = NativeLibrary.downcall("rte_eth_dev_callback_process",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
        final BlockingQueue<String> events = new LinkedBlockingQueue<>();
        try (Port port = Port.probe(TestEal.uniqueName("net_null"));
             Arena arena = Arena.ofConfined())
        {
            final MemorySegment dev = (MemorySegment)byName.invokeExact(arena.allocateFrom(port.name()));
            try (PortEvents.Subscription throwing = PortEvents.listen((id, event) ->
                {
                    throw new IllegalStateException("a listener's bug");
                });
                 PortEvents.Subscription recording = PortEvents.listen((id, event) -> events.add(id + " " + event)))
            {
                assertEquals(0, (int)raise.invokeExact(dev, PortEvent.REMOVAL.value(), MemorySegment.NULL));
                assertEquals(port.id() + " REMOVAL", events.poll(), "delivered on the raising thread, in order");
            }
            assertEquals(0, (int)raise.invokeExact(dev, PortEvent.RESET.value(), MemorySegment.NULL));
            assertNull(events.poll(), "nothing after the subscription closed");
        }
    }

    @Test
    void shouldNameEveryEventAsTheInstalledDpdkNumbersIt()
    {
        for (final PortEvent event : PortEvent.values())
        {
            assertEquals(event.value(), io.jdpdk.eal.raw.LayoutCheck.constant("rte_eth_event_type", event.constant()),
                event.constant());
            assertEquals(event, PortEvent.of(event.value()));
        }
        assertEquals(PortEvent.values().length,
            io.jdpdk.eal.raw.LayoutCheck.constant("rte_eth_event_type", "RTE_ETH_EVENT_MAX"));
        assertNull(PortEvent.of(PortEvent.values().length));
        assertEquals("link state change", PortEvent.LINK_STATE_CHANGE.description());
    }
}
