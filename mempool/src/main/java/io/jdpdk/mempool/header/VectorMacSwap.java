package io.jdpdk.mempool.header;

import io.jdpdk.eal.raw.Memory;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

import java.nio.ByteOrder;

/**
 * The MAC address swap as DPDK's {@code do_macswap} does it ({@code app/test-pmd/macswap_sse.h}): one 16-byte load,
 * one byte shuffle, one 16-byte store, through the JDK's Vector API, which C2 compiles to {@code vmovdqu},
 * {@code vpshufb}, {@code vmovdqu}. Only {@link EthernetView} calls it, and only when the JVM has the incubating
 * module {@code jdk.incubator.vector} (started with {@code --add-modules jdk.incubator.vector}): without it this
 * class is never loaded.
 */
final class VectorMacSwap
{
    /** The 16 bytes read and written: the two addresses, then 4 bytes put back as they were. */
    static final int WIDTH = 16;

    private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_128;
    private static final VectorShuffle<Byte> SWAP = VectorShuffle.fromValues(SPECIES,
        6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 12, 13, 14, 15);

    private VectorMacSwap()
    {
    }

    /**
     * Swaps the 6-byte halves of the 12 bytes at {@code address}, rewriting the 4 bytes after them with the values
     * they had: the caller guarantees 16 bytes there are the frame's. Unchecked.
     */
    static void swap(final long address)
    {
        ByteVector.fromMemorySegment(SPECIES, Memory.ALL, address, ByteOrder.LITTLE_ENDIAN).rearrange(SWAP)
            .intoMemorySegment(Memory.ALL, address, ByteOrder.LITTLE_ENDIAN);
    }
}
