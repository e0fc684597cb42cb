package io.jdpdk.eal.raw;

import io.jdpdk.eal.DpdkUnavailableException;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * Loads {@code libjdpdk.so}, the fast-path shim built by this module from
 * {@code src/main/native/jdpdk_shim.c}, and through it DPDK's own shared libraries, which the shim
 * names as dependencies. Every downcall handle in jdpdk is made here.
 * <p>
 * The shim is looked for in {@code -Djdpdk.native.lib=PATH}, else extracted from this jar to a
 * temporary file. A missing DPDK, a wrong DPDK version or a JVM without
 * {@code --enable-native-access} or without {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}
 * gives one {@link DpdkUnavailableException} that says so.
 */
@SuppressWarnings("restricted") // the raw binding: loads the shim, makes downcalls and upcalls
public final class NativeLibrary
{
    /** The DPDK release jdpdk's layouts and shim are written for: 22.11 LTS (year, month). */
    public static final int SUPPORTED_YEAR = 22;
    /** The month of the supported DPDK release, 11 of 22.11; see {@link #SUPPORTED_YEAR}. */
    public static final int SUPPORTED_MONTH = 11;

    private static final String RESOURCE = "/native/linux-x86_64/libjdpdk.so";
    /** Names tried for the extracted shim (files left by killed processes of the same pid take the first). */
    private static final int MAX_EXTRACT_ATTEMPTS = 100;
    private static final Linker LINKER = Linker.nativeLinker();
    /** Short, non-blocking fast-path calls: no thread-state transition around the call. */
    private static final Linker.Option[] CRITICAL = { Linker.Option.critical(false) };
    private static final Linker.Option[] NONE = {};

    private static volatile SymbolLookup lookup;

    private NativeLibrary()
    {
    }

    /**
     * Loads the shim and DPDK, checking the DPDK version. Idempotent and thread-safe.
     *
     * @return the lookup of the shim's and DPDK's symbols
     * @throws DpdkUnavailableException when DPDK 22.11 cannot be loaded
     */
    public static SymbolLookup load()
    {
        SymbolLookup l = lookup;
        if (l == null)
        {
            synchronized (NativeLibrary.class)
            {
                l = lookup;
                if (l == null)
                {
                    l = open();
                    checkVersion(l);
                    lookup = l;
                }
            }
        }
        return l;
    }

    /**
     * A downcall for a control-path function: ordinary thread-state transitions, may block.
     *
     * @param name the symbol, in the shim or DPDK
     * @param descriptor its C signature
     * @return the downcall handle
     * @throws DpdkUnavailableException when the symbol or DPDK is missing
     */
    public static MethodHandle downcall(final String name, final FunctionDescriptor descriptor)
    {
        return LINKER.downcallHandle(find(name), descriptor, NONE);
    }

    /**
     * A downcall of a function of variable arguments, such as {@code rte_log}: {@code descriptor} holds the fixed
     * arguments and then the variable ones of this handle's calls.
     *
     * @param name       the C symbol
     * @param descriptor its signature, as called
     * @param firstVariadic the index of the first variable argument
     * @return the downcall handle
     * @throws DpdkUnavailableException when the symbol or DPDK is missing
     */
    public static MethodHandle variadic(final String name, final FunctionDescriptor descriptor, final int firstVariadic)
    {
        return LINKER.downcallHandle(find(name), descriptor, Linker.Option.firstVariadicArg(firstVariadic));
    }

    /**
     * A downcall for a short fast-path function that never blocks, calls back into Java or takes
     * a heap segment ({@code Linker.Option.critical}).
     *
     * @param name the symbol, in the shim or DPDK
     * @param descriptor its C signature
     * @return the downcall handle
     * @throws DpdkUnavailableException when the symbol or DPDK is missing
     */
    public static MethodHandle critical(final String name, final FunctionDescriptor descriptor)
    {
        return LINKER.downcallHandle(find(name), descriptor, CRITICAL);
    }

    /**
     * An upcall stub, in global memory, that calls the static method {@code target} from native code. The target
     * must catch everything: an exception that reaches the stub ends the JVM.
     *
     * @param target the Java method native code calls
     * @param descriptor the C signature of the function pointer
     * @return the function pointer, valid for the life of the process
     */
    public static MemorySegment upcall(final MethodHandle target, final FunctionDescriptor descriptor)
    {
        return LINKER.upcallStub(target, descriptor, Arena.global());
    }

