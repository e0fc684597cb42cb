package io.jdpdk.apps.common;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ParseOutputTest
{
    @Test
    void shouldHoldBothStreamsUntilReleaseThenWriteEverythingInTheOrderItCame()
    {
        final List<String> events = new ArrayList<>();
        final PrintStream out = recording("out", events);
        final PrintStream err = recording("err", events);
        final ParseOutput parsing = new ParseOutput(out, err);
        parsing.out().println("soft parse-ptype is enabled");
        parsing.err().println("Neither ACL, LPM, EM, or FIB selected, defaulting to LPM");
        parsing.hold(() -> events.add("asked the ports"));
        parsing.out().print("no line end yet");
        parsing.err().printf("total packet length=%d < %d - give up%n", 30, 42);
        assertEquals(List.of(), events, "nothing before the release");

        parsing.release();
        // Line by line, as C's line-buffered stdout: the line not ended yet comes last.
        assertEquals(List.of("out:soft parse-ptype is enabled\n",
            "err:Neither ACL, LPM, EM, or FIB selected, defaulting to LPM\n", "asked the ports",
            "err:total packet length=30 < 42 - give up\n", "out:no line end yet"), events);

        parsing.out().println("after");
        parsing.hold(() -> events.add("at once"));
        assertEquals(List.of("out:after\n", "at once"), events.subList(5, 7), "straight through once released");
    }

    /** A stream that records each flushed write as "NAME:text". */
    private static PrintStream recording(final String name, final List<String> events)
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        return new PrintStream(new OutputStream()
        {
            @Override
            public void write(final int b)
            {
                bytes.write(b);
            }

            @Override
            public void flush()
            {
                if (bytes.size() > 0)
                {
                    events.add(name + ":" + bytes.toString(StandardCharsets.UTF_8));
                    bytes.reset();
                }
            }
        }, false, StandardCharsets.UTF_8);
    }
}
