package io.jdpdk.mempool.header;

import io.jdpdk.eal.raw.Memory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One fuzz execution: the same bytes through {@link HeaderExerciser} three times, over a heap segment of exactly
 * their length (a read past it throws), over an exactly sized allocation from an {@link Arena} addressed through
 * {@link Memory#ALL}, and over native memory that ends at a guard page (a read past it faults). The three parses
 * must agree. The guard-paged copy then goes through {@link L3Frame} too, which must agree with the views
 * ({@link L3FrameOracle}). Counts its executions; not thread-safe.
 */
final class FuzzTarget implements AutoCloseable
{
    /** Largest input the guard-paged buffer takes; longer inputs skip that third pass. */
    static final int MAX_GUARDED_LENGTH = 1 << 16;

    private final HeaderExerciser exerciser = new HeaderExerciser();
    private final GuardPagedBuffer guarded = new GuardPagedBuffer(MAX_GUARDED_LENGTH);
    private final L3FrameOracle l3Frame = new L3FrameOracle();
    private long executions;
    private long okResults;

    void run(final byte[] data)
    {
        final int length = data.length;
        final long heap = exerciser.exercise(MemorySegment.ofArray(data.clone()), 0, length);
        if (exerciser.parser().result() == PacketParser.OK)
        {
            okResults++;
        }
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment allocation = arena.allocate(Math.max(1, length), 1);
            MemorySegment.copy(data, 0, allocation, ValueLayout.JAVA_BYTE, 0, length);
            agree(heap, exerciser.exercise(Memory.ALL, allocation.address(), length), "Arena");
        }
        if (length <= MAX_GUARDED_LENGTH)
        {
            final long frame = guarded.place(data, length);
            agree(heap, exerciser.exercise(Memory.ALL, frame, length), "guard-paged");
            l3Frame.check(data, frame, length);
        }
        executions++;
    }

    long executions()
    {
        return executions;
    }

    /** Executions whose bytes parsed as {@link PacketParser#OK}: how deep the inputs reached. */
    long okResults()
    {
        return okResults;
    }

    /** Inputs {@link L3Frame} sorted into {@code kind}, so that a test can show the fuzzing reached every kind. */
    long l3FrameCount(final byte kind)
    {
        return l3Frame.count(kind);
    }

    @Override
    public void close()
    {
        l3Frame.close();
        guarded.close();
    }

    private static void agree(final long heap, final long native_, final String where)
    {
        if (heap != native_)
        {
            throw new AssertionError("parse over " + where + " native memory differs from the heap parse");
        }
    }
}
