package io.jdpdk.lpm;

import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.eal.raw.Memory;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Objects;

import static io.jdpdk.eal.raw.NativeLibrary.critical;
import static io.jdpdk.eal.raw.NativeLibrary.downcall;
import static io.jdpdk.eal.raw.NativeLibrary.rethrow;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * IPv6 longest-prefix-match table: DPDK's own {@code rte_lpm6} (librte_lpm, 22.11 API), the table l3fwd's LPM
 * mode routes IPv6 with. The IPv4 table is Java ({@link Lpm4}) because DIR-24-8 is two array loads; rte_lpm6
 * walks up to fourteen tbl8 levels for a /128 and keeps a rule hash to delete and re-add, which is much more
 * code to write again for one lookup call per packet, so jdpdk binds DPDK's.
 * <p>
 * Lookups go through a {@link Query}, a small native buffer for the address and the next hop, one per lcore, or
 * in bulk through a {@link Burst} ({@link #lookupBulk}).
 * {@link #lookup} allocates nothing and throws nothing; it may run on any number of lcores at once while no
 * thread adds routes. The table lives in DPDK memory: {@link #close()} frees it, and the EAL frees it at its
 * close if the application did not. rte_lpm6 always allocates a full 2^24-entry tbl24 (64 MiB) plus 1 KiB per
 * tbl8 group and the rule hash, so l3fwd's table (2^16 groups) takes
 * about 128 MiB of hugepage memory.
 */
public final class Lpm6 implements AutoCloseable
{
    /** What {@link #lookup} returns when no prefix covers the address. */
    public static final int NO_ROUTE = -1;

    /** Largest next hop rte_lpm6 keeps: the 21-bit next_hop field of its 22.11 table entries. */
    public static final int MAX_NEXT_HOP = (1 << 21) - 1;

    /** {@code struct rte_lpm6_config}: max_rules, number_tbl8s, flags (three 32-bit fields). */
    private static final long CONFIG_SIZE = 12;

    private static final MethodHandle CREATE = downcall("rte_lpm6_create",
        FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG));
    private static final MethodHandle FREE = downcall("rte_lpm6_free", FunctionDescriptor.ofVoid(JAVA_LONG));
    private static final MethodHandle ADD = downcall("rte_lpm6_add",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_BYTE, JAVA_INT));
    private static final MethodHandle LOOKUP = critical("rte_lpm6_lookup",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG));
    private static final MethodHandle LOOKUP_BULK = critical("rte_lpm6_lookup_bulk_func",
        FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT));

    private final String name;
    private long lpm;

    private Lpm6(final String name, final long lpm)
    {
        this.name = name;
        this.lpm = lpm;
    }

    /**
     * Creates a table in DPDK memory, on any NUMA socket.
     *
     * @param name        unique name in the process (DPDK's tailq key)
     * @param maxRules    most prefixes the table holds ({@code rte_lpm6_config.max_rules}), at least 1
     * @param numberTbl8s tbl8 groups ({@code rte_lpm6_config.number_tbl8s}), at least 1
     * @return the table ({@code rte_lpm6_create}), registered to be freed when the EAL closes
     * @throws IllegalArgumentException when maxRules or numberTbl8s is below 1
     * @throws DpdkException with DPDK's reason when it cannot (no memory, name taken), or when EAL is not running
     */
    public static Lpm6 create(final String name, final int maxRules, final int numberTbl8s)
    {
        if (maxRules < 1 || numberTbl8s < 1)
        {
            throw new IllegalArgumentException("lpm6 " + name + ": max rules and tbl8 groups must be positive, got " +
                maxRules + " and " + numberTbl8s);
        }
        final Eal eal = Eal.current();
        final String call = "rte_lpm6_create(\"" + name + "\", max_rules=" + maxRules + ", number_tbl8s=" +
            numberTbl8s + ")";
        final long lpm;
        final int errno;
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment config = arena.allocate(CONFIG_SIZE, 4);
            config.set(JAVA_INT, 0, maxRules);
            config.set(JAVA_INT, 4, numberTbl8s);
            lpm = (long)CREATE.invokeExact(arena.allocateFrom(name).address(), -1, config.address());
            errno = lpm == 0 ? EalRaw.errno() : 0;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
        if (lpm == 0)
        {
            throw new DpdkException(call, errno, EalRaw.strerror(errno));
        }
        final Lpm6 table = new Lpm6(name, lpm);
        eal.onClose(table);
        return table;
    }

    /**
     * The name given to {@link #create}.
     *
     * @return the table's name
     */
    public String name()
    {
        return name;
    }

    /**
     * Adds (or re-points) the route {@code ip/depth -> nextHop}; bits of {@code ip} past {@code depth} are
     * ignored, as rte_lpm6_add does. Control path.
     *
     * @param ip 16 bytes, network order
     * @param depth prefix length, 1 to 128
     * @param nextHop 0 to {@link #MAX_NEXT_HOP}
     * @throws IllegalArgumentException when ip, depth or nextHop is out of range
     * @throws IllegalStateException when the table is closed
     * @throws DpdkException with DPDK's reason when the table is full (ENOSPC)
     */
    public void add(final byte[] ip, final int depth, final int nextHop)
    {
        if (ip.length != 16 || depth < 1 || depth > 128 || nextHop < 0 || nextHop > MAX_NEXT_HOP)
        {
            throw new IllegalArgumentException("lpm6 route needs a 16-byte address, a length of 1..128 and a next " +
                "hop of 0.." + MAX_NEXT_HOP + ", got " + ip.length + " bytes, /" + depth + ", " + nextHop);
        }
        final int rc;
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment address = arena.allocate(16);
            MemorySegment.copy(ip, 0, address, JAVA_BYTE, 0, 16);
            rc = (int)ADD.invokeExact(table(), address.address(), (byte)depth, nextHop);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
        if (rc < 0)
        {
            throw new DpdkException("rte_lpm6_add(" + name + ", /" + depth + " -> " + nextHop + ")", -rc,
                EalRaw.strerror(-rc));
        }
    }

    /**
     * The next hop of the longest prefix covering the address in {@code query}, or {@link #NO_ROUTE}.
     * Allocation-free; one call into DPDK ({@code rte_lpm6_lookup}).
     *
     * @param query the calling lcore's query, its address set
     * @return the next hop, or {@link #NO_ROUTE} (also once the table is closed)
     */
    public int lookup(final Query query)
    {
        try
        {
            final int rc = (int)LOOKUP.invokeExact(lpm, query.address, query.address + 16);
            return rc == 0 ? Memory.getInt(query.address + 16) : NO_ROUTE;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * Looks up the first {@code n} addresses of {@code burst} into its next hops, {@link #NO_ROUTE} for a miss
     * (every one once the table is closed). Allocation-free; one call into DPDK ({@code rte_lpm6_lookup_bulk_func}),
     * which walks the addresses one after the other; {@code n} is clamped to 0 .. the burst's capacity.
     *
     * @param burst the calling lcore's burst, its first {@code n} addresses set
     * @param n how many addresses to look up
     */
    public void lookupBulk(final Burst burst, final int n)
    {
        final int count = Math.min(Math.max(n, 0), burst.capacity);
        if (count == 0)
        {
            return;
        }
        final int rc;
        try
        {
            rc = (int)LOOKUP_BULK.invokeExact(lpm, burst.ips, burst.hops, count);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
        if (rc < 0)
        {
            for (int i = 0; i < count; i++)
            {
                Memory.putInt(burst.hops + 4L * i, NO_ROUTE);
            }
        }
    }

    /**
     * Frees the table in DPDK memory and drops it from the EAL's close list; later lookups find no route
     * (rte_lpm6_lookup refuses a NULL table). Idempotent; does nothing once the EAL has been cleaned up, which
     * freed the table itself.
     */
    @Override
    public synchronized void close()
    {
        final long table = lpm;
        if (table != 0 && Eal.isRunning())
        {
            lpm = 0;
            Eal.current().forget(this);
            try
            {
                FREE.invokeExact(table);
            }
            catch (final Throwable t)
            {
                throw rethrow(t);
            }
        }
    }

    private long table()
    {
        if (lpm == 0)
        {
            throw new IllegalStateException("lpm6 " + name + " is closed");
        }
        return lpm;
    }

    /**
     * The bulk lookup buffers of one lcore, as {@code rte_lpm6_lookup_bulk_func} takes them: native room for
     * {@code capacity} 16-byte addresses and their 32-bit next hops. Freed by the GC with the burst. Not
     * thread-safe.
     */
    public static final class Burst
    {
        private final int capacity;
        /** Kept reachable: the automatic arena frees the memory once the segment is unreachable. */
        private final MemorySegment buffer;
        private final long ips;
        private final long hops;

        /**
         * A burst of {@code capacity} addresses; reuse it for every bulk lookup of one thread.
         *
         * @param capacity most addresses one {@link #lookupBulk} looks up, at least 1
         * @throws IllegalArgumentException when capacity is below 1 or above 2^24
         */
        public Burst(final int capacity)
        {
            if (capacity < 1 || capacity > 1 << 24)
            {
                throw new IllegalArgumentException("burst capacity must be 1.." + (1 << 24) + ", got " + capacity);
            }
            this.capacity = capacity;
            this.buffer = Arena.ofAuto().allocate(20L * capacity, 8);
            this.ips = buffer.address();
            this.hops = ips + 16L * capacity;
        }

        /**
         * Most addresses one bulk lookup takes.
         *
         * @return the capacity given at construction
         */
        public int capacity()
        {
            return capacity;
        }

        /**
         * Sets address {@code i} from its two halves. Allocation-free.
         *
         * @param i 0 .. capacity - 1
         * @param high the address's high 64 bits, first octet most significant
         * @param low the address's low 64 bits
         * @return this burst
         * @throws IndexOutOfBoundsException when i is out of range
         */
        public Burst set(final int i, final long high, final long low)
        {
            final long at = ips + 16L * Objects.checkIndex(i, capacity);
            Memory.putLongBigEndian(null, at, high);
            Memory.putLongBigEndian(null, at + 8, low);
            return this;
        }

        /**
         * The next hop the last {@link #lookupBulk} found for address {@code i}.
         *
         * @param i 0 .. capacity - 1
         * @return the next hop, or {@link #NO_ROUTE}
         * @throws IndexOutOfBoundsException when i is out of range
         */
        public int hop(final int i)
        {
            return Memory.getInt(hops + 4L * Objects.checkIndex(i, capacity));
        }
    }

    /**
     * The lookup buffer of one lcore: native room for a 16-byte address and the 32-bit next hop rte_lpm6 writes.
     * Freed by the GC with the query. Not thread-safe.
     */
    public static final class Query
    {
        /** A query with room for one address; reuse it for every lookup of one thread. */
        public Query()
        {
        }

        /** Kept reachable: the automatic arena frees the memory once the segment is unreachable. */
        private final MemorySegment buffer = Arena.ofAuto().allocate(24, 8);
        private final long address = buffer.address();

        /**
     * Sets the address to look up from its two halves. Allocation-free.
     *
     * @param high the address's high 64 bits, first octet most significant
     * @param low the address's low 64 bits
     * @return this query
     */
        public Query set(final long high, final long low)
        {
            Memory.putLongBigEndian(null, address, high);
            Memory.putLongBigEndian(null, address + 8, low);
            return this;
        }
    }
}
