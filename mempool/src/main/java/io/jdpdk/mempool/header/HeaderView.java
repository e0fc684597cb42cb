package io.jdpdk.mempool.header;

import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.Mbuf;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * What every header view shares: a segment, the address in it of the header's first byte ({@link #base()}) and the
 * number of bytes from there the view may touch ({@link #limit()}), all three given to {@code wrap}.
 * <p>
 * The segment is either {@link io.jdpdk.eal.raw.Memory#ALL}, with {@code base} an absolute native address such as
 * an mbuf's data address, or a heap segment over a {@code byte[]} with {@code base} an offset into it.
 * <p>
 * Contract of every view:
 * <ul>
 *   <li><b>Never reads or writes outside {@code [base, base + limit)}.</b> {@code wrap} checks that the fixed
 *   header and every length the header declares and the view relies on (IHL, total length, TCP data offset,
 *   UDP length, IPv6 payload and extension header lengths) fit in {@code limit}, and returns false otherwise.
 *   Accessors address only bytes that {@code wrap} proved present.</li>
 *   <li><b>A failed wrap leaves the view invalid</b> ({@link #isValid()} false): it then points at
 *   {@link MemorySegment#NULL} with a limit of 0, so a mistaken accessor call throws
 *   {@link IndexOutOfBoundsException} from the segment and touches no packet byte.</li>
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
    static final ValueLayout.OfByte U8 = ValueLayout.JAVA_BYTE;
    static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    /** For moving bytes without interpreting them (e.g. swapping MAC addresses). */
    static final ValueLayout.OfLong U64_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfInt U32_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    MemorySegment segment = MemorySegment.NULL;
    long base;
    int limit;

    HeaderView()
    {
    }

    /** The segment the view reads through; {@link MemorySegment#NULL} when invalid. */
    public final MemorySegment segment()
    {
        return segment;
    }

    /** Address (or heap offset) in {@link #segment()} of the header's first byte. */
    public final long base()
    {
        return base;
    }

    /** Bytes from {@link #base()} the view may touch: the length given to wrap; 0 when invalid. */
    public final int limit()
    {
        return limit;
    }

    /** Whether the last wrap succeeded. */
    public final boolean isValid()
    {
        return segment != MemorySegment.NULL;
    }

    /**
     * Wraps the header at {@code [base, base + length)} of {@code segment}.
     *
     * @return false, leaving the view invalid, when the bytes cannot hold the header or the header lies
     */
    public abstract boolean wrap(MemorySegment segment, long base, int length);

    /**
     * Wraps the header at {@code offset} in the mbuf's data, bounded by data_len.
     *
     * @return false, leaving the view invalid, when the offset is past data_len or the header does not fit or lies
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
        if (segment == null || segment == MemorySegment.NULL || base < 0 || limit < minLength ||
            base > segment.byteSize() - limit)
        {
            return invalidate();
        }
        this.segment = segment;
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
        return false;
    }

    final int u8(final int offset)
    {
        return Byte.toUnsignedInt(segment.get(U8, base + offset));
    }

    final int u16(final int offset)
    {
        return Short.toUnsignedInt(segment.get(U16, base + offset));
    }

    final int i32(final int offset)
    {
        return segment.get(U32, base + offset);
    }

    final long i64(final int offset)
    {
        return segment.get(U64, base + offset);
    }

    /** A 48-bit MAC address as the low bits of a long. */
    final long u48(final int offset)
    {
        return ((long)u16(offset) << 32) | (i32(offset + 2) & 0xFFFF_FFFFL);
    }

    final void put8(final int offset, final int value)
    {
        segment.set(U8, base + offset, (byte)value);
    }

    final void put16(final int offset, final int value)
    {
        segment.set(U16, base + offset, (short)value);
    }

    final void put32(final int offset, final int value)
    {
        segment.set(U32, base + offset, value);
    }

    final void put64(final int offset, final long value)
    {
        segment.set(U64, base + offset, value);
    }

    final void put48(final int offset, final long value)
    {
        put16(offset, (int)(value >>> 32));
        put32(offset + 2, (int)value);
    }

    final void copyOut(final int offset, final byte[] dst, final int dstOffset, final int length)
    {
        MemorySegment.copy(segment, U8, base + offset, dst, dstOffset, length);
    }

    final void copyIn(final int offset, final byte[] src, final int srcOffset, final int length)
    {
        MemorySegment.copy(src, srcOffset, segment, U8, base + offset, length);
    }
}
