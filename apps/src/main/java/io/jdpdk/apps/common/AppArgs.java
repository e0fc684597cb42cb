package io.jdpdk.apps.common;

import io.jdpdk.eal.Hugepages;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A DPDK command line: EAL arguments, then {@code --}, then the application's own, as every DPDK
 * sample takes them.
 *
 * @param eal the EAL arguments
 * @param app the application's arguments
 */
public record AppArgs(String[] eal, String[] app)
{
    /**
     * Splits at the first {@code --}; with none, everything is EAL arguments (as rte_eal_init sees it).
     *
     * @param args the program's arguments
     * @return the two parts, copies of {@code args}
     */
    public static AppArgs split(final String... args)
    {
        final int dashes = Arrays.asList(args).indexOf("--");
        if (dashes < 0)
        {
            return new AppArgs(args.clone(), new String[0]);
        }
        return new AppArgs(Arrays.copyOfRange(args, 0, dashes), Arrays.copyOfRange(args, dashes + 1, args.length));
    }

    /**
     * The EAL arguments, or when there are none, the demo defaults: one lcore, no PCI scan, the given
     * virtual devices, and {@code --no-huge} when the machine has no hugepages reserved (said on
     * {@code note}).
     *
     * @param note where the note about plain memory goes
     * @param vdevs the virtual devices, e.g. "net_null0"
     * @return the EAL arguments to pass to {@code Eal.init}
     */
    public String[] ealOrDefaults(final java.io.PrintStream note, final String... vdevs)
    {
        return ealOrDefaults(note, List.of("-l", "0"), vdevs);
    }

    /**
     * As {@link #ealOrDefaults(java.io.PrintStream, String...)}, on the lcores {@code lcoreArgs} give (e.g.
     * {@code --lcores=(0-2)@(0-1)} for an app that needs three).
     *
     * @param note      where the note about plain memory goes
     * @param lcoreArgs the EAL arguments that choose the lcores
     * @param vdevs     the virtual devices
     * @return the EAL arguments to pass to {@code Eal.init}
     */
    public String[] ealOrDefaults(final java.io.PrintStream note, final List<String> lcoreArgs, final String... vdevs)
    {
        if (eal.length > 0)
        {
            return eal;
        }
        final List<String> out = new ArrayList<>(lcoreArgs);
        out.add("--no-pci");
        for (final String vdev : vdevs)
        {
            out.add("--vdev=" + vdev);
        }
        final String problem = Hugepages.problem();
        if (problem != null)
        {
            note.println("jdpdk: " + problem + "; running on plain memory (--no-huge). " +
                "Reserve hugepages with hugepage-setup/hugepages.sh --setup 1G for full speed.");
            out.addAll(List.of("--no-huge", "-m", "256"));
        }
        return out.toArray(String[]::new);
    }
}
