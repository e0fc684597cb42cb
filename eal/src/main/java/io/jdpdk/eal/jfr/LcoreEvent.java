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
    @Label("Lcore")
    public int lcore;

    @Label("Role")
    public String role;

    @Label("State")
    public String state;

    @Label("Busy Polls")
    @Description("Duty cycles that did work during the period")
    public long busyPolls;

    @Label("Idle Polls")
    @Description("Duty cycles that found nothing to do during the period")
    public long idlePolls;

    @Label("Busy")
    @Percentage
    public double busy;

    @Label("Errors")
    @Description("Exceptions the lcore's work threw during the period")
    public long errors;
}
