package io.jdpdk.apps.l3fwd;

import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.DpdkExamples;
import io.jdpdk.apps.testing.Frames;
import io.jdpdk.apps.testing.Pcap;
import io.jdpdk.apps.testing.PcapRun;
import io.jdpdk.apps.testing.PoolLine;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

import static io.jdpdk.apps.l3fwd.L3fwdFrames.ETH;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * jdpdk's l3fwd against DPDK's own on random traffic, in each lookup method: 1,500 frames into each of two net_pcap
 * ports, the same for both programs, and every port must send the same frames, byte for byte, in the same order.
 * <p>
 * The oracle is DPDK 22.11's examples/l3fwd built with its RX offload requests masked by the port's
 * ({@code build-dpdk-l3fwd.sh}, the C peer of {@code bench l3fwd}): the stock build asks for RX checksum offload,
 * which net_pcap refuses, and its forwarding path never reads the checksum flags. On net_pcap the input is read from
 * a file, so the bursts, and with them the order out of each port, are the same in every run; {@link
 * L3fwdOracleTest} covers the stock build on net_tap with chosen frames.
 * <p>
 * The frames: IPv4 (UDP and TCP, options, TTL 0, 1 and 255) and IPv6 (UDP and TCP) to routed, exact-match and
 * unrouted destinations, ARP, VLAN and QinQ tagged frames; up to three bytes of each changed, at random among the
 * first 64 or to values at the edges of what l3fwd checks; and one frame in eight cut short. None is cut below 60 bytes, which hold every byte DPDK's l3fwd reads
 * of a frame in these modes (the IPv6 header and the L4 ports after it); of a shorter frame DPDK's l3fwd reads
 * whatever the mbuf held before, past the data, where jdpdk's stops at {@code data_len}, so no run could be
 * expected to match.
 */
class L3fwdDifferentialTest
{
    private static final int FRAMES_PER_PORT = 1_500;
    private static final String[] APP = { "-p", "0x3", "--parse-ptype", "--config=(0,0,0),(1,0,0)" };

