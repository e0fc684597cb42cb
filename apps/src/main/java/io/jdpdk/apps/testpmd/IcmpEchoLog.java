package io.jdpdk.apps.testpmd;

import io.jdpdk.lpm.IpAddress;
import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.header.EtherType;
import io.jdpdk.mempool.header.IcmpView;
import io.jdpdk.mempool.header.IpProtocol;
import io.jdpdk.pmd.Port;

/**
 * What icmpecho prints of each packet it receives while {@code set verbose} is above 0 ({@code reply_to_icmp_echo_rqsts}
 * of DPDK 22.11's {@code app/test-pmd/icmpecho.c}): port, length and segments; Ethernet addresses, VLAN id and
 * EtherType; for ARP its fixed fields and, when they say IPv4 over Ethernet, the addresses; for IPv4 the addresses
 * and protocol; for an ICMP echo request its sequence number.
 * <pre>
 *
 * Port 0 pkt-len=98 nb-segs=1
 *   ETH:  src=02:00:00:00:00:01 dst=02:00:00:00:00:02 type=0x0800
 *   IPV4: src=198.18.0.1 dst=198.18.0.2 proto=1 (ICMP)
 *   ICMP: echo request seq id=1
 * </pre>
 * testpmd reads these fields at their offsets whatever the frame's length, so for a frame too short for one it prints
 * whatever bytes the buffer holds there; jdpdk prints 0 for each byte past the data.
 */
final class IcmpEchoLog
{
    /** icmpecho.c's {@code ip_proto_names}, indexed by protocol number. */
    private static final String[] IP_PROTO_NAMES = {
        "IP6HOPOPTS", "ICMP", "IGMP", "GGP", "IPv4", "UNASSIGNED", "TCP", "ST", "EGP", "PIGP", "RCC_MON", "NVPII",
        "PUP", "ARGUS", "EMCON", "XNET", "CHAOS", "UDP", "MUX", "DCN_MEAS", "HMP", "PRM", "XNS_IDP", "TRUNK1",
        "TRUNK2", "LEAF1", "LEAF2", "RDP", "IRTP", "TP4", "BLT", "NSP", "INP", "SEP", "3PC", "IDPR", "XTP", "DDP",
        "CMTP", "TPXX", "ILTP", "IPv6_HDR", "SDRP", "IPv6_RTG", "IPv6_FRAG", "IDRP", "RSVP", "GRE", "MHRP", "BHA",
        "ESP", "AH", "INLSP", "SWIPE", "NHRP", "UNASSIGNED", "UNASSIGNED", "UNASSIGNED", "ICMPv6", "IPv6NONEXT",
        "Ipv6DSTOPTS", "AHIP", "CFTP", "HELLO", "SATEXPAK", "KRYPTOLAN", "RVD", "IPPC", "ADFS", "SATMON",
        "VISA", "IPCV", "CPNX", "CPHB", "WSN", "PVP", "BRSATMON", "ND", "WBMON", "WBEXPAK", "EON", "VMTP", "SVMTP",
        "VINES", "TTP", "IGP", "DGP", "TCF", "IGRP", "OSPFIGP", "SRPC", "LARP", "MTP", "AX25", "4IN4", "MICP",
        "SCCSP", "ETHERIP", "ENCAP", "AES", "GMTP", "IPCOMP", "UNASSIGNED", "UNASSIGNED", "PIM"};
    private static final int IPPROTO_SCTP = 132;
    private static final int IPPROTO_RAW = 255;

    private IcmpEchoLog()
    {
    }

