package io.jdpdk.eal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The one EAL of a forked test JVM: initialised on first use with five lcores and no PCI scan,
 * on hugepages when the machine has them reserved (hugepage-setup/hugepages.sh), else with
 * {@code --no-huge}. Tests create the virtual devices they need at runtime with unique names.
 * The EAL closes when the JVM exits.
 */
public final class TestEal
{
    private static Eal eal;
    private static int deviceSeq;

    private TestEal()
    {
    }

    /** The shared EAL, initialised on first call. */
    public static synchronized Eal get()
    {
        if (eal == null)
        {
            eal = Eal.init(args());
            Runtime.getRuntime().addShutdownHook(new Thread(() -> eal.close(), "eal-cleanup"));
        }
        return eal;
    }

    /** The EAL arguments the shared EAL uses. */
    public static String[] args()
    {
        // Five lcores on the two CPUs: enough for RX, worker and TX stages; lcore 1 alone owns CPU 1.
        final List<String> args = new ArrayList<>(Arrays.asList("--lcores=0@0,1@1,2@0,3@0,4@0", "--no-pci",
            "--log-level=*:warning"));
        if (Hugepages.problem() != null)
        {
            args.addAll(List.of("--no-huge", "-m", "512"));
        }
        else
        {
            // One file per memseg list, as virtio-user needs to hand its memory to a vhost-user backend (which
            // takes 8 regions at most: a file per 2 MiB page is "Too many memory regions").
            args.add("--single-file-segments");
        }
        return args.toArray(String[]::new);
    }

    /** A device name unique in this JVM, e.g. {@code net_null_t7}, for {@code Port.probe}. */
    public static synchronized String uniqueName(final String driver)
    {
        return driver + "_t" + (++deviceSeq);
    }
}