    /**
     * A downcall into the C library (libc), e.g. {@code sched_getaffinity}; does not load DPDK.
     *
     * @param name the libc symbol
     * @param descriptor its C signature
     * @param options linker options, e.g. none
     * @return the downcall handle
     * @throws DpdkUnavailableException when libc has no such symbol
     */
    public static MethodHandle libc(final String name, final FunctionDescriptor descriptor, final Linker.Option... options)
    {
        final MemorySegment symbol = LINKER.defaultLookup().find(name)
            .orElseThrow(() -> new DpdkUnavailableException("libc has no symbol " + name, null));
        return LINKER.downcallHandle(symbol, descriptor, options);
    }

    /**
     * The address of an exported symbol of the shim or of DPDK; loads them first.
     *
     * @param name the symbol
     * @return its address
     * @throws DpdkUnavailableException when it is missing
     */
    public static MemorySegment find(final String name)
    {
        final Optional<MemorySegment> symbol = load().find(name);
        return symbol.orElseThrow(() -> new DpdkUnavailableException(
            "symbol " + name + " not found in libjdpdk.so or the DPDK libraries it links; is DPDK " +
            SUPPORTED_YEAR + "." + SUPPORTED_MONTH + " installed?", null));
    }

    /**
     * Loads the installed library {@code soname} (e.g. {@code librte_metrics.so.23}) for the life of the process, its
     * constructors run, after the shim and the DPDK libraries it links.
     *
     * @param soname the library's file name, looked up as the dynamic linker looks up a program's libraries
     * @throws DpdkUnavailableException when it cannot be loaded
     */
    public static void loadLibrary(final String soname)
    {
        load();
        library(soname);
    }

    /**
     * A downcall for a control-path function of an installed DPDK library that the shim does not link (librte_metrics,
     * librte_latencystats, librte_bitratestats: their constructors act, so they load only for a program that uses
     * them), loading that library first ({@link #loadLibrary}).
     *
     * @param soname the library's file name, e.g. {@code librte_latencystats.so.23}
     * @param name the symbol
     * @param descriptor its C signature
     * @return the downcall handle
     * @throws DpdkUnavailableException when the library or the symbol is missing
     */
    public static MethodHandle downcallIn(final String soname, final String name, final FunctionDescriptor descriptor)
    {
        load();
        final MemorySegment symbol = library(soname).find(name).orElseThrow(() -> new DpdkUnavailableException(
            "symbol " + name + " not found in " + soname, null));
        return LINKER.downcallHandle(symbol, descriptor, NONE);
    }

    /** {@code dlopen} of an installed library for the life of the process (once; later calls count references). */
    private static SymbolLookup library(final String soname)
    {
        try
        {
            return SymbolLookup.libraryLookup(soname, Arena.global());
        }
        catch (final IllegalArgumentException ex)
        {
            throw new DpdkUnavailableException("cannot load " + soname + " (" + ex.getMessage() + "): is DPDK " +
                SUPPORTED_YEAR + "." + SUPPORTED_MONTH + " installed in full (Debian package dpdk)?", ex);
        }
    }

    /**
     * Rethrows what {@code invokeExact} declared, unchecked (downcalls throw only errors): runtime exceptions and
     * errors as they are, anything else wrapped in an {@link IllegalStateException}.
     *
     * @param t what the invocation threw
     * @return never returns normally; declared so that callers can write {@code throw rethrow(t)}
     */
    public static RuntimeException rethrow(final Throwable t)
    {
        if (t instanceof RuntimeException re)
        {
            throw re;
        }
        if (t instanceof Error e)
        {
            throw e;
        }
        throw new IllegalStateException(t);
    }

    private static SymbolLookup open()
    {
        final Module agrona = org.agrona.UnsafeApi.class.getModule();
        if (!Object.class.getModule().isExported("jdk.internal.misc", agrona))
        {
            // Memory's raw access goes through Agrona's UnsafeApi, which needs this export.
            throw new DpdkUnavailableException("raw memory access is not allowed: run java with " +
                "--add-exports java.base/jdk.internal.misc=" + (agrona.isNamed() ? agrona.getName() : "ALL-UNNAMED") +
                " (Agrona needs it too)", null);
        }
        final Path path;
        try
        {
            path = shimPath();
        }
        catch (final IOException ex)
        {
            throw new DpdkUnavailableException("cannot extract libjdpdk.so from the jar: " + ex.getMessage(), ex);
        }
        try
        {
            return SymbolLookup.libraryLookup(path, Arena.global());
        }
        catch (final IllegalCallerException ex)
        {
            throw new DpdkUnavailableException("native access is disabled: run java with --enable-native-access=" +
                (NativeLibrary.class.getModule().isNamed() ? "io.jdpdk.eal,io.jdpdk.pmd" : "ALL-UNNAMED"), ex);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new DpdkUnavailableException(
                "cannot load " + path + " (" + ex.getMessage() + "). DPDK " + SUPPORTED_YEAR + "." +
                SUPPORTED_MONTH + " shared libraries (librte_eal.so.23, librte_ethdev.so.23, ...) must be " +
                "installed: run hugepage-setup/install-deps.sh as root (Debian packages dpdk, libdpdk-dev)", ex);
        }
    }

