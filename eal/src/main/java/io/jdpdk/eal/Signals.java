package io.jdpdk.eal;

import io.jdpdk.eal.raw.NativeLibrary;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.function.IntConsumer;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * Signal handling for DPDK apps started any way. A program started in the background by a
 * non-interactive shell ({@code app &} in a script) inherits SIGINT as ignored, and the JVM then
 * silently declines to handle it, so Ctrl-C or {@code kill -INT} would leave the app running, where
 * a C app's {@code signal()} would catch it. {@link #handle} puts the signal back to its default
 * disposition first, then installs the handler.
 */
public final class Signals
{
    private static final MethodHandle SIGNAL = NativeLibrary.libc("signal",
        FunctionDescriptor.of(ADDRESS, JAVA_INT, ADDRESS));

    private Signals()
    {
    }

    /**
     * Runs {@code handler} with the signal's number on a JVM signal thread when signal {@code name}
     * ("INT", "TERM", ...) arrives, even if it was ignored when the process started.
     */
    public static void handle(final String name, final IntConsumer handler)
    {
        final sun.misc.Signal signal = new sun.misc.Signal(name);
        try
        {
            final MemorySegment previous = (MemorySegment)SIGNAL.invokeExact(signal.getNumber(), MemorySegment.NULL);
            if (previous.address() > 1) // neither SIG_DFL nor SIG_IGN: the JVM's own handler, keep it
            {
                final MemorySegment _ = (MemorySegment)SIGNAL.invokeExact(signal.getNumber(), previous);
            }
        }
        catch (final Throwable t)
        {
            throw NativeLibrary.rethrow(t);
        }
        sun.misc.Signal.handle(signal, s -> handler.accept(s.getNumber()));
    }

    /** {@link #handle} for SIGINT (Ctrl-C). */
    public static void onInterrupt(final Runnable handler)
    {
        handle("INT", number -> handler.run());
    }
}
