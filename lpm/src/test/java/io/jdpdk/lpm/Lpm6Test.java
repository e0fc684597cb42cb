package io.jdpdk.lpm;

import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.TestEal;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** DPDK's rte_lpm6 through {@link Lpm6}: longest prefix wins, misses, full tables and bad routes refused. */
class Lpm6Test
{
    @BeforeAll
    static void eal()
    {
        TestEal.get();
    }

    private static byte[] ip(final long high, final long low)
    {
        return java.nio.ByteBuffer.allocate(16).putLong(high).putLong(low).array();
    }

    @Test
    @SuppressWarnings("try") // closes the table inside its try on purpose
    void shouldPickTheLongestCoveringPrefixAndMissOutsideEveryPrefix()
    {
        try (Lpm6 lpm = Lpm6.create(TestEal.uniqueName("lpm6_lpm"), 64, 64))
        {
            lpm.add(ip(0x2001_0db8_0000_0000L, 0), 32, 1);
            lpm.add(ip(0x2001_0db8_0001_0000L, 0), 48, 2);
            lpm.add(ip(0x2001_0db8_0001_0002L, 0), 64, 3);
            lpm.add(ip(0x2001_0db8_0001_0002L, 0x0000_0000_0000_0009L), 128, 4);
            lpm.add(ip(0x2001_0db8_FFFF_FFFFL, -1L), 32, 5); // host bits ignored: re-points the /32
            final Lpm6.Query q = new Lpm6.Query();

            assertEquals(5, lpm.lookup(q.set(0x2001_0db8_0009_0000L, 1)));
            assertEquals(2, lpm.lookup(q.set(0x2001_0db8_0001_0001L, 1)));
            assertEquals(3, lpm.lookup(q.set(0x2001_0db8_0001_0002L, 8)));
            assertEquals(4, lpm.lookup(q.set(0x2001_0db8_0001_0002L, 9)));
            assertEquals(Lpm6.NO_ROUTE, lpm.lookup(q.set(0x2001_0db9_0000_0000L, 0)));
            assertEquals(Lpm6.NO_ROUTE, lpm.lookup(q.set(0, 0)));

            lpm.close(); // on purpose, inside the try: a closed table must refuse politely
            assertEquals(Lpm6.NO_ROUTE, lpm.lookup(q.set(0x2001_0db8_0001_0002L, 9)), "a closed table finds nothing");
            assertThrows(IllegalStateException.class, () -> lpm.add(ip(0, 0), 8, 1));
        }
    }

    @Test
    void shouldRefuseBadRoutesHereAndReportAFullTableWithDpdksReason()
    {
        try (Lpm6 lpm = Lpm6.create(TestEal.uniqueName("lpm6_full"), 2, 4))
        {
            assertThrows(IllegalArgumentException.class, () -> lpm.add(new byte[15], 8, 1));
            assertThrows(IllegalArgumentException.class, () -> lpm.add(new byte[16], 0, 1));
            assertThrows(IllegalArgumentException.class, () -> lpm.add(new byte[16], 129, 1));
            assertThrows(IllegalArgumentException.class, () -> lpm.add(new byte[16], 8, Lpm6.MAX_NEXT_HOP + 1));
            lpm.add(ip(0x2001_0000_0000_0000L, 0), 16, 1);
            lpm.add(ip(0x2002_0000_0000_0000L, 0), 16, 2);
            final DpdkException full = assertThrows(DpdkException.class,
                () -> lpm.add(ip(0x2003_0000_0000_0000L, 0), 16, 3));
            assertEquals(28, full.errno(), full.getMessage()); // ENOSPC: max_rules reached
            assertTrue(full.getMessage().contains("rte_lpm6_add"), full.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Lpm6.create("lpm6_bad", 0, 4));
    }

    @Test
    void shouldReportDpdksReasonWhenTheNameIsTaken()
    {
        final String name = TestEal.uniqueName("lpm6_dup");
        try (Lpm6 _ = Lpm6.create(name, 4, 4))
        {
            final DpdkException taken = assertThrows(DpdkException.class, () -> Lpm6.create(name, 4, 4));
            assertEquals(17, taken.errno(), taken.getMessage()); // EEXIST
        }
    }

    @Test
    @SuppressWarnings("try") // closes the table inside its try on purpose
    void shouldLookUpABurstAsOneAtATimeAndMissEverythingOnceClosed()
    {
        try (Lpm6 lpm = Lpm6.create(TestEal.uniqueName("lpm6_bulk"), 64, 64))
        {
            lpm.add(ip(0x2001_0db8_0000_0000L, 0), 32, 1);
            lpm.add(ip(0x2001_0db8_0001_0000L, 0), 48, 2);
            lpm.add(ip(0x2001_0db8_0001_0002L, 0x0000_0000_0000_0009L), 128, 4);
            final long[][] addresses = {
                {0x2001_0db8_0009_0000L, 1}, {0x2001_0db8_0001_0001L, 1}, {0x2001_0db8_0001_0002L, 9},
                {0x2001_0db9_0000_0000L, 0}, {0, 0}};
            final Lpm6.Burst burst = new Lpm6.Burst(8);
            final Lpm6.Query query = new Lpm6.Query();
            for (int i = 0; i < addresses.length; i++)
            {
                burst.set(i, addresses[i][0], addresses[i][1]);
            }
            burst.set(5, 0x2001_0db8_0001_0000L, 0);
            lpm.lookupBulk(burst, addresses.length);
            final int[] expected = {1, 2, 4, Lpm6.NO_ROUTE, Lpm6.NO_ROUTE};
            for (int i = 0; i < addresses.length; i++)
            {
                assertEquals(expected[i], burst.hop(i), "address " + i);
                assertEquals(expected[i], lpm.lookup(query.set(addresses[i][0], addresses[i][1])), "address " + i);
            }
            lpm.lookupBulk(burst, 100); // clamped to the capacity: address 5 is looked up too
            assertEquals(2, burst.hop(5));
            assertThrows(IndexOutOfBoundsException.class, () -> burst.set(8, 0, 0));
            assertThrows(IndexOutOfBoundsException.class, () -> burst.hop(-1));

            lpm.close();
            lpm.lookupBulk(burst, 3);
            assertEquals(Lpm6.NO_ROUTE, burst.hop(0), "a closed table finds nothing");
            assertEquals(Lpm6.NO_ROUTE, burst.hop(2));
            assertEquals(2, burst.hop(5), "past n, hops are left alone");
        }
    }
}
