package io.jdpdk.eal;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersManager;
import org.agrona.concurrent.status.CountersReader;

import java.io.File;
import java.nio.MappedByteBuffer;

/**
 * The process's counters, in a memory-mapped file another process can read while this one runs
 * (Aeron's CnC counters, read the same way: {@code apps/bin/jdpdk-stat PID}). Each counter has a
 * stable type id and a label; its value is written by one thread with release semantics.
 * <p>
 * The file is {@code /dev/shm/jdpdk-PID.counters} (the temp directory where /dev/shm is missing):
 * {@value #MAX_COUNTERS} counters' metadata, then their values. It is deleted when the JVM exits.
 * Threading: {@link #newCounter} is synchronised; counters are single-writer.
 */
public final class Counters
{
    /** Counters one process can have. */
    public static final int MAX_COUNTERS = 1024;

    /** Stable type ids of jdpdk's counters. */
    public static final int RX_PACKETS = 1;
    public static final int TX_PACKETS = 2;
    public static final int TX_DROPS = 3;
    public static final int RING_FULL_DROPS = 4;
    public static final int WORKER_PACKETS = 5;
    public static final int FUNCTION_DROPS = 6;

    private static final int METADATA_LENGTH = MAX_COUNTERS * CountersReader.METADATA_LENGTH;
    private static final int VALUES_LENGTH = MAX_COUNTERS * CountersReader.COUNTER_LENGTH;

    private static Counters instance;

    private final File file;
    private final MappedByteBuffer mapped;
    private final CountersManager manager;

    private Counters(final File file)
    {
        this.file = file;
        this.mapped = IoUtil.mapNewFile(file, METADATA_LENGTH + VALUES_LENGTH);
        this.manager = new CountersManager(new UnsafeBuffer(mapped, 0, METADATA_LENGTH),
            new UnsafeBuffer(mapped, METADATA_LENGTH, VALUES_LENGTH));
        file.deleteOnExit();
    }

    /** The process's counters, created on first use. */
    public static synchronized Counters get()
    {
        if (instance == null)
        {
            instance = new Counters(fileOf(ProcessHandle.current().pid()));
        }
        return instance;
    }

    /** The counters file of process {@code pid}. */
    public static File fileOf(final long pid)
    {
        final File shm = new File("/dev/shm");
        return new File(shm.isDirectory() ? shm : new File(System.getProperty("java.io.tmpdir")), "jdpdk-" + pid + ".counters");
    }

    /** Maps the counters file of another process for reading. */
    public static CountersReader reader(final File file)
    {
        final MappedByteBuffer buffer = IoUtil.mapExistingFile(file, "jdpdk counters");
        return new CountersReader(new UnsafeBuffer(buffer, 0, METADATA_LENGTH),
            new UnsafeBuffer(buffer, METADATA_LENGTH, VALUES_LENGTH));
    }

    /** A new counter with a stable {@code typeId} and a label such as "rx packets: port 0 queue 0". */
    public synchronized AtomicCounter newCounter(final String label, final int typeId)
    {
        return manager.newCounter(label, typeId);
    }

    /** This process's counters, for reading in-process. */
    public CountersReader reader()
    {
        return manager;
    }

    /** The file another process maps. */
    public File file()
    {
        return file;
    }
}
