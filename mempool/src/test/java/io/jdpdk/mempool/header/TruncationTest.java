package io.jdpdk.mempool.header;

import io.jdpdk.eal.raw.Memory;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.function.IntUnaryOperator;

import static io.jdpdk.mempool.header.PacketParser.MALFORMED;
import static io.jdpdk.mempool.header.PacketParser.OK;
import static io.jdpdk.mempool.header.PacketParser.TRUNCATED;
import static io.jdpdk.mempool.header.Packets.ALL_FRAMES;
import static io.jdpdk.mempool.header.Packets.prefix;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every prefix of every known frame, and every value of every length field, through the parser and all views.
 * Each buffer is a heap segment of exactly the bytes under test, so a read past the bound throws instead of
 * passing silently.
 */
class TruncationTest
{
    /** An expectation of "any result, as long as the invariants hold". */
    private static final int ANY = -1;

    private final HeaderExerciser exerciser = new HeaderExerciser();
    private final PacketParser full = new PacketParser();
    private final EthernetView ethernet = new EthernetView();
    private final ArpView arp = new ArpView();
    private final Ipv4View ipv4 = new Ipv4View();
    private final Ipv6View ipv6 = new Ipv6View();
    private final UdpView udp = new UdpView();
    private final TcpView tcp = new TcpView();
    private final IcmpView icmp = new IcmpView();
    private final Icmpv6View icmpv6 = new Icmpv6View();

    @Test
    void shouldReportEveryPrefixShorterThanThePacketAsTruncatedAndNeverReadPastIt()
    {
        for (final byte[] frame : ALL_FRAMES)
        {
            final int end = declaredEnd(frame);
            for (int length = 0; length <= frame.length; length++)
            {
                exerciser.exercise(prefix(frame, length), 0, length);

                assertEquals(length < end ? TRUNCATED : OK, exerciser.parser().result(),
                    "prefix of " + length + " of a " + frame.length + "-byte frame ending at " + end);
            }
        }
    }

    @Test
    void shouldWrapEachViewExactlyWhenTheBytesItsHeaderDeclaresArePresent()
    {
        for (final byte[] frame : ALL_FRAMES)
        {
            parseWhole(frame);
            final int l3 = full.l3Offset();
            final int l4 = full.l4Offset();
            for (int length = 0; length <= frame.length; length++)
            {
                final MemorySegment segment = prefix(frame, length);
                final String where = "prefix " + length;
                assertEquals(length >= 14, ethernet.wrap(segment, 0, length), where);
                switch (full.l3Type())
                {
                    case PacketParser.L3_IPV4 -> assertEquals(length >= l3 + full.ipv4().totalLength(),
                        ipv4.wrap(segment, l3, length - l3), where);
                    case PacketParser.L3_IPV6 -> assertEquals(length >= l3 + 40 + full.ipv6().payloadLength(),
                        ipv6.wrap(segment, l3, length - l3), where);
                    case PacketParser.L3_ARP -> assertEquals(length >= l3 + 28, arp.wrap(segment, l3, length - l3),
                        where);
                    default -> throw new AssertionError("frame without L3");
                }
                if (l4 == -1)
                {
                    continue;
                }
                switch (full.l4Protocol())
                {
                    case IpProtocol.UDP -> assertEquals(length >= l4 + full.udp().length(),
                        udp.wrap(segment, l4, length - l4), where);
                    case IpProtocol.TCP -> assertEquals(length >= l4 + full.tcp().headerLength(),
                        tcp.wrap(segment, l4, length - l4), where);
                    case IpProtocol.ICMP -> assertEquals(length >= l4 + 8, icmp.wrap(segment, l4, length - l4), where);
                    case IpProtocol.ICMPV6 -> assertEquals(length >= l4 + 8, icmpv6.wrap(segment, l4, length - l4),
                        where);
                    default -> throw new AssertionError("unexpected L4 " + full.l4Protocol());
                }
            }
        }
    }

