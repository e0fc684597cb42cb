package io.jdpdk.apps.testpmd;

import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.MbufInfo;

import io.jdpdk.pmd.Port;

import java.io.PrintStream;
import java.nio.ByteBuffer;

/**
 * testpmd's {@code verbose_level} ({@code set verbose N}) and the packet dump it turns on, {@code dump_pkt_burst} of
 * DPDK 22.11's {@code app/test-pmd/util.c}: with level 1 or above 2 every burst received is printed, with 2 and above
 * every burst handed to TX, one block per packet:
 * <pre>
 * port 0/queue 0: received 1 packets
 *   src=02:00:00:00:00:01 - dst=02:00:00:00:00:02 - pool=mb_pool_0 - type=0x0800 - length=64 - nb_segs=1 - ...
 *   ol_flags: RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN RTE_MBUF_F_RX_OUTER_L4_CKSUM_UNKNOWN
 * </pre>
 * testpmd prints from RX and TX callbacks of ethdev ({@code rte_eth_add_rx_callback}), so that every
 * {@code rte_eth_rx_burst} and {@code rte_eth_tx_burst} call dumps what it moved: the RX queues' flush before
 * forwarding, each try of a TX with retry. jdpdk's testpmd dumps at the same calls ({@link FwdStream}, the flush),
 * from Java: an ethdev callback would have to call Java from inside the critical downcall of the burst, which FFM
 * forbids. The names and the software parse are DPDK's own ({@link MbufInfo}).
 * <p>
 * Differences: a frame shorter than the 14 bytes of an Ethernet header is dumped with zeros for the missing bytes
 * (testpmd reads through the NULL that {@code rte_pktmbuf_read} returns and crashes); rte_flow restore information,
 * the flow metadata and {@code port config dynf} flags, which jdpdk's testpmd cannot set up, are not printed.
 * <p>
 * The level is read by the forwarding lcores once per burst; dumping allocates and makes downcalls, as testpmd's
 * printing is slow: a debugging aid, not for forwarding at speed.
 */
public final class Verbose
{
    private static final long RX_VLAN = 1L;            // RTE_MBUF_F_RX_VLAN
    private static final long RX_RSS_HASH = 1L << 1;   // RTE_MBUF_F_RX_RSS_HASH
    private static final long RX_FDIR = 1L << 2;       // RTE_MBUF_F_RX_FDIR
    private static final long RX_FDIR_ID = 1L << 13;   // RTE_MBUF_F_RX_FDIR_ID
    private static final long RX_FDIR_FLX = 1L << 14;  // RTE_MBUF_F_RX_FDIR_FLX
    private static final long RX_QINQ = 1L << 20;      // RTE_MBUF_F_RX_QINQ

    private static final int PTYPE_L2_MASK = 0x0000_000F;
    private static final int PTYPE_L3_MASK = 0x0000_00F0;
    private static final int PTYPE_L4_MASK = 0x0000_0F00;
    private static final int PTYPE_TUNNEL_MASK = 0x0000_F000;
    private static final int PTYPE_INNER_L2_MASK = 0x000F_0000;
    private static final int PTYPE_INNER_L3_MASK = 0x00F0_0000;
    private static final int PTYPE_INNER_L4_MASK = 0x0F00_0000;
    private static final int PTYPE_L3_IPV4 = 0x10;
    private static final int IPPROTO_UDP = 17;

    private static final int ETHER_HEADER = 14;
    /** The low 48 bits of a long: a MAC address read as the last 6 of 8 big-endian bytes. */
    private static final long MAC_MASK = 0xFFFF_FFFF_FFFFL;
    private static final int IPV4_HEADER = 20;
    private static final int IPV6_HEADER = 40;
    private static final int UDP_HEADER = 8;

    private volatile int level;
    private volatile PrintStream out = System.out;
    private volatile PrintStream err = System.err;
    private final Mbuf mbuf = new Mbuf();

    /** Level 0 (silent, testpmd's default), printing to standard output. */
    public Verbose()
    {
    }

    /**
     * Where the dumps and messages go (testpmd's stdout).
     *
     * @param stream the stream
     */
    void printTo(final PrintStream stream)
    {
        this.out = stream;
    }

    /**
     * Where an engine's error messages go (testpmd's stderr).
     *
     * @param stream the stream
     */
    void errorsTo(final PrintStream stream)
    {
        this.err = stream;
    }

    /**
     * Prints an engine's error line on standard error, as testpmd's {@code fprintf(stderr, ...)}.
     *
     * @param line the message, without the newline
     */
    void error(final String line)
    {
        out.flush();
        err.println(line);
    }

    /**
     * testpmd's {@code verbose_level}.
     *
     * @return 0 (silent) to 65535
     */
    public int level()
    {
        return level;
    }

