package io.jdpdk.mempool.header;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A structure-aware mutation fuzzer that needs no instrumentation: it takes the known-good frames of
 * {@link Packets} and changes them the ways headers lie (bit flips, bytes and 16-bit words set to boundary values,
 * protocol numbers swapped, VLAN tags inserted, truncation, trailing garbage), then runs each result through
 * {@link FuzzTarget} (heap, Arena and guard-paged native memory, invariants, agreement). Seeded with a fixed seed,
 * so a failure repeats; the failing iteration's bytes are in the assertion message.
 * <p>
 * It complements {@link PacketParserFuzzTest}, whose libFuzzer engine runs blind on JDK 25 (see there).
 */
class PacketMutationFuzzTest
{
    private static final int SHORT_ITERATIONS = 200_000;
    private static final int LONG_ITERATIONS = 5_000_000;
    private static final int[] INTERESTING_BYTES = {0x00, 0x01, 0x05, 0x06, 0x0F, 0x11, 0x2B, 0x2C, 0x32, 0x33,
        0x3A, 0x3B, 0x3C, 0x40, 0x45, 0x46, 0x4F, 0x50, 0x60, 0x7F, 0x80, 0xF0, 0xFF};
    private static final int[] INTERESTING_WORDS = {0x0000, 0x0001, 0x0007, 0x0008, 0x0013, 0x0014, 0x0027, 0x0028,
        0x0600, 0x0800, 0x0806, 0x8100, 0x86DD, 0x88A8, 0x7FFF, 0x8000, 0xFFFE, 0xFFFF};

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
        FuzzReport.print("PacketMutationFuzzTest", target, startNanos);
        target.close();
    }

    @Test
    void shouldKeepEveryInvariantOverSeededMutationsOfKnownFrames()
    {
        run(0x0BAD_5EEDL, SHORT_ITERATIONS);
        // L3Frame's fast kinds were reached often enough to mean something, and so was the rest.
        for (final byte kind : new byte[] {L3Frame.OTHER, L3Frame.IPV4, L3Frame.IPV6})
        {
            org.junit.jupiter.api.Assertions.assertTrue(target.l3FrameCount(kind) > SHORT_ITERATIONS / 50,
                "kind " + kind + ": " + target.l3FrameCount(kind));
        }
    }

    @Test
    @Tag("long")
    void shouldKeepEveryInvariantOverFiveMillionSeededMutations()
    {
        run(0x10F6_5EEDL, LONG_ITERATIONS);
    }

    private static void run(final long seed, final int iterations)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < iterations; i++)
        {
            final byte[] data = mutate(random, Packets.ALL_FRAMES.get(random.nextInt(Packets.ALL_FRAMES.size())));
            try
            {
                target.run(data);
            }
            catch (final RuntimeException | AssertionError ex)
            {
                throw new AssertionError("iteration " + i + " of seed " + seed + ", bytes " +
                    java.util.HexFormat.of().formatHex(data), ex);
            }
        }
    }

    private static byte[] mutate(final SplittableRandom random, final byte[] frame)
    {
        byte[] data = frame.clone();
        final int mutations = 1 + random.nextInt(4);
        for (int m = 0; m < mutations; m++)
        {
            data = mutateOnce(random, data);
        }
        return data;
    }

    private static byte[] mutateOnce(final SplittableRandom random, final byte[] data)
    {
        final int headerSpan = Math.min(data.length, 128);
        switch (random.nextInt(7))
        {
            case 0 ->
            {
                if (data.length > 0)
                {
                    final int at = random.nextInt(data.length);
                    data[at] ^= (byte)(1 << random.nextInt(8));
                }
                return data;
            }
            case 1 ->
            {
                if (headerSpan > 0)
                {
                    final int value = INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)];
                    data[random.nextInt(headerSpan)] = (byte)value;
                }
                return data;
            }
            case 2 ->
            {
                if (headerSpan > 1)
                {
                    final int at = random.nextInt(headerSpan - 1);
                    final int value = random.nextInt(4) == 0 ? random.nextInt(0x10000) :
                        random.nextInt(3) == 0 ? data.length - at + random.nextInt(5) - 2 :
                        INTERESTING_WORDS[random.nextInt(INTERESTING_WORDS.length)];
                    Packets.put16(data, at, value);
                }
                return data;
            }
            case 3 ->
            {
                return Arrays.copyOf(data, random.nextInt(data.length + 1));
            }
            case 4 ->
            {
                final byte[] longer = Arrays.copyOf(data, data.length + random.nextInt(65));
                for (int i = data.length; i < longer.length; i++)
                {
                    longer[i] = (byte)random.nextInt(256);
                }
                return longer;
            }
            case 5 ->
            {
                if (data.length < 12)
                {
                    return data;
                }
                final byte[] tagged = new byte[data.length + 4];
                System.arraycopy(data, 0, tagged, 0, 12);
                Packets.put16(tagged, 12, random.nextBoolean() ? EtherType.VLAN : EtherType.QINQ);
                Packets.put16(tagged, 14, random.nextInt(0x10000));
                System.arraycopy(data, 12, tagged, 16, data.length - 12);
                return tagged;
            }
            default ->
            {
                if (headerSpan > 0)
                {
                    data[random.nextInt(headerSpan)] = (byte)random.nextInt(256);
                }
                return data;
            }
        }
    }
}
