package io.jdpdk.eal;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersManager;
import org.agrona.concurrent.status.CountersReader;

import java.io.File;
import java.nio.MappedByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * The process's counters: one scheme for every number worth watching, in a memory-mapped file another
 * process can read while this one runs (Aeron's CnC counters, read the same way: {@code apps/bin/jdpdk-stat}).
 * Each counter has a stable type id (the constants below) and a label; its value is written by one thread
 * with release semantics and read by anyone without locks.
 * <p>
 * Who writes what:
 * <ul>
 * <li>lcores count their agents' busy and idle polls themselves ({@link Lcore});</li>
 * <li>pipeline stages count packets and drops themselves (pmd's {@code pipeline} package);</li>
 * <li>what DPDK already counts, port statistics and mempool occupancy, is copied into counters by a
 *     {@link #addSampler sampler} every {@value #SAMPLE_PERIOD_MS} ms on the "jdpdk-counters" thread, never
 *     on an lcore.</li>
 * </ul>
 * The file is {@code /dev/shm/jdpdk-PID.counters} (the temp directory where /dev/shm is missing):
 * {@value #MAX_COUNTERS} counters' metadata, then their values. Counter 0 ({@link #PROCESS}) holds the
 * process's start time in epoch milliseconds, labelled with its command line. The file is deleted when the
 * JVM exits. Threading: creating and freeing counters is synchronised; counters are single-writer.
 */
public final class Counters
{
    /** Counters one process can have. */
    public static final int MAX_COUNTERS = 1024;
    /** How often samplers run, in milliseconds. */
    public static final long SAMPLE_PERIOD_MS = 100;

    /** Type id: packets a pipeline's RX stage received. */
    public static final int RX_PACKETS = 1;
    /** Type id: packets a pipeline's TX stage sent. */
    public static final int TX_PACKETS = 2;
    /** Type id: packets TX refused, freed. */
    public static final int TX_DROPS = 3;
    /** Type id: packets dropped because a pipeline ring was full. */
    public static final int RING_FULL_DROPS = 4;
    /** Type id: packets a pipeline worker processed. */
    public static final int WORKER_PACKETS = 5;
    /** Type id: packets the user function dropped, freed. */
    public static final int FUNCTION_DROPS = 6;
    /** Type id: an lcore's agent duty cycles that did work. */
    public static final int LCORE_BUSY_POLLS = 7;
    /** Type id: an lcore's agent duty cycles that found nothing to do. */
    public static final int LCORE_IDLE_POLLS = 8;
    /** Type id: a port's received packets ({@code rte_eth_stats.ipackets}). */
    public static final int PORT_RX_PACKETS = 9;
    /** Type id: a port's sent packets ({@code opackets}). */
    public static final int PORT_TX_PACKETS = 10;
    /** Type id: a port's received bytes ({@code ibytes}). */
    public static final int PORT_RX_BYTES = 11;
    /** Type id: a port's sent bytes ({@code obytes}). */
    public static final int PORT_TX_BYTES = 12;
    /** Type id: packets a port dropped on receive, its RX queues full ({@code imissed}). */
    public static final int PORT_RX_MISSED = 13;
    /** Type id: a port's receive errors ({@code ierrors}). */
    public static final int PORT_RX_ERRORS = 14;
    /** Type id: a port's transmit errors ({@code oerrors}). */
    public static final int PORT_TX_ERRORS = 15;
    /** Type id: receive mbuf allocation failures ({@code rx_nombuf}). */
    public static final int PORT_RX_NOMBUF = 16;
    /** Type id: mbufs of a mempool in use ({@code rte_mempool_in_use_count}). */
    public static final int MEMPOOL_IN_USE = 17;
    /** Type id: errors an lcore's work threw. */
    public static final int LCORE_ERRORS = 18;
    /** Type id: the number of mbufs a mempool holds in all. */
    public static final int MEMPOOL_SIZE = 19;
    /** Type id of counter 0: the process's start time (epoch ms), labelled "process: COMMAND LINE". */
    public static final int PROCESS = 100;

    private static final int METADATA_LENGTH = MAX_COUNTERS * CountersReader.METADATA_LENGTH;
    private static final int VALUES_LENGTH = MAX_COUNTERS * CountersReader.COUNTER_LENGTH;

    private static Counters instance;

    private final File file;
    private final MappedByteBuffer mapped;
    private final CountersManager manager;
    /** Guarded by {@code sampling}. */
    private final List<Runnable> samplers = new ArrayList<>();
    private final Object sampling = new Object();
    private Thread samplerThread;

    /** Package-private for tests; {@link #get()} is the way in. */
    Counters(final File file)
    {
        this.file = file;
        // A file of this name was left by a process that died without its exit hooks (SIGKILL, a crash) and whose
        // pid this process now has: it is no one's, and creating ours over it would fail.
        if (file.exists() && !file.delete())
        {
            throw new IllegalStateException("cannot remove the stale counters file " + file);
        }
        this.mapped = IoUtil.mapNewFile(file, METADATA_LENGTH + VALUES_LENGTH);
        this.manager = new CountersManager(new UnsafeBuffer(mapped, 0, METADATA_LENGTH),
            new UnsafeBuffer(mapped, METADATA_LENGTH, VALUES_LENGTH));
        file.deleteOnExit();
        final String command = System.getProperty("sun.java.command", "java");
        manager.newCounter(truncate("process: " + command), PROCESS)
            .setRelease(ProcessHandle.current().info().startInstant().map(java.time.Instant::toEpochMilli)
                .orElse(System.currentTimeMillis()));
    }

    /**
     * The process's counters, created on first use (which creates and maps the counters file).
     *
     * @return the one instance of this process
     */
    public static synchronized Counters get()
    {
        if (instance == null)
        {
            instance = new Counters(fileOf(ProcessHandle.current().pid()));
        }
        return instance;
    }

    /**
     * The counters file of process {@code pid}, whether or not it exists.
     *
     * @param pid the process id
     * @return {@code jdpdk-PID.counters} in {@link #directory()}
     */
    public static File fileOf(final long pid)
    {
        return new File(directory(), "jdpdk-" + pid + ".counters");
    }

    /**
     * Where counters files are: /dev/shm, or the temp directory where it is missing.
     *
     * @return the directory
     */
    public static File directory()
    {
        final File shm = new File("/dev/shm");
        return shm.isDirectory() ? shm : new File(System.getProperty("java.io.tmpdir"));
    }

    /**
     * The pid a counters file belongs to, from its name alone.
     *
     * @param file a counters file
     * @return the pid, or -1 when the name is not {@code jdpdk-PID.counters}
     */
    public static long pidOf(final File file)
    {
        final String name = file.getName();
        if (!name.startsWith("jdpdk-") || !name.endsWith(".counters"))
        {
            return -1;
        }
        try
        {
            return Long.parseLong(name.substring("jdpdk-".length(), name.length() - ".counters".length()));
        }
        catch (final NumberFormatException ex)
        {
            return -1;
        }
    }

    /**
     * Maps the counters file of another process for reading; the mapping is never unmapped.
     *
     * @param file the file, as {@link #fileOf} names it
     * @return a lock-free reader of its counters
     */
    public static CountersReader reader(final File file)
    {
        final MappedByteBuffer buffer = IoUtil.mapExistingFile(file, "jdpdk counters");
        return new CountersReader(new UnsafeBuffer(buffer, 0, METADATA_LENGTH),
            new UnsafeBuffer(buffer, METADATA_LENGTH, VALUES_LENGTH));
    }

    /**
     * A new counter, starting at 0; a label longer than Agrona allows is cut, ending in "...".
     *
     * @param label what it counts, "group: name" such as "port 0: rx packets" (see {@link #groups})
     * @param typeId one of the type ids of this class
     * @return the counter, to be written by one thread and given back with {@link #free}
     * @throws IllegalStateException when all {@value #MAX_COUNTERS} counters are in use
     */
    public synchronized AtomicCounter newCounter(final String label, final int typeId)
    {
        return manager.newCounter(truncate(label), typeId);
    }

    /**
     * Frees counters made by {@link #newCounter}, so their ids can be reused; null and closed entries are skipped.
     *
     * @param counters the counters to free
     */
    public synchronized void free(final AtomicCounter... counters)
    {
        for (final AtomicCounter counter : counters)
        {
            if (counter != null && !counter.isClosed())
            {
                counter.close();
            }
        }
    }

    /**
     * Runs {@code sampler} every {@value #SAMPLE_PERIOD_MS} ms on the "jdpdk-counters" daemon thread until the
     * returned handle is closed; it copies numbers DPDK keeps (port statistics, mempool occupancy) into counters.
     * Closing the handle waits for a sample in progress, so what the sampler reads may be freed right after.
     * A sampler that throws is dropped; the others go on.
     *
     * @param sampler the copy to run, on the sampler thread only
     * @return closing it removes the sampler
     */
    public AutoCloseable addSampler(final Runnable sampler)
    {
        synchronized (sampling)
        {
            samplers.add(sampler);
            if (samplerThread == null)
            {
                samplerThread = Thread.ofPlatform().name("jdpdk-counters").daemon(true).start(this::sampleForever);
            }
        }
        return () ->
        {
            synchronized (sampling)
            {
                samplers.remove(sampler);
            }
        };
    }

    /** Runs every sampler once, dropping those that throw. */
    private void sampleNow()
    {
        synchronized (sampling)
        {
            final List<Runnable> failed = new ArrayList<>();
            for (final Runnable sampler : samplers)
            {
                try
                {
                    sampler.run();
                }
                catch (final Throwable t)
                {
                    failed.add(sampler); // never let one sampler end the thread that runs them all
                }
            }
            samplers.removeAll(failed);
        }
    }

    private void sampleForever()
    {
        while (true)
        {
            LockSupport.parkNanos(SAMPLE_PERIOD_MS * 1_000_000L);
            sampleNow();
        }
    }

    /**
     * This process's counters, for reading in-process.
     *
     * @return the reader (the manager itself)
     */
    public CountersReader reader()
    {
        return manager;
    }

    /**
     * The file another process maps, deleted when the JVM exits.
     *
     * @return this process's counters file
     */
    public File file()
    {
        return file;
    }

    /**
     * Counters grouped as DPDK's telemetry ({@code /jdpdk/counters}) and JFR show them: the label's part before
     * ": " names the group ("port 0") and the rest the counter ("rx packets"), both as telemetry keys
     * ({@link #key}: "port_0", "rx_packets"). The process counter is left out; counters with the same key add up.
     *
     * @param reader this process's or another's counters
     * @return group key to counter key to value, in counter id order
     */
    public static Map<String, Map<String, Long>> groups(final CountersReader reader)
    {
        final Map<String, Map<String, Long>> groups = new LinkedHashMap<>();
        reader.forEach((value, id, label) ->
        {
            if (reader.getCounterTypeId(id) == PROCESS)
            {
                return;
            }
            final int colon = label.indexOf(": ");
            final String group = key(colon < 0 ? "other" : label.substring(0, colon));
            final String name = key(colon < 0 ? label : label.substring(colon + 2));
            groups.computeIfAbsent(group, g -> new LinkedHashMap<>()).merge(name, value, Long::sum);
        });
        return groups;
    }

    /**
     * A telemetry dict key for a label: DPDK allows only {@code [0-9A-Za-z_/]}, at most 127 characters; every
     * other run of characters becomes one '_'. "port 0" is "port_0", "rx packets (of 8191)" "rx_packets_of_8191".
     *
     * @param label a counter label or part of one
     * @return the key; "_" when no allowed character is left
     */
    public static String key(final String label)
    {
        final StringBuilder out = new StringBuilder(label.length());
        for (int i = 0; i < label.length(); i++)
        {
            final char c = label.charAt(i);
            final boolean ok = c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '/');
            if (ok)
            {
                out.append(c);
            }
            else if (!out.isEmpty() && out.charAt(out.length() - 1) != '_')
            {
                out.append('_');
            }
        }
        while (!out.isEmpty() && out.charAt(out.length() - 1) == '_')
        {
            out.setLength(out.length() - 1);
        }
        if (out.length() > io.jdpdk.eal.raw.TelemetryRaw.MAX_STRING_LEN - 1)
        {
            out.setLength(io.jdpdk.eal.raw.TelemetryRaw.MAX_STRING_LEN - 1);
        }
        return out.isEmpty() ? "_" : out.toString();
    }

    private static String truncate(final String label)
    {
        return label.length() <= CountersReader.MAX_LABEL_LENGTH ? label :
            label.substring(0, CountersReader.MAX_LABEL_LENGTH - 3) + "...";
    }
}
