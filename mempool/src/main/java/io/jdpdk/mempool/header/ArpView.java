package io.jdpdk.mempool.header;

import java.lang.foreign.MemorySegment;

import static io.jdpdk.mempool.header.HeaderOffsets.ARP_ETHERNET_IPV4_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.ARP_FIXED_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.ARP_HARDWARE_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.ARP_HARDWARE_TYPE;
import static io.jdpdk.mempool.header.HeaderOffsets.ARP_OPERATION;
import static io.jdpdk.mempool.header.HeaderOffsets.ARP_PROTOCOL_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.ARP_PROTOCOL_TYPE;
import static io.jdpdk.mempool.header.HeaderOffsets.ARP_SENDER_HARDWARE_ADDRESS;
import static io.jdpdk.mempool.header.HeaderOffsets.ARP_SENDER_PROTOCOL_ADDRESS;
import static io.jdpdk.mempool.header.HeaderOffsets.ARP_TARGET_HARDWARE_ADDRESS;
import static io.jdpdk.mempool.header.HeaderOffsets.ARP_TARGET_PROTOCOL_ADDRESS;
import static io.jdpdk.mempool.header.HeaderOffsets.MAC_LENGTH;

/**
 * A re-pointable view of an ARP packet for IPv4 over Ethernet (RFC 826), the only kind it accepts.
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |     Hardware type (1)         |     Protocol type (0x0800)    |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |  HW len (6)   | Proto len (4) |           Operation           |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                Sender hardware address (MAC)                  |
 *  +                               +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                               |  Sender protocol address ...  |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  | ... (IPv4)                    |  Target hardware address ...  |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+                               +
 *  |                          ... (MAC)                            |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                Target protocol address (IPv4)                 |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * </pre>
 * MAC addresses are the low 48 bits of a {@code long}, IPv4 addresses an {@code int} (first octet most
 * significant). The view never reads or writes outside the bounds given to wrap; see {@link HeaderView}.
 */
public final class ArpView extends HeaderView
{
    /** An unbound view; {@code wrap} it around a header before reading or writing. */
    public ArpView()
    {
    }

    /** Hardware type of Ethernet (HTYPE 1), the only one {@link #wrap} accepts. */
    public static final int HARDWARE_TYPE_ETHERNET = 1;
    /** Operation of an ARP request (OPER 1). */
    public static final int OPERATION_REQUEST = 1;
    /** Operation of an ARP reply (OPER 2). */
    public static final int OPERATION_REPLY = 2;

    /**
     * Points the view at the ARP packet at {@code base}.
     *
     * @return false, leaving the view invalid, when fewer than 28 bytes are available or the packet is not for
     * IPv4 over Ethernet (hardware type 1, protocol type 0x0800, address lengths 6 and 4)
     */
    @Override
    public boolean wrap(final MemorySegment segment, final long base, final int length)
    {
        if (!bind(segment, base, length, ARP_FIXED_LENGTH))
        {
            return false;
        }
        if (!isEthernetIpv4() || length < ARP_ETHERNET_IPV4_LENGTH)
        {
            return invalidate();
        }
        return true;
    }

    /** Whether the 8 fixed bytes say IPv4 over Ethernet; reads only them, so callers may check before wrapping. */
    boolean isEthernetIpv4()
    {
        return u16(ARP_HARDWARE_TYPE) == HARDWARE_TYPE_ETHERNET && u16(ARP_PROTOCOL_TYPE) == EtherType.IPV4 &&
            u8(ARP_HARDWARE_LENGTH) == MAC_LENGTH && u8(ARP_PROTOCOL_LENGTH) == 4;
    }

    /**
     * Reads the Hardware Type (HTYPE, 2 bytes at offset 0, big-endian).
     *
     * @return {@link #HARDWARE_TYPE_ETHERNET} on a valid view
     */
    public int hardwareType()
    {
        return u16(ARP_HARDWARE_TYPE);
    }

