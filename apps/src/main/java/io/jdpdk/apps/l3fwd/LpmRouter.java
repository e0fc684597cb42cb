package io.jdpdk.apps.l3fwd;

import io.jdpdk.eal.raw.Memory;
import io.jdpdk.lpm.Fib6;
import io.jdpdk.lpm.Lpm4;
import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.header.Checksums;
import io.jdpdk.mempool.header.EtherType;
import io.jdpdk.mempool.header.EthernetView;
import io.jdpdk.mempool.header.Ipv4View;
import io.jdpdk.mempool.header.Ipv6View;
import io.jdpdk.mempool.header.L3Frame;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

import static io.jdpdk.mempool.header.HeaderOffsets.ETH_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_DESTINATION;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_MIN_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_TTL;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_DESTINATION;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_HEADER_LENGTH;

/**
 * l3fwd's per-packet work in LPM mode ({@code l3fwd_lpm.c}, {@code l3fwd_common.h}): pick the output port of
 * one frame and rewrite the frame for it, in place, with one of two sets of checks ({@link Checks}).
 * <p>
 * l3fwd's other three lookup methods ({@link Lookup}) differ only in how the port is picked, and the router does them
 * too: {@link Lookup#FIB} as LPM but for frames that are not IPv4, which it looks up as IPv6; {@link Lookup#EM}
 * by the 5-tuple of IPv4 and IPv6 TCP and UDP packets ({@link ExactMatch}), every other frame and every miss
 * going back out of its input port; {@link Lookup#ACL} by the first matching rule ({@link Acl}), a packet no route
 * takes and every non-IP frame dropped ({@link #ACL_DROPPED}). Below, "LPM lookup" reads as "the method's lookup".
 * <p>
 * <b>{@link Checks#L3FWD}</b> (the default): DPDK l3fwd's own (22.11, {@code DO_RFC_1812_CHECKS} defined, as it
 * is by default; the vector path's {@code rfc1812_process}), so that every frame leaves as it leaves DPDK's l3fwd:
 * <pre>
 *   EtherType 0x0800 (IPv4)
 *     first header byte 0x45 to 0x4F and Total Length &gt;= 20 ............... else BAD_HEADER
 *     port = LPM lookup of the destination; on a miss, the input port
 *     port enabled (in the port mask and configured) ....................... else PORT_NOT_ENABLED
 *     TTL - 1 and header checksum + 1 as l3fwd writes them ({@link L3Frame#l3fwdDecrementIpv4Ttl}), whatever the
 *       TTL and checksum were: neither is checked, as l3fwd checks neither (it leaves the checksum to the NIC,
 *       "checked in H/W", and never reads the NIC's verdict)
 *   EtherType 0x86DD (IPv6)
 *     port = LPM6 lookup of the destination; on a miss, the input port; port enabled ..... else PORT_NOT_ENABLED
 *   anything else (ARP, VLAN-tagged, ...): port = the input port, as l3fwd's lpm_get_dst_port
 *   then: destination MAC = --eth-dest of the port, source MAC = the port's own MAC
 * </pre>
 * Only where l3fwd would read past the frame (an IPv4 frame under 34 bytes, an IPv6 frame under 54) is a frame
 * dropped here as {@link #BAD_HEADER} and l3fwd's answer left unknown.
 * <p>
 * <b>{@link Checks#RFC1812}</b> ({@code --strict-rfc1812}): what RFC 1812 asks of a router:
 * <pre>
 *   EtherType 0x0800 (IPv4)
 *     RFC 1812 5.2.2: IPv4 header in the frame (20 bytes or more), version 4,
 *       IHL &gt;= 5, IHL * 4 &lt;= Total Length &lt;= frame .................. else BAD_HEADER
 *     header checksum correct (the NIC's verdict, where taken) ............ else BAD_CHECKSUM
 *     TTL &gt; 1 (RFC 1812 5.3.1) ............................................ else TTL_EXCEEDED
 *     port = LPM lookup of the destination; on a miss, the input port (lpm_get_ipv4_dst_port)
 *     port enabled (in the port mask and configured) ....................... else PORT_NOT_ENABLED
 *     TTL - 1, header checksum patched (RFC 1624)
 *   EtherType 0x86DD (IPv6)
 *     IPv6 header in the frame (40 bytes), version 6, payload and extension headers inside the frame
 *                                                                             else BAD_HEADER
 *     port = LPM6 lookup of the destination; on a miss, the input port (lpm_get_ipv6_dst_port)
 *     port enabled ........................................................ else PORT_NOT_ENABLED
 *     Hop Limit left as it is, as l3fwd leaves it
 *   anything else (ARP, VLAN-tagged, ...): port = the input port, as l3fwd's lpm_get_dst_port
 *   then: destination MAC = --eth-dest of the port, source MAC = the port's own MAC
 * </pre>
 * <b>Where {@link Checks#RFC1812} differs from DPDK l3fwd:</b>
 * <ul>
 *   <li>l3fwd never checks the TTL: a TTL 1 packet leaves with TTL 0 and a TTL 0 packet with TTL 255 (and a
 *   checksum one off, since it adds 0x0100 for a change of 0xFF00). Here both are dropped and counted, as
 *   RFC 1812 5.3.1 requires of a router (without the ICMP Time Exceeded it would also send).</li>
 *   <li>l3fwd leaves the header checksum to the NIC ("checked in H/W": it asks every port for
 *   {@code RTE_ETH_RX_OFFLOAD_CHECKSUM}) but never reads the mbuf's {@code RTE_MBUF_F_RX_IP_CKSUM_BAD} flag, so a
 *   bad checksum is forwarded. Here, on a port whose NIC checks it ({@code nicChecksumPorts}: l3fwd enables
 *   {@code RTE_ETH_RX_OFFLOAD_IPV4_CKSUM} where the port has it), the NIC's verdict is taken: GOOD is not summed
 *   again, BAD is dropped; on other ports, and for UNKNOWN or NONE, the checksum is verified in software (20 to 60
 *   bytes summed). Either way a bad checksum is dropped.</li>
 *   <li>l3fwd's vector path only refuses {@code version_ihl} outside 0x45..0x4F and a Total Length below 20;
 *   here Total Length must also hold the header (IHL * 4, what RFC 1812 5.2.2 says) and fit in the frame
 *   ({@link Ipv4View#wrap} refuses a truncated packet), and the header must be in the first segment.</li>
 *   <li>l3fwd reads an IPv6 destination without looking at the rest of the header; here a frame whose IPv6
 *   header lies ({@link Ipv6View#wrap}: version, payload length, extension header lengths) is dropped as
 *   {@link #BAD_HEADER}. Like l3fwd, jdpdk neither decrements nor checks the Hop Limit (RFC 8200 would have a
 *   router do both).</li>
 * </ul>
 * Under either: l3fwd would hand a packet for a port of the mask that is not present to {@code rte_eth_tx_burst},
 * which refuses it; here such a port is not enabled and the packet is dropped and counted.
 * <p>
 * The EtherType is taken from the Ethernet header as l3fwd's software packet-type parser
 * ({@code lpm_parse_ptype}) does; a VLAN-tagged IPv4 frame is not IPv4 to it either.
 * <p>
 * <b>By the burst</b> ({@link #route(MbufBurst, int, int, int[])}, what l3fwd's lcores use). The common case comes
 * first, in three short passes over the burst as l3fwd's {@code processx4_step1/2/3} go, so that the loads of one
 * pass do not wait on those of another: the frames' addresses and lengths from the mbufs; then each frame's IPv4
 * header ({@link L3Frame#l3fwdIpv4}, or under {@link Checks#RFC1812} {@link L3Frame#plainIpv4}: no options, well
 * formed, checksum verified; destination and TTL in one {@code long}); then, for an IPv4 packet (under RFC 1812
 * checks, with TTL &gt; 1) whose route (or input port, on a miss) is enabled, the lookup ({@link Lpm4#lookup},
 * inlined), the TTL and checksum, and the MACs (two 8-byte stores from a per-port copy of the header, like l3fwd's
 * {@code val_eth}); in the same pass, for an IPv6 packet ({@link L3Frame#l3fwdIpv6}, or {@link L3Frame#plainIpv6})
 * whose route is enabled, the lookup ({@link Fib6#lookup}) and the MACs (one bulk lookup after the pass measured
 * 7-13 % slower on half IPv6 traffic). A last pass builds the port mask and takes every packet the others left: IP
 * to drop, and anything else (options under RFC 1812's checks, extension headers, VLAN tags, malformed or
 * truncated frames, non-IP) through the per-packet path above, so both give the same ports, bytes and counters for
 * every frame.
 * <p>
 * Threading: one router per lcore. {@link #route} allocates nothing and throws nothing; the {@link Lpm4} and
 * {@link Fib6} may be shared by every router, the header views and counters are this router's own. Counters are
 * plain fields, read by another thread only after a happens-before edge with the lcore (its {@code await()}).
 */
