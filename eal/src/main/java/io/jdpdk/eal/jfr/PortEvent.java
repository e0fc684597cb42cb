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
    @Label("Port")
    public int port;

    @Label("RX Packets per Second")
    @Frequency
    public long rxPps;

    @Label("TX Packets per Second")
    @Frequency
    public long txPps;

    @Label("RX Bits per Second")
    @DataAmount(DataAmount.BITS)
    @Frequency
    public long rxBps;

    @Label("TX Bits per Second")
    @DataAmount(DataAmount.BITS)
    @Frequency
    public long txBps;

    @Label("RX Missed")
    @Description("Packets dropped on receive, RX queues full (imissed), during the period")
    public long rxMissed;

    @Label("RX Errors")
    public long rxErrors;

    @Label("TX Errors")
    public long txErrors;

    @Label("RX No Mbuf")
    @Description("Receive mbuf allocation failures during the period")
    public long rxNombuf;
}