    /**
     * Header bytes the checks and lookups read, and values at their edges: the EtherType's low byte (IPv4, ARP,
     * IPv6, VLAN), IPv4's version and IHL, Total Length (high byte 0, low byte about 20), TTL and protocol, IPv6's
     * payload length and next header.
     */
    private static final int[] FIELDS = { 13, ETH, ETH + 2, ETH + 3, ETH + 8, ETH + 9, ETH + 5, ETH + 6 };
    private static final int[][] VALUES = { {0x00, 0x06, 0xDD, 0x00}, {0x44, 0x45, 0x46, 0x4F, 0x40, 0x55, 0x35},
        {0x00, 0x00, 0x01, 0xFF}, {0x00, 0x13, 0x14, 0x15, 0x18, 0x1C, 0x30}, {0, 1, 2, 255},
        {6, 17, 1, 0, 132}, {0, 8, 0x12, 0xFF}, {6, 17, 0, 43, 58} };

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = { "lpm", "fib", "em", "em-ipv6", "acl" })
    void shouldSendTheSameFramesAsDpdksOwnL3fwdForRandomlyMutatedTraffic(final String method,
        @TempDir final Path dir) throws Exception
    {
        final Path oracle = DpdkExamples.binary("l3fwd-relaxed");
        for (int port = 0; port < 2; port++)
        {
            Pcap.write(dir.resolve("in" + port + ".pcap"), frames(0x3F_D1FFL + port));
        }
        final List<String> args = new ArrayList<>(List.of(APP));
        args.addAll(methodArgs(method, dir));

        final PcapRun c = PcapRun.runUntilReceived(dir, "c", command(oracle.toString(), dir, "c", args),
            2 * FRAMES_PER_PORT, 500, 0);
        // jdpdk's apps exit 130 on Ctrl-C (Shutdown), where DPDK's l3fwd returns 0.
        final PcapRun java = PcapRun.runUntilReceived(dir, "java", command(null, dir, "java", args),
            2 * FRAMES_PER_PORT, 500, 130);
        int out = 0;
        for (int port = 0; port < 2; port++)
        {
            assertSameFrames(c.output(port), java.output(port), method + ", port " + port, c.log(), java.log());
            out += c.output(port).size();
        }
        // Both send some of it out of each port, and (ACL aside, which drops what no rule takes) most of it.
        final int least = method.equals("acl") ? FRAMES_PER_PORT / 2 : 3 * FRAMES_PER_PORT / 2;
        if (out < least || c.output(0).isEmpty() || c.output(1).isEmpty())
        {
            fail(method + ": DPDK's l3fwd sent " + c.output(0).size() + " and " + c.output(1).size() + " frames, " +
                "expected at least " + least + " in all, some from each port:\n" + c.log());
        }
        PoolLine.assertEveryMbufBack(java.log(), null);
    }

    /** The arguments that select {@code method}, with the rule files it reads written into {@code dir}. */
    private static List<String> methodArgs(final String method, final Path dir) throws Exception
    {
        return switch (method)
        {
            case "lpm" -> List.of();
            case "fib" -> List.of("--lookup=fib");
            case "em", "em-ipv6" ->
            {
                final List<String> em = new ArrayList<>(List.of("-E"));
                if (method.equals("em-ipv6"))
                {
                    em.add("--ipv6");
                }
                em.add("--rule_ipv4=" + write(dir.resolve("em4.cfg"), exactMatchRules(false)));
                em.add("--rule_ipv6=" + write(dir.resolve("em6.cfg"), exactMatchRules(true)));
                yield em;
            }
            case "acl" -> List.of("--lookup=acl", "--alg=scalar", "--rule_ipv4=" + write(dir.resolve("acl4.cfg"),
                    "@0.0.0.0/0 198.18.1.3/32 0 : 65535 0 : 65535 0/0",
                    "R0.0.0.0/0 198.18.0.0/24 0 : 65535 0 : 65535 0x11/0xff 1",
                    "R192.0.2.0/24 198.18.1.0/24 1024 : 1024 2000 : 2100 17/0xff 0",
                    "R192.0.2.0/24 198.18.1.0/24 0 : 65535 0 : 65535 6/0xff 1",
                    "@10.0.0.0/8 0.0.0.0/0 0 : 65535 1024 : 1024 0/0",
                    "R0.0.0.0/0 198.18.0.0/16 0 : 1023 0 : 65535 0/0 0",
                    "R0.0.0.0/0 0.0.0.0/1 0 : 65535 0 : 65535 1/0xff 1",
                    "R0.0.0.0/0 192.0.2.0/24 0 : 65535 0 : 65535 0/0 0"),
                "--rule_ipv6=" + write(dir.resolve("acl6.cfg"),
                    "R0:0:0:0:0:0:0:0/0 2001:0200:0000:0001:0:0:0:0/64 0 : 65535 0 : 65535 0/0 0",
                    "@2001:0db8:0:0:0:0:0:0/32 2001:0200:0:0:0:0:0:0/64 0 : 65535 2048 : 2048 0x11/0xff",
                    "R0:0:0:0:0:0:0:0/0 2001:0200:0:0:0:0:0:0/48 0 : 65535 0 : 65535 0/0 1",
                    "R0:0:0:0:0:0:0:0/0 8000:0:0:0:0:0:0:0/1 1024 : 2048 0 : 65535 6/0xff 0"));
            default -> throw new IllegalArgumentException(method);
        };
    }

    /**
     * Exact-match rules for the frames {@link #seed} makes: to 198.18.{0,1}.{1..4} (or 2001:200:0:{0,1}::{1..4}) from
     * 192.0.2.1 (2001:db8::1), UDP and TCP, ports 1024 to 2048 and the other way round, to port 0 or 1.
     */
    private static String[] exactMatchRules(final boolean ipv6)
    {
        final List<String> rules = new ArrayList<>();
        int i = 0;
        for (int net = 0; net < 2; net++)
        {
            for (int host = 1; host <= 4; host++)
            {
                for (final int[] ports : new int[][] { {2048, 1024}, {1024, 2048} })
                {
                    for (final int proto : new int[] {17, 6})
                    {
                        rules.add(String.format("R%s %s %d %d %d %d", ipv6 ? "2001:200:0:" + net + "::" + host :
                            "198.18." + net + "." + host, ipv6 ? "2001:db8::1" : "192.0.2.1", ports[0], ports[1],
                            proto, (net + host + i++) & 1));
                    }
                }
            }
        }
        return rules.toArray(String[]::new);
    }

    private static String write(final Path file, final String... lines) throws Exception
    {
        Files.writeString(file, "# rules\n" + String.join("\n", lines) + "\n");
        return file.toString();
    }

    /** DPDK's l3fwd ({@code binary}) or, for null, jdpdk's, on lcore 0 and the run's two net_pcap ports. */
    private static List<String> command(final String binary, final Path dir, final String name,
        final List<String> args)
    {
        final List<String> command = new ArrayList<>(binary != null ? List.of(binary) :
            AppProcess.command(L3fwd.class));
        command.addAll(List.of("-l", "0"));
        command.addAll(PcapRun.eal(dir, name, 2));
        command.add("--");
        command.addAll(args);
        return command;
    }

    /** {@link #FRAMES_PER_PORT} frames of {@code seed}: {@link #seed} frames and {@link Frames#mixed}, mutated. */
    private static List<byte[]> frames(final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final List<byte[]> mixed = Frames.mixed(64, seed);
        final List<byte[]> frames = new ArrayList<>(FRAMES_PER_PORT);
        for (int i = 0; i < FRAMES_PER_PORT; i++)
        {
            byte[] frame = random.nextInt(8) == 0 ? mixed.get(random.nextInt(mixed.size())).clone() : seed(random, i);
            final int changes = random.nextInt(4);
            for (int k = 0; k < changes; k++)
            {
                if (random.nextBoolean())
                {
                    frame[random.nextInt(Math.min(frame.length, 64))] = (byte)random.nextInt(256);
                }
                else
                {
                    final int field = random.nextInt(FIELDS.length);
                    frame[FIELDS[field]] = (byte)VALUES[field][random.nextInt(VALUES[field].length)];
                }
            }
            if (random.nextInt(8) == 0 && frame.length > 60)
            {
                frame = Arrays.copyOf(frame, 60 + random.nextInt(frame.length - 60));
            }
            frames.add(frame);
        }
        return frames;
    }

    /** An IPv4, IPv6 or ARP frame, its destination one of the rules' or routes', or none. */
    private static byte[] seed(final SplittableRandom random, final int tag)
    {
        final int kind = random.nextInt(10);
        if (kind == 9)
        {
            return L3fwdFrames.arp();
        }
        final boolean tcp = random.nextBoolean();
        if (kind >= 5)
        {
            final long high = switch (random.nextInt(3))
            {
                case 0 -> 0x2001_0200_0000_0000L | random.nextInt(2);
                case 1 -> 0x2001_0200_0000_0000L | random.nextInt(16);
                default -> random.nextLong();
            };
            final long low = random.nextBoolean() ? 1 + random.nextInt(4) : random.nextLong();
            final byte[] frame = L3fwdFrames.ipv6(high, low, tag);
            frame[ETH + 6] = (byte)(tcp ? 6 : 17);
            return frame;
        }
        final String destination = switch (random.nextInt(4))
        {
            case 0 -> "198.18." + random.nextInt(2) + "." + (1 + random.nextInt(4));
            case 1 -> "198.18." + random.nextInt(16) + "." + random.nextInt(256);
            case 2 -> "192.0.2." + random.nextInt(256);
            default -> random.nextInt(224) + "." + random.nextInt(256) + "." + random.nextInt(256) + "." +
                random.nextInt(256);
        };
        final int ttl = new int[] {64, 64, 1, 0, 255}[random.nextInt(5)];
        final byte[] frame = kind == 4 ? L3fwdFrames.ipv4WithIhl(destination, ttl, tag, 6 + random.nextInt(10)) :
            L3fwdFrames.ipv4(destination, ttl, tag, random.nextInt(3) * 40);
        return tcp ? L3fwdFrames.with(frame, ETH + 9, 6, true) : frame;
    }

    /** The same frames in the same order; else the first that differs, both ways, in hex. */
    private static void assertSameFrames(final List<byte[]> expected, final List<byte[]> actual, final String what,
        final String expectedLog, final String actualLog)
    {
        final int common = Math.min(expected.size(), actual.size());
        for (int i = 0; i < common; i++)
        {
            if (!Arrays.equals(expected.get(i), actual.get(i)))
            {
                fail(what + ": frame " + i + " differs\n DPDK:  " + HexFormat.of().formatHex(expected.get(i)) +
                    "\n jdpdk: " + HexFormat.of().formatHex(actual.get(i)) + "\nDPDK's l3fwd:\n" + expectedLog +
                    "\njdpdk's:\n" + actualLog);
            }
        }
        assertEquals(expected.size(), actual.size(), what + ": frames sent (the first " + common + " are the same)" +
            "\nDPDK's l3fwd:\n" + expectedLog + "\njdpdk's:\n" + actualLog);
    }
}
