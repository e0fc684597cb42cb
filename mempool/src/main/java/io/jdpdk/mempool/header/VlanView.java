package io.jdpdk.mempool.header;

import java.lang.foreign.MemorySegment;

import static io.jdpdk.mempool.header.HeaderOffsets.VLAN_TAG_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.VLAN_TCI;
import static io.jdpdk.mempool.header.HeaderOffsets.VLAN_TYPE;

/**
 * A re-pointable view of the 4 bytes of an 802.1Q (TPID 0x8100) or 802.1ad (TPID 0x88A8, the outer tag of QinQ)
 * VLAN tag that follow the TPID, laid out as DPDK's {@code struct rte_vlan_hdr}: the tag control information and
 * the EtherType of what comes next (IPv4, IPv6, ARP or the TPID of an inner tag).
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  | PCP |D|        VLAN ID        |      Inner EtherType/TPID     |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *   \______ TCI (PCP, DEI, VID) __/
 * </pre>
 * The view never reads or writes outside the bounds given to wrap; see {@link HeaderView}.
 */
public final class VlanView extends HeaderView
{
    /** An unbound view; {@code wrap} it around a header before reading or writing. */
    public VlanView()
    {
    }

    /** Largest VLAN ID; 0 means "priority tag only" and 4095 is reserved. */
    public static final int MAX_VLAN_ID = 0xFFF;

    /** @return false, leaving the view invalid, when fewer than 4 bytes are available */
    @Override
    public boolean wrap(final MemorySegment segment, final long base, final int length)
    {
        return bind(segment, base, length, VLAN_TAG_LENGTH);
    }

    /**
     * Reads the Tag Control Information (2 bytes at offset 0, big-endian): PCP (3 bits), DEI (1 bit), VLAN ID
     * (12 bits).
     *
     * @return 0 to 65535
     */
    public int tci()
    {
        return u16(VLAN_TCI);
    }

    /**
     * Writes the Tag Control Information (2 bytes at offset 0, big-endian).
     *
     * @param tci PCP, DEI and VLAN ID; the low 16 bits are written
     * @return this
     */
    public VlanView tci(final int tci)
    {
        put16(VLAN_TCI, tci);
        return this;
    }

    /**
     * Reads the VLAN ID: the low 12 bits of the TCI.
     *
     * @return 0 to {@value #MAX_VLAN_ID}
     */
    public int vlanId()
    {
        return tci() & MAX_VLAN_ID;
    }

    /**
     * Writes the VLAN ID, keeping PCP and DEI.
     *
     * @param vlanId the low 12 bits are written
     * @return this
     */
    public VlanView vlanId(final int vlanId)
    {
        return tci((tci() & ~MAX_VLAN_ID) | (vlanId & MAX_VLAN_ID));
    }

    /**
     * Reads the Priority Code Point (802.1p class of service): the top 3 bits of the TCI.
     *
     * @return 0 to 7
     */
    public int pcp()
    {
        return tci() >>> 13;
    }

    /**
     * Writes the Priority Code Point, keeping DEI and VLAN ID.
     *
     * @param pcp the low 3 bits are written
     * @return this
     */
    public VlanView pcp(final int pcp)
    {
        return tci((tci() & 0x1FFF) | ((pcp & 0x7) << 13));
    }

    /**
     * Reads the Drop Eligible Indicator: bit 12 of the TCI.
     *
     * @return true when the frame may be dropped under congestion
     */
    public boolean dei()
    {
        return (tci() & 0x1000) != 0;
    }

    /**
     * Reads the EtherType of what follows the tag (2 bytes at offset 2, big-endian): the payload's, or the TPID of
     * an inner tag.
     *
     * @return 0 to 65535; see {@link EtherType}
     */
    public int etherType()
    {
        return u16(VLAN_TYPE);
    }

    /**
     * Writes the EtherType that follows the tag (2 bytes at offset 2, big-endian).
     *
     * @param etherType the low 16 bits are written
     * @return this
     */
    public VlanView etherType(final int etherType)
    {
        put16(VLAN_TYPE, etherType);
        return this;
    }
}
