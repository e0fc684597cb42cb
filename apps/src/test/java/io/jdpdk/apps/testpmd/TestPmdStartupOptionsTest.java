package io.jdpdk.apps.testpmd;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * testpmd's start-up options that need the EAL ({@code --coremask}, {@code --socket-num},
 * {@code --disable-device-start}, {@code --flow-isolate-all}, {@code --eth-link-speed}, {@code --rx-mq-mode},
 * {@code --print-event}/{@code --mask-event}, {@code --mlockall}...), each beside dpdk-testpmd 22.11 on the same
 * devices, and the ethdev events both print.
 */
class TestPmdStartupOptionsTest
{
    @TempDir
    static Path dir;

    private static final List<String> NULLS = List.of("--vdev=net_null0", "--vdev=net_null1");

    @BeforeAll
    static void oracle()
    {
        TestPmdSession.requireDpdkTestpmd();
    }

    @Test
    void shouldSetTheForwardingLcoresByMaskAsDpdkTestpmd() throws Exception
    {
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, NULLS, List.of("--coremask=0x2"),
            List.of("show config fwd", "set coremask 0x1", "set coremask 0x4", "set coremask 0", "set coremask 0x2",
                "start", "set coremask 0x2", "stop", "show config fwd"), TestPmdSession::maskCounts);
        assertTrue(dpdk.get(1).contains("lcore 0 cannot be masked on for running packet forwarding"), dpdk.get(1));
        assertTrue(dpdk.get(2).contains("lcore 2 not enabled"), dpdk.get(2));
        assertTrue(dpdk.get(3).contains("Invalid NULL mask of cores"), dpdk.get(3));
        assertTrue(dpdk.get(6).contains("Please stop forwarding first"), dpdk.get(6));
    }

    @Test
    void shouldLeaveThePortsStoppedWithDisableDeviceStartAsDpdkTestpmd() throws Exception
    {
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, NULLS, List.of("--disable-device-start",
                "--eth-link-speed=10000", "--rx-mq-mode=0x0", "--max-lro-pkt-size=9000", "--no-rmv-interrupt",
                "--socket-num=0", "--mlockall", "--rss-level-inner", "--no-iova-contig", "--flowgen-clones=2"),
            List.of("show port summary all", "start", "stop", "port start all", "show port summary all"),
            TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("net_null0    net_null       down"), dpdk.get(0));
        assertTrue(dpdk.get(3).contains("Configuring Port 0 (socket 0)"), dpdk.get(3));
    }

    @Test
    void shouldApplyFlowIsolationBeforeConfiguringEachPortAsDpdkTestpmd() throws Exception
    {
        // net_null has no rte_flow: the start fails with the PMD's words and the ports wait for a command.
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, NULLS, List.of("--flow-isolate-all"),
            List.of("show port summary all", "port start 1", "show port summary all"), TestPmdSession::maskMacs);
        assertTrue(dpdk.get(1).contains("Failed to apply isolated mode on port 1"), dpdk.get(1));
    }

    @Test
    void shouldRefuseWhatTheEalCannotGiveAsDpdkTestpmd() throws Exception
    {
        for (final List<String> args : List.of(List.of("--coremask=0x1"), List.of("--coremask=0x4"),
            List.of("--socket-num=3")))
        {
            final TestPmdSession.Exit dpdk = TestPmdSession.exitOnDevices(true, dir, NULLS, args);
            final TestPmdSession.Exit jdpdk = TestPmdSession.exitOnDevices(false, dir, NULLS, args);
            assertEquals(1, dpdk.code(), dpdk.stderr());
            assertEquals(1, jdpdk.code(), jdpdk.stderr());
            final String why = dpdk.stderr().lines().filter(l -> l.startsWith("lcore ") || l.startsWith("Invalid"))
                .findFirst().orElseThrow();
            final String cause = dpdk.stderr().lines().filter(l -> l.startsWith("  Cause: ")).findFirst().orElseThrow()
                .substring("  Cause: ".length());
            assertTrue(jdpdk.stderr().contains(why + "\nEAL: Error - exiting with code: 1\n  Cause: " + cause),
                args + ": " + jdpdk.stderr());
        }
    }

    @Test
    void shouldTakeNumaConfigurationsAndAPeersFileAsDpdkTestpmd() throws Exception
    {
        // DPDK 22.11 parses a peers file's line with its newline, which no address has: only a last line without one
        // is taken (a file of several lines is refused, below).
        final Path peers = dir.resolve("peers");
        Files.writeString(peers, "0A:0B:0C:0D:0E:0F");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, NULLS, List.of("--port-numa-config=(0,0),(1,0)",
            "--ring-numa-config=(0,1,0),(1,3,0)", "--eth-peers-configfile=" + peers),
            List.of("show port info 1", "show config fwd"),
            results -> results.stream().map(r -> r.replaceAll("MAC address: \\S+", "MAC address: MAC")).toList());
        assertTrue(dpdk.get(0).contains("memory allocation on the socket: 0"), dpdk.get(0));
        assertTrue(dpdk.get(1).contains("TX P=0/Q=0 (socket 0) peer=0A:0B:0C:0D:0E:0F"), dpdk.get(1));
    }

    @Test
    void shouldTakeTheHairpinRxqShareAndTunnelPortOptionsTheDevicesLetPassAsDpdkTestpmd() throws Exception
    {
        // The virtual devices have no hairpin queues and no shared RX queues: testpmd takes 0 hairpin queues, a mode,
        // a share group size and the tunnel ports its csum would parse, and refuses a hairpin queue.
        TestPmdSession.sameAsDpdk(dir, NULLS, List.of("--hairpinq=0", "--hairpin-mode=0x12", "--rxq-share",
            "--rxq-share=2", "--vxlan-gpe-port=4791", "--geneve-parsed-port=6082"), List.of("show config fwd"),
            TestPmdSession::maskMacs);
        final TestPmdSession.Exit dpdk = TestPmdSession.exitOnDevices(true, dir, NULLS, List.of("--hairpinq=1"));
        final TestPmdSession.Exit jdpdk = TestPmdSession.exitOnDevices(false, dir, NULLS, List.of("--hairpinq=1"));
        assertEquals(1, dpdk.code(), dpdk.stderr());
        assertEquals(1, jdpdk.code(), jdpdk.stderr());
        assertTrue(testpmdLines(dpdk.stderr()).contains(
            "Fail: input hairpin (1) can't be greater than max_hairpin_queues (0) of port 0"), dpdk.stderr());
        assertEquals(testpmdLines(dpdk.stderr()), testpmdLines(jdpdk.stderr()));
    }

    @Test
    void shouldRefuseBadQueueCountsNumaConfigurationsAndPeersFilesAsDpdkTestpmd() throws Exception
    {
        final Path twoLines = dir.resolve("two");
        Files.writeString(twoLines, "0A:0B:0C:0D:0E:0F\n0A:0B:0C:0D:0E:10\n");
        for (final String option : List.of("--rxq=2000", "--txq=-1", "--port-numa-config=(2,0)", "--port-numa-config=(0,1)",
            "--port-numa-config=(0,)", "--ring-numa-config=(0,4,0)", "--ring-numa-config=(1,2,1)",
            "--eth-peers-configfile=" + twoLines, "--eth-peers-configfile=" + dir.resolve("none")))
        {
            final TestPmdSession.Exit dpdk = TestPmdSession.exitOnDevices(true, dir, NULLS, List.of(option));
            final TestPmdSession.Exit jdpdk = TestPmdSession.exitOnDevices(false, dir, NULLS, List.of(option));
            assertEquals(1, dpdk.code(), dpdk.stderr());
            assertEquals(1, jdpdk.code(), jdpdk.stderr());
            assertEquals(testpmdLines(dpdk.stderr()), testpmdLines(jdpdk.stderr()), option);
        }
    }

    @Test
    void shouldMakeThePoolEachMpAllocModeAsksForAsDpdkTestpmd() throws Exception
    {
        // anon: anonymous memory, whose chunks (its physically contiguous runs, as many as the kernel's pages make
        // in that run) testpmd registers with DPDK and maps for each device's DMA, and unmaps and unregisters at the
        // exit: DPDK refuses some (a run without free memseg lists), and each refused one logs one line at each
        // step, checked by count; xmem and xmemhuge: an external heap of plain or huge pages; xbuf: data buffers
        // pinned in memzones.
        for (final String mode : List.of("anon", "xmem", "xmemhuge", "xbuf"))
        {
            final List<String> args = List.of("--mp-alloc=" + mode);
            TestPmdSession.sameAsDpdk(dir, NULLS, args, List.of("show config fwd"), TestPmdSession::maskMacs);
            final TestPmdSession.Exit dpdk = TestPmdSession.exitOnDevices(true, dir, NULLS, args);
            final TestPmdSession.Exit jdpdk = TestPmdSession.exitOnDevices(false, dir, NULLS, args);
            assertEquals(0, jdpdk.code(), jdpdk.stderr());
            assertEquals(withoutDmaLines(distinctLines(dpdk.stderr())), withoutDmaLines(distinctLines(jdpdk.stderr())),
                mode);
            final List<String> lines = testpmdLines(jdpdk.stderr());
            final long unregistered = lines.stream().filter(l -> l.startsWith("testpmd: unable to register")).count();
            assertEquals(unregistered, lines.stream().filter(l -> l.startsWith("testpmd: unable to un-register"))
                .count(), "each chunk DPDK refused is refused again at the exit");
            assertEquals(2 * unregistered, lines.stream().filter(l -> l.startsWith("testpmd: unable to DMA unmap"))
                .count(), "and not unmapped for either port");
            final TestPmdSession.Result run = TestPmdSession.run(false, dir, TestPmdSession.args(NULLS, args),
                List.of("start", TestPmdSession.PAUSE + "300", "stop"));
            final long[] acc = TestPmdRun.accumulated(run.stdout());
            assertTrue(acc != null && acc[0] > 0 && acc[0] == acc[2], mode + " forwards: " + run.stdout());
            assertTrue(run.stdout().contains("Mempool mb_pool_0: 0 of 8192 mbufs in use"), run.stdout());
        }
    }

    @Test
    void shouldMakeAPoolPerMbufSizeAndSplitOrPoolTheRxQueuesOnlyWhereTheDeviceCanAsDpdkTestpmd() throws Exception
    {
        // A pool per --mbuf-size (mb_pool_0, mb_pool_0_1); the RX split settings of --rxpkts, --rxoffs, --rxhdrs and
        // their set commands, which act only on queues with the buffer split offload (no virtual device has it);
        // --multi-rx-mempool, refused at the start: net_null takes one pool, and one size makes one pool.
        final List<String> split = List.of("--mbuf-size=2048,4096", "--rxpkts=64,128", "--rxoffs=0,2",
            "--rxhdrs=eth,ipv4-udp,foo");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, NULLS, split, List.of("show config rxpkts",
            "show config rxoffs", "show config rxhdrs", "set rxpkts 1,2,3,4,5,6,7,8", "set rxoffs 65535",
            "set rxhdrs eth,eth,eth,eth,eth,eth,eth,eth,eth", "set rxhdrs eth,ipv6-tcp", "show config rxhdrs",
            "show config rxpkts", "set rxpkts 7,a", "port stop all", "port start all"), TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("Number of segments: 4\nSegment sizes: 64,128,0,0"), dpdk.get(0));
        assertTrue(dpdk.get(1).contains("Segment offsets: 0,128"), "22.11 prints the last offset from the lengths: " +
            dpdk.get(1));
        assertTrue(dpdk.get(2).contains("Packet segs: eth, ipv4-udp, unsupported, payload"), dpdk.get(2));
        assertTrue(dpdk.get(7).contains("Packet segs: eth, ipv6-tcp, payload"), dpdk.get(7));
        for (final List<String> args : List.of(split, List.of("--mbuf-size=2048,4096", "--multi-rx-mempool"),
            List.of("--multi-rx-mempool"), List.of("--rxhdrs=,"), List.of("--rxoffs=1,x")))
        {
            final TestPmdSession.Exit c = TestPmdSession.exitOnDevices(true, dir, NULLS, args);
            final TestPmdSession.Exit jdpdk = TestPmdSession.exitOnDevices(false, dir, NULLS, args);
            assertEquals(c.code(), jdpdk.code(), args + ": " + jdpdk.stderr());
            assertEquals(testpmdLines(c.stderr()), testpmdLines(jdpdk.stderr()), args.toString());
            if (args.contains("--mbuf-size=2048,4096"))
            {
                assertTrue(c.stderr().contains("create a new mbuf pool <mb_pool_0_1>: n=8192, size=4096, socket=0"),
                    c.stderr());
            }
            if (args.contains("--multi-rx-mempool"))
            {
                assertEquals(1, c.code(), c.stderr());
                assertTrue(c.stderr().contains(args.size() == 1 ? "Invalid number of mempools 1" :
                    "Port 0 doesn't support requested multi-rx-mempool configuration."), c.stderr());
            }
        }
    }

    /** {@code lines} without the anonymous pool's DMA lines, whose number depends on the run's physical pages. */
    private static List<String> withoutDmaLines(final List<String> lines)
    {
        return lines.stream().filter(l -> !l.matches("testpmd: unable to (register|un-register|DMA (un)?map) .*"))
            .toList();
    }

    /** {@link #testpmdLines}, addresses masked, each line once, sorted. */
    private static List<String> distinctLines(final String stderr)
    {
        return testpmdLines(stderr).stream().map(l -> l.replaceAll("0x0x[0-9a-f]+", "ADDR")).distinct().sorted()
            .toList();
    }

    /** Standard error without EAL's and telemetry's own lines (rte_exit's "EAL: Error" kept). */
    private static List<String> testpmdLines(final String stderr)
    {
        return stderr.lines().filter(l -> l.startsWith("EAL: Error") || !l.startsWith("EAL: ") &&
            !l.startsWith("TELEMETRY")).toList();
    }

    @Test
    void shouldExitAsDpdkTestpmdWhereNoisyCannotBeginOnAPort() throws Exception
    {
        // noisy_fwd_begin's rte_exit at the automatic start: a FIFO size that is not a power of two (the ring
        // library's refusal, then testpmd's cause), lookups without memory.
        for (final List<String> args : List.of(List.of("--noisy-tx-sw-buffer-size=100"),
            List.of("--noisy-lkup-num-reads=2")))
        {
            final List<String> all = new ArrayList<>(List.of("--auto-start", "--forward-mode=noisy"));
            all.addAll(args);
            final TestPmdSession.Exit dpdk = TestPmdSession.exitOnDevices(true, dir, NULLS, all);
            final TestPmdSession.Exit jdpdk = TestPmdSession.exitOnDevices(false, dir, NULLS, all);
            assertEquals(1, dpdk.code(), dpdk.stderr());
            assertEquals(1, jdpdk.code(), jdpdk.stderr());
            final List<String> lines = testpmdLines(dpdk.stderr());
            assertTrue(lines.get(lines.size() - 1).startsWith("  Cause: "), dpdk.stderr());
            assertEquals(lines, testpmdLines(jdpdk.stderr()), String.join(" ", args));
        }
    }

    /** The "Port N: ... event" lines of a whole run, in order. */
    private static List<String> eventLines(final String stdout)
    {
        final List<String> lines = new ArrayList<>();
        final Matcher m = Pattern.compile("Port \\d+: [a-zA-Z ]+ event").matcher(stdout);
        while (m.find())
        {
            lines.add(m.group());
        }
        return lines;
    }

    /**
     * A virtio-user port attached to a net_vhost port and closed again: net_vhost raises queue state and link state
     * change events on its own thread, printed by both testpmds as their masks say (by default, and with the link
     * state masked and the released devices unmasked); the same events, one line each.
     */
    @Test
    void shouldPrintTheEthdevEventsOfAVhostPortAsDpdkTestpmd() throws Exception
    {
        for (final List<String> app : List.of(List.<String>of(),
            List.of("--mask-event=intr_lsc", "--print-event=dev_released")))
        {
            final List<List<String>> events = new ArrayList<>();
            for (final boolean dpdk : new boolean[] {true, false})
            {
                final String socket = dir.resolve((dpdk ? "d" : "j") + app.size() + ".sock").toString();
                // Plain memory (a memfd), which virtio-user can hand to the vhost-user backend.
                final List<String> args = new ArrayList<>(List.of("--no-huge", "-m", "512", "--no-shconf", "--no-pci",
                    "-l", "0-1",
                    "--log-level=lib.eal:error", "--log-level=vhost.config:error", "--vdev=net_vhost0,iface=" + socket,
                    "--", "-i", "--total-num-mbufs=8192", "--no-flush-rx"));
                args.addAll(app);
                final TestPmdSession.Result run = TestPmdSession.run(dpdk, dir, args, List.of(
                    "port attach net_virtio_user0,path=" + socket, TestPmdSession.PAUSE + "1000", "port stop 1",
                    "port close 1", TestPmdSession.PAUSE + "1000"));
                events.add(eventLines(run.stdout()).stream().sorted().toList());
            }
            assertEquals(events.get(0), events.get(1), app.toString());
            final List<String> seen = events.get(0);
            assertEquals(4, seen.stream().filter(l -> l.equals("Port 0: queue state event")).count(), seen.toString());
            assertEquals(app.isEmpty() ? 2 : 0, seen.stream().filter(l -> l.equals("Port 0: link state change event"))
                .count(), seen.toString());
            assertEquals(app.isEmpty() ? 0 : 2, seen.stream().filter(l -> l.endsWith("device released event")).count(),
                seen.toString()); // port 1 at its close, port 0 at the exit
            assertFalse(seen.isEmpty());
        }
    }
}
