package io.jdpdk.eal;

import io.jdpdk.eal.raw.NativeLibrary;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Proxy;
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
    /*
     * sun.misc.Signal (jdk.unsupported), the JDK's only way to handle a signal, reached through method handles
     * in this one place: javac's "internal proprietary API" warning cannot be suppressed, and warnings fail the build.
     */
    private static final Class<?> HANDLER = findClass("sun.misc.SignalHandler");
    private static final MethodHandle NEW_SIGNAL;
    private static final MethodHandle GET_NUMBER;
    private static final MethodHandle HANDLE;

    static
    {
        final Class<?> signal = findClass("sun.misc.Signal");
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            NEW_SIGNAL = lookup.findConstructor(signal, MethodType.methodType(void.class, String.class));
            GET_NUMBER = lookup.findVirtual(signal, "getNumber", MethodType.methodType(int.class));
            HANDLE = lookup.findStatic(signal, "handle", MethodType.methodType(HANDLER, signal, HANDLER));
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private Signals()
    {
    }

    /**
     * Runs {@code handler} with the signal's number on a JVM signal thread when signal {@code name}
     * ("INT", "TERM", ...) arrives, even if it was ignored when the process started. Replaces an earlier
     * handler of the same signal.
     *
     * @param name the signal's name without "SIG"
     * @param handler given the signal number, on the JVM's signal thread
     * @throws IllegalArgumentException when the signal is unknown or reserved by the JVM
     */
    public static void handle(final String name, final IntConsumer handler)
    {
        try
        {
            final Object signal = NEW_SIGNAL.invoke(name);
            final int number = (int)GET_NUMBER.invoke(signal);
            final MemorySegment previous = (MemorySegment)SIGNAL.invokeExact(number, MemorySegment.NULL);
            if (previous.address() > 1) // neither SIG_DFL nor SIG_IGN: the JVM's own handler, keep it
            {
                final MemorySegment _ = (MemorySegment)SIGNAL.invokeExact(number, previous);
            }
            final Object proxy = Proxy.newProxyInstance(Signals.class.getClassLoader(), new Class<?>[] { HANDLER },
                (self, method, args) -> switch (method.getName())
                {
                    case "handle" ->
                    {
                        handler.accept(number);
                        yield null;
                    }
                    case "hashCode" -> System.identityHashCode(self);
                    case "equals" -> self == args[0];
                    default -> "jdpdk handler of SIG" + name;
                });
            HANDLE.invoke(signal, proxy);
        }
        catch (final Throwable t)
        {
            throw NativeLibrary.rethrow(t);
        }
    }

    private static Class<?> findClass(final String name)
    {
        try
        {
            return Class.forName(name);
        }
        catch (final ClassNotFoundException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /**
     * {@link #handle} for SIGINT (Ctrl-C).
     *
     * @param handler run on the JVM's signal thread
     */
    public static void onInterrupt(final Runnable handler)
    {
        handle("INT", number -> handler.run());
    }
}