public final class LpmRouter
{
    /** Malformed Ethernet or IPv4 header (RFC 1812 5.2.2 items 1, 3, 4, 5, and a truncated packet). */
    public static final int BAD_HEADER = -1;

    /** IPv4 header checksum wrong (RFC 1812 5.2.2 item 2). */
    public static final int BAD_CHECKSUM = -2;

    /** IPv4 TTL 0 or 1: it would reach 0 here (RFC 1812 5.3.1). */
    public static final int TTL_EXCEEDED = -3;

    /** The route's port is not enabled: not in the port mask, or in it but not present. */
    public static final int PORT_NOT_ENABLED = -4;

    /**
     * The bit of {@link #route(MbufBurst, int, int, int[])}'s result that says some packet of the burst was dropped
     * (its port bits are all below {@link L3fwdConfig#MAX_PORTS}).
     */
    public static final long SOME_DROPPED = Long.MIN_VALUE;

    /** Which checks a router makes before it forwards a packet. */
    public enum Checks
    {
        /** DPDK l3fwd's: IPv4 version, IHL and Total Length only; TTL and checksum are neither checked nor refused. */
        L3FWD,

        /** RFC 1812's: also the checksum, TTL &gt; 1, every length against the frame, IPv6 headers that lie. */
        RFC1812
    }

    /**
     * How l3fwd picks a packet's output port ({@code --lookup}). The checks, TTL and checksum update and MAC rewrite
     * are the same for all three, as l3fwd's {@code send_packets_multi} is.
     */
    public enum Lookup
    {
        /** Longest-prefix match ({@code l3fwd_lpm.c}): IPv4 and IPv6 destinations; anything else goes back out. */
        LPM,

