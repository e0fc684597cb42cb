package io.jdpdk.apps.testpmd;

import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.PortConfig;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/**
 * What testpmd splits received packets into, when a port's RX queues have the buffer split offload: its
 * {@code rx_pkt_seg_lengths}, {@code rx_pkt_seg_offsets}, {@code rx_pkt_hdr_protos} and the counts beside them, as
 * {@code --rxpkts}, {@code --rxoffs}, {@code --rxhdrs} and {@code set rxpkts|rxoffs|rxhdrs} set them
 * ({@code set_rx_pkt_segments}, {@code set_rx_pkt_offsets}, {@code set_rx_pkt_hdrs} of DPDK 22.11's
 * {@code config.c}), {@code show config rxpkts|rxoffs|rxhdrs} prints them, and {@code rx_queue_setup} turns them into
 * the queues' segments ({@link #segments}).
 * <p>
 * {@code --rxpkts} and {@code --rxhdrs} share the segment count, as in testpmd: {@code set rxhdrs} of N headers makes
 * N + 1 segments (the last is the payload) and leaves the lengths alone, {@code set rxpkts} sets the lengths and the
 * count and leaves the headers alone. {@code show config rxoffs} prints the last offset from the lengths, as 22.11's
 * {@code show_rx_pkt_offsets} does.
 */
final class RxSplit
{
    /** testpmd's {@code MAX_SEGS_BUFFER_SPLIT}. */
    static final int MAX_SEGS = 8;

    /** The {@code RTE_PTYPE_*} bits of each name {@code set rxhdrs} takes ({@code get_ptype}), in its order. */
    private static final String[] NAMES = {"eth", "ipv4", "ipv6", "ipv4-tcp", "ipv4-udp", "ipv4-sctp", "ipv6-tcp",
        "ipv6-udp", "ipv6-sctp", "grenat", "inner-eth", "inner-ipv4", "inner-ipv6", "inner-ipv4-tcp",
        "inner-ipv4-udp", "inner-ipv4-sctp", "inner-ipv6-tcp", "inner-ipv6-udp", "inner-ipv6-sctp"};
    private static final int L2_ETHER = 0x1;
    private static final int L3_IPV4_EXT_UNKNOWN = 0x90;
    private static final int L3_IPV6_EXT_UNKNOWN = 0xe0;
    private static final int L4_TCP = 0x100;
    private static final int L4_UDP = 0x200;
    private static final int L4_SCTP = 0x400;
    private static final int TUNNEL_GRENAT = 0x6000;
    private static final int INNER_L2_ETHER = 0x10000;
    private static final int INNER_L3_IPV4_EXT_UNKNOWN = 0x400000;
    private static final int INNER_L3_IPV6_EXT_UNKNOWN = 0x600000;
    private static final int INNER_L4_TCP = 0x1000000;
    private static final int INNER_L4_UDP = 0x2000000;
    private static final int INNER_L4_SCTP = 0x4000000;
    private static final int[] PTYPES = {
        L2_ETHER, L2_ETHER | L3_IPV4_EXT_UNKNOWN, L2_ETHER | L3_IPV6_EXT_UNKNOWN,
        L2_ETHER | L3_IPV4_EXT_UNKNOWN | L4_TCP, L2_ETHER | L3_IPV4_EXT_UNKNOWN | L4_UDP,
        L2_ETHER | L3_IPV4_EXT_UNKNOWN | L4_SCTP, L2_ETHER | L3_IPV6_EXT_UNKNOWN | L4_TCP,
        L2_ETHER | L3_IPV6_EXT_UNKNOWN | L4_UDP, L2_ETHER | L3_IPV6_EXT_UNKNOWN | L4_SCTP,
        TUNNEL_GRENAT, TUNNEL_GRENAT | INNER_L2_ETHER, TUNNEL_GRENAT | INNER_L2_ETHER | INNER_L3_IPV4_EXT_UNKNOWN,
        TUNNEL_GRENAT | INNER_L2_ETHER | INNER_L3_IPV6_EXT_UNKNOWN,
        TUNNEL_GRENAT | INNER_L2_ETHER | INNER_L3_IPV4_EXT_UNKNOWN | INNER_L4_TCP,
        TUNNEL_GRENAT | INNER_L2_ETHER | INNER_L3_IPV4_EXT_UNKNOWN | INNER_L4_UDP,
        TUNNEL_GRENAT | INNER_L2_ETHER | INNER_L3_IPV4_EXT_UNKNOWN | INNER_L4_SCTP,
        TUNNEL_GRENAT | INNER_L2_ETHER | INNER_L3_IPV6_EXT_UNKNOWN | INNER_L4_TCP,
        TUNNEL_GRENAT | INNER_L2_ETHER | INNER_L3_IPV6_EXT_UNKNOWN | INNER_L4_UDP,
        TUNNEL_GRENAT | INNER_L2_ETHER | INNER_L3_IPV6_EXT_UNKNOWN | INNER_L4_SCTP};

