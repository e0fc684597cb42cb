package io.jdpdk.bench;

import io.jdpdk.eal.raw.NativeLibrary;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * A client of DPDK's telemetry socket ({@code RUNTIME_DIR/dpdk_telemetry.v2}), as {@code dpdk-telemetry.py} is:
 * a {@code SOCK_SEQPACKET} Unix socket, which Java's channels do not offer, so libc's {@code socket},
 * {@code connect}, {@code send} and {@code recv} through FFM. DPDK answers the connection with a greeting
 * ({@code {"version": ..., "pid": ..., "max_output_len": 16384}}), then each command (e.g.
 * {@code /ethdev/stats,0}) with one JSON message. It is the same socket for DPDK's C apps and jdpdk's, which serve
 * {@code /ethdev/stats} from the same DPDK library: what the bench reads there is counted the same way on both
 * sides. Not thread-safe.
 */
@SuppressWarnings("restricted") // strerror's answer: a C string of unknown length
final class TelemetryClient implements AutoCloseable
{
    private static final int AF_UNIX = 1;
    private static final int SOCK_SEQPACKET = 5;
    private static final int SOL_SOCKET = 1;
    private static final int SO_RCVTIMEO = 20;
    private static final int SUN_PATH = 108;
    private static final int RECEIVE_TIMEOUT_SECONDS = 5;

