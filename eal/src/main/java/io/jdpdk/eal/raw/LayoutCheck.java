package io.jdpdk.eal.raw;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Compares a Java {@link StructLayout} of a DPDK struct with {@code offsetof()} and
 * {@code sizeof()} as the installed headers compute them (the shim's layout table). Every named
 * member of the Java layout must exist in C at the same offset, and the sizes must agree; unnamed
 * members are padding. Each raw class checks its layouts when it loads, and the layout tests assert
 * the same.
 */
public final class LayoutCheck
{
    private static final MethodHandle LAYOUT = NativeLibrary.downcall("jdpdk_layout",
        FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS));

    private LayoutCheck()
    {
    }

    /**
     * A struct's layout as the installed headers compute it, from the shim's table ({@code jdpdk_layout}).
     *
     * @param type the struct's name without "struct", e.g. "rte_mbuf"
     * @param field a member's name, or null for the struct's size
     * @return {@code offsetof(struct type, field)}, {@code sizeof(struct type)} for a null field, -1 if the shim
     *         has no entry
     */
    public static long cLayout(final String type, final String field)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment f = field == null ? MemorySegment.NULL : arena.allocateFrom(field);
            return (long)LAYOUT.invokeExact(arena.allocateFrom(type), f);
        }
        catch (final Throwable t)
        {
            throw NativeLibrary.rethrow(t);
        }
    }

    /**
     * An enumerator's value as the installed headers define it, from the shim's table: for the binding's
     * {@code static final} constants, so that a renumbered enum in another DPDK fails at class load, not on a NIC.
     *
     * @param enumName the enum's name without "enum", e.g. "rte_flow_item_type"
     * @param constant the enumerator, e.g. "RTE_FLOW_ITEM_TYPE_ETH"
     * @return its value
     * @throws io.jdpdk.eal.DpdkUnavailableException if the shim has no entry for it
     */
    public static int constant(final String enumName, final String constant)
    {
        final long value = cLayout(enumName, constant);
        if (value < 0)
        {
            throw new io.jdpdk.eal.DpdkUnavailableException(
                "jdpdk's shim does not know " + constant + " of enum " + enumName, null);
        }
        return (int)value;
    }

    /**
     * Every difference between the Java layout of {@code struct type} and C's: the size, and the offset of each
     * named member.
     *
     * @param type the struct's name without "struct"
     * @param layout jdpdk's layout of it
     * @return one message per difference; empty when they agree
     */
    public static List<String> mismatches(final String type, final StructLayout layout)
    {
        final List<String> out = new ArrayList<>();
        final long size = cLayout(type, null);
        if (size != layout.byteSize())
        {
            out.add("sizeof(struct " + type + "): C " + size + ", Java " + layout.byteSize());
        }
        long offset = 0;
        for (final MemoryLayout member : layout.memberLayouts())
        {
            if (member.name().isPresent())
            {
                final String name = member.name().get();
                final long c = cLayout(type, name);
                if (c != offset)
                {
                    out.add("offsetof(struct " + type + ", " + name + "): C " + (c < 0 ? "unknown" : c) +
                        ", Java " + offset);
                }
            }
            offset += member.byteSize();
        }
        return out;
    }

    /**
     * Checks a layout when a raw class loads.
     *
     * @param type the struct's name without "struct"
     * @param layout jdpdk's layout of it
     * @return the layout, for use in a static initialiser
     * @throws io.jdpdk.eal.DpdkUnavailableException naming every mismatch
     */
    public static StructLayout verified(final String type, final StructLayout layout)
    {
        final List<String> bad = mismatches(type, layout);
        if (!bad.isEmpty())
        {
            throw new io.jdpdk.eal.DpdkUnavailableException(
                "the installed DPDK headers disagree with jdpdk's layout of struct " + type + ": " + bad, null);
        }
        return layout;
    }
}
