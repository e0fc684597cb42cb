package io.jdpdk.eal;

import io.jdpdk.eal.raw.NativeLibrary;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * Ctrl-C for DPDK apps started any way. A program started in the background by a non-interactive
 * shell ({@code app &} in a script) inherits SIGINT as ignored, and the JVM then silently declines
 * to handle it, so Ctrl-C or {@code kill -INT} would leave the app running. {@link #onInterrupt}
 * puts SIGINT back to its default disposition first, then installs the handler.
 */
public final class Signals
{
    private static final int SIGINT = 2;
    private static final MethodHandle SIGNAL = NativeLibrary.libc("signal",
        FunctionDescriptor.of(ADDRESS, JAVA_INT, ADDRESS));

    private Signals()
    {
    }

    /** Runs {@code handler} on a JVM signal thread when SIGINT arrives, even if SIGINT was ignored at start. */
    public static void onInterrupt(final Runnable handler)
    {
        try
        {
            final MemorySegment previous = (MemorySegment)SIGNAL.invokeExact(SIGINT, MemorySegment.NULL); // SIG_DFL
            if (previous.address() != 1 /* SIG_IGN */ && previous.address() != 0 /* SIG_DFL */)
            {
                final MemorySegment ignored = (MemorySegment)SIGNAL.invokeExact(SIGINT, previous); // keep the JVM's
            }
        }
        catch (final Throwable t)
        {
            throw NativeLibrary.rethrow(t);
        }
        sun.misc.Signal.handle(new sun.misc.Signal("INT"), signal -> handler.run());
    }
}
