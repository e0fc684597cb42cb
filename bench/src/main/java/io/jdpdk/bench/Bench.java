package io.jdpdk.bench;

import io.jdpdk.eal.Hugepages;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * The throughput harness: runs each jdpdk scenario beside its C peer in the same run and prints both rates and
 * their ratio (these machines are noisy, so only the ratio means anything). The apps (testpmd io and macswap,
 * l3fwd) take turns of 0.1 s with their C peers ({@link TakingTurns}); the pipeline and launch scenarios alternate
 * runs, round by round; samecore and lpm take turns inside one process.
 * <pre>
 *   bench/bin/bench [iofwd] [--seconds 10] [--rounds 2]
 * </pre>
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "jdpdk throughput beside DPDK's C tools, in the same run.")
public final class Bench implements Callable<Integer>
{
    @Parameters(arity = "0..*", description = "scenarios: iofwd, pipeline, macswap, l3fwd, samecore, launch, lpm " +
        "(default: all)")
    List<String> scenarios = new ArrayList<>();

    @Option(names = "--seconds", description = "seconds per run, or of turns per side and round (default 10)")
    int seconds = 10;

    @Option(names = "--rounds", description = "rounds of C then Java (default 2)")
    int rounds = 2;

    @Option(names = "--only", description = "l3fwd: run only the cases whose title contains this text " +
        "(e.g. \"IPv4, 1 lcore\")")
    String only = "";

    /** Every scenario, in the order a run without arguments takes them. */
    private static final List<String> SCENARIOS = List.of("iofwd", "pipeline", "macswap", "l3fwd", "samecore", "launch",
        "lpm");

    /** Seconds a jdpdk app forwards alone before taking turns (its JIT compiles meanwhile). */
    private static final int JAVA_WARMUP = 2;

    /** The rows of the closing table, one or more per scenario run. */
    private final Summary summary = new Summary();

    public static void main(final String[] args)
    {
        System.exit(new CommandLine(new Bench()).execute(args));
    }

    /** EAL arguments both sides use: lcores 0-1, two net_null ports, hugepages when reserved. */
    static List<String> ealArgs()
    {
        final List<String> eal = new ArrayList<>(List.of("-l", "0-1", "--no-pci", "--vdev=net_null0", "--vdev=net_null1"));
        if (Hugepages.problem() == null)
        {
            eal.add("--in-memory");
        }
        else
        {
            System.out.println("note: no hugepages reserved, both sides run with --no-huge (slower)");
            eal.addAll(List.of("--no-huge", "-m", "1024", "--no-shconf"));
        }
        return eal;
    }

    /**
     * {@link #ealArgs()} for a program the harness reads through its telemetry socket: without {@code --no-shconf}
     * (the socket lives in the runtime directory).
     */
    static List<String> telemetryEalArgs()
    {
        final List<String> eal = ealArgs();
        eal.remove("--no-shconf");
        return eal;
    }

    @Override
    public Integer call() throws Exception
    {
        final List<String> run = scenarios.isEmpty() ? SCENARIOS : scenarios;
        for (final String scenario : run)
        {
            switch (scenario)
            {
                case "iofwd" -> ioFwd();
                case "pipeline" -> pipeline();
                case "macswap" -> macswap();
                case "l3fwd" -> l3fwd();
                case "samecore" -> sameCore();
                case "launch" -> launch();
                case "lpm" -> LpmScenario.bench(summary, rounds, seconds);
                default ->
                {
                    System.err.println("bench: unknown scenario " + scenario + " (" + String.join(", ", SCENARIOS) + ")");
                    return 1;
                }
            }
        }
        summary.print();
        return 0;
    }

    /** testpmd's io engine in C and in jdpdk's testpmd (apps/bin/testpmd), same command line, one forwarding lcore. */
    private void ioFwd() throws Exception
    {
        testpmdTurns("io forwarding, 1 lcore, 2 x net_null, burst 32", "io", "");
    }

