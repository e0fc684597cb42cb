package io.jdpdk.apps.vm;

import io.jdpdk.eal.Eal;
import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.mempool.header.PacketParser;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;
import io.jdpdk.pmd.flow.FlowException;
import io.jdpdk.pmd.flow.FlowField;
import io.jdpdk.pmd.flow.FlowRule;
import io.jdpdk.pmd.flow.FlowSpec;
import io.jdpdk.pmd.flow.Flows;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs in the test guest ({@link GuestFlowSteeringIT}), whose kernel has the qdiscs and classifiers net_tap's
 * rte_flow needs: jdpdk's flow API on a net_tap port with two RX queues, fed by the guest kernel
 * ({@code tap-frames.py}, an AF_PACKET socket on the tap interface). Prints one "key: value" line per fact the
 * test checks: how the queues share 64 flows without a rule (the tun device's per-flow hash), where a QUEUE rule
 * puts one flow before and after it is replaced,
 * what a DROP rule lets through (and the kernel filter's drop counter), what the PMD says of rules it cannot do,
 * and the pool at the end.
 */
public final class FlowSteeringScenario
{
    private static final String IFACE = "dtap0";
    private static final Mbuf MBUF = new Mbuf();
    private static final PacketParser PARSER = new PacketParser();

    private FlowSteeringScenario()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        try (Eal _ = Eal.init("-l", "0-1", "--no-pci", "--vdev", "net_tap0,iface=" + IFACE);
             FlowSpec spec = new FlowSpec();
             MbufBurst burst = new MbufBurst(32))
        {
            final Mempool pool = Mempool.create("flow_pool", 4095, 128);
            final Port port = Port.of(0);
            port.configure(new PortConfig().mempool(pool).rxQueues(2).txQueues(2)).start();
            final Flows flows = port.flows();

            // no rule: net_tap's queues are the tun device's, which the kernel picks by flow hash, as RSS would
            send(7000, 256, 64);
            final Map<Integer, Set<Integer>> queuesOfFlow = new HashMap<>();
            final int[] perQueue = receive(port, burst, 7000, 256, queuesOfFlow);
            int onOne = 0;
            for (final Set<Integer> q : queuesOfFlow.values())
            {
                onOne += q.size() == 1 ? 1 : 0;
            }
            System.out.printf("spread: flows=%d on-one-queue=%d q0=%d q1=%d%n", queuesOfFlow.size(), onOne,
                perQueue[0], perQueue[1]);

            for (final int queue : new int[] { 1, 0 })
            {
                final FlowRule rule = flows.create(spec.reset().ingress().eth().ipv4().udp()
                    .is(FlowField.UDP_DST, 5353).queue(queue));
                send(5353, 40, 1);
                final int[] got = receive(port, burst, 5353, 40, new HashMap<>());
                System.out.printf("queue rule %d: q0=%d q1=%d%n", queue, got[0], got[1]);
                rule.destroy();
            }

            final FlowRule drop = flows.create(spec.reset().ingress().eth().ipv4().udp().is(FlowField.UDP_DST, 9)
                .drop());
            send(9, 30, 1);
            final int[] dropped = receive(port, burst, 9, 30, new HashMap<>());
            System.out.printf("drop rule: received=%d%n", dropped[0] + dropped[1]);
            System.out.println("tc: " + run("tc", "-s", "filter", "show", "dev", IFACE).replace('\n', '|'));
            drop.destroy();
            send(9, 30, 1);
            final int[] after = receive(port, burst, 9, 30, new HashMap<>());
            System.out.printf("drop rule destroyed: received=%d%n", after[0] + after[1]);

            refused(flows, spec.reset().ingress().eth().count(), "count");
            refused(flows, spec.reset().ingress().eth().ipv4().udp().rss(0, 0, 0, null, 0, 1), "rss");
            refused(flows, spec.reset().ingress().eth().ipv4().queue(5), "queue 5");
            System.out.printf("rules left: %d%n", flows.rules().size());
            port.close();
            System.out.printf("pool: %d of %d mbufs in use%n", pool.inUseCount(), pool.size());
        }
    }

    private static void refused(final Flows flows, final FlowSpec spec, final String what)
    {
        try
        {
            flows.create(spec).destroy();
            System.out.printf("%s: created%n", what);
        }
        catch (final FlowException ex)
        {
            System.out.printf("%s: refused type=%d message=%s errno=%d%n", what, ex.errorType(), ex.pmdMessage(),
                ex.errno());
        }
    }

    /**
     * Polls both RX queues until {@code expected} UDP frames to {@code dport} came or 5 s passed without one,
     * recording the queues each source port (flow) was seen on.
     *
     * @return frames per queue
     */
    private static int[] receive(final Port port, final MbufBurst burst, final int dport, final int expected,
        final Map<Integer, Set<Integer>> queuesOfFlow)
    {
        final int[] perQueue = new int[2];
        long quietSince = System.nanoTime();
        while (perQueue[0] + perQueue[1] < expected &&
            System.nanoTime() - quietSince < TimeUnit.SECONDS.toNanos(5))
        {
            for (int q = 0; q < 2; q++)
            {
                final int n = port.rxBurst(q, burst);
                for (int i = 0; i < n; i++)
                {
                    burst.mbuf(i, MBUF);
                    if (PARSER.parse(MBUF) == PacketParser.OK && PARSER.l4Protocol() == 17 &&
                        PARSER.udp().destinationPort() == dport)
                    {
                        perQueue[q]++;
                        queuesOfFlow.computeIfAbsent(PARSER.udp().sourcePort(), _ -> new HashSet<>()).add(q);
                        quietSince = System.nanoTime();
                    }
                }
                burst.freeAll();
            }
        }
        return perQueue;
    }

    private static void send(final int dport, final int count, final int flows) throws IOException,
        InterruptedException
    {
        run("/usr/bin/python3", "apps/src/test/vm/tap-frames.py", IFACE, Integer.toString(dport),
            Integer.toString(count), Integer.toString(flows));
    }

    private static String run(final String... command) throws IOException, InterruptedException
    {
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        final String out = new String(p.getInputStream().readAllBytes()).strip();
        if (p.waitFor() != 0)
        {
            throw new IOException(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }
}
