package io.jdpdk.eal;

/** What an lcore's work threw, reported by {@link Lcore#await()}: never swallowed. */
public final class LcoreException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final int lcoreId;

    public LcoreException(final int lcoreId, final Throwable cause)
    {
        super("lcore " + lcoreId + " failed: " + cause, cause);
        this.lcoreId = lcoreId;
    }

    /** The EAL lcore the failure happened on. */
    public int lcoreId()
    {
        return lcoreId;
    }
}
