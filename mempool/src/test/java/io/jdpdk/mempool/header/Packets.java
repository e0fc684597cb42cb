package io.jdpdk.mempool.header;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * Known-good frames for the header tests. Each was built with Scapy 2.5 and checked with TShark 4.0 (every IP,
 * UDP, TCP, ICMP and ICMPv6 checksum reported "[correct]"), so the checksum fields are independent known values.
 */
final class Packets
{
    /** DNS query for example.com A, 10.0.2.15:53124 to 8.8.8.8:53, DF, TTL 64. IPv4 checksum 0x0250, UDP 0xfa2e. */
    static final byte[] DNS_QUERY_UDP_IPV4 = hex(
        "5254001235020800278a3b1c0800450000391c464000401102500a00020f08080808cf8400350025fa2e4a2f0100000100000000" +
        "0000076578616d706c6503636f6d0000010001");

    /** Linux-style TCP SYN with MSS, SACK-permitted, timestamps, NOP, window scale. IPv4 0x39e3, TCP 0x4759. */
    static final byte[] TCP_SYN_IPV4 = hex(
        "5254001235020800278a3b1c08004500003cbeef4000400639e30a00020f5db8d822c00000501234567800000000a002faf04759" +
        "0000020405b40402080aabcdef010000000001030307");

    /** ICMP echo request id 0x1234 seq 7 with a Router Alert option (IHL 6), TTL 1. IPv4 0xa06c, ICMP 0xa279. */
    static final byte[] ICMP_ECHO_IPV4_OPTIONS = hex(
        "5254001235020800278a3b1c080046000030010100000101a06cc0a8010ac0a80101940400000800a279123400076162636465666768" +
        "696a6b6c6d6e6f70");

    /** ICMPv6 echo request id 0x0bad seq 1 "ping" after a hop-by-hop header with Router Alert. ICMPv6 0x2c0f. */
    static final byte[] ICMPV6_ECHO_HOP_BY_HOP = hex(
        "3333000000010800278a3b1c86dd6000000000140001fe800000000000000a0027fffe8a3b1cff02000000000000000000000000" +
        "00013a0005020000010080002c0f0bad000170696e67");

    /** Broadcast ARP request: who has 10.0.2.2, tell 10.0.2.15; padded to 60 bytes. */
    static final byte[] ARP_REQUEST = hex(
        "ffffffffffff0800278a3b1c080600010800060400010800278a3b1c0a00020f0000000000000a000202000000000000000000000000" +
        "000000000000");

    /** QinQ: 802.1ad tag PCP 5 VID 100, 802.1Q tag VID 200, UDP 5000 to 6000 "hello, qinq". IPv4 0x239c, UDP 0x3dce. */
    static final byte[] QINQ_UDP_IPV4 = hex(
        "5254001235020800278a3b1c88a8a064810000c8080045000027000700003f11239cac100001ac1000021388177000133dce68656c" +
        "6c6f2c2071696e71");

    /**
     * TCP SYN-ACK over IPv6 (traffic class 0x20, flow label 0x12345) after destination options, routing (type 0,
     * segments left 0) and fragment (offset 0, M 0) headers. TCP 0x6bf2.
     */
    static final byte[] TCP_SYNACK_IPV6_EXTENSIONS = hex(
        "5254001235020800278a3b1c86dd6201234500403c4020010db800000000000000000000000120010db80000000000000000000000" +
        "022b000104000000002c0200000000000020010db8000000000000000000000003060000000000cafe01bbc350000003e8000007d0" +
        "6012ffff6bf20000020405a0");

    /** UDP over IPv6, 546 to 547, "dhcpv6!". UDP 0x4107. */
    static final byte[] UDP_IPV6 = hex(
        "5254001235020800278a3b1c86dd60000000000f11ff20010db800000000000000000000000120010db800000000000000000000" +
        "000202220223000f410764686370763621");

    /** Non-first IPv4 fragment (offset 185 * 8 = 1480) of a UDP datagram. IPv4 0x23d0. */
    static final byte[] IPV4_FRAGMENT_NON_FIRST = hex(
        "5254001235020800278a3b1c080045000020424200b9401123d00a0000010a0000020102030405060708090a0b0c");

    /** The IPv4 header of the Wikipedia "IPv4 header checksum" example; checksum 0xb861. */
    static final byte[] WIKIPEDIA_IPV4_HEADER = hex("450000730000400040110000c0a80001c0a800c7");

    /** Every frame above, for tests that go over all of them. */
    static final List<byte[]> ALL_FRAMES = List.of(DNS_QUERY_UDP_IPV4, TCP_SYN_IPV4, ICMP_ECHO_IPV4_OPTIONS,
        ICMPV6_ECHO_HOP_BY_HOP, ARP_REQUEST, QINQ_UDP_IPV4, TCP_SYNACK_IPV6_EXTENSIONS, UDP_IPV6,
        IPV4_FRAGMENT_NON_FIRST);

    private Packets()
    {
    }

    static byte[] hex(final String hex)
    {
        return HexFormat.of().parseHex(hex);
    }

    /** A heap segment over a copy of the first {@code length} bytes: reading past them throws. */
    static MemorySegment prefix(final byte[] frame, final int length)
    {
        return MemorySegment.ofArray(Arrays.copyOf(frame, length));
    }

    /** A heap segment over a copy of the frame. */
    static MemorySegment copy(final byte[] frame)
    {
        return MemorySegment.ofArray(frame.clone());
    }

    static int u16(final byte[] bytes, final int offset)
    {
        return ((bytes[offset] & 0xFF) << 8) | (bytes[offset + 1] & 0xFF);
    }

    static void put16(final byte[] bytes, final int offset, final int value)
    {
        bytes[offset] = (byte)(value >>> 8);
        bytes[offset + 1] = (byte)value;
    }
}
