package io.jdpdk.eal.raw;

import org.agrona.UnsafeApi;

import java.lang.foreign.MemorySegment;

/**
 * Raw reads and writes of native memory at absolute addresses, the one place the fast path touches
 * DPDK memory (mbuf fields, burst arrays, packet data) without a {@link MemorySegment} in between.
 * <p>
 * Why not {@link MemorySegment}: DPDK hands out addresses (mbufs, their data), not segments, so every
 * flyweight would read through {@link #ALL}, a segment spanning the whole address space. Its bounds
 * check is against {@code Long.MAX_VALUE} and protects nothing, yet each access still pays for it and
 * for the scope check: jdpdk's macswap ran at 0.71-0.75 of testpmd's C loop that way and at 0.80-0.85
 * this way, taking turns on one core ({@code bench samecore}). So accesses go through Agrona's
 * {@link UnsafeApi}, as Agrona's {@code UnsafeBuffer} and Aeron's flyweights do, and the real bound is
 * checked by the caller against the object it addresses: an mbuf's {@code data_len}, a burst's capacity, a header view's limit.
 * Nothing here checks anything: <b>every caller must</b>.
 * <p>
 * The struct accessors use native byte order and expect naturally aligned fields (every {@code rte_mbuf}
 * field is); {@code *BigEndian} accessors are unaligned and in network order, for packet bytes.
 * <p>
 * Needs {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}, which Agrona needs anyway;
 * {@link NativeLibrary#load()} turns its absence into one {@code DpdkUnavailableException}.
 */
public final class Memory
{
    /** All of memory, from address 0: for control-path slices ({@code asSlice}) and bulk copies only. */
    public static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    /** The unsafe offset of element 0 of a {@code byte[]}. */
    public static final long BYTE_ARRAY_OFFSET = UnsafeApi.arrayBaseOffset(byte[].class);

    private Memory()
    {
    }

    // ---- native order, aligned: DPDK structs ---------------------------------------------------

    public static short getShort(final long address)
    {
        return UnsafeApi.getShort(address);
    }

    public static void putShort(final long address, final short value)
    {
        UnsafeApi.putShort(address, value);
    }

    public static int getInt(final long address)
    {
        return UnsafeApi.getInt(address);
    }

    public static void putInt(final long address, final int value)
    {
        UnsafeApi.putInt(address, value);
    }

    public static long getLong(final long address)
    {
        return UnsafeApi.getLong(address);
    }

    public static void putLong(final long address, final long value)
    {
        UnsafeApi.putLong(address, value);
    }

    // ---- packet bytes: unaligned, network order -------------------------------------------------
    // base is null for native memory (offset = absolute address) or the array of a heap segment.

    public static byte getByte(final Object base, final long offset)
    {
        return UnsafeApi.getByte(base, offset);
    }

    public static void putByte(final Object base, final long offset, final byte value)
    {
        UnsafeApi.putByte(base, offset, value);
    }

    public static short getShortBigEndian(final Object base, final long offset)
    {
        return UnsafeApi.getShortUnaligned(base, offset, true);
    }

    public static void putShortBigEndian(final Object base, final long offset, final short value)
    {
        UnsafeApi.putShortUnaligned(base, offset, value, true);
    }

    public static int getIntBigEndian(final Object base, final long offset)
    {
        return UnsafeApi.getIntUnaligned(base, offset, true);
    }

    public static void putIntBigEndian(final Object base, final long offset, final int value)
    {
        UnsafeApi.putIntUnaligned(base, offset, value, true);
    }

    public static long getLongBigEndian(final Object base, final long offset)
    {
        return UnsafeApi.getLongUnaligned(base, offset, true);
    }

    public static void putLongBigEndian(final Object base, final long offset, final long value)
    {
        UnsafeApi.putLongUnaligned(base, offset, value, true);
    }

    /** Little-endian, unaligned: for moving bytes without interpreting them. */
    public static long getLongLittleEndian(final Object base, final long offset)
    {
        return UnsafeApi.getLongUnaligned(base, offset, false);
    }

    public static void putLongLittleEndian(final Object base, final long offset, final long value)
    {
        UnsafeApi.putLongUnaligned(base, offset, value, false);
    }

    /** Copies {@code bytes} bytes; each side is (array, offset) or (null, absolute address). */
    public static void copy(final Object srcBase, final long srcOffset, final Object dstBase, final long dstOffset,
        final long bytes)
    {
        UnsafeApi.copyMemory(srcBase, srcOffset, dstBase, dstOffset, bytes);
    }

    /**
     * The base of the {@code (base, offset)} pair for {@code segment}: its array, or null when it is native.
     *
     * @throws IllegalArgumentException for a read-only heap segment, which does not give its array out
     */
    public static Object base(final MemorySegment segment)
    {
        if (segment.isNative())
        {
            return null;
        }
        return segment.heapBase().orElseThrow(() ->
            new IllegalArgumentException("a read-only heap segment cannot be read raw"));
    }

    /** The offset of the {@code (base, offset)} pair for byte {@code at} of {@code segment}, whose base is {@code base}. */
    public static long offset(final MemorySegment segment, final Object base, final long at)
    {
        return (base == null ? 0 : UnsafeApi.arrayBaseOffset(base.getClass())) + segment.address() + at;
    }
}
