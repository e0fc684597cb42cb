package io.jdpdk.eal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * A running lcore that completed no duty cycle during the period: its agent is stuck in one {@code doWork} (a
 * blocking call, an endless loop), or it runs a function that does not poll.
 */
@Name("io.jdpdk.LcoreStall")
@Label("jdpdk Lcore Stall")
@Category({ "jdpdk", "Lcores" })
@Description("A running worker lcore whose polls did not advance for a whole period")
@Period("1 s")
@StackTrace(false)
public final class LcoreStallEvent extends Event
{
    /** An event for one stalled lcore, filled and committed by the periodic JFR hook. */
    public LcoreStallEvent()
    {
    }

    /** The EAL lcore id. */
    @Label("Lcore")
    public int lcore;

    /** What the lcore does for the application, as {@code Lcore.role()}. */
    @Label("Role")
    public String role;

    /** Milliseconds since the lcore's poll counters last moved. */
    @Label("Stalled For")
    @Timespan(Timespan.MILLISECONDS)
    @Description("Time since the lcore's poll counters last moved")
    public long stalledFor;
}
