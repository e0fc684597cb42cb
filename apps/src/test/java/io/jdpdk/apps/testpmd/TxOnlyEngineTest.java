package io.jdpdk.apps.testpmd;

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
import java.util.function.ObjIntConsumer;

import static io.jdpdk.apps.testpmd.EngineHarness.assertSameFrames;
import static io.jdpdk.apps.testpmd.EngineHarness.ipv4ChecksumValid;
import static io.jdpdk.apps.testpmd.EngineHarness.mac;
import static io.jdpdk.apps.testpmd.EngineHarness.putMac;
import static io.jdpdk.apps.testpmd.EngineHarness.replaceMac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link TxOnlyEngine} against DPDK 22.11's dpdk-testpmd {@code --forward-mode=txonly}: both write
 * to a net_pcap port, and the first {@value #PACKETS} packets must be the same bytes. testpmd's
 * port 0 has its own MAC and peer, so the two Ethernet addresses are compared with what each side
 * says they are (testpmd prints them; ours come from the config) and every other byte directly.
 * txonly does not write the payload, so both run on a fresh pool shaped like testpmd's (zeros, and
 * mbufs reused in the same order); where a reused segment still holds an earlier packet's headers,
 * each side's own MAC is in them and is mapped too.
 */
class TxOnlyEngineTest
{
    private static final int PACKETS = 1000;

    @BeforeAll
    static void eal()
    {
        TestEal.get();
    }

    @Test
    void shouldGenerateTestpmdsPacketsByteForByteWithDefaultOptions(@TempDir final Path dir) throws Exception
    {
        final List<byte[]> ours = assertSameAsTestpmd(dir, List.of(), (config, port) -> { });
        for (final byte[] frame : ours)
        {
            assertEquals(64, frame.length, "default --txpkts is one 64-byte segment");
            assertTrue(ipv4ChecksumValid(frame, 14), "IPv4 checksum");
            assertEquals(0xC6120001, ByteBuffer.wrap(frame).getInt(26), "198.18.0.1");
        }
    }

    @Test
    void shouldHonourTxpktsTxIpTxUdpAndEthPeerAsTestpmdDoes(@TempDir final Path dir) throws Exception
    {
        final List<byte[]> ours = assertSameAsTestpmd(dir,
            List.of("--txpkts=128", "--tx-ip=10.1.2.3,10.4.5.6", "--tx-udp=1234,5678",
                "--eth-peer=0,AA:BB:CC:DD:EE:FF"),
            (config, port) ->
            {
                config.txPktSegLengths = new int[] { 128 };
                config.txIpSrc = 0x0A010203;
                config.txIpDst = 0x0A040506;
                config.txUdpSrc = 1234;
                config.txUdpDst = 5678;
                config.peerMac[port] = 0xAABBCCDDEEFFL;
            });
        final byte[] first = ours.getFirst();
        assertEquals(128, first.length);
        assertEquals(0xAABBCCDDEEFFL, mac(first, 0));
        assertTrue(ipv4ChecksumValid(first, 14));
    }

    @Test
    void shouldChainOneMbufPerTxpktsLengthWithHeadersSpanningSegmentsAsTestpmdDoes(@TempDir final Path dir)
        throws Exception
    {
        final List<byte[]> ours = assertSameAsTestpmd(dir, List.of("--txpkts=20,30,40"),
            (config, port) -> config.txPktSegLengths = new int[] { 20, 30, 40 });
        assertEquals(90, ours.getFirst().length, "three segments on the wire as one frame");
        assertTrue(ipv4ChecksumValid(ours.getFirst(), 14), "IPv4 header spread over two segments");
    }

    @Test
    void shouldVaryTheSourceAddressPerPacketWithMultiFlowAsTestpmdDoes(@TempDir final Path dir) throws Exception
    {
        final List<byte[]> ours = assertSameAsTestpmd(dir, List.of("--txonly-multi-flow"),
            (config, port) -> config.txOnlyMultiFlow = true);
        final int lcore = EngineHarness.lcoreId();
        for (int i = 0; i < 300; i++)
        {
            final byte[] frame = ours.get(i);
            assertEquals((0xC6120002 | ((i & 0xFF) << 8)) + lcore, ByteBuffer.wrap(frame).getInt(26),
                "source of packet " + i + ": (198.18.0.2 | ip_var << 8) + lcore");
            assertTrue(ipv4ChecksumValid(frame, 14), "checksum recomputed for packet " + i);
        }
    }