    /**
     * {@code set verbose N}: {@code set_verbose_level}, which says what changed and turns the dumps on or off.
     *
     * @param newLevel 0 to 65535
     */
    void set(final int newLevel)
    {
        out.println("Change verbose level from " + level + " to " + newLevel);
        level = newLevel;
    }

    /**
     * What testpmd's RX callback does after each {@code rte_eth_rx_burst}: dumps the {@code n} packets received when
     * the level is 1 or above 2 ({@code configure_rxtx_dump_callbacks}); nothing otherwise, or for an empty burst.
     *
     * @param portId the port
     * @param queue  the RX queue
     * @param burst  the packets, from index 0
     * @param n      how many were received
     */
    void received(final int portId, final int queue, final MbufBurst burst, final int n)
    {
        final int l = level;
        if (n > 0 && (l == 1 || l > 2))
        {
            dump(portId, queue, burst, n, true);
        }
    }

    /**
     * What testpmd's TX callback does before each {@code rte_eth_tx_burst}: dumps the packets the call is handed
     * when the level is 2 or above; nothing otherwise.
     *
     * @param portId the port
     * @param queue  the TX queue
     * @param burst  the packets to send, from index 0
     */
    void sending(final int portId, final int queue, final MbufBurst burst)
    {
        if (level >= 2)
        {
            dump(portId, queue, burst, burst.count(), false);
        }
    }

    /**
     * Prints a line of testpmd's verbose output, such as txonly's drop notice.
     *
     * @param line the line, without its newline
     */
    void println(final String line)
    {
        out.println(line);
        out.flush();
    }

    /**
     * Prints text of testpmd's verbose output as it is, such as icmpecho's description of a packet.
     *
     * @param text the text, newlines included
     */
    void print(final CharSequence text)
    {
        out.print(text);
        out.flush();
    }

    /**
     * {@code dump_pkt_burst}: the first {@code n} packets of {@code burst}, received on or handed to a port's queue.
     * Called by the lcore that owns the queue (the dump's flyweight is not shared between threads that dump at once:
     * each call takes this object's lock).
     *
     * @param portId the port
     * @param queue  the queue
     * @param burst  the packets, from index 0
     * @param n      how many; 0 prints nothing
     * @param rx     true for a received burst, false for one handed to TX
     */
    private synchronized void dump(final int portId, final int queue, final MbufBurst burst, final int n,
        final boolean rx)
    {
        if (n <= 0)
        {
            return;
        }
        final StringBuilder b = new StringBuilder(512);
        b.append("port ").append(portId).append("/queue ").append(queue).append(rx ? ": received " : ": sent ")
            .append(n).append(" packets\n");
        for (int i = 0; i < n; i++)
        {
            packet(b, burst.mbuf(i, mbuf), queue, rx);
            out.print(b);
            b.setLength(0);
        }
        out.flush();
    }

    private static void packet(final StringBuilder b, final Mbuf m, final int queue, final boolean rx)
    {
        final ByteBuffer eth = ByteBuffer.wrap(etherHeader(m)); // big-endian, as on the wire
        b.append("  src=").append(Port.formatMac(eth.getLong(4) & MAC_MASK));
        b.append(" - dst=").append(Port.formatMac(eth.getLong(0) >>> 16));
        final int ethType = eth.getShort(12) & 0xFFFF;
        b.append(" - pool=").append(MbufInfo.poolName(m)).append(" - type=0x").append(hex(ethType, 4))
            .append(" - length=").append(m.pktLen()).append(" - nb_segs=").append(m.nbSegs());
        final long olFlags = m.olFlags();
        if ((olFlags & RX_RSS_HASH) != 0)
        {
            b.append(" - RSS hash=0x").append(Integer.toHexString(m.rssHash()))
                .append(" - RSS queue=0x").append(Integer.toHexString(queue));
        }
        if ((olFlags & RX_FDIR) != 0)
        {
            fdir(b, m, olFlags);
        }
        if (MbufInfo.hasRxTimestamp(m))
        {
            b.append(" - timestamp ").append(Long.toUnsignedString(MbufInfo.rxTimestamp(m))).append(' ');
        }
        if ((olFlags & RX_QINQ) != 0)
        {
            b.append(" - QinQ VLAN tci=0x").append(Integer.toHexString(m.vlanTci()))
                .append(", VLAN tci outer=0x").append(Integer.toHexString(m.vlanTciOuter()));
        }
        else if ((olFlags & RX_VLAN) != 0)
        {
            b.append(" - VLAN tci=0x").append(Integer.toHexString(m.vlanTci()));
        }
        final int hwPtype = m.packetType();
        if (hwPtype != 0)
        {
            b.append(" - hw ptype: ").append(MbufInfo.ptypeName(hwPtype));
        }
        final MbufInfo.SoftwareParse sw = MbufInfo.parse(m);
        b.append(" - sw ptype: ").append(MbufInfo.ptypeName(sw.ptype()));
        length(b, sw.ptype(), PTYPE_L2_MASK, " - l2_len=", sw.l2Len());
        length(b, sw.ptype(), PTYPE_L3_MASK, " - l3_len=", sw.l3Len());
        length(b, sw.ptype(), PTYPE_L4_MASK, " - l4_len=", sw.l4Len());
        length(b, sw.ptype(), PTYPE_TUNNEL_MASK, " - tunnel_len=", sw.tunnelLen());
        length(b, sw.ptype(), PTYPE_INNER_L2_MASK, " - inner_l2_len=", sw.innerL2Len());
        length(b, sw.ptype(), PTYPE_INNER_L3_MASK, " - inner_l3_len=", sw.innerL3Len());
        length(b, sw.ptype(), PTYPE_INNER_L4_MASK, " - inner_l4_len=", sw.innerL4Len());
        vxlan(b, m, hwPtype & 0xFFFF);
        b.append(rx ? " - Receive queue=0x" : " - Send queue=0x").append(Integer.toHexString(queue)).append('\n');
        b.append("  ol_flags: ").append(MbufInfo.offloadFlagNames(rx, olFlags)).append('\n');
        final String problem = MbufInfo.headerProblem(m);
        if (problem != null)
        {
            b.append("INVALID mbuf: ").append(problem).append('\n');
        }
    }

