package io.jdpdk.apps.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The external programs that oracle tests compare against (dpdk-testpmd, DPDK's sample apps built from dpdk-doc):
 * a test without its tool is skipped, except under {@code ./jdpdk test}, which installs every tool and sets
 * {@code JDPDK_REQUIRE_TOOLS=1}, so there a missing tool fails the run instead of hiding a skipped oracle.
 */
public final class Tools
{
    private Tools()
    {
    }

    /** Skips the test, or fails it under {@code JDPDK_REQUIRE_TOOLS}, unless {@code present}; {@code what} says why. */
    public static void require(final boolean present, final String what)
    {
        if (System.getenv("JDPDK_REQUIRE_TOOLS") != null)
        {
            assertTrue(present, what + " (JDPDK_REQUIRE_TOOLS is set: ./jdpdk test installs it)");
        }
        else
        {
            assumeTrue(present, what);
        }
    }
}
