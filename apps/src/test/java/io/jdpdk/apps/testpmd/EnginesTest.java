package io.jdpdk.apps.testpmd;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The mode table: testpmd's names and order, a new instance per call, the generators found by class name. */
class EnginesTest
{
    @Test
    void shouldListTestpmdsModesInTestpmdsOrder()
    {
        assertArrayEquals(new String[] { "io", "mac", "macswap", "flowgen", "rxonly", "txonly", "csum", "icmpecho",
            "noisy", "5tswap" },
            Engines.names());
    }

    @Test
    void shouldMakeANewEngineForEachLcore()
    {
        for (final String mode : new String[] { "io", "mac", "macswap", "rxonly", "5tswap" })
        {
            final ForwardEngine a = Engines.create(mode);
            assertEquals(mode, a.name());
            assertNotSame(a, Engines.create(mode), mode);
        }
    }

    @Test
    void shouldOfferEveryTestpmdModeInTestpmdsOrder()
    {
        assertArrayEquals(new String[] { "io", "mac", "macswap", "flowgen", "rxonly", "txonly", "csum", "icmpecho",
            "noisy", "5tswap" },
            Engines.names());
        for (final String mode : Engines.names())
        {
            assertEquals(mode, Engines.create(mode).name());
        }
    }

    @Test
    void shouldRefuseAnUnknownModeWithTestpmdsWords()
    {
        assertFalse(Engines.isKnown("bogus"));
        assertEquals("Invalid bogus packet forwarding mode",
            assertThrows(IllegalArgumentException.class, () -> Engines.create("bogus")).getMessage());
    }
}
