package io.jdpdk.apps.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;


/**
 * DPDK's own sample apps as test oracles (skeleton, l2fwd, l3fwd, packet_ordering): built by the apps module's
 * {@code build-dpdk-examples.sh} from the sources of Debian's dpdk-doc into {@code target/dpdk-examples}.
 */
public final class DpdkExamples
{
    private DpdkExamples()
    {
    }

    /**
     * The binary of DPDK's example {@code name} (e.g. {@code l2fwd}): {@code JDPDK_<NAME>_ORACLE} if set,
     * else {@code target/dpdk-examples/dpdk-<name>}. Skips the test, or fails it under ./jdpdk test ({@link Tools}), when it is missing.
     */
    public static Path binary(final String name)
    {
        final String override = System.getenv("JDPDK_" + name.toUpperCase(Locale.ROOT) + "_ORACLE");
        final Path binary = override != null ? Path.of(override) : Path.of("target", "dpdk-examples", "dpdk-" + name);
        Tools.require(Files.isExecutable(binary), "DPDK's " + name + " example is not built at " + binary.toAbsolutePath() +
            ": install its sources (Debian's dpdk-doc: hugepage-setup/install-deps.sh --test-tools) and rebuild");
        return binary;
    }
}
