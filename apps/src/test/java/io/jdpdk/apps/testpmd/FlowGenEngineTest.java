package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.Frames;
import io.jdpdk.apps.testing.Pcap;
import io.jdpdk.eal.TestEal;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.Port;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static io.jdpdk.apps.testpmd.EngineHarness.assertSameFrames;
import static io.jdpdk.apps.testpmd.EngineHarness.ipv4ChecksumValid;
import static io.jdpdk.apps.testpmd.EngineHarness.mac;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link FlowGenEngine} against DPDK 22.11's dpdk-testpmd {@code --forward-mode=flowgen}: both
 * write to a net_pcap port, and the first {@value #PACKETS} packets must be the same bytes in the
 * same order (flowgen's MACs are fixed, so no address is mapped). Both run on a fresh pool shaped
 * like testpmd's, so the payload flowgen leaves alone matches too.
 */
class FlowGenEngineTest
{
    private static final int PACKETS = 1000;

    @BeforeAll
    static void eal()
    {
        TestEal.get();
    }

    @Test
    void shouldCycleTheDestinationOverTheFlowsExactlyAsTestpmd(@TempDir final Path dir) throws Exception
    {
        final List<byte[]> ours = assertSameAsTestpmd(dir, List.of("--flowgen-flows=5"), List.of(),
            config -> config.flowgenFlows = 5).ours;
        for (int i = 0; i < PACKETS; i++)
        {
            final byte[] frame = ours.get(i);
            assertEquals(60, frame.length, "tx_pkt_length 64 less 4 for the FCS");
            assertEquals(FlowGenEngine.ETHER_DST, mac(frame, 0));
            assertEquals(FlowGenEngine.ETHER_SRC, mac(frame, 6));
            assertEquals(FlowGenEngine.IP_SRC, ByteBuffer.wrap(frame).getInt(26));
            assertEquals(FlowGenEngine.IP_DST + i % 5, ByteBuffer.wrap(frame).getInt(30), "flow of packet " + i);
            assertTrue(ipv4ChecksumValid(frame, 14), "IPv4 checksum of packet " + i);
        }
    }

    @Test
    void shouldSendClonesDrainRxAndHonourTxpktsAndBurstAsTestpmd(@TempDir final Path dir) throws Exception
    {
        final List<byte[]> received = Frames.mixed(50, 7);
        final Result result = assertSameAsTestpmd(dir,
            List.of("--txpkts=100", "--flowgen-flows=7", "--flowgen-clones=3", "--burst=10"), received,
            config ->
            {
                config.txPktSegLengths = new int[] { 100 };
                config.flowgenFlows = 7;
                config.flowgenClones = 3;
                config.burst = 10;
            });
        assertEquals(received.size(), result.rxPackets, "flowgen receives and frees what arrives");
        final List<byte[]> ours = result.ours;
        for (int i = 0; i < PACKETS; i++)
        {
            // Bursts of 10: a new mbuf at 0, 4 and 8, clones of it after; the flow counter steps for clones too.
            final int original = i - (i % 10) % 4;
            assertEquals(96, ours.get(i).length, "tx_pkt_length 100 less 4");
            assertEquals(FlowGenEngine.IP_DST + original % 7, ByteBuffer.wrap(ours.get(i)).getInt(30),
                "packet " + i + " carries the flow of packet " + original);
            assertArrayEquals(ours.get(original), ours.get(i), "packet " + i + " is a clone of " + original);
        }
    }

    private record Result(List<byte[]> ours, long rxPackets)
    {
    }

    /**
     * Runs testpmd's flowgen with {@code options} (and {@code received} arriving on its port), then
     * ours on a net_pcap port with the same, and compares.
     */
    private static Result assertSameAsTestpmd(final Path dir, final List<String> options, final List<byte[]> received,
        final Consumer<TestPmdConfig> configure) throws Exception
    {
        String rx = "";
        if (!received.isEmpty())
        {
            final Path in = dir.resolve("in.pcap");
            Pcap.write(in, received);
            rx = ",rx_pcap=" + in;
        }
        final Path theirsFile = dir.resolve("testpmd.pcap");
        // --no-flush-rx: testpmd's start would otherwise drain the RX queues before the engine runs.
        final List<String> app = new ArrayList<>(List.of("--forward-mode=flowgen", "--no-flush-rx"));
        app.addAll(options);
        try (TestPmdOracle testpmd = TestPmdOracle.start(
            List.of("-l", "0-1", "--vdev=net_pcap0" + rx + ",tx_pcap=" + theirsFile), app))
        {
            testpmd.command("start");
            testpmd.awaitFileSize(theirsFile, 256 * 1024, 60_000);
            testpmd.stopAndQuit();
        }
        final List<byte[]> theirs = Pcap.read(theirsFile);

        final Path oursFile = dir.resolve("jdpdk.pcap");
        final TestPmdConfig config = new TestPmdConfig();
        configure.accept(config);
        try (Mempool pool = EngineHarness.freshPool("flowgen"))
        {
            final FwdStream stream;
            try (Port port = EngineHarness.start(TestEal.uniqueName("net_pcap") + rx + ",tx_pcap=" + oursFile, pool))
            {
                config.portMac[port.id()] = port.macAddress();
                final FlowGenEngine engine = new FlowGenEngine();
                engine.portBegin(port.id(), config);
                stream = new FwdStream(port, 0, port, 0, config, pool);
                EngineHarness.forwardUntil(engine, stream, () -> stream.txPackets >= PACKETS, 30_000);
                assertEquals(0, stream.fwdDropped, "net_pcap takes every packet");
                stream.burst.close();
            }
            assertEquals(0, pool.inUseCount(), "every mbuf back once sent, clones' references included");
            final List<byte[]> ours = Pcap.read(oursFile);
            assertEquals(stream.txPackets, ours.size(), "every packet sent is in the pcap file");
            assertTrue(theirs.size() >= PACKETS, "testpmd wrote " + theirs.size() + " packets");
            assertSameFrames(theirs, ours, PACKETS);
            return new Result(ours, stream.rxPackets);
        }
    }
}
