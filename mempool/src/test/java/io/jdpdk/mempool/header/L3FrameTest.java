package io.jdpdk.mempool.header;

import io.jdpdk.eal.raw.Memory;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link L3Frame}'s own arithmetic, exhaustively; its agreement with the views on arbitrary bytes is the fuzz
 * tests' job ({@link L3FrameOracle}).
 */
class L3FrameTest
{
    @Test
    void shouldPatchEveryHeaderChecksumAsRfc1624ForEveryTtl()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final long frame = arena.allocate(64, 8).address();
            final long word = frame + 14 + HeaderOffsets.IPV4_TTL;
            for (int ttl = 1; ttl <= 255; ttl += ttl < 4 ? 1 : 23)
            {
                for (int checksum = 0; checksum <= 0xFFFF; checksum++)
                {
                    final int protocol = checksum & 0xFF;
                    final int before = ttl << 24 | protocol << 16 | checksum;
                    Memory.putIntBigEndian(null, word, before);
                    L3Frame.decrementIpv4Ttl(frame); // the arithmetic does not depend on the kind the bytes are
                    final int oldWord = ttl << 8 | protocol;
                    final int expected = (oldWord - 0x100) << 16 |
                        Checksums.incrementalUpdate(checksum, oldWord, oldWord - 0x100);
                    assertEquals(expected, Memory.getIntBigEndian(null, word), "TTL " + ttl + ", checksum " + checksum);
                }
            }
        }
    }

    @Test
    void shouldTellAHeaderSumOfFfffByMultiplyingNotFolding()
    {
        // Every sum of five 32-bit words is below 5 * 2^32; the multiply test must say what folding says for all
        // of them. All multiples of 0xFFFF in range, their neighbours, and 4M random sums.
        for (long k = 0; k * 0xFFFF < 5L << 32; k++)
        {
            for (long sum = Math.max(0, k * 0xFFFF - 1); sum <= k * 0xFFFF + 1; sum++)
            {
                assertEquals(Checksums.fold(sum) == 0xFFFF, L3Frame.sumsToZero(sum), "sum " + sum);
            }
        }
        final java.util.SplittableRandom random = new java.util.SplittableRandom(1071);
        for (int i = 0; i < 4_000_000; i++)
        {
            final long sum = random.nextLong(5L << 32);
            assertEquals(Checksums.fold(sum) == 0xFFFF, L3Frame.sumsToZero(sum), "sum " + sum);
        }
    }
}