        /**
         * Longest-prefix match as {@code l3fwd_fib.c} does it: as {@link #LPM}, except that a frame that is not
         * IPv4 is taken for IPv6 whatever its EtherType ({@code fib_parse_packet}), so an ARP or VLAN-tagged frame
         * is looked up by the 16 bytes where an IPv6 destination would be (frame bytes 38 to 53; a shorter frame,
         * where l3fwd would read past the data, misses here).
         */
        FIB,

        /** Exact match of the 5-tuple ({@code l3fwd_em.c}, {@link ExactMatch}). */
        EM,

        /**
         * Access-control rules ({@code l3fwd_acl.c}, {@link Acl}): the first rule of the file that matches routes or
         * denies; a packet no rule matches, and a frame neither IPv4 nor IPv6, is dropped ({@link #ACL_DROPPED}).
         * As l3fwd's lcores hand each burst's IPv4 packets to the TX buffers before its IPv6 ones, {@link #route}
         * puts them in that order in the burst.
         */
        ACL
    }

    /**
     * The tables of one lookup method, shared by every lcore's router: for {@link Lookup#LPM} and {@link Lookup#FIB}
     * the prefixes ({@code lpm6} may be null: every IPv6 packet misses), for {@link Lookup#EM} the two exact-match
     * tables, for {@link Lookup#ACL} the two rule sets; the others null.
     *
     * @param lookup the method
     * @param lpm    IPv4 prefixes
     * @param lpm6   IPv6 prefixes
     * @param exact4 IPv4 5-tuples
     * @param exact6 IPv6 5-tuples
     * @param acl4   IPv4 rules
     * @param acl6   IPv6 rules
     */
    public record Tables(Lookup lookup, Lpm4 lpm, Fib6 lpm6, ExactMatch exact4, ExactMatch exact6, Acl acl4,
        Acl acl6)
    {
        /**
         * Checks that the method's tables are there.
         *
         * @throws IllegalArgumentException naming the one missing
         */
        public Tables
        {
            final boolean missing = switch (lookup)
            {
                case LPM, FIB -> lpm == null;
                case EM -> exact4 == null || exact6 == null;
                case ACL -> acl4 == null || acl6 == null;
            };
            if (missing)
            {
                throw new IllegalArgumentException(lookup + " lookup without its tables");
            }
        }

        /**
         * Longest-prefix tables ({@link Lookup#LPM}).
         *
         * @param lpm  IPv4 prefixes
         * @param lpm6 IPv6 prefixes, or null
         * @return the tables
         */
        public static Tables lpm(final Lpm4 lpm, final Fib6 lpm6)
        {
            return new Tables(Lookup.LPM, lpm, lpm6, null, null, null, null);
        }
    }

    /** Dropped by {@link Lookup#ACL}: a deny rule, no rule, or a frame neither IPv4 nor IPv6. */
    public static final int ACL_DROPPED = -5;

    /** Number of drop reasons; reason {@code code} is counted at index {@code -code - 1}. */
    public static final int DROP_REASONS = 5;

    /** What {@link #route(MbufBurst, int, int, int[])}'s first passes leave in {@code ports[i]} for the last. */
    private static final int PASS_2 = Integer.MIN_VALUE;

    /** Bytes per port in {@link #ethHeaders}. */
    private static final long ETH_HEADER_STRIDE = 16;

    private static final String[] DROP_NAMES = { "bad-header", "bad-checksum", "ttl-exceeded",
        "port-not-enabled", "acl-dropped" };

    /** Big-endian header fields, and the native order l3fwd's TTL and checksum update works in. */
    private static final ValueLayout.OfInt INT_BIG_ENDIAN =
        ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong LONG_BIG_ENDIAN =
        ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt INT_NATIVE = ValueLayout.JAVA_INT_UNALIGNED;

    private final Lpm4 lpm;
    private final Fib6 lpm6;
    /** {@link Lookup#EM}'s tables; null otherwise. */
    private final ExactMatch exact4;
    private final ExactMatch exact6;
    /** {@link Lookup#ACL}'s rules; null otherwise. */
    private final Acl acl4;
    private final Acl acl6;
    /** Per packet of the burst being routed under {@link Lookup#ACL}, for the reordering: mbufs, then ports. */
    private final long[] aclOrder;
    private final int[] aclPorts;
    /** Whether IPv6 frames are looked up at all (else they go back out of their input port). */
    private final boolean routes6;
    /** {@link Lookup#FIB}: frames that are neither IPv4 nor IPv6 are looked up as IPv6. */
    private final boolean fibNonIp;
    private final long enabledMask;
    /** {@link Checks#RFC1812}; else {@link Checks#L3FWD}. */
    private final boolean rfc1812;
    /** The ports whose NIC's IPv4 checksum verdict ({@link Mbuf#F_RX_IP_CKSUM_MASK}) is taken. */
    private final long nicChecksumPorts;
    private final long[] ethDest;
    private final long[] portMac;
    /** Native, so read without bounds checks ({@link #rewriteEthernet(long, int)}); freed with this router. */
    private final MemorySegment ethHeaders;
    private final long ethHeadersAddress;
    /** Per packet of the burst being routed: its frame, length and {@link L3Frame#plainIpv4} answer. */
    private final long[] frames = new long[LcoreForwarder.MAX_PKT_BURST];
    private final int[] lengths = new int[LcoreForwarder.MAX_PKT_BURST];
    private final long[] ipv4s = new long[LcoreForwarder.MAX_PKT_BURST];
    private final EthernetView eth = new EthernetView();
    private final Ipv4View ip = new Ipv4View();
    private final Ipv6View ip6 = new Ipv6View();
    private final long[] drops = new long[DROP_REASONS];
    private final Mbuf mbuf = new Mbuf();
    private long routed;
    private long lpmMisses;
    private long routed6;
    private long lpm6Misses;
    private long nonIp;