    /**
     * (a) run-to-completion on one lcore, (b) RX -> Disruptor ring -> TX on two lcores, (c) the same
     * handoff in C over rte_ring (bench/src/main/c/ring_handoff.c), a burst per slot as jdpdk does,
     * (c') the same C passing the mbuf pointers themselves through the ring, (c'') (c) with jdpdk's TX step that
     * loads the mbuf headers of a burst in one pass before sending it (ring_handoff.c's "headers" mode), and (d) the
     * same C over a plain SPSC array ring, the least work any ring can do: the ceiling of (b) on this machine. Rates are
     * what was sent on (Tx-pps), aggregate of both ports, printed per round. Then (b) and (c) take turns
     * ({@link TakingTurns}), which gives the summary row, and their per-packet latency is measured at half and at an
     * eighth of the lower of the rates they reached in their turns, or at lower shares where a side queued at half
     * ({@link PipelineLatency#run}).
     */
    private void pipeline() throws Exception
    {
        final List<String> lcores = pipelineLcores(ealArgs());
        final List<String> c = new ArrayList<>(List.of(nativePeer("ring_handoff")));
        c.addAll(ealArgs());
        System.out.println("== RX -> ring -> TX, 2 x net_null, burst 32, 1024-slot rings (" + seconds + " s x " +
            rounds + " rounds, aggregate Tx Mpps of both ports, median)");
        final List<String> cMbufs = concat(c, "--", "mbufs");
        final List<String> cSpsc = concat(c, "--", "spsc");
        final List<String> cHeaders = concat(c, "--", "headers");
        final double[][] r = new double[6][rounds];
        for (int i = 0; i < rounds; i++)
        {
            r[0][i] = 2 * txRate("jdpdk run-to-completion", Peer.java(PipelineScenario.class, concat("rtc", ealArgs())));
            r[1][i] = 2 * txRate("jdpdk pipeline", Peer.java(PipelineScenario.class, concat("pipeline", lcores)));
            r[2][i] = 2 * txRate("C rte_ring handoff", c);
            r[3][i] = 2 * txRate("C rte_ring handoff of mbufs", cMbufs);
            r[4][i] = 2 * txRate("C SPSC array ring handoff", cSpsc);
            r[5][i] = 2 * txRate("C rte_ring handoff, headers loaded first", cHeaders);
            printPipeline("round " + (i + 1) + ":", r[0][i], r[1][i], r[2][i], r[3][i], r[4][i], r[5][i]);
        }
        final double[] best = new double[r.length];
        for (int k = 0; k < r.length; k++)
        {
            best[k] = Arrays.stream(r[k]).max().orElse(0);
        }
        printPipeline("best:   ", best[0], best[1], best[2], best[3], best[4], best[5]);
        // (b) against (c) taking turns, as the apps' rows: the rounds above, one program after the other, moved
        // (b)/(c) from 0.3 to 3.7 between runs on this VM (the handoff crosses the vCPUs for every burst).
        final String cPrefix = TakingTurns.newPrefix();
        final String javaPrefix = TakingTurns.newPrefix();
        final List<String> cTurns = new ArrayList<>(List.of(nativePeer("ring_handoff")));
        cTurns.addAll(telemetryEalArgs());
        cTurns.addAll(List.of("--file-prefix", cPrefix));
        final List<String> javaLcores = pipelineLcores(telemetryEalArgs());
        javaLcores.addAll(List.of("--file-prefix", javaPrefix));
        System.out.println("-- (b) against (c), taking turns of 0.1 s, " + turns() + " each, after " + JAVA_WARMUP +
            " s alone (Tx Mpps of both ports from telemetry /ethdev/stats)");
        final TakingTurns.Result handoff = TakingTurns.run(cTurns, cPrefix,
            Peer.java(PipelineScenario.class, concat("pipeline", javaLcores)), javaPrefix, 2, 1, JAVA_WARMUP, turns(),
            false);
        reportTurns("pipeline RX -> ring -> TX, 2 lcores (C: rte_ring of bursts)", "Mpps, both ports", 1e6,
            "C rte_ring", handoff.cTx(), "jdpdk pipeline", handoff.javaTx(), "RX, ", handoff);
        // Latency at half the saturation rate of the slower of (b) and (c), where both keep up at the rate measured
        // just before; then at a quarter of that, where both keep up even when the host moves the vCPUs apart and the
        // handoff slows down 2-5 times (seen within a run): the handoff's own latency, not a queue's. Where a side
        // queued at half, PipelineLatency halves the load until neither does, and the second load follows it.
        final double saturation = Math.min(handoff.cTx(), handoff.javaTx());
        final PipelineLatency latency = new PipelineLatency(turns(), summary);
        final int share = latency.run(saturation, 2);
        latency.run(saturation, share * 4);
    }

