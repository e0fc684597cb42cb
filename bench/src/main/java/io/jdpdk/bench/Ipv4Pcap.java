package io.jdpdk.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a pcap of UDP/IPv4 frames routed by l3fwd's default table (198.18.N.x, alternating N = 0
 * and 1), valid checksums and TTL 64: traffic for net_pcap's {@code infinite_rx} replay.
 */
final class Ipv4Pcap
{
    private Ipv4Pcap()
    {
    }

    static Path write(final int frames) throws IOException
    {
        final int frameLength = 64;
        final ByteBuffer buf = ByteBuffer.allocate(24 + frames * (16 + frameLength)).order(ByteOrder.LITTLE_ENDIAN);
        buf.putInt(0xA1B2C3D4).putShort((short)2).putShort((short)4).putInt(0).putInt(0).putInt(65535).putInt(1);
        for (int i = 0; i < frames; i++)
        {
            buf.putInt(i).putInt(0).putInt(frameLength).putInt(frameLength);
            final ByteBuffer f = ByteBuffer.allocate(frameLength);
            f.putLong(0x0200000000000200L).putInt(0x00000009).putShort((short)0x0800);
            f.put((byte)0x45).put((byte)0).putShort((short)(frameLength - 14)).putInt(0).put((byte)64).put((byte)17)
                .putShort((short)0).putInt(0x0A000001 + i).putInt((198 << 24) | (18 << 16) | ((i & 1) << 8) | (1 + i % 200));
            f.putShort((short)(1000 + i)).putShort((short)53).putShort((short)(frameLength - 34)).putShort((short)0);
            int sum = 0;
            for (int j = 14; j < 34; j += 2)
            {
                sum += f.getShort(j) & 0xFFFF;
            }
            sum = (sum & 0xFFFF) + (sum >>> 16);
            sum = (sum & 0xFFFF) + (sum >>> 16);
            f.putShort(24, (short)~sum);
            buf.put(f.array());
        }
        final Path file = Files.createTempFile("jdpdk-l3fwd", ".pcap");
        file.toFile().deleteOnExit();
        Files.write(file, buf.array());
        return file;
    }
}
