package io.jdpdk.mempool.header;

/**
 * The Internet checksum written the plain way, over byte arrays, one 16-bit word at a time: the independent
 * implementation {@link Checksums} is compared with.
 */
final class ReferenceChecksum
{
    private ReferenceChecksum()
    {
    }

    /**
     * The checksum of {@code data[from, to)} preceded by {@code pseudoHeader}, with the two bytes at
     * {@code checksumAt} (an index into data) counted as zero.
     */
    static int checksum(final byte[] pseudoHeader, final byte[] data, final int from, final int to,
        final int checksumAt)
    {
        final byte[] all = new byte[pseudoHeader.length + (to - from)];
        System.arraycopy(pseudoHeader, 0, all, 0, pseudoHeader.length);
        System.arraycopy(data, from, all, pseudoHeader.length, to - from);
        final int zeroAt = pseudoHeader.length + checksumAt - from;
        all[zeroAt] = 0;
        all[zeroAt + 1] = 0;
        int sum = 0;
        for (int i = 0; i < all.length; i += 2)
        {
            final int high = all[i] & 0xFF;
            final int low = i + 1 < all.length ? all[i + 1] & 0xFF : 0;
            sum += (high << 8) | low;
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return ~sum & 0xFFFF;
    }

    static int checksum(final byte[] data, final int from, final int to, final int checksumAt)
    {
        return checksum(new byte[0], data, from, to, checksumAt);
    }

    static byte[] ipv4PseudoHeader(final byte[] frame, final int ipOffset, final int protocol, final int length)
    {
        final byte[] pseudo = new byte[12];
        System.arraycopy(frame, ipOffset + 12, pseudo, 0, 8);
        pseudo[9] = (byte)protocol;
        pseudo[10] = (byte)(length >>> 8);
        pseudo[11] = (byte)length;
        return pseudo;
    }

    static byte[] ipv6PseudoHeader(final byte[] frame, final int ipOffset, final int protocol, final int length)
    {
        final byte[] pseudo = new byte[40];
        System.arraycopy(frame, ipOffset + 8, pseudo, 0, 32);
        pseudo[34] = (byte)(length >>> 8);
        pseudo[35] = (byte)length;
        pseudo[39] = (byte)protocol;
        return pseudo;
    }
}