    /**
     * {@code eal} with jdpdk's pipeline lcores: three lcores on two CPUs, the main lcore only printing, RX on CPU 1,
     * TX on CPU 0 ({@code --lcores=0@0,1@1,2@0} instead of {@code -l}).
     */
    private static List<String> pipelineLcores(final List<String> eal)
    {
        final List<String> lcores = new ArrayList<>(eal);
        final int l = lcores.indexOf("-l");
        lcores.remove(l + 1);
        lcores.set(l, "--lcores=0@0,1@1,2@0");
        return lcores;
    }

    private static void printPipeline(final String label, final double a, final double b, final double c,
        final double cMbufs, final double d, final double cHeaders)
    {
        System.out.printf(Locale.ROOT, "%s (a) rtc %6.2f  (b) pipeline %6.2f  (c) C rte_ring %6.2f  " +
            "(c') C rte_ring of mbufs %6.2f  (c'') C rte_ring, headers loaded first %6.2f  (d) C SPSC ring %6.2f Mpps  " +
            "(b)/(c) %.3f  (b)/(c') %.3f  (b)/(c'') %.3f  (c'')/(c) %.3f  (d)/(c) %.3f  (b)/(d) %.3f  (b)/(a) %.3f%n",
            label, a / 1e6, b / 1e6, c / 1e6, cMbufs / 1e6, cHeaders / 1e6, d / 1e6, b / c, b / cMbufs, b / cHeaders,
            cHeaders / c, d / c, b / d, b / a);
    }

    private static List<String> concat(final List<String> first, final String... rest)
    {
        final List<String> all = new ArrayList<>(first);
        all.addAll(List.of(rest));
        return all;
    }

    private static String[] concat(final String first, final List<String> rest)
    {
        final List<String> all = new ArrayList<>();
        all.add(first);
        all.addAll(rest);
        return all.toArray(String[]::new);
    }

    /** A C peer built by this module into target/native, found next to the bench jar. */
    static String nativePeer(final String name)
    {
        final String cp = System.getProperty("java.class.path");
        for (final String entry : cp.split(java.io.File.pathSeparator))
        {
            final java.io.File dir = new java.io.File(entry).getAbsoluteFile().getParentFile();
            final java.io.File peer = new java.io.File(dir, "native/" + name);
            if (peer.canExecute())
            {
                return peer.getPath();
            }
        }
        throw new IllegalStateException(name + " not built: run ./jdpdk build (bench/target/native/" + name + ")");
    }

    /**
     * testpmd's macswap engine in C and in jdpdk's testpmd (apps/bin/testpmd), same command line, one lcore; then
     * again with jdpdk's JVM given the Vector API ({@code JDPDK_JAVA_OPTS=--add-modules=jdk.incubator.vector}), with
     * which {@code EthernetView.swapAddresses} swaps as {@code do_macswap} does.
     */
    private void macswap() throws Exception
    {
        testpmdTurns("macswap, 1 lcore, 2 x net_null, burst 32", "macswap", "");
        testpmdTurns("macswap, 1 lcore, 2 x net_null, burst 32, jdpdk with the Vector API", "macswap",
            "--add-modules=jdk.incubator.vector");
    }

