package io.jdpdk.pmd;

import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.Log;
import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.eal.raw.LayoutCheck;
import io.jdpdk.eal.raw.NativeLibrary;
import io.jdpdk.pmd.raw.EthdevRaw;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.CopyOnWriteArrayList;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * Ethdev's events of every port ({@code rte_eth_dev_callback_register(RTE_ETH_ALL, ...)}), handed to Java
 * listeners: link state changes, device removal, ports probed and released, resets asked for.
 * <p>
 * A listener runs on the thread that raised the event: EAL's interrupt thread for the interrupts
 * ({@link PortEvent#LINK_STATE_CHANGE} once {@link PortConfig#linkStateInterrupt(boolean)} asked the device for them,
 * {@link PortEvent#REMOVAL}), the caller's thread for what the caller did ({@link PortEvent#NEW} within
 * {@link Port#probe}, {@link PortEvent#DESTROY} within {@link Port#close()}). It must return quickly, and must not
 * call {@link Port#of} or a port's synchronized methods, nor close or detach ports: the raising thread may hold the
 * port's lock (a close) or {@code Port}'s (a detach), and a driver may wait for its own event thread to return (vhost
 * as it unregisters), so the work an event asks for (closing a removed port) belongs on another thread, as testpmd
 * defers it with an alarm. What a listener throws is logged and dropped.
 * <p>
 * jdpdk registers with ethdev once, for every event, when the first listener comes, and never unregisters: the upcall
 * stub lives as long as the process, and without listeners an event costs one upcall.
 */
public final class PortEvents
{
    /** What a port's event calls. */
    @FunctionalInterface
    public interface Listener
    {
        /**
         * One event of one port.
         *
         * @param portId the port
         * @param event what happened
         */
        void onEvent(int portId, PortEvent event);
    }

    /** A listener's registration: {@link #close()} ends it. */
    public interface Subscription extends AutoCloseable
    {
        /** Stops delivering events to the listener; events under way may still reach it. */
        @Override
        void close();
    }

    private static final CopyOnWriteArrayList<Listener> LISTENERS = new CopyOnWriteArrayList<>();
    private static final int LOGTYPE = Log.USER1;
    private static boolean registered;

    private PortEvents()
    {
    }

    /**
     * Delivers every port's events to {@code listener} from now on, after the listeners before it.
     *
     * @param listener what the events call
     * @return the registration, to close when the events are no longer wanted
     * @throws DpdkException when ethdev refuses the callback (the EAL not initialised)
     */
    public static Subscription listen(final Listener listener)
    {
        synchronized (PortEvents.class)
        {
            if (!registered)
            {
                registerWithEthdev();
                registered = true;
            }
        }
        LISTENERS.add(listener);
        return () -> LISTENERS.remove(listener);
    }

    private static void registerWithEthdev()
    {
        final MemorySegment stub;
        try
        {
            stub = NativeLibrary.upcall(MethodHandles.lookup().findStatic(PortEvents.class, "callback",
                    MethodType.methodType(int.class, short.class, int.class, MemorySegment.class, MemorySegment.class)),
                FunctionDescriptor.of(JAVA_INT, JAVA_SHORT, JAVA_INT, ADDRESS, ADDRESS));
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new IllegalStateException(ex);
        }
        for (final PortEvent event : PortEvent.values())
        {
            if (LayoutCheck.constant("rte_eth_event_type", event.constant()) != event.value())
            {
                throw new IllegalStateException(event.constant() + " is " +
                    LayoutCheck.constant("rte_eth_event_type", event.constant()) + " in the installed DPDK, not " +
                    event.value() + " as in 22.11");
            }
        }
        final int allPorts = LayoutCheck.constant("rte_ethdev", "RTE_ETH_ALL"); // RTE_MAX_ETHPORTS of this build
        for (final PortEvent event : PortEvent.values())
        {
            final int rc = EthdevRaw.dev_callback_register(allPorts, event.value(), stub, MemorySegment.NULL);
            if (rc != 0)
            {
                for (int done = 0; done < event.ordinal(); done++)
                {
                    EthdevRaw.dev_callback_unregister(allPorts, PortEvent.values()[done].value(), stub,
                        MemorySegment.NULL);
                }
                throw new DpdkException("rte_eth_dev_callback_register(RTE_ETH_ALL, " + event.constant() + ")", -rc,
                    EalRaw.strerror(-rc));
            }
        }
    }

    /** The {@code rte_eth_dev_cb_fn} ethdev calls; it never throws into the stub. */
    private static int callback(final short portId, final int type, final MemorySegment arg, final MemorySegment ret)
    {
        final PortEvent event = PortEvent.of(type);
        if (event == null)
        {
            return 0;
        }
        for (final Listener listener : LISTENERS)
        {
            try
            {
                listener.onEvent(Short.toUnsignedInt(portId), event);
            }
            catch (final Throwable t)
            {
                try
                {
                    Log.log(Log.ERR, LOGTYPE, "jdpdk: a PortEvents listener threw on " + event + " of port " +
                        Short.toUnsignedInt(portId) + ": " + t);
                }
                catch (final Throwable ignored)
                {
                    // nothing may reach the upcall stub
                }
            }
        }
        return 0;
    }
}
