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
 * for the scope check, which {@code bench samecore} (macswap beside testpmd's C loop, taking turns on one core)
 * showed as a clear loss. So accesses go through Agrona's
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
@SuppressWarnings("restricted") // the raw binding: one segment over all native memory
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

    /**
     * Reads a native-order short; unchecked.
     *
     * @param address an absolute, 2-byte aligned address
     * @return the value there
     */
    public static short getShort(final long address)
    {
        return UnsafeApi.getShort(address);
    }

    /**
     * Writes a native-order short; unchecked.
     *
     * @param address an absolute, 2-byte aligned address
     * @param value the value to write
     */
    public static void putShort(final long address, final short value)
    {
        UnsafeApi.putShort(address, value);
    }

    /**
     * Reads a native-order int; unchecked.
     *
     * @param address an absolute, 4-byte aligned address
     * @return the value there
     */
    public static int getInt(final long address)
    {
        return UnsafeApi.getInt(address);
    }

    /**
     * Writes a native-order int; unchecked.
     *
     * @param address an absolute, 4-byte aligned address
     * @param value the value to write
     */
    public static void putInt(final long address, final int value)
    {
        UnsafeApi.putInt(address, value);
    }

    /**
     * Reads a native-order long; unchecked.
     *
     * @param address an absolute, 8-byte aligned address
     * @return the value there
     */
    public static long getLong(final long address)
    {
        return UnsafeApi.getLong(address);
    }

    /**
     * Writes a native-order long; unchecked.
     *
     * @param address an absolute, 8-byte aligned address
     * @param value the value to write
     */
    public static void putLong(final long address, final long value)
    {
        UnsafeApi.putLong(address, value);
    }

    // ---- packet bytes: unaligned, network order -------------------------------------------------
    // base is null for native memory (offset = absolute address) or the array of a heap segment.

    /**
     * Reads a byte; unchecked.
     *
     * @param base null for native memory, else the array of a heap segment
     * @param offset the absolute address, or the unsafe offset into {@code base}
     * @return the byte there
     */
    public static byte getByte(final Object base, final long offset)
    {
        return UnsafeApi.getByte(base, offset);
    }

    /**
     * Writes a byte; unchecked.
     *
     * @param base null for native memory, else the array of a heap segment
     * @param offset the absolute address, or the unsafe offset into {@code base}
     * @param value the byte to write
     */
    public static void putByte(final Object base, final long offset, final byte value)
    {
        UnsafeApi.putByte(base, offset, value);
    }

    /**
     * Reads a network-order short, unaligned; unchecked.
     *
     * @param base null for native memory, else the array of a heap segment
     * @param offset the absolute address, or the unsafe offset into {@code base}
     * @return the value there
     */
    public static short getShortBigEndian(final Object base, final long offset)
    {
        return UnsafeApi.getShortUnaligned(base, offset, true);
    }

    /**
     * Writes a network-order short, unaligned; unchecked.
     *
     * @param base null for native memory, else the array of a heap segment
     * @param offset the absolute address, or the unsafe offset into {@code base}
     * @param value the value to write
     */
    public static void putShortBigEndian(final Object base, final long offset, final short value)
    {
        UnsafeApi.putShortUnaligned(base, offset, value, true);
    }

    /**
     * Reads a network-order int, unaligned; unchecked.
     *
     * @param base null for native memory, else the array of a heap segment
     * @param offset the absolute address, or the unsafe offset into {@code base}
     * @return the value there
     */
    public static int getIntBigEndian(final Object base, final long offset)
    {
        return UnsafeApi.getIntUnaligned(base, offset, true);
    }

    /**
     * Writes a network-order int, unaligned; unchecked.
     *
     * @param base null for native memory, else the array of a heap segment
     * @param offset the absolute address, or the unsafe offset into {@code base}
     * @param value the value to write
     */
    public static void putIntBigEndian(final Object base, final long offset, final int value)
    {
        UnsafeApi.putIntUnaligned(base, offset, value, true);
    }

    /**
     * Reads a network-order long, unaligned; unchecked.
     *
     * @param base null for native memory, else the array of a heap segment
     * @param offset the absolute address, or the unsafe offset into {@code base}
     * @return the value there
     */
    public static long getLongBigEndian(final Object base, final long offset)
    {
        return UnsafeApi.getLongUnaligned(base, offset, true);
    }

    /**
     * Writes a network-order long, unaligned; unchecked.
     *
     * @param base null for native memory, else the array of a heap segment
     * @param offset the absolute address, or the unsafe offset into {@code base}
     * @param value the value to write
     */
    public static void putLongBigEndian(final Object base, final long offset, final long value)
    {
        UnsafeApi.putLongUnaligned(base, offset, value, true);
    }

    /**
     * Reads 8 bytes little-endian, unaligned, for moving bytes without interpreting them; unchecked.
     *
     * @param base null for native memory, else the array of a heap segment
     * @param offset the absolute address, or the unsafe offset into {@code base}
     * @return the 8 bytes, the first in the lowest bits
     */
    public static long getLongLittleEndian(final Object base, final long offset)
    {
        return UnsafeApi.getLongUnaligned(base, offset, false);
    }

    /**
     * Writes 8 bytes little-endian, unaligned: the inverse of {@link #getLongLittleEndian}; unchecked.
     *
     * @param base null for native memory, else the array of a heap segment
     * @param offset the absolute address, or the unsafe offset into {@code base}
     * @param value the 8 bytes, the first in the lowest bits
     */
    public static void putLongLittleEndian(final Object base, final long offset, final long value)
    {
        UnsafeApi.putLongUnaligned(base, offset, value, false);
    }

    /**
     * Copies {@code bytes} bytes; unchecked.
     *
     * @param srcBase the source array, or null for native memory
     * @param srcOffset the unsafe offset into {@code srcBase}, or the absolute source address
     * @param dstBase the destination array, or null for native memory
     * @param dstOffset the unsafe offset into {@code dstBase}, or the absolute destination address
     * @param bytes how many bytes to copy
     */
    public static void copy(final Object srcBase, final long srcOffset, final Object dstBase, final long dstOffset,
        final long bytes)
    {
        UnsafeApi.copyMemory(srcBase, srcOffset, dstBase, dstOffset, bytes);
    }

    /**
     * The base of the {@code (base, offset)} pair for {@code segment}.
     *
     * @param segment a native or writable heap segment
     * @return its array, or null when it is native
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

    /**
     * The offset of the {@code (base, offset)} pair for a byte of {@code segment}; unchecked.
     *
     * @param segment the segment
     * @param base its base, as {@link #base} returned it
     * @param at the byte's offset in the segment
     * @return the absolute address, or the unsafe offset into {@code base}
     */
    public static long offset(final MemorySegment segment, final Object base, final long at)
    {
        return (base == null ? 0 : UnsafeApi.arrayBaseOffset(base.getClass())) + segment.address() + at;
    }
}