    @Test
    void shouldRejectPacketsTooShortForTheHeadersBeforeForwarding()
    {
        final TxOnlyEngine engine = new TxOnlyEngine();
        final TestPmdConfig shortPacket = new TestPmdConfig();
        shortPacket.txPktSegLengths = new int[] { 41 };
        assertThrows(IllegalArgumentException.class, () -> engine.portBegin(0, shortPacket));
        final TestPmdConfig multiFlowSplitHeader = new TestPmdConfig();
        multiFlowSplitHeader.txPktSegLengths = new int[] { 20, 44 };
        multiFlowSplitHeader.txOnlyMultiFlow = true;
        assertThrows(IllegalArgumentException.class, () -> engine.portBegin(0, multiFlowSplitHeader));
    }

    /**
     * Runs testpmd's txonly with {@code options}, then ours on a net_pcap port with the config
     * {@code configure} sets up the same way, and compares. @return our frames
     */
    @SuppressWarnings("try") // closes the port inside its try, to read the pcap it wrote
    private static List<byte[]> assertSameAsTestpmd(final Path dir, final List<String> options,
        final ObjIntConsumer<TestPmdConfig> configure) throws Exception
    {
        final int lcore = EngineHarness.lcoreId();
        final Path theirsFile = dir.resolve("testpmd.pcap");
        final List<String> eal = new ArrayList<>(TestPmdOracle.forwardingLcore(lcore));
        eal.add("--vdev=net_pcap0,tx_pcap=" + theirsFile);
        final List<String> app = new ArrayList<>(List.of("--forward-mode=txonly"));
        app.addAll(options);
        final long theirMac;
        final long theirPeer;
        try (TestPmdOracle testpmd = TestPmdOracle.start(eal, app))
        {
            testpmd.command("start");
            testpmd.awaitFileSize(theirsFile, 256 * 1024, 60_000);
            testpmd.stopAndQuit();
            theirMac = testpmd.portMac();
            theirPeer = testpmd.peerMac();
        }
        final List<byte[]> theirs = Pcap.read(theirsFile);

        final Path oursFile = dir.resolve("jdpdk.pcap");
        final TestPmdConfig config = new TestPmdConfig();
        final FwdStream stream;
        final long ourMac;
        try (Mempool pool = EngineHarness.freshPool("txonly"))
        {
            try (Port port = EngineHarness.start(TestEal.uniqueName("net_pcap") + ",tx_pcap=" + oursFile, pool))
            {
                ourMac = port.macAddress();
                config.portMac[port.id()] = ourMac;
                configure.accept(config, port.id());
                final TxOnlyEngine engine = new TxOnlyEngine();
                engine.portBegin(port.id(), config);
                stream = new FwdStream(port, 0, port, 0, config, pool);
                EngineHarness.forwardUntil(engine, stream, () -> stream.txPackets >= PACKETS, 30_000);
                assertEquals(0, stream.rxPackets, "txonly receives nothing");
                assertEquals(0, stream.fwdDropped, "net_pcap takes every packet");
                final long ourPeer = config.peerMac[port.id()];
                stream.burst.close();
                port.close();
                assertEquals(0, pool.inUseCount(), "every mbuf (and segment) back in the pool once sent");
                final List<byte[]> ours = Pcap.read(oursFile);
                assertEquals(stream.txPackets, ours.size(), "every packet sent is in the pcap file");
                assertTrue(theirs.size() >= PACKETS, "testpmd wrote " + theirs.size() + " packets");
                for (int i = 0; i < PACKETS; i++)
                {
                    final byte[] t = theirs.get(i);
                    assertEquals(theirPeer, mac(t, 0), "testpmd's destination is its TX port's peer");
                    assertEquals(theirMac, mac(t, 6), "testpmd's source is its TX port's MAC");
                    final byte[] o = ours.get(i);
                    assertEquals(ourPeer, mac(o, 0), "our destination is config.peerMac[tx port]");
                    assertEquals(ourMac, mac(o, 6), "our source is config.portMac[tx port]");
                    putMac(t, 0, ourPeer);
                    // txonly leaves the payload alone: a reused segment still holds the headers of an
                    // earlier packet, with each side's own MAC in them.
                    replaceMac(t, theirMac, ourMac);
                }
                assertSameFrames(theirs, ours, PACKETS);
                return ours;
            }
        }
    }
}