    /**
     * A router with zeroed counters that makes DPDK l3fwd's checks ({@link Checks#L3FWD}).
     *
     * @param lpm         the IPv4 routes; read only while this router is in use
     * @param lpm6        the IPv6 routes, read only while this router is in use; null for none (every IPv6
     *                    packet then misses and goes back out of its input port)
     * @param enabledMask the ports a packet may go out of (bit N for port N), at most {@link L3fwdConfig#MAX_PORTS}
     * @param ethDest     destination MAC of each port id, 48 bits, first octet most significant (copied)
     * @param portMac     each port id's own MAC (copied); entries of ports not enabled are not read
     * @throws IllegalArgumentException when ethDest or portMac has fewer than {@link L3fwdConfig#MAX_PORTS}
     *                                  entries, or the mask names a port above them
     */
    public LpmRouter(final Lpm4 lpm, final Fib6 lpm6, final long enabledMask, final long[] ethDest,
        final long[] portMac)
    {
        this(lpm, lpm6, enabledMask, ethDest, portMac, Checks.L3FWD, 0);
    }

    /**
     * A router with zeroed counters that makes the given checks and, under {@link Checks#RFC1812}, takes the NIC's
     * word on the IPv4 header checksum of the packets received on some ports: those whose RX checksum offload
     * ({@code RTE_ETH_RX_OFFLOAD_IPV4_CKSUM}) is enabled, whose PMD sets {@link Mbuf#F_RX_IP_CKSUM_MASK} in each
     * mbuf.
     *
     * @param lpm              as {@link #LpmRouter(Lpm4, Fib6, long, long[], long[])}
     * @param lpm6             as there
     * @param enabledMask      as there
     * @param ethDest          as there
     * @param portMac          as there
     * @param checks           DPDK l3fwd's or RFC 1812's
     * @param nicChecksumPorts bit N for port N when its NIC's GOOD and BAD verdicts are to be taken instead of
     *                         summing the header in software; not read under {@link Checks#L3FWD}, which sums nothing
     * @throws IllegalArgumentException as there
     */
    public LpmRouter(final Lpm4 lpm, final Fib6 lpm6, final long enabledMask, final long[] ethDest,
        final long[] portMac, final Checks checks, final long nicChecksumPorts)
    {
        this(Tables.lpm(lpm, lpm6), enabledMask, ethDest, portMac, checks, nicChecksumPorts);
    }

    /**
     * A router with zeroed counters for any of l3fwd's lookup methods.
     *
     * @param tables           the method and its tables, read only while this router is in use
     * @param enabledMask      as {@link #LpmRouter(Lpm4, Fib6, long, long[], long[])}
     * @param ethDest          as there
     * @param portMac          as there
     * @param checks           DPDK l3fwd's or RFC 1812's
     * @param nicChecksumPorts as {@link #LpmRouter(Lpm4, Fib6, long, long[], long[], Checks, long)}
     * @throws IllegalArgumentException as there
     */
    public LpmRouter(final Tables tables, final long enabledMask, final long[] ethDest, final long[] portMac,
        final Checks checks, final long nicChecksumPorts)
    {
        if (ethDest.length < L3fwdConfig.MAX_PORTS || portMac.length < L3fwdConfig.MAX_PORTS)
        {
            throw new IllegalArgumentException("ethDest and portMac need " + L3fwdConfig.MAX_PORTS + " entries");
        }
        if ((enabledMask >>> L3fwdConfig.MAX_PORTS) != 0)
        {
            throw new IllegalArgumentException("enabled mask 0x" + Long.toHexString(enabledMask) + " names ports " +
                "above " + (L3fwdConfig.MAX_PORTS - 1));
        }
        final Lookup lookup = tables.lookup();
        final boolean prefixes = lookup == Lookup.LPM || lookup == Lookup.FIB;
        this.lpm = prefixes ? tables.lpm() : null;
        this.lpm6 = prefixes ? tables.lpm6() : null;
        this.exact4 = lookup == Lookup.EM ? tables.exact4() : null;
        this.exact6 = lookup == Lookup.EM ? tables.exact6() : null;
        this.acl4 = lookup == Lookup.ACL ? tables.acl4() : null;
        this.acl6 = lookup == Lookup.ACL ? tables.acl6() : null;
        this.routes6 = this.lpm6 != null || this.exact6 != null || this.acl6 != null;
        this.fibNonIp = lookup == Lookup.FIB;
        this.aclOrder = acl4 == null ? null : new long[LcoreForwarder.MAX_PKT_BURST];
        this.aclPorts = acl4 == null ? null : new int[LcoreForwarder.MAX_PKT_BURST];
        this.enabledMask = enabledMask;
        this.rfc1812 = checks == Checks.RFC1812;
        this.nicChecksumPorts = nicChecksumPorts;
        this.ethDest = ethDest.clone();
        this.portMac = portMac.clone();
        this.ethHeaders = Arena.ofAuto().allocate(ETH_HEADER_STRIDE * L3fwdConfig.MAX_PORTS, ETH_HEADER_STRIDE);
        this.ethHeadersAddress = ethHeaders.address();
        for (int port = 0; port < L3fwdConfig.MAX_PORTS; port++)
        {
            // The 12 bytes as they lie in a frame, written by the same code that writes a frame's MACs.
            L3Frame.rewriteEthernet(ethHeadersAddress + ETH_HEADER_STRIDE * port, this.ethDest[port],
                this.portMac[port]);
        }
    }

