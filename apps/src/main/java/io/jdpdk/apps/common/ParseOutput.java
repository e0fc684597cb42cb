package io.jdpdk.apps.common;

import io.jdpdk.eal.Log;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * What an app prints while it parses its own arguments, held until the EAL has started. DPDK's samples and testpmd
 * parse their arguments once {@code rte_eal_init} has returned, so what they print then ("soft parse-ptype is
 * enabled", "Interactive-mode selected", their {@code RTE_LOG} lines) comes after EAL's own lines, and their
 * {@code RTE_LOG} lines obey {@code --log-level}. jdpdk's apps parse theirs first, so that a bad argument fails
 * without starting the EAL; they print into {@link #out()} and {@link #err()}, log through {@link #log}, and call
 * {@link #release()} once {@code Eal.init} has returned (or before reporting a bad argument, which then follows
 * what came before it, as in DPDK). Everything comes out in the order it was written, line by line on each stream
 * (as C's line-buffered standard output: a line not ended yet waits for its end, or for the release).
 * <p>
 * One thread at a time; control path.
 */
public final class ParseOutput
{
    private final List<Runnable> held = new ArrayList<>();
    /** For each stream, what writes out the line it has not ended yet. */
    private final List<Runnable> partialLines = new ArrayList<>(2);
    private final PrintStream out;
    private final PrintStream err;
    private boolean released;

    /**
     * Output for {@code out} and {@code err}, held until {@link #release()}.
     *
     * @param out the app's standard output
     * @param err the app's standard error
     */
    public ParseOutput(final PrintStream out, final PrintStream err)
    {
        this.out = holding(out);
        this.err = holding(err);
    }

    /**
     * Standard output, held.
     *
     * @return a stream that holds what is printed to it (until {@link #release()}, then writes through)
     */
    public PrintStream out()
    {
        return out;
    }

    /**
     * Standard error, held.
     *
     * @return a stream that holds what is printed to it (until {@link #release()}, then writes through)
     */
    public PrintStream err()
    {
        return err;
    }

    /**
     * A line of DPDK's log ({@link Log#log}), written at release, once {@code --log-level} is in force.
     *
     * @param level   e.g. {@link Log#INFO}
     * @param logtype e.g. {@link Log#USER1}
     * @param line    the text without its line end
     */
    public void log(final int level, final int logtype, final String line)
    {
        hold(() -> Log.log(level, logtype, line));
    }

    /**
     * Something the app does while it parses its arguments that needs the EAL (e.g. asking a port), done at
     * release, in order with what was printed.
     *
     * @param action the action
     */
    public void hold(final Runnable action)
    {
        if (released)
        {
            action.run();
        }
        else
        {
            held.add(action);
        }
    }

    /** Writes and does what was held, in order; from now on everything goes straight through. */
    public void release()
    {
        out.flush();
        err.flush();
        partialLines.forEach(Runnable::run);
        released = true;
        held.forEach(Runnable::run);
        held.clear();
    }

    /**
     * A stream that holds what is printed to it a line at a time: each complete line (or run of them) becomes one
     * held action on {@code target}, in order with the other stream's and with {@link #hold}; a line not ended yet
     * waits for its end, or for {@link #release()}.
     */
    private PrintStream holding(final PrintStream target)
    {
        final ByteArrayOutputStream pending = new ByteArrayOutputStream();
        final Runnable emitAll = () -> emit(pending, pending.size(), target);
        partialLines.add(emitAll);
        final OutputStream sink = new OutputStream()
        {
            @Override
            public void write(final int b)
            {
                pending.write(b);
            }

            @Override
            public void write(final byte[] b, final int off, final int len)
            {
                pending.write(b, off, len);
            }

            @Override
            public void flush()
            {
                final byte[] bytes = pending.toByteArray();
                int end = bytes.length;
                while (end > 0 && bytes[end - 1] != '\n')
                {
                    end--;
                }
                emit(pending, end, target);
            }
        };
        return new PrintStream(sink, true, target.charset());
    }

    /** Holds (or, once released, writes) the first {@code length} bytes of {@code pending} to {@code target}. */
    private void emit(final ByteArrayOutputStream pending, final int length, final PrintStream target)
    {
        if (length == 0)
        {
            return;
        }
        final byte[] all = pending.toByteArray();
        pending.reset();
        pending.write(all, length, all.length - length);
        hold(() ->
        {
            target.write(all, 0, length);
            target.flush();
        });
    }
}
