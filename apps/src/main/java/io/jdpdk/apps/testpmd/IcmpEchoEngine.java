package io.jdpdk.apps.testpmd;

import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.header.ArpView;
import io.jdpdk.mempool.header.Checksums;
import io.jdpdk.mempool.header.EtherType;
import io.jdpdk.mempool.header.EthernetView;
import io.jdpdk.mempool.header.IcmpView;
import io.jdpdk.mempool.header.IpProtocol;
import io.jdpdk.mempool.header.VlanView;

import static io.jdpdk.mempool.header.HeaderOffsets.ETH_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_CHECKSUM;
import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_CODE;
import static io.jdpdk.mempool.header.HeaderOffsets.ICMP_TYPE;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_CHECKSUM;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_DESTINATION;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_MIN_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_PROTOCOL;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_SOURCE;
import static io.jdpdk.mempool.header.HeaderOffsets.VLAN_TAG_LENGTH;

/**
 * testpmd's {@code icmpecho} engine, as DPDK 22.11's {@code app/test-pmd/icmpecho.c}
 * ({@code reply_to_icmp_echo_rqsts}): answers every ARP request and every ICMP echo request it
 * receives, for any address, in place, and frees everything else.
 * <ul>
 *   <li>One 802.1Q tag (TPID 0x8100) is looked through and kept in the reply; anything else
 *   (QinQ's 0x88A8, a second tag) is not.</li>
 *   <li><b>ARP</b>: only IPv4 over Ethernet (hardware type 1, protocol 0x0800, lengths 6 and 4)
 *   and only requests. The reply goes to the Ethernet source, from the TX port's MAC
 *   ({@code config.portMac[txPort]}); opcode 2; the target hardware address becomes the request's
 *   sender hardware address and the sender hardware address the TX port's MAC; the two protocol
 *   addresses are swapped. So whatever address the request asks for, the TX port claims it.</li>
 *   <li><b>ICMP</b>: EtherType IPv4, protocol 1, ICMP type 8 (echo request), code 0. Like
 *   icmpecho.c, the ICMP header is taken 20 bytes after the start of the IPv4 header whatever the
 *   IHL says (with options, the "ICMP header" is the options' first bytes), and neither the IPv4
 *   version nor any checksum is checked. The reply swaps the Ethernet addresses; if the
 *   destination was an IPv4 multicast address in 224.0.0.0/8 (icmpecho.c's
 *   {@code is_multicast_ipv4_addr} looks at the first octet only), the reply's source is the
 *   request's source with its two low bits set to 01, or 10 when they were 01, its destination the
 *   request's source, and the IPv4 checksum is summed again over the first 20 header bytes
 *   (0 sent as 0xFFFF); otherwise the addresses are swapped and the IPv4 checksum kept. The type
 *   becomes 0 and the ICMP checksum is updated for that change alone
 *   ({@code ~(~cksum + ~0x0800 + 0x0000)}, folded), assuming the request's was right.</li>
 *   <li>Replies go out together on the stream's TX queue; what TX refuses is freed and counted as
 *   dropped ({@link FwdStream#sendOrFree()}).</li>
 * </ul>
 * One divergence, to keep the fast path free of exceptions: icmpecho.c reads its headers without
 * checking the frame is long enough (past a short frame it reads the rest of the buffer). Here a
 * frame whose first segment ends before a field the reply reads is freed instead: an ARP packet
 * shorter than 28 bytes after the Ethernet header (and tag), or an IPv4 frame with fewer than 24
 * bytes after it. Frames of at least 60 bytes (Ethernet's minimum) always have room.
 * <p>
 * Threading: {@link #packetFwd} on any number of lcores at once; the flyweights are per lcore, in a
 * thread-local created at a thread's first burst. After that a burst allocates nothing and throws
 * nothing.
 */
public final class IcmpEchoEngine implements ForwardEngine
{
    /** An icmpecho engine for one forwarding lcore ({@link Engines#create} makes one per lcore). */
    public IcmpEchoEngine()
    {
    }

    /** The mode name. */
    public static final String NAME = "icmpecho";

    /** Bytes of the IPv4 frame the reply reads or writes after the L2 header: 20 of IPv4, 4 of ICMP. */
    private static final int IPV4_ICMP_NEEDED = IPV4_MIN_HEADER_LENGTH + 4;
    /** {@code RTE_IP_ICMP_ECHO_REQUEST << 8}, the type/code word of a request, complemented. */
    private static final int NOT_ECHO_REQUEST_WORD = ~(IcmpView.ECHO_REQUEST << 8) & 0xFFFF;

    private final ThreadLocal<PerLcore> perLcore = ThreadLocal.withInitial(PerLcore::new);

    @Override
    public String name()
    {
        return NAME;
    }

