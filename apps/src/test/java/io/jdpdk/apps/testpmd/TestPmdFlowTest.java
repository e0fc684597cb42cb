package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.Tools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * testpmd's {@code flow} commands, jdpdk's against dpdk-testpmd's on the same script and the same virtual ports of
 * this host: net_null (no flow API: "Function not implemented"), net_tap without the kernel's multiq qdisc (rules
 * validate but the kernel refuses them; COUNT is refused by the PMD), a port that does not exist, and lines the
 * grammar rejects. Standard output and standard error are compared separately, as files (dpdk-testpmd runs under
 * {@code stdbuf -oL}, or its printf lines would come after the prompt's). Rules that work are checked in the QEMU
 * guest.
 */
class TestPmdFlowTest
{
    private static final AtomicInteger SEQ = new AtomicInteger();

    @TempDir
    Path dir;

    @Test
    void shouldAnswerFlowCommandsAsDpdkTestpmdOnDevicesThatRefuseRules() throws Exception
    {
        Tools.require(Files.isExecutable(TestPmdRun.DPDK_TESTPMD), "dpdk-testpmd is not installed");
        final String script = String.join("\n",
            "flow validate 0 ingress pattern eth / ipv4 / udp dst is 53 / end actions queue index 1 / end",
            "flow create 0 ingress pattern eth / end actions drop / end",
            "flow validate 1 ingress pattern eth / ipv4 src is 10.0.0.1 / udp dst is 53 / end actions queue index 1 / end",
            "flow create 1 ingress pattern eth / ipv4 / udp dst is 53 / end actions queue index 1 / end",
            "flow create 1 ingress pattern eth / end actions count / end",
            "flow create 1 ingress pattern eth / end actions mark id 7 / end",
            "flow validate 1 ingress pattern eth / end actions jump group 1 / end",
            "flow create 1 group 1 priority 2 ingress pattern eth / vlan vid is 5 / end actions drop / end",
            "flow validate 1 ingress pattern eth type is 0x86dd / ipv6 dst spec ::1 dst prefix 64 / tcp flags mask 2 / end actions drop / end",
            "flow validate 1 egress pattern end actions drop / end",
            "flow create 7 ingress pattern eth / end actions drop / end",
            "flow create 0 ingress pattern eth / end actions drop",
            "flow create 0 ingress pattern eth / bogus / end actions drop / end",
            "flow create 0 ingress pattern eth / udp dst is 70000 / end actions drop / end",
            "flow create 0 ingress pattern eth / ipv4 src is 1.2.3 / end actions drop / end",
            "flow create 0 ingress pattern eth / end actions queue index / end",
            "flow list 0",
            "flow list 1 group 0",
            "flow list 7",
            "flow flush 0",
            "flow flush 7",
            "flow destroy 0 rule 0",
            "flow destroy 7 rule 0",
            "flow query 0 0 count",
            "flow query 7 0 count",
            "flow isolate 0 1",
            "flow frobnicate 0",
            "quit", "");
        final String tap = "jflow" + ProcessHandle.current().pid() % 10000 + "x" + SEQ.incrementAndGet();
        final List<String> args = List.of("--in-memory", "--no-pci", "-l", "0-1", "--log-level=lib.eal:error",
            "--vdev=net_null0", "--vdev=net_tap0,iface=" + tap, "--", "-i", "--rxq=2", "--txq=2",
            "--total-num-mbufs=4096");
        final Run dpdk = run(true, args, script);
        final Run jdpdk = run(false, args, script);
        assertEquals(0, dpdk.exit, dpdk.stdout + dpdk.stderr);
        assertEquals(0, jdpdk.exit, jdpdk.stdout + jdpdk.stderr);
        assertEquals(dpdk.session(), jdpdk.session(), "stdout of the commands");
        assertEquals(dpdk.flowErrors(), jdpdk.flowErrors(), "stderr of the commands");
        assertTrue(jdpdk.stderr.contains("port_flow_complain(): Caught PMD error type 1 (cause unspecified): " +
            "Function not implemented: Function not implemented\n"), jdpdk.stderr);
        assertTrue(jdpdk.stderr.contains("Caught PMD error type 16 (specific action): cause: 0x"), jdpdk.stderr);
        assertTrue(jdpdk.stderr.contains("No such device: No such device\n"), jdpdk.stderr);
        assertTrue(jdpdk.stdout.contains("Flow rule validated\n"), "net_tap validates a queue rule: " + jdpdk.stdout);
        assertTrue(jdpdk.stdout.contains("Mempool mb_pool_0: 0 of"), "no mbuf leaked: " + jdpdk.stdout);
    }

    private record Run(int exit, String stdout, String stderr)
    {
        /** Standard output from the first prompt to quit: the commands, echoed, and what they printed. */
        String session()
        {
            final int from = stdout.indexOf("testpmd> ");
            final int to = stdout.indexOf("testpmd> quit");
            assertTrue(from >= 0 && to > from, stdout);
            return stdout.substring(from, to);
        }

        /** The lines on standard error that the flow commands print, the blamed object's address masked. */
        List<String> flowErrors()
        {
            final List<String> lines = new ArrayList<>();
            for (final String line : stderr.split("\n"))
            {
                if (line.matches("(port_flow_complain|Invalid port|Flow rule|Cannot query|Highest rule|tap_).*"))
                {
                    lines.add(line.replaceAll("cause: 0x[0-9a-f]+", "cause: ADDRESS"));
                }
            }
            return lines;
        }
    }

    private Run run(final boolean dpdk, final List<String> args, final String script) throws Exception
    {
        final String name = dpdk ? "dpdk" : "jdpdk";
        final Path in = dir.resolve(name + ".in");
        final Path out = dir.resolve(name + ".out");
        final Path err = dir.resolve(name + ".err");
        Files.writeString(in, script);
        final List<String> command = new ArrayList<>(dpdk ? List.of("stdbuf", "-oL", TestPmdRun.DPDK_TESTPMD.toString()) :
            AppProcess.command(TestPmd.class));
        command.addAll(args);
        final Process p = new ProcessBuilder(command).redirectInput(in.toFile()).redirectOutput(out.toFile())
            .redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS))
        {
            p.destroyForcibly();
            throw new AssertionError(name + " did not exit: " + read(out) + read(err));
        }
        return new Run(p.exitValue(), read(out), read(err));
    }

    private static String read(final Path file) throws IOException
    {
        return Files.readString(file, StandardCharsets.ISO_8859_1);
    }
}
