package io.jdpdk.apps.stat;

import io.jdpdk.eal.Counters;
import org.agrona.concurrent.status.AtomicCounter;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JdpdkStatTest
{
    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    private int run(final String... args)
    {
        return JdpdkStat.run(args, new PrintStream(outBytes, true, StandardCharsets.UTF_8),
            new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    }

    private String out()
    {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err()
    {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void shouldReadCountersThroughTheMappedFileAsAnotherProcessWould()
    {
        final AtomicCounter counter = Counters.get().newCounter("test rx packets: port 7", Counters.RX_PACKETS);
        counter.setRelease(123_456_789L);
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JdpdkStat.print(Counters.get().file(), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        final String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.matches("(?s).*\\s+1\\s+123456789 test rx packets: port 7.*"), out);
        Counters.get().free(counter);
    }

    @Test
    void shouldListThisRunningProcessWithItsCommand()
    {
        Counters.get();
        assertEquals(0, run());
        final long pid = ProcessHandle.current().pid();
        assertTrue(out().startsWith(String.format("%8s  %-19s  %8s  %s%n", "PID", "STARTED", "COUNTERS", "COMMAND")), out());
        assertTrue(out().matches("(?s).*\\n\\s*" + pid + "  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\s+\\d+  .+\\n.*"), out());
    }

    @Test
    void shouldShowCountersLiveWithRatesSinceThePreviousScreen()
    {
        final AtomicCounter counter = Counters.get().newCounter("stat test: ticks", Counters.WORKER_PACKETS);
        final Thread ticker = Thread.ofPlatform().daemon().start(() ->
        {
            while (!Thread.currentThread().isInterrupted())
            {
                counter.incrementRelease();
                java.util.concurrent.locks.LockSupport.parkNanos(100_000);
            }
        });
        try
        {
            assertEquals(0, run(Long.toString(ProcessHandle.current().pid()), "--interval", "0.2", "--count", "2"));
        }
        finally
        {
            ticker.interrupt();
            Counters.get().free(counter);
        }
        final Matcher m = Pattern.compile("\\s+\\d+\\s+5\\s+(\\d+)\\s+(\\S+)  stat test: ticks").matcher(out());
        assertTrue(m.find(), out());
        assertEquals("-", m.group(2), "no rate on the first screen");
        assertTrue(m.find(), "a second screen: " + out());
        assertTrue(Double.parseDouble(m.group(2)) > 0, "a positive rate while the counter moves: " + out());
        assertEquals(2, out().split("jdpdk-stat: PID ").length - 1, "two screens");
    }

    @Test
    void shouldAnswerHelpAndBadArgumentsWithUsageAndExitCodeTwo()
    {
        assertEquals(2, run("--help"));
        assertTrue(out().contains("Usage: jdpdk-stat"), out());
        assertEquals(2, run("not-a-pid"));
        assertTrue(err().contains("jdpdk-stat: Invalid value for positional parameter at index 0 (PID)"), err());
        assertTrue(err().contains("Usage: jdpdk-stat"), err());
        assertEquals(2, run("--interval", "0"));
        assertTrue(err().contains("--interval must be positive"), err());
    }

    @Test
    void shouldSayWhenThePidIsNoJdpdkProcess()
    {
        assertEquals(1, run("999999999"));
        assertTrue(err().contains("PID 999999999 is not a running jdpdk process"), err());
    }
}