    /**
     * dpdk-testpmd and jdpdk's testpmd as its users start it (apps/bin/testpmd, from its AOT cache), the same
     * command line, forwarding between two net_null ports on one lcore, taking turns ({@link TakingTurns}); with
     * {@code jvmFlags} (not empty) added to jdpdk's {@code JDPDK_JAVA_OPTS}.
     */
    private void testpmdTurns(final String title, final String mode, final String jvmFlags) throws Exception
    {
        final List<String> eal = telemetryEalArgs();
        final List<String> args = List.of("--", "--forward-mode=" + mode, "--burst=32", "--nb-cores=1",
            "--auto-start", "--total-num-mbufs=16382");
        System.out.println("== " + title + ": dpdk-testpmd against jdpdk's testpmd (apps/bin/testpmd), same " +
            "arguments (" + String.join(" ", args.subList(1, args.size())) + "); taking turns of 0.1 s, " + turns() + " each, " +
            "after " + JAVA_WARMUP + " s alone (RX Mpps per port from telemetry /ethdev/stats)");
        final List<String> java = new ArrayList<>();
        if (!jvmFlags.isEmpty())
        {
            // Added to the bench's own JDPDK_JAVA_OPTS, through env, which execs the launcher: the same process.
            final String inherited = System.getenv().getOrDefault("JDPDK_JAVA_OPTS", "").strip();
            java.addAll(List.of("env", "JDPDK_JAVA_OPTS=" + (inherited.isEmpty() ? "" : inherited + " ") + jvmFlags));
        }
        java.add(repoRoot().resolve("apps/bin/testpmd").toString());
        takeTurns(title, true, List.of("dpdk-testpmd"), "dpdk-testpmd", java, "jdpdk testpmd", eal, args, List.of());
    }

    /**
     * DPDK 22.11's own examples/l3fwd (LPM, default routes; built by this module from dpdk-doc's sources with the
     * RX checksum offload request masked, apps/src/build/build-dpdk-l3fwd.sh) beside jdpdk's l3fwd as its users
     * start it (apps/bin/l3fwd, from its AOT cache), the same command line for both: two net_pcap ports each
     * replaying the same 256 routed UDP frames forever (infinite_rx; TX counts and drops), first IPv4 only, then
     * half IPv4 half IPv6; first one lcore forwarding both ports, then one lcore per port. The two take turns of
     * 0.1 s ({@link TakingTurns}), rates read by the harness from each process's telemetry socket, not from what
     * either program prints. A last row runs the first again with jdpdk's l3fwd given {@code --strict-rfc1812}
     * (TTL, checksum and lengths checked as RFC 1812 asks; DPDK's l3fwd checks none of them), to show what that
     * costs.
     */
    private void l3fwd() throws Exception
    {
        final String dpdkL3fwd = dpdkL3fwd();
        final String javaL3fwd = repoRoot().resolve("apps/bin/l3fwd").toString();
        final List<String> eal = telemetryEalArgs();
        eal.removeIf(a -> a.startsWith("--vdev"));
        System.out.println("== l3fwd LPM: DPDK's examples/l3fwd against jdpdk's l3fwd (apps/bin/l3fwd), same " +
            "arguments; 2 x net_pcap replaying 256 64-byte UDP frames (infinite_rx), routed half to each port; " +
            "taking turns of 0.1 s, " + turns() + " each, after " + JAVA_WARMUP + " s alone (RX Mpps of both ports " +
            "from telemetry /ethdev/stats)");
        final String oneLcore = "(0,0,1),(1,0,1)";
        for (final boolean mixed : new boolean[] {false, true})
        {
            for (final String config : List.of(oneLcore, "(0,0,0),(1,0,1)"))
            {
                l3fwdRow(dpdkL3fwd, javaL3fwd, eal, mixed, config, "");
            }
        }
        // What RFC 1812's checks cost jdpdk's l3fwd (DPDK's has no such mode): the first row again, with them.
        l3fwdRow(dpdkL3fwd, javaL3fwd, eal, false, oneLcore, "--strict-rfc1812");
    }

