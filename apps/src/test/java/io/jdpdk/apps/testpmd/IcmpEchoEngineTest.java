package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.Commands;
import io.jdpdk.apps.testing.Frames;
import io.jdpdk.apps.testing.Pcap;
import io.jdpdk.eal.Lcore;
import io.jdpdk.eal.TestEal;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import static io.jdpdk.apps.testpmd.EngineHarness.assertSameFrames;
import static io.jdpdk.apps.testpmd.EngineHarness.ipv4ChecksumValid;
import static io.jdpdk.apps.testpmd.EngineHarness.mac;
import static io.jdpdk.apps.testpmd.EngineHarness.putMac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@link IcmpEchoEngine} against DPDK 22.11's dpdk-testpmd {@code --forward-mode=icmpecho} on the
 * same input (one net_pcap port, which testpmd pairs with itself: RX port 0 to TX port 0; with
 * {@code --no-flush-rx}, or testpmd's start drains the input before the engine sees it), and
 * against the Linux kernel's ARP and ping through a net_tap port.
 */
class IcmpEchoEngineTest
{
    private static final long HOST_MAC = 0x02AA_0000_0001L;
    private static final long OTHER_MAC = 0x02BB_0000_0002L;
    private static final int HOST_IP = 0x0A000001;
    private static final int TARGET_IP = 0x0A000002;
    private static final int NO_TAG = -1;
    /** How many of {@link #craftedFrames()} are answered: the first ones. */
    private static final int CRAFTED_REPLIES = 14;

    @BeforeAll
    static void eal()
    {
        TestEal.get();
    }

    /** Requests the reply must answer, first; then what it must drop; each notes why. */
    static List<byte[]> craftedFrames()
    {
        final List<byte[]> f = new ArrayList<>();
        // Answered (14): ARP requests, tagged or not; echo requests of every shape icmpecho.c replies to.
        f.add(arp(NO_TAG, 1, 0x0800, 1, HOST_IP, TARGET_IP, 42));          // as the kernel sends it, unpadded
        f.add(arp(100, 1, 0x0800, 1, HOST_IP, 0x0A0000FE, 60));             // 802.1Q tag kept
        f.add(echo(NO_TAG, HOST_IP, TARGET_IP, 5, new byte[0], 56, -1));
        f.add(echo(200, HOST_IP, TARGET_IP, 5, new byte[0], 56, -1));
        f.add(echo(NO_TAG, HOST_IP, 0xE0000001, 5, new byte[0], 56, -1));  // 224.0.0.1 from .1: from .2
        f.add(echo(NO_TAG, 0x0A000006, 0xE00000FB, 5, new byte[0], 32, -1)); // from .6: from .5
        f.add(echo(NO_TAG, HOST_IP, 0xEF010101, 5, new byte[0], 32, -1));  // 239/8: not multicast to icmpecho.c
        f.add(echo(NO_TAG, HOST_IP, TARGET_IP, 6, new byte[] { 8, 0, 0x12, 0x34 }, 16, -1)); // options read as ICMP
        f.add(echo(NO_TAG, HOST_IP, TARGET_IP, 5, new byte[0], 24, 0xFFFF)); // checksum edge cases
        f.add(echo(NO_TAG, HOST_IP, TARGET_IP, 5, new byte[0], 24, 0x0000));
        f.add(echo(NO_TAG, HOST_IP, TARGET_IP, 5, new byte[0], 24, 0xF7FF));
        final byte[] version6 = echo(NO_TAG, HOST_IP, TARGET_IP, 5, new byte[0], 24, -1);
        version6[14] = 0x65;                                                 // IP version unchecked
        f.add(version6);
        f.add(echo(NO_TAG, HOST_IP, TARGET_IP, 5, new byte[0], 1400, -1));
        final byte[] broadcast = echo(NO_TAG, HOST_IP, TARGET_IP, 5, new byte[0], 24, -1);
        putMac(broadcast, 0, 0xFFFF_FFFF_FFFFL);
        f.add(broadcast);
        // Dropped.
        f.add(arp(NO_TAG, 1, 0x0800, 2, HOST_IP, TARGET_IP, 60));           // a reply
        f.add(arp(NO_TAG, 6, 0x0800, 1, HOST_IP, TARGET_IP, 60));           // not Ethernet
        f.add(arp(NO_TAG, 1, 0x86DD, 1, HOST_IP, TARGET_IP, 60));           // not IPv4
        final byte[] code1 = echo(NO_TAG, HOST_IP, TARGET_IP, 5, new byte[0], 24, -1);
        code1[14 + 20 + 1] = 1;
        f.add(code1);
        final byte[] reply = echo(NO_TAG, HOST_IP, TARGET_IP, 5, new byte[0], 24, -1);
        reply[14 + 20] = 0;
        f.add(reply);
        f.add(echo(NO_TAG, HOST_IP, TARGET_IP, 6, new byte[] { 1, 1, 1, 1 }, 16, -1)); // options hide the request
        final byte[] udp = echo(NO_TAG, HOST_IP, TARGET_IP, 5, new byte[0], 24, -1);
        udp[14 + 9] = 17;
        f.add(udp);
        final byte[] ipv6 = echo(NO_TAG, HOST_IP, TARGET_IP, 5, new byte[0], 40, -1);
        ipv6[12] = (byte)0x86;
        ipv6[13] = (byte)0xDD;
        f.add(ipv6);
        f.add(tagged(echo(300, HOST_IP, TARGET_IP, 5, new byte[0], 24, -1), 0x88A8)); // QinQ outer tag
        f.add(tagged(echo(300, HOST_IP, TARGET_IP, 5, new byte[0], 24, -1), 0x8100)); // two 802.1Q tags
        return f;
    }

    @Test
    void shouldReplyToArpAndEchoRequestsByteForByteAsTestpmd(@TempDir final Path dir) throws Exception
    {
        final List<byte[]> input = new ArrayList<>(craftedFrames());
        input.addAll(Frames.mixed(300, 11));
        final Path in = dir.resolve("in.pcap");
        Pcap.write(in, input);

        final Path theirsFile = dir.resolve("testpmd.pcap");
        final long theirMac;
        try (TestPmdOracle testpmd = TestPmdOracle.start(
            List.of("-l", "0-1", "--vdev=net_pcap0,rx_pcap=" + in + ",tx_pcap=" + theirsFile),
            List.of("--forward-mode=icmpecho", "--no-flush-rx")))
        {
            testpmd.command("start");
            testpmd.awaitRxPackets(input.size(), 60_000);
            testpmd.stopAndQuit();
            assertTrue(testpmd.output().contains("RX P=0/Q=0 (socket 0) -> TX P=0/Q=0"),
                "testpmd pairs its one port with itself");
            theirMac = testpmd.portMac();
        }
        final List<byte[]> theirs = Pcap.read(theirsFile);

        final Path oursFile = dir.resolve("jdpdk.pcap");
        final FwdStream stream;
        final long ourMac;
        try (Mempool pool = EngineHarness.freshPool("icmpecho"))
        {
            try (Port port = EngineHarness.start(TestEal.uniqueName("net_pcap") + ",rx_pcap=" + in + ",tx_pcap=" +
                oursFile, pool))
            {
                final TestPmdConfig config = new TestPmdConfig();
                ourMac = port.macAddress();
                config.portMac[port.id()] = ourMac;
                stream = new FwdStream(port, 0, port, 0, config, pool);
                EngineHarness.forwardUntil(new IcmpEchoEngine(), stream, () -> stream.rxPackets >= input.size(),
                    30_000);
                stream.burst.close();
            }
            assertEquals(0, pool.inUseCount(), "replies sent and everything else freed");
        }
        final List<byte[]> ours = Pcap.read(oursFile);
        assertEquals(input.size(), stream.rxPackets);
        assertEquals(ours.size(), stream.txPackets);
        assertEquals(theirs.size(), ours.size(), "as many replies as testpmd");
        assertTrue(ours.size() > CRAFTED_REPLIES, "the random frames' ARP requests are answered too");

        assertCraftedReplies(ours, ourMac);
        for (int i = 0; i < theirs.size(); i++)
        {
            final byte[] t = theirs.get(i);
            final int l2 = ByteBuffer.wrap(t).getShort(12) == (short)0x8100 ? 18 : 14;
            if (ByteBuffer.wrap(t).getShort(l2 - 2) == (short)0x0806)
            {
                assertEquals(theirMac, mac(t, 6), "testpmd's ARP reply comes from its TX port");
                assertEquals(theirMac, mac(t, l2 + 8), "and names it as sender");
                putMac(t, 6, ourMac);
                putMac(t, l2 + 8, ourMac);
            }
        }
        assertSameFrames(theirs, ours, theirs.size());
    }

    /** What the replies to the crafted requests must be, whatever testpmd says. */
    private static void assertCraftedReplies(final List<byte[]> replies, final long portMac)
    {
        final byte[] arp = replies.get(0);
        final ByteBuffer a = ByteBuffer.wrap(arp);
        assertEquals(42, arp.length);
        assertEquals(HOST_MAC, mac(arp, 0), "ARP reply to the requester");
        assertEquals(portMac, mac(arp, 6), "from the TX port");
        assertEquals(2, a.getShort(14 + 6), "opcode reply");
        assertEquals(portMac, mac(arp, 14 + 8), "sender hardware address: the TX port");
        assertEquals(TARGET_IP, a.getInt(14 + 14), "sender protocol address: the one asked for");
        assertEquals(HOST_MAC, mac(arp, 14 + 18), "target hardware address: the requester");
        assertEquals(HOST_IP, a.getInt(14 + 24), "target protocol address: the requester's");
        assertEquals(100, ByteBuffer.wrap(replies.get(1)).getShort(14) & 0xFFF, "VLAN tag kept");
        assertEquals(0x0A0000FE, ByteBuffer.wrap(replies.get(1)).getInt(18 + 14), "any address is claimed");

        final byte[] echo = replies.get(2);
        final ByteBuffer e = ByteBuffer.wrap(echo);
        assertEquals(OTHER_MAC, mac(echo, 6), "Ethernet addresses swapped");
        assertEquals(HOST_MAC, mac(echo, 0));
        assertEquals(TARGET_IP, e.getInt(26), "IPv4 addresses swapped");
        assertEquals(HOST_IP, e.getInt(30));
        assertEquals(0, echo[34], "echo reply");
        assertTrue(ipv4ChecksumValid(echo, 14));
        assertTrue(icmpChecksumValid(echo, 34), "ICMP checksum updated for the type change");
        assertEquals(200, ByteBuffer.wrap(replies.get(3)).getShort(14) & 0xFFF, "VLAN tag kept");
        assertTrue(icmpChecksumValid(replies.get(3), 38));

        final ByteBuffer m1 = ByteBuffer.wrap(replies.get(4));
        assertEquals(0x0A000002, m1.getInt(26), "multicast request from .1: reply from .2");
        assertEquals(HOST_IP, m1.getInt(30));
        assertTrue(ipv4ChecksumValid(replies.get(4), 14), "IPv4 checksum recomputed");
        assertEquals(0x0A000005, ByteBuffer.wrap(replies.get(5)).getInt(26), "from .6: reply from .5");
        assertEquals(0xEF010101, ByteBuffer.wrap(replies.get(6)).getInt(26), "239.1.1.1 swapped as unicast");

        final byte[] options = replies.get(7);
        assertEquals(0, options[34], "the first option byte took the echo reply type");
        assertEquals(8, options[38], "the real ICMP header after the options is untouched");
    }

    @Test
    void shouldFreeFramesTooShortForTheFieldsTheReplyReads(@TempDir final Path dir) throws Exception
    {
        final byte[] validEcho = echo(NO_TAG, HOST_IP, TARGET_IP, 5, new byte[0], 24, -1);
        final List<byte[]> input = List.of(
            Arrays.copyOf(arp(NO_TAG, 1, 0x0800, 1, HOST_IP, TARGET_IP, 42), 41),
            Arrays.copyOf(validEcho, 14 + 23),
            Arrays.copyOf(validEcho, 13),
            Arrays.copyOf(echo(7, HOST_IP, TARGET_IP, 5, new byte[0], 24, -1), 16),
            validEcho);
        final Path in = dir.resolve("in.pcap");
        Pcap.write(in, input);
        final Path out = dir.resolve("out.pcap");
        try (Mempool pool = EngineHarness.freshPool("icmpecho_short"))
        {
            final FwdStream stream;
            try (Port port = EngineHarness.start(TestEal.uniqueName("net_pcap") + ",rx_pcap=" + in + ",tx_pcap=" + out,
                pool))
            {
                final TestPmdConfig config = new TestPmdConfig();
                config.portMac[port.id()] = port.macAddress();
                stream = new FwdStream(port, 0, port, 0, config, pool);
                EngineHarness.forwardUntil(new IcmpEchoEngine(), stream, () -> stream.rxPackets >= input.size(),
                    30_000);
                stream.burst.close();
            }
            assertEquals(0, pool.inUseCount(), "the short frames were freed");
            assertEquals(5, stream.rxPackets);
            assertEquals(1, stream.txPackets, "only the complete request is answered");
        }
        final List<byte[]> replies = Pcap.read(out);
        assertEquals(1, replies.size());
        assertEquals(0, replies.getFirst()[34], "echo reply");
        assertTrue(icmpChecksumValid(replies.getFirst(), 34));
    }

    @Test
    void shouldAnswerTheKernelsArpAndPingThroughATapPort() throws Exception
    {
        assumeTrue(Files.exists(Path.of("/dev/net/tun")), "/dev/net/tun is missing: this machine cannot create " +
            "TAP devices, so the kernel cannot ping through net_tap");
        final int subnet = freeSubnet();
        final String iface = "jdte" + (ProcessHandle.current().pid() % 100_000);
        final String local = "10.200." + subnet + ".1";
        final String remote = "10.200." + subnet + ".2";
        try (Mempool pool = EngineHarness.freshPool("icmpecho_tap"))
        {
            final FwdStream stream;
            final Lcore worker = TestEal.get().worker(2);
            try (Port port = EngineHarness.start(TestEal.uniqueName("net_tap") + ",iface=" + iface, pool))
            {
                final TestPmdConfig config = new TestPmdConfig();
                config.portMac[port.id()] = port.macAddress();
                stream = new FwdStream(port, 0, port, 0, config, pool);
                final IcmpEchoEngine engine = new IcmpEchoEngine();
                Commands.run(10, "ip", "addr", "add", local + "/24", "dev", iface);
                Commands.run(10, "ip", "link", "set", iface, "up");
                worker.launch(lcore ->
                {
                    while (!lcore.stopRequested())
                    {
                        final long before = stream.rxPackets;
                        engine.packetFwd(stream);
                        if (stream.rxPackets == before)
                        {
                            LockSupport.parkNanos(50_000);
                        }
                    }
                    return 0;
                });
                final String ping;
                try
                {
                    ping = Commands.run(30, "ping", "-c", "3", "-i", "0.2", "-W", "1", "-I", iface, remote);
                }
                finally
                {
                    worker.stop();
                    worker.await();
                }
                assertTrue(ping.contains("3 packets transmitted, 3 received"), ping);
                assertTrue(stream.txPackets >= 4, "an ARP reply and three echo replies, sent " + stream.txPackets);
                stream.burst.close();
            }
            assertEquals(0, pool.inUseCount());
        }
    }

    // ---- frames ------------------------------------------------------------------------------------

    /** An ARP packet from HOST_MAC, broadcast, optionally tagged, padded to {@code size}. */
    private static byte[] arp(final int vlan, final int hardware, final int protocol, final int op, final int spa,
        final int tpa, final int size)
    {
        final ByteBuffer b = ByteBuffer.allocate(size);
        b.put(new byte[] { -1, -1, -1, -1, -1, -1 });
        b.put(macBytes(HOST_MAC));
        if (vlan != NO_TAG)
        {
            b.putShort((short)0x8100).putShort((short)vlan);
        }
        b.putShort((short)0x0806).putShort((short)hardware).putShort((short)protocol).put((byte)6).put((byte)4)
            .putShort((short)op).put(macBytes(HOST_MAC)).putInt(spa).put(new byte[6]).putInt(tpa);
        return b.array();
    }

    /**
     * An ICMP echo request HOST_MAC to OTHER_MAC, {@code src} to {@code dst}, with an IHL of
     * {@code ihl} (options given), {@code payload} bytes, valid checksums unless {@code icmpChecksum}
     * forces one.
     */
    private static byte[] echo(final int vlan, final int src, final int dst, final int ihl, final byte[] options,
        final int payload, final int icmpChecksum)
    {
        final int l2 = vlan == NO_TAG ? 14 : 18;
        final int ipLength = ihl * 4 + 8 + payload;
        final ByteBuffer b = ByteBuffer.allocate(Math.max(60, l2 + ipLength));
        b.put(macBytes(OTHER_MAC)).put(macBytes(HOST_MAC));
        if (vlan != NO_TAG)
        {
            b.putShort((short)0x8100).putShort((short)vlan);
        }
        b.putShort((short)0x0800).put((byte)(0x40 | ihl)).put((byte)0).putShort((short)ipLength).putShort((short)0x1234)
            .putShort((short)0x4000).put((byte)64).put((byte)1).putShort((short)0).putInt(src).putInt(dst).put(options);
        final int icmp = b.position();
        b.put((byte)8).put((byte)0).putShort((short)0).putShort((short)0x4242).putShort((short)7);
        for (int i = 0; i < payload; i++)
        {
            b.put((byte)(i * 7 + 3));
        }
        final byte[] frame = b.array();
        putShort(frame, l2 + 10, checksum(frame, l2, ihl * 4));
        putShort(frame, icmp + 2, icmpChecksum >= 0 ? icmpChecksum : checksum(frame, icmp, 8 + payload));
        return frame;
    }

    /** {@code frame} with one more tag, TPID {@code tpid}, in front of its first. */
    private static byte[] tagged(final byte[] frame, final int tpid)
    {
        final byte[] out = new byte[frame.length + 4];
        System.arraycopy(frame, 0, out, 0, 12);
        out[12] = (byte)(tpid >>> 8);
        out[13] = (byte)tpid;
        out[15] = 10;
        System.arraycopy(frame, 12, out, 16, frame.length - 12);
        return out;
    }

    private static boolean icmpChecksumValid(final byte[] frame, final int icmp)
    {
        final int l2 = icmp - 20;
        final int ipLength = ByteBuffer.wrap(frame).getShort(l2 + 2) & 0xFFFF;
        return checksum(frame, icmp, ipLength - 20) == 0;
    }

    private static int checksum(final byte[] frame, final int offset, final int length)
    {
        long sum = 0;
        for (int i = 0; i < length; i += 2)
        {
            sum += ((frame[offset + i] & 0xFF) << 8) | (i + 1 < length ? frame[offset + i + 1] & 0xFF : 0);
        }
        while ((sum >>> 16) != 0)
        {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return (int)(~sum & 0xFFFF);
    }

    private static void putShort(final byte[] frame, final int offset, final int value)
    {
        frame[offset] = (byte)(value >>> 8);
        frame[offset + 1] = (byte)value;
    }

    private static byte[] macBytes(final long mac)
    {
        final byte[] b = new byte[6];
        putMac(b, 0, mac);
        return b;
    }

    // ---- kernel side ---------------------------------------------------------------------------------

    /** A third octet N such that no interface has an address in 10.200.N.0/24. */
    private static int freeSubnet() throws Exception
    {
        final String addresses = Commands.run(10, "ip", "-4", "-o", "addr", "show");
        for (int i = 0; i < 200; i++)
        {
            final int n = 20 + (int)((ProcessHandle.current().pid() + i) % 200);
            if (!addresses.contains(" 10.200." + n + "."))
            {
                return n;
            }
        }
        throw new IllegalStateException("no free 10.200.N.0/24 subnet:\n" + addresses);
    }
}
