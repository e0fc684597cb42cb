package io.jdpdk.mempool.header;

import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.Mbuf;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Optional;

import static io.jdpdk.mempool.header.HeaderOffsets.ETH_DESTINATION;
import static io.jdpdk.mempool.header.HeaderOffsets.ETH_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.ETH_SOURCE;
import static io.jdpdk.mempool.header.HeaderOffsets.ETH_TYPE;

/**
 * A re-pointable view of an Ethernet II header. A VLAN-tagged frame carries the tag protocol identifier
 * (0x8100 or 0x88A8) in the EtherType position; {@link VlanView} reads the tag that follows, and
 * {@link PacketParser} walks the tags to the inner EtherType.
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                    Destination MAC address                    |
 *  +                               +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                               |                               |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+                               +
 *  |                      Source MAC address                       |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |     EtherType or VLAN TPID    |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * </pre>
 * MAC addresses are the low 48 bits of a {@code long}, first octet most significant
 * ({@code 0x0800278A3B1CL} is {@code 08:00:27:8a:3b:1c}). The view never reads or writes outside the bounds given to
 * wrap; see {@link HeaderView} for the contract every view keeps.
 */
public final class EthernetView extends HeaderView
{
    /**
     * Whether {@link VectorMacSwap} runs. Without the module its branch is never taken, so its class is never
     * resolved (the call site resolves lazily); constant to the JIT, which folds the branch away.
     */
    private static final boolean VECTOR_SWAP = vectorSwap();

    /** An unbound view; {@code wrap} it around a header before reading or writing. */
    public EthernetView()
    {
    }

    /**
     * Points the view at the Ethernet header at {@code base}.
     *
     * @return false, leaving the view invalid, when fewer than 14 bytes are available
     */
    @Override
    public boolean wrap(final MemorySegment segment, final long base, final int length)
    {
        return bind(segment, base, length, ETH_HEADER_LENGTH);
    }

    /**
     * Reads the Destination MAC address (6 bytes at offset 0).
     *
     * @return the address in the low 48 bits, first octet most significant
     */
    public long destination()
    {
        return u48(ETH_DESTINATION);
    }

    /**
     * Writes the Destination MAC address (6 bytes at offset 0).
     *
     * @param mac the address in the low 48 bits, first octet most significant; the high 16 bits are ignored
     * @return this
     */
    public EthernetView destination(final long mac)
    {
        put48(ETH_DESTINATION, mac);
        return this;
    }

    /**
     * Reads the Source MAC address (6 bytes at offset 6).
     *
     * @return the address in the low 48 bits, first octet most significant
     */
    public long source()
    {
        return u48(ETH_SOURCE);
    }

    /**
     * Writes the Source MAC address (6 bytes at offset 6).
     *
     * @param mac the address in the low 48 bits, first octet most significant; the high 16 bits are ignored
     * @return this
     */
    public EthernetView source(final long mac)
    {
        put48(ETH_SOURCE, mac);
        return this;
    }

    /**
     * Reads the EtherType (2 bytes at offset 12, big-endian), or the TPID of the first VLAN tag in a tagged frame.
     *
     * @return 0 to 65535; see {@link EtherType} (values below 0x0600 are 802.3 lengths)
     */
    public int etherType()
    {
        return u16(ETH_TYPE);
    }

    /**
     * Writes the EtherType (2 bytes at offset 12, big-endian); the view's bounds are unchanged.
     *
     * @param etherType the low 16 bits are written
     * @return this
     */
    public EthernetView etherType(final int etherType)
    {
        put16(ETH_TYPE, etherType);
        return this;
    }

    /**
     * Exchanges destination and source MAC addresses, as a MAC-swapping reflector does.
     *
     * @return this
     */
    public EthernetView swapAddresses()
    {
        swap12(rawBase(), at(0, 12));
        return this;
    }

