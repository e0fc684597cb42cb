package io.jdpdk.eal.raw;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NativeLibraryVersionTest
{
    private static final int BUILT_22_11 = 22 << 8 | 11;

    @Test
    void shouldAcceptEvery2211PointRelease()
    {
        assertNull(NativeLibrary.versionProblem("DPDK 22.11.11", BUILT_22_11));
        assertNull(NativeLibrary.versionProblem("DPDK 22.11.0", BUILT_22_11));
    }

    @Test
    void shouldRefuseOtherReleasesSayingWhatIsInstalledAndWhatIsNeeded()
    {
        final String problem = NativeLibrary.versionProblem("DPDK 23.11.2", BUILT_22_11);
        assertTrue(problem.contains("installed DPDK 23.11.2 is not supported") && problem.contains("needs DPDK 22.11"),
            problem);
        assertTrue(NativeLibrary.versionProblem("DPDK 22.110.1", BUILT_22_11) != null);
    }

    @Test
    void shouldRefuseAShimBuiltAgainstOtherHeaders()
    {
        final String problem = NativeLibrary.versionProblem("DPDK 22.11.11", 23 << 8 | 11);
        assertTrue(problem.contains("built against DPDK 23.11 headers"), problem);
    }
}