    /**
     * One l3fwd row: both l3fwds on {@code eal} and two net_pcap ports replaying the IPv4 (or {@code mixed}) pcap,
     * {@code -p 0x3 --parse-ptype --config=CONFIG}, and {@code javaOption} (if not empty) for jdpdk's alone.
     */
    private void l3fwdRow(final String dpdkL3fwd, final String javaL3fwd, final List<String> eal,
        final boolean mixed, final String config, final String javaOption) throws Exception
    {
        final String pcap = (mixed ? RoutedPcap.mixed(256) : RoutedPcap.ipv4(256)).toString();
        // DPDK's l3fwd makes a TX queue per EAL lcore (2) on every port, and a net_pcap port has one TX queue
        // (counting and dropping) per RX pcap: two rx_pcap each. Both apps configure and poll RX queue 0 only.
        final String vdev = ",rx_pcap=" + pcap + ",rx_pcap=" + pcap + ",infinite_rx=1";
        final List<String> args = new ArrayList<>();
        args.addAll(List.of("--vdev=net_pcap0" + vdev, "--vdev=net_pcap1" + vdev));
        args.addAll(List.of("--", "-p", "0x3", "--parse-ptype", "--config=" + config));
        final String title = (mixed ? "IPv4 + IPv6" : "IPv4") + ", " + (config.contains(",1),(1") ?
            "1 lcore for both ports (main lcore 0 idle)" : "2 lcores, one port each (main lcore 0 forwards port 0)") +
            (javaOption.isEmpty() ? "" : ", jdpdk " + javaOption) + ": -p 0x3 --parse-ptype --config=" + config;
        if (title.contains(only))
        {
            System.out.println("-- " + title);
            takeTurns("l3fwd " + title.substring(0, title.indexOf(':')), false, List.of(dpdkL3fwd), "DPDK l3fwd",
                List.of(javaL3fwd), "jdpdk l3fwd", eal, args, javaOption.isEmpty() ? List.of() : List.of(javaOption));
        }
    }

    /** The relaxed DPDK l3fwd built by this module, or why there is none. */
    private static String dpdkL3fwd()
    {
        try
        {
            return nativePeer("dpdk-l3fwd-relaxed");
        }
        catch (final IllegalStateException ex)
        {
            if (!new java.io.File("/usr/share/dpdk/examples/l3fwd/main.c").isFile())
            {
                throw new IllegalStateException("DPDK's l3fwd sources are not installed: install Debian package " +
                    "dpdk-doc (hugepage-setup/install-deps.sh --test-tools), then ./jdpdk build", ex);
            }
            throw ex;
        }
    }

    /** Turns of each side: {@code rounds} times {@code seconds} of them. */
    private int turns()
    {
        return (int)(rounds * TimeUnit.SECONDS.toNanos(seconds) / TakingTurns.TURN_NANOS);
    }

    /**
     * A C program and a jdpdk one ({@code cProgram} and {@code javaProgram}: the words of each command before its
     * arguments) taking {@link #turns()} turns each on two ports: {@code eal} (lcores, memory)
     * with a --file-prefix of each's own (its telemetry socket), then {@code args} (vdevs, {@code --}, the app's
     * own), and {@code javaExtra} for the jdpdk one alone; prints both rates and the ratio, and adds a summary
     * row: Mpps per port (testpmd's Rx-pps) when {@code perPort}, else Mpps of both ports.
     */
    private void takeTurns(final String row, final boolean perPort, final List<String> cProgram, final String cName,
        final List<String> javaProgram, final String javaName, final List<String> eal, final List<String> args,
        final List<String> javaExtra) throws Exception
    {
        final List<List<String>> commands = new ArrayList<>();
        final List<String> prefixList = new ArrayList<>();
        for (final boolean java : new boolean[] {false, true})
        {
            final String prefix = TakingTurns.newPrefix();
            final List<String> command = new ArrayList<>(java ? javaProgram : cProgram);
            command.addAll(eal);
            command.addAll(List.of("--file-prefix", prefix));
            command.addAll(args);
            if (java)
            {
                command.addAll(javaExtra);
            }
            commands.add(command);
            prefixList.add(prefix);
        }
        final TakingTurns.Result r = TakingTurns.run(commands.get(0), prefixList.get(0), commands.get(1),
            prefixList.get(1), 2, 1, JAVA_WARMUP, turns(), false);
        reportTurns(row, perPort ? "Mpps per port" : "Mpps, both ports", perPort ? 2e6 : 1e6, cName, r.c(), javaName,
            r.java(), "", r);
        noteUnsent(cName, r.c(), r.cTx());
        noteUnsent(javaName, r.java(), r.javaTx());
    }

