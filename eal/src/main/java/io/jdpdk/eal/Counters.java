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
 * <li>what DPDK already counts, port statistics and mempool occupancy, is copied into counters by
 *     {@link #addSampler samplers}, never on an lcore, and only while someone reads: on the thread of an
 *     in-process reader that calls {@link #sample()} first (DPDK's telemetry, JFR), and every
 *     {@value #SAMPLE_PERIOD_MS} ms on the "jdpdk-counters" thread while a reader in another process asks for it
 *     ({@link #demandSamples}, what {@code jdpdk-stat} does).</li>
 * </ul>
 * Sampling only on demand keeps the lcores' CPUs to themselves: sampling is a dozen downcalls, about 0.2 ms before
 * the JIT compiles it, and a sampler running ten times a second whether or not anyone looks took an lcore's CPU
 * for that long each time. Without a reader, the thread wakes every {@value #IDLE_CHECK_MS} ms only to read
 * one long (each wake still takes a CPU for 60-70 us on this project's VM, so it is rare).
 * <p>
 * The file is {@code /dev/shm/jdpdk-PID.counters} (the temp directory where /dev/shm is missing):
 * {@value #MAX_COUNTERS} counters' metadata, then their values. Counter 0 ({@link #PROCESS}) holds the
 * process's start time in epoch milliseconds, labelled with its command line; counters 1 and 2
 * ({@link #SAMPLE_UNTIL}, {@link #SAMPLED_AT}) are the demand for samples and when the last finished sample began. The
 * file is deleted when the JVM exits. Threading: creating and freeing counters is synchronised; counters are
 * single-writer, but {@link #SAMPLE_UNTIL}, which readers in other processes raise.
 */
public final class Counters
{
    /** Counters one process can have. */
    public static final int MAX_COUNTERS = 1024;
    /** How often samplers run, in milliseconds. */
    public static final long SAMPLE_PERIOD_MS = 100;
    /** How often the sampler thread looks for a demand while nobody reads, in milliseconds. */
    public static final long IDLE_CHECK_MS = 1000;

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
    /**
     * Type id of counter 1: until when (epoch ms) readers in other processes want the samplers to run
     * ({@link #demandSamples}); raised by them, never lowered.
     */
    public static final int SAMPLE_UNTIL = 101;
    /**
     * Type id of counter 2: when (epoch ms) the samplers' last run began, written once that run has finished, so that
     * a reader that sees it sees that run's values.
     */
    public static final int SAMPLED_AT = 102;

    /** Ids of the {@link #SAMPLE_UNTIL} and {@link #SAMPLED_AT} counters: made right after counter 0, in a new file. */
    private static final int SAMPLE_UNTIL_ID = 1;
    private static final int SAMPLED_AT_ID = 2;

    private static final int METADATA_LENGTH = MAX_COUNTERS * CountersReader.METADATA_LENGTH;
    private static final int VALUES_LENGTH = MAX_COUNTERS * CountersReader.COUNTER_LENGTH;

    private static Counters instance;

    private final File file;
    private final MappedByteBuffer mapped;
    private final CountersManager manager;
    /** Guarded by {@code sampling}. */
    private final List<Runnable> samplers = new ArrayList<>();
    private final Object sampling = new Object();
    private final AtomicCounter sampleUntil;
    private final AtomicCounter sampledAt;
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
        sampleUntil = manager.newCounter("readers: sample until (epoch ms)", SAMPLE_UNTIL);
        sampledAt = manager.newCounter("readers: sampled at (epoch ms)", SAMPLED_AT);
        if (sampleUntil.id() != SAMPLE_UNTIL_ID || sampledAt.id() != SAMPLED_AT_ID)
        {
            throw new IllegalStateException("the demand counters got ids " + sampleUntil.id() + " and " +
                sampledAt.id() + ", not " + SAMPLE_UNTIL_ID + " and " + SAMPLED_AT_ID);
        }
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
     * Adds {@code sampler} until the returned handle is closed: it copies numbers DPDK keeps (port statistics,
     * mempool occupancy) into counters whenever they are read ({@link #sample()}, {@link #demandSamples}).
     * Closing the handle waits for a sample in progress, so what the sampler reads may be freed right after.
     * A sampler that throws is dropped; the others go on.
     *
     * @param sampler the copy to run, on the "jdpdk-counters" thread or a reader's, one at a time
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

    /**
     * Runs every sampler once on the calling thread, dropping those that throw: what an in-process reader of
     * sampled counters (DPDK's telemetry, JFR) calls before it reads. Never call it on an lcore.
     */
    public void sample()
    {
        synchronized (sampling)
        {
            final long startedAt = System.currentTimeMillis();
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
            // Published after the samplers ran, with release: a reader that sees this time (demandSamples) sees
            // their values too. Written before them, it told jdpdk-stat a sample was done while none had run yet.
            sampledAt.setRelease(startedAt);
        }
    }

    private void sampleForever()
    {
        Eal.confineToControlCpus(); // a thread of jdpdk's own, started by whichever thread first added a sampler
        boolean demanded = false;
        while (true)
        {
            LockSupport.parkNanos((demanded ? SAMPLE_PERIOD_MS : IDLE_CHECK_MS) * 1_000_000L);
            demanded = System.currentTimeMillis() <= sampleUntil.getAcquire();
            if (demanded)
            {
                sample();
            }
        }
    }

    /**
     * From a reader of another process's counters ({@link #reader(File)}): asks that process to sample every
     * {@value #SAMPLE_PERIOD_MS} ms until {@code untilMillis}, then waits, at most {@code timeoutMillis}, for a
     * sample that started after this call. A process nobody read from notices within {@value #IDLE_CHECK_MS} ms,
     * one that is being read within {@value #SAMPLE_PERIOD_MS} ms. Returns at once for a process without the
     * demand counter.
     *
     * @param reader        the other process's counters
     * @param untilMillis   epoch ms until which to sample; a later demand of another reader stands
     * @param timeoutMillis how long to wait for a fresh sample
     * @return true when a sample that started after this call has run
     */
    public static boolean demandSamples(final CountersReader reader, final long untilMillis, final long timeoutMillis)
    {
        if (reader.getCounterTypeId(SAMPLE_UNTIL_ID) != SAMPLE_UNTIL ||
            reader.getCounterTypeId(SAMPLED_AT_ID) != SAMPLED_AT)
        {
            return false;
        }
        final long asked = System.currentTimeMillis();
        final int untilOffset = CountersReader.counterOffset(SAMPLE_UNTIL_ID);
        long current;
        do
        {
            current = reader.valuesBuffer().getLongVolatile(untilOffset);
        }
        while (current < untilMillis && !reader.valuesBuffer().compareAndSetLong(untilOffset, current, untilMillis));
        final long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (reader.getCounterValue(SAMPLED_AT_ID) < asked)
        {
            if (System.nanoTime() - deadline >= 0)
            {
                return false;
            }
            LockSupport.parkNanos(2_000_000L);
        }
        return true;
    }

    /**
     * Whether a counter type describes the process ({@link #PROCESS}, {@link #SAMPLE_UNTIL}, {@link #SAMPLED_AT})
     * rather than counting something.
     *
     * @param typeId a counter's type id
     * @return true for the process's own entries
     */
    public static boolean isProcessEntry(final int typeId)
    {
        return typeId >= PROCESS;
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
     * This process's counters as its in-process readers show them: {@link #sample()} on the calling thread, then
     * {@link #groups}.
     *
     * @return group key to counter key to value, DPDK's port and mempool numbers as of this call
     */
    public Map<String, Map<String, Long>> sampledGroups()
    {
        sample();
        return groups(manager);
    }

    /**
     * Counters grouped as DPDK's telemetry ({@code /jdpdk/counters}) and JFR show them: the label's part before
     * ": " names the group ("port 0") and the rest the counter ("rx packets"), both as telemetry keys
     * ({@link #key}: "port_0", "rx_packets"). The process's own entries ({@link #isProcessEntry}) are left out;
     * counters with the same key add up.
     *
     * @param reader this process's or another's counters
     * @return group key to counter key to value, in counter id order
     */
    public static Map<String, Map<String, Long>> groups(final CountersReader reader)
    {
        final Map<String, Map<String, Long>> groups = new LinkedHashMap<>();
        reader.forEach((value, id, label) ->
        {
            if (isProcessEntry(reader.getCounterTypeId(id)))
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
