package io.jdpdk.apps.vm;

import io.jdpdk.pmd.NicPreflight;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Runs in the test guest ({@link GuestPreflightIT}), with no DPDK: for each argument {@code LABEL=SHELL}, runs the
 * shell command that puts the machine in a state (load a NIC driver, bind with bind-nic.sh, vfio's no-IOMMU mode),
 * then prints what {@code hugepage-setup/check.sh} and {@link NicPreflight} say of NIC 0000:00:03.0 there, between
 * "--- LABEL" and "--- end LABEL" lines.
 */
public final class PreflightScenario
{
    private static final String NIC = "0000:00:03.0";

    private PreflightScenario()
    {
    }

    public static void main(final String[] args) throws IOException, InterruptedException
    {
        for (final String arg : args)
        {
            final int eq = arg.indexOf('=');
            final String label = arg.substring(0, eq);
            System.out.println("--- " + label);
            System.out.print(run(arg.substring(eq + 1)));
            System.out.print(run("hugepage-setup/check.sh 2>&1"));
            final String problem = new NicPreflight().problem(NIC);
            System.out.println("preflight " + NIC + ": " + (problem == null ? "ready for DPDK" : problem));
            System.out.println("--- end " + label);
            System.out.flush();
        }
    }

    private static String run(final String shell) throws IOException, InterruptedException
    {
        final Process p = new ProcessBuilder("bash", "-c", shell).redirectErrorStream(true).start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return out + "exit " + p.waitFor() + "\n";
    }
}
