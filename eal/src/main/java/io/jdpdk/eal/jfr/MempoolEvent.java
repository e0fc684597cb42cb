package io.jdpdk.eal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Percentage;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/** One mbuf pool's occupancy at the end of the period. */
@Name("io.jdpdk.Mempool")
@Label("jdpdk Mempool")
@Category({ "jdpdk", "Mempools" })
@Description("Per mbuf pool, each period: mbufs in use of the pool's size")
@Period("1 s")
@StackTrace(false)
public final class MempoolEvent extends Event
{
    @Label("Name")
    public String name;

    @Label("In Use")
    public long inUse;

    @Label("Size")
    public long size;

    @Label("Occupancy")
    @Percentage
    public double occupancy;
}
