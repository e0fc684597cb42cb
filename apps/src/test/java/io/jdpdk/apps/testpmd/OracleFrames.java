package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.Frames;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Input frames for comparing jdpdk's testpmd with dpdk-testpmd: every kind the engines treat differently, at the
 * sizes where they could go wrong.
 * <p>
 * A frame belongs to a mode's set only when dpdk-testpmd's output for it is defined by the frame alone: testpmd's
 * engines read and write headers without checking the packet length, and where a header is cut by the end of the
 * data they move bytes from past the data (whatever the buffer held before) into the packet. So the 5tswap set
 * cuts frames only at layer boundaries, and frames shorter than the 12 MAC address bytes go to io and mac only.
 */
final class OracleFrames
{
    /** The most the pcap PMD writes of one packet: RTE_ETH_PCAP_SNAPLEN of DPDK 22.11. */
    static final int PCAP_SNAPLEN = 16128;

    private OracleFrames()
    {
    }

    /** Frames whose output is defined for every mode (io, mac, macswap, 5tswap). */
    static List<byte[]> allModes(final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final List<byte[]> frames = new ArrayList<>(Frames.mixed(42, seed));
        // IPv6 TCP and UDP, IPv6 with a hop-by-hop header before UDP (5tswap does not walk it).
        frames.add(ipv6(random, 6, 20, 200));
        frames.add(ipv6(random, 17, 8, 300));
        frames.add(ipv6HopByHopUdp(random, 120));
        // IPv4 with options (IHL 6), with IHL 0 (5tswap takes L4 at the IP header), a non-first fragment.
        frames.add(ipv4(random, 0x46, 17, 100, 0));
        frames.add(ipv4(random, 0x40, 17, 80, 0));
        frames.add(ipv4(random, 0x45, 6, 90, 0x00B9));
        // Double 802.1Q, and a VLAN tag over IPv6.
        frames.add(tagged(random, new int[] { 0x8100, 0x8100 }, 0x0800, 17, 120));
        frames.add(tagged(random, new int[] { 0x8100 }, 0x86DD, 6, 140));
        // Runts, cut where a layer ends: Ethernet only, tag only, IPv4 without L4, ports only, headers only.
        frames.add(cut(ipv4(random, 0x45, 17, 80, 0), 14));
        frames.add(cut(tagged(random, new int[] { 0x8100 }, 0x0800, 17, 80), 18));
        frames.add(cut(ipv4(random, 0x45, 17, 80, 0), 34));
        frames.add(cut(ipv4(random, 0x45, 17, 80, 0), 38));
        frames.add(cut(ipv4(random, 0x45, 17, 80, 0), 42));
        frames.add(cut(ipv4(random, 0x45, 6, 80, 0), 54));
        frames.add(cut(ipv6(random, 17, 8, 80), 54));
        frames.add(cut(ipv6(random, 6, 20, 80), 58));
        frames.add(cut(tagged(random, new int[] { 0x88A8, 0x8100 }, 0x0800, 6, 80), 46));
        frames.add(cut(tagged(random, new int[] { 0x88A8, 0x8100 }, 0x0800, 17, 80), 59));
        frames.add(cut(arp(random), 42));
        frames.add(cut(ipv4(random, 0x45, 1, 80, 0), 50));
        // 12 and 13 bytes: the MAC addresses and no whole EtherType.
        frames.add(cut(ipv4(random, 0x45, 17, 80, 0), 12));
        frames.add(cut(ipv4(random, 0x45, 17, 80, 0), 13));
        // Large: standard maximum, several mbufs, 9000-byte jumbo, the pcap PMD's capture limit
        // (RTE_ETH_PCAP_SNAPLEN = RTE_ETHER_MAX_JUMBO_FRAME_LEN = 16128 bytes), and beyond it, which the PMD
        // receives whole (a chain of mbufs) but writes cut to 16128 bytes with the original length.
        frames.add(ipv4(random, 0x45, 17, 1514, 0));
        frames.add(ipv4(random, 0x45, 6, 4000, 0));
        frames.add(ipv6(random, 17, 8, 9000));
        frames.add(tagged(random, new int[] { 0x8100 }, 0x0800, 17, PCAP_SNAPLEN));
        frames.add(ipv4(random, 0x45, 6, 20_000, 0));
        return frames;
    }

