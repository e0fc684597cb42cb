package io.jdpdk.mempool.header;

import io.jdpdk.eal.raw.Memory;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Native memory whose last usable byte is followed by an inaccessible page: bytes placed with {@link #place} end
 * exactly at the guard, so a read one byte past them through {@link Memory#ALL} faults and kills the JVM instead of
 * reading a neighbour's memory. For tests only; not thread-safe.
 */
@SuppressWarnings("restricted") // mmap and mprotect, for guard pages around test buffers
final class GuardPagedBuffer implements AutoCloseable
{
    private static final int PROT_NONE = 0;
    private static final int PROT_READ_WRITE = 0x1 | 0x2;
    private static final int MAP_PRIVATE_ANONYMOUS = 0x02 | 0x20;
    private static final long PAGE = 4096;

    private static final MethodHandle MMAP;
    private static final MethodHandle MPROTECT;
    private static final MethodHandle MUNMAP;

    static
    {
        final Linker linker = Linker.nativeLinker();
        MMAP = linker.downcallHandle(linker.defaultLookup().find("mmap").orElseThrow(), FunctionDescriptor.of(
            ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
        MPROTECT = linker.downcallHandle(linker.defaultLookup().find("mprotect").orElseThrow(), FunctionDescriptor.of(
            ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
        MUNMAP = linker.downcallHandle(linker.defaultLookup().find("munmap").orElseThrow(), FunctionDescriptor.of(
            ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
    }

    private final long mapping;
    private final long mappingLength;
    private final long guard;

    /** Room for up to {@code capacity} bytes before the guard page. */
    GuardPagedBuffer(final int capacity)
    {
        final long usable = (capacity + PAGE - 1) / PAGE * PAGE;
        mappingLength = usable + PAGE;
        try
        {
            mapping = (long)MMAP.invokeExact(0L, mappingLength, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0L);
            if (mapping == -1L)
            {
                throw new IllegalStateException("mmap of " + mappingLength + " bytes failed");
            }
            guard = mapping + usable;
            if ((int)MPROTECT.invokeExact(guard, PAGE, PROT_NONE) != 0)
            {
                throw new IllegalStateException("mprotect of the guard page failed");
            }
        }
        catch (final RuntimeException | Error ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    /** Copies {@code length} bytes of {@code data} so they end at the guard page. @return their address */
    long place(final byte[] data, final int length)
    {
        final long address = guard - length;
        MemorySegment.copy(data, 0, Memory.ALL, ValueLayout.JAVA_BYTE, address, length);
        return address;
    }

    @Override
    public void close()
    {
        try
        {
            final int ignored = (int)MUNMAP.invokeExact(mapping, mappingLength);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
