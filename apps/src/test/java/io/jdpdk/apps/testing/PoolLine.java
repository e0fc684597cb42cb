package io.jdpdk.apps.testing;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The line every jdpdk app prints as it exits, once its ports are closed: "Mempool NAME: N of M mbufs in use"
 * (skeleton's MBUF_POOL, l2fwd's mbuf_pool, l3fwd's mbuf_pool_0, testpmd's mb_pool_0). Tests read it to prove that
 * every mbuf went back to its pool, on Ctrl-C, on errors and on end of input.
 */
public final class PoolLine
{
    private PoolLine()
    {
    }

    /**
     * The first "Mempool {@code pool}: N of M mbufs in use" line of {@code output}.
     *
     * @param output what the app printed
     * @param pool   the pool's name, or null for any pool
     * @return {N, M}, or null when there is no such line
     */
    public static long[] inUse(final String output, final String pool)
    {
        final Matcher m = Pattern.compile("Mempool " + (pool == null ? "\\S+" : Pattern.quote(pool)) +
            ": (\\d+) of (\\d+) mbufs in use").matcher(output);
        return m.find() ? new long[] { Long.parseLong(m.group(1)), Long.parseLong(m.group(2)) } : null;
    }

    /**
     * Asserts that {@code output} has the pool line and that it counts 0 mbufs in use.
     *
     * @param output what the app printed, shown when the assertion fails
     * @param pool   the pool's name, or null for any pool
     */
    public static void assertEveryMbufBack(final String output, final String pool)
    {
        final long[] inUse = inUse(output, pool);
        assertNotNull(inUse, "no \"Mempool " + (pool == null ? "..." : pool) + ": N of M mbufs in use\" line:\n" +
            output);
        assertEquals(0, inUse[0], "every mbuf back in the pool:\n" + output);
    }
}
