package io.jdpdk.mempool.header;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link PacketParserFuzzTest} for {@link #EXECUTIONS} executions: {@code mvn -Plong verify} runs it in the
 * mempool POM's {@code fuzz-long} Surefire execution with {@code JAZZER_FUZZ=1}. Tagged {@code long} (and
 * {@code fuzz}) so the default suite leaves it out.
 */
@Tag("long")
@Tag("fuzz")
class PacketParserLongFuzzTest
{
    static final long EXECUTIONS = 2_000_000;

    private static FuzzTarget target;
    private static long startNanos;

    @BeforeAll
    static void open()
    {
        target = new FuzzTarget();
        startNanos = System.nanoTime();
    }

    @AfterAll
    static void close()
    {
        FuzzReport.print("PacketParserLongFuzzTest", target, startNanos);
        final long executions = target.executions();
        target.close();
        if (System.getenv("JAZZER_FUZZ") != null && !System.getenv("JAZZER_FUZZ").isEmpty())
        {
            assertTrue(executions >= 1_000_000, "the long fuzz run made only " + executions + " executions");
        }
    }

    static Stream<Arguments> seeds()
    {
        return PacketParserFuzzTest.seeds();
    }

    @MethodSource("seeds")
    @FuzzTest(maxExecutions = EXECUTIONS, maxDuration = "30m")
    void fuzzParserViewsAndChecksums(final byte[] data)
    {
        target.run(data);
    }
}
