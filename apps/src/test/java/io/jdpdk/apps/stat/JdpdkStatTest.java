package io.jdpdk.apps.stat;

import io.jdpdk.eal.Counters;
import org.agrona.concurrent.status.AtomicCounter;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertTrue;

class JdpdkStatTest
{
    @Test
    void shouldReadCountersThroughTheMappedFileAsAnotherProcessWould()
    {
        final AtomicCounter counter = Counters.get().newCounter("test rx packets: port 7", Counters.RX_PACKETS);
        counter.setRelease(123_456_789L);
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JdpdkStat.print(Counters.get().file(), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        final String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.matches("(?s).*\\s+1\\s+123456789 test rx packets: port 7.*"), out);
    }
}
