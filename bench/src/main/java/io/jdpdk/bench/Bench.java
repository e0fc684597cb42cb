package io.jdpdk.bench;

import io.jdpdk.eal.Hugepages;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * The throughput harness: runs each jdpdk scenario beside its C peer in the same run, alternating
 * them round by round, and prints both rates and their ratio (these machines are noisy, so only
 * the ratio means anything).
 * <pre>
 *   bench/bin/bench [iofwd] [--seconds 10] [--rounds 2]
 * </pre>
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "jdpdk throughput beside DPDK's C tools, in the same run.")
public final class Bench implements Callable<Integer>
{
    @Parameters(arity = "0..*", description = "scenarios: iofwd (default: all)")
    List<String> scenarios = new ArrayList<>();

    @Option(names = "--seconds", description = "seconds per run (default 10)")
    int seconds = 10;

    @Option(names = "--rounds", description = "rounds of C then Java (default 2)")
    int rounds = 2;

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

    @Override
    public Integer call() throws Exception
    {
        final List<String> run = scenarios.isEmpty() ? List.of("iofwd") : scenarios;
        for (final String scenario : run)
        {
            switch (scenario)
            {
                case "iofwd" -> ioFwd();
                default ->
                {
                    System.err.println("bench: unknown scenario " + scenario + " (iofwd)");
                    return 1;
                }
            }
        }
        return 0;
    }

    private void ioFwd() throws Exception
    {
        final List<String> eal = ealArgs();
        final List<String> testpmd = new ArrayList<>(List.of("dpdk-testpmd"));
        testpmd.addAll(eal);
        testpmd.addAll(List.of("--", "--forward-mode=io", "--burst=32", "--nb-cores=1", "--stats-period=1",
            "--auto-start", "--total-num-mbufs=16382", "--mbcache=250"));
        final List<String> java = Peer.java(IoFwdScenario.class, eal.toArray(String[]::new));
        compare("io forwarding, 1 lcore, 2 x net_null, burst 32", "dpdk-testpmd --forward-mode=io", testpmd,
            "jdpdk Skeleton.Forwarder", java);
    }

    private void compare(final String title, final String cName, final List<String> c, final String javaName,
        final List<String> java) throws Exception
    {
        System.out.println("== " + title + " (" + seconds + " s x " + rounds + " rounds, Rx-pps per port, median)");
        final double[] cRates = new double[rounds];
        final double[] javaRates = new double[rounds];
        for (int r = 0; r < rounds; r++)
        {
            cRates[r] = rate(cName, c);
            javaRates[r] = rate(javaName, java);
            System.out.printf(Locale.ROOT, "round %d: %-34s %8.2f Mpps   %-28s %8.2f Mpps   ratio %.3f%n", r + 1, cName,
                cRates[r] / 1e6, javaName, javaRates[r] / 1e6, javaRates[r] / cRates[r]);
        }
        final double cBest = Arrays.stream(cRates).max().orElse(0);
        final double javaBest = Arrays.stream(javaRates).max().orElse(0);
        System.out.printf(Locale.ROOT, "best:    %-34s %8.2f Mpps   %-28s %8.2f Mpps   ratio %.3f%n", cName,
            cBest / 1e6, javaName, javaBest / 1e6, javaBest / cBest);
    }

    private double rate(final String name, final List<String> command) throws Exception
    {
        final String output = Peer.run(command, seconds);
        final double rate = RateSamples.medianPerPort(output, 2, 2);
        if (rate < 0)
        {
            throw new IllegalStateException(name + " printed too few statistics; its output:\n" + output);
        }
        return rate;
    }
}