    /**
     * Reads the Protocol Type (PTYPE, 2 bytes at offset 2, big-endian).
     *
     * @return {@link EtherType#IPV4} on a valid view
     */
    public int protocolType()
    {
        return u16(ARP_PROTOCOL_TYPE);
    }

    /**
     * Reads the Hardware Address Length (HLEN, 1 byte at offset 4).
     *
     * @return 6 on a valid view
     */
    public int hardwareLength()
    {
        return u8(ARP_HARDWARE_LENGTH);
    }

    /**
     * Reads the Protocol Address Length (PLEN, 1 byte at offset 5).
     *
     * @return 4 on a valid view
     */
    public int protocolLength()
    {
        return u8(ARP_PROTOCOL_LENGTH);
    }

    /**
     * Reads the Operation (OPER, 2 bytes at offset 6, big-endian).
     *
     * @return {@link #OPERATION_REQUEST} or {@link #OPERATION_REPLY}, or another value the sender chose
     */
    public int operation()
    {
        return u16(ARP_OPERATION);
    }

    /**
     * Writes the Operation (OPER, 2 bytes at offset 6, big-endian), e.g. to turn a request into a reply.
     *
     * @param operation the low 16 bits are written
     * @return this
     */
    public ArpView operation(final int operation)
    {
        put16(ARP_OPERATION, operation);
        return this;
    }

    /**
     * Reads the Sender Hardware Address (SHA, 6 bytes at offset 8).
     *
     * @return the MAC in the low 48 bits, first octet most significant
     */
    public long senderHardwareAddress()
    {
        return u48(ARP_SENDER_HARDWARE_ADDRESS);
    }

    /**
     * Writes the Sender Hardware Address (SHA, 6 bytes at offset 8).
     *
     * @param mac the MAC in the low 48 bits, first octet most significant; the high 16 bits are ignored
     * @return this
     */
    public ArpView senderHardwareAddress(final long mac)
    {
        put48(ARP_SENDER_HARDWARE_ADDRESS, mac);
        return this;
    }

    /**
     * Reads the Sender Protocol Address (SPA, 4 bytes at offset 14, big-endian).
     *
     * @return the IPv4 address, first octet most significant
     */
    public int senderProtocolAddress()
    {
        return i32(ARP_SENDER_PROTOCOL_ADDRESS);
    }

    /**
     * Writes the Sender Protocol Address (SPA, 4 bytes at offset 14, big-endian).
     *
     * @param address the IPv4 address, first octet most significant
     * @return this
     */
    public ArpView senderProtocolAddress(final int address)
    {
        put32(ARP_SENDER_PROTOCOL_ADDRESS, address);
        return this;
    }

    /**
     * Reads the Target Hardware Address (THA, 6 bytes at offset 18); 0 in a request, as a rule.
     *
     * @return the MAC in the low 48 bits, first octet most significant
     */
    public long targetHardwareAddress()
    {
        return u48(ARP_TARGET_HARDWARE_ADDRESS);
    }

    /**
     * Writes the Target Hardware Address (THA, 6 bytes at offset 18).
     *
     * @param mac the MAC in the low 48 bits, first octet most significant; the high 16 bits are ignored
     * @return this
     */
    public ArpView targetHardwareAddress(final long mac)
    {
        put48(ARP_TARGET_HARDWARE_ADDRESS, mac);
        return this;
    }

    /**
     * Reads the Target Protocol Address (TPA, 4 bytes at offset 24, big-endian).
     *
     * @return the IPv4 address, first octet most significant
     */
    public int targetProtocolAddress()
    {
        return i32(ARP_TARGET_PROTOCOL_ADDRESS);
    }

    /**
     * Writes the Target Protocol Address (TPA, 4 bytes at offset 24, big-endian).
     *
     * @param address the IPv4 address, first octet most significant
     * @return this
     */
    public ArpView targetProtocolAddress(final int address)
    {
        put32(ARP_TARGET_PROTOCOL_ADDRESS, address);
        return this;
    }
}
