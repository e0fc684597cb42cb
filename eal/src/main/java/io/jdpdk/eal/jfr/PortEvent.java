package io.jdpdk.eal.jfr;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Frequency;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/** One port's rates and drops over the last period, from the port counters ({@code rte_eth_stats}). */
@Name("io.jdpdk.Port")
@Label("jdpdk Port")
@Category({ "jdpdk", "Ports" })
@Description("Per started port, each period: packet and bit rates, drops and errors")
@Period("1 s")
@StackTrace(false)
public final class PortEvent extends Event
{
    /** An event for one port, filled and committed by the periodic JFR hook. */
    public PortEvent()
    {
    }

    /** The DPDK port id. */
    @Label("Port")
    public int port;

    /** Packets received per second over the period; 0 in the first period. */
    @Label("RX Packets per Second")
    @Frequency
    public long rxPps;

    /** Packets sent per second over the period; 0 in the first period. */
    @Label("TX Packets per Second")
    @Frequency
    public long txPps;

    /** Bits received per second over the period ({@code ibytes} times 8); 0 in the first period. */
    @Label("RX Bits per Second")
    @DataAmount(DataAmount.BITS)
    @Frequency
    public long rxBps;

    /** Bits sent per second over the period ({@code obytes} times 8); 0 in the first period. */
    @Label("TX Bits per Second")
    @DataAmount(DataAmount.BITS)
    @Frequency
    public long txBps;

    /** Packets dropped on receive, RX queues full ({@code imissed}), during the period. */
    @Label("RX Missed")
    @Description("Packets dropped on receive, RX queues full (imissed), during the period")
    public long rxMissed;

    /** Receive errors ({@code ierrors}) during the period. */
    @Label("RX Errors")
    public long rxErrors;

    /** Transmit errors ({@code oerrors}) during the period. */
    @Label("TX Errors")
    public long txErrors;

    /** Receive mbuf allocation failures ({@code rx_nombuf}) during the period. */
    @Label("RX No Mbuf")
    @Description("Receive mbuf allocation failures during the period")
    public long rxNombuf;
}
