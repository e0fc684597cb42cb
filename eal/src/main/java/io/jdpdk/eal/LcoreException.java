package io.jdpdk.eal;

/** What an lcore's work threw, reported by {@link Lcore#await()}: never swallowed. */
public final class LcoreException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final int lcoreId;

    /**
     * What lcore {@code lcoreId}'s work threw.
     *
     * @param lcoreId the EAL lcore id
     * @param cause what the work threw
     */
    public LcoreException(final int lcoreId, final Throwable cause)
    {
        super("lcore " + lcoreId + " failed: " + cause, cause);
        this.lcoreId = lcoreId;
    }

    /**
     * An lcore in trouble without an exception of its own (one that does not stop, say).
     *
     * @param lcoreId the EAL lcore id
     * @param problem the rest of the message after "lcore N "
     */
    public LcoreException(final int lcoreId, final String problem)
    {
        super("lcore " + lcoreId + " " + problem);
        this.lcoreId = lcoreId;
    }

    /**
     * The EAL lcore the failure happened on.
     *
     * @return its lcore id
     */
    public int lcoreId()
    {
        return lcoreId;
    }
}
