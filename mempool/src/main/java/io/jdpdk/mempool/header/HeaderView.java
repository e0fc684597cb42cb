package io.jdpdk.mempool.header;

import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.Mbuf;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * What every header view shares: a segment, the address in it of the header's first byte ({@link #base()}) and the
 * number of bytes from there the view may touch ({@link #limit()}), all three given to {@code wrap}.
 * <p>
 * The segment is either {@link io.jdpdk.eal.raw.Memory#ALL}, with {@code base} an absolute native address such as
 * an mbuf's data address, or any other writable segment, native or over a heap array, with {@code base} an offset
 * into it.
 * <p>
 * Contract of every view:
 * <ul>
 *   <li><b>Never reads or writes outside {@code [base, base + limit)}.</b> {@code wrap} checks that the fixed
 *   header and every length the header declares and the view relies on (IHL, total length, TCP data offset,
 *   UDP length, IPv6 payload and extension header lengths) fit in {@code limit}, and returns false otherwise.
 *   Accessors address only bytes that {@code wrap} proved present.</li>
 *   <li><b>A failed wrap leaves the view invalid</b> ({@link #isValid()} false): it then points at
 *   {@link MemorySegment#NULL} with a limit of 0, so a mistaken accessor call throws
 *   {@link IndexOutOfBoundsException} and touches no packet byte.</li>
 *   <li><b>Every access is checked against the limit</b>, one compare as in Agrona's {@code UnsafeBuffer}, and
 *   then made through {@link Memory}'s raw accessors rather than through the segment: on the mbuf path the
 *   segment is {@link Memory#ALL}, whose own checks protect nothing and cost macswap about a tenth of its speed. So
 *   the segment's bounds and liveness are checked once, at wrap: a view must not be used after the arena of
 *   the segment it wraps is closed, just as an mbuf's view must not be used after the mbuf is freed.
 *   Read-only segments are refused with {@link IllegalArgumentException}.</li>
 *   <li><b>Lengths are taken once, at wrap.</b> The views expose no setters for length fields; after changing a
 *   length by other means, wrap again.</li>
 *   <li>Multi-byte fields are big-endian (network order) and unsigned unless stated; setters write the low bits
 *   of their argument and return {@code this}.</li>
 *   <li>Re-pointing allocates nothing and throws nothing. Not thread-safe: one view per thread.</li>
 * </ul>
 */
public abstract sealed class HeaderView
    permits ArpView, EthernetView, IcmpView, Icmpv6View, Ipv4View, Ipv6View, TcpView, UdpView, VlanView
{
    MemorySegment segment = MemorySegment.NULL;
    long base;
    int limit;
    /** Raw access pair for byte 0 of the header ({@link Memory}): the heap array or null, and the offset. */
    private Object rawBase;
    private long rawOffset;

    HeaderView()
    {
    }

    /**
     * The segment the view reads through, as given to wrap.
     *
     * @return {@link Memory#ALL} on the mbuf path; {@link MemorySegment#NULL} when invalid
     */
    public final MemorySegment segment()
    {
        return segment;
    }

    /**
     * Address (or heap offset) in {@link #segment()} of the header's first byte, as given to wrap.
     *
     * @return an absolute address when the segment is {@link Memory#ALL}, else an offset into the segment; 0 when
     * invalid
     */
    public final long base()
    {
        return base;
    }

    /**
     * Bytes from {@link #base()} the view may touch: the length given to wrap, which may reach past the header
     * into its payload.
     *
     * @return the length given to wrap; 0 when invalid
     */
    public final int limit()
    {
        return limit;
    }

    /**
     * Whether the last wrap succeeded.
     *
     * @return true when the accessors may be used; false before the first wrap and after a failed one
     */
    public final boolean isValid()
    {
        return segment != MemorySegment.NULL;
    }

    /**
     * Wraps the header at {@code [base, base + length)} of {@code segment}.
     *
     * @param segment {@link Memory#ALL} with an absolute address, or any writable segment with an offset into it
     * @param base    address or offset of the header's first byte
     * @param length  bytes from base the view may touch, payload included
     * @return true when the view is valid; false, leaving the view invalid, when the bytes cannot hold the header
     * or the header lies
     * @throws IllegalArgumentException when the segment is read-only
     */
    public abstract boolean wrap(MemorySegment segment, long base, int length);

    /**
     * Wraps the header at {@code offset} in the mbuf's data, bounded by data_len of its first segment.
     *
     * @param mbuf   the packet, which must stay owned while the view is used
     * @param offset of the header's first byte from the mbuf's first data byte
     * @return true when the view is valid; false, leaving the view invalid, when the offset is past data_len or
     * the header does not fit or lies
     */
    public final boolean wrap(final Mbuf mbuf, final int offset)
    {
        final int dataLen = mbuf.dataLen();
        if (offset < 0 || offset > dataLen)
        {
            return invalidate();
        }
        return wrap(Memory.ALL, mbuf.dataAddress() + offset, dataLen - offset);
    }

    /**
     * Points the view at {@code [base, base + limit)} of {@code segment} if the range lies in the segment and
     * holds at least {@code minLength} bytes.
     */
    final boolean bind(final MemorySegment segment, final long base, final int limit, final int minLength)
    {
        if (segment == Memory.ALL)
        {
            // The mbuf path (a constant, so the JIT keeps only this branch): the address came from DPDK.
            if (base < 0 || limit < minLength)
            {
                return invalidate();
            }
            if (rawBase != null)
            {
                rawBase = null;
            }
            rawOffset = base;
        }
        else
        {
            if (segment == null || segment == MemorySegment.NULL || base < 0 || limit < minLength ||
                base > segment.byteSize() - limit)
            {
                return invalidate();
            }
            if (segment.isReadOnly())
            {
                throw new IllegalArgumentException("header views write: a read-only segment cannot be wrapped");
            }
            rawBase = Memory.base(segment);
            rawOffset = Memory.offset(segment, rawBase, base);
        }
        if (this.segment != segment)
        {
            // Re-pointing at the same segment (every mbuf is in Memory.ALL) stores no reference, so no GC
            // barrier: MacSwapBenchmark.wrapOnly 86-95 -> 69 ns per 32 packets.
            this.segment = segment;
        }
        this.base = base;
        this.limit = limit;
        return true;
    }

    /** Makes the view invalid. @return false, for {@code return invalidate();} in wrap */
    final boolean invalidate()
    {
        segment = MemorySegment.NULL;
        base = 0;
        limit = 0;
        rawBase = null;
        rawOffset = 0;
        return false;
    }

    /**
     * The raw offset of {@code [offset, offset + size)}, which must lie in {@code [0, limit)}: one compare
     * against the limit (as Agrona's {@code UnsafeBuffer} does), which also stops every access through an
     * invalid view (limit 0).
     */
    final long at(final int offset, final int size)
    {
        if ((offset | size) < 0 || offset > limit - size)
        {
            throw outside(offset, size);
        }
        return rawOffset + offset;
    }

    private IndexOutOfBoundsException outside(final int offset, final int size)
    {
        return new IndexOutOfBoundsException(getClass().getSimpleName() + " access [" + offset + ", " + offset +
            " + " + size + ") outside its limit " + limit + (isValid() ? "" : " (the view is invalid)"));
    }

    /** The heap array of the wrapped segment, or null for native memory: the base for {@link Memory}'s accessors. */
    final Object rawBase()
    {
        return rawBase;
    }

    final int u8(final int offset)
    {
        return Byte.toUnsignedInt(Memory.getByte(rawBase, at(offset, 1)));
    }

    final int u16(final int offset)
    {
        return Short.toUnsignedInt(Memory.getShortBigEndian(rawBase, at(offset, 2)));
    }

    final int i32(final int offset)
    {
        return Memory.getIntBigEndian(rawBase, at(offset, 4));
    }

    final long i64(final int offset)
    {
        return Memory.getLongBigEndian(rawBase, at(offset, 8));
    }

    final long u48(final int offset)
    {
        return ((long)u16(offset) << 32) | (i32(offset + 2) & 0xFFFF_FFFFL);
    }

    final void put8(final int offset, final int value)
    {
        Memory.putByte(rawBase, at(offset, 1), (byte)value);
    }

    final void put16(final int offset, final int value)
    {
        Memory.putShortBigEndian(rawBase, at(offset, 2), (short)value);
    }

    final void put32(final int offset, final int value)
    {
        Memory.putIntBigEndian(rawBase, at(offset, 4), value);
    }

    final void put64(final int offset, final long value)
    {
        Memory.putLongBigEndian(rawBase, at(offset, 8), value);
    }

    final void put48(final int offset, final long value)
    {
        put16(offset, (int)(value >>> 32));
        put32(offset + 2, (int)value);
    }

    final void copyOut(final int offset, final byte[] dst, final int dstOffset, final int length)
    {
        Objects.checkFromIndexSize(dstOffset, length, dst.length);
        Memory.copy(rawBase, at(offset, length), dst, Memory.BYTE_ARRAY_OFFSET + dstOffset, length);
    }

    final void copyIn(final int offset, final byte[] src, final int srcOffset, final int length)
    {
        Objects.checkFromIndexSize(srcOffset, length, src.length);
        Memory.copy(src, Memory.BYTE_ARRAY_OFFSET + srcOffset, rawBase, at(offset, length), length);
    }

    /**
     * The unfolded one's-complement sum ({@link Checksums#sum}) of {@code [offset, offset + length)}, checked
     * against the limit once.
     */
    final long sum(final int offset, final int length, final long initial)
    {
        return Checksums.sumRaw(rawBase, at(offset, length), length, initial);
    }
}
