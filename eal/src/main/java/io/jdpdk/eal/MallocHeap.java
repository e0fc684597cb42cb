package io.jdpdk.eal;

import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.eal.raw.NativeLibrary;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

import static io.jdpdk.eal.raw.NativeLibrary.rethrow;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * DPDK's malloc heaps: {@link #zmalloc} and {@link #free} from DPDK's own ({@code rte_zmalloc}), and named external
 * heaps ({@code rte_malloc_heap_*}), memory the application maps itself, added to a heap of its own name that DPDK
 * then allocates from like a NUMA socket of its own ({@link #socketOf}), so that a pool made on that socket lives in
 * it (testpmd's {@code --mp-alloc=xmem|xmemhuge}). Control path.
 */
public final class MallocHeap
{
    private static final int PROT_READ_WRITE = 0x1 | 0x2;
    private static final int MAP_PRIVATE_ANONYMOUS = 0x02 | 0x20;
    private static final int MAP_HUGETLB = 0x40000;
    private static final int MAP_HUGE_SHIFT = 26;
    private static final long MAP_FAILED = -1L;

    private static final class Linked
    {
        static final MethodHandle GET_SOCKET = NativeLibrary.downcall("rte_malloc_heap_get_socket",
            FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final MethodHandle CREATE = NativeLibrary.downcall("rte_malloc_heap_create",
            FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final MethodHandle MEMORY_ADD = NativeLibrary.downcall("rte_malloc_heap_memory_add",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_INT, JAVA_LONG));
        static final MethodHandle ZMALLOC = NativeLibrary.downcall("rte_zmalloc",
            FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_INT));
        static final MethodHandle FREE = NativeLibrary.downcall("rte_free", FunctionDescriptor.ofVoid(JAVA_LONG));
        static final MethodHandle EXTMEM_REGISTER = NativeLibrary.downcall("rte_extmem_register",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_INT, JAVA_LONG));
        static final MethodHandle EXTMEM_UNREGISTER = NativeLibrary.downcall("rte_extmem_unregister",
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG));
        static final MethodHandle VIRT2IOVA = NativeLibrary.downcall("rte_mem_virt2iova",
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG));
        static final MethodHandle MMAP = NativeLibrary.libc("mmap",
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG));
        static final MethodHandle MUNMAP = NativeLibrary.libc("munmap", FunctionDescriptor.of(JAVA_INT, JAVA_LONG,
            JAVA_LONG));
        static final MethodHandle GETPAGESIZE = NativeLibrary.libc("getpagesize", FunctionDescriptor.of(JAVA_INT));
        static final MethodHandle MLOCK = NativeLibrary.libc("mlock", FunctionDescriptor.of(JAVA_INT, JAVA_LONG,
            JAVA_LONG));
    }

    private MallocHeap()
    {
    }

    /**
     * The system's page size ({@code getpagesize}, what {@code sysconf(_SC_PAGESIZE)} says).
     *
     * @return bytes, e.g. 4096
     */
    public static long pageSize()
    {
        try
        {
            return (int)Linked.GETPAGESIZE.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_zmalloc}: zeroed memory from DPDK's heaps (hugepages unless {@code --no-huge}) on any socket.
     *
     * @param type what it is for, as DPDK's malloc statistics name it
     * @param size bytes
     * @param align 0, or a power of two
     * @return the memory, to {@link #free}; null when DPDK has not that much
     */
    @SuppressWarnings("restricted") // size bytes, as rte_zmalloc gave them
    public static MemorySegment zmalloc(final String type, final long size, final int align)
    {
        Eal.current();
        try (Arena arena = Arena.ofConfined())
        {
            final long address = (long)Linked.ZMALLOC.invokeExact(arena.allocateFrom(type), size, align);
            return address == 0 ? null : MemorySegment.ofAddress(address).reinterpret(size);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_free} of memory {@link #zmalloc} gave.
     *
     * @param memory the memory, not used after this
     */
    public static void free(final MemorySegment memory)
    {
        try
        {
            Linked.FREE.invokeExact(memory.address());
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_malloc_heap_get_socket}: the socket id DPDK gave heap {@code name}.
     *
     * @param name the heap's name
     * @return the socket id, or -1 when there is no such heap
     */
    public static int socketOf(final String name)
    {
        Eal.current();
        try (Arena arena = Arena.ofConfined())
        {
            final int socket = (int)Linked.GET_SOCKET.invokeExact(arena.allocateFrom(name));
            return socket < 0 ? -1 : socket;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_malloc_heap_create}: an empty heap named {@code name}.
     *
     * @param name the heap's name
     * @throws DpdkException with DPDK's errno (EEXIST for a name in use, ENOSPC when there are too many heaps)
     */
    public static void create(final String name)
    {
        Eal.current();
        try (Arena arena = Arena.ofConfined())
        {
            if ((int)Linked.CREATE.invokeExact(arena.allocateFrom(name)) < 0)
            {
                final int errno = EalRaw.errno();
                throw new DpdkException("rte_malloc_heap_create(\"" + name + "\")", errno, EalRaw.strerror(errno));
            }
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_extmem_register(address, length, NULL, 0, pageSize)}: makes memory the application mapped known to
     * DPDK (without a heap), so that devices can be asked to map it for DMA.
     *
     * @param address page-aligned
     * @param length a multiple of pageSize
     * @param pageSize the memory's page size
     * @return true when DPDK took it, false when it refused (rte_errno: EINVAL for unaligned memory, EEXIST for
     *         memory it knows already)
     */
    public static boolean registerExternal(final long address, final long length, final long pageSize)
    {
        Eal.current();
        try
        {
            return (int)Linked.EXTMEM_REGISTER.invokeExact(address, length, MemorySegment.NULL, 0, pageSize) == 0;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_extmem_unregister}: undoes {@link #registerExternal}.
     *
     * @param address as registered
     * @param length as registered
     * @return true when DPDK forgot it, false when it refused (memory it does not know)
     */
    public static boolean unregisterExternal(final long address, final long length)
    {
        Eal.current();
        try
        {
            return (int)Linked.EXTMEM_UNREGISTER.invokeExact(address, length) == 0;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * Maps {@code length} bytes of anonymous memory in pages of {@code pageSize} (hugepages with {@code huge}, which
     * must be that page size; plain pages locked in RAM without), touches each page, and adds the memory to heap
     * {@code name} with every page's IOVA ({@code rte_mem_virt2iova}, {@code rte_malloc_heap_memory_add}), as
     * testpmd's {@code create_extmem} and {@code setup_extmem} do. The memory stays mapped for the life of the
     * process.
     *
     * @param name an existing heap
     * @param length bytes, a multiple of {@code pageSize}
     * @param pageSize the page size, e.g. 4096 or 2 MiB
     * @param huge whether to map hugepages of that size
     * @return false when the mapping failed (no free hugepages of that size: try another), true when added
     * @throws DpdkException when DPDK refuses the memory
     */
    @SuppressWarnings("restricted") // the memory mmap just gave, length bytes
    public static boolean addAnonymousMemory(final String name, final long length, final long pageSize,
        final boolean huge)
    {
        Eal.current();
        try (Arena arena = Arena.ofConfined())
        {
            final int flags = MAP_PRIVATE_ANONYMOUS |
                (huge ? MAP_HUGETLB | (Long.numberOfTrailingZeros(pageSize) << MAP_HUGE_SHIFT) : 0);
            final long address = (long)Linked.MMAP.invokeExact(0L, length, PROT_READ_WRITE, flags, -1, 0L);
            if (address == MAP_FAILED)
            {
                return false;
            }
            final int pages = (int)(length / pageSize);
            final MemorySegment iovas = arena.allocate(JAVA_LONG, pages);
            if (!huge)
            {
                final int locked = (int)Linked.MLOCK.invokeExact(address, length); // as testpmd: its result unused
            }
            final MemorySegment memory = MemorySegment.ofAddress(address).reinterpret(length);
            for (int page = 0; page < pages; page++)
            {
                memory.set(JAVA_BYTE, page * pageSize, (byte)0); // touch it before asking its IOVA
                iovas.setAtIndex(JAVA_LONG, page, (long)Linked.VIRT2IOVA.invokeExact(address + page * pageSize));
            }
            final int ret = (int)Linked.MEMORY_ADD.invokeExact(arena.allocateFrom(name), address, length, iovas,
                pages, pageSize);
            if (ret < 0)
            {
                final int errno = EalRaw.errno();
                final int unmapped = (int)Linked.MUNMAP.invokeExact(address, length);
                throw new DpdkException("rte_malloc_heap_memory_add(\"" + name + "\", len=" + length + ")", errno,
                    EalRaw.strerror(errno));
            }
            return true;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }
}