    /**
     * The lines testpmd prints for one received packet, from its leading empty line.
     *
     * @param pkt    the packet as received
     * @param rxPort the port it came from
     * @return the text, ending in a newline
     */
    static StringBuilder describe(final Mbuf pkt, final int rxPort)
    {
        final StringBuilder b = new StringBuilder(160);
        b.append("\nPort ").append(rxPort).append(" pkt-len=").append(pkt.pktLen()).append(" nb-segs=")
            .append(pkt.nbSegs()).append('\n');
        final byte[] bytes = new byte[Math.min(pkt.dataLen(), 64)];
        pkt.getBytes(0, bytes, 0, bytes.length);
        b.append("  ETH:  src=").append(Port.formatMac(u48(bytes, 6)));
        b.append(" dst=").append(Port.formatMac(u48(bytes, 0)));
        int type = u16(bytes, 12);
        int l2 = 14;
        if (type == EtherType.VLAN)
        {
            b.append(" [vlan id=").append(u16(bytes, 14) & 0xFFF).append(']');
            type = u16(bytes, 16);
            l2 += 4;
        }
        b.append(" type=0x").append(Verbose.hex(type, 4)).append('\n');
        if (type == EtherType.ARP)
        {
            arp(b, bytes, l2);
        }
        else if (type == EtherType.IPV4)
        {
            final int proto = u8(bytes, l2 + 9);
            b.append("  IPV4: src=").append(IpAddress.formatIpv4(u32(bytes, l2 + 12)));
            b.append(" dst=").append(IpAddress.formatIpv4(u32(bytes, l2 + 16)));
            b.append(" proto=").append(proto).append(" (").append(ipProtoName(proto)).append(")\n");
            final int icmp = l2 + 20;
            if (proto == IpProtocol.ICMP && u8(bytes, icmp) == IcmpView.ECHO_REQUEST && u8(bytes, icmp + 1) == 0)
            {
                b.append("  ICMP: echo request seq id=").append(u16(bytes, icmp + 6)).append('\n');
            }
        }
        return b;
    }

    private static void arp(final StringBuilder b, final byte[] bytes, final int at)
    {
        final int hrd = u16(bytes, at);
        final int pro = u16(bytes, at + 2);
        final int hln = u8(bytes, at + 4);
        final int pln = u8(bytes, at + 5);
        final int op = u16(bytes, at + 6);
        b.append("  ARP:  hrd=").append(hrd).append(" proto=0x").append(Verbose.hex(pro, 4)).append(" hln=")
            .append(hln).append(" pln=").append(pln).append(" op=").append(op).append(" (").append(arpOpName(op))
            .append(")\n");
        if (hrd != 1 || pro != EtherType.IPV4 || hln != 6 || pln != 4)
        {
            b.append('\n');
            return;
        }
        b.append("        sha=").append(Port.formatMac(u48(bytes, at + 8)));
        b.append(" sip=").append(IpAddress.formatIpv4(u32(bytes, at + 14)));
        b.append("\n        tha=").append(Port.formatMac(u48(bytes, at + 18)));
        b.append(" tip=").append(IpAddress.formatIpv4(u32(bytes, at + 24))).append('\n');
    }

    /** icmpecho.c's {@code arp_op_name}. */
    private static String arpOpName(final int op)
    {
        return switch (op)
        {
            case 1 -> "ARP Request";
            case 2 -> "ARP Reply";
            case 3 -> "Reverse ARP Request";
            case 4 -> "Reverse ARP Reply";
            case 8 -> "Peer Identify Request";
            case 9 -> "Peer Identify Reply";
            default -> "Unknown ARP op";
        };
    }

    /** icmpecho.c's {@code ip_proto_name}, on Linux (no IPPROTO_PGM or IPPROTO_DIVERT). */
    private static String ipProtoName(final int proto)
    {
        if (proto < IP_PROTO_NAMES.length)
        {
            return IP_PROTO_NAMES[proto];
        }
        return switch (proto)
        {
            case IPPROTO_SCTP -> "SCTP";
            case IPPROTO_RAW -> "RAW";
            default -> "UNASSIGNED";
        };
    }

    private static int u8(final byte[] bytes, final int at)
    {
        return at < bytes.length ? bytes[at] & 0xFF : 0;
    }

    private static int u16(final byte[] bytes, final int at)
    {
        return u8(bytes, at) << 8 | u8(bytes, at + 1);
    }

    private static int u32(final byte[] bytes, final int at)
    {
        return u16(bytes, at) << 16 | u16(bytes, at + 2);
    }

    /** A MAC address, as {@link Port#formatMac} takes it. */
    private static long u48(final byte[] bytes, final int at)
    {
        return (long)u16(bytes, at) << 32 | u32(bytes, at + 2) & 0xFFFF_FFFFL;
    }
}