    /**
     * Routes packets {@code [0, n)} of {@code mbufs}, received on {@code rxPort} (an enabled port), rewriting each
     * in place for its output port: the same result, packet by packet, as {@link #route(Mbuf, int)}.
     *
     * @param mbufs  the received burst
     * @param n      how many of its packets; beyond {@link LcoreForwarder#MAX_PKT_BURST} are not looked at
     * @param rxPort the port they came in on
     * @param ports  receives each packet's output port or drop code ({@link #BAD_HEADER} ...
     *               {@link #PORT_NOT_ENABLED}), at least {@code n} entries
     * @return bit N set when some packet goes out of port N, and {@link #SOME_DROPPED} when some packet is dropped
     */
    public long route(final MbufBurst mbufs, final int n, final int rxPort, final int[] ports)
    {
        final int count = Math.max(0, Math.min(n, Math.min(frames.length, mbufs.capacity())));
        // The common case first, in three short passes over the burst as l3fwd's processx4_step1/2/3 go, so that
        // the loads of a pass (mbufs, then headers, then routes) do not wait on each other and the CPU keeps many
        // packets in flight (one long pass doing all per packet measured 20-25 % slower): an IPv4 packet the checks
        // pass (under RFC 1812's, plain and with TTL > 1), or an IPv6 one, whose route (or, on a miss, the input
        // port) is enabled is read, looked up and rewritten. Every other packet is marked PASS_2.
        // outPort's test, written out below on this local: calling outPort (the field) measured 8-10 % slower in
        // L3fwdRouteBenchmark.
        final long enabled = enabledMask;
        final boolean strict = rfc1812;
        // Where a miss goes: the input port, or under ACL nowhere (MAX_PORTS is never enabled: left to the last pass).
        final int missPort = acl4 == null ? rxPort : L3fwdConfig.MAX_PORTS;
        final int minTtl = strict ? 2 : 0;
        int routed6In = 0;
        final long table = mbufs.address();
        final long[] frameOf = frames;
        final int[] lengthOf = lengths;
        final long[] ipv4Of = ipv4s;
        for (int i = 0; i < count; i++)
        {
            final long m = Memory.getLong(table + 8L * i);
            frameOf[i] = L3Frame.frame(m);
            lengthOf[i] = L3Frame.dataLength(m);
        }
        if (!strict)
        {
            for (int i = 0; i < count; i++)
            {
                ipv4Of[i] = L3Frame.l3fwdIpv4(frameOf[i], lengthOf[i]);
            }
        }
        else if (nicChecks(rxPort))
        {
            for (int i = 0; i < count; i++)
            {
                final long verdict = L3Frame.ipChecksumVerdict(Memory.getLong(table + 8L * i));
                ipv4Of[i] = L3Frame.plainIpv4(frameOf[i], lengthOf[i], verdict);
            }
        }
        else
        {
            for (int i = 0; i < count; i++)
            {
                ipv4Of[i] = L3Frame.plainIpv4(frameOf[i], lengthOf[i]);
            }
        }
        for (int i = 0; i < count; i++)
        {
            final long frame = frameOf[i];
            final long ipv4 = ipv4Of[i];
            int port = PASS_2;
            if (ipv4 != L3Frame.NOT_PLAIN_IPV4 && L3Frame.ipv4Ttl(ipv4) >= minTtl)
            {
                final int hop = hop4(Memory.ALL, frame, lengthOf[i], L3Frame.ipv4Destination(ipv4));
                final int out = hop < 0 ? missPort : hop;
                if (out < L3fwdConfig.MAX_PORTS && (enabled & (1L << out)) != 0)
                {
                    if (hop < 0)
                    {
                        lpmMisses++;
                    }
                    if (strict)
                    {
                        L3Frame.decrementIpv4Ttl(frame);
                    }
                    else
                    {
                        L3Frame.l3fwdDecrementIpv4Ttl(frame);
                    }
                    rewriteEthernet(frame, out);
                    port = out;
                }
            }
            else if (routes6 && ipv6(strict, frame, lengthOf[i]))
            {
                // In this pass rather than in one bulk lookup after it: 7-13 % faster on half IPv6 traffic.
                final int hop = hop6(Memory.ALL, frame, lengthOf[i], L3Frame.ipv6DestinationHigh(frame),
                    L3Frame.ipv6DestinationLow(frame));
                final int out = hop < 0 ? missPort : hop;
                if (out < L3fwdConfig.MAX_PORTS && (enabled & (1L << out)) != 0)
                {
                    if (hop < 0)
                    {
                        lpm6Misses++;
                    }
                    routed6In++;
                    rewriteEthernet(frame, out);
                    port = out;
                }
            }
            ports[i] = port;
        }
        // Pass 2: the port mask, and every packet the first passes left: IP to drop (or, without IPv6 routes, IPv6
        // back out of its input port), anything else through the header views.
        long used = 0;
        int left = 0;
        for (int i = 0; i < count; i++)
        {
            int port = ports[i];
            if (port == PASS_2)
            {
                left++;
                final long ipv4 = ipv4Of[i];
                if (ipv4 != L3Frame.NOT_PLAIN_IPV4)
                {
                    // What the first passes refused: TTL 0 or 1 (RFC 1812), or a port that is not enabled.
                    if (L3Frame.ipv4Ttl(ipv4) < minTtl)
                    {
                        port = drop(TTL_EXCEEDED);
                    }
                    else
                    {
                        final int hop = hop4(Memory.ALL, frameOf[i], lengthOf[i], L3Frame.ipv4Destination(ipv4));
                        if (hop < 0 && acl4 != null)
                        {
                            port = drop(hop == Acl.SHORT ? BAD_HEADER : ACL_DROPPED);
                        }
                        else
                        {
                            if (hop == Lpm4.NO_ROUTE)
                            {
                                lpmMisses++;
                            }
                            port = drop(PORT_NOT_ENABLED); // the first passes took every packet whose port is enabled
                        }
                    }
                }
                else if (ipv6(strict, frameOf[i], lengthOf[i]))
                {
                    final long frame = frameOf[i];
                    port = ipv6Port(frame, hop6(Memory.ALL, frame, lengthOf[i], L3Frame.ipv6DestinationHigh(frame),
                        L3Frame.ipv6DestinationLow(frame)), rxPort);
                }
                else
                {
                    port = route(mbuf.wrap(mbufs.get(i)), rxPort); // counts its own drop
                }
                ports[i] = port;
            }
            used |= port < 0 ? SOME_DROPPED : 1L << port;
        }
        routed += count - left - routed6In;
        routed6 += routed6In;
        if (acl4 != null)
        {
            ipv4First(table, count, ports);
        }
        return used;
    }