    @Test
    void shouldNeverThrowNorAcceptALyingValueOfAnyLengthField()
    {
        for (final byte[] frame : ALL_FRAMES)
        {
            parseWhole(frame);
            final int l3 = full.l3Offset();
            final int l4 = full.l4Offset();
            final int l3Available = frame.length - l3;
            final int l4Length = full.l4Length();
            if (full.l3Type() == PacketParser.L3_IPV4)
            {
                final int headerLength = full.l3HeaderLength();
                sweep(frame, l3, 0x0F, ihl -> ihl < 5 ? MALFORMED : ihl * 4 > l3Available ? TRUNCATED : ANY);
                sweep(frame, l3 + 2, 0xFFFF,
                    total -> total < headerLength ? MALFORMED : total > l3Available ? TRUNCATED : ANY);
            }
            if (full.l3Type() == PacketParser.L3_IPV6)
            {
                final int payloadEnd = 40 + full.ipv6().payloadLength();
                sweep(frame, l3 + 4, 0xFFFF, payload -> payload > l3Available - 40 ? TRUNCATED : ANY);
                for (int ext = l3 + 40; ext < l4; )
                {
                    final int headerStart = ext - l3;
                    final int type = ext == l3 + 40 ? frame[l3 + 6] & 0xFF : nextHeaderBefore(frame, l3, ext);
                    if (type != IpProtocol.IPV6_FRAGMENT)
                    {
                        sweep(frame, ext + 1, 0xFF,
                            len -> headerStart + (len + 1) * 8 > payloadEnd ? MALFORMED : ANY);
                    }
                    ext += type == IpProtocol.IPV6_FRAGMENT ? 8 : ((frame[ext + 1] & 0xFF) + 1) * 8;
                }
            }
            if (full.l4Protocol() == IpProtocol.UDP && l4 != -1)
            {
                sweep(frame, l4 + 4, 0xFFFF, length -> length < 8 || length > l4Length ? MALFORMED : OK);
            }
            if (full.l4Protocol() == IpProtocol.TCP)
            {
                sweep(frame, l4 + 12, 0xF0, offset -> offset < 5 || offset * 4 > l4Length ? MALFORMED : OK);
            }
        }
    }

    @Test
    void shouldGiveTheSameAnswersOverExactlySizedNativeMemoryAsOverTheHeap()
    {
        for (final byte[] frame : ALL_FRAMES)
        {
            for (int length = 0; length <= frame.length; length++)
            {
                final long heap = exerciser.exercise(prefix(frame, length), 0, length);
                try (Arena arena = Arena.ofConfined())
                {
                    final MemorySegment native_ = arena.allocate(Math.max(1, length), 1);
                    MemorySegment.copy(frame, 0, native_, ValueLayout.JAVA_BYTE, 0, length);

                    assertEquals(heap, exerciser.exercise(Memory.ALL, native_.address(), length));
                }
            }
        }
    }

    /** Where the packet ends by its own headers: the IP packet, or the ARP body; Ethernet padding follows. */
    private int declaredEnd(final byte[] frame)
    {
        parseWhole(frame);
        return switch (full.l3Type())
        {
            case PacketParser.L3_IPV4 -> full.l3Offset() + full.ipv4().totalLength();
            case PacketParser.L3_IPV6 -> full.l3Offset() + 40 + full.ipv6().payloadLength();
            default -> full.l3Offset() + full.l3HeaderLength();
        };
    }

    private void parseWhole(final byte[] frame)
    {
        assertEquals(OK, full.parse(MemorySegment.ofArray(frame.clone()), 0, frame.length));
    }

    /**
     * Writes every value of the field under {@code mask} (0xFF or 0xFFFF at {@code offset}, or a nibble: 0x0F the
     * low one, 0xF0 the high one) into a copy of the frame and parses it under the exerciser's invariants; where
     * {@code expected} names a result for the value, the parse must give it.
     */
    private void sweep(final byte[] frame, final int offset, final int mask, final IntUnaryOperator expected)
    {
        for (int value = 0; value <= (mask == 0xF0 ? 0x0F : mask); value++)
        {
            final byte[] lying = frame.clone();
            switch (mask)
            {
                case 0xFFFF -> Packets.put16(lying, offset, value);
                case 0xFF -> lying[offset] = (byte)value;
                case 0x0F -> lying[offset] = (byte)((frame[offset] & 0xF0) | value);
                case 0xF0 -> lying[offset] = (byte)((value << 4) | (frame[offset] & 0x0F));
                default -> throw new IllegalArgumentException("mask " + mask);
            }
            exerciser.exercise(MemorySegment.ofArray(lying), 0, lying.length);

            final int want = expected.applyAsInt(value);
            if (want != ANY)
            {
                assertEquals(want, exerciser.parser().result(), "value " + value + " at offset " + offset);
            }
            if (Arrays.equals(lying, frame))
            {
                assertEquals(OK, exerciser.parser().result(), "the original value " + value + " at " + offset);
            }
        }
    }

    /** The next-header byte of the IPv6 extension header that precedes the one at {@code ext}. */
    private static int nextHeaderBefore(final byte[] frame, final int l3, final int ext)
    {
        int at = l3 + 40;
        int type = frame[l3 + 6] & 0xFF;
        while (true)
        {
            final int length = type == IpProtocol.IPV6_FRAGMENT ? 8 : ((frame[at + 1] & 0xFF) + 1) * 8;
            type = frame[at] & 0xFF;
            if (at + length == ext)
            {
                return type;
            }
            at += length;
        }
    }
}
