package io.jdpdk.eal.raw;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;

import static io.jdpdk.eal.raw.NativeLibrary.critical;
import static io.jdpdk.eal.raw.NativeLibrary.downcall;
import static io.jdpdk.eal.raw.NativeLibrary.libc;
import static io.jdpdk.eal.raw.NativeLibrary.rethrow;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Raw binding of librte_eal (and the per-thread state the shim exposes). One static method per C
 * function, same name without the {@code rte_} prefix, arguments as in C. Not for applications:
 * use {@link io.jdpdk.eal.Eal} and {@link io.jdpdk.eal.Lcore}.
 */
@SuppressWarnings("restricted") // the raw binding: downcalls and C pointers
public final class EalRaw
{
    /** {@code LCORE_ID_ANY}: the thread is not an lcore. */
    public static final int LCORE_ID_ANY = -1;
    /** {@code RTE_MAX_LCORE} of Debian's build. */
    public static final int MAX_LCORE = 128;
    /** {@code ROLE_RTE} of {@code enum rte_lcore_role_t}: an EAL lcore ({@link #eal_lcore_role}). */
    public static final int ROLE_RTE = 0;
    /** {@code ROLE_OFF} of {@code enum rte_lcore_role_t}: no lcore of this id ({@link #eal_lcore_role}). */
    public static final int ROLE_OFF = 1;
    /** {@code sizeof(cpu_set_t)} in glibc: 1024 CPUs. */
    public static final long CPU_SET_SIZE = 128;

    private static final MemoryLayout C_STRING = MemoryLayout.sequenceLayout(4096, JAVA_BYTE);

    /** {@code rte_cpuset_t} (glibc's cpu_set_t): 1024 bits. */
    public static final MemoryLayout CPUSET = MemoryLayout.structLayout(MemoryLayout.sequenceLayout(16, JAVA_LONG));