    private final int[] lengths = new int[MAX_SEGS];
    private final int[] offsets = new int[MAX_SEGS];
    private final int[] protos = new int[MAX_SEGS];
    private int nbSegs;
    private int nbOffs;

    /**
     * {@code set_rx_pkt_offsets}: the offsets, unless there are 8 or more (refused on {@code out}, as testpmd prints
     * it) or one is 65535 or more (given up on).
     */
    void setOffsets(final long[] items, final PrintStream out)
    {
        if (store(items, offsets, "offset", out))
        {
            nbOffs = items.length;
        }
    }

    /** {@code set_rx_pkt_segments}: the lengths and the segment count, as {@link #setOffsets} takes offsets. */
    void setSegments(final long[] items, final PrintStream out)
    {
        if (store(items, lengths, "length", out))
        {
            nbSegs = items.length;
        }
    }

    /** The checks and the copy both setters make, with testpmd's words for a refusal. */
    private static boolean store(final long[] items, final int[] into, final String what, final PrintStream out)
    {
        if (items.length >= MAX_SEGS)
        {
            out.printf("nb segments per RX packets=%d >= MAX_SEGS_BUFFER_SPLIT - ignored%n", items.length);
            return false;
        }
        for (int i = 0; i < items.length; i++)
        {
            if (items[i] >= 0xFFFF)
            {
                out.printf("%s[%d]=%d > UINT16_MAX - give up%n", what, i, items[i]);
                return false;
            }
        }
        for (int i = 0; i < items.length; i++)
        {
            into[i] = (int)items[i];
        }
        return true;
    }

    /**
     * {@code set_rx_pkt_hdrs}: the headers of the first {@code protos.length} segments, the payload one more, unless
     * that makes more than 8.
     */
    void setHeaders(final int[] headers, final PrintStream out)
    {
        if (headers.length + 1 > MAX_SEGS)
        {
            out.printf("nb segments per RX packets=%d > MAX_SEGS_BUFFER_SPLIT - ignored%n", headers.length + 1);
            return;
        }
        Arrays.fill(protos, 0);
        System.arraycopy(headers, 0, protos, 0, headers.length);
        nbSegs = headers.length + 1;
    }

    /**
     * testpmd's {@code parse_hdrs_list}: the comma-separated header names of {@code str} as {@code RTE_PTYPE_*} bits,
     * an unknown name as 0 after "Unsupported protocol: NAME" on {@code err}, and a line there when there are more
     * than {@code MAX_SEGS} (testpmd then writes past its array; here they are all returned, for
     * {@link #setHeaders} to refuse).
     *
     * @return one value per name, empty for none
     */
    static int[] parseHeaders(final String str, final String itemName, final PrintStream err)
    {
        final List<Integer> items = new ArrayList<>();
        for (final String name : str.split(",")) // strtok_r: empty names between commas are skipped
        {
            if (!name.isEmpty())
            {
                items.add(ptype(name, err));
            }
        }
        if (items.size() > MAX_SEGS)
        {
            err.printf("Number of %s = %d > %d (maximum items)%n", itemName, items.size() + 1, MAX_SEGS);
        }
        return items.stream().mapToInt(Integer::intValue).toArray();
    }