    /**
     * The first 14 bytes of the packet across its segments, as {@code rte_pktmbuf_read} gives them to testpmd; zeros
     * past the packet's end.
     */
    private static byte[] etherHeader(final Mbuf m)
    {
        final byte[] eth = new byte[ETHER_HEADER];
        final Mbuf seg = new Mbuf().wrap(m.address());
        int got = 0;
        while (true)
        {
            final int take = Math.min(ETHER_HEADER - got, seg.dataLen());
            seg.getBytes(0, eth, got, take);
            got += take;
            final long next = seg.next();
            if (got == ETHER_HEADER || next == 0)
            {
                return eth;
            }
            seg.wrap(next);
        }
    }

    /** The FDIR part: ID, flex bytes, or hash and ID, as testpmd prints them (with its spaces). */
    private static void fdir(final StringBuilder b, final Mbuf m, final long olFlags)
    {
        final int lo = m.rssHash(); // hash.fdir.lo: hash in the low 16 bits, id in the high ones
        final int hi = m.fdirHi();
        b.append(" - FDIR matched ");
        if ((olFlags & RX_FDIR_ID) != 0)
        {
            b.append("ID=0x").append(Integer.toHexString(hi));
        }
        else if ((olFlags & RX_FDIR_FLX) != 0)
        {
            b.append("flex bytes=0x").append(hex(hi, 8)).append(' ').append(hex(lo, 8));
        }
        else
        {
            b.append("hash=0x").append(Integer.toHexString(lo & 0xFFFF)).append(" ID=0x")
                .append(Integer.toHexString(lo >>> 16)).append(' ');
        }
    }

    /**
     * The VXLAN part, for a packet whose hardware packet type (testpmd keeps it in 16 bits) names a tunnel and
     * whose outer L4 is UDP. testpmd reads the headers at fixed offsets without looking at the length; here a frame
     * too short for them prints nothing.
     */
    private static void vxlan(final StringBuilder b, final Mbuf m, final int packetType)
    {
        if ((packetType & PTYPE_TUNNEL_MASK) == 0)
        {
            return;
        }
        final boolean ipv4 = (packetType & PTYPE_L3_IPV4) != 0;
        final int l3Len = ipv4 ? IPV4_HEADER : IPV6_HEADER;
        final int protoAt = ETHER_HEADER + (ipv4 ? 9 : 6);
        final int vxlanAt = ETHER_HEADER + l3Len + UDP_HEADER;
        if (m.dataLen() < vxlanAt + 8 || m.getUnsignedByte(protoAt) != IPPROTO_UDP)
        {
            return;
        }
        final int udpPort = m.getShort(ETHER_HEADER + l3Len + 2) & 0xFFFF;
        final int vni = m.getInt(vxlanAt + 4);
        b.append(" - VXLAN packet: packet type =").append(packetType).append(", Destination UDP port =")
            .append(udpPort).append(", VNI = ").append(vni >>> 8).append(", last_rsvd = ").append(vni & 0xFF);
    }

    private static void length(final StringBuilder b, final int ptype, final int mask, final String what,
        final int value)
    {
        if ((ptype & mask) != 0)
        {
            b.append(what).append(value);
        }
    }

    /** {@code %0Nx}: lower-case hex, zero-padded to {@code digits}. */
    static String hex(final int value, final int digits)
    {
        final String h = Integer.toHexString(value);
        return h.length() >= digits ? h : "0".repeat(digits - h.length()) + h;
    }
}
