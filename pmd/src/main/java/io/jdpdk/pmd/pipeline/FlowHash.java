package io.jdpdk.pmd.pipeline;

import io.jdpdk.mempool.Mbuf;

/**
 * A flow hash for spreading packets over workers so that every packet of one flow goes to the same
 * worker, and so stays in order. Uses the NIC's RSS hash when the PMD delivered one; otherwise a
 * software hash of the IPv4/IPv6 addresses and TCP/UDP ports (behind up to two VLAN tags), falling
 * back to the MAC addresses for other frames. Never reads past the packet's data and never throws.
 */
public final class FlowHash
{
    private FlowHash()
    {
    }

    /**
     * The flow hash of the packet {@code m} points at.
     *
     * @param m a flyweight on a received packet
     * @return the NIC's RSS hash when the mbuf carries one ({@code RTE_MBUF_F_RX_RSS_HASH}), else the software
     *         hash: either way one value for every packet of a flow
     */
    public static int of(final Mbuf m)
    {
        if ((m.olFlags() & Mbuf.F_RX_RSS_HASH) != 0)
        {
            return m.rssHash();
        }
        final int len = m.dataLen();
        if (len < 14)
        {
            return len;
        }
        int off = 12;
        int type = m.getShort(off);
        for (int tags = 0; tags < 2 && (type == 0x8100 || type == 0x88A8) && len >= off + 6; tags++)
        {
            off += 4;
            type = m.getShort(off);
        }
        off += 2;
        if (type == 0x0800 && len >= off + 20)
        {
            final int ihl = (m.getUnsignedByte(off) & 0x0F) * 4;
            final int proto = m.getUnsignedByte(off + 9);
            int h = mix(m.getInt(off + 12), m.getInt(off + 16));
            final boolean fragment = (m.getShort(off + 6) & 0x1FFF) != 0;
            if (!fragment && (proto == 6 || proto == 17) && ihl >= 20 && len >= off + ihl + 4)
            {
                h = mix(h, m.getInt(off + ihl));
            }
            return mix(h, proto);
        }
        if (type == 0x86DD && len >= off + 40)
        {
            int h = 0;
            for (int i = 8; i < 40; i += 4)
            {
                h = mix(h, m.getInt(off + i));
            }
            final int next = m.getUnsignedByte(off + 6);
            if ((next == 6 || next == 17) && len >= off + 44)
            {
                h = mix(h, m.getInt(off + 40));
            }
            return mix(h, next);
        }
        return mix(mix(m.getInt(0), m.getInt(4)), m.getInt(8));
    }

    private static int mix(final int h, final int v)
    {
        final int x = (h ^ v) * 0x9E3779B1;
        return x ^ (x >>> 15);
    }
}
