package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.Pcap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code set verbose N} and the packet dump it turns on ({@link Verbose}), against dpdk-testpmd 22.11 as the oracle:
 * the same text for every packet, byte for byte. The dumps compared are the ones testpmd prints before its prompt
 * returns, so that both print them at the same place: RX dumps of the RX queues' flush at {@code start} (a pcap of
 * assorted frames: IPv4 with and without options, TCP, UDP, fragments, IPv6 with extension headers, VLAN and QinQ
 * tags, ARP, runts cut inside headers, chains of mbufs past 2 KiB), and TX dumps of {@code start tx_first}.
 */
class TestPmdVerboseTest
{
    @TempDir
    Path dir;

    /**
     * Level 1 dumps what RX returns: header line, addresses, pool, EtherType, length, segments, net_pcap's timestamp,
     * DPDK's software packet type and header lengths, RX offload flags. Bad levels are refused; level 0 ends it.
     */
    @Test
    void shouldDumpEveryReceivedPacketAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<byte[]> frames = new ArrayList<>();
        for (final byte[] frame : OracleFrames.allModes(7))
        {
            if (frame.length >= 14) // dpdk-testpmd's dump crashes on a frame without a whole Ethernet header
            {
                frames.add(frame);
            }
        }
        frames.addAll(OracleFrames.cutInsideHeaders(7));
        final Path input = dir.resolve("in.pcap");
        final Path empty = dir.resolve("empty.pcap");
        Pcap.write(input, frames);
        Pcap.write(empty, List.of());
        final List<String> args = pcapArgs(input, empty);
        final List<String> commands = List.of("set verbose x", "set verbose 65536", "set verbose 1", "start", "stop",
            "set verbose 0", "start", "stop");
        final List<String> dpdk = TestPmdSession.run(true, dir, args, commands).commands();
        final List<String> jdpdk = TestPmdSession.run(false, dir, args, commands).commands();
        final String start = dpdk.get(3);
        assertTrue(start.contains("port 0/queue 0: received " + frames.size() + " packets\n  src="), start);
        assertTrue(start.contains(" - sw ptype: L2_ETHER L3_IPV4 L4_UDP  - l2_len=14 - l3_len=20 - l4_len=8 - "),
            start);
        assertTrue(start.contains(" - nb_segs=10 "), start);
        assertTrue(dpdk.get(2).contains("Change verbose level from 0 to 1"), dpdk.get(2));
        assertEquals(dpdk, jdpdk);
    }

    /**
     * Level 2 dumps what each TX call is handed: the txonly bursts of {@code start tx_first}, with the TX offload flags'
     * names (none is set, so only the "no L4 checksum" state is named); level 3 dumps both ways.
     */
    @Test
    void shouldDumpEverySentPacketAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final Path empty = dir.resolve("empty.pcap");
        Pcap.write(empty, List.of());
        final List<String> args = pcapArgs(empty, empty, "--burst=4");
        final List<String> commands = List.of("set verbose 2", "start tx_first", "stop", "set verbose 3",
            "start tx_first 2", "stop");
        final List<String> dpdk = TestPmdSession.run(true, dir, args, commands).commands();
        final List<String> jdpdk = TestPmdSession.run(false, dir, args, commands).commands();
        final String start = dpdk.get(1);
        assertTrue(start.contains("port 0/queue 0: sent 4 packets\n  src="), start);
        assertTrue(start.contains(" - Send queue=0x0\n  ol_flags: RTE_MBUF_F_TX_L4_NO_CKSUM \n"), start);
        assertEquals(dpdk, jdpdk);
    }

    /**
     * icmpecho with level 1: the streams at setup ({@code icmp_echo_config_setup}), then for every packet the RX dump
     * and icmpecho's own lines (Ethernet, VLAN id, ARP fields and addresses, IPv4 addresses and protocol, the echo
     * request's sequence number), on the ARP and ICMP frames of {@link IcmpEchoEngineTest}, answered or dropped.
     */
    @Test
    void shouldDescribeEveryPacketIcmpechoReceivesAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final Path input = dir.resolve("in.pcap");
        final Path empty = dir.resolve("empty.pcap");
        final List<byte[]> frames = new ArrayList<>(IcmpEchoEngineTest.craftedFrames());
        for (final int protocol : new int[] {0, 64, 89, 104, 105, 132, 200, 255})
        {
            frames.add(ipv4Protocol(protocol)); // icmpecho names each protocol from its own table
        }
        Pcap.write(input, frames);
        Pcap.write(empty, List.of());
        final List<String> args = pcapArgs(input, empty, "--no-flush-rx");
        final List<String> commands = List.of("set verbose 1", "set fwd icmpecho", "start",
            TestPmdSession.PAUSE + "1500", "stop");
        final String dpdk = forwarded(TestPmdSession.run(true, dir, args, commands).stdout());
        final String jdpdk = forwarded(TestPmdSession.run(false, dir, args, commands).stdout());
        assertTrue(dpdk.contains("icmp_echo_config_setup fwd_cores=1 fwd_ports=2 fwd_streams=2\n  core=0: \n"),
            dpdk);
        assertTrue(dpdk.contains("\n  ICMP: echo request seq id=7\n"), dpdk);
        assertTrue(dpdk.contains(" proto=89 (OSPFIGP)\n"), dpdk);
        assertTrue(dpdk.contains("  ARP:  hrd=1 proto=0x0800 hln=6 pln=4 op=1 (ARP Request)\n        sha="), dpdk);
        assertEquals(dpdk, jdpdk);
    }

    /**
     * csum with level 1: for every packet the RX dump and csum's own lines (the lengths and protocols it parsed, the
     * RX and TX offload flags), on the assorted frames of the RX dump test but its runts; the mbuf's address masked.
     * csumonly.c reads a runt's missing headers from what earlier packets left in the mbuf, where jdpdk reads zeros.
     */
    @Test
    void shouldDescribeEveryPacketCsumForwardsAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<byte[]> frames = new ArrayList<>();
        for (final byte[] frame : OracleFrames.allModes(9))
        {
            if (frame.length >= 60)
            {
                frames.add(frame);
            }
        }
        final Path input = dir.resolve("in.pcap");
        final Path empty = dir.resolve("empty.pcap");
        Pcap.write(input, frames);
        Pcap.write(empty, List.of());
        final List<String> args = pcapArgs(input, empty, "--no-flush-rx", "--forward-mode=csum");
        final List<String> commands = List.of("set verbose 1", "start", TestPmdSession.PAUSE + "1500", "stop");
        final String dpdk = forwarded(TestPmdSession.run(true, dir, args, commands).stdout())
            .replaceAll("mbuf=0x[0-9a-f]+", "mbuf=M");
        final String jdpdk = forwarded(TestPmdSession.run(false, dir, args, commands).stdout())
            .replaceAll("mbuf=0x[0-9a-f]+", "mbuf=M");
        assertEquals(frames.size(), dpdk.split("\n-----------------\nport=0, mbuf=M, pkt_len=", -1).length - 1, dpdk);
        assertTrue(dpdk.contains("\nrx: l2_len=14 ethertype=800 l3_len=20 l4_proto=17 l4_len=8 flags="), dpdk);
        assertTrue(dpdk.contains("\ntx: flags=RTE_MBUF_F_TX_L4_NO_CKSUM RTE_MBUF_F_TX_IPV4 \n"), dpdk);
        assertEquals(dpdk, jdpdk);
    }

    /**
     * An interactive testpmd's arguments: net_pcap0 reading {@code input}, net_pcap1 reading {@code empty}, each
     * writing its own output file, in memory on lcores 0 and 1, then {@code extra} testpmd options.
     */
    private List<String> pcapArgs(final Path input, final Path empty, final String... extra)
    {
        final List<String> args = new ArrayList<>(List.of("--in-memory", "--no-pci", "-l", "0-1",
            "--log-level=lib.eal:error", "--vdev=net_pcap0,rx_pcap=" + input + ",tx_pcap=" + dir.resolve("out0.pcap"),
            "--vdev=net_pcap1,rx_pcap=" + empty + ",tx_pcap=" + dir.resolve("out1.pcap"), "--", "-i",
            "--total-num-mbufs=8192"));
        args.addAll(List.of(extra));
        return args;
    }

    /** A 60-byte IPv4 frame whose header names {@code protocol}. */
    private static byte[] ipv4Protocol(final int protocol)
    {
        final byte[] frame = new byte[60];
        frame[0] = 0x02;
        frame[11] = 0x01;
        frame[12] = 0x08;
        frame[14] = 0x45;
        frame[16] = 46 >> 8;
        frame[17] = 46;
        frame[22] = 64;
        frame[23] = (byte)protocol;
        frame[26] = (byte)198;
        frame[27] = 18;
        frame[29] = 1;
        frame[30] = (byte)198;
        frame[31] = 18;
        frame[33] = 2;
        return frame;
    }

    /** What testpmd printed from {@code start} to {@code stop}: the configuration, the dumps, icmpecho's lines. */
    private static String forwarded(final String stdout)
    {
        final int from = stdout.indexOf(TestPmdSession.PROMPT + "start");
        final int to = stdout.indexOf("Telling cores to stop", from);
        // The prompt after start races the lcore's first lines in both programs: it is left out.
        return stdout.substring(from, to).replace(TestPmdSession.PROMPT, "");
    }
}
