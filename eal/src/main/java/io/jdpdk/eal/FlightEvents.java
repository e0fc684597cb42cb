package io.jdpdk.eal;

import io.jdpdk.eal.jfr.LcoreEvent;
import io.jdpdk.eal.jfr.LcoreStallEvent;
import io.jdpdk.eal.jfr.MempoolEvent;
import io.jdpdk.eal.jfr.PortEvent;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;

import java.util.HashMap;
import java.util.Map;

/**
 * JFR periodic events of a jdpdk process ({@code io.jdpdk.Lcore}, {@code io.jdpdk.LcoreStall},
 * {@code io.jdpdk.Port}, {@code io.jdpdk.Mempool}), recorded with {@code -XX:StartFlightRecording} or any
 * {@code jdk.jfr.Recording}. JFR's periodic thread runs the hooks below only while a recording has the event
 * enabled; they read lcores and {@link Counters} (sampling DPDK's port and mempool numbers first, on JFR's thread), so
 * the datapath does nothing for JFR and allocates nothing.
 * Rates and deltas are since the hook's previous run; a hook's first run reports the totals since the lcore or port
 * began (and port rates of 0), as it has nothing earlier to subtract.
 */
final class FlightEvents
{
    private static boolean registered;

    private FlightEvents()
    {
    }

    /**
     * Adds the periodic hooks once per JVM, when JFR starts: at once when it already runs
     * ({@code -XX:StartFlightRecording}), else when the first recording starts ({@code jcmd PID JFR.start}, a
     * {@code jdk.jfr.Recording}). Registering an event class makes JFR generate its handler, 0.1-0.2 s on this
     * project's machine, which a process that never records would pay at launch for nothing; the listener costs
     * about 1 ms.
     */
    static synchronized void register()
    {
        if (registered)
        {
            return;
        }
        FlightRecorder.addListener(new FlightRecorderListener()
        {
            @Override
            public void recorderInitialized(final FlightRecorder recorder)
            {
                FlightRecorder.addPeriodicEvent(LcoreEvent.class, new LcoreHook()::run);
                FlightRecorder.addPeriodicEvent(LcoreStallEvent.class, new StallHook()::run);
                FlightRecorder.addPeriodicEvent(PortEvent.class, new PortHook()::run);
                FlightRecorder.addPeriodicEvent(MempoolEvent.class, FlightEvents::mempools);
            }
        });
        registered = true;
    }

    /** Per lcore: busy and idle polls, busy share, errors since the previous run. */
    private static final class LcoreHook
    {
        private final Map<Integer, long[]> previous = new HashMap<>();

        void run()
        {
            for (final Lcore lcore : Lcore.all())
            {
                final long busy = lcore.busyPolls();
                final long idle = lcore.idlePolls();
                final long errors = lcore.errorCount();
                final long[] last = previous.getOrDefault(lcore.id(), new long[3]);
                previous.put(lcore.id(), new long[] { busy, idle, errors });
                final LcoreEvent event = new LcoreEvent();
                event.lcore = lcore.id();
                event.role = lcore.role();
                event.state = lcore.state().name();
                event.busyPolls = busy - last[0];
                event.idlePolls = idle - last[1];
                final long polls = event.busyPolls + event.idlePolls;
                event.busy = polls == 0 ? 0 : (double)event.busyPolls / polls;
                event.errors = errors - last[2];
                event.commit();
            }
        }
    }

    /** A running lcore whose poll counters did not move since the previous run. */
    private static final class StallHook
    {
        private final Map<Integer, long[]> previous = new HashMap<>();

        void run()
        {
            final long now = System.currentTimeMillis();
            for (final Lcore lcore : Lcore.all())
            {
                final long polls = lcore.busyPolls() + lcore.idlePolls();
                final long[] last = previous.get(lcore.id());
                final boolean running = lcore.state() == Lcore.State.RUNNING;
                if (last == null || last[0] != polls || !running)
                {
                    previous.put(lcore.id(), new long[] { polls, now });
                    continue;
                }
                final LcoreStallEvent event = new LcoreStallEvent();
                event.lcore = lcore.id();
                event.role = lcore.role();
                event.stalledFor = now - last[1];
                event.commit();
            }
        }
    }

    /** Per port group of counters ("port N"): rates and drop deltas since the previous run. */
    private static final class PortHook
    {
        private final Map<String, Map<String, Long>> previous = new HashMap<>();
        private long previousNanos;

        void run()
        {
            final long now = System.nanoTime();
            final double seconds = previousNanos == 0 ? 0 : (now - previousNanos) / 1e9;
            previousNanos = now;
            final Map<String, Map<String, Long>> groups = Counters.get().sampledGroups();
            for (final Map.Entry<String, Map<String, Long>> group : groups.entrySet())
            {
                if (!group.getKey().startsWith("port_"))
                {
                    continue;
                }
                final Map<String, Long> values = group.getValue();
                final Map<String, Long> last = previous.getOrDefault(group.getKey(), Map.of());
                final PortEvent event = new PortEvent();
                event.port = Integer.parseInt(group.getKey().substring("port_".length()));
                event.rxPps = rate(values, last, "rx_packets", seconds, 1);
                event.txPps = rate(values, last, "tx_packets", seconds, 1);
                event.rxBps = rate(values, last, "rx_bytes", seconds, 8);
                event.txBps = rate(values, last, "tx_bytes", seconds, 8);
                event.rxMissed = delta(values, last, "rx_missed");
                event.rxErrors = delta(values, last, "rx_errors");
                event.txErrors = delta(values, last, "tx_errors");
                event.rxNombuf = delta(values, last, "rx_nombuf");
                event.commit();
            }
            previous.clear();
            previous.putAll(groups);
        }

        /** Since the previous run; 0 when the counter went back (a new port with a reused id starts at 0). */
        private static long delta(final Map<String, Long> values, final Map<String, Long> last, final String name)
        {
            return Math.max(0, values.getOrDefault(name, 0L) - last.getOrDefault(name, 0L));
        }

        private static long rate(final Map<String, Long> values, final Map<String, Long> last, final String name,
            final double seconds, final int scale)
        {
            return seconds <= 0 || last.isEmpty() ? 0 : (long)(delta(values, last, name) * scale / seconds);
        }
    }

    /** Per mempool group ("mempool NAME"): mbufs in use of its size. */
    private static void mempools()
    {
        Counters.get().sampledGroups().forEach((group, values) ->
        {
            if (!group.startsWith("mempool_"))
            {
                return;
            }
            final MempoolEvent event = new MempoolEvent();
            event.name = group.substring("mempool_".length());
            event.inUse = values.getOrDefault("mbufs_in_use", 0L);
            event.size = values.getOrDefault("size", 0L);
            event.occupancy = event.size == 0 ? 0 : (double)event.inUse / event.size;
            event.commit();
        });
    }
}
