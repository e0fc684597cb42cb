package io.jdpdk.apps.testpmd;

import io.jdpdk.pmd.PortConfig;

/**
 * The checksum offloads of testpmd's {@code csum set PROTO hw|sw N}, in {@code csum_show}'s order, each with its
 * {@code RTE_ETH_TX_OFFLOAD_*} bit and the words testpmd's messages use for it.
 */
enum CsumOffload
{
    IP("ip", PortConfig.TX_OFFLOAD_IPV4_CKSUM, "IP", "IP", "IP"),
    UDP("udp", PortConfig.TX_OFFLOAD_UDP_CKSUM, "UDP", "UDP", "UDP"),
    TCP("tcp", PortConfig.TX_OFFLOAD_TCP_CKSUM, "TCP", "TCP", "TCP"),
    SCTP("sctp", PortConfig.TX_OFFLOAD_SCTP_CKSUM, "SCTP", "SCTP", "SCTP"),
    OUTER_IP("outer-ip", PortConfig.TX_OFFLOAD_OUTER_IPV4_CKSUM, "Outer-Ip", "Outer IP", "outer IP"),
    OUTER_UDP("outer-udp", PortConfig.TX_OFFLOAD_OUTER_UDP_CKSUM, "Outer-Udp", "Outer UDP", "outer UDP");

    /** The command's token. */
    final String token;
    /** The TX offload bit. */
    final long bit;
    /** In {@code csum_show}: "IP checksum offload is hw". */
    final String shown;
    /** In {@code cmd_csum_parsed}'s refusal: "Outer IP checksum offload is not supported by port N". */
    final String unsupported;
    /** In {@code csum_show}'s warning: "Warning: hardware outer IP checksum enabled but not supported by port N". */
    final String warned;

    CsumOffload(final String token, final long bit, final String shown, final String unsupported,
        final String warned)
    {
        this.token = token;
        this.bit = bit;
        this.shown = shown;
        this.unsupported = unsupported;
        this.warned = warned;
    }

    /**
     * The offload a command token names.
     *
     * @param token e.g. "outer-udp"
     * @return the offload, or null for a token testpmd does not take
     */
    static CsumOffload of(final String token)
    {
        for (final CsumOffload offload : values())
        {
            if (offload.token.equals(token))
            {
                return offload;
            }
        }
        return null;
    }

    /**
     * {@code csum_show}'s lines for a port whose configured TX offloads are {@code offloads}; tunnels are never
     * parsed here.
     *
     * @param offloads the port's {@code dev_conf.txmode.offloads}
     * @return the lines, each ending in a newline
     */
    static String showText(final long offloads)
    {
        final StringBuilder sb = new StringBuilder("Parse tunnel is off\n");
        for (final CsumOffload offload : values())
        {
            sb.append(offload.shown).append(" checksum offload is ").append((offloads & offload.bit) != 0 ? "hw" : "sw")
                .append('\n');
        }
        return sb.toString();
    }
}
