package io.jdpdk.pmd.pipeline;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Output decisions of a {@link PacketBurst}: one port for the whole burst is kept as one value, per-packet
 * decisions as an array, and every mix of the two reads back as the function set it. No EAL needed: only
 * the pointer array is native and no mbuf is touched.
 */
class PacketBurstTest
{
    private final PacketBurst burst = new PacketBurst(8);
    private final PacketBurst other = new PacketBurst(8);

    @AfterEach
    void close()
    {
        burst.mbufs().count(0);
        other.mbufs().count(0);
        burst.close();
        other.close();
    }

    private void receive(final PacketBurst b, final int count)
    {
        b.mbufs().count(count);
        b.received(0, 0);
    }

    @Test
    void shouldStartWithEveryPacketDropped()
    {
        receive(burst, 5);
        for (int i = 0; i < 5; i++)
        {
            assertEquals(PacketBurst.DROP, burst.outPort(i));
        }
        assertTrue(burst.allTo(PacketBurst.DROP));
    }

    @Test
    void shouldSendEveryPacketToOnePort()
    {
        receive(burst, 5);
        burst.sendAllTo(3);
        for (int i = 0; i < 5; i++)
        {
            assertEquals(3, burst.outPort(i));
        }
        assertTrue(burst.allTo(3));
        assertFalse(burst.allTo(2));
    }

    @Test
    void shouldKeepPerPacketChangesAfterSendAllTo()
    {
        receive(burst, 5);
        burst.sendAllTo(3);
        burst.drop(1);
        burst.outPort(4, 7);
        assertEquals(3, burst.outPort(0));
        assertEquals(PacketBurst.DROP, burst.outPort(1));
        assertEquals(3, burst.outPort(2));
        assertEquals(3, burst.outPort(3));
        assertEquals(7, burst.outPort(4));
        assertFalse(burst.allTo(3));
    }

    @Test
    void shouldLetSendAllToOverridePerPacketChoices()
    {
        receive(burst, 4);
        burst.outPort(0, 1);
        burst.outPort(1, 2);
        burst.sendAllTo(5);
        for (int i = 0; i < 4; i++)
        {
            assertEquals(5, burst.outPort(i));
        }
        assertTrue(burst.allTo(5));
    }

    @Test
    void shouldResetDecisionsOnReceive()
    {
        receive(burst, 3);
        burst.outPort(0, 1);
        burst.outPort(2, 4);
        receive(burst, 3);
        assertTrue(burst.allTo(PacketBurst.DROP));
        assertEquals(PacketBurst.DROP, burst.outPort(2));
    }

    @Test
    void shouldCarryDecisionsAcrossASwap()
    {
        receive(burst, 3);
        burst.outPort(1, 6);
        receive(other, 2);
        other.sendAllTo(9);
        burst.swapWith(other);
        assertEquals(9, burst.outPort(0));
        assertEquals(9, burst.outPort(1));
        assertEquals(PacketBurst.DROP, other.outPort(0));
        assertEquals(6, other.outPort(1));
        assertEquals(PacketBurst.DROP, other.outPort(2));
    }

    @Test
    void shouldRefuseAnIndexPastTheCapacity()
    {
        receive(burst, 3);
        assertThrows(IndexOutOfBoundsException.class, () -> burst.outPort(8));
        assertThrows(IndexOutOfBoundsException.class, () -> burst.outPort(-1, 2));
    }
}
