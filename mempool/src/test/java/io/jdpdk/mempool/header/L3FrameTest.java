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
    void shouldDecrementTheTtlAndIncrementTheChecksumAsDpdksL3fwdForEveryTtlAndChecksum()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final long frame = arena.allocate(64, 8).address();
            final long at = frame + 14 + HeaderOffsets.IPV4_TTL;
            for (int ttl = 0; ttl <= 255; ttl += ttl < 4 ? 1 : 21)
            {
                for (int checksum = 0; checksum <= 0xFFFF; checksum++)
                {
                    final int protocol = (checksum >>> 3) & 0xFF;
                    Memory.putIntBigEndian(null, at, ttl << 24 | protocol << 16 | checksum);
                    L3Frame.l3fwdDecrementIpv4Ttl(frame);
                    // --time_to_live; ++hdr_checksum, the latter a uint16_t in memory on a little-endian CPU: its
                    // first byte (the big-endian high byte) is the low one, the carry goes into the second.
                    final int low = (checksum >>> 8) + 1;
                    final int high = ((checksum & 0xFF) + (low >>> 8)) & 0xFF;
                    final int expected = ((ttl - 1) & 0xFF) << 24 | protocol << 16 | (low & 0xFF) << 8 | high;
                    assertEquals(expected, Memory.getIntBigEndian(null, at), "TTL " + ttl + ", checksum " + checksum);
                    if (ttl > 0 && checksum != 0xFFFF && checksum != 0xFEFF)
                    {
                        // On every checksum a valid header has, the same as RFC 1624 but where that gives 0x0000.
                        final int oldWord = ttl << 8 | protocol;
                        assertEquals(Checksums.incrementalUpdate(checksum, oldWord, oldWord - 0x100),
                            Memory.getIntBigEndian(null, at) & 0xFFFF, "RFC 1624, checksum " + checksum);
                    }
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
