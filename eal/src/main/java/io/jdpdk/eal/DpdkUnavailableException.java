package io.jdpdk.eal;

/**
 * DPDK itself cannot be used in this process: the shared libraries are missing, the installed
 * version is not the one jdpdk is built for, or the JVM lacks native access. The message says
 * what was found and what to do.
 */
public final class DpdkUnavailableException extends DpdkException
{
    private static final long serialVersionUID = 1L;

    /**
     * A failure of the call "load DPDK", with errno 0.
     *
     * @param message what was found and what to do
     * @param cause the underlying failure, e.g. the library lookup's; may be null
     */
    public DpdkUnavailableException(final String message, final Throwable cause)
    {
        super("load DPDK", 0, message, cause);
    }
}
