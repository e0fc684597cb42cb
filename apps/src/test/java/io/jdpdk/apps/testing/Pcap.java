package io.jdpdk.apps.testing;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads and writes classic little-endian pcap files (linktype Ethernet) for tests. */
public final class Pcap
{
    private static final int MAGIC_US = 0xA1B2C3D4;
    private static final int MAGIC_NS = 0xA1B23C4D;

    private Pcap()
    {
    }

    /** Writes {@code frames} as a pcap file, microsecond timestamps 1 s apart. */
    public static void write(final Path file, final List<byte[]> frames) throws IOException
    {
        int size = 24;
        for (final byte[] f : frames)
        {
            size += 16 + f.length;
        }
        final ByteBuffer buf = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        buf.putInt(MAGIC_US).putShort((short)2).putShort((short)4).putInt(0).putInt(0).putInt(65535).putInt(1);
        int ts = 1_700_000_000;
        for (final byte[] f : frames)
        {
            buf.putInt(ts++).putInt(0).putInt(f.length).putInt(f.length).put(f);
        }
        Files.write(file, buf.array());
    }

    /** The frames of a pcap file (captured bytes), in order. */
    public static List<byte[]> read(final Path file) throws IOException
    {
        final ByteBuffer buf = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        final int magic = buf.getInt();
        if (magic != MAGIC_US && magic != MAGIC_NS)
        {
            throw new IOException(file + ": not a little-endian pcap file (magic 0x" + Integer.toHexString(magic) + ")");
        }
        buf.position(24);
        final List<byte[]> frames = new ArrayList<>();
        while (buf.remaining() >= 16)
        {
            buf.getInt();
            buf.getInt();
            final int caplen = buf.getInt();
            buf.getInt();
            final byte[] f = new byte[caplen];
            buf.get(f);
            frames.add(f);
        }
        return frames;
    }
}
