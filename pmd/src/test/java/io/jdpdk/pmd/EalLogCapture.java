package io.jdpdk.pmd;

import io.jdpdk.eal.raw.NativeLibrary;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * What DPDK logs while a piece of a test runs: the EAL's log stream pointed at an {@code open_memstream} buffer
 * ({@code rte_openlog_stream}), then back to the stream it had ({@code rte_log_get_stream}). For asserting what a DPDK library said, where its
 * errno alone does not tell one refusal from another.
 */
@SuppressWarnings("restricted")
final class EalLogCapture
{
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle OPEN_MEMSTREAM = libc("open_memstream",
        FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle FCLOSE = libc("fclose", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle FREE = libc("free", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle OPENLOG_STREAM = NativeLibrary.downcall("rte_openlog_stream",
        FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle LOG_GET_STREAM = NativeLibrary.downcall("rte_log_get_stream",
        FunctionDescriptor.of(ADDRESS));

    private EalLogCapture()
    {
    }

    private static MethodHandle libc(final String name, final FunctionDescriptor descriptor)
    {
        return LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow(name), descriptor);
    }

    /**
     * Runs {@code body} with DPDK's log going to a buffer.
     *
     * @param body what to run; what it throws is rethrown once the log is back on stderr
     * @return what DPDK logged meanwhile
     */
    static String during(final Runnable body) throws Throwable
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment buffer = arena.allocate(ADDRESS);
            final MemorySegment size = arena.allocate(JAVA_LONG);
            final MemorySegment stream = (MemorySegment)OPEN_MEMSTREAM.invokeExact(buffer, size);
            if (stream.address() == 0)
            {
                throw new IllegalStateException("open_memstream failed");
            }
            final MemorySegment previous = (MemorySegment)LOG_GET_STREAM.invokeExact();
            final int set = (int)OPENLOG_STREAM.invokeExact(stream);
            try
            {
                body.run();
            }
            finally
            {
                final int reset = (int)OPENLOG_STREAM.invokeExact(previous);
                final int closed = (int)FCLOSE.invokeExact(stream); // flushes: buffer and size are final now
            }
            final MemorySegment text = buffer.get(ADDRESS, 0);
            final String logged = text.reinterpret(size.get(JAVA_LONG, 0) + 1).getString(0);
            FREE.invokeExact(text);
            return logged;
        }
    }
}
