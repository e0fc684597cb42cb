package io.jdpdk.mempool;

import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.raw.MbufRaw;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A dynamic field of {@code struct rte_mbuf} ({@code rte_mbuf_dyn.h}): bytes that every mbuf of the process
 * reserves under a name, in the area DPDK keeps for them ({@code dynfield1}, 36 bytes in 22.11). A PMD or a
 * library registers its field and writes it; whoever registers or looks up the same name reads it at the same
 * offset, as C code does with {@code RTE_MBUF_DYNFIELD(m, offset, type)}. Fields cannot be unregistered.
 * <pre>
 *   struct rte_mbuf, 2 cache lines
 *   |&lt;-- first cache line --&gt;|&lt;-- second cache line ... | dynfield1[9]: [ field at offset() ][  ] |
 * </pre>
 * Registering and looking up are control path ({@link DpdkException} with DPDK's words on failure); the
 * accessors are fast path: no allocation, one memory access at {@code mbuf + offset()}.
 */
public final class MbufDynField
{
    private final String name;
    private final int offset;
    private final int size;
    private final int align;

    private MbufDynField(final String name, final int offset, final int size, final int align)
    {
        this.name = name;
        this.offset = offset;
        this.size = size;
        this.align = align;
    }

    /**
     * Registers a field ({@code rte_mbuf_dynfield_register}), or finds the one already registered under
     * {@code name} with the same size and alignment (so every user of a field can call this).
     *
     * @param name  the field's name, 1 to 63 bytes of UTF-8, conventionally prefixed by its owner
     * @param size  bytes to reserve
     * @param align alignment of the field's offset, a power of two
     * @return the field
     * @throws IllegalArgumentException for a name that does not fit DPDK's 64 bytes, before DPDK is called
     * @throws DpdkException when DPDK refuses: EEXIST (the name is registered with other parameters),
     *                       ENOENT (no room left in the mbuf), EINVAL (size or alignment), EPERM (a secondary
     *                       process); or when EAL is not running
     */
    public static MbufDynField register(final String name, final int size, final int align)
    {
        final byte[] bytes = nameBytes(name);
        Eal.current();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment params = arena.allocate(MbufRaw.RTE_MBUF_DYNFIELD);
            MemorySegment.copy(bytes, 0, params, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, bytes.length);
            params.set(JAVA_LONG, offset("size"), size);
            params.set(JAVA_LONG, offset("align"), align);
            final int offset = MbufRaw.mbuf_dynfield_register(params);
            if (offset < 0)
            {
                final int errno = EalRaw.errno();
                throw new DpdkException("rte_mbuf_dynfield_register(\"" + name + "\", size=" + size + ", align=" +
                    align + ")", errno, EalRaw.strerror(errno));
            }
            return new MbufDynField(name, offset, size, align);
        }
    }

    /**
     * A field registered earlier in this process, by this or other code ({@code rte_mbuf_dynfield_lookup}).
     *
     * @param name the field's name
     * @return the field with the size and alignment it was registered with
     * @throws IllegalArgumentException for a name that does not fit DPDK's 64 bytes, before DPDK is called
     * @throws DpdkException when no field has that name (ENOENT), or EAL is not running
     */
    public static MbufDynField lookup(final String name)
    {
        final byte[] bytes = nameBytes(name);
        Eal.current();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment cName = arena.allocate(bytes.length + 1L);
            MemorySegment.copy(bytes, 0, cName, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, bytes.length);
            final MemorySegment params = arena.allocate(MbufRaw.RTE_MBUF_DYNFIELD);
            final int offset = MbufRaw.mbuf_dynfield_lookup(cName, params);
            if (offset < 0)
            {
                final int errno = EalRaw.errno();
                throw new DpdkException("rte_mbuf_dynfield_lookup(\"" + name + "\")", errno, EalRaw.strerror(errno));
            }
            return new MbufDynField(name, offset, (int)params.get(JAVA_LONG, offset("size")),
                (int)params.get(JAVA_LONG, offset("align")));
        }
    }

    private static byte[] nameBytes(final String name)
    {
        final byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        if (bytes.length == 0 || bytes.length >= MbufRaw.MBUF_DYN_NAMESIZE || name.indexOf('\0') >= 0)
        {
            throw new IllegalArgumentException("mbuf dynamic field name must be 1.." + (MbufRaw.MBUF_DYN_NAMESIZE - 1) +
                " bytes of UTF-8 without NUL, got \"" + name + "\" (" + bytes.length + " bytes)");
        }
        return bytes;
    }

    private static long offset(final String member)
    {
        return MbufRaw.RTE_MBUF_DYNFIELD.byteOffset(MemoryLayout.PathElement.groupElement(member));
    }

    /**
     * The name the field was registered under.
     *
     * @return the name
     */
    public String name()
    {
        return name;
    }

    /**
     * Where the field is in every mbuf ({@code RTE_MBUF_DYNFIELD}'s offset).
     *
     * @return bytes from the start of {@code struct rte_mbuf}
     */
    public int offset()
    {
        return offset;
    }

    /**
     * Bytes the field holds.
     *
     * @return the size it was registered with
     */
    public int size()
    {
        return size;
    }

    /**
     * Alignment of the field's offset.
     *
     * @return the power of two it was registered with
     */
    public int align()
    {
        return align;
    }

    /**
     * Reads the field's first 8 bytes as a {@code uint64_t} in host order, as {@code *RTE_MBUF_DYNFIELD(m, offset,
     * uint64_t *)} does.
     *
     * @param mbuf the address of an mbuf the caller owns ({@link Mbuf#address()}, {@link MbufBurst#get(int)})
     * @return the value, unsigned bits in a long
     * @throws IllegalStateException when the field is smaller than 8 bytes
     */
    public long getLong(final long mbuf)
    {
        checkLong();
        return Memory.getLong(mbuf + offset);
    }

    /**
     * Writes the field's first 8 bytes as a {@code uint64_t} in host order.
     *
     * @param mbuf  the address of an mbuf the caller owns
     * @param value the value
     * @throws IllegalStateException when the field is smaller than 8 bytes
     */
    public void putLong(final long mbuf, final long value)
    {
        checkLong();
        Memory.putLong(mbuf + offset, value);
    }

    private void checkLong()
    {
        if (size < JAVA_LONG.byteSize())
        {
            throw new IllegalStateException("mbuf dynamic field " + name + " has " + size + " bytes, not 8");
        }
    }

    @Override
    public String toString()
    {
        return "MbufDynField[" + name + ", offset " + offset + ", size " + size + ", align " + align + "]";
    }
}
