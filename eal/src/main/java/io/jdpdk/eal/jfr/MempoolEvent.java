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
    /** An event for one mempool, filled and committed by the periodic JFR hook. */
    public MempoolEvent()
    {
    }

    /** The pool's name, as a telemetry key (see {@code Counters.key}). */
    @Label("Name")
    public String name;

    /** Mbufs of the pool in use ({@code rte_mempool_in_use_count}). */
    @Label("In Use")
    public long inUse;

    /** Mbufs the pool holds in all. */
    @Label("Size")
    public long size;

    /** In use of size, 0 to 1; 0 for a pool of size 0. */
    @Label("Occupancy")
    @Percentage
    public double occupancy;
}