    /**
     * Puts the burst's IPv4 frames (EtherType 0x0800) before the rest, each part in its order, with their ports:
     * l3fwd's ACL loop sends a burst's IPv4 packets, then its IPv6 ones.
     */
    private void ipv4First(final long table, final int count, final int[] ports)
    {
        int k = 0;
        for (int pass = 0; pass < 2; pass++)
        {
            for (int i = 0; i < count; i++)
            {
                final boolean ipv4 = lengths[i] >= ETH_HEADER_LENGTH &&
                    Memory.getShortBigEndian(null, frames[i] + 12) == (short)EtherType.IPV4;
                if (ipv4 == (pass == 0))
                {
                    aclOrder[k] = Memory.getLong(table + 8L * i);
                    aclPorts[k++] = ports[i];
                }
            }
        }
        for (int i = 0; i < count; i++)
        {
            Memory.putLong(table + 8L * i, aclOrder[i]);
            ports[i] = aclPorts[i];
        }
    }

    /**
     * The next hop of an IPv4 frame: its destination's route, under {@link Lookup#EM} its 5-tuple's rule, under
     * {@link Lookup#ACL} its first matching rule.
     *
     * @return the port, or {@link Lpm4#NO_ROUTE} (equal to {@link ExactMatch#MISS} and {@link Acl#DROP}), or under
     *         ACL {@link Acl#SHORT}
     */
    private int hop4(final MemorySegment segment, final long frame, final long length, final int destination)
    {
        if (exact4 == null && acl4 == null)
        {
            return lpm.lookup(destination);
        }
        return exact4 != null ? exact4.lookupIpv4(segment, frame, length) : acl4.lookupIpv4(segment, frame, length);
    }

    /**
     * The next hop of an IPv6 frame: its destination's route, under {@link Lookup#EM} its 5-tuple's rule, under
     * {@link Lookup#ACL} its first matching rule.
     *
     * @return the port, or {@link Fib6#NO_ROUTE} (equal to {@link ExactMatch#MISS} and {@link Acl#DROP}), also
     *         without IPv6 routes, or under ACL {@link Acl#SHORT}
     */
    private int hop6(final MemorySegment segment, final long frame, final long length, final long high,
        final long low)
    {
        if (exact6 != null)
        {
            return exact6.lookupIpv6(segment, frame, length);
        }
        if (acl6 != null)
        {
            return acl6.lookupIpv6(segment, frame, length);
        }
        return lpm6 == null ? Fib6.NO_ROUTE : lpm6.lookup(high, low);
    }

    /** Whether the burst path routes a frame as IPv6 under the checks ({@code strict}: RFC 1812's). */
    private static boolean ipv6(final boolean strict, final long frame, final int length)
    {
        return strict ? L3Frame.plainIpv6(frame, length) : L3Frame.l3fwdIpv6(frame, length);
    }

    /** Whether the NIC's IPv4 checksum verdict is taken for packets received on {@code rxPort}. */
    private boolean nicChecks(final int rxPort)
    {
        return rxPort < Long.SIZE && (nicChecksumPorts & (1L << rxPort)) != 0;
    }

    /** The port of an {@link L3Frame#IPV6} frame whose lookup gave {@code hop}; rewrites or counts it. */
    private int ipv6Port(final long frame, final int hop, final int rxPort)
    {
        if (hop == Fib6.NO_ROUTE && acl6 == null)
        {
            lpm6Misses++;
        }
        final int port = outPort(hop, rxPort);
        if (port < 0)
        {
            drop(port);
        }
        else
        {
            rewriteEthernet(frame, port);
            routed6++;
        }
        return port;
    }