    /** {@code reply_to_icmp_echo_rqsts}: receives a burst, turns requests into replies, sends them. */
    @Override
    public void packetFwd(final FwdStream stream)
    {
        final int nbRx = stream.receive();
        if (nbRx == 0)
        {
            return;
        }
        final PerLcore l = perLcore.get();
        final MbufBurst burst = stream.burst;
        final long txMac = stream.config.portMac[stream.txPort.id()];
        final Verbose verbose = stream.config.verbose;
        final boolean describe = verbose.level() > 0;
        int nbReplies = 0;
        for (int i = 0; i < nbRx; i++)
        {
            final long address = burst.get(i);
            final Mbuf pkt = l.pkt.wrap(address);
            if (describe)
            {
                verbose.print(IcmpEchoLog.describe(pkt, stream.rxPort.id()));
            }
            if (reply(l, pkt, txMac))
            {
                burst.set(nbReplies++, address);
            }
            else
            {
                pkt.free();
            }
        }
        burst.count(nbReplies);
        stream.sendOrFree();
    }

    /** Turns {@code pkt} into its reply. @return false when it is to be freed */
    private static boolean reply(final PerLcore l, final Mbuf pkt, final long txMac)
    {
        final EthernetView eth = l.eth;
        if (!eth.wrap(pkt, 0))
        {
            return false;
        }
        int etherType = eth.etherType();
        int l2Length = ETH_HEADER_LENGTH;
        if (etherType == EtherType.VLAN)
        {
            if (!l.vlan.wrap(pkt, l2Length))
            {
                return false;
            }
            etherType = l.vlan.etherType();
            l2Length += VLAN_TAG_LENGTH;
        }

        if (etherType == EtherType.ARP)
        {
            final ArpView arp = l.arp;
            if (!arp.wrap(pkt, l2Length) || arp.operation() != ArpView.OPERATION_REQUEST)
            {
                return false;
            }
            eth.destination(eth.source()).source(txMac);
            final int senderIp = arp.senderProtocolAddress();
            arp.operation(ArpView.OPERATION_REPLY)
                .targetHardwareAddress(arp.senderHardwareAddress())
                .senderHardwareAddress(txMac)
                .senderProtocolAddress(arp.targetProtocolAddress())
                .targetProtocolAddress(senderIp);
            return true;
        }

        if (etherType != EtherType.IPV4 || pkt.dataLen() - l2Length < IPV4_ICMP_NEEDED)
        {
            return false;
        }
        final int icmp = l2Length + IPV4_MIN_HEADER_LENGTH;
        if (pkt.getUnsignedByte(l2Length + IPV4_PROTOCOL) != IpProtocol.ICMP ||
            pkt.getUnsignedByte(icmp + ICMP_TYPE) != IcmpView.ECHO_REQUEST ||
            pkt.getUnsignedByte(icmp + ICMP_CODE) != 0)
        {
            return false;
        }

        eth.swapAddresses();
        final int src = pkt.getInt(l2Length + IPV4_SOURCE);
        final int dst = pkt.getInt(l2Length + IPV4_DESTINATION);
        if ((dst >>> 24) == 0xE0)
        {
            final int replySrc = (src & 0xFFFF_FFFC) | ((src & 3) == 1 ? 2 : 1);
            pkt.putInt(l2Length + IPV4_SOURCE, replySrc);
            pkt.putInt(l2Length + IPV4_DESTINATION, src);
            pkt.putShort(l2Length + IPV4_CHECKSUM, ipv4HeaderChecksum(pkt, l2Length));
        }
        else
        {
            pkt.putInt(l2Length + IPV4_SOURCE, dst);
            pkt.putInt(l2Length + IPV4_DESTINATION, src);
        }
        pkt.putByte(icmp + ICMP_TYPE, IcmpView.ECHO_REPLY);
        // cksum = ~icmp_cksum + ~htons(ECHO_REQUEST << 8) + htons(ECHO_REPLY << 8), folded twice, complemented.
        final long sum = (~pkt.getShort(icmp + ICMP_CHECKSUM) & 0xFFFF) + NOT_ECHO_REQUEST_WORD +
            (IcmpView.ECHO_REPLY << 8);
        pkt.putShort(icmp + ICMP_CHECKSUM, ~Checksums.fold(sum) & 0xFFFF);
        return true;
    }

    /** icmpecho.c's {@code ipv4_hdr_cksum}: the 20 fixed header bytes but the checksum, 0 sent as 0xFFFF. */
    private static int ipv4HeaderChecksum(final Mbuf pkt, final int ip)
    {
        long sum = 0;
        for (int offset = 0; offset < IPV4_MIN_HEADER_LENGTH; offset += 2)
        {
            if (offset != IPV4_CHECKSUM)
            {
                sum += pkt.getShort(ip + offset);
            }
        }
        final int cksum = ~Checksums.fold(sum) & 0xFFFF;
        return cksum == 0 ? 0xFFFF : cksum;
    }

    /** Per-lcore flyweights. */
    private static final class PerLcore
    {
        final Mbuf pkt = new Mbuf();
        final EthernetView eth = new EthernetView();
        final VlanView vlan = new VlanView();
        final ArpView arp = new ArpView();
    }
}