    private static final MemoryLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final Linker.Option CAPTURE_ERRNO = Linker.Option.captureCallState("errno");
    private static final MethodHandle SOCKET = NativeLibrary.libc("socket",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT), CAPTURE_ERRNO);
    private static final MethodHandle CONNECT = NativeLibrary.libc("connect",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT), CAPTURE_ERRNO);
    private static final MethodHandle SETSOCKOPT = NativeLibrary.libc("setsockopt",
        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT), CAPTURE_ERRNO);
    private static final MethodHandle SEND = NativeLibrary.libc("send",
        FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT), CAPTURE_ERRNO);
    private static final MethodHandle RECV = NativeLibrary.libc("recv",
        FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT), CAPTURE_ERRNO);
    private static final MethodHandle CLOSE = NativeLibrary.libc("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    private static final MethodHandle STRERROR = NativeLibrary.libc("strerror",
        FunctionDescriptor.of(ADDRESS.withTargetLayout(MemoryLayout.sequenceLayout(256, JAVA_BYTE)), JAVA_INT));

    private static final Pattern MAX_OUTPUT_LEN = Pattern.compile("\"max_output_len\":\\s*(\\d+)");

    private final Arena arena;
    private final MemorySegment state;
    private final int fd;
    private final MemorySegment buffer;
    private final String greeting;

    private TelemetryClient(final Arena arena, final MemorySegment state, final int fd) throws IOException
    {
        this.arena = arena;
        this.state = state;
        this.fd = fd;
        greeting = receive(arena.allocate(4096));
        final Matcher m = MAX_OUTPUT_LEN.matcher(greeting);
        buffer = arena.allocate(m.find() ? Integer.parseInt(m.group(1)) : 16384);
    }

    /**
     * Connects to the telemetry socket of the DPDK process started with {@code --file-prefix prefix} and reads
     * its greeting.
     *
     * @throws IOException when there is no such socket or nobody listens on it (yet)
     */
    static TelemetryClient connect(final String prefix) throws IOException
    {
        final Path socket = socketPath(prefix);
        final byte[] path = socket.toString().getBytes(StandardCharsets.UTF_8);
        if (path.length >= SUN_PATH)
        {
            throw new IOException("telemetry socket path too long for sockaddr_un: " + socket);
        }
        final Arena arena = Arena.ofConfined();
        final MemorySegment state = arena.allocate(CALL_STATE);
        int fd = -1;
        try
        {
            fd = (int)SOCKET.invokeExact(state, AF_UNIX, SOCK_SEQPACKET, 0);
            if (fd < 0)
            {
                throw failure(state, "socket");
            }
            final MemorySegment address = arena.allocate(2 + SUN_PATH);
            address.set(JAVA_SHORT, 0, (short)AF_UNIX);
            MemorySegment.copy(path, 0, address, JAVA_BYTE, 2, path.length);
            if ((int)CONNECT.invokeExact(state, fd, address, (int)address.byteSize()) < 0)
            {
                throw failure(state, "connect " + socket);
            }
            final MemorySegment timeout = arena.allocate(16); // struct timeval
            timeout.set(JAVA_LONG, 0, RECEIVE_TIMEOUT_SECONDS);
            if ((int)SETSOCKOPT.invokeExact(state, fd, SOL_SOCKET, SO_RCVTIMEO, timeout, (int)timeout.byteSize()) < 0)
            {
                throw failure(state, "setsockopt SO_RCVTIMEO");
            }
            return new TelemetryClient(arena, state, fd);
        }
        catch (final Throwable t)
        {
            close(fd);
            arena.close();
            throw rethrow(t);
        }
    }

    /**
     * Where DPDK 22.11 puts the telemetry socket of {@code --file-prefix prefix} (eal_create_runtime_dir): the
     * runtime directory, {@code /var/run/dpdk/PREFIX} for root, else under {@code $XDG_RUNTIME_DIR} or {@code /tmp}.
     */
    static Path socketPath(final String prefix)
    {
        return runtimeDir(prefix).resolve("dpdk_telemetry.v2");
    }

    /** The EAL runtime directory of {@code --file-prefix prefix}; see {@link #socketPath(String)}. */
    static Path runtimeDir(final String prefix)
    {
        final String base;
        if ("root".equals(System.getProperty("user.name")))
        {
            base = "/var/run";
        }
        else
        {
            final String xdg = System.getenv("XDG_RUNTIME_DIR");
            base = xdg == null ? "/tmp" : xdg;
        }
        return Path.of(base, "dpdk", prefix);
    }

    /** DPDK's greeting: its version, the process id and the largest answer it sends. */
    String greeting()
    {
        return greeting;
    }

    /**
     * Sends one command and returns DPDK's answer.
     *
     * @param command e.g. {@code /ethdev/stats,0}
     * @return the JSON answer, e.g. {@code {"/ethdev/stats": {"ipackets": 123, ...}}}
     * @throws IOException when the process is gone or does not answer within 5 s
     */
    String query(final String command) throws IOException
    {
        final byte[] bytes = command.getBytes(StandardCharsets.UTF_8);
        final MemorySegment out = buffer.asSlice(0, bytes.length);
        MemorySegment.copy(bytes, 0, out, JAVA_BYTE, 0, bytes.length);
        final long sent;
        try
        {
            sent = (long)SEND.invokeExact(state, fd, out, (long)bytes.length, 0);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
        if (sent != bytes.length)
        {
            throw failure(state, "send " + command);
        }
        return receive(buffer);
    }

    private String receive(final MemorySegment into) throws IOException
    {
        final long n;
        try
        {
            n = (long)RECV.invokeExact(state, fd, into, into.byteSize(), 0);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
        if (n < 0)
        {
            throw failure(state, "recv from the telemetry socket");
        }
        if (n == 0)
        {
            throw new IOException("the DPDK process closed its telemetry socket");
        }
        return new String(into.asSlice(0, n).toArray(JAVA_BYTE), StandardCharsets.UTF_8);
    }

    private static IOException failure(final MemorySegment state, final String what)
    {
        final int errno = (int)ERRNO.get(state, 0L);
        String message;
        try
        {
            message = ((MemorySegment)STRERROR.invokeExact(errno)).getString(0);
        }
        catch (final Throwable t)
        {
            message = "errno " + errno;
        }
        return new IOException(what + ": " + message);
    }

    private static RuntimeException rethrow(final Throwable t) throws IOException
    {
        if (t instanceof IOException io)
        {
            throw io;
        }
        if (t instanceof RuntimeException r)
        {
            throw r;
        }
        if (t instanceof Error e)
        {
            throw e;
        }
        throw new IllegalStateException(t);
    }

    private static void close(final int fd)
    {
        if (fd >= 0)
        {
            try
            {
                final int rc = (int)CLOSE.invokeExact(fd);
                assert rc == 0 || rc == -1;
            }
            catch (final Throwable t)
            {
                throw new IllegalStateException(t);
            }
        }
    }

    @Override
    public void close()
    {
        try
        {
            close(fd);
        }
        finally
        {
            arena.close();
        }
    }
}
