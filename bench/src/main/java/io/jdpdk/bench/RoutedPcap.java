package io.jdpdk.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes pcaps of 64-byte UDP frames that l3fwd's default tables route (DPDK's and jdpdk's alike), for net_pcap's
 * {@code infinite_rx} replay: frame {@code i} goes to port {@code i & 1}, TTL / hop limit 64, valid IPv4 header
 * checksums.
 * <ul>
 * <li>{@link #ipv4}: UDP/IPv4 to 198.18.N.x (route 198.18.N.0/24 to port N);</li>
 * <li>{@link #mixed}: the same, but frames {@code i % 4 == 2, 3} are UDP/IPv6 to 2001:200:0:N::x (route
 *     2001:200:0:N::/64 to port N in DPDK 22.11's {@code ipv6_l3fwd_route_array}): half IPv4, half IPv6.</li>
 * </ul>
 */
final class RoutedPcap
{
    private static final int FRAME_LENGTH = 64;

    private RoutedPcap()
    {
    }

    /** {@code frames} UDP/IPv4 frames, alternately routed to port 0 and port 1. */
    static Path ipv4(final int frames) throws IOException
    {
        return write(frames, false);
    }

    /** {@code frames} frames, half UDP/IPv4 and half UDP/IPv6 (two of each in turn), alternately to port 0 and 1. */
    static Path mixed(final int frames) throws IOException
    {
        return write(frames, true);
    }

    private static Path write(final int frames, final boolean withIpv6) throws IOException
    {
        final ByteBuffer buf = ByteBuffer.allocate(24 + frames * (16 + FRAME_LENGTH)).order(ByteOrder.LITTLE_ENDIAN);
        buf.putInt(0xA1B2C3D4).putShort((short)2).putShort((short)4).putInt(0).putInt(0).putInt(65535).putInt(1);
        for (int i = 0; i < frames; i++)
        {
            buf.putInt(i).putInt(0).putInt(FRAME_LENGTH).putInt(FRAME_LENGTH);
            buf.put(withIpv6 && i % 4 >= 2 ? ipv6Frame(i) : ipv4Frame(i));
        }
        final Path file = Files.createTempFile("jdpdk-l3fwd", ".pcap");
        file.toFile().deleteOnExit();
        Files.write(file, buf.array());
        return file;
    }

    private static byte[] ipv4Frame(final int i)
    {
        final ByteBuffer f = ByteBuffer.allocate(FRAME_LENGTH);
        f.putLong(0x0200000000000200L).putInt(0x00000009).putShort((short)0x0800);
        f.put((byte)0x45).put((byte)0).putShort((short)(FRAME_LENGTH - 14)).putInt(0).put((byte)64).put((byte)17)
            .putShort((short)0).putInt(0x0A000001 + i).putInt((198 << 24) | (18 << 16) | ((i & 1) << 8) | (1 + i % 200));
        f.putShort((short)(1000 + i)).putShort((short)53).putShort((short)(FRAME_LENGTH - 34)).putShort((short)0);
        int sum = 0;
        for (int j = 14; j < 34; j += 2)
        {
            sum += f.getShort(j) & 0xFFFF;
        }
        sum = (sum & 0xFFFF) + (sum >>> 16);
        sum = (sum & 0xFFFF) + (sum >>> 16);
        f.putShort(24, (short)~sum);
        return f.array();
    }

    /** UDP/IPv6 from 2001:db8::i to 2001:200:0:(i&1)::(1 + i % 200), two bytes of payload. */
    private static byte[] ipv6Frame(final int i)
    {
        final ByteBuffer f = ByteBuffer.allocate(FRAME_LENGTH);
        f.putLong(0x0200000000000200L).putInt(0x00000009).putShort((short)0x86DD);
        final int payload = FRAME_LENGTH - 14 - 40;
        f.putInt(0x60000000).putShort((short)payload).put((byte)17).put((byte)64);
        f.putLong(0x20010DB800000000L).putLong(i);
        f.putLong(0x2001020000000000L | (i & 1)).putLong(1 + i % 200);
        f.putShort((short)(1000 + i)).putShort((short)53).putShort((short)payload).putShort((short)0);
        // UDP checksum, mandatory over IPv6: pseudo-header (addresses, length, next header) and the datagram.
        long sum = 0;
        for (int j = 22; j < 54; j += 2)
        {
            sum += f.getShort(j) & 0xFFFF;
        }
        sum += payload + 17;
        for (int j = 54; j < FRAME_LENGTH; j += 2)
        {
            sum += f.getShort(j) & 0xFFFF;
        }
        while ((sum >>> 16) != 0)
        {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        final short checksum = (short)~sum;
        f.putShort(60, checksum == 0 ? (short)0xFFFF : checksum);
        return f.array();
    }
}