    private static Path shimPath() throws IOException
    {
        final String configured = System.getProperty("jdpdk.native.lib");
        if (configured != null)
        {
            return Path.of(configured);
        }
        try (InputStream in = NativeLibrary.class.getResourceAsStream(RESOURCE))
        {
            if (in == null)
            {
                throw new IOException(RESOURCE + " is not on the class path; build with mvn so the shim is compiled");
            }
            return extract(in, Path.of(System.getProperty("java.io.tmpdir")), ProcessHandle.current().pid());
        }
    }

    /**
     * Writes {@code in} to a new file {@code libjdpdk-PID-N.so} in {@code dir}, deleted when the JVM exits, with the
     * first N whose name is free. Not {@code Files.createTempFile}: its random name seeds a SecureRandom, and DPDK
     * was loaded 90-145 ms into a launch this way against 125-170 ms that way. {@code CREATE_NEW} (O_EXCL) neither
     * follows a link nor opens an existing file, so a name a killed process of the same pid left, or another user
     * chose first, is skipped.
     */
    static Path extract(final InputStream in, final Path dir, final long pid) throws IOException
    {
        for (int attempt = 0; ; attempt++)
        {
            final Path tmp = dir.resolve("libjdpdk-" + pid + "-" + attempt + ".so");
            try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE))
            {
                tmp.toFile().deleteOnExit();
                in.transferTo(out);
                return tmp;
            }
            catch (final FileAlreadyExistsException ex)
            {
                if (attempt == MAX_EXTRACT_ATTEMPTS)
                {
                    throw new IOException("no free name for the shim in " + dir + " after " + (attempt + 1) +
                        " tries (libjdpdk-" + pid + "-N.so)", ex);
                }
            }
        }
    }

    /**
     * Null when {@code installed} (what rte_version() says, e.g. "DPDK 22.11.11") and the version
     * the shim was built against ({@code year << 8 | month}) are the supported release, else why not.
     */
    static String versionProblem(final String installed, final int built)
    {
        final String expected = SUPPORTED_YEAR + "." + SUPPORTED_MONTH;
        if (!installed.startsWith("DPDK " + expected + ".") && !installed.equals("DPDK " + expected))
        {
            return "installed " + installed + " is not supported: jdpdk needs DPDK " + expected +
                " LTS (ABI 23); install Debian 12's dpdk packages (hugepage-setup/install-deps.sh)";
        }
        if (built != (SUPPORTED_YEAR << 8 | SUPPORTED_MONTH))
        {
            return "libjdpdk.so was built against DPDK " + (built >> 8) + "." + (built & 0xFF) +
                " headers, jdpdk needs " + expected + ": rebuild with mvn";
        }
        return null;
    }

    private static void checkVersion(final SymbolLookup l)
    {
        final String installed;
        final int built;
        try
        {
            final MemorySegment versionFn = l.find("rte_version").orElseThrow();
            final MemorySegment builtFn = l.find("jdpdk_built_version").orElseThrow();
            final MethodHandle version = LINKER.downcallHandle(versionFn, FunctionDescriptor.of(
                java.lang.foreign.ValueLayout.ADDRESS.withTargetLayout(
                    java.lang.foreign.MemoryLayout.sequenceLayout(256, java.lang.foreign.ValueLayout.JAVA_BYTE))));
            final MethodHandle builtVersion = LINKER.downcallHandle(builtFn,
                FunctionDescriptor.of(java.lang.foreign.ValueLayout.JAVA_INT));
            installed = ((MemorySegment)version.invokeExact()).getString(0);
            built = (int)builtVersion.invokeExact();
        }
        catch (final Throwable t)
        {
            throw new DpdkUnavailableException("cannot read the DPDK version: " + t, t);
        }
        final String problem = versionProblem(installed, built);
        if (problem != null)
        {
            throw new DpdkUnavailableException(problem, null);
        }
    }
}