    /** Runts cut inside a header: defined for io, mac and macswap, not for 5tswap. */
    static List<byte[]> cutInsideHeaders(final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        return List.of(cut(ipv4(random, 0x45, 17, 80, 0), 30), cut(ipv4(random, 0x45, 17, 80, 0), 36),
            cut(ipv6(random, 6, 20, 80), 40), cut(tagged(random, new int[] { 0x8100 }, 0x0800, 6, 80), 16),
            cut(ipv4(random, 0x45, 6, 80, 0), 35));
    }

    /** Frames shorter than the MAC addresses: defined for io and mac only. */
    static List<byte[]> shorterThanAddresses(final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        return List.of(cut(ipv4(random, 0x45, 17, 80, 0), 1), cut(ipv4(random, 0x45, 17, 80, 0), 6),
            cut(ipv4(random, 0x45, 17, 80, 0), 11));
    }

    private static byte[] cut(final byte[] frame, final int length)
    {
        return Arrays.copyOf(frame, length);
    }

    private static ByteBuffer ethernet(final SplittableRandom random, final int size)
    {
        final byte[] bytes = new byte[size];
        random.nextBytes(bytes);
        final ByteBuffer b = ByteBuffer.wrap(bytes);
        b.put(new byte[] { 0x0A, 0x11, 0x22, 0x33, 0x44, 0x55 }).put(new byte[] { 0x0C, 0x66, 0x77, 0x00, 0x01, 0x02 });
        return b;
    }

    private static byte[] ipv4(final SplittableRandom random, final int versionIhl, final int protocol, final int size,
        final int fragment)
    {
        final ByteBuffer b = ethernet(random, size);
        b.putShort((short)0x0800);
        putIpv4(b, versionIhl, protocol, size - 14, fragment, random);
        return b.array();
    }

    private static void putIpv4(final ByteBuffer b, final int versionIhl, final int protocol, final int totalLength,
        final int fragment, final SplittableRandom random)
    {
        b.put((byte)versionIhl).put((byte)0).putShort((short)totalLength).putShort((short)random.nextInt(65536))
            .putShort((short)fragment).put((byte)64).put((byte)protocol).putShort((short)0)
            .putInt(0xC0A8_0000 | random.nextInt(65536)).putInt(0x0A00_0000 | random.nextInt(1 << 24));
    }

    private static byte[] ipv6(final SplittableRandom random, final int nextHeader, final int l4Length,
        final int size)
    {
        final ByteBuffer b = ethernet(random, size);
        b.putShort((short)0x86DD).putInt(0x6000_0000).putShort((short)(size - 54)).put((byte)nextHeader)
            .put((byte)64);
        b.putLong(0x2001_0DB8_0000_0000L).putLong(random.nextLong()).putLong(0xFD00_0000_0000_0000L)
            .putLong(random.nextLong());
        return b.array();
    }

    private static byte[] ipv6HopByHopUdp(final SplittableRandom random, final int size)
    {
        final byte[] frame = ipv6(random, 0, 8, size);
        frame[54] = 17;
        frame[55] = 0;
        return frame;
    }

    private static byte[] tagged(final SplittableRandom random, final int[] tpids, final int etherType,
        final int protocol, final int size)
    {
        final ByteBuffer b = ethernet(random, size);
        for (final int tpid : tpids)
        {
            b.putShort((short)tpid).putShort((short)(random.nextInt(4095) + 1));
        }
        b.putShort((short)etherType);
        final int l3Length = size - b.position();
        if (etherType == 0x0800)
        {
            putIpv4(b, 0x45, protocol, l3Length, 0, random);
        }
        else
        {
            b.putInt(0x6000_0000).putShort((short)(l3Length - 40)).put((byte)protocol).put((byte)64);
        }
        return b.array();
    }

    private static byte[] arp(final SplittableRandom random)
    {
        final ByteBuffer b = ethernet(random, 60);
        b.putShort((short)0x0806).putShort((short)1).putShort((short)0x0800).put((byte)6).put((byte)4)
            .putShort((short)1);
        return b.array();
    }
}
