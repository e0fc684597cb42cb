package io.jdpdk.apps.vm;

import io.jdpdk.apps.testing.Commands;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * rte_flow rules that work, in the QEMU test guest, whose Debian kernel has the multiq qdisc, flower classifier and
 * actions net_tap builds rules from ({@code apps/src/test/vm/flow-guest.sh}): frames sent by the guest kernel into a
 * net_tap port with two RX queues. Through jdpdk's flow API ({@link FlowSteeringScenario}): a QUEUE rule moves a
 * flow from queue 1 to queue 0, a DROP rule drops every frame of its flow and the kernel's filter counts them, the
 * queues share 64 flows with each flow on one queue, and what net_tap cannot do (COUNT, RSS on this kernel, a
 * queue out of range) fails with the PMD's words. Through testpmd: the same session with flow commands, two
 * queues on two forwarding lcores and frames in between, printed by jdpdk's testpmd exactly as by dpdk-testpmd.
 */
class GuestFlowSteeringIT
{
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern STREAM = Pattern.compile(
        "Forward Stats for RX Port= 0/Queue= (\\d) -> TX Port= 0/Queue= \\d -------\\R  RX-packets: (\\d+)");

    @Test
    void shouldSteerDropAndSpreadFlowsAcrossQueuesAndLcoresAsDpdkTestpmdDoes() throws Exception
    {
        final String out = Commands.runIn(ROOT, 700, Set.of(0), "hugepage-setup/vm/guest.sh", "run", "--timeout",
            "600", "--", "apps/src/test/vm/flow-guest.sh");
        System.out.println(out);
        final String scenario = section(out, "scenario");
        final Matcher spread = Pattern.compile("spread: flows=64 on-one-queue=64 q0=(\\d+) q1=(\\d+)\n")
            .matcher(scenario);
        assertTrue(spread.find(), "64 flows, each on one queue: " + scenario);
        assertTrue(Integer.parseInt(spread.group(1)) > 0 && Integer.parseInt(spread.group(2)) > 0, "both queues used");
        assertEquals(256, Integer.parseInt(spread.group(1)) + Integer.parseInt(spread.group(2)), scenario);
        assertTrue(scenario.contains("queue rule 1: q0=0 q1=40\nqueue rule 0: q0=40 q1=0\n"), scenario);
        assertTrue(scenario.contains("drop rule: received=0\n"), scenario);
        assertTrue(scenario.contains("Sent 1800 bytes 30 pkt (dropped 30,"), "the kernel filter counted the drops");
        assertTrue(scenario.contains("drop rule destroyed: received=30\n"), scenario);
        assertTrue(scenario.contains("count: refused type=16 message=action not supported errno=95\n"), scenario);
        assertTrue(scenario.contains("rss: refused type=2 message=Kernel too old or not configured to support BPF " +
            "program loading errno=95\n"), "Debian 12's verifier refuses 22.11's tap RSS program: " + scenario);
        assertTrue(scenario.contains("queue 5: refused type=16 message=queue index out of range"), scenario);
        assertTrue(scenario.contains("rules left: 0\npool: 0 of 4095 mbufs in use\n"), scenario);
        assertTrue(out.contains("=== scenario exit 0\n"), out);

        final String dpdk = session(out, "dpdk-testpmd");
        final String jdpdk = session(out, "jdpdk-testpmd");
        assertEquals(dpdk, jdpdk, "the whole session, as dpdk-testpmd printed it");
        assertTrue(jdpdk.contains("ID\tGroup\tPrio\tAttr\tRule\n0\t0\t0\ti--\tETH IPV4 UDP => QUEUE\n" +
            "1\t0\t0\ti--\tETH IPV4 UDP => DROP\n"), jdpdk);
        assertTrue(jdpdk.contains("Logical Core 2 (socket 0) forwards packets on 1 streams:\n" +
            "  RX P=0/Q=1 (socket 0) -> TX P=0/Q=1"), "queue 1 on the second forwarding lcore: " + jdpdk);
        final List<Map<Integer, Long>> stops = stops(jdpdk);
        assertEquals(3, stops.size(), jdpdk);
        assertEquals(Map.of(1, 40L), stops.get(0), "the rule's flow on queue 1 (lcore 2); the dropped one nowhere");
        assertEquals(Map.of(0, 40L), stops.get(1), "the new rule moved it to queue 0 (lcore 1)");
        assertEquals(Set.of(0, 1), stops.get(2).keySet(), "64 flows without a rule use both queues");
        assertEquals(256L, stops.get(2).get(0) + stops.get(2).get(1), jdpdk);
        assertTrue(section(out, "jdpdk-testpmd").contains("Mempool mb_pool_0: 0 of 4096 mbufs in use"), out);
    }

    /** A "=== NAME" section of flow-guest.sh's output. */
    private static String section(final String out, final String name)
    {
        final int from = out.indexOf("=== " + name + "\n");
        final int to = out.indexOf("=== " + name + " exit ");
        assertTrue(from >= 0 && to > from, name + " in:\n" + out);
        return out.substring(from, to);
    }

    /** A testpmd section's interactive part, through "quit", the blamed object's address masked. */
    private static String session(final String out, final String name)
    {
        final String s = section(out, name);
        final int from = s.indexOf("testpmd> ");
        final int to = s.indexOf("testpmd> quit");
        assertTrue(from >= 0 && to > from, s);
        return s.substring(from, to).replaceAll("cause: 0x[0-9a-f]+", "cause: ADDRESS");
    }

    /** RX packets per queue of each "stop"'s stream statistics. */
    private static List<Map<Integer, Long>> stops(final String session)
    {
        final List<Map<Integer, Long>> stops = new ArrayList<>();
        final String[] blocks = session.split("testpmd> stop");
        for (int i = 1; i < blocks.length; i++) // blocks[0] is before the first stop
        {
            final Map<Integer, Long> queues = new TreeMap<>();
            final int end = blocks[i].indexOf("testpmd> ");
            final Matcher m = STREAM.matcher(end < 0 ? blocks[i] : blocks[i].substring(0, end));
            while (m.find())
            {
                queues.put(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)));
            }
            stops.add(queues);
        }
        return stops;
    }
}
