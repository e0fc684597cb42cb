package io.jdpdk.mempool.header;

/** EtherType values the views and {@link PacketParser} recognise (IEEE 802 numbers). */
public final class EtherType
{
    /** Internet Protocol version 4: an {@link Ipv4View} follows. */
    public static final int IPV4 = 0x0800;
    /** Address Resolution Protocol: an {@link ArpView} follows. */
    public static final int ARP = 0x0806;
    /** 802.1Q customer VLAN tag. */
    public static final int VLAN = 0x8100;
    /** Internet Protocol version 6: an {@link Ipv6View} follows. */
    public static final int IPV6 = 0x86DD;
    /** 802.1ad service VLAN tag (the outer tag of QinQ). */
    public static final int QINQ = 0x88A8;
    /** Values below this in the EtherType position are 802.3 lengths, not EtherTypes. */
    public static final int MIN_ETHER_TYPE = 0x0600;

    private EtherType()
    {
    }

    /**
     * Whether {@code etherType} is a VLAN tag protocol identifier (0x8100 or 0x88A8).
     *
     * @param etherType the 16-bit value in the EtherType position
     * @return true when a {@link VlanView} tag follows
     */
    public static boolean isVlan(final int etherType)
    {
        return etherType == VLAN || etherType == QINQ;
    }
}