    /**
     * The port a lookup's next hop sends to: the input port on a miss (l3fwd's {@code lpm_get_ipv4_dst_port} and
     * {@code lpm_get_ipv6_dst_port}), {@link #PORT_NOT_ENABLED} when that port may not be sent to.
     *
     * @param hop    the next hop, or {@link Lpm4#NO_ROUTE} / {@link Fib6#NO_ROUTE} (both -1) for a miss
     * @param rxPort the packet's input port
     * @return the output port, or {@link #PORT_NOT_ENABLED}
     */
    private int outPort(final int hop, final int rxPort)
    {
        if (hop < 0 && acl4 != null)
        {
            return hop == Acl.SHORT ? BAD_HEADER : ACL_DROPPED;
        }
        final int port = hop < 0 ? rxPort : hop;
        return port < L3fwdConfig.MAX_PORTS && (enabledMask & (1L << port)) != 0 ? port : PORT_NOT_ENABLED;
    }

    /**
     * Writes port {@code port}'s destination and source MAC into the frame at {@code frame} (12 bytes or more):
     * two overlapping 8-byte copies (bytes 0-7, then 4-11) from {@link #ethHeaders}, as l3fwd blends
     * {@code val_eth[port]} in.
     */
    private void rewriteEthernet(final long frame, final int port)
    {
        final long from = ethHeadersAddress + ETH_HEADER_STRIDE * port;
        Memory.putLongLittleEndian(null, frame, Memory.getLongLittleEndian(null, from));
        Memory.putLongLittleEndian(null, frame + 4, Memory.getLongLittleEndian(null, from + 4));
    }

    /** Counts a drop. @return code */
    private int drop(final int code)
    {
        drops[-code - 1]++;
        return code;
    }

    /**
     * Routes the frame in {@code mbuf}'s first segment, received on {@code rxPort} (an enabled port), and
     * rewrites it in place for the output port.
     *
     * @param mbuf the frame's mbuf
     * @param rxPort the port it came in on
     * @return the output port, or a drop code ({@link #BAD_HEADER} ... {@link #PORT_NOT_ENABLED})
     */
    public int route(final Mbuf mbuf, final int rxPort)
    {
        if (!eth.wrap(mbuf, 0))
        {
            return drop(BAD_HEADER);
        }
        return routeWrapped(rxPort, nicChecks(rxPort) ? L3Frame.ipChecksumVerdict(mbuf.address()) :
            Mbuf.F_RX_IP_CKSUM_UNKNOWN);
    }

    /**
     * Routes the frame at {@code [base, base + length)} of {@code segment} (a heap segment and an offset, or
     * native memory and an address), received on {@code rxPort} (an enabled port), and rewrites it in place.
     *
     * @param segment a heap segment, or native memory
     * @param base the frame's offset in {@code segment}, or its address
     * @param length the frame's length in bytes
     * @param rxPort the port it came in on
     * @return the output port, or a drop code ({@link #BAD_HEADER} ... {@link #PORT_NOT_ENABLED})
     */
    public int route(final MemorySegment segment, final long base, final int length, final int rxPort)
    {
        if (!eth.wrap(segment, base, length))
        {
            return drop(BAD_HEADER);
        }
        return routeWrapped(rxPort, Mbuf.F_RX_IP_CKSUM_UNKNOWN);
    }

    /** @param ipChecksum the NIC's verdict on an IPv4 checksum ({@link Mbuf#F_RX_IP_CKSUM_MASK} bits), if taken */
    private int routeWrapped(final int rxPort, final long ipChecksum)
    {
        final int etherType = eth.etherType();
        if (etherType == EtherType.IPV4)
        {
            final int port = routeIpv4(rxPort, ipChecksum);
            if (port >= 0)
            {
                routed++;
            }
            return send(port);
        }
        if (etherType == EtherType.IPV6)
        {
            final int port = routeIpv6(rxPort);
            if (port >= 0)
            {
                routed6++;
            }
            return send(port);
        }
        if (fibNonIp && lpm6 != null)
        {
            // fib_parse_packet: what is not IPv4 is IPv6 to it, destination and all (counted as IPv6).
            final long at = eth.base() + ETH_HEADER_LENGTH + IPV6_DESTINATION;
            final int hop = eth.limit() < ETH_HEADER_LENGTH + IPV6_HEADER_LENGTH ? Fib6.NO_ROUTE :
                lpm6.lookup(eth.segment().get(LONG_BIG_ENDIAN, at), eth.segment().get(LONG_BIG_ENDIAN, at + 8));
            if (hop == Fib6.NO_ROUTE)
            {
                lpm6Misses++;
            }
            final int port = send(outPort(hop, rxPort));
            if (port >= 0)
            {
                routed6++;
            }
            return port;
        }
        if (acl4 != null)
        {
            return send(ACL_DROPPED); // l3fwd_acl_prepare_one_packet: "Unknown type, drop the packet"
        }
        // Not IP to l3fwd's packet-type parser: lpm_get_dst_port sends it back out of the input port.
        rewrite(rxPort);
        nonIp++;
        return rxPort;
    }

    /** Rewrites the frame for {@code port}, or counts the drop when it is a drop code. @return port */
    private int send(final int port)
    {
        if (port < 0)
        {
            drop(port);
        }
        else
        {
            rewrite(port);
        }
        return port;
    }

