package io.jdpdk.eal.raw;

import java.lang.foreign.MemorySegment;

/**
 * The whole native address space as one segment: flyweights over DPDK memory (mbufs, burst arrays,
 * packet data) read and write through it at absolute addresses, so re-pointing them allocates
 * nothing. Every access through {@link #ALL} must already be bounds-checked by the caller against
 * the object it addresses (an mbuf's data_len, a burst's capacity).
 */
public final class Memory
{
    /** All of memory, from address 0. */
    public static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    private Memory()
    {
    }
}
