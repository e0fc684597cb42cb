package io.jdpdk.eal;

import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.eal.raw.NativeLibrary;
import io.jdpdk.eal.raw.TelemetryRaw;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * The process's one DPDK Environment Abstraction Layer. {@link #init(String...)} takes DPDK's own
 * EAL arguments ({@code -l 0-1 --vdev net_null0 --no-pci ...}) unchanged; {@link #close()} releases
 * what was registered with {@link #onClose(AutoCloseable)} (ports, pools, lcores) last-in first-out
 * and then calls {@code rte_eal_cleanup}.
 * <p>
 * DPDK allows one initialisation per process: a second {@code init}, or any control call after
 * {@code close}, throws a {@link DpdkException}; so does a failed {@code rte_eal_init}, with DPDK's
 * {@code rte_strerror} text. A failed init because of bad arguments can be retried.
 * <p>
 * Defaults, applied only where the caller did not choose: {@code --in-memory} (no hugepage files
 * left behind) when hugepages are used, {@code --no-shconf} with {@code --no-huge}. Given
 * {@code --file-prefix NAME} instead, the process is a multi-process primary ({@link #multiProcess()}):
 * DPDK's dumpcap, proc-info and pdump attach to it as secondaries. Either way jdpdk's telemetry
 * commands ({@code /jdpdk/counters}, {@code /jdpdk/lcores}) answer on DPDK's telemetry socket. rte_eal_init
 * pins the calling thread to the main lcore's CPU; {@code init} gives it back its affinity and moves the other
 * threads that existed before, the JVM's own, to EAL's control CPUs ({@link #controlCpus()}), off the worker
 * lcores' CPUs.
 * Worker lcores run their Java work on EAL's own pinned threads ({@link Lcore}).
 * <p>
 * Close order: worker lcores stop (all within 10 s, or close gives up naming the stuck ones and leaves
 * DPDK's memory alone), pdump stops, then the registered resources close last-in first-out (ports
 * before the pools they draw from), then rte_eal_cleanup. The lcores are waited for without the
 * EAL's lock, so work that makes control calls while it stops does not hold close up.
 * <p>
 * Threading: init and close are synchronised; the instance may be shared by all threads.
 */
public final class Eal implements AutoCloseable
{
    /** DPDK's EALREADY text is "Operation already in progress"; the errno value on Linux. */
    static final int EALREADY = 114;
    static final int ENODEV = 19;
    /** How long {@link #close()} waits for all worker lcores to stop before it names the stuck ones and gives up. */
    static final java.time.Duration LCORE_STOP_TIMEOUT = java.time.Duration.ofSeconds(10);

    private enum State
    {
        NEW, RUNNING, CLOSED
    }

    private static State state = State.NEW;
    /** True while {@link #close()} waits for the lcores. */
    private static volatile boolean stoppingLcores;
    private static Eal current;

    private final List<String> args;
    private final Deque<AutoCloseable> closeables = new ArrayDeque<>();
    private final List<Lcore> workers = new ArrayList<>();
    private final boolean multiProcess;
    private final Object closeLock = new Object();
    /** Null when the start-up affinity could not be read: then no thread was moved. */
    private final ControlCpus controlCpus;

    private Eal(final List<String> args, final ControlCpus controlCpus)
    {
        this.args = Collections.unmodifiableList(args);
        this.controlCpus = controlCpus;
        this.multiProcess = EalRaw.eal_process_type() == 0 && EalRaw.eal_has_hugepages() &&
            !args.contains("--in-memory") && !args.contains("--no-shconf");
        final int main = EalRaw.get_main_lcore();
        for (int id = 0; id < EalRaw.MAX_LCORE; id++)
        {
            if (id != main && EalRaw.lcore_is_enabled(id) && EalRaw.eal_lcore_role(id) == EalRaw.ROLE_RTE)
            {
                workers.add(new Lcore(id));
            }
        }
    }

    /**
     * Loads a DPDK library beyond the ones jdpdk links, as a C program linked with it has it from its start: the
     * library's constructors run, registering what it registers (drivers, telemetry commands). Call it before
     * {@link #init}, as that program has it loaded before {@code main}. testpmd loads {@code librte_metrics.so.23},
     * as dpdk-testpmd links it: its legacy telemetry commands make {@code rte_eal_init} open the legacy telemetry
     * socket too, instead of saying {@code TELEMETRY: No legacy callbacks, legacy socket not created}.
     *
     * @param soname the library's file name, e.g. {@code librte_metrics.so.23}
     * @throws DpdkUnavailableException when it cannot be loaded
     */
    public static void loadLibrary(final String soname)
    {
        NativeLibrary.loadLibrary(soname);
    }

    /**
     * Starts loading DPDK and linking jdpdk's bindings to it on a daemon thread ("jdpdk-preload"), so that
     * {@link #init}, and the pools and ports made after it, find them ready. FFM links a class's native functions
     * when the class is first used: about 1-2 ms per function, 0.25-0.35 s for EAL, mbufs and ethdev on this project's
     * machine. Call it first thing in {@code main}, before parsing arguments, and that work overlaps the parsing.
     * Optional: without it the same work happens on first use. Returns at once; the thread links EAL's bindings
     * ({@code EalRaw.link()}: the four that {@link #init} calls around rte_eal_init first, in a class of their own),
     * then {@code bindings} in order (binding classes of other modules, such as pmd's {@code Port.preload} gives),
     * then telemetry's, which {@link #init} first needs after rte_eal_init (0.2 s later): the main thread can call
     * rte_eal_init as soon as those four are linked, and the rest link meanwhile on the other CPU.
     * A failure to load DPDK is left for {@link #init} to report, and the thread then links nothing.
     *
     * @param bindings further binding classes to initialise, in the order the program will first use them
     * @return the thread, already started
     */
    public static Thread preload(final Class<?>... bindings)
    {
        final List<Class<?>> classes = new ArrayList<>(Arrays.asList(bindings));
        classes.add(TelemetryRaw.class);
        return Thread.ofPlatform().name("jdpdk-preload").daemon(true).start(() ->
        {
            try
            {
                NativeLibrary.load();
            }
            catch (final RuntimeException ex)
            {
                return; // init loads again, and reports it there
            }
            try
            {
                EalRaw.link();
            }
            catch (final LinkageError ex)
            {
                return; // the first use of that binding reports it
            }
            for (final Class<?> binding : classes)
            {
                try
                {
                    Class.forName(binding.getName(), true, binding.getClassLoader());
                }
                catch (final ClassNotFoundException | LinkageError ex)
                {
                    return; // the first use of that class reports it, with what made its initialisation fail
                }
            }
        });
    }

    /**
     * Initialises DPDK with its own EAL arguments.
     *
     * @param args EAL arguments, as on a DPDK command line before {@code --} (no program name)
     * @return the EAL, to close when done
     * @throws DpdkException when rte_eal_init fails, or EAL was already initialised in this process
     * @throws DpdkUnavailableException when DPDK 22.11 is not installed
     */
    public static synchronized Eal init(final String... args)
    {
        if (state == State.RUNNING)
        {
            throw new DpdkException(call(args), EALREADY, "EAL is already initialised in this process " +
                "(DPDK allows one initialisation per process): " + EalRaw.strerror(EALREADY));
        }
        if (state == State.CLOSED)
        {
            throw new DpdkException(call(args), EALREADY, "EAL was cleaned up; DPDK cannot be initialised " +
                "twice in one process");
        }
        NativeLibrary.load();
        final List<String> effective = withDefaults(args);
        if (!effective.contains("--no-huge"))
        {
            final String problem = Hugepages.problem();
            if (problem != null)
            {
                throw new DpdkException(call(effective.toArray(String[]::new)), 12 /* ENOMEM */, problem +
                    ": reserve hugepages as root with 'hugepage-setup/hugepages.sh --setup 1G', " +
                    "or run without them by passing --no-huge (optionally -m MB)");
            }
        }
        final int rc;
        final int errno;
        ControlCpus controlCpus = null;
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment affinity = arena.allocate(EalRaw.CPU_SET_SIZE);
            final boolean savedAffinity = EalRaw.sched_getaffinity(affinity) == 0;
            final Set<Integer> threadsBefore = savedAffinity ? threadsOrNone() : Set.of();
            final MemorySegment argv = argv(effective);
            rc = EalRaw.eal_init((int)(argv.byteSize() / ValueLayout.ADDRESS.byteSize()) - 1, argv);
            errno = rc < 0 ? EalRaw.errno() : 0;
            if (savedAffinity)
            {
                EalRaw.sched_setaffinity(affinity);
            }
            if (rc >= 0 && !threadsBefore.isEmpty())
            {
                // DPDK is up from here on: a failure to move the JVM's threads costs their placement, not the EAL.
                try
                {
                    controlCpus = ControlCpus.of(affinity, threadsBefore);
                    controlCpus.confine(threadsBefore);
                }
                catch (final RuntimeException ex)
                {
                    warnThreadsNotMoved(ex);
                }
            }
        }
        if (rc < 0)
        {
            final String hint = errno == 22 /* EINVAL */ ?
                " (invalid EAL arguments; DPDK printed its usage above)" : "";
            throw new DpdkException(call(effective.toArray(String[]::new)), errno,
                EalRaw.strerror(errno) + hint);
        }
        state = State.RUNNING;
        current = new Eal(effective, controlCpus);
        Telemetry.register();
        FlightEvents.register();
        if (current.multiProcess)
        {
            if (TelemetryRaw.pdump_init() < 0)
            {
                final int e = EalRaw.errno();
                current.close();
                throw new DpdkException("jdpdk_pdump_init", e, EalRaw.strerror(e));
            }
        }
        return current;
    }

    /**
     * The running EAL.
     *
     * @return the instance {@link #init} returned
     * @throws DpdkException when EAL is not initialised or was cleaned up
     */
    public static synchronized Eal current()
    {
        checkRunning("Eal.current()");
        return current;
    }

    /**
     * Whether {@link #close()} is waiting for the lcores to stop. Resources registered with {@link #onClose} leave
     * their own {@code close()} alone meanwhile (a stopping lcore may still use them); the EAL closes them next.
     *
     * @return true while close waits for the lcores
     */
    public static boolean stoppingLcores()
    {
        return stoppingLcores;
    }

    /**
     * Whether EAL is initialised and not yet cleaned up.
     *
     * @return true between a successful {@link #init} and {@link #close()}
     */
    public static synchronized boolean isRunning()
    {
        return state == State.RUNNING;
    }

    /**
     * Throws unless EAL is running: every control-path call checks this first, so a call after
     * cleanup is an exception, not a crash inside DPDK.
     *
     * @param call the call about to be made, for the exception's message
     * @throws DpdkException (ENODEV) before {@link #init} or after {@link #close()}
     */
    public static synchronized void checkRunning(final String call)
    {
        if (state != State.RUNNING)
        {
            throw new DpdkException(call, ENODEV, state == State.NEW ?
                "EAL is not initialised: call Eal.init first" : "EAL has been cleaned up (rte_eal_cleanup)");
        }
    }

    /**
     * The arguments {@link #init} passes to rte_eal_init: the caller's plus the defaults described
     * in the class comment.
     *
     * @param args the caller's EAL arguments
     * @return a new list: {@code args}, plus {@code --in-memory} (or {@code --no-shconf} with {@code --no-huge})
     *         unless the caller chose {@code --in-memory}, {@code --no-shconf} or {@code --file-prefix}
     */
    public static List<String> withDefaults(final String... args)
    {
        final List<String> out = new ArrayList<>(Arrays.asList(args));
        final boolean chosen = out.contains("--in-memory") || out.contains("--no-shconf") ||
            out.stream().anyMatch(a -> a.startsWith("--file-prefix"));
        if (!chosen)
        {
            out.add(out.contains("--no-huge") ? "--no-shconf" : "--in-memory");
        }
        return out;
    }

    /**
     * Whether DPDK's secondary processes can attach: a primary on hugepages with shared config files, i.e. started
     * with {@code --file-prefix} and neither {@code --in-memory} nor {@code --no-shconf}. Then pdump is initialised
     * (the shim's {@code jdpdk_pdump_init}: DPDK 22.11's {@code rte_pdump_init}, but a capture is disabled only once
     * no lcore is inside its callback), so {@code dpdk-dumpcap --file-prefix NAME} captures from the ports and
     * {@code dpdk-proc-info --file-prefix NAME} reads their statistics.
     *
     * @return true for a multi-process primary
     */
    public boolean multiProcess()
    {
        return multiProcess;
    }

    /**
     * Sends DPDK's multi-process request {@code action} with {@code param} ({@code rte_mp_request_sync}): from a
     * primary to every secondary process attached, from a secondary to its primary, and waits up to
     * {@code timeout} for their replies, whose contents are dropped. A peer that has no handler for the action
     * does not answer it. Control path: it may wait the whole timeout.
     *
     * @param action  the action's name, as the peers registered it (fewer than 64 ASCII characters)
     * @param param   the request's parameter bytes (at most 256)
     * @param timeout how long to wait for the replies
     * @return the replies received (0 when no peer is attached); -1 when the request failed (rte_errno): ENOTSUP
     *         where multi-process is off ({@code --in-memory}, {@code --no-shconf}, {@code --no-huge}), as in
     *         jdpdk's default EAL arguments, or ETIMEDOUT when a peer did not answer in time
     * @throws IllegalArgumentException for a name or parameter too long
     */
    public int requestPeers(final String action, final byte[] param, final java.time.Duration timeout)
    {
        checkRunning("rte_mp_request_sync");
        final byte[] name = action.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        if (name.length == 0 || name.length >= 64 || param.length > 256)
        {
            throw new IllegalArgumentException("rte_mp_request_sync: action '" + action + "' (1 to 63 characters) " +
                "with " + param.length + " parameter bytes (at most 256)");
        }
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment request = arena.allocate(EalRaw.Mp.MSG);
            MemorySegment.copy(name, 0, request, ValueLayout.JAVA_BYTE, 0, name.length);
            request.set(ValueLayout.JAVA_INT, EalRaw.Mp.LEN_PARAM, param.length);
            MemorySegment.copy(param, 0, request, ValueLayout.JAVA_BYTE, EalRaw.Mp.PARAM, param.length);
            final MemorySegment reply = arena.allocate(EalRaw.Mp.REPLY);
            final MemorySegment wait = arena.allocate(ValueLayout.JAVA_LONG, 2); // struct timespec
            wait.setAtIndex(ValueLayout.JAVA_LONG, 0, timeout.toSeconds());
            wait.setAtIndex(ValueLayout.JAVA_LONG, 1, timeout.toNanosPart());
            final int rc = EalRaw.mp_request_sync(request, reply, wait);
            EalRaw.free(reply.get(ValueLayout.ADDRESS, EalRaw.Mp.MSGS));
            return rc < 0 ? -1 : reply.get(ValueLayout.JAVA_INT, EalRaw.Mp.NB_RECEIVED);
        }
    }

    /**
     * Whether this process is DPDK's primary ({@code rte_eal_process_type() == RTE_PROC_PRIMARY}).
     *
     * @return false for a secondary ({@code --proc-type=secondary}, or {@code auto} with a primary running)
     */
    public boolean primary()
    {
        return EalRaw.eal_process_type() == 0;
    }

    /**
     * The EAL arguments in force, defaults included.
     *
     * @return an unmodifiable list, without the program name
     */
    public List<String> args()
    {
        return args;
    }

    /**
     * Registers a resource to release when EAL closes, before rte_eal_cleanup. Resources close
     * last-in first-out: ports before the pools they draw from.
     *
     * @param resource closed by {@link #close()} unless {@link #forget forgotten} first
     * @throws DpdkException when EAL is not running
     */
    public void onClose(final AutoCloseable resource)
    {
        // The close list is guarded by Eal.class, the lock close() holds while it empties the list: one lock, so
        // a resource registered or forgotten on another thread during close cannot deadlock with it.
        synchronized (Eal.class)
        {
            checkRunning("Eal.onClose");
            closeables.push(resource);
        }
    }

    /**
     * Forgets a resource that was closed by its owner, so the EAL does not close it again; unknown ones are ignored.
     *
     * @param resource as given to {@link #onClose}
     */
    public void forget(final AutoCloseable resource)
    {
        synchronized (Eal.class)
        {
            closeables.remove(resource);
        }
    }

    /**
     * Hot-plugs a device ({@code rte_dev_probe}).
     *
     * @param devargs the device and its arguments, e.g. {@code net_null2} or
     *                {@code net_pcap0,rx_pcap=in.pcap,tx_pcap=out.pcap}
     * @throws DpdkException when DPDK fails to probe it
     */
    public void probe(final String devargs)
    {
        checkRunning("rte_dev_probe(" + devargs + ")");
        try (Arena arena = Arena.ofConfined())
        {
            final int rc = EalRaw.dev_probe(arena.allocateFrom(devargs));
            if (rc < 0)
            {
                throw new DpdkException("rte_dev_probe(\"" + devargs + "\")", -rc, EalRaw.strerror(-rc));
            }
        }
    }

    /**
     * Removes a hot-plugged device ({@code rte_eal_hotplug_remove}).
     *
     * @param bus the bus name, e.g. "vdev"
     * @param device the device name on that bus, e.g. "net_null2"
     * @throws DpdkException when DPDK fails to remove it
     */
    public void remove(final String bus, final String device)
    {
        checkRunning("rte_eal_hotplug_remove(" + bus + ", " + device + ")");
        try (Arena arena = Arena.ofConfined())
        {
            final int rc = EalRaw.eal_hotplug_remove(arena.allocateFrom(bus), arena.allocateFrom(device));
            if (rc < 0)
            {
                throw new DpdkException("rte_eal_hotplug_remove(\"" + bus + "\", \"" + device + "\")", -rc,
                    EalRaw.strerror(-rc));
            }
        }
    }

    /**
     * Number of lcores ({@code rte_lcore_count}).
     *
     * @return those EAL enabled (-l / --lcores / -c) plus threads registered since
     */
    public int lcoreCount()
    {
        checkRunning("rte_lcore_count");
        return EalRaw.lcore_count();
    }

    /**
     * The main lcore's id ({@code rte_get_main_lcore}).
     *
     * @return the lcore id of the thread that called init
     */
    public int mainLcore()
    {
        checkRunning("rte_get_main_lcore");
        return EalRaw.get_main_lcore();
    }

    /**
     * The CPUs of DPDK's control threads, which {@link #init} also moved the JVM's own threads to: those of the CPUs
     * the process was started with that no lcore uses, or the main lcore's when every one is an lcore's (EAL's
     * {@code compute_ctrl_threads_cpuset}).
     * <p>
     * Moved: every thread that existed before rte_eal_init and still had the start-up affinity, but the caller of
     * {@code init}: the JIT compilers, GC, the VM's periodic task, and also any thread the application started
     * before {@code init} (start those after it, or pin them, to keep them elsewhere). jdpdk's counters thread moves
     * there when it starts, and threads the moved ones start inherit the control CPUs. So a worker lcore's CPU runs
     * only that lcore's loop and what the application itself puts there, as in a C DPDK program.
     * <p>
     * While the main lcore runs a loop ({@link #pinToMainLcore()}) and these are its own CPUs, the control threads
     * are on the CPUs of worker lcores that run nothing, if there are any, and this answers those.
     * <p>
     * Not moved by {@code init}: the caller of {@code init} keeps its affinity, and so do the threads and processes it
     * starts, which are the application's; the threads rte_eal_init created (lcores, EAL's control threads, already
     * there); threads with an affinity of their own. {@link #close} gives the moved threads still on the control CPUs
     * their start-up affinity back. The move of a main-lcore loop takes every thread whose affinity is exactly the
     * main lcore's CPUs but the looping one and EAL's lcore threads: EAL's control threads, the JVM's, and also an
     * application thread pinned to those CPUs alone.
     *
     * @return the CPU numbers, ascending; empty when the start-up affinity could not be read (no thread was moved)
     */
    public int[] controlCpus()
    {
        checkRunning("Eal.controlCpus");
        return controlCpus == null ? new int[0] : controlCpus.cpus();
    }

    /**
     * Moves the calling thread, one of jdpdk's own started after init, to the control CPUs; without a running EAL,
     * nothing. Under the EAL's lock, so that {@link #close} either sees the thread moved or finds no EAL to move it
     * for.
     */
    static synchronized void confineToControlCpus()
    {
        final ControlCpus cpus = runningControlCpus();
        if (cpus != null)
        {
            cpus.confineCaller();
        }
    }

    /** The running EAL's control CPUs, or null without a running EAL or a readable start-up affinity. Under lock. */
    private static ControlCpus runningControlCpus()
    {
        return state == State.RUNNING ? current.controlCpus : null;
    }

    /**
     * Pins the calling thread to the main lcore's CPUs ({@code rte_lcore_cpuset}), as {@code rte_eal_init} pinned
     * the thread that called it before {@link #init} restored that thread's affinity.
     * For a thread that runs the main lcore's polling loop (DPDK's samples run RX in {@code main()}): unpinned, a
     * busy loop moves between CPUs and, on a worker lcore's CPU, takes turns with that lcore's busy loop, which then
     * stalls for whole scheduler slices (milliseconds). Threads the pinned thread starts inherit the pinning, so
     * start them before or after.
     * <p>
     * When every CPU is an lcore's, EAL's control threads and the JVM's share the main lcore's CPUs; until the
     * pinning closes they move to the CPUs of worker lcores that run nothing, if there are any ({@link #controlCpus()}
     * tells where they are).
     * <pre>{@code
     * try (Eal.Pinning _ = eal.pinToMainLcore()) { while (running) idle.idle(rx.doWork()); }
     * }</pre>
     *
     * @return closing it, on the same thread, gives the thread back the affinity it had
     * @throws IllegalStateException when the kernel refuses the main lcore's CPUs (e.g. outside this cgroup)
     */
    public Pinning pinToMainLcore()
    {
        checkRunning("Eal.pinToMainLcore");
        final Arena arena = Arena.ofConfined();
        final MemorySegment saved = arena.allocate(EalRaw.CPU_SET_SIZE);
        final MemorySegment main = EalRaw.lcore_cpuset(arena, EalRaw.get_main_lcore());
        if (EalRaw.sched_getaffinity(saved) != 0 || EalRaw.sched_setaffinity(main) != 0)
        {
            arena.close();
            throw new IllegalStateException("cannot pin the calling thread to the CPUs of the main lcore (" +
                EalRaw.get_main_lcore() + "): sched_setaffinity failed");
        }
        mainLoop(true);
        return () ->
        {
            try
            {
                mainLoop(false);
            }
            finally
            {
                EalRaw.sched_setaffinity(saved);
                arena.close();
            }
        };
    }

    /**
     * A loop on the main lcore starts or ends: the control threads leave its CPUs, or come back. Under the EAL's
     * lock, so that it runs before {@link #close} releases the control CPUs or not at all. A failure to move them
     * costs their placement, not the loop: it is printed.
     */
    private static synchronized void mainLoop(final boolean started)
    {
        final ControlCpus cpus = runningControlCpus();
        if (cpus == null)
        {
            return;
        }
        try
        {
            if (started)
            {
                cpus.mainLoopStarted();
            }
            else
            {
                cpus.mainLoopEnded();
            }
        }
        catch (final RuntimeException ex)
        {
            System.err.println("jdpdk: the control threads stay where they are, beside the main lcore's loop: " +
                ex.getMessage());
        }
    }

    /**
     * Before work is launched on worker lcore {@code lcoreId}: control threads that moved onto its CPUs while the main
     * lcore loops ({@link #pinToMainLcore()}) move off them.
     */
    static synchronized void workerLaunching(final int lcoreId)
    {
        final ControlCpus cpus = runningControlCpus();
        if (cpus != null)
        {
            cpus.workerLaunching(lcoreId);
        }
    }

    /** After work was launched on worker lcore {@code lcoreId}, or its launch failed. */
    static synchronized void workerLaunched(final int lcoreId)
    {
        final ControlCpus cpus = runningControlCpus();
        if (cpus != null)
        {
            cpus.workerLaunched(lcoreId);
        }
    }

    /** The calling thread's pinning to the main lcore ({@link #pinToMainLcore()}); closing it restores the affinity. */
    @FunctionalInterface
    public interface Pinning extends AutoCloseable
    {
        /** Restores the thread's previous affinity; on the thread that pinned itself only. */
        @Override
        void close();
    }

    /**
     * Ids of all enabled lcores ({@code rte_lcore_is_enabled}).
     *
     * @return the ids, main lcore included, ascending
     */
    public int[] lcores()
    {
        checkRunning("rte_lcore_is_enabled");
        return java.util.stream.IntStream.range(0, EalRaw.MAX_LCORE).filter(EalRaw::lcore_is_enabled).toArray();
    }

    /**
     * The NUMA socket of an lcore ({@code rte_lcore_to_socket_id}).
     *
     * @param lcoreId an EAL lcore id
     * @return its socket; 0 on a machine with one
     */
    public int socketOf(final int lcoreId)
    {
        checkRunning("rte_lcore_to_socket_id");
        return EalRaw.lcore_to_socket_id(lcoreId);
    }

    /**
     * The worker lcores: every lcore EAL enabled at init but the main one.
     *
     * @return an unmodifiable list, ascending by id
     */
    public List<Lcore> workers()
    {
        checkRunning("Eal.workers");
        return Collections.unmodifiableList(workers);
    }

    /**
     * The worker lcore with this id.
     *
     * @param lcoreId an EAL lcore id
     * @return the worker lcore
     * @throws DpdkException (EINVAL) when it is not a worker lcore of this EAL
     */
    public Lcore worker(final int lcoreId)
    {
        checkRunning("Eal.worker(" + lcoreId + ")");
        for (final Lcore lcore : workers)
        {
            if (lcore.id() == lcoreId)
            {
                return lcore;
            }
        }
        throw new DpdkException("Eal.worker(" + lcoreId + ")", 22, "lcore " + lcoreId + " is not a worker lcore; " +
            "workers: " + workers.stream().map(Lcore::id).toList() + ", main: " + mainLcore());
    }

    /**
     * Stops every worker lcore's work and waits for all of them ({@code rte_eal_mp_wait_lcore}).
     *
     * @throws LcoreException the first failure; those of other lcores are suppressed into it
     */
    public void stopWorkers()
    {
        workers.forEach(Lcore::stop);
        Lcore.awaitAll(workers);
    }

    /**
     * The CPU's time stamp counter ({@code rte_rdtsc}): for timers on an lcore's fast path, a critical downcall that
     * costs less than half of {@link System#nanoTime()} on this project's machines (12.5 against 30 ns). Ticks per
     * second: {@link #tscHz()}. Allocation-free; needs no running EAL.
     *
     * @return the counter
     */
    public static long tsc()
    {
        return EalRaw.rdtsc();
    }

    /**
     * The TSC frequency ({@code rte_get_tsc_hz}).
     *
     * @return TSC ticks per second
     */
    public long tscHz()
    {
        checkRunning("rte_get_tsc_hz");
        return EalRaw.get_tsc_hz();
    }

    /**
     * Locks the process's pages in RAM, those mapped now and those mapped later, as dpdk-testpmd does with
     * {@code mlockall(MCL_CURRENT | MCL_FUTURE)} unless {@code --no-mlockall}: nothing the process touched pages out.
     * jdpdk adds {@code MCL_ONFAULT} where the kernel has it (Linux 4.4), so that a page is locked when first touched
     * rather than faulted in at once: DPDK's memory is touched already, but the JVM commits more heap and code cache
     * than it uses, and faulting all of it in took 0.1-0.2 s of a launch and 0.5 GB of RAM (measured 2026-11-29, a
     * 256 MiB initial heap); a kernel without it gets the plain call.
     *
     * @return 0, or the errno libc refused with (EPERM without {@code CAP_IPC_LOCK}, ENOMEM past
     *         {@code RLIMIT_MEMLOCK}); the caller decides whether that matters
     */
    public static int lockAllMemory()
    {
        final int errno = EalRaw.mlockall(EalRaw.MCL_CURRENT | EalRaw.MCL_FUTURE | EalRaw.MCL_ONFAULT);
        return errno == 22 /* EINVAL: no MCL_ONFAULT */ ? EalRaw.mlockall(EalRaw.MCL_CURRENT | EalRaw.MCL_FUTURE) :
            errno;
    }

    /**
     * Whether EAL runs on hugepages ({@code rte_eal_has_hugepages}).
     *
     * @return false with --no-huge
     */
    public boolean hugepages()
    {
        checkRunning("rte_eal_has_hugepages");
        return EalRaw.eal_has_hugepages();
    }

    /**
     * Closes every registered resource, last-in first-out, then calls rte_eal_cleanup. Idempotent.
     * A resource that fails to close does not stop the others; the first failure is rethrown after
     * cleanup, the rest are suppressed into it.
     */
    @Override
    public void close()
    {
        // One closer at a time, but not under Eal.class: lcores finishing their work may still make control calls
        // (Eal.checkRunning takes Eal.class) while close waits for them.
        synchronized (closeLock)
        {
            synchronized (Eal.class)
            {
                if (state != State.RUNNING || current != this)
                {
                    return;
                }
                stoppingLcores = true;
            }
            // Lcores first: nothing may poll a port or touch a pool while they close. Every lcore is asked to stop
            // before any is waited for, and all share one deadline.
            LcoreException stuck = null;
            try
            {
                workers.forEach(Lcore::beginShutdown);
                final long deadline = System.nanoTime() + LCORE_STOP_TIMEOUT.toNanos();
                for (final Lcore lcore : workers)
                {
                    final LcoreException problem = lcore.awaitShutdown(deadline, LCORE_STOP_TIMEOUT);
                    if (problem != null && stuck == null)
                    {
                        stuck = problem;
                    }
                    else if (problem != null)
                    {
                        stuck.addSuppressed(problem);
                    }
                }
            }
            finally
            {
                stoppingLcores = false;
            }
            synchronized (Eal.class)
            {
                if (stuck != null)
                {
                    // Freeing ports, pools or EAL memory under a running lcore would crash the process: leave them.
                    state = State.CLOSED;
                    current = null;
                    throw releaseControlCpus(new DpdkException("Eal.close", 16 /* EBUSY */, stuck.getMessage() +
                        "; ports, pools and EAL memory were left as they are (rte_eal_cleanup not called)", stuck));
                }
                if (multiProcess)
                {
                    TelemetryRaw.pdump_uninit(); // before the ports go: every capture stopped, no lcore inside a callback
                }
                RuntimeException failure = null;
                while (!closeables.isEmpty())
                {
                    try
                    {
                        closeables.pop().close();
                    }
                    catch (final Exception ex)
                    {
                        if (failure == null)
                        {
                            failure = ex instanceof RuntimeException re ? re : new IllegalStateException(ex);
                        }
                        else
                        {
                            failure.addSuppressed(ex);
                        }
                    }
                }
                final int rc = EalRaw.eal_cleanup();
                state = State.CLOSED;
                current = null;
                if (rc < 0 && failure == null)
                {
                    failure = new DpdkException("rte_eal_cleanup", -rc, EalRaw.strerror(-rc));
                }
                failure = releaseControlCpus(failure);
                if (failure != null)
                {
                    throw failure;
                }
            }
        }
    }

    /** The process's threads before rte_eal_init, or none (nothing will be moved) when /proc cannot be read. */
    private static Set<Integer> threadsOrNone()
    {
        try
        {
            return ControlCpus.threads();
        }
        catch (final RuntimeException ex)
        {
            warnThreadsNotMoved(ex);
            return Set.of();
        }
    }

    private static void warnThreadsNotMoved(final RuntimeException ex)
    {
        System.err.println("jdpdk: the JVM's threads stay on every CPU, not moved to EAL's control CPUs: " +
            ex.getMessage());
    }

    /**
     * Gives the moved threads their start-up affinity back, at close.
     *
     * @param failure what close throws already, or null
     * @return {@code failure} with a failure to release suppressed into it, or that failure if there was none
     */
    private RuntimeException releaseControlCpus(final RuntimeException failure)
    {
        if (controlCpus == null)
        {
            return failure;
        }
        try
        {
            controlCpus.release();
        }
        catch (final RuntimeException ex)
        {
            if (failure == null)
            {
                return ex;
            }
            failure.addSuppressed(ex);
        }
        return failure;
    }

    private static MemorySegment argv(final List<String> args)
    {
        // rte_eal_init may keep pointers into argv for the process's lifetime: global memory.
        final Arena arena = Arena.global();
        final MemorySegment argv = arena.allocate(ValueLayout.ADDRESS, args.size() + 2L);
        argv.setAtIndex(ValueLayout.ADDRESS, 0, arena.allocateFrom("jdpdk"));
        for (int i = 0; i < args.size(); i++)
        {
            argv.setAtIndex(ValueLayout.ADDRESS, i + 1, arena.allocateFrom(args.get(i)));
        }
        argv.setAtIndex(ValueLayout.ADDRESS, args.size() + 1, MemorySegment.NULL);
        return argv;
    }

    private static String call(final String... args)
    {
        return "rte_eal_init(" + String.join(" ", args) + ")";
    }
}