    /**
     * Prints a row of two programs that took turns, C's and jdpdk's rates (packets per second, printed divided by
     * {@code scale} in {@code unit}), their ratio and the spread of the pairs of turns ({@code pairsOf} names what
     * the pairs compare, when not the rates printed), then the error counters {@code r} found; adds the row to the
     * summary.
     */
    private void reportTurns(final String row, final String unit, final double scale, final String cName,
        final double c, final String javaName, final double java, final String pairsOf, final TakingTurns.Result r)
    {
        final double[] pairs = r.pairs();
        System.out.printf(Locale.ROOT, "%s %6.2f %s   %s %6.2f %s   ratio %.3f   (%spairs of turns: median %.3f, " +
            "lowest %.3f, highest %.3f)%n", cName, c / scale, unit, javaName, java / scale, unit, java / c, pairsOf,
            r.pairMedian(), pairs[0], pairs[pairs.length - 1]);
        if (!r.problems().isEmpty())
        {
            System.out.println("note: " + String.join(", ", r.problems()));
        }
        summary.higherIsBetter(row, unit, c / scale, java / scale);
    }

    /** A note when a program sent noticeably fewer packets than it received. */
    private static void noteUnsent(final String name, final double rx, final double tx)
    {
        if (Math.abs(tx - rx) > 0.01 * rx)
        {
            System.out.printf(Locale.ROOT, "note: %s sent %.2f Mpps of the %.2f Mpps it received%n", name, tx / 1e6,
                rx / 1e6);
        }
    }

    /**
     * Launch to first forwarded packet ({@link LaunchTime}) on two net_null ports, each program started as its user
     * starts it: DPDK's skeleton (examples/skeleton/basicfwd.c, as the apps module builds it), dpdk-testpmd and DPDK's
     * l3fwd beside jdpdk's apps/bin launchers (which start from the AOT cache {@code ./jdpdk build} trains).
     * The two alternate, {@code rounds} times 3 launches each; the median of each is printed.
     */
    private void launch() throws Exception
    {
        final Path root = repoRoot();
        final String skeletonC = cSkeleton(root);
        final String l3fwdC = nativePeer("dpdk-l3fwd-relaxed");
        final List<String> l3fwdArgs = List.of("--", "-p", "0x3", "--parse-ptype", "--config=(0,0,1),(1,0,1)");
        final List<String> testpmdArgs = List.of("--", "--auto-start");
        final String[][] rows = {
            { "skeleton", skeletonC, root.resolve("apps/bin/skeleton").toString() },
            { "testpmd", "dpdk-testpmd", root.resolve("apps/bin/testpmd").toString() },
            { "l3fwd", l3fwdC, root.resolve("apps/bin/l3fwd").toString() } };
        System.out.println("== launch to first forwarded packet, 2 x net_null (telemetry opackets of port 0 > 0; " +
            "median of " + 3 * rounds + " launches each)");
        for (final String[] row : rows)
        {
            final List<String> appArgs = row[0].equals("skeleton") ? List.of() :
                row[0].equals("testpmd") ? testpmdArgs : l3fwdArgs;
            final double[] c = new double[3 * rounds];
            final double[] java = new double[3 * rounds];
            for (int i = 0; i < c.length; i++)
            {
                c[i] = LaunchTime.measure(launchCommand(row[1], "launch-c-" + i, appArgs), "launch-c-" + i);
                java[i] = LaunchTime.measure(launchCommand(row[2], "launch-j-" + i, appArgs), "launch-j-" + i);
            }
            Arrays.sort(c);
            Arrays.sort(java);
            final double cMedian = c[c.length / 2];
            final double javaMedian = java[java.length / 2];
            System.out.printf(Locale.ROOT, "%-9s C %6.3f s   jdpdk %6.3f s   jdpdk/C %.2f   (jdpdk %.3f-%.3f s)%n",
                row[0], cMedian, javaMedian, javaMedian / cMedian, java[0], java[java.length - 1]);
            summary.lowerIsBetter("launch to first forwarded packet, " + row[0], "s", cMedian, javaMedian);
        }
    }

