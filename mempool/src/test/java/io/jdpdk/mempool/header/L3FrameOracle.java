package io.jdpdk.mempool.header;

import io.jdpdk.eal.raw.Memory;
import io.jdpdk.mempool.Mbuf;
import io.jdpdk.mempool.raw.MbufRaw;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Checks {@link L3Frame} against the header views on the same bytes: the frame sits at the end of native memory
 * followed by a guard page, behind a stand-in {@code struct rte_mbuf} whose {@code data_len} is the frame's length
 * (read back through {@link L3Frame#frame} and {@link L3Frame#dataLength}), so a read past the frame faults. The
 * kind and destination must be what the views say, and the writers must leave the same bytes as
 * {@link Ipv4View#decrementTtl} and {@link EthernetView} do. {@link L3Frame#l3fwdIpv4} and {@link L3Frame#l3fwdIpv6}
 * are held to DPDK l3fwd's rules written out here on the bytes. Not thread-safe.
 */
final class L3FrameOracle implements AutoCloseable
{
    private static final long DESTINATION_MAC = 0x02_11_22_33_44_55L;
    private static final long SOURCE_MAC = 0x0A_66_77_88_99_AAL;

    private final Arena arena = Arena.ofConfined();
    private final long mbuf = arena.allocate(256, 64).address();
    private final EthernetView eth = new EthernetView();
    private final Ipv4View ip = new Ipv4View();
    private final Ipv6View ip6 = new Ipv6View();
    private final long[] byKind = new long[3];

    /**
     * One check of {@code data}, placed at {@code frame} (the guard-paged copy, {@code length} bytes, which this
     * rewrites).
     */
    void check(final byte[] data, final long frame, final int length)
    {
        if (length > 0xFFFF)
        {
            return;
        }
        Memory.putLong(mbuf + MbufRaw.BUF_ADDR, frame - 128);
        Memory.putShort(mbuf + MbufRaw.DATA_OFF, (short)128);
        Memory.putShort(mbuf + MbufRaw.DATA_LEN, (short)length);
        final long at = L3Frame.frame(mbuf);
        final int readable = L3Frame.dataLength(mbuf);
        if (at != frame || readable != length)
        {
            throw new AssertionError("L3Frame reads the stand-in mbuf's frame as " + at + "+" + readable);
        }
        final long ipv4 = L3Frame.plainIpv4(at, readable);
        final byte[] heap = data.clone();
        final MemorySegment segment = MemorySegment.ofArray(heap);
        final byte expected = expectedKind(segment, length);
        final byte kind = L3Frame.kind(at, readable);
        if (kind != expected || (ipv4 != L3Frame.NOT_PLAIN_IPV4) != (kind == L3Frame.IPV4) ||
            L3Frame.plainIpv6(at, readable) != (kind == L3Frame.IPV6))
        {
            throw new AssertionError("L3Frame kind " + kind + ", the views say " + expected);
        }
        checkNicVerdicts(segment, length, at, readable, ipv4);
        checkL3fwdReaders(data, length, at, readable);
        byKind[kind]++;
        if (kind == L3Frame.IPV4)
        {
            if (L3Frame.ipv4Destination(ipv4) != ip.destinationAddress() || L3Frame.ipv4Ttl(ipv4) != ip.ttl())
            {
                throw new AssertionError("L3Frame's IPv4 destination or TTL differs from Ipv4View's");
            }
            if (ip.ttl() > 0)
            {
                ip.decrementTtl();
                L3Frame.decrementIpv4Ttl(at);
            }
        }
        else if (kind == L3Frame.IPV6 && (L3Frame.ipv6DestinationHigh(at) != ip6.destinationAddressHigh() ||
            L3Frame.ipv6DestinationLow(at) != ip6.destinationAddressLow()))
        {
            throw new AssertionError("L3Frame's IPv6 destination differs from Ipv6View's");
        }
        if (kind != L3Frame.OTHER)
        {
            eth.destination(DESTINATION_MAC).source(SOURCE_MAC);
            L3Frame.rewriteEthernet(at, DESTINATION_MAC, SOURCE_MAC);
        }
        final byte[] written = new byte[length];
        MemorySegment.copy(Memory.ALL, java.lang.foreign.ValueLayout.JAVA_BYTE, frame, written, 0, length);
        if (!Arrays.equals(written, 0, length, heap, 0, length))
        {
            throw new AssertionError("L3Frame's writes differ from the views' writes");
        }
    }

    /**
     * {@link L3Frame#plainIpv4(long, int, long)} with each of the NIC's verdicts: UNKNOWN and NONE as without one,
     * BAD never plain, GOOD plain exactly when the views accept the header but for its checksum, which is not summed.
     */
    private void checkNicVerdicts(final MemorySegment segment, final int length, final long at, final int readable,
        final long ipv4)
    {
        final boolean plainButChecksum = eth.wrap(segment, 0, length) && eth.etherType() == EtherType.IPV4 &&
            ip.wrap(segment, 14, length - 14) && ip.headerLength() == 20;
        final long good = plainButChecksum ? (ip.destinationAddress() & 0xFFFF_FFFFL) | (long)ip.ttl() << 32 :
            L3Frame.NOT_PLAIN_IPV4;
        if (L3Frame.plainIpv4(at, readable, Mbuf.F_RX_IP_CKSUM_UNKNOWN) != ipv4 ||
            L3Frame.plainIpv4(at, readable, Mbuf.F_RX_IP_CKSUM_NONE) != ipv4 ||
            L3Frame.plainIpv4(at, readable, Mbuf.F_RX_IP_CKSUM_BAD) != L3Frame.NOT_PLAIN_IPV4 ||
            L3Frame.plainIpv4(at, readable, Mbuf.F_RX_IP_CKSUM_GOOD) != good)
        {
            throw new AssertionError("L3Frame.plainIpv4 with the NIC's verdicts differs from the views");
        }
        expectedKind(segment, length); // leave the views on the frame as check() expects them
    }

    /**
     * {@link L3Frame#l3fwdIpv4} and {@link L3Frame#l3fwdIpv6} against l3fwd's tests on the bytes: EtherType, first
     * byte 0x45 to 0x4F and Total Length 20 or more for IPv4, nothing more for IPv6, given the bytes read.
     */
    private static void checkL3fwdReaders(final byte[] data, final int length, final long at, final int readable)
    {
        final int etherType = length >= 14 ? (data[12] & 0xFF) << 8 | data[13] & 0xFF : -1;
        final boolean ipv4 = length >= 34 && etherType == 0x0800 && (data[14] & 0xFF) >= 0x45 &&
            (data[14] & 0xFF) <= 0x4F && ((data[16] & 0xFF) << 8 | data[17] & 0xFF) >= 20;
        final long expected = ipv4 ? ((data[30] & 0xFFL) << 24 | (data[31] & 0xFF) << 16 | (data[32] & 0xFF) << 8 |
            data[33] & 0xFF) | (data[22] & 0xFFL) << 32 : L3Frame.NOT_PLAIN_IPV4;
        if (L3Frame.l3fwdIpv4(at, readable) != expected)
        {
            throw new AssertionError("L3Frame.l3fwdIpv4 differs from l3fwd's rules");
        }
        if (L3Frame.l3fwdIpv6(at, readable) != (length >= 54 && etherType == 0x86DD))
        {
            throw new AssertionError("L3Frame.l3fwdIpv6 differs from l3fwd's rules");
        }
    }

    private byte expectedKind(final MemorySegment segment, final int length)
    {
        if (!eth.wrap(segment, 0, length))
        {
            return L3Frame.OTHER;
        }
        final int etherType = eth.etherType();
        if (etherType == EtherType.IPV4 && ip.wrap(segment, 14, length - 14) && ip.headerLength() == 20 &&
            Checksums.verifyIpv4Header(ip))
        {
            return L3Frame.IPV4;
        }
        if (etherType == EtherType.IPV6 && ip6.wrap(segment, 14, length - 14) &&
            ip6.upperLayerOffset() == HeaderOffsets.IPV6_HEADER_LENGTH)
        {
            return L3Frame.IPV6;
        }
        return L3Frame.OTHER;
    }

    /** Inputs sorted into {@code kind} ({@link L3Frame#OTHER}, {@link L3Frame#IPV4} or {@link L3Frame#IPV6}). */
    long count(final byte kind)
    {
        return byKind[kind];
    }

    @Override
    public void close()
    {
        arena.close();
    }
}
