package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.Pcap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * testpmd's configuration commands ({@code show port summary|xstats}, {@code show config rxtx|cores|fwd},
 * {@code set nbport|nbcore|burst}, {@code set promisc|allmulti}, {@code set link-up|link-down},
 * {@code mac_addr add|remove|set}, {@code show port N macs}, {@code set fwd MODE retry}, {@code port stop|start},
 * {@code start tx_first}) and forward statistics ({@code show|clear fwd stats all}) in jdpdk's testpmd against
 * dpdk-testpmd 22.11 as the oracle ({@link TestPmdSession}): the same lines on each stream, MAC addresses
 * (random on net_null) masked, and packet counts where both forwarded for a moment.
 */
class TestPmdConfigCommandsTest
{
    private static final List<String> NULL_PORTS = List.of("--vdev=net_null0", "--vdev=net_null1");

    @TempDir
    Path dir;

    /**
     * {@code show config fwd} shows the configuration of the last setup, in its mode: {@code set fwd} alone leaves it,
     * {@code set nbcore} and {@code set nbport} set it up again (the second with the odd-ports warning, once, on
     * standard error); refused values are said on standard error; a missing port gets the header, then the list of
     * valid ports.
     */
    @Test
    void shouldShowAndSetTheForwardingConfigurationAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("show port summary all", "show port summary 1", "show port summary 7",
            "show port summary x", "show config rxtx", "show config fwd", "show config cores", "set fwd macswap",
            "show config fwd", "set nbcore 1", "show config fwd", "set nbport 1", "show config fwd", "set nbport 1",
            "set nbport 3", "set nbcore 2", "set burst 16", "set burst 64", "set burst 0x10", "show config rxtx",
            "show config fwd", "set nbport 2", "show fwd stats all", "clear fwd stats all", "show fwd stats all",
            "show config rxqs", "show port xstats 0", "show port xstats all", "clear port xstats all",
            "show port xstats 1", "show port xstats 5", "set promisc all off", "set promisc 1 on",
            "set promisc 0 off", "set promisc 0 maybe", "set promisc 7 on", "set allmulti all on", "set allmulti 0 off",
            "set allmulti 1 on", "set allmulti 7 on", "set allmulti 1 maybe", "show port info 1", "set fwd io retry", "show config fwd", "show config rxtx",
            "set fwd rxonly retry", "set fwd mac", "show config fwd");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, NULL_PORTS, List.of(), commands,
            TestPmdSession::maskMacs);
        assertTrue(dpdk.get(11).contains("stderr:\n\nWarning! port-topology=paired"), dpdk.get(11));
        assertTrue(dpdk.get(8).contains("\nio packet forwarding - ports=2"), dpdk.get(8));
    }

    /**
     * {@code help} lists dpdk-testpmd's sections in its words; {@code help SECTION} and {@code help all} print
     * dpdk-testpmd's text of each section with the entries of commands jdpdk refuses left out (every block of
     * jdpdk's is one of dpdk-testpmd's or its first lines, in the same order, but for the lines that list what jdpdk
     * takes: show port's kinds and set fwd's modes); an unknown section or a word more is "Bad arguments", as there.
     */
    @Test
    void shouldPrintDpdkTestpmdsHelpLimitedToTheCommandsItTakes() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("help", "help bogus", "help all x", "help control", "help all");
        final List<String> dpdk = TestPmdSession.onDevices(true, dir, NULL_PORTS, List.of(), commands);
        final List<String> jdpdk = TestPmdSession.onDevices(false, dir, NULL_PORTS, List.of(), commands);
        assertEquals(dpdk.subList(0, 4), jdpdk.subList(0, 4));
        assertTrue(jdpdk.get(0).contains("    help traffic_management         : Traffic Management commands.\n"),
            jdpdk.get(0));
        assertTrue(jdpdk.get(1).contains("Bad arguments") && jdpdk.get(2).contains("Bad arguments"), jdpdk.get(1));
        // The last section lists the commands of the PMDs dpdk-testpmd was built with; jdpdk's has none.
        final String drivers = "\nDriver specific:\n----------------\n";
        assertTrue(jdpdk.get(4).endsWith(drivers + "stderr:\n"), jdpdk.get(4));
        final List<String> theirs = List.of(dpdk.get(4).substring(0, dpdk.get(4).indexOf(drivers)).split("\n\n"));
        int at = 0;
        for (final String block : jdpdk.get(4).substring(0, jdpdk.get(4).indexOf(drivers)).split("\n\n"))
        {
            final String expected = block
                .replace("show port (info|stats|summary|xstats) ", "show port (info|stats|summary|xstats|fdir|dcb_tc) ")
                .replace("|5tswap)\n", "|5tswap|shared_rxq)\n");
            // A block whose last commands jdpdk refuses is the first lines of dpdk-testpmd's.
            while (at < theirs.size() && !theirs.get(at).equals(expected) && !theirs.get(at).startsWith(expected + "\n"))
            {
                at++;
            }
            assertTrue(at < theirs.size(), "not dpdk-testpmd's, or out of its order: " + block);
            at++;
            // A section's heading, or an entry that starts with its command: never a description on its own.
            assertTrue(block.startsWith("\n") || !Character.isWhitespace(block.charAt(0)), "a description alone: " + block);
        }
        for (final String refused : List.of("read rxd (port_id)", "set txsplit (off|on|rand)", "show port meter cap",
            "set vf mac addr", "add port tm node"))
        {
            assertTrue(dpdk.get(4).contains(refused) && !jdpdk.get(4).contains(refused), refused);
        }
        for (final String taken : List.of("start tx_first", "flow create {port_id}", "port (port_id) (rxq|txq) (queue_id) setup",
            "set port (port_id) ptype_mask (ptype_mask)", "device detach (identifier)"))
        {
            assertTrue(jdpdk.get(4).contains(taken), taken);
        }
    }

    /** Each command line of jdpdk's {@code help all} (but quit), and an instance of it. */
    private static final String[][] HELP_INSTANCES = {
        { "start",
            "start" },
        { "start tx_first",
            "start tx_first" },
        { "stop",
            "stop" },
        { "show port (info|stats|summary|xstats) (port_id|all)",
            "show port info 0" },
        { "show port port_id (module_eeprom|eeprom)",
            "show port 0 module_eeprom" },
        { "show port X rss reta (size) (mask0,mask1,...)",
            "show port 0 rss reta 64 0xffffffffffffffff" },
        { "show port (port_id) rss-hash [key]",
            "show port 0 rss-hash key" },
        { "clear port (info|stats|xstats|fdir) (port_id|all)",
            "clear port info 0" },
        { "show (rxq|txq) info (port_id) (queue_id)",
            "show rxq info 0 0" },
        { "show config (rxtx|cores|fwd|rxoffs|rxpkts|rxhdrs|txpkts)",
            "show config rxtx" },
        { "show fwd stats all",
            "show fwd stats all" },
        { "clear fwd stats all",
            "clear fwd stats all" },
        { "show port (port_id) rx_offload capabilities",
            "show port 0 rx_offload capabilities" },
        { "show port (port_id) rx_offload configuration",
            "show port 0 rx_offload configuration" },
        { "show port (port_id) tx_offload capabilities",
            "show port 0 tx_offload capabilities" },
        { "show port (port_id) tx_offload configuration",
            "show port 0 tx_offload configuration" },
        { "show port (port_id) ptypes",
            "show port 0 ptypes" },
        { "show device info (<identifier>|all)       Show general information about devices probed.",
            "show device info all" },
        { "show port (port_id) rxq|txq (queue_id) desc (desc_id) status       Show status of rx|tx descriptor.",
            "show port 0 rxq 0 desc 0 status" },
        { "show port (port_id) rxq (queue_id) desc used count",
            "show port 0 rxq 0 desc used count" },
        { "show port (port_id) macs|mcast_macs       Display list of mac addresses added to port.",
            "show port 0 macs" },
        { "show port (port_id) flow transfer proxy",
            "show port 0 flow transfer proxy" },
        { "show port (port_id) flow_ctrl\tShow flow control info of a port.",
            "show port 0 flow_ctrl" },
        { "set default",
            "set default" },
        { "set verbose (level)",
            "set verbose 0" },
        { "set log global|(type) (level)",
            "set log global 7" },
        { "set nbport (num)",
            "set nbport 2" },
        { "set nbcore (num)",
            "set nbcore 1" },
        { "set coremask (mask)",
            "set coremask 0x2" },
        { "set portmask (mask)",
            "set portmask 0x3" },
        { "set burst (num)",
            "set burst 32" },
        { "set burst tx delay (microseconds) retry (num)",
            "set burst tx delay 1 retry 1" },
        { "set rxoffs (x[,y]*)",
            "set rxoffs 0" },
        { "set rxpkts (x[,y]*)",
            "set rxpkts 2048" },
        { "set rxhdrs (eth[,ipv4])*",
            "set rxhdrs eth" },
        { "set txpkts (x[,y]*)",
            "set txpkts 64" },
        { "set txtimes (x, y)",
            "set txtimes 0,0" },
        { "set corelist (x[,y]*)",
            "set corelist 1" },
        { "set portlist (x[,y]*)",
            "set portlist 0,1" },
        { "vlan set stripq (on|off) (port_id,queue_id)",
            "vlan set stripq on 0,0" },
        { "vlan set (strip|filter|qinq_strip|extend) (on|off) (port_id)",
            "vlan set strip on 0" },
        { "vlan set (inner|outer) tpid (value) (port_id)",
            "vlan set inner tpid 0x8100 0" },
        { "rx_vlan add (vlan_id|all) (port_id)",
            "rx_vlan add 1 0" },
        { "rx_vlan rm (vlan_id|all) (port_id)",
            "rx_vlan rm 1 0" },
        { "tx_vlan set (port_id) vlan_id[, vlan_id_outer]",
            "tx_vlan set 0 1" },
        { "tx_vlan set pvid port_id vlan_id (on|off)",
            "tx_vlan set pvid 0 1 on" },
        { "tx_vlan reset (port_id)",
            "tx_vlan reset 0" },
        { "csum set (ip|udp|tcp|sctp|outer-ip|outer-udp) (hw|sw) (port_id)",
            "csum set ip hw 0" },
        { "csum show (port_id)",
            "csum show 0" },
        { "tso set (segsize) (portid)",
            "tso set 800 0" },
        { "tso show (portid)    Display the status of TCP Segmentation Offload.",
            "tso show 0" },
        { "set port (port_id) gso (on|off)    Enable or disable Generic Segmentation Offload in csum forwarding engine.",
            "set port 0 gso on" },
        { "set gso segsz (length)",
            "set gso segsz 1000" },
        { "show port (port_id) gso",
            "show port 0 gso" },
        { "set fwd (" + String.join("|", Engines.names()) + ")",
            "set fwd io" },
        { "mac_addr add (port_id) (XX:XX:XX:XX:XX:XX)",
            "mac_addr add 0 02:00:00:00:00:01" },
        { "mac_addr remove (port_id) (XX:XX:XX:XX:XX:XX)",
            "mac_addr remove 0 02:00:00:00:00:01" },
        { "mac_addr set (port_id) (XX:XX:XX:XX:XX:XX)",
            "mac_addr set 0 02:00:00:00:00:05" },
        { "mcast_addr add (port_id) (mcast_addr)",
            "mcast_addr add 0 01:00:5e:00:00:01" },
        { "mcast_addr remove (port_id) (mcast_addr)",
            "mcast_addr remove 0 01:00:5e:00:00:01" },
        { "set eth-peer (port_id) (peer_addr)",
            "set eth-peer 0 02:00:00:00:00:09" },
        { "set port (port_id) uta (mac_address|all) (on|off)",
            "set port 0 uta 02:00:00:00:00:01 on" },
        { "set promisc (port_id|all) (on|off)",
            "set promisc 0 on" },
        { "set allmulti (port_id|all) (on|off)",
            "set allmulti 0 on" },
        { "set flow_ctrl rx (on|off) tx (on|off) (high_water) (low_water) (pause_time) (send_xon) mac_ctrl_frame_fwd (on|off) autoneg (on|off) (port_id)",
            "set flow_ctrl rx on tx on 10 5 10 1 mac_ctrl_frame_fwd on autoneg on 0" },
        { "set flow_ctrl rx (on|off) (portid)",
            "set flow_ctrl rx on 0" },
        { "set flow_ctrl tx (on|off) (portid)",
            "set flow_ctrl tx on 0" },
        { "set flow_ctrl high_water (high_water) (portid)",
            "set flow_ctrl high_water 10 0" },
        { "set flow_ctrl low_water (low_water) (portid)",
            "set flow_ctrl low_water 5 0" },
        { "set flow_ctrl pause_time (pause_time) (portid)",
            "set flow_ctrl pause_time 10 0" },
        { "set flow_ctrl send_xon (send_xon) (portid)",
            "set flow_ctrl send_xon 1 0" },
        { "set flow_ctrl mac_ctrl_frame_fwd (on|off) (portid)",
            "set flow_ctrl mac_ctrl_frame_fwd on 0" },
        { "set flow_ctrl autoneg (on|off) (port_id)",
            "set flow_ctrl autoneg on 0" },
        { "set port (port_id) rxq (queue_id) avail_thresh (0..99)>",
            "set port 0 rxq 0 avail_thresh 10" },
        { "set stat_qmap (tx|rx) (port_id) (queue_id) (qmapping)",
            "set stat_qmap tx 0 0 1" },
        { "set xstats-hide-zero on|off",
            "set xstats-hide-zero on" },
        { "set record-core-cycles on|off",
            "set record-core-cycles on" },
        { "set record-burst-stats on|off",
            "set record-burst-stats on" },
        { "set port (port_id) queue (queue_id) rate (rate_num)",
            "set port 0 queue 0 rate 1" },
        { "set flush_rx (on|off)",
            "set flush_rx on" },
        { "set link-up port (port_id)",
            "set link-up port 0" },
        { "set link-down port (port_id)",
            "set link-down port 0" },
        { "set port (port_id) ptype_mask (ptype_mask)",
            "set port 0 ptype_mask 0xffffffff" },
        { "port config (port_id|all) speed (10|100|1000|10000|25000|40000|50000|100000|200000|auto) duplex (half|full|auto)",
            "port config 0 speed 10 duplex half" },
        { "port config (port_id|all) loopback (mode)",
            "port config 0 loopback 1" },
        { "port config all (rxq|txq|rxd|txd) (value)",
            "port config all rxq 1" },
        { "port config all max-pkt-len (value)",
            "port config all max-pkt-len 1518" },
        { "port config all max-lro-pkt-size (value)",
            "port config all max-lro-pkt-size 1518" },
        { "port config all drop-en (on|off)",
            "port config all drop-en on" },
        { "port config all rss (all|default|level-default|level-outer|level-inner|ip|tcp|udp|sctp|tunnel|vlan|none|ipv4|ipv4-frag|ipv4-tcp|ipv4-udp|ipv4-sctp|ipv4-other|ipv6|ipv6-frag|ipv6-tcp|ipv6-udp|ipv6-sctp|ipv6-other|ipv6-ex|ipv6-tcp-ex|ipv6-udp-ex|l2-payload|port|vxlan|geneve|nvgre|gtpu|eth|s-vlan|c-vlan|esp|ah|l2tpv3|pfcp|pppoe|ecpri|mpls|ipv4-chksum|l4-chksum|l2tpv2|l3-pre96|l3-pre64|l3-pre56|l3-pre48|l3-pre40|l3-pre32|l2-dst-only|l2-src-only|l4-dst-only|l4-src-only|l3-dst-only|l3-src-only|<rsstype_id>)",
            "port config all rss ip" },
        { "port config port-id rss reta (hash,queue)[,(hash,queue)]",
            "port config 0 rss reta (0,0)" },
        { "port config all burst (value)",
            "port config all burst 32" },
        { "port config all (txpt|txht|txwt|rxpt|rxht|rxwt) (value)",
            "port config all txpt 1" },
        { "port config all (txfreet|txrst|rxfreet) (value)",
            "port config all txfreet 32" },
        { "port config mtu X value",
            "port config mtu 0 1500" },
        { "port config (port_id) (rxq|txq) (queue_id) ring_size (value)",
            "port config 0 rxq 0 ring_size 512" },
        { "port (port_id) (rxq|txq) (queue_id) (start|stop)",
            "port 0 rxq 0 start" },
        { "port (port_id) (rxq|txq) (queue_id) deferred_start (on|off)",
            "port 0 rxq 0 deferred_start on" },
        { "port (port_id) (rxq|txq) (queue_id) setup",
            "port 0 rxq 0 setup" },
        { "port config <port_id> rx_offload vlan_strip|ipv4_cksum|udp_cksum|tcp_cksum|tcp_lro|qinq_strip|outer_ipv4_cksum|macsec_strip|vlan_filter|vlan_extend|scatter|buffer_split|timestamp|security|keep_crc on|off",
            "port config 0 rx_offload vlan_strip on" },
        { "port (port_id) rxq (queue_id) rx_offload vlan_strip|ipv4_cksum|udp_cksum|tcp_cksum|tcp_lro|qinq_strip|outer_ipv4_cksum|macsec_strip|vlan_filter|vlan_extend|scatter|buffer_split|timestamp|security|keep_crc on|off",
            "port 0 rxq 0 rx_offload vlan_strip on" },
        { "port config (port_id) tx_offload vlan_insert|ipv4_cksum|udp_cksum|tcp_cksum|sctp_cksum|tcp_tso|udp_tso|outer_ipv4_cksum|qinq_insert|vxlan_tnl_tso|gre_tnl_tso|ipip_tnl_tso|geneve_tnl_tso|macsec_insert|mt_lockfree|multi_segs|mbuf_fast_free|security on|off",
            "port config 0 tx_offload vlan_insert on" },
        { "port (port_id) txq (queue_id) tx_offload vlan_insert|ipv4_cksum|udp_cksum|tcp_cksum|sctp_cksum|tcp_tso|udp_tso|outer_ipv4_cksum|qinq_insert|vxlan_tnl_tso|gre_tnl_tso|ipip_tnl_tso|geneve_tnl_tso|macsec_insert|mt_lockfree|multi_segs|mbuf_fast_free|security on|off",
            "port 0 txq 0 tx_offload vlan_insert on" },
        { "port cleanup (port_id) txq (queue_id) (free_cnt)",
            "port cleanup 0 txq 0 1" },
        { "flow validate {port_id} [group {group_id}] [priority {level}] [ingress] [egress] pattern {item} [/ {item} [...]] / end actions {action} [/ {action} [...]] / end",
            "flow validate 0 ingress pattern eth / end actions drop / end" },
        { "flow create {port_id} [group {group_id}] [priority {level}] [ingress] [egress] pattern {item} [/ {item} [...]] / end actions {action} [/ {action} [...]] / end",
            "flow create 0 ingress pattern eth / end actions drop / end" },
        { "flow destroy {port_id} rule {rule_id} [...]",
            "flow destroy 0 rule 0" },
        { "flow flush {port_id}",
            "flow flush 0" },
        { "flow query {port_id} {rule_id} {action}",
            "flow query 0 0 count" },
        { "flow list {port_id} [group {group_id}] [...]",
            "flow list 0" },
        { "flow isolate {port_id} {boolean}",
            "flow isolate 0 0" },
        { "port stop (port_id|all)",
            "port stop 0" },
        { "port close (port_id|all)",
            "port close 0" },
        { "port reset (port_id|all)",
            "port reset 0" },
        { "port start (port_id|all)",
            "port start 0" },
        { "port attach (ident)",
            "port attach net_null2" },
        { "port detach (port_id)",
            "port detach 2" },
        { "device detach (identifier)",
            "device detach net_null9" },
    };

    /**
     * Every command jdpdk's help lists is one it takes: an instance of each (the table above, which must name every
     * command line of {@code help all} but quit, and no other) gets neither "Command not found" nor "Bad arguments"
     * from jdpdk's testpmd on two net_null ports.
     */
    @Test
    void shouldTakeAnInstanceOfEveryCommandItsHelpLists() throws Exception
    {
        final List<String> listed = new ArrayList<>();
        for (final String block : HelpText.section("all").split("\n\n"))
        {
            for (final String line : block.split("\n"))
            {
                if (!line.isEmpty() && !Character.isWhitespace(line.charAt(0)) && !line.endsWith(":") &&
                    !line.startsWith("---") && !line.startsWith("Configuration changes") && !line.equals("quit"))
                {
                    listed.add(line);
                }
            }
        }
        assertEquals(listed.stream().sorted().toList(),
            java.util.Arrays.stream(HELP_INSTANCES).map(row -> row[0]).sorted().toList());
        final List<String> instances = java.util.Arrays.stream(HELP_INSTANCES).map(row -> row[1]).toList();
        final List<String> results = TestPmdSession.onDevices(false, dir, NULL_PORTS, List.of(), instances);
        for (int i = 0; i < instances.size(); i++)
        {
            final String result = results.get(i);
            assertFalse(result.contains("Command not found") || result.contains("Bad arguments"),
                HELP_INSTANCES[i][0] + ": " + result);
        }
    }

    /**
     * After stop, {@code show fwd stats all} prints again what stop printed; {@code clear fwd stats all} zeroes it.
     * Against dpdk-testpmd with the counts masked (each forwarded for its own moment).
     */
    @Test
    void shouldKeepTheForwardStatisticsOfTheLastRunUntilClearedAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("start", "stop", "show fwd stats all", "clear fwd stats all",
            "show fwd stats all");
        final List<String> jdpdk = TestPmdSession.onDevices(false, dir, NULL_PORTS, List.of(), commands);
        final String stopped = jdpdk.get(1);
        final String stats = stopped.substring(stopped.indexOf("\n  ----"), stopped.indexOf("\nDone."));
        assertTrue(stats.matches("(?s).*RX-packets: [1-9].*"), stopped);
        assertTrue(jdpdk.get(2).contains(stats), jdpdk.get(2));
        assertTrue(!jdpdk.get(4).matches("(?s).*-packets: [1-9].*"), jdpdk.get(4));
        final List<String> dpdk = TestPmdSession.onDevices(true, dir, NULL_PORTS, List.of(), commands);
        assertEquals(counted(dpdk), counted(jdpdk));
    }

    /**
     * {@code port stop} and {@code port start}: stopped and started once each, what is already so left with testpmd's
     * words, no forwarding until every port runs, no stop of a forwarding port while it forwards.
     */
    @Test
    void shouldStopAndStartPortsAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("port stop all", "port stop all", "port stop 0", "port start 1",
            "start", "show port summary all", "port start all", "start", "port stop 0", "stop", "port stop 7",
            "port stop x", "port start 0", "port stop 1", "port start all");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, NULL_PORTS, List.of(), commands,
            TestPmdConfigCommandsTest::counted);
        assertTrue(dpdk.get(4).contains("stderr:\nNot all ports were started"), dpdk.get(4));
        assertTrue(dpdk.get(5).contains("net_null down"), dpdk.get(5));
    }

    /**
     * {@code csum set|show|mac-swap}: on a started port testpmd's refusal, on a stopped one the offload settings,
     * a hardware offload net_null lacks refused, a missing port and bad tokens; the port configured again at its next
     * start ("Configuring Port"), the other started as it was.
     */
    @Test
    void shouldSetAndShowChecksumOffloadsAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("csum show 0", "port stop all", "csum show 0", "csum set ip hw 0",
            "csum set udp sw 0", "csum set outer-udp hw 1", "csum set ip hw 7", "csum show 7", "csum set ipv4 sw 0",
            "csum set ip maybe 0", "csum show", "csum mac-swap off 1", "csum mac-swap off 9", "port start all",
            "port stop 1", "port start 1", "show config rxtx");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, NULL_PORTS, List.of(), commands,
            TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("stderr:\nPlease stop port 0 first"), dpdk.get(0));
        assertTrue(dpdk.get(3).contains("IP checksum offload is not supported by port 0"), dpdk.get(3));
        assertTrue(dpdk.get(13).contains("Configuring Port 0 (socket 0)\nPort 0: MAC\nConfiguring Port 1"),
            dpdk.get(13));
        assertTrue(!dpdk.get(15).contains("Configuring"), dpdk.get(15));
    }

    /**
     * {@code show port N ptypes}: net_tap's packet types layer by layer with DPDK's names, net_null's "unsupported" on
     * every layer, and a missing port (ethdev's log line only).
     */
    @Test
    void shouldShowTheSupportedPacketTypesAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of(TestPmdSession.tap(), "--vdev=net_null1"),
            List.of(), List.of("show port 0 ptypes", "show port 1 ptypes", "show port 5 ptypes", "show port x ptypes"),
            TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("Supported L2 ptypes:\nL2_ETHER \n"), dpdk.get(0));
        assertTrue(dpdk.get(1).contains("L2 ptypes unsupported\nL3 ptypes unsupported\n"), dpdk.get(1));
        assertTrue(dpdk.get(2).contains("Invalid port_id=5"), dpdk.get(2));
    }

    /**
     * On net_tap, which has the IPv4, UDP and TCP checksum offloads: {@code csum set ... hw} takes them, and the port
     * comes back from its next start with them configured ({@code show config rxtx}'s TX offloads), as dpdk-testpmd's.
     */
    @Test
    void shouldConfigureTheChecksumOffloadsATapPortHasAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("port stop 0", "csum set ip hw 0", "csum set tcp hw 0",
            "csum set sctp hw 0", "csum show 0", "port start 0", "show config rxtx", "port stop 0",
            "csum set ip sw 0", "port start 0", "show config rxtx");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of(TestPmdSession.tap(), "--vdev=net_null1"),
            List.of(), commands, TestPmdSession::maskMacs);
        assertTrue(dpdk.get(4).contains("IP checksum offload is hw\nUDP checksum offload is sw\nTCP checksum " +
            "offload is hw"), dpdk.get(4));
        assertTrue(dpdk.get(6).contains("Tx offloads=0xa"), dpdk.get(6));
        assertTrue(dpdk.get(10).contains("Tx offloads=0x8"), dpdk.get(10));
    }

    /**
     * {@code start tx_first 2}: before forwarding, each stream sends two bursts of txonly's packets, byte for byte
     * dpdk-testpmd's, counted in the forward statistics (net_pcap ports with nothing to receive).
     */
    @Test
    void shouldSendTheFirstBurstsOfTxFirstAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final Path empty = dir.resolve("empty.pcap");
        Pcap.write(empty, List.of());
        final List<String> commands = List.of("start tx_first 2", "stop", "show fwd stats all", "start tx_first x");
        final List<List<String>> results = new ArrayList<>();
        final List<List<TestPmdRun.Record>> sent = new ArrayList<>();
        for (final boolean dpdk : new boolean[] {true, false})
        {
            final String side = dpdk ? "dpdk" : "jdpdk";
            final List<String> vdevs = List.of(
                "--vdev=net_pcap0,rx_pcap=" + empty + ",tx_pcap=" + dir.resolve(side + "0.pcap"),
                "--vdev=net_pcap1,rx_pcap=" + empty + ",tx_pcap=" + dir.resolve(side + "1.pcap"));
            results.add(TestPmdSession.maskMacs(TestPmdSession.onDevices(dpdk, dir, vdevs, List.of(), commands)));
            for (final int port : new int[] {0, 1})
            {
                sent.add(TestPmdRun.records(dir.resolve(side + port + ".pcap")));
            }
        }
        assertTrue(results.get(0).get(1).contains("TX-packets: 64 "), results.get(0).get(1));
        assertEquals(results.get(0), results.get(1));
        for (int port = 0; port < 2; port++)
        {
            assertEquals(64, sent.get(port).size());
            for (int i = 0; i < 64; i++)
            {
                assertArrayEquals(sent.get(port).get(i).data(), sent.get(2 + port).get(i).data(), "port " + port +
                    ", packet " + i);
            }
        }
    }

    /**
     * {@code --record-burst-stats} and {@code set record-core-cycles on}: after forwarding 40 frames (a burst of 32,
     * one of 8) from one net_pcap port to the other, each port's block shows its streams' bursts by size and the
     * accumulated block the cycles per packet, as dpdk-testpmd shows them; {@code set record-burst-stats off} hides
     * them again. How many empty polls there were (the RX lines) and the cycles are the host's, so they are masked.
     */
    @Test
    void shouldRecordBurstsAndCyclesAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final Path in = dir.resolve("in.pcap");
        final List<byte[]> frames = new ArrayList<>();
        for (int i = 0; i < 40; i++)
        {
            frames.add(OracleFrames.allModes(i).get(0));
        }
        Pcap.write(in, frames);
        final Path empty = dir.resolve("empty.pcap");
        Pcap.write(empty, List.of());
        final List<String> commands = List.of("set record-core-cycles on", "start", "#pause 500", "stop",
            "set record-burst-stats off", "show fwd stats all", "set record-burst-stats on", "show fwd stats all");
        final List<List<String>> results = new ArrayList<>();
        for (final boolean dpdk : new boolean[] {true, false})
        {
            final String side = dpdk ? "dpdk" : "jdpdk";
            final List<String> vdevs = List.of(
                "--vdev=net_pcap0,rx_pcap=" + in + ",tx_pcap=" + dir.resolve(side + "0.pcap"),
                "--vdev=net_pcap1,rx_pcap=" + empty + ",tx_pcap=" + dir.resolve(side + "1.pcap"));
            results.add(TestPmdSession.maskMacs(TestPmdSession.onDevices(dpdk, dir, vdevs,
                List.of("--record-burst-stats"), commands)).stream()
                .map(r -> r.replaceAll("RX-bursts : [0-9]+ \\[[^]]*]", "RX-bursts : N [...]")
                    .replaceAll("cycles/packet=[0-9.]+ \\(total cycles=[0-9]+", "cycles/packet=C (total cycles=T")
                    .replaceAll("at [0-9]+ MHz Clock", "at F MHz Clock")).toList());
        }
        final String stop = results.get(0).get(3);
        assertTrue(stop.contains("  TX-packets: 40             TX-dropped: 0             TX-total: 40\n" +
            "  RX-bursts : N [...]\n  TX-bursts : 2 [0% of 0 pkts + 50% of 8 pkts + 50% of 32 pkts]\n"), stop);
        assertTrue(stop.contains("CPU cycles/packet=C (total cycles=T / total io packets=40) at F MHz Clock"), stop);
        assertTrue(!results.get(0).get(5).contains("bursts") && results.get(0).get(5).contains("CPU cycles"),
            results.get(0).get(5));
        assertEquals(results.get(0), results.get(1));
    }

    /**
     * {@code show port N flow_ctrl} and {@code set flow_ctrl}, whole and one field at a time, on a net_tap (its pause
     * frames are off, the only mode it takes) and a net_null (no flow control), in testpmd's and ethdev's words: a
     * mode the device lacks, a send_xon other than 0 or 1, a port that is not there, values past their token's type.
     */
    @Test
    void shouldShowAndSetFlowControlAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("show port 0 flow_ctrl", "show port 1 flow_ctrl", "show port 9 flow_ctrl",
            "set flow_ctrl rx off tx off 0 0 0 0 mac_ctrl_frame_fwd off autoneg off 0",
            "set flow_ctrl rx on tx off 100 50 10 1 mac_ctrl_frame_fwd on autoneg on 0", "set flow_ctrl rx off 0",
            "set flow_ctrl tx on 0", "set flow_ctrl high_water 4096 0", "set flow_ctrl send_xon 2 0",
            "set flow_ctrl autoneg on 1", "set flow_ctrl rx off tx off 0 0 0 0 mac_ctrl_frame_fwd off autoneg off 9",
            "set flow_ctrl pause_time 70000 0", "set flow_ctrl rx maybe 0", "show port 0 flow_ctrl #and a comment");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of(TestPmdSession.tap(), "--vdev=net_null1"),
            List.of(), commands, TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).contains("FC mode:\n   Rx pause: off\n   Tx pause: off\nAutoneg: off\n"), dpdk.get(0));
        assertTrue(dpdk.get(1).contains("Failed to get current flow ctrl information: err = -95"), dpdk.get(1));
        assertTrue(dpdk.get(4).contains("bad flow control parameter, return code = -95"), dpdk.get(4));
        assertTrue(dpdk.get(8).contains("Invalid send_xon, only 0/1 allowed\nbad flow control parameter, return " +
            "code = -22"), dpdk.get(8));
        assertTrue(dpdk.get(9).contains("cannot get current flow ctrl parameters, return code = -95"), dpdk.get(9));
        assertTrue(dpdk.get(11).contains("Bad arguments"), dpdk.get(11));
    }

    /**
     * What a start refuses and what the port commands refuse: txonly's begin (first bursts, or the mode) with
     * multi-flow on a first segment shorter than the headers, its reason then "Packet forwarding is not ready"; port
     * ids that are not uint8 for {@code port stop}; port ids in hex and binary for the show commands.
     */
    @Test
    void shouldRefuseAsDpdkTestpmdWhatAStartOrAPortCommandCannotDo() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> app = List.of("--txonly-multi-flow", "--txpkts=20,40");
        final List<String> commands = List.of("start tx_first", "show config fwd", "set fwd txonly", "start",
            "port stop 300", "port stop 65535", "show port summary 0x1", "show port xstats 0b1",
            "show port stats 0x10");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, NULL_PORTS, app, commands, TestPmdSession::maskMacs);
        assertTrue(dpdk.get(0).endsWith("(needed)\nPacket forwarding is not ready\n"), dpdk.get(0));
    }

    /**
     * {@code set link-down|link-up port N}: net_ring's link follows ({@code show port summary|info}); net_null has no
     * such operation, and a missing port fails in ethdev; both get testpmd's one line on standard error. An id that
     * is no uint16 is refused by the parser.
     */
    @Test
    void shouldSetTheLinkDownAndUpAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("set link-down port 0", "show port summary all", "show port info 0",
            "set link-up port 0", "show port summary 0", "set link-down port 1", "set link-up port 7",
            "set link-down port x", "set link-up port 70000", "set link-up 0", "show port summary 1");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of("--vdev=net_ring0", "--vdev=net_null0"),
            List.of(), commands, TestPmdSession::maskMacs);
        assertTrue(dpdk.get(1).matches("(?s).*net_ring +down.*"), dpdk.get(1));
        assertTrue(dpdk.get(4).matches("(?s).*net_ring +up.*"), dpdk.get(4));
        assertTrue(dpdk.get(5).contains("stderr:\n\nSet link down fail."), dpdk.get(5));
        assertTrue(dpdk.get(10).matches("(?s).*net_null +up.*"), dpdk.get(10));
    }

    /**
     * {@code mac_addr add|remove|set} and {@code show port N macs|mcast_macs}: net_ring's one-slot table (its zero
     * default taken by the first add, the second refused, either text form, twice, the zero address, the slot that
     * cannot be removed), net_null's default address replaced (it cannot add one), a multicast default refused, a
     * missing port, and tokens that are no address, each with testpmd's words. Nothing is masked: every address
     * shown was set by the commands.
     */
    @Test
    void shouldAddRemoveAndSetMacAddressesAsDpdkTestpmd() throws Exception
    {
        TestPmdSession.requireDpdkTestpmd();
        final List<String> commands = List.of("mac_addr set 1 02:00:00:00:00:09", "show port 1 macs",
            "mac_addr add 1 02:00:00:00:00:0a", "show port 0 macs", "mac_addr add 0 02:00:00:00:00:07",
            "mac_addr add 0 0200:0000:0008", "mac_addr add 0 2:0:0:0:0:7", "show port 0 macs",
            "mac_addr remove 0 02:00:00:00:00:07", "mac_addr remove 0 02:00:00:00:00:07", "show port 0 macs",
            "mac_addr set 0 02:00:00:00:00:0b", "mac_addr add 0 00:00:00:00:00:00", "mac_addr add 7 02:00:00:00:00:01",
            "mac_addr add 0 02:00:00:00:00", "mac_addr add 0 02:00:00:00:00:0g", "mac_addr add 0 02:00:00:00:00:001",
            "show port 7 macs", "show port 0 mcast_macs", "mac_addr set 1 01:00:5e:00:00:01",
            "mac_addr remove 1 02:00:00:00:00:09", "show port 1 macs");
        final List<String> dpdk = TestPmdSession.sameAsDpdk(dir, List.of("--vdev=net_ring0", "--vdev=net_null0"),
            List.of(), commands, results -> results);
        assertTrue(dpdk.get(1).contains("Number of MAC address added: 1\n  02:00:00:00:00:09"), dpdk.get(1));
        assertTrue(dpdk.get(7).contains("Number of MAC address added: 1\n  02:00:00:00:00:07"), dpdk.get(7));
        assertTrue(dpdk.get(5).contains("mac_addr_cmd error: (No space left on device)"), dpdk.get(5));
        assertTrue(dpdk.get(2).contains("mac_addr_cmd error: (Operation not supported)"), dpdk.get(2));
        assertTrue(dpdk.get(6).contains("Bad arguments"), "22.11.11 takes two digits an octet: " + dpdk.get(6));
    }

    /** MACs and counts masked, runs of spaces made one (the counts' widths set the padding). */
    private static List<String> counted(final List<String> results)
    {
        return TestPmdSession.maskMacs(results).stream().map(r -> r.replaceAll("[0-9]+", "N").replaceAll(" +", " ")).toList();
    }
}
