package io.jdpdk.pmd;

/**
 * A port's link flow control, IEEE 802.3x pause frames ({@code struct rte_eth_fc_conf}): whether it sends pause
 * frames when its RX ring fills and honours those its peer sends, with the thresholds and pause quota the NIC
 * uses. Read with {@link Port#flowControl()}, set with {@link Port#flowControl(FlowControl)}.
 *
 * @param highWater       the RX threshold that sends XOFF ({@code high_water})
 * @param lowWater        the RX threshold that sends XON ({@code low_water})
 * @param pauseTime       the pause quota in the pause frames sent ({@code pause_time})
 * @param sendXon         whether XON frames are sent: 0 or 1 (ethdev refuses another value)
 * @param mode            {@link #NONE}, {@link #RX_PAUSE}, {@link #TX_PAUSE} or {@link #FULL}
 * @param macCtrlFrameFwd whether MAC control frames are forwarded to the host
 * @param autoneg         whether pause is autonegotiated
 */
public record FlowControl(long highWater, long lowWater, int pauseTime, int sendXon, int mode, boolean macCtrlFrameFwd,
    boolean autoneg)
{
    /** {@code RTE_ETH_FC_NONE}: no pause frames either way. */
    public static final int NONE = 0;
    /** {@code RTE_ETH_FC_RX_PAUSE}: the port honours the pause frames it receives. */
    public static final int RX_PAUSE = 1;
    /** {@code RTE_ETH_FC_TX_PAUSE}: the port sends pause frames. */
    public static final int TX_PAUSE = 2;
    /** {@code RTE_ETH_FC_FULL}: both. */
    public static final int FULL = 3;

    /**
     * This flow control with another mode.
     *
     * @param newMode one of the modes
     * @return the copy
     */
    public FlowControl withMode(final int newMode)
    {
        return new FlowControl(highWater, lowWater, pauseTime, sendXon, newMode, macCtrlFrameFwd, autoneg);
    }
}