    private static List<String> launchCommand(final String program, final String prefix, final List<String> appArgs)
    {
        final List<String> command = new ArrayList<>(List.of(program));
        command.addAll(telemetryEalArgs());
        command.add("--file-prefix=" + prefix);
        command.addAll(appArgs);
        return command;
    }

    /** The checkout this bench jar was built in: bench/target/jdpdk-bench-*.jar is three levels down. */
    private static Path repoRoot()
    {
        for (final String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator))
        {
            final Path jar = Path.of(entry).toAbsolutePath();
            if (jar.getFileName().toString().startsWith("jdpdk-bench-") && jar.getParent() != null &&
                jar.getParent().getParent() != null)
            {
                return jar.getParent().getParent().getParent();
            }
        }
        throw new IllegalStateException("cannot find the checkout: no jdpdk-bench jar on the class path");
    }

    /**
     * DPDK's skeleton (basicfwd.c from dpdk-doc), which the apps module builds as the oracle of its skeleton tests
     * (apps/src/build/build-dpdk-examples.sh, also under {@code -DskipTests}).
     */
    private static String cSkeleton(final Path root)
    {
        final Path binary = root.resolve("apps/target/dpdk-examples/dpdk-skeleton");
        if (!Files.isExecutable(binary))
        {
            throw new IllegalStateException(binary + " is missing: install Debian's dpdk-doc " +
                "(hugepage-setup/install-deps.sh --test-tools) and build again (./jdpdk build)");
        }
        return binary.toString();
    }

    /**
     * testpmd's io and macswap C code and jdpdk's testpmd engines taking turns on one lcore in 100 ms slices
     * ({@link SameCoreScenario}), once per round: the ratio this VM's drift between runs cannot skew.
     */
    private void sameCore() throws Exception
    {
        System.out.println("== same core, C and Java taking turns in 100 ms slices, 2 x net_null, burst 32 (" +
            seconds + " s x " + rounds + " rounds, Rx-pps per port)");
        for (final String mode : List.of("io", "macswap"))
        {
            for (int r = 0; r < rounds; r++)
            {
                final List<String> args = new ArrayList<>(List.of(mode, Integer.toString(seconds)));
                args.addAll(ealArgs());
                final String out = Peer.run(Peer.java(SameCoreScenario.class, args.toArray(String[]::new)), seconds + 30);
                final int at = out.indexOf("same-core ");
                if (at < 0)
                {
                    throw new IllegalStateException("SameCoreScenario printed no result; its output:\n" + out);
                }
                System.out.println("round " + (r + 1) + ": " + out.substring(at, out.indexOf('\n', at)));
            }
        }
    }

    /** The median Tx-pps per port {@code command} printed over {@code seconds} (testpmd's statistics format). */
    private double txRate(final String name, final List<String> command) throws Exception
    {
        final String output = Peer.run(command, seconds);
        final double rate = RateSamples.medianTxPerPort(output, 2, 2);
        if (rate < 0)
        {
            throw new IllegalStateException(name + " printed too few statistics; its output:\n" + output);
        }
        return rate;
    }
}
