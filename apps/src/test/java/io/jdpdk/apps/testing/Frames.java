package io.jdpdk.apps.testing;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Test frames of many kinds and sizes: IPv4 UDP/TCP/ICMP, IPv6 UDP, ARP, 802.1Q and QinQ tagged,
 * from the 60-byte minimum to the 1514-byte maximum, headers well-formed and payload random.
 */
public final class Frames
{
    private Frames()
    {
    }

    /** {@code count} frames of mixed protocols; sizes include 60 and 1514 and random ones between. */
    public static List<byte[]> mixed(final int count, final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final List<byte[]> frames = new ArrayList<>(count);
        for (int i = 0; i < count; i++)
        {
            final int size = i == 0 ? 60 : i == 1 ? 1514 : 60 + random.nextInt(1514 - 60 + 1);
            frames.add(frame(i % 7, size, random));
        }
        return frames;
    }

    private static byte[] frame(final int kind, final int size, final SplittableRandom random)
    {
        final byte[] bytes = new byte[size];
        random.nextBytes(bytes);
        final ByteBuffer b = ByteBuffer.wrap(bytes);
        b.put(new byte[] { 0x02, 0, 0, 0, 0, 0x01 }).put(new byte[] { 0x02, 0, 0, 0, 0, 0x02 });
        switch (kind)
        {
            case 0 -> ipv4(b, 17, size - 14);
            case 1 -> ipv4(b, 6, size - 14);
            case 2 -> ipv4(b, 1, size - 14);
            case 3 ->
            {
                b.putShort((short)0x86DD).putInt(0x60000000).putShort((short)(size - 54)).put((byte)17).put((byte)64);
            }
            case 4 ->
            {
                b.putShort((short)0x0806).putShort((short)1).putShort((short)0x0800).put((byte)6).put((byte)4)
                    .putShort((short)1);
            }
            case 5 ->
            {
                b.putShort((short)0x8100).putShort((short)100);
                ipv4(b, 17, size - 18);
            }
            default ->
            {
                b.putShort((short)0x88A8).putShort((short)10).putShort((short)0x8100).putShort((short)20);
                ipv4(b, 6, size - 22);
            }
        }
        return bytes;
    }

    private static void ipv4(final ByteBuffer b, final int protocol, final int totalLength)
    {
        b.putShort((short)0x0800).put((byte)0x45).put((byte)0).putShort((short)totalLength).putInt(0)
            .put((byte)64).put((byte)protocol).putShort((short)0).putInt(0xC0A80001).putInt(0xC6120001);
    }
}
