package io.jdpdk.apps.testpmd;

import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.header.EtherType;
import io.jdpdk.mempool.header.EthernetView;
import io.jdpdk.mempool.header.IpProtocol;
import io.jdpdk.mempool.header.VlanView;

import static io.jdpdk.mempool.header.HeaderOffsets.ETH_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_DESTINATION;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_MIN_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_PROTOCOL;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_SOURCE;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_VERSION_IHL;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_DESTINATION;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_NEXT_HEADER;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_SOURCE;
import static io.jdpdk.mempool.header.HeaderOffsets.TCP_DATA_OFFSET;
import static io.jdpdk.mempool.header.HeaderOffsets.UDP_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.VLAN_TAG_LENGTH;

/**
 * {@code 5tswap} mode, DPDK 22.11's {@code app/test-pmd/5tswap.c} ({@code pkt_burst_5tuple_swap}): swaps source
 * and destination of layers 2, 3 and 4, parsing one layer after the other from the bytes alone (the mbuf's
 * {@code packet_type} is not consulted) and stopping at the first layer it does not know:
 * <ol>
 *   <li>the MAC addresses, always;</li>
 *   <li>any number of 802.1Q (0x8100) and QinQ (0x88A8) tags are skipped, nothing in them changes;</li>
 *   <li>EtherType 0x0800: the IPv4 addresses, whatever the version nibble, IHL, total length, checksum or fragment
 *   offset say (the checksum is not updated: a swap leaves the ones' complement sum unchanged); the L4 header is
 *   taken at IHL * 4 bytes; EtherType 0x86DD: the IPv6 addresses, the L4 header taken right after the fixed
 *   40-byte header (extension headers are not walked, so an IPv6 packet with one has its next-header value
 *   looked at as the L4 protocol);</li>
 *   <li>protocol 17: the UDP ports; 6: the TCP ports. Other protocols (ICMP, ...) stop after layer 3.</li>
 * </ol>
 * Metadata as 5tswap.c leaves it: {@code l4_len} = 8 for UDP and the TCP data offset * 4 for TCP, then
 * {@code mbuf_field_set} ({@link MbufFields}), which overwrites the {@code l2_len}/{@code l3_len} 5tswap.c computed
 * with 14 and 20.
 * <p>
 * Bounds: testpmd reads and writes each header without checking the packet's length. jdpdk swaps a layer only when
 * the bytes it touches lie in the first segment's data and otherwise stops there. For a header that starts at or
 * after the end of the data testpmd writes only bytes that are never sent, so the output is the same; for a header
 * cut by the end of the data testpmd would move bytes from past the data into the packet, which no reference
 * defines, while jdpdk leaves that layer as it is. The L2 walk uses {@link EthernetView} and {@link VlanView}; the
 * L3 and L4 swaps use bounds-checked {@link Mbuf} accessors, because the IPv4/IPv6/UDP/TCP views rightly reject
 * headers with inconsistent lengths that testpmd swaps anyway.
 * <p>
 * Holds flyweights: one instance per forwarding lcore. Allocation-free.
 */
public final class FiveTupleSwapEngine implements ForwardEngine
{
    /** A 5tswap engine for one forwarding lcore ({@link Engines#create} makes one per lcore). */
    public FiveTupleSwapEngine()
    {
    }

    private final Mbuf mbuf = new Mbuf();
    private final EthernetView eth = new EthernetView();
    private final VlanView vlan = new VlanView();
    private final MbufFields.TxTags tags = new MbufFields.TxTags();

    @Override
    public void portBegin(final int portId, final TestPmdConfig config)
    {
        tags.begin(portId, config);
    }

    @Override
    public String name()
    {
        return "5tswap";
    }

    @Override
    public void packetFwd(final FwdStream stream)
    {
        final int n = stream.receive();
        if (n == 0)
        {
            return;
        }
        final MbufBurst burst = stream.burst;
        final int txPort = stream.txPort.id();
        final long flags = tags.flags[txPort];
        MbufFields.vlanQinqSet(burst, n, mbuf, flags, tags.vlan[txPort], tags.vlanOuter[txPort]);
        for (int i = 0; i < n; i++)
        {
            final Mbuf m = burst.mbuf(i, mbuf);
            MbufFields.set(m, flags);
            swap(m);
        }
        stream.sendOrFree();
    }

    private void swap(final Mbuf m)
    {
        EthernetView.swapAddresses(m);
        if (!eth.wrap(m, 0))
        {
            return;
        }
        int proto = eth.etherType();
        int offset = ETH_HEADER_LENGTH;
        while (proto == EtherType.VLAN || proto == EtherType.QINQ)
        {
            if (!vlan.wrap(m, offset))
            {
                return;
            }
            proto = vlan.etherType();
            offset += VLAN_TAG_LENGTH;
        }
        final int dataLen = m.dataLen();
        final int nextProto;
        final int l4;
        if (proto == EtherType.IPV4)
        {
            if (offset + IPV4_MIN_HEADER_LENGTH > dataLen)
            {
                return;
            }
            final int source = m.getInt(offset + IPV4_SOURCE);
            m.putInt(offset + IPV4_SOURCE, m.getInt(offset + IPV4_DESTINATION));
            m.putInt(offset + IPV4_DESTINATION, source);
            nextProto = m.getUnsignedByte(offset + IPV4_PROTOCOL);
            l4 = offset + ((m.getUnsignedByte(offset + IPV4_VERSION_IHL) & 0x0F) << 2);
        }
        else if (proto == EtherType.IPV6)
        {
            if (offset + IPV6_HEADER_LENGTH > dataLen)
            {
                return;
            }
            final int src = offset + IPV6_SOURCE;
            final int dst = offset + IPV6_DESTINATION;
            final long sourceHigh = m.getLong(src);
            final long sourceLow = m.getLong(src + 8);
            m.putLong(src, m.getLong(dst)).putLong(src + 8, m.getLong(dst + 8));
            m.putLong(dst, sourceHigh).putLong(dst + 8, sourceLow);
            nextProto = m.getUnsignedByte(offset + IPV6_NEXT_HEADER);
            l4 = offset + IPV6_HEADER_LENGTH;
        }
        else
        {
            return;
        }
        if (nextProto == IpProtocol.UDP)
        {
            if (swapPorts(m, l4, dataLen))
            {
                m.l4Len(UDP_HEADER_LENGTH);
            }
        }
        else if (nextProto == IpProtocol.TCP && swapPorts(m, l4, dataLen) && l4 + TCP_DATA_OFFSET < dataLen)
        {
            m.l4Len((m.getUnsignedByte(l4 + TCP_DATA_OFFSET) & 0xF0) >>> 2);
        }
    }

    /** Swaps the 16-bit source and destination ports at {@code l4} if both lie in the data. */
    private static boolean swapPorts(final Mbuf m, final int l4, final int dataLen)
    {
        if (l4 + 4 > dataLen)
        {
            return false;
        }
        final int source = m.getShort(l4);
        m.putShort(l4, m.getShort(l4 + 2)).putShort(l4 + 2, source);
        return true;
    }
}