    /**
     * Exchanges the destination and source MAC addresses of the frame in {@code mbuf}'s data without a view:
     * the one check is that data_len holds the 12 address bytes (a frame too short for them is left as it is).
     * This is the per-packet work of a MAC-swapping reflector such as testpmd's macswap, for which re-pointing a
     * view at every packet costs more than the swap.
     * <p>
     * In a JVM started with {@code --add-modules jdk.incubator.vector} ({@link #swapsWithVectorApi()}), a frame of
     * 16 bytes or more is swapped as DPDK's {@code do_macswap} swaps it: one 16-byte load, shuffle and store, which
     * rewrites bytes 12-15 with the values they had. Shorter frames, and every frame without that module, take two
     * overlapping 8-byte loads and stores. The bytes that come out are the same either way.
     *
     * @param mbuf the frame, Ethernet header at data offset 0
     * @return whether the addresses were swapped (false: fewer than 12 bytes of data)
     */
    public static boolean swapAddresses(final Mbuf mbuf)
    {
        final int length = mbuf.dataLen();
        if (VECTOR_SWAP && length >= VectorMacSwap.WIDTH)
        {
            VectorMacSwap.swap(mbuf.dataAddress());
        }
        else if (length >= 12)
        {
            swap12(null, mbuf.dataAddress());
        }
        else
        {
            return false;
        }
        return true;
    }

    /**
     * Whether {@link #swapAddresses(Mbuf)} swaps with the JDK's Vector API: the JVM was started with
     * {@code --add-modules jdk.incubator.vector} (which makes it print a warning about the incubating module on
     * standard error at start, before any code of the application runs).
     *
     * @return true when the module is there and this module reads it
     */
    public static boolean swapsWithVectorApi()
    {
        return VECTOR_SWAP;
    }

    /**
     * Whether the JVM has {@code jdk.incubator.vector}, this module reads it (on the class path: whenever the boot
     * layer has it), and {@link VectorMacSwap} swaps scratch bytes right. Loads no class of the module without it.
     */
    private static boolean vectorSwap()
    {
        final Optional<Module> vector = ModuleLayer.boot().findModule("jdk.incubator.vector");
        if (vector.isEmpty() || !EthernetView.class.getModule().canRead(vector.get()))
        {
            return false;
        }
        // One swap on scratch bytes first: an incubating API that changed (a later JDK) falls back to the scalar
        // swap here, not with a LinkageError on an lcore at the first packet.
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment scratch = arena.allocate(VectorMacSwap.WIDTH);
            for (int i = 0; i < VectorMacSwap.WIDTH; i++)
            {
                scratch.set(ValueLayout.JAVA_BYTE, i, (byte)i);
            }
            VectorMacSwap.swap(scratch.address());
            final byte[] expected = { 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 12, 13, 14, 15 };
            return Arrays.equals(expected, scratch.toArray(ValueLayout.JAVA_BYTE));
        }
        catch (final LinkageError | RuntimeException e)
        {
            return false;
        }
    }

    /**
     * Swaps the 6-byte halves of the 12 bytes at {@code (array, at)} with two overlapping 8-byte loads (bytes 0-7
     * and 4-11) and two overlapping 8-byte stores, all inside the 12 bytes: the first store puts the old source in
     * bytes 0-5, the second writes bytes 4-11 (old source bytes 4-5, then the old destination). Bytes are moved,
     * never interpreted, so the CPU's little-endian order, with no byte swapping, does for both halves.
     */
    private static void swap12(final Object array, final long at)
    {
        final long low = Memory.getLongLittleEndian(array, at);
        final long high = Memory.getLongLittleEndian(array, at + 4);
        Memory.putLongLittleEndian(array, at, high >>> 16);
        Memory.putLongLittleEndian(array, at + 4, (high >>> 48) | (low << 16));
    }

    /**
     * Whether the destination is a group (multicast or broadcast) address: the I/G bit of the first octet.
     *
     * @return true for a group address, false for a unicast one
     */
    public boolean isMulticast()
    {
        return (u8(ETH_DESTINATION) & 0x01) != 0;
    }

    /**
     * Offset from {@link #base()} of the byte after the header (the first VLAN tag, or the L3 header of an untagged
     * frame).
     *
     * @return always 14
     */
    public int payloadOffset()
    {
        return ETH_HEADER_LENGTH;
    }
}