    private int routeIpv4(final int rxPort, final long ipChecksum)
    {
        if (!rfc1812)
        {
            return routeIpv4AsL3fwd(rxPort);
        }
        if (!ip.wrap(eth.segment(), eth.base() + ETH_HEADER_LENGTH, eth.limit() - ETH_HEADER_LENGTH))
        {
            return BAD_HEADER;
        }
        if (ipChecksum == Mbuf.F_RX_IP_CKSUM_BAD ||
            ipChecksum != Mbuf.F_RX_IP_CKSUM_GOOD && !Checksums.verifyIpv4Header(ip))
        {
            return BAD_CHECKSUM;
        }
        if (ip.ttl() <= 1)
        {
            return TTL_EXCEEDED;
        }
        final int hop = hop4(eth.segment(), eth.base(), eth.limit(), ip.destinationAddress());
        if (hop == Lpm4.NO_ROUTE && acl4 == null)
        {
            lpmMisses++;
        }
        final int port = outPort(hop, rxPort);
        if (port >= 0)
        {
            ip.decrementTtl();
        }
        return port;
    }

    /** {@link Checks#L3FWD}'s IPv4 (the frame's bytes read where {@link #eth} is, as {@link L3Frame} reads them). */
    private int routeIpv4AsL3fwd(final int rxPort)
    {
        final MemorySegment frame = eth.segment();
        final long at = eth.base() + ETH_HEADER_LENGTH;
        if (eth.limit() < ETH_HEADER_LENGTH + IPV4_MIN_HEADER_LENGTH)
        {
            return BAD_HEADER;
        }
        final int head = frame.get(INT_BIG_ENDIAN, at);
        if (!L3Frame.l3fwdAcceptsIpv4(head >>> 24, head & 0xFFFF))
        {
            return BAD_HEADER;
        }
        final int hop = hop4(frame, eth.base(), eth.limit(), frame.get(INT_BIG_ENDIAN, at + IPV4_DESTINATION));
        if (hop == Lpm4.NO_ROUTE && acl4 == null)
        {
            lpmMisses++;
        }
        final int port = outPort(hop, rxPort);
        if (port >= 0)
        {
            frame.set(INT_NATIVE, at + IPV4_TTL, L3Frame.l3fwdDecrementTtl(frame.get(INT_NATIVE, at + IPV4_TTL)));
        }
        return port;
    }

    private int routeIpv6(final int rxPort)
    {
        final long high;
        final long low;
        if (rfc1812)
        {
            if (!ip6.wrap(eth.segment(), eth.base() + ETH_HEADER_LENGTH, eth.limit() - ETH_HEADER_LENGTH))
            {
                return BAD_HEADER;
            }
            high = ip6.destinationAddressHigh();
            low = ip6.destinationAddressLow();
        }
        else
        {
            // l3fwd reads the destination and nothing else.
            if (eth.limit() < ETH_HEADER_LENGTH + IPV6_HEADER_LENGTH)
            {
                return BAD_HEADER;
            }
            final long at = eth.base() + ETH_HEADER_LENGTH + IPV6_DESTINATION;
            high = eth.segment().get(LONG_BIG_ENDIAN, at);
            low = eth.segment().get(LONG_BIG_ENDIAN, at + 8);
        }
        final int hop = hop6(eth.segment(), eth.base(), eth.limit(), high, low);
        if (hop == Fib6.NO_ROUTE && acl6 == null)
        {
            lpm6Misses++;
        }
        return outPort(hop, rxPort);
    }

    private void rewrite(final int port)
    {
        eth.destination(ethDest[port]).source(portMac[port]);
    }

    /**
     * The ports a packet may go out of.
     *
     * @return bit N for port N
     */
    public long enabledMask()
    {
        return enabledMask;
    }

    /**
     * IPv4 packets given an output port (LPM hits and misses).
     *
     * @return the count since construction
     */
    public long routed()
    {
        return routed;
    }

    /**
     * IPv4 packets no route covered, sent back out of their input port (counted in {@link #routed()} too).
     *
     * @return the count since construction
     */
    public long lpmMisses()
    {
        return lpmMisses;
    }

    /**
     * IPv6 packets given an output port (LPM6 hits and misses).
     *
     * @return the count since construction
     */
    public long routed6()
    {
        return routed6;
    }

    /**
     * IPv6 packets no route covered, sent back out of their input port (counted in {@link #routed6()} too).
     *
     * @return the count since construction
     */
    public long lpm6Misses()
    {
        return lpm6Misses;
    }

    /**
     * Frames neither IPv4 nor IPv6 (ARP, VLAN-tagged, ...), sent back out of their input port.
     *
     * @return the count since construction
     */
    public long nonIp()
    {
        return nonIp;
    }

    /**
     * Packets dropped for one reason.
     *
     * @param code a drop code, {@link #BAD_HEADER} ... {@link #PORT_NOT_ENABLED}
     * @return the count since construction
     */
    public long drops(final int code)
    {
        return drops[-code - 1];
    }

    /**
     * The label of a drop reason in l3fwd's exit report.
     *
     * @param code a drop code, {@link #BAD_HEADER} ... {@link #PORT_NOT_ENABLED}
     * @return e.g. {@code bad-checksum}
     */
    public static String dropName(final int code)
    {
        return DROP_NAMES[-code - 1];
    }
}
