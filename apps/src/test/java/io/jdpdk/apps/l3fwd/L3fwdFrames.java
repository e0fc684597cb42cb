package io.jdpdk.apps.l3fwd;

import io.jdpdk.lpm.IpAddress;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Test frames for l3fwd, built byte by byte, and an IPv4 header checksum computed here from the bytes (not with
 * jdpdk's {@code Checksums}), so that what the app wrote is checked independently. Every IPv4 frame carries a
 * tag in its Identification field, every IPv6 frame in its flow label, to match an output frame with its input.
 */
public final class L3fwdFrames
{
    static final int ETH = 14;
    static final int TTL = ETH + 8;
    static final int CHECKSUM = ETH + 10;
    static final int IDENTIFICATION = ETH + 4;
    static final long SOURCE_MAC = 0x00_11_22_33_44_55L;
    static final long DESTINATION_MAC = 0xAA_BB_CC_DD_EE_FFL;

    private L3fwdFrames()
    {
    }

    /** Whether {@code frame}'s EtherType is IPv4 (0x0800). */
    static boolean isIpv4(final byte[] frame)
    {
        return frame.length >= ETH && frame[12] == 0x08 && frame[13] == 0x00;
    }

    /** An Ethernet + IPv4 + UDP frame to {@code destination} (dotted quad), 60 bytes or more, checksum right. */
    public static byte[] ipv4(final String destination, final int ttl, final int tag)
    {
        return ipv4(destination, ttl, tag, 18);
    }

    /** As {@link #ipv4(String, int, int)} with {@code payload} bytes of UDP payload. */
    static byte[] ipv4(final String destination, final int ttl, final int tag, final int payload)
    {
        final int totalLength = 20 + 8 + payload;
        final byte[] frame = new byte[Math.max(60, ETH + totalLength)];
        final ByteBuffer b = ByteBuffer.wrap(frame);
        putMac(b, DESTINATION_MAC);
        putMac(b, SOURCE_MAC);
        b.putShort((short)0x0800);
        b.put((byte)0x45).put((byte)0).putShort((short)totalLength).putShort((short)tag).putShort((short)0x4000)
            .put((byte)ttl).put((byte)17).putShort((short)0).putInt(IpAddress.parseIpv4("192.0.2.1"))
            .putInt(IpAddress.parseIpv4(destination));
        b.putShort((short)1024).putShort((short)2048).putShort((short)(8 + payload)).putShort((short)0);
        for (int i = 0; i < payload; i++)
        {
            b.put((byte)(tag + i));
        }
        setChecksum(frame);
        return frame;
    }

    /** An IPv4 frame whose header has {@code ihl} words (options as NOPs), checksum right. */
    static byte[] ipv4WithIhl(final String destination, final int ttl, final int tag, final int ihl)
    {
        final int headerLength = ihl * 4;
        final int totalLength = headerLength + 8;
        final byte[] frame = new byte[Math.max(60, ETH + totalLength)];
        final ByteBuffer b = ByteBuffer.wrap(frame);
        putMac(b, DESTINATION_MAC);
        putMac(b, SOURCE_MAC);
        b.putShort((short)0x0800);
        b.put((byte)(0x40 | ihl)).put((byte)0).putShort((short)totalLength).putShort((short)tag).putShort((short)0)
            .put((byte)ttl).put((byte)17).putShort((short)0).putInt(IpAddress.parseIpv4("192.0.2.1"))
            .putInt(IpAddress.parseIpv4(destination));
        for (int i = 20; i < headerLength; i++)
        {
            b.put((byte)1);
        }
        setChecksum(frame);
        return frame;
    }

    /** An ARP request frame (60 bytes). */
    static byte[] arp()
    {
        final byte[] frame = new byte[60];
        final ByteBuffer b = ByteBuffer.wrap(frame);
        putMac(b, 0xFF_FF_FF_FF_FF_FFL);
        putMac(b, SOURCE_MAC);
        b.putShort((short)0x0806).putShort((short)1).putShort((short)0x0800).put((byte)6).put((byte)4)
            .putShort((short)1);
        putMac(b, SOURCE_MAC);
        b.putInt(IpAddress.parseIpv4("192.0.2.1"));
        putMac(b, 0);
        b.putInt(IpAddress.parseIpv4("198.18.0.1"));
        return frame;
    }

    /** An IPv6 UDP frame to 2001:200::1 (what l3fwd's default LPM6 routes send to port 0), tag 1. */
    static byte[] ipv6()
    {
        return ipv6(0x2001_0200_0000_0000L, 1, 1);
    }

    /**
     * An IPv6 UDP frame to the address {@code high:low}, hop limit 64, with {@code tag} (16 bits) in the low bits
     * of its flow label.
     */
    static byte[] ipv6(final long high, final long low, final int tag)
    {
        final byte[] frame = new byte[14 + 40 + 8 + 10];
        final ByteBuffer b = ByteBuffer.wrap(frame);
        putMac(b, DESTINATION_MAC);
        putMac(b, SOURCE_MAC);
        b.putShort((short)0x86DD).putInt(0x6000_0000 | (tag & 0xFFFF)).putShort((short)18).put((byte)17)
            .put((byte)64);
        b.putLong(0x2001_0db8_0000_0000L).putLong(1);
        b.putLong(high).putLong(low);
        b.putShort((short)1024).putShort((short)2048).putShort((short)18).putShort((short)0);
        return frame;
    }

    /** A copy of {@code frame} with byte {@code offset} set to {@code value}, checksum recomputed or not. */
    static byte[] with(final byte[] frame, final int offset, final int value, final boolean fixChecksum)
    {
        final byte[] copy = frame.clone();
        copy[offset] = (byte)value;
        if (fixChecksum)
        {
            setChecksum(copy);
        }
        return copy;
    }

    /** A copy of {@code frame} with the IPv4 Total Length set to {@code totalLength}, checksum recomputed. */
    static byte[] withTotalLength(final byte[] frame, final int totalLength)
    {
        final byte[] copy = frame.clone();
        copy[ETH + 2] = (byte)(totalLength >>> 8);
        copy[ETH + 3] = (byte)totalLength;
        setChecksum(copy);
        return copy;
    }

    /**
     * The IPv4 header checksum of the frame's header (IHL from the frame), computed from the bytes with the
     * checksum field taken as 0: RFC 1071's one's-complement sum, written out here on its own.
     */
    static int headerChecksum(final byte[] frame)
    {
        final int headerLength = (frame[ETH] & 0x0F) * 4;
        int sum = 0;
        for (int i = ETH; i < ETH + headerLength; i += 2)
        {
            if (i == CHECKSUM)
            {
                continue;
            }
            sum += ((frame[i] & 0xFF) << 8) | (frame[i + 1] & 0xFF);
        }
        while ((sum >>> 16) != 0)
        {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return ~sum & 0xFFFF;
    }

    static void setChecksum(final byte[] frame)
    {
        final int checksum = headerChecksum(frame);
        frame[CHECKSUM] = (byte)(checksum >>> 8);
        frame[CHECKSUM + 1] = (byte)checksum;
    }

    static int checksumField(final byte[] frame)
    {
        return u16(frame, CHECKSUM);
    }

    /** The tag of an IPv4 (Identification) or IPv6 (low 16 bits of the flow label) frame. */
    static int tag(final byte[] frame)
    {
        return etherType(frame) == 0x86DD ? u16(frame, ETH + 2) : u16(frame, IDENTIFICATION);
    }

    public static int ttl(final byte[] frame)
    {
        return frame[TTL] & 0xFF;
    }

    static long destinationMac(final byte[] frame)
    {
        return mac(frame, 0);
    }

    static long sourceMac(final byte[] frame)
    {
        return mac(frame, 6);
    }

    static int etherType(final byte[] frame)
    {
        return u16(frame, 12);
    }

    /**
     * Whether {@code out} is {@code in} forwarded: same length, and the same bytes except the two MAC addresses
     * and, for IPv4, the TTL and header checksum.
     */
    public static boolean sameApartFromRewrite(final byte[] in, final byte[] out, final boolean ipv4)
    {
        if (in.length != out.length)
        {
            return false;
        }
        final byte[] a = Arrays.copyOfRange(in, 12, in.length);
        final byte[] b = Arrays.copyOfRange(out, 12, out.length);
        if (ipv4)
        {
            for (final int offset : new int[] { TTL, CHECKSUM, CHECKSUM + 1 })
            {
                a[offset - 12] = 0;
                b[offset - 12] = 0;
            }
        }
        return Arrays.equals(a, b);
    }

    private static long mac(final byte[] frame, final int offset)
    {
        long mac = 0;
        for (int i = 0; i < 6; i++)
        {
            mac = (mac << 8) | (frame[offset + i] & 0xFF);
        }
        return mac;
    }

    private static int u16(final byte[] frame, final int offset)
    {
        return ((frame[offset] & 0xFF) << 8) | (frame[offset + 1] & 0xFF);
    }

    private static void putMac(final ByteBuffer b, final long mac)
    {
        b.putShort((short)(mac >>> 32)).putInt((int)mac);
    }
}
