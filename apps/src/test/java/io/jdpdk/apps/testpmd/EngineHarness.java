package io.jdpdk.apps.testpmd;

import io.jdpdk.eal.Lcore;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/** Runs engines on real DPDK ports of the test JVM's shared EAL, the way testpmd's lcores do. */
final class EngineHarness
{
    private static final AtomicInteger POOLS = new AtomicInteger();

    private EngineHarness()
    {
    }

    /**
     * A fresh pool shaped as testpmd's with {@code --total-num-mbufs=8192} (8192 mbufs of 2176
     * bytes, cache 250): its buffers were never written, so payload bytes the generators leave
     * alone are zeros until an mbuf is reused, and mbufs are reused in the same order as testpmd's.
     */
    static Mempool freshPool(final String what)
    {
        return Mempool.create(what + "_pool_" + POOLS.incrementAndGet(), 8192, 250);
    }

    /** Probes, configures (one queue each way, RX from {@code pool}) and starts a port. */
    static Port start(final String devargs, final Mempool pool)
    {
        return Port.probe(devargs).configure(new PortConfig().mempool(pool)).start();
    }

    /** The calling thread's DPDK lcore id, registering it if it has none. */
    static int lcoreId()
    {
        final int id = Lcore.currentLcoreId();
        return id >= 0 ? id : Lcore.registerCurrentThread();
    }

    /** Calls {@code packetFwd} until {@code done}, failing after {@code timeoutMillis}. */
    static void forwardUntil(final ForwardEngine engine, final FwdStream stream, final BooleanSupplier done,
        final long timeoutMillis)
    {
        final long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (!done.getAsBoolean())
        {
            engine.packetFwd(stream);
            if (System.nanoTime() > deadline)
            {
                fail(engine.name() + ": not done after " + timeoutMillis + " ms: rx " + stream.rxPackets + ", tx " +
                    stream.txPackets + ", dropped " + stream.fwdDropped);
            }
        }
    }

    /** 48 bits from {@code frame} at {@code offset}. */
    static long mac(final byte[] frame, final int offset)
    {
        long mac = 0;
        for (int i = 0; i < 6; i++)
        {
            mac = (mac << 8) | (frame[offset + i] & 0xFF);
        }
        return mac;
    }

    /** Writes 48 bits into {@code frame} at {@code offset}. */
    static void putMac(final byte[] frame, final int offset, final long mac)
    {
        for (int i = 0; i < 6; i++)
        {
            frame[offset + i] = (byte)(mac >>> (40 - 8 * i));
        }
    }

    /** Replaces every occurrence of the 6 bytes of {@code from} in {@code frame} with {@code to}. @return how many */
    static int replaceMac(final byte[] frame, final long from, final long to)
    {
        int replaced = 0;
        for (int i = 0; i + 6 <= frame.length; i++)
        {
            if (mac(frame, i) == from)
            {
                putMac(frame, i, to);
                replaced++;
                i += 5;
            }
        }
        return replaced;
    }

    /** Whether the 20-byte IPv4 header at {@code offset} sums to 0xFFFF, checksum included. */
    static boolean ipv4ChecksumValid(final byte[] frame, final int offset)
    {
        long sum = 0;
        for (int i = 0; i < 20; i += 2)
        {
            sum += ((frame[offset + i] & 0xFF) << 8) | (frame[offset + i + 1] & 0xFF);
        }
        while ((sum >>> 16) != 0)
        {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return sum == 0xFFFF;
    }

    /**
     * Asserts the first {@code count} frames of {@code ours} are byte-identical to testpmd's,
     * naming the first frame and byte that differ.
     */
    static void assertSameFrames(final List<byte[]> theirs, final List<byte[]> ours, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            final byte[] t = theirs.get(i);
            final byte[] o = ours.get(i);
            if (!Arrays.equals(t, o))
            {
                final int at = Arrays.mismatch(t, o);
                assertEquals(HexFormat.of().formatHex(t), HexFormat.of().formatHex(o),
                    "frame " + i + " differs from testpmd's at byte " + at + " (lengths " + t.length + ", " +
                        o.length + ")");
            }
        }
    }
}