    /** testpmd's {@code get_ptype}. */
    private static int ptype(final String name, final PrintStream err)
    {
        for (int i = 0; i < NAMES.length; i++)
        {
            if (NAMES[i].equals(name))
            {
                return PTYPES[i];
            }
        }
        err.println("Unsupported protocol: " + name);
        return 0;
    }

    /** testpmd's {@code get_ptype_str}. */
    private static String ptypeName(final int ptype)
    {
        for (int i = 0; i < PTYPES.length; i++)
        {
            if (PTYPES[i] == ptype)
            {
                return NAMES[i];
            }
        }
        return "unsupported";
    }

    /** {@code show config rxoffs}: {@code show_rx_pkt_offsets}, its last item from the lengths as 22.11 prints it. */
    String showOffsets()
    {
        final StringBuilder sb = new StringBuilder(String.format("Number of offsets: %d%n", nbOffs));
        if (nbOffs > 0)
        {
            sb.append("Segment offsets: ");
            for (int i = 0; i < nbOffs - 1; i++)
            {
                sb.append(offsets[i]).append(',');
            }
            sb.append(lengths[nbOffs - 1]).append(System.lineSeparator());
        }
        return sb.toString();
    }

    /** {@code show config rxpkts}: {@code show_rx_pkt_segments}. */
    String showSegments()
    {
        final StringBuilder sb = new StringBuilder(String.format("Number of segments: %d%n", nbSegs));
        if (nbSegs > 0)
        {
            sb.append("Segment sizes: ");
            for (int i = 0; i < nbSegs; i++)
            {
                sb.append(lengths[i]).append(i < nbSegs - 1 ? "," : System.lineSeparator());
            }
        }
        return sb.toString();
    }

    /** {@code show config rxhdrs}: {@code show_rx_pkt_hdrs}. */
    String showHeaders()
    {
        final StringBuilder sb = new StringBuilder(String.format("Number of segments: %d%n", nbSegs));
        if (nbSegs > 0)
        {
            sb.append("Packet segs: ");
            for (int i = 0; i < nbSegs - 1; i++)
            {
                sb.append(ptypeName(protos[i])).append(", ");
            }
            sb.append("payload").append(System.lineSeparator());
        }
        return sb.toString();
    }

    /**
     * Whether {@code rx_queue_setup} splits: more than one segment, and the buffer split offload among the queue's.
     *
     * @param rxOffloads the RX queue's offloads
     */
    boolean splits(final long rxOffloads)
    {
        return nbSegs > 1 && (rxOffloads & PortConfig.RX_OFFLOAD_BUFFER_SPLIT) != 0;
    }

    /**
     * The RX queues' segments as {@code rx_queue_setup} builds them: segment i from pool i (the last pool for the
     * segments past it, the RX pool where the socket has no such pool), at its offset, split by its header where it
     * has one and no length, else by its length or the pool's data size.
     *
     * @param poolOf     the socket's pool of a size index ({@code mbuf_pool_find}), or null
     * @param dataSizes  {@code --mbuf-size}'s sizes
     * @param rxPool     the queue's pool ({@code mp}), for a segment whose pool the socket lacks
     */
    List<PortConfig.RxSegment> segments(final IntFunction<Mempool> poolOf, final int[] dataSizes,
        final Mempool rxPool)
    {
        final List<PortConfig.RxSegment> segments = new ArrayList<>();
        int prevHdrs = 0;
        for (int i = 0; i < nbSegs; i++)
        {
            final int poolIndex = Math.min(i, dataSizes.length - 1);
            final Mempool found = poolOf.apply(poolIndex);
            final int offset = i < nbOffs ? offsets[i] : 0;
            if (protos[i] != 0 && lengths[i] == 0)
            {
                final int hdr = protos[i] & ~prevHdrs;
                prevHdrs |= hdr;
                segments.add(new PortConfig.RxSegment(found != null ? found : rxPool, 0, offset, hdr));
            }
            else
            {
                segments.add(new PortConfig.RxSegment(found != null ? found : rxPool,
                    lengths[i] != 0 ? lengths[i] : dataSizes[poolIndex], offset, 0));
            }
        }
        return segments;
    }
}
