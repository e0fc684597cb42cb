package io.jdpdk.apps.l3fwd;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

import static io.jdpdk.mempool.header.HeaderOffsets.ETH_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV4_MIN_HEADER_LENGTH;
import static io.jdpdk.mempool.header.HeaderOffsets.IPV6_HEADER_LENGTH;

/**
 * Where l3fwd's flow lookups ({@link ExactMatch}, {@link Acl}) read a frame: the layouts of its big-endian fields, and
 * how many bytes a frame needs for the ports that follow a 20-byte IPv4 or a 40-byte IPv6 header (l3fwd reads them
 * there whatever the header's options or extensions).
 */
final class FlowFields
{
    /** A big-endian 32-bit field at any alignment. */
    static final ValueLayout.OfInt INT_BIG_ENDIAN = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    /** A big-endian 64-bit field at any alignment. */
    static final ValueLayout.OfLong LONG_BIG_ENDIAN = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    /** Frame bytes an IPv4 flow needs: Ethernet, the 20-byte header, the two L4 ports. */
    static final int IPV4_FLOW_FRAME = ETH_HEADER_LENGTH + IPV4_MIN_HEADER_LENGTH + 4;

    /** Frame bytes an IPv6 flow needs: Ethernet, the 40-byte header, the two L4 ports. */
    static final int IPV6_FLOW_FRAME = ETH_HEADER_LENGTH + IPV6_HEADER_LENGTH + 4;

    private FlowFields()
    {
    }
}