    /**
     * The handles {@code Eal.init} calls up to and around {@code rte_eal_init}, in a class of their own: linking a
     * downcall costs milliseconds, and EAL starts once these four are linked, while the preload thread links the rest
     * ({@link #link}).
     */
    private static final class Startup
    {
        static final MethodHandle EAL_INIT = downcall("rte_eal_init",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
        static final MethodHandle ERRNO = critical("jdpdk_errno", FunctionDescriptor.of(JAVA_INT));
        static final MethodHandle SCHED_GETAFFINITY = libc("sched_getaffinity",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS));
        static final MethodHandle SCHED_SETAFFINITY = libc("sched_setaffinity",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS));
    }

    /** The handles of an app that registers a log type, before rte_eal_init (testpmd): apart from those of init. */
    private static final class LogTypes
    {
        static final MethodHandle LOG_REGISTER = downcall("rte_log_register", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final MethodHandle LOG_SET_LEVEL = downcall("rte_log_set_level",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
    }

    /** Every other handle: linked on first use, or ahead of it by {@link #link}. */
    private static final class Linked
    {
        static final MethodHandle EAL_CLEANUP = downcall("rte_eal_cleanup", FunctionDescriptor.of(JAVA_INT));
        static final MethodHandle STRERROR = downcall("rte_strerror",
            FunctionDescriptor.of(ADDRESS.withTargetLayout(C_STRING), JAVA_INT));
        static final MethodHandle DEV_BUS = downcall("rte_dev_bus", FunctionDescriptor.of(ADDRESS, ADDRESS));
        static final MethodHandle BUS_NAME = downcall("rte_bus_name",
            FunctionDescriptor.of(ADDRESS.withTargetLayout(C_STRING), ADDRESS));
        static final MethodHandle DEV_BUS_INFO = downcall("rte_dev_bus_info",
            FunctionDescriptor.of(ADDRESS.withTargetLayout(C_STRING), ADDRESS));
        static final MethodHandle DEV_DEVARGS = downcall("rte_dev_devargs", FunctionDescriptor.of(ADDRESS, ADDRESS));
        static final MethodHandle BUS_FIND = downcall("rte_bus_find",
            FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
        static final MethodHandle DEV_ITERATOR_INIT = downcall("rte_dev_iterator_init",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        static final MethodHandle DEV_ITERATOR_NEXT = downcall("rte_dev_iterator_next",
            FunctionDescriptor.of(ADDRESS, ADDRESS));
        static final MethodHandle DEV_NAME = downcall("rte_dev_name",
            FunctionDescriptor.of(ADDRESS.withTargetLayout(C_STRING), ADDRESS));
        static final MethodHandle DEV_DRIVER = downcall("rte_dev_driver", FunctionDescriptor.of(ADDRESS, ADDRESS));
        static final MethodHandle DRIVER_NAME = downcall("rte_driver_name",
            FunctionDescriptor.of(ADDRESS.withTargetLayout(C_STRING), ADDRESS));
        static final MethodHandle DEV_NUMA_NODE = downcall("rte_dev_numa_node",
            FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final MethodHandle DEVARGS_PARSE = downcall("rte_devargs_parse",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        static final MethodHandle DEVARGS_RESET = downcall("rte_devargs_reset", FunctionDescriptor.ofVoid(ADDRESS));
        /** An {@code rte_bus_cmp_t} that matches every bus, for {@link #BUS_FIND}. */
        static final MemorySegment MATCH_ALL_BUSES = NativeLibrary.upcall(matchAllBuses(),
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        static final MethodHandle LOG = NativeLibrary.variadic("rte_log",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS), 3);
        /** {@link #LOG}'s format, "%s": made once, not per line. */
        static final MemorySegment LOG_FORMAT = Arena.global().allocateFrom("%s");

        static final MethodHandle LCORE_ID = critical("jdpdk_lcore_id", FunctionDescriptor.of(JAVA_INT));
        static final MethodHandle RDTSC = critical("jdpdk_rdtsc", FunctionDescriptor.of(JAVA_LONG));
        static final MethodHandle GET_TSC_HZ = downcall("rte_get_tsc_hz", FunctionDescriptor.of(JAVA_LONG));
        static final MethodHandle LCORE_COUNT = downcall("rte_lcore_count", FunctionDescriptor.of(JAVA_INT));
        static final MethodHandle GET_MAIN_LCORE = downcall("rte_get_main_lcore", FunctionDescriptor.of(JAVA_INT));
        static final MethodHandle LCORE_IS_ENABLED = downcall("rte_lcore_is_enabled",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        static final MethodHandle LCORE_TO_SOCKET_ID = downcall("rte_lcore_to_socket_id",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        static final MethodHandle SOCKET_ID = downcall("rte_socket_id", FunctionDescriptor.of(JAVA_INT));
        static final MethodHandle THREAD_REGISTER = downcall("rte_thread_register", FunctionDescriptor.of(JAVA_INT));
        static final MethodHandle THREAD_UNREGISTER = downcall("rte_thread_unregister", FunctionDescriptor.ofVoid());
        static final MethodHandle DEV_PROBE = downcall("rte_dev_probe", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final MethodHandle HOTPLUG_REMOVE = downcall("rte_eal_hotplug_remove",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        static final MethodHandle HAS_HUGEPAGES = downcall("rte_eal_has_hugepages", FunctionDescriptor.of(JAVA_INT));
        static final MethodHandle IOVA_MODE = downcall("rte_eal_iova_mode", FunctionDescriptor.of(JAVA_INT));
        static final MethodHandle LCORE_CPUSET = downcall("rte_lcore_cpuset", FunctionDescriptor.of(CPUSET, JAVA_INT));
        static final MethodHandle LCORE_ROLE = downcall("rte_eal_lcore_role",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        static final MethodHandle REMOTE_LAUNCH = downcall("rte_eal_remote_launch",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        static final MethodHandle WAIT_LCORE = downcall("rte_eal_wait_lcore",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        static final MethodHandle GET_LCORE_STATE = downcall("rte_eal_get_lcore_state",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        static final MethodHandle PROCESS_TYPE = downcall("rte_eal_process_type", FunctionDescriptor.of(JAVA_INT));
        static final MethodHandle MP_REQUEST_SYNC = downcall("rte_mp_request_sync",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        static final MethodHandle FREE = libc("free", FunctionDescriptor.ofVoid(ADDRESS));
        static final MethodHandle LOG_SET_GLOBAL_LEVEL = downcall("rte_log_set_global_level",
            FunctionDescriptor.ofVoid(JAVA_INT));
        static final MethodHandle LOG_SET_LEVEL_REGEXP = downcall("rte_log_set_level_regexp",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        static final MethodHandle MLOCKALL = libc("mlockall", FunctionDescriptor.of(JAVA_INT, JAVA_INT),
            java.lang.foreign.Linker.Option.captureCallState("errno"));
    }

    /**
     * {@code rte_log_set_global_level(level)}.
     *
     * @param level the level, an {@code RTE_LOG_*} value (DPDK takes any uint32_t)
     */
    public static void log_set_global_level(final int level)
    {
        try
        {
            Linked.LOG_SET_GLOBAL_LEVEL.invokeExact(level);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_log_set_level_regexp(regex, level)}: every log type whose name matches.
     *
     * @param regex a POSIX regular expression, NUL-terminated
     * @param level the level
     * @return 0, or -1 for a bad regex or a level past {@code RTE_LOG_MAX}
     */
    public static int log_set_level_regexp(final MemorySegment regex, final int level)
    {
        try
        {
            return (int)Linked.LOG_SET_LEVEL_REGEXP.invokeExact(regex, level);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /** {@code MCL_CURRENT} of {@code mlockall}: the pages mapped now. */
    public static final int MCL_CURRENT = 1;
    /** {@code MCL_FUTURE} of {@code mlockall}: the pages mapped from now on. */
    public static final int MCL_FUTURE = 2;
    /** {@code MCL_ONFAULT} of {@code mlockall} (Linux 4.4): each page locked as it is first touched, not before. */
    public static final int MCL_ONFAULT = 4;

    /**
     * libc {@code mlockall(flags)}.
     *
     * @param flags {@link #MCL_CURRENT}, {@link #MCL_FUTURE} or both
     * @return 0, or libc's errno (EPERM without CAP_IPC_LOCK, ENOMEM past RLIMIT_MEMLOCK)
     */
    public static int mlockall(final int flags)
    {
        final java.lang.foreign.StructLayout state = java.lang.foreign.Linker.Option.captureStateLayout();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment captured = arena.allocate(state);
            final int rc = (int)Linked.MLOCKALL.invokeExact(captured, flags);
            return rc == 0 ? 0 : captured.get(JAVA_INT, state.byteOffset(MemoryLayout.PathElement.groupElement("errno")));
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * Links every handle of this class now: rte_eal_init's first, then the rest. {@code Eal.preload}'s thread calls
     * it, so that the program's own thread finds them linked, or waits only for the ones it calls.
     */
    public static void link()
    {
        final MethodHandle startup = Startup.EAL_INIT;
        // Then the two an app may call before rte_eal_init (testpmd's log type): linked on the main thread, they
        // took it 28-35 ms, against the preload thread linking EAL's own.
        final MethodHandle logTypes = LogTypes.LOG_REGISTER;
        final MethodHandle linked = Linked.EAL_CLEANUP;
        assert startup != null && logTypes != null && linked != null;
    }

    private EalRaw()
    {
    }

    /** The multi-process message structs, checked against the installed headers when first used. */
    public static final class Mp
    {
        /** {@code struct rte_mp_msg}: an action's name, its parameter bytes and file descriptors. */
        public static final StructLayout MSG = LayoutCheck.verified("rte_mp_msg", MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(64, JAVA_BYTE).withName("name"), JAVA_INT.withName("len_param"),
            JAVA_INT.withName("num_fds"), MemoryLayout.sequenceLayout(256, JAVA_BYTE).withName("param"),
            MemoryLayout.sequenceLayout(8, JAVA_INT).withName("fds")));
        /** {@code struct rte_mp_reply}: how many were asked and answered, and the answers (the caller frees them). */
        public static final StructLayout REPLY = LayoutCheck.verified("rte_mp_reply", MemoryLayout.structLayout(
            JAVA_INT.withName("nb_sent"), JAVA_INT.withName("nb_received"), ADDRESS.withName("msgs")));
        /** Offset of {@code len_param} in {@link #MSG}. */
        public static final long LEN_PARAM = MSG.byteOffset(MemoryLayout.PathElement.groupElement("len_param"));
        /** Offset of {@code param} in {@link #MSG}. */
        public static final long PARAM = MSG.byteOffset(MemoryLayout.PathElement.groupElement("param"));
        /** Offset of {@code nb_received} in {@link #REPLY}. */
        public static final long NB_RECEIVED = REPLY.byteOffset(MemoryLayout.PathElement.groupElement("nb_received"));
        /** Offset of {@code msgs} in {@link #REPLY}. */
        public static final long MSGS = REPLY.byteOffset(MemoryLayout.PathElement.groupElement("msgs"));

        private Mp()
        {
        }
    }

    /**
     * {@code rte_eal_init(argc, argv)}; pins the calling thread to the main lcore's CPU.
     *
     * @param argc the arguments in {@code argv}, program name included
     * @param argv a NULL-terminated {@code char *[]} that must outlive the process (DPDK may keep it)
     * @return the number of arguments parsed, or -1 with {@link #errno()} set
     */
    public static int eal_init(final int argc, final MemorySegment argv)
    {
        try
        {
            return (int)Startup.EAL_INIT.invokeExact(argc, argv);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eal_cleanup()}: frees EAL's resources; no DPDK call may follow.
     *
     * @return 0, or a negative errno
     */
    public static int eal_cleanup()
    {
        try
        {
            return (int)Linked.EAL_CLEANUP.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /** testpmd's {@code bus_match_all}: 0, a match, for every bus. */
    private static int matchAll(final MemorySegment bus, final MemorySegment data)
    {
        return 0;
    }

    private static MethodHandle matchAllBuses()
    {
        try
        {
            return MethodHandles.lookup().findStatic(EalRaw.class, "matchAll",
                MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class));
        }
        catch (final ReflectiveOperationException e)
        {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The buses EAL has, in its order ({@code rte_bus_find} from each to the next).
     *
     * @return {@code struct rte_bus *} handles
     */
    public static List<MemorySegment> buses()
    {
        try
        {
            final List<MemorySegment> buses = new ArrayList<>();
            MemorySegment bus = MemorySegment.NULL;
            while (!(bus = (MemorySegment)Linked.BUS_FIND.invokeExact(bus, Linked.MATCH_ALL_BUSES,
                MemorySegment.NULL)).equals(MemorySegment.NULL))
            {
                buses.add(bus);
            }
            return buses;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_bus_name(bus)}.
     *
     * @param bus a {@code struct rte_bus *}
     * @return its name, e.g. "vdev"
     */
    public static String busName(final MemorySegment bus)
    {
        try
        {
            return ((MemorySegment)Linked.BUS_NAME.invokeExact(bus)).getString(0);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * The devices {@code RTE_DEV_FOREACH} gives for a device string ({@code rte_dev_iterator_init} and
     * {@code rte_dev_iterator_next}), e.g. {@code "bus=vdev"}.
     *
     * @param devstr the device string
     * @return {@code struct rte_device *} handles, none when the string is refused
     */
    @SuppressWarnings("unused")
    public static List<MemorySegment> devices(final String devstr)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment iterator = arena.allocate(LayoutCheck.cLayout("rte_dev_iterator", null), 8);
            final MemorySegment str = arena.allocateFrom(devstr);
            final List<MemorySegment> devices = new ArrayList<>();
            // Its answer is -rte_errno, a stale one after a success too: RTE_DEV_FOREACH ignores it, and so does
            // this; a refused string leaves the iterator invalid, and the first next() ends it.
            final int ignored = (int)Linked.DEV_ITERATOR_INIT.invokeExact(iterator, str);
            MemorySegment device;
            while (!(device = (MemorySegment)Linked.DEV_ITERATOR_NEXT.invokeExact(iterator)).equals(MemorySegment.NULL))
            {
                devices.add(device);
            }
            return devices;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_dev_name(device)}.
     *
     * @param device a {@code struct rte_device *}
     * @return the device's name, e.g. "net_null0" or "0000:00:03.0"
     */
    public static String devName(final MemorySegment device)
    {
        try
        {
            return ((MemorySegment)Linked.DEV_NAME.invokeExact(device)).getString(0);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_driver_name(rte_dev_driver(device))}.
     *
     * @param device a {@code struct rte_device *}
     * @return the driver's name, or null when no driver took the device
     */
    public static String devDriverName(final MemorySegment device)
    {
        try
        {
            final MemorySegment driver = (MemorySegment)Linked.DEV_DRIVER.invokeExact(device);
            return driver.equals(MemorySegment.NULL) ? null :
                ((MemorySegment)Linked.DRIVER_NAME.invokeExact(driver)).getString(0);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_dev_numa_node(device)}.
     *
     * @param device a {@code struct rte_device *}
     * @return the NUMA node, or -1 ({@code SOCKET_ID_ANY}) when unknown
     */
    public static int devNumaNode(final MemorySegment device)
    {
        try
        {
            return (int)Linked.DEV_NUMA_NODE.invokeExact(device);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_devargs_parse}: the bus and device name a device identifier names, as EAL reads {@code -a} and
     * {@code --vdev} ("net_null0", "0000:00:03.0", "pci:0000:00:03.0", "bus=vdev,..."); EAL says on its log why it
     * refuses one.
     *
     * @param identifier the text
     * @return {@code {bus name, device name}}, or null when EAL cannot parse it
     */
    public static String[] parseDevargs(final String identifier)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment da = arena.allocate(LayoutCheck.cLayout("rte_devargs", null), 8);
            if ((int)Linked.DEVARGS_PARSE.invokeExact(da, arena.allocateFrom(identifier)) != 0)
            {
                Linked.DEVARGS_RESET.invokeExact(da);
                return null;
            }
            final MemorySegment bus = da.get(ADDRESS, LayoutCheck.cLayout("rte_devargs", "bus"));
            final String[] parsed = {bus.equals(MemorySegment.NULL) ? "" : busName(bus),
                da.getString(LayoutCheck.cLayout("rte_devargs", "name"))};
            Linked.DEVARGS_RESET.invokeExact(da);
            return parsed;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_bus_name(rte_dev_bus(device))}: the bus a device is on ({@code "pci"}, {@code "vdev"}).
     *
     * @param device a {@code struct rte_device *}
     * @return the bus's name, or "" when the device has none
     */
    public static String devBusName(final MemorySegment device)
    {
        try
        {
            final MemorySegment bus = (MemorySegment)Linked.DEV_BUS.invokeExact(device);
            return bus.equals(MemorySegment.NULL) ? "" : ((MemorySegment)Linked.BUS_NAME.invokeExact(bus)).getString(0);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_dev_bus_info(device)}: what the bus says of the device, e.g. {@code "vendor_id=8086, device_id=10d3"}
     * for a PCI NIC.
     *
     * @param device a {@code struct rte_device *}
     * @return the text, or "" when the bus gives none
     */
    public static String devBusInfo(final MemorySegment device)
    {
        try
        {
            final MemorySegment info = (MemorySegment)Linked.DEV_BUS_INFO.invokeExact(device);
            return info.equals(MemorySegment.NULL) ? "" : info.getString(0);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_log(level, logtype, "%s", text)}: writes {@code text} to DPDK's log stream when the type's level
     * lets it through.
     *
     * @param level   {@code RTE_LOG_*}, 1 (emergency) to 8 (debug)
     * @param logtype the log type
     * @param text    a C string, its line end included
     * @return the bytes written, 0 when the type's level filtered it out, or -1 for an unknown log type
     */
    public static int log(final int level, final int logtype, final MemorySegment text)
    {
        try
        {
            return (int)Linked.LOG.invokeExact(level, logtype, Linked.LOG_FORMAT, text);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_log_register(name)}: the log type of that name, made if need be.
     *
     * @param name a C string
     * @return the type's id, or a negative errno
     */
    public static int log_register(final MemorySegment name)
    {
        try
        {
            return (int)LogTypes.LOG_REGISTER.invokeExact(name);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_log_set_level(logtype, level)}.
     *
     * @param logtype the log type
     * @param level   {@code RTE_LOG_*}
     * @return 0, or a negative errno
     */
    public static int log_set_level(final int logtype, final int level)
    {
        try
        {
            return (int)LogTypes.LOG_SET_LEVEL.invokeExact(logtype, level);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * The arguments the device was given ({@code rte_dev_devargs(device)->args}), e.g. {@code rx_pcap=in.pcap} of
     * {@code --vdev=net_pcap0,rx_pcap=in.pcap}.
     *
     * @param device a {@code struct rte_device *}
     * @return the arguments (empty for a device given none, as {@code --vdev=net_null0}), or null when it has no
     *         devargs
     */
    public static String devArgs(final MemorySegment device)
    {
        try
        {
            final MemorySegment devargs = (MemorySegment)Linked.DEV_DEVARGS.invokeExact(device);
            if (devargs.equals(MemorySegment.NULL))
            {
                return null;
            }
            final long at = LayoutCheck.cLayout("rte_devargs", "args");
            final long args = devargs.reinterpret(at + ADDRESS.byteSize()).get(JAVA_LONG, at);
            return args == 0 ? null : MemorySegment.ofAddress(args).reinterpret(Long.MAX_VALUE).getString(0);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_strerror(errnum)}: DPDK's text for an error number (rte errors and libc errno values alike).
     *
     * @param errnum a positive error number
     * @return the text
     */
    public static String strerror(final int errnum)
    {
        try
        {
            return ((MemorySegment)Linked.STRERROR.invokeExact(errnum)).getString(0);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * The calling thread's {@code rte_errno}, through the shim: read it right after the failing call, on the same
     * thread.
     *
     * @return the error number of the thread's last failed DPDK call
     */
    public static int errno()
    {
        try
        {
            return (int)Startup.ERRNO.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_lcore_id()} of the calling thread, through the shim.
     *
     * @return the lcore id, or {@link #LCORE_ID_ANY}
     */
    public static int lcore_id()
    {
        try
        {
            return (int)Linked.LCORE_ID.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_rdtsc()}, through the shim: a critical call, no thread state change.
     *
     * @return the CPU's time stamp counter
     */
    public static long rdtsc()
    {
        try
        {
            return (long)Linked.RDTSC.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_get_tsc_hz()}.
     *
     * @return TSC ticks per second
     */
    public static long get_tsc_hz()
    {
        try
        {
            return (long)Linked.GET_TSC_HZ.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_lcore_count()}.
     *
     * @return the number of enabled lcores, registered threads included
     */
    public static int lcore_count()
    {
        try
        {
            return (int)Linked.LCORE_COUNT.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_get_main_lcore()}.
     *
     * @return the main lcore's id
     */
    public static int get_main_lcore()
    {
        try
        {
            return (int)Linked.GET_MAIN_LCORE.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_lcore_is_enabled(lcore_id)}.
     *
     * @param lcoreId an lcore id
     * @return whether the lcore is enabled
     */
    public static boolean lcore_is_enabled(final int lcoreId)
    {
        try
        {
            return (int)Linked.LCORE_IS_ENABLED.invokeExact(lcoreId) != 0;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_lcore_to_socket_id(lcore_id)}.
     *
     * @param lcoreId an lcore id
     * @return the NUMA socket of the lcore
     */
    public static int lcore_to_socket_id(final int lcoreId)
    {
        try
        {
            return (int)Linked.LCORE_TO_SOCKET_ID.invokeExact(lcoreId);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_socket_id()}.
     *
     * @return the NUMA socket of the calling thread, or {@code SOCKET_ID_ANY} (-1)
     */
    public static int socket_id()
    {
        try
        {
            return (int)Linked.SOCKET_ID.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_thread_register()}: gives the calling thread an lcore id; disables multi-process for good.
     *
     * @return 0, or -1 with {@link #errno()} set
     */
    public static int thread_register()
    {
        try
        {
            return (int)Linked.THREAD_REGISTER.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /** {@code rte_thread_unregister()}: releases the calling thread's lcore id. */
    public static void thread_unregister()
    {
        try
        {
            Linked.THREAD_UNREGISTER.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_dev_probe(devargs)}: hot-plugs a device.
     *
     * @param devargs a C string, e.g. "net_null2"
     * @return 0, or a negative errno
     */
    public static int dev_probe(final MemorySegment devargs)
    {
        try
        {
            return (int)Linked.DEV_PROBE.invokeExact(devargs);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eal_hotplug_remove(busname, devname)}: removes a hot-plugged device.
     *
     * @param busName a C string, e.g. "vdev"
     * @param devName a C string, e.g. "net_null2"
     * @return 0, or a negative errno
     */
    public static int eal_hotplug_remove(final MemorySegment busName, final MemorySegment devName)
    {
        try
        {
            return (int)Linked.HOTPLUG_REMOVE.invokeExact(busName, devName);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eal_has_hugepages()}.
     *
     * @return false when EAL runs with --no-huge
     */
    public static boolean eal_has_hugepages()
    {
        try
        {
            return (int)Linked.HAS_HUGEPAGES.invokeExact() != 0;
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eal_iova_mode()}.
     *
     * @return 0 DC, 1 PA, 2 VA ({@code enum rte_iova_mode})
     */
    public static int eal_iova_mode()
    {
        try
        {
            return (int)Linked.IOVA_MODE.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_lcore_cpuset(lcore_id)}: the CPUs an lcore runs on.
     *
     * @param allocator where the returned struct is allocated
     * @param lcoreId an lcore id
     * @return a {@link #CPUSET}
     */
    public static MemorySegment lcore_cpuset(final java.lang.foreign.SegmentAllocator allocator, final int lcoreId)
    {
        try
        {
            return (MemorySegment)Linked.LCORE_CPUSET.invokeExact(allocator, lcoreId);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eal_lcore_role(lcore_id)}.
     *
     * @param lcoreId an lcore id
     * @return {@code enum rte_lcore_role_t}: 0 RTE (EAL lcore), 1 OFF, 2 SERVICE, 3 NON_EAL (registered thread)
     */
    public static int eal_lcore_role(final int lcoreId)
    {
        try
        {
            return (int)Linked.LCORE_ROLE.invokeExact(lcoreId);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eal_remote_launch(f, arg, worker_id)}: runs {@code f(arg)} on EAL's thread of a worker lcore.
     *
     * @param function a {@code lcore_function_t} pointer, e.g. an upcall stub
     * @param arg the pointer passed to it
     * @param workerId a worker lcore's id
     * @return 0, or -EBUSY when the lcore is not in the WAIT state
     */
    public static int eal_remote_launch(final MemorySegment function, final MemorySegment arg, final int workerId)
    {
        try
        {
            return (int)Linked.REMOTE_LAUNCH.invokeExact(function, arg, workerId);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eal_wait_lcore(worker_id)}: spins until the lcore's thread is back in WAIT (its function returned)
     * and returns the function's value. Call it only once the function is known to have returned: it does not
     * block, it spins.
     *
     * @param workerId a worker lcore's id
     * @return the function's value, or 0 when the lcore was already in WAIT
     */
    public static int eal_wait_lcore(final int workerId)
    {
        try
        {
            return (int)Linked.WAIT_LCORE.invokeExact(workerId);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eal_get_lcore_state(worker_id)}.
     *
     * @param lcoreId a worker lcore's id
     * @return {@code enum rte_lcore_state_t}: 0 WAIT, 1 RUNNING (DPDK 22.11 has no FINISHED)
     */
    public static int eal_get_lcore_state(final int lcoreId)
    {
        try
        {
            return (int)Linked.GET_LCORE_STATE.invokeExact(lcoreId);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_mp_request_sync(req, reply, ts)}: sends the request to the peer processes (a primary's secondaries, a
     * secondary's primary) and waits for their replies.
     *
     * @param request an {@link Mp#MSG}
     * @param reply   an {@link Mp#REPLY}, filled in; its {@code msgs} is the caller's to {@link #free}
     * @param timeout a {@code struct timespec}: how long to wait
     * @return 0, or -1 with rte_errno set (e.g. ENOTSUP when multi-process is disabled)
     */
    public static int mp_request_sync(final MemorySegment request, final MemorySegment reply,
        final MemorySegment timeout)
    {
        try
        {
            return (int)Linked.MP_REQUEST_SYNC.invokeExact(request, reply, timeout);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * libc {@code free(pointer)}, for what DPDK allocated for the caller with malloc.
     *
     * @param pointer the memory, or NULL
     */
    public static void free(final MemorySegment pointer)
    {
        try
        {
            Linked.FREE.invokeExact(pointer);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * {@code rte_eal_process_type()}.
     *
     * @return {@code enum rte_proc_type_t}: 0 primary, 1 secondary ({@code RTE_PROC_AUTO} -1 never after init)
     */
    public static int eal_process_type()
    {
        try
        {
            return (int)Linked.PROCESS_TYPE.invokeExact();
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * libc {@code sched_getaffinity(0, size, mask)} for the calling thread.
     *
     * @param mask a cpu_set_t of {@link #CPU_SET_SIZE} bytes, filled in
     * @return 0, or -1 (errno is libc's, not read here)
     */
    public static int sched_getaffinity(final MemorySegment mask)
    {
        return sched_getaffinity(0, mask);
    }

    /**
     * libc {@code sched_getaffinity(tid, size, mask)}: the affinity of one thread of this process.
     *
     * @param tid a thread id (a name in {@code /proc/self/task}), 0 for the calling thread
     * @param mask a cpu_set_t of {@link #CPU_SET_SIZE} bytes, filled in
     * @return 0, or -1 (errno is libc's, not read here; ESRCH when the thread has exited)
     */
    public static int sched_getaffinity(final int tid, final MemorySegment mask)
    {
        try
        {
            return (int)Startup.SCHED_GETAFFINITY.invokeExact(tid, mask.byteSize(), mask);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }

    /**
     * libc {@code sched_setaffinity(0, size, mask)} for the calling thread.
     *
     * @param mask a cpu_set_t of {@link #CPU_SET_SIZE} bytes
     * @return 0, or -1 (errno is libc's, not read here)
     */
    public static int sched_setaffinity(final MemorySegment mask)
    {
        return sched_setaffinity(0, mask);
    }

    /**
     * libc {@code sched_setaffinity(tid, size, mask)}: sets the affinity of one thread of this process.
     *
     * @param tid a thread id (a name in {@code /proc/self/task}), 0 for the calling thread
     * @param mask a cpu_set_t of {@link #CPU_SET_SIZE} bytes
     * @return 0, or -1 (errno is libc's, not read here; ESRCH when the thread has exited)
     */
    public static int sched_setaffinity(final int tid, final MemorySegment mask)
    {
        try
        {
            return (int)Startup.SCHED_SETAFFINITY.invokeExact(tid, mask.byteSize(), mask);
        }
        catch (final Throwable t)
        {
            throw rethrow(t);
        }
    }
}
