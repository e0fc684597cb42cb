package io.jdpdk.mempool.header;

/**
 * Field offsets and header lengths of every protocol the header views read, in bytes from the first
 * byte of the protocol's own header. The views and {@link PacketParser} take their offsets from here
 * only, so one table answers "where is the field" for all of them.
 */
public final class HeaderOffsets
{
    // ---- Ethernet II ----------------------------------------------------------------------------
    /** Offset of the Ethernet destination MAC address (6 bytes), in bytes from the start of the header. */
    public static final int ETH_DESTINATION = 0;
    /** Offset of the Ethernet source MAC address (6 bytes), in bytes from the start of the header. */
    public static final int ETH_SOURCE = 6;
    /** Offset of the EtherType (or VLAN TPID) field (2 bytes), in bytes from the start of the header. */
    public static final int ETH_TYPE = 12;
    /** Length of an untagged Ethernet II header, in bytes. */
    public static final int ETH_HEADER_LENGTH = 14;
    /** Bytes of a MAC address. */
    public static final int MAC_LENGTH = 6;

    // ---- 802.1Q / 802.1ad tag, after the TPID that sits in the EtherType position -----------------
    /** Offset of the VLAN Tag Control Information (PCP, DEI, VID: 2 bytes), in bytes from the start of the tag. */
    public static final int VLAN_TCI = 0;
    /** Offset of the encapsulated EtherType (2 bytes), in bytes from the start of the tag. */
    public static final int VLAN_TYPE = 2;
    /** Length of the tag after the TPID (TCI and EtherType), in bytes. */
    public static final int VLAN_TAG_LENGTH = 4;

    // ---- ARP for Ethernet and IPv4 (RFC 826) ------------------------------------------------------
    /** Offset of the ARP Hardware Type (HTYPE, 2 bytes), in bytes from the start of the header. */
    public static final int ARP_HARDWARE_TYPE = 0;
    /** Offset of the ARP Protocol Type (PTYPE, 2 bytes), in bytes from the start of the header. */
    public static final int ARP_PROTOCOL_TYPE = 2;
    /** Offset of the ARP Hardware Address Length (HLEN, 1 byte), in bytes from the start of the header. */
    public static final int ARP_HARDWARE_LENGTH = 4;
    /** Offset of the ARP Protocol Address Length (PLEN, 1 byte), in bytes from the start of the header. */
    public static final int ARP_PROTOCOL_LENGTH = 5;
    /** Offset of the ARP Operation (OPER, 2 bytes), in bytes from the start of the header. */
    public static final int ARP_OPERATION = 6;
    /** Offset of the ARP Sender Hardware Address (SHA, 6 bytes for Ethernet), in bytes from the start of the header. */
    public static final int ARP_SENDER_HARDWARE_ADDRESS = 8;
    /** Offset of the ARP Sender Protocol Address (SPA, 4 bytes for IPv4), in bytes from the start of the header. */
    public static final int ARP_SENDER_PROTOCOL_ADDRESS = 14;
    /** Offset of the ARP Target Hardware Address (THA, 6 bytes for Ethernet), in bytes from the start of the header. */
    public static final int ARP_TARGET_HARDWARE_ADDRESS = 18;
    /** Offset of the ARP Target Protocol Address (TPA, 4 bytes for IPv4), in bytes from the start of the header. */
    public static final int ARP_TARGET_PROTOCOL_ADDRESS = 24;
    /** The fixed part (hardware type to operation) every ARP packet has. */
    public static final int ARP_FIXED_LENGTH = 8;
    /** Length of an ARP packet for Ethernet and IPv4 (HLEN 6, PLEN 4), in bytes. */
    public static final int ARP_ETHERNET_IPV4_LENGTH = 28;

    // ---- IPv4 (RFC 791) ---------------------------------------------------------------------------
    /** Offset of the IPv4 Version (high 4 bits) and IHL (low 4 bits) byte, in bytes from the start of the header. */
    public static final int IPV4_VERSION_IHL = 0;
    /** Offset of the IPv4 Type of Service byte (DSCP and ECN), in bytes from the start of the header. */
    public static final int IPV4_TOS = 1;
    /** Offset of the IPv4 Total Length field (2 bytes), in bytes from the start of the header. */
    public static final int IPV4_TOTAL_LENGTH = 2;
    /** Offset of the IPv4 Identification field (2 bytes), in bytes from the start of the header. */
    public static final int IPV4_IDENTIFICATION = 4;
    /** Offset of the IPv4 Flags (3 bits) and Fragment Offset (13 bits) word, in bytes from the start of the header. */
    public static final int IPV4_FLAGS_FRAGMENT_OFFSET = 6;
    /** Offset of the IPv4 Time to Live byte, in bytes from the start of the header. */
    public static final int IPV4_TTL = 8;
    /** Offset of the IPv4 Protocol byte, in bytes from the start of the header. */
    public static final int IPV4_PROTOCOL = 9;
    /** Offset of the IPv4 Header Checksum (2 bytes), in bytes from the start of the header. */
    public static final int IPV4_CHECKSUM = 10;
    /** Offset of the IPv4 Source Address (4 bytes), in bytes from the start of the header. */
    public static final int IPV4_SOURCE = 12;
    /** Offset of the IPv4 Destination Address (4 bytes), in bytes from the start of the header. */
    public static final int IPV4_DESTINATION = 16;
    /** Offset of the first IPv4 option byte (present when IHL is above 5), in bytes from the start of the header. */
    public static final int IPV4_OPTIONS = 20;
    /** Length of an IPv4 header without options (IHL 5), in bytes. */
    public static final int IPV4_MIN_HEADER_LENGTH = 20;
    /** Length of the longest IPv4 header (IHL 15), in bytes. */
    public static final int IPV4_MAX_HEADER_LENGTH = 60;

