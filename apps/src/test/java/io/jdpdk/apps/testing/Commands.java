package io.jdpdk.apps.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs the machine's own tools (ip, scapy, ...) from tests, and signals the processes tests start. */
public final class Commands
{
    private Commands()
    {
    }

    /**
     * Runs {@code command} to its end and returns its output (stdout and stderr). The output goes to a file, not
     * a pipe, so a chatty or hung command cannot block the test past {@code timeoutSeconds}; the command is
     * killed if it runs longer.
     *
     * @throws org.opentest4j.AssertionFailedError if it times out or exits non-zero, with its output
     */
    public static String run(final int timeoutSeconds, final String... command)
        throws IOException, InterruptedException
    {
        return run(timeoutSeconds, java.util.Set.of(0), command);
    }

    /** As {@link #run(int, String...)}, for a command whose exit code may be any of {@code exitCodes}. */
    public static String run(final int timeoutSeconds, final java.util.Set<Integer> exitCodes, final String... command)
        throws IOException, InterruptedException
    {
        return runIn(Path.of("."), timeoutSeconds, exitCodes, command);
    }

    /** As {@link #run(int, java.util.Set, String...)}, in the directory {@code dir}. */
    public static String runIn(final Path dir, final int timeoutSeconds, final java.util.Set<Integer> exitCodes,
        final String... command) throws IOException, InterruptedException
    {
        final Path log = Files.createTempFile("jdpdk-command", ".log");
        try
        {
            final Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            try
            {
                final boolean ended = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
                final String out = new String(Files.readAllBytes(log), StandardCharsets.UTF_8); // never throws
                assertTrue(ended, String.join(" ", command) + " still running after " + timeoutSeconds + " s:\n" +
                    out);
                assertTrue(exitCodes.contains(p.exitValue()), String.join(" ", command) + " exited " + p.exitValue() +
                    ":\n" + out);
                return out;
            }
            finally
            {
                p.destroyForcibly();
            }
        }
        finally
        {
            Files.deleteIfExists(log);
        }
    }

    /**
     * Sends the frames of {@code pcap} out of the kernel interface {@code iface} with scapy's {@code sendp}, one
     * every {@code interSeconds} (0: as fast as scapy goes), and waits until all are sent.
     */
    public static void sendp(final java.nio.file.Path pcap, final String iface, final double interSeconds)
        throws IOException, InterruptedException
    {
        run(60, "/usr/bin/python3", "-c", "import sys\nfrom scapy.all import rdpcap, sendp\n" +
            "sendp(rdpcap(sys.argv[1]), iface=sys.argv[2], inter=float(sys.argv[3]), verbose=False)",
            pcap.toString(), iface, Double.toString(interSeconds));
    }

    /**
     * DPDK's {@code dpdk-telemetry.py -f prefix}: its answers to {@code commands} (e.g. {@code /ethdev/stats,0}),
     * one JSON object per line, from the DPDK process (C or jdpdk) started with {@code --file-prefix prefix}.
     */
    public static String telemetry(final String prefix, final String... commands)
        throws IOException, InterruptedException
    {
        final Path in = Files.createTempFile("jdpdk-telemetry", ".in");
        try
        {
            Files.writeString(in, String.join("\n", commands) + "\n");
            return run(30, "/bin/sh", "-c", "exec /usr/bin/python3 /usr/bin/dpdk-telemetry.py -f \"$1\" < \"$2\"", "sh",
                prefix, in.toString());
        }
        finally
        {
            Files.deleteIfExists(in);
        }
    }

    /** A veth pair, up, with IPv6 off so the kernel sends nothing of its own through it (an old pair goes first). */
    public static void veth(final String inside, final String outside) throws IOException, InterruptedException
    {
        new ProcessBuilder("ip", "link", "del", inside).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
        run(30, "ip", "link", "add", inside, "type", "veth", "peer", "name", outside);
        for (final String iface : java.util.List.of(inside, outside))
        {
            Files.writeString(Path.of("/proc/sys/net/ipv6/conf", iface, "disable_ipv6"), "1");
        }
        run(30, "ip", "link", "set", inside, "up");
        run(30, "ip", "link", "set", outside, "up");
    }

    /**
     * Removes what a DPDK process started with {@code --file-prefix prefix} leaves behind when it ends, C or jdpdk
     * alike: its runtime directory {@code /var/run/dpdk/PREFIX} and, unless it ran {@code --in-memory}, its hugepage
     * files {@code PREFIXmap_*} in every hugetlbfs mount (EAL keeps them for the next primary of that prefix; left
     * there, they hold their hugepages). For the tests' own prefixes, once their processes ended.
     */
    public static void removeDpdkFiles(final String prefix) throws IOException
    {
        final Path runtime = Path.of("/var/run/dpdk", prefix);
        if (Files.isDirectory(runtime))
        {
            try (java.util.stream.Stream<Path> files = Files.walk(runtime))
            {
                for (final Path p : files.sorted(java.util.Comparator.reverseOrder()).toList())
                {
                    Files.deleteIfExists(p);
                }
            }
        }
        for (final Path mount : io.jdpdk.eal.Hugepages.mounts())
        {
            try (java.nio.file.DirectoryStream<Path> files = Files.newDirectoryStream(mount, prefix + "map_*"))
            {
                for (final Path p : files)
                {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** Sends SIGINT to {@code process}, as Ctrl-C does (Java's own destroy sends SIGTERM or SIGKILL). */
    public static void sigint(final Process process) throws IOException, InterruptedException
    {
        new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
    }
}
