package io.jdpdk.eal;

/**
 * A DPDK control-path call failed. Carries the call, its arguments, the error number DPDK
 * reported (a positive {@code errno} value, {@code rte_errno} or the negated return code) and
 * DPDK's own text for it ({@code rte_strerror}).
 * <p>
 * Thrown on the control path only: the fast path (bursts, mbuf access) returns counts and never
 * throws.
 */
public class DpdkException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final String call;
    private final int errno;

    /**
     * A failure with the message "call: message".
     *
     * @param call the DPDK call that failed, with its arguments
     * @param errno the positive error number, 0 when the failure was detected on the Java side
     * @param message what went wrong, usually DPDK's {@code rte_strerror} text
     */
    public DpdkException(final String call, final int errno, final String message)
    {
        super(call + ": " + message);
        this.call = call;
        this.errno = errno;
    }

    /**
     * A failure with the message "call: message" and the exception that caused it.
     *
     * @param call the DPDK call that failed, with its arguments
     * @param errno the positive error number, 0 when the failure was detected on the Java side
     * @param message what went wrong
     * @param cause the underlying failure
     */
    public DpdkException(final String call, final int errno, final String message, final Throwable cause)
    {
        super(call + ": " + message, cause);
        this.call = call;
        this.errno = errno;
    }

    /**
     * What went wrong, without the call: usually DPDK's {@code rte_strerror} text, which for a libc error number is
     * {@code strerror}'s.
     *
     * @return the text after "call: " in the message
     */
    public String reason()
    {
        final String message = getMessage();
        return message.length() > call.length() + 2 ? message.substring(call.length() + 2) : "";
    }

    /**
     * The DPDK call that failed.
     *
     * @return the call with its arguments, e.g. {@code rte_eth_dev_configure(port=3, ...)}
     */
    public String call()
    {
        return call;
    }

    /**
     * The error number of the failure.
     *
     * @return the positive error number DPDK reported, or 0 when the failure was detected on the Java side
     */
    public int errno()
    {
        return errno;
    }
}
