package io.jdpdk.mempool.header;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * Jazzer feeds arbitrary bytes to {@link PacketParser}, every view and {@link Checksums}, over an exact-size heap
 * segment, an exact-size Arena allocation and guard-paged native memory ({@link FuzzTarget}), seeded with the
 * known-good frames of {@link Packets}.
 * <p>
 * How it runs: with {@code JAZZER_FUZZ} unset Jazzer only replays the seeds (regression mode). The mempool POM
 * runs this class in its own Surefire execution ({@code fuzz}) with {@code JAZZER_FUZZ=1} in the forked JVM's
 * environment, so every {@code mvn verify} fuzzes for {@link #DURATION}; the default execution leaves tag
 * {@code fuzz} out. Jazzer fuzzes one test per JVM, hence the separate execution, and the long run is another
 * class ({@link PacketParserLongFuzzTest}) in yet another execution.
 * <p>
 * On JDK 25, Jazzer 0.24.0 cannot instrument class files of version 69 (its bundled ASM stops at Java 23, it logs
 * "Unsupported class file major version 69"), so libFuzzer gets no coverage feedback: it mutates the seeds blindly.
 * The seeds start it from real frames; {@link PacketMutationFuzzTest} adds a structure-aware mutation loop.
 */
@Tag("fuzz")
class PacketParserFuzzTest
{
    static final String DURATION = "20s";

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
        FuzzReport.print("PacketParserFuzzTest", target, startNanos);
        target.close();
    }

    static Stream<Arguments> seeds()
    {
        return Packets.ALL_FRAMES.stream().map(frame -> Arguments.of((Object)frame.clone()));
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = DURATION)
    void fuzzParserViewsAndChecksums(final byte[] data)
    {
        target.run(data);
    }
}
