package io.jdpdk.mempool.header;

/**
 * Field offsets and header lengths of every protocol the header views read, in bytes from the first
 * byte of the protocol's own header. The views and {@link PacketParser} take their offsets from here
 * only, so one table answers "where is the field" for all of them.
 */
public final class HeaderOffsets
{
    // ---- Ethernet II ----------------------------------------------------------------------------
    public static final int ETH_DESTINATION = 0;
    public static final int ETH_SOURCE = 6;
    public static final int ETH_TYPE = 12;
    public static final int ETH_HEADER_LENGTH = 14;
    /** Bytes of a MAC address. */
    public static final int MAC_LENGTH = 6;

    // ---- 802.1Q / 802.1ad tag, after the TPID that sits in the EtherType position -----------------
    public static final int VLAN_TCI = 0;
    public static final int VLAN_TYPE = 2;
    public static final int VLAN_TAG_LENGTH = 4;

    // ---- ARP for Ethernet and IPv4 (RFC 826) ------------------------------------------------------
    public static final int ARP_HARDWARE_TYPE = 0;
    public static final int ARP_PROTOCOL_TYPE = 2;
    public static final int ARP_HARDWARE_LENGTH = 4;
    public static final int ARP_PROTOCOL_LENGTH = 5;
    public static final int ARP_OPERATION = 6;
    public static final int ARP_SENDER_HARDWARE_ADDRESS = 8;
    public static final int ARP_SENDER_PROTOCOL_ADDRESS = 14;
    public static final int ARP_TARGET_HARDWARE_ADDRESS = 18;
    public static final int ARP_TARGET_PROTOCOL_ADDRESS = 24;
    /** The fixed part (hardware type to operation) every ARP packet has. */
    public static final int ARP_FIXED_LENGTH = 8;
    public static final int ARP_ETHERNET_IPV4_LENGTH = 28;

    // ---- IPv4 (RFC 791) ---------------------------------------------------------------------------
    public static final int IPV4_VERSION_IHL = 0;
    public static final int IPV4_TOS = 1;
    public static final int IPV4_TOTAL_LENGTH = 2;
    public static final int IPV4_IDENTIFICATION = 4;
    public static final int IPV4_FLAGS_FRAGMENT_OFFSET = 6;
    public static final int IPV4_TTL = 8;
    public static final int IPV4_PROTOCOL = 9;
    public static final int IPV4_CHECKSUM = 10;
    public static final int IPV4_SOURCE = 12;
    public static final int IPV4_DESTINATION = 16;
    public static final int IPV4_OPTIONS = 20;
    public static final int IPV4_MIN_HEADER_LENGTH = 20;
    public static final int IPV4_MAX_HEADER_LENGTH = 60;

    // ---- IPv6 (RFC 8200) --------------------------------------------------------------------------
    public static final int IPV6_VERSION_CLASS_FLOW = 0;
    public static final int IPV6_PAYLOAD_LENGTH = 4;
    public static final int IPV6_NEXT_HEADER = 6;
    public static final int IPV6_HOP_LIMIT = 7;
    public static final int IPV6_SOURCE = 8;
    public static final int IPV6_DESTINATION = 24;
    public static final int IPV6_HEADER_LENGTH = 40;
    public static final int IPV6_ADDRESS_LENGTH = 16;
    /** Next header and length bytes that start hop-by-hop, routing, destination options and AH headers. */
    public static final int IPV6_EXT_NEXT_HEADER = 0;
    public static final int IPV6_EXT_LENGTH = 1;
    /** Smallest extension header; hop-by-hop, routing and destination options are multiples of it. */
    public static final int IPV6_EXT_MIN_LENGTH = 8;
    public static final int IPV6_FRAGMENT_OFFSET_FLAGS = 2;
    public static final int IPV6_FRAGMENT_IDENTIFICATION = 4;
    public static final int IPV6_FRAGMENT_HEADER_LENGTH = 8;

    // ---- UDP (RFC 768) ----------------------------------------------------------------------------
    public static final int UDP_SOURCE_PORT = 0;
    public static final int UDP_DESTINATION_PORT = 2;
    public static final int UDP_LENGTH = 4;
    public static final int UDP_CHECKSUM = 6;
    public static final int UDP_HEADER_LENGTH = 8;

    // ---- TCP (RFC 9293) ---------------------------------------------------------------------------
    public static final int TCP_SOURCE_PORT = 0;
    public static final int TCP_DESTINATION_PORT = 2;
    public static final int TCP_SEQUENCE_NUMBER = 4;
    public static final int TCP_ACKNOWLEDGMENT_NUMBER = 8;
    public static final int TCP_DATA_OFFSET = 12;
    public static final int TCP_FLAGS = 13;
    public static final int TCP_WINDOW = 14;
    public static final int TCP_CHECKSUM = 16;
    public static final int TCP_URGENT_POINTER = 18;
    public static final int TCP_OPTIONS = 20;
    public static final int TCP_MIN_HEADER_LENGTH = 20;
    public static final int TCP_MAX_HEADER_LENGTH = 60;

    // ---- ICMP (RFC 792) and ICMPv6 (RFC 4443) -----------------------------------------------------
    public static final int ICMP_TYPE = 0;
    public static final int ICMP_CODE = 1;
    public static final int ICMP_CHECKSUM = 2;
    /** Identifier of an echo request or reply; the first half of the rest-of-header word. */
    public static final int ICMP_IDENTIFIER = 4;
    /** Sequence number of an echo request or reply; the second half of the rest-of-header word. */
    public static final int ICMP_SEQUENCE_NUMBER = 6;
    /** Type, code, checksum and the 32-bit rest-of-header word every ICMP and ICMPv6 message has. */
    public static final int ICMP_HEADER_LENGTH = 8;

    private HeaderOffsets()
    {
    }
}
