package io.jdpdk.eal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Percentage;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/** One worker lcore over the last period: what it did, and how much of its polling found work. */
@Name("io.jdpdk.Lcore")
@Label("jdpdk Lcore")
@Category({ "jdpdk", "Lcores" })
@Description("Per worker lcore, each period: role, state, busy and idle polls, errors")
@Period("1 s")
@StackTrace(false)
public final class LcoreEvent extends Event
{
    /** An event for one lcore, filled and committed by the periodic JFR hook. */
    public LcoreEvent()
    {
    }

    /** The EAL lcore id. */
    @Label("Lcore")
    public int lcore;

    /** What the lcore does for the application, as {@code Lcore.role()}. */
    @Label("Role")
    public String role;

    /** {@code WAIT} or {@code RUNNING} when the event was taken. */
    @Label("State")
    public String state;

    /** Duty cycles that did work during the period. */
    @Label("Busy Polls")
    @Description("Duty cycles that did work during the period")
    public long busyPolls;

    /** Duty cycles that found nothing to do during the period. */
    @Label("Idle Polls")
    @Description("Duty cycles that found nothing to do during the period")
    public long idlePolls;

    /** Busy polls of all polls during the period, 0 to 1; 0 when there were none. */
    @Label("Busy")
    @Percentage
    public double busy;

    /** Exceptions the lcore's work threw during the period. */
    @Label("Errors")
    @Description("Exceptions the lcore's work threw during the period")
    public long errors;
}
