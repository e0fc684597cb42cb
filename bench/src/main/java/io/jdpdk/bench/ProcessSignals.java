package io.jdpdk.bench;

import io.jdpdk.eal.raw.NativeLibrary;

import java.lang.foreign.FunctionDescriptor;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * Signals to the programs the harness starts, through libc's {@code kill(2)}: SIGINT stops a DPDK program as Ctrl-C
 * would, SIGSTOP and SIGCONT make two of them take turns ({@link TakingTurns}).
 */
final class ProcessSignals
{
    /** Ctrl-C. */
    static final int SIGINT = 2;
    /** Continue a stopped process. */
    static final int SIGCONT = 18;
    /** Stop a process until SIGCONT; it cannot be caught. */
    static final int SIGSTOP = 19;

    private static final MethodHandle KILL = NativeLibrary.libc("kill", FunctionDescriptor.of(JAVA_INT, JAVA_INT,
        JAVA_INT));

    private ProcessSignals()
    {
    }

    /**
     * Sends {@code signal} to {@code process}.
     *
     * @return false when it could not be sent: the process has exited (and been reaped)
     */
    static boolean send(final Process process, final int signal)
    {
        try
        {
            return (int)KILL.invokeExact((int)process.pid(), signal) == 0;
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException("kill(" + process.pid() + ", " + signal + ")", t);
        }
    }
}