    // ---- IPv6 (RFC 8200) --------------------------------------------------------------------------
    /** Offset of the IPv6 Version (4 bits), Traffic Class (8) and Flow Label (20) word: 0, the header's start. */
    public static final int IPV6_VERSION_CLASS_FLOW = 0;
    /** Offset of the IPv6 Payload Length (2 bytes), in bytes from the start of the header. */
    public static final int IPV6_PAYLOAD_LENGTH = 4;
    /** Offset of the IPv6 Next Header byte, in bytes from the start of the header. */
    public static final int IPV6_NEXT_HEADER = 6;
    /** Offset of the IPv6 Hop Limit byte, in bytes from the start of the header. */
    public static final int IPV6_HOP_LIMIT = 7;
    /** Offset of the IPv6 Source Address (16 bytes), in bytes from the start of the header. */
    public static final int IPV6_SOURCE = 8;
    /** Offset of the IPv6 Destination Address (16 bytes), in bytes from the start of the header. */
    public static final int IPV6_DESTINATION = 24;
    /** Length of the fixed IPv6 header, extension headers excluded, in bytes. */
    public static final int IPV6_HEADER_LENGTH = 40;
    /** Bytes of an IPv6 address. */
    public static final int IPV6_ADDRESS_LENGTH = 16;
    /** Offset of the Next Header byte that starts hop-by-hop, routing, fragment, destination options and AH headers. */
    public static final int IPV6_EXT_NEXT_HEADER = 0;
    /** Offset of the Hdr Ext Len byte: 8-byte units beyond the first 8 (AH: 4-byte units minus 2). */
    public static final int IPV6_EXT_LENGTH = 1;
    /** Smallest extension header; hop-by-hop, routing and destination options are multiples of it. */
    public static final int IPV6_EXT_MIN_LENGTH = 8;
    /** Offset of the Fragment Offset (13 bits) and M flag word in an IPv6 Fragment header, from its start. */
    public static final int IPV6_FRAGMENT_OFFSET_FLAGS = 2;
    /** Offset of the Identification field (4 bytes) in an IPv6 Fragment header, from its start. */
    public static final int IPV6_FRAGMENT_IDENTIFICATION = 4;
    /** Length of an IPv6 Fragment header, in bytes (fixed: its length byte is reserved). */
    public static final int IPV6_FRAGMENT_HEADER_LENGTH = 8;

    // ---- UDP (RFC 768) ----------------------------------------------------------------------------
    /** Offset of the UDP Source Port (2 bytes), in bytes from the start of the header. */
    public static final int UDP_SOURCE_PORT = 0;
    /** Offset of the UDP Destination Port (2 bytes), in bytes from the start of the header. */
    public static final int UDP_DESTINATION_PORT = 2;
    /** Offset of the UDP Length field (header plus data, 2 bytes), in bytes from the start of the header. */
    public static final int UDP_LENGTH = 4;
    /** Offset of the UDP Checksum (2 bytes), in bytes from the start of the header. */
    public static final int UDP_CHECKSUM = 6;
    /** Length of the UDP header, in bytes. */
    public static final int UDP_HEADER_LENGTH = 8;

    // ---- TCP (RFC 9293) ---------------------------------------------------------------------------
    /** Offset of the TCP Source Port (2 bytes), in bytes from the start of the header. */
    public static final int TCP_SOURCE_PORT = 0;
    /** Offset of the TCP Destination Port (2 bytes), in bytes from the start of the header. */
    public static final int TCP_DESTINATION_PORT = 2;
    /** Offset of the TCP Sequence Number (4 bytes), in bytes from the start of the header. */
    public static final int TCP_SEQUENCE_NUMBER = 4;
    /** Offset of the TCP Acknowledgment Number (4 bytes), in bytes from the start of the header. */
    public static final int TCP_ACKNOWLEDGMENT_NUMBER = 8;
    /** Offset of the TCP Data Offset byte (high 4 bits; low 4 reserved), in bytes from the start of the header. */
    public static final int TCP_DATA_OFFSET = 12;
    /** Offset of the TCP control bits byte (CWR ... FIN), in bytes from the start of the header. */
    public static final int TCP_FLAGS = 13;
    /** Offset of the TCP Window (2 bytes), in bytes from the start of the header. */
    public static final int TCP_WINDOW = 14;
    /** Offset of the TCP Checksum (2 bytes), in bytes from the start of the header. */
    public static final int TCP_CHECKSUM = 16;
    /** Offset of the TCP Urgent Pointer (2 bytes), in bytes from the start of the header. */
    public static final int TCP_URGENT_POINTER = 18;
    /** Offset of the first TCP option byte (present when Data Offset is above 5), from the start of the header. */
    public static final int TCP_OPTIONS = 20;
    /** Length of a TCP header without options (Data Offset 5), in bytes. */
    public static final int TCP_MIN_HEADER_LENGTH = 20;
    /** Length of the longest TCP header (Data Offset 15), in bytes. */
    public static final int TCP_MAX_HEADER_LENGTH = 60;

    // ---- ICMP (RFC 792) and ICMPv6 (RFC 4443) -----------------------------------------------------
    /** Offset of the ICMP / ICMPv6 Type byte, in bytes from the start of the header. */
    public static final int ICMP_TYPE = 0;
    /** Offset of the ICMP / ICMPv6 Code byte, in bytes from the start of the header. */
    public static final int ICMP_CODE = 1;
    /** Offset of the ICMP / ICMPv6 Checksum (2 bytes), in bytes from the start of the header. */
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
