package io.jdpdk.pmd;

import io.jdpdk.eal.Devices;
import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.TestEal;
import io.jdpdk.eal.raw.LayoutCheck;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.pmd.raw.EthdevRaw;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.foreign.StructLayout;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PortTest
{
    private static Mempool pool;

    @BeforeAll
    static void setUp()
    {
        TestEal.get();
        pool = Mempool.create("port_test_pool", 8191, 256);
    }

    @AfterAll
    static void tearDown()
    {
        assertEquals(0, pool.inUseCount(), "every mbuf back in the pool");
    }

    private static PortConfig config()
    {
        return new PortConfig().mempool(pool).rxDesc(512).txDesc(512);
    }

    @Test
    void shouldApplyTheRequestedOffloadsTheDeviceHasAndLeaveOutTheRest()
    {
        final long ipv4Cksum = 1L << 1;  // RTE_ETH_RX_OFFLOAD_IPV4_CKSUM, and RTE_ETH_TX_OFFLOAD_IPV4_CKSUM is 1 << 1 too
        final long timestamp = 1L << 14; // RTE_ETH_RX_OFFLOAD_TIMESTAMP: net_tap has none
        final long macsec = 1L << 13;    // RTE_ETH_TX_OFFLOAD_MACSEC_INSERT: net_tap has none
        try (Port port = Port.probe(TestEal.uniqueName("net_tap")).configure(config()
            .rxOffloads(ipv4Cksum | timestamp).txOffloads(ipv4Cksum | macsec)).start())
        {
            final DeviceInfo info = port.info();
            assertTrue((info.rxOffloadCapa() & ipv4Cksum) != 0 && (info.rxOffloadCapa() & timestamp) == 0,
                "net_tap offers RX IPv4 checksums and no timestamps: 0x" + Long.toHexString(info.rxOffloadCapa()));
            assertEquals(ipv4Cksum | timestamp, port.config().rxOffloads(), "the request stays as it was");
            assertEquals(timestamp, port.config().unsupportedRxOffloads(info));
            assertEquals(macsec, port.config().unsupportedTxOffloads(info));
            assertEquals(ipv4Cksum, port.rxOffloads(), "in force in DPDK (rte_eth_dev_conf_get)");
            assertEquals(ipv4Cksum, port.txOffloads());
        }
    }

    /**
     * Several pools or buffer split segments reach {@code rte_eth_rx_queue_setup} in place of the single pool, as
     * ethdev's own words show (its errno is EINVAL for each): net_null takes no second pool ({@code max_rx_mempools}
     * 0) and splits nothing ({@code rx_seg_capa.max_nseg} 0), and segments without the buffer split offload are
     * refused before the device is asked. The port then sets up from its one pool again.
     */
    @Test
    void shouldHandEthdevTheRxQueuesPoolsOrSegmentsInPlaceOfTheSinglePool() throws Throwable
    {
        try (Mempool second = Mempool.create("port_test_pool_1", 1023, 0, 4096, Mempool.SOCKET_ID_ANY);
             Port port = Port.probe(TestEal.uniqueName("net_null")))
        {
            assertEquals(0, port.info().details().maxRxMempools());
            final List<PortConfig.RxSegment> segments = List.of(new PortConfig.RxSegment(pool, 64, 0, 0),
                new PortConfig.RxSegment(second, 0, 0, 0));
            final String[] message = new String[1];
            final String pools = EalLogCapture.during(() -> message[0] = assertThrows(DpdkException.class,
                () -> port.configure(config().rxMempools(List.of(pool, second)))).call());
            assertTrue(pools.contains("Too many Rx mempools 2 vs maximum 0"), pools);
            assertEquals("rte_eth_rx_queue_setup(port=" + port.id() + ", queue=0, nb_rxd=512, " +
                "pools=port_test_pool,port_test_pool_1)", message[0]);
            final String split = EalLogCapture.during(() -> assertThrows(DpdkException.class,
                () -> port.configure(config().offloadsAsGiven(true).rxQueueOffloads(0, PortConfig.RX_OFFLOAD_BUFFER_SPLIT)
                    .rxSegments(segments))));
            assertTrue(split.contains("Requested Rx segments 2 exceed supported 0"), split);
            final String noOffload = EalLogCapture.during(() -> assertThrows(DpdkException.class,
                () -> port.configure(config().rxSegments(segments))));
            assertTrue(noOffload.contains("No Rx segmentation offload configured"), noOffload);
            assertThrows(IllegalArgumentException.class,
                () -> port.configure(config().rxSegments(segments).rxMempools(List.of(pool, second))));

            port.configure(config()).start();
            assertTrue(port.isStarted(), "set up from its one pool");
            port.stop();
        }
    }

    /**
     * A queue's own offloads reach {@code rte_eth_rx_queue_setup}: masked to what the device allows a single queue,
     * or, as given, refused by ethdev for that queue; offloads as given that the device lacks fail
     * {@code rte_eth_dev_configure} with EINVAL.
     */
    @Test
    void shouldSetUpEachQueueWithItsOwnOffloadsAndLetEthdevRefuseThoseAsGiven()
    {
        final long ipv4Cksum = 1L << 1; // RTE_ETH_RX_OFFLOAD_IPV4_CKSUM: net_tap has it per queue
        final long keepCrc = 1L << 16;  // RTE_ETH_RX_OFFLOAD_KEEP_CRC: net_tap has none
        final long timestamp = 1L << 14;
        try (Port port = Port.probe(TestEal.uniqueName("net_tap")))
        {
            final DeviceInfo.Details details = port.info().details();
            assertEquals(0, details.nbRxQueues(), "not configured yet");
            assertTrue((details.rxQueueOffloadCapa() & ipv4Cksum) != 0 && (details.rxQueueOffloadCapa() & keepCrc) == 0,
                "0x" + Long.toHexString(details.rxQueueOffloadCapa()));
            port.configure(config().rxQueues(2).txQueues(2).rxQueueOffloads(0, ipv4Cksum)
                .rxQueueOffloads(1, ipv4Cksum | keepCrc));
            assertEquals(2, port.info().details().nbRxQueues());
            assertEquals(0, port.rxOffloads(), "queue offloads are not the port's");
            final DpdkException queue = assertThrows(DpdkException.class, () -> port.configure(config().rxQueues(2)
                .txQueues(2).offloadsAsGiven(true).rxQueueOffloads(1, ipv4Cksum | keepCrc)));
            assertTrue(queue.call().startsWith("rte_eth_rx_queue_setup(port=" + port.id() + ", queue=1,"), queue.call());
            assertEquals(22, queue.errno());
            final DpdkException device = assertThrows(DpdkException.class, () -> port.configure(config()
                .offloadsAsGiven(true).rxOffloads(timestamp)));
            assertTrue(device.call().startsWith("rte_eth_dev_configure("), device.call());
            assertEquals(22, device.errno());
            port.configure(config().rxOffloads(timestamp)).start(); // masked: configured without it
            assertEquals(0, port.rxOffloads());
        }
        assertThrows(IllegalArgumentException.class, () -> config().txQueueOffloads(1024, 1));
        assertEquals("IPV4_CKSUM", Port.rxOffloadName(ipv4Cksum));
        assertEquals("MBUF_FAST_FREE", Port.txOffloadName(PortConfig.TX_OFFLOAD_MBUF_FAST_FREE));
        assertEquals("UNKNOWN", Port.rxOffloadName(1L << 63));
    }

    /**
     * A queue's setup is the device's default with the configured thresholds and the queue's own offloads; what is
     * left to the device keeps its default; a port takes such a configuration (net_tap ignores thresholds).
     */
    @Test
    void shouldSetUpQueuesFromTheDevicesDefaultWithTheConfiguredThresholds()
    {
        final QueueInfo rxDefault = new QueueInfo(0, 8, 8, 4, 32, 0, 1L << 19, "", true, false, false, 0, 0);
        final QueueInfo txDefault = new QueueInfo(0, 36, 0, 0, 32, 32, 0, "", false, false, false, 0, 0);
        final PortConfig cfg = config().rxThresholds(1, PortConfig.DEVICE_DEFAULT, 255, 64, 0)
            .txThresholds(PortConfig.DEVICE_DEFAULT, 2, 3, PortConfig.DEVICE_DEFAULT, 16).rxQueueOffloads(1, 1L << 1);
        assertEquals(new QueueInfo(0, 1, 8, 255, 64, 0, 1L << 19, "", false, false, false, 0, 0),
            cfg.rxQueueSetup(0, rxDefault), "queue 0 has no offloads of its own: the default's");
        assertEquals(1L << 1, cfg.rxQueueSetup(1, rxDefault).offloads());
        assertEquals(new QueueInfo(0, 36, 2, 3, 32, 16, 0, "", false, false, false, 0, 0), cfg.txQueueSetup(0, txDefault));
        assertThrows(IllegalArgumentException.class, () -> config().rxThresholds(256, -1, -1, -1, -1));
        assertThrows(IllegalArgumentException.class, () -> config().rxThresholds(-1, -1, -1, -1, 2));
        assertThrows(IllegalArgumentException.class, () -> config().txThresholds(-1, -1, -1, -1, 65536));
        try (Port port = Port.probe(TestEal.uniqueName("net_tap")).configure(cfg.rxQueues(2).txQueues(2)).start())
        {
            assertTrue(port.isStarted());
        }
    }

    /** A probed virtual device is found by its name, with or without its bus, and its port is its own. */
    @Test
    void shouldFindAProbedDeviceAndItsPort()
    {
        final String name = TestEal.uniqueName("net_null");
        try (Port port = Port.probe(name))
        {
            final List<Devices.Device> found = Devices.matching(name);
            assertEquals(1, found.size(), found.toString());
            final Devices.Device device = found.get(0);
            // net_null takes the socket of the lcore that probes it (net_tap and net_pcap leave -1, SOCKET_ID_ANY).
            assertEquals(List.of(name, "vdev", "net_null", 0), List.of(device.name(), device.bus(), device.driver(),
                device.numaNode()));
            assertEquals(List.of(device), Devices.matching("vdev:" + name));
            assertTrue(Devices.withDrivers().contains(device));
            assertArrayEquals(new int[] {port.id()}, Port.idsOf(device));
        }
        assertThrows(IllegalArgumentException.class, () -> Devices.matching("no_such_driver0"));
    }

    @Test
    void shouldReportWhatTestpmdsPortInfoShowsOfADevice()
    {
        try (Port tap = Port.probe(TestEal.uniqueName("net_tap")).configure(config()).start())
        {
            final DeviceInfo.Details details = tap.info().details();
            assertTrue(details.devArgs() != null && details.devArgs().isEmpty(), "a vdev probed by name alone: " +
                details.devArgs());
            assertEquals(1500, tap.mtu());
            assertEquals(0, tap.vlanOffload(), "no VLAN offload configured");
            assertNull(tap.firmwareVersion(), "net_tap has no firmware version");
            assertEquals(1, details.rxDescAlign());
            assertEquals(DeviceInfo.SWITCH_DOMAIN_ID_INVALID, details.switchDomainId());
            assertEquals(0, details.errHandleMode(), "RTE_ETH_ERROR_HANDLE_MODE_NONE");
            assertEquals("RUNTIME_RX_QUEUE_SETUP", Port.capabilityName(1));
            assertEquals("FLOW_SHARED_OBJECT_KEEP", Port.capabilityName(1L << 4));
            tap.promiscuous(true);
            assertTrue(tap.promiscuous());
            assertEquals(tap.allMulticast(), EthdevRaw.allmulticast_get(tap.id()) == 1);
        }
    }

    @Test
    void shouldKeepThePromiscuousModeSetSinceTheFirstStartAcrossAStopAndStart()
    {
        try (Port tap = Port.probe(TestEal.uniqueName("net_tap")).configure(config().promiscuous(true)).start();
             Port nul = Port.probe(TestEal.uniqueName("net_null")).configure(config()).start())
        {
            assertTrue(tap.promiscuous(), "as configured, at the first start");
            assertTrue(tap.promiscuous(false));
            tap.stop();
            tap.start();
            assertFalse(tap.promiscuous(), "a restart keeps what was set since, as ethdev restores it");
            assertFalse(nul.promiscuous(false), "net_null cannot leave promiscuous mode (ENOTSUP)");
            assertTrue(nul.promiscuous());
        }
    }

    @Test
    void shouldSetTheLinkDownAndUpWhereTheDriverCanAndSayWhereItCannot()
    {
        try (Port ring = Port.probe(TestEal.uniqueName("net_ring")).configure(config()).start();
             Port nul = Port.probe(TestEal.uniqueName("net_null")).configure(config()).start())
        {
            assertTrue(ring.link().up(), "net_ring's link is up once started");
            assertTrue(ring.link(false));
            assertFalse(ring.link().up());
            assertTrue(ring.link(true));
            assertTrue(ring.link().up());
            assertFalse(nul.link(false), "net_null has no link-down operation (ENOTSUP)");
            assertTrue(nul.link().up(), "and its link stays up");
        }
    }

    @Test
    void shouldAddAndRemoveMacAddressesAndReplaceTheDefaultWhereTheDriverCan()
    {
        try (Port ring = Port.probe(TestEal.uniqueName("net_ring")).configure(config()).start();
             Port nul = Port.probe(TestEal.uniqueName("net_null")).configure(config()).start())
        {
            // net_ring's table has one slot, its default address, which is zero (not shown): the first add takes it.
            assertArrayEquals(new long[0], ring.macAddresses());
            ring.addMacAddress(0x02_00_00_00_00_07L);
            ring.addMacAddress(0x02_00_00_00_00_07L);
            assertArrayEquals(new long[] { 0x02_00_00_00_00_07L }, ring.macAddresses(), "added once");
            final DpdkException full = assertThrows(DpdkException.class,
                () -> ring.addMacAddress(0x02_00_00_00_00_08L));
            assertEquals(28, full.errno(), "ENOSPC: " + full.getMessage());
            final DpdkException first = assertThrows(DpdkException.class,
                () -> ring.removeMacAddress(0x02_00_00_00_00_07L));
            assertEquals(98, first.errno(), "EADDRINUSE, the table's first address: " + first.getMessage());
            ring.removeMacAddress(0x02_00_00_00_00_08L);
            assertArrayEquals(new long[] { 0x02_00_00_00_00_07L }, ring.macAddresses());

            nul.macAddress(0x02_00_00_00_00_09L);
            assertEquals(0x02_00_00_00_00_09L, nul.macAddress());
            assertArrayEquals(new long[] { 0x02_00_00_00_00_09L }, nul.macAddresses());
            final DpdkException unsupported = assertThrows(DpdkException.class,
                () -> nul.addMacAddress(0x02_00_00_00_00_0AL));
            assertEquals(95, unsupported.errno(), unsupported.getMessage());
            final DpdkException multicast = assertThrows(DpdkException.class,
                () -> nul.macAddress(0x01_00_5E_00_00_01L));
            assertEquals(22, multicast.errno(), "EINVAL: " + multicast.getMessage());
            assertEquals(0x02_00_00_00_00_09L, nul.macAddress(), "a refused address changes nothing");
        }
    }

    @Test
    void shouldReportThePacketTypesTheDeviceRecognisesInTheRequestedLayers()
    {
        final int l3l4 = PortConfig.PTYPE_L3_MASK | PortConfig.PTYPE_L4_MASK;
        try (Port tap = Port.probe(TestEal.uniqueName("net_tap")).configure(config().packetTypes(l3l4)).start();
             Port nul = Port.probe(TestEal.uniqueName("net_null")).configure(config().packetTypes(l3l4)).start())
        {
            final int[] types = tap.packetTypes();
            assertTrue(Arrays.stream(types).anyMatch(t -> t == 0x10), "RTE_PTYPE_L3_IPV4 from net_tap: " +
                Arrays.toString(types));
            assertTrue(Arrays.stream(types).anyMatch(t -> t == 0x200), "RTE_PTYPE_L4_UDP from net_tap");
            assertTrue(Arrays.stream(types).allMatch(t -> (t & ~l3l4) == 0), "only the requested layers");
            assertArrayEquals(new int[] {0x1, 0x6, 0x7}, tap.supportedPacketTypes(PortConfig.PTYPE_L2_MASK),
                "net_tap's L2 types: ETHER, ETHER_VLAN, ETHER_QINQ");
            assertArrayEquals(new int[0], nul.packetTypes(), "net_null classifies nothing: parse in software");
        }
    }

    @Test
    void shouldMaskRssHashFunctionsTheDeviceLacksInsteadOfFailingStartup()
    {
        final long ipv4 = 1L << 2;                     // RTE_ETH_RSS_IPV4
        final long sctp = (1L << 6) | (1L << 12);      // RTE_ETH_RSS_NONFRAG_IPV4_SCTP, _IPV6_SCTP
        try (Port port = Port.probe(TestEal.uniqueName("net_tap")))
        {
            final DeviceInfo info = port.info();
            assertTrue((info.flowTypeRssOffloads() & ipv4) != 0 && (info.flowTypeRssOffloads() & sctp) == 0,
                "net_tap hashes IPv4 but not SCTP: 0x" + Long.toHexString(info.flowTypeRssOffloads()));
            port.configure(config().rxQueues(2).txQueues(2).rssHashFunctions(ipv4 | sctp)).start();
            assertEquals(ipv4, port.rssHashFunctions(), "in force: what the device supports");
            assertEquals(sctp, port.config().unsupportedRssHashFunctions(info));
        }
        try (Port port = Port.probe(TestEal.uniqueName("net_tap")))
        {
            port.configure(config().rxQueues(2).txQueues(2).rssHashFunctions(sctp)).start();
            assertEquals(0, port.rssHashFunctions(), "nothing left to hash on: no RSS, and still it starts");
        }
    }

    @Test
    void shouldReportTheRssHashFunctionsInForceAsTheDriverDoes()
    {
        try (Port port = Port.probe(TestEal.uniqueName("net_null")))
        {
            assertEquals(0, port.info().hashKeySize(), "net_null reports no key size, though it has a key");
            port.configure(config().rxQueues(2).txQueues(2).rssHashFunctions(RssTypes.IP | RssTypes.UDP)).start();
            final RssHashConf conf = port.rssHashConf(false);
            assertEquals(RssTypes.IP | RssTypes.UDP, conf.hashFunctions());
            assertEquals(0, conf.key().length);
            assertEquals(RssTypes.IP | RssTypes.UDP, port.rssHashConf(true).hashFunctions());
            assertEquals(0, port.rssHashConf(true).key().length, "hash_key_size bytes of key");
        }
        try (Port port = Port.probe(TestEal.uniqueName("net_null")))
        {
            port.configure(config()).start();
            assertEquals(0, port.rssHashConf(false).hashFunctions(), "one RX queue: no RSS");
        }
    }

    @Test
    void shouldReadTheRssKeyOfHashKeySizeBytes()
    {
        // net_bonding over net_tap: a 40-byte hash_key_size, and once configured for RSS its default key
        final String tap = TestEal.uniqueName("net_tap");
        try (Port slave = Port.probe(tap);
             Port bond = Port.probe(TestEal.uniqueName("net_bonding") + ",mode=0,slave=" + tap))
        {
            bond.configure(config().rxQueues(2).txQueues(2).rssHashFunctions(RssTypes.IP)).start();
            assertEquals(40, bond.info().hashKeySize());
            final RssHashConf conf = bond.rssHashConf(true);
            assertEquals(RssTypes.IP, conf.hashFunctions());
            assertThrows(DpdkException.class, () -> slave.rssHashConf(true), "net_tap itself cannot tell");
            assertEquals("6D5A56DA255B0EC24167253D43A38FB0D0CA2BCBAE7B30B477CB2DA38030F20C6A42B73BBEAC01FA",
                java.util.HexFormat.of().withUpperCase().formatHex(conf.key()));
        }
    }

    @Test
    void shouldThrowDpdksErrnoWhenTheDriverCannotReportItsRssConfiguration()
    {
        try (Port port = Port.probe(TestEal.uniqueName("net_tap")))
        {
            assertEquals(40, port.info().hashKeySize(), "TAP_RSS_HASH_KEY_SIZE");
            port.configure(config().rxQueues(2).txQueues(2).rssHashFunctions(RssTypes.IP)).start();
            final DpdkException e = assertThrows(DpdkException.class, () -> port.rssHashConf(true));
            assertEquals(95, e.errno(), "ENOTSUP: net_tap has no rss_hash_conf_get");
            assertEquals("Operation not supported", e.reason());
            assertTrue(e.call().startsWith("rte_eth_dev_rss_hash_conf_get(port=" + port.id()), e.call());
        }
    }

    @Test
    void shouldRefuseAPacketTypeMaskThatSplitsALayer()
    {
        try (Port port = Port.probe(TestEal.uniqueName("net_null")))
        {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> port.configure(config().packetTypes(0x30)));
            assertTrue(e.getMessage().contains("whole RTE_PTYPE_*_MASK layers only"), e.getMessage());
        }
    }

    @Test
    void shouldMatchEthdevLayoutsOfInstalledHeaders()
    {
        final Map<String, StructLayout> layouts = Map.of(
            "rte_eth_stats", EthdevRaw.RTE_ETH_STATS, "rte_eth_dev_info", EthdevRaw.RTE_ETH_DEV_INFO,
            "rte_eth_conf", EthdevRaw.RTE_ETH_CONF, "rte_eth_rxmode", EthdevRaw.RTE_ETH_RXMODE,
            "rte_eth_txmode", EthdevRaw.RTE_ETH_TXMODE, "rte_eth_rss_conf", EthdevRaw.RTE_ETH_RSS_CONF,
            "rte_eth_link", EthdevRaw.RTE_ETH_LINK, "rte_eth_xstat", EthdevRaw.RTE_ETH_XSTAT,
            "rte_eth_xstat_name", EthdevRaw.RTE_ETH_XSTAT_NAME, "rte_ether_addr", EthdevRaw.RTE_ETHER_ADDR);
        layouts.forEach((type, layout) -> assertEquals(List.of(), LayoutCheck.mismatches(type, layout), type));
        assertEquals(List.of(), LayoutCheck.mismatches("rte_eth_desc_lim", EthdevRaw.RTE_ETH_DESC_LIM));
        assertEquals(List.of(), LayoutCheck.mismatches("rte_eth_rxconf", EthdevRaw.RTE_ETH_RXCONF));
        assertEquals(List.of(), LayoutCheck.mismatches("rte_eth_rxseg_split", EthdevRaw.RTE_ETH_RXSEG_SPLIT));
        assertEquals(EthdevRaw.RTE_ETH_RXSEG_SPLIT.byteSize(), EthdevRaw.RTE_ETH_RXSEG_SIZE,
            "union rte_eth_rxseg holds the split alone");
    }

    @Test
    void shouldReportNetNullDeviceInfo()
    {
        try (Port port = Port.probe(TestEal.uniqueName("net_null")))
        {
            final DeviceInfo info = port.info();
            assertEquals("net_null", info.driverName());
            assertTrue(info.maxRxQueues() >= 1);
            assertEquals(0, info.rxBurstSize(), "net_null recommends no burst size");
            assertEquals(0, info.txBurstSize());
            assertTrue(port.name().startsWith("net_null_t"));
            assertEquals(port, Port.of(port.id()), "one instance per port id");
            assertEquals(port, Port.byName(port.name()));
        }
    }

    @Test
    void shouldReceiveAndTransmitOnNetNullAndCountInEthdevStats()
    {
        try (Port port = Port.probe(TestEal.uniqueName("net_null") + ",size=128");
             MbufBurst burst = new MbufBurst(32))
        {
            port.configure(config()).start();
            assertTrue(port.isStarted());
            assertTrue(port.link().up());
            long rx = 0;
            long tx = 0;
            for (int i = 0; i < 1000; i++)
            {
                rx += port.rxBurst(0, burst);
                assertEquals(128, new io.jdpdk.mempool.Mbuf().wrap(burst.get(0)).dataLen());
                tx += port.txBurstOrFree(0, burst);
            }
            assertEquals(32_000, rx);
            final PortStats stats = port.stats();
            assertEquals(rx, stats.ipackets());
            assertEquals(tx, stats.opackets());
            assertEquals(0, stats.ierrors());
            assertTrue(port.xstats().containsKey("rx_good_packets"), port.xstats().keySet().toString());
            assertEquals(rx, port.xstats().get("rx_good_packets"));
            port.resetStats();
            assertEquals(0, port.stats(stats).ipackets());
            port.stop();
            assertEquals(0, port.rxBurst(0, burst), "a stopped port receives nothing");
        }
        assertEquals(0, pool.inUseCount());
    }

    @Test
    void shouldPassPacketsThroughNetRingPairInOrder()
    {
        final String ring = TestEal.uniqueName("net_ring");
        try (Port port = Port.probe(ring); // one ring per queue: TX on queue 0 comes back on RX queue 0
             MbufBurst out = new MbufBurst(32); MbufBurst in = new MbufBurst(32))
        {
            port.configure(config()).start();
            assertTrue(out.allocFrom(pool, 32));
            final io.jdpdk.mempool.Mbuf m = new io.jdpdk.mempool.Mbuf();
            for (int i = 0; i < 32; i++)
            {
                out.mbuf(i, m).append(64);
                m.putInt(0, i);
            }
            assertEquals(32, port.txBurst(0, out));
            assertEquals(0, out.count());
            assertEquals(32, port.rxBurst(0, in));
            for (int i = 0; i < 32; i++)
            {
                assertEquals(i, in.mbuf(i, m).getInt(0));
            }
            in.freeAll();
        }
        assertEquals(0, pool.inUseCount());
    }

    @Test
    void shouldFreeWhatAFullNetRingRefusesAndDeliverWhatItTook()
    {
        try (Port port = Port.probe(TestEal.uniqueName("net_ring"));
             MbufBurst out = new MbufBurst(32); MbufBurst in = new MbufBurst(32))
        {
            port.configure(config()).start();
            final io.jdpdk.mempool.Mbuf m = new io.jdpdk.mempool.Mbuf();
            long sent = 0;
            int partial = 0;
            int refused = 0;
            // Nobody receives: the ring fills up, the PMD takes part of a burst, then none of it.
            for (int burst = 0; burst < 100 && refused == 0; burst++)
            {
                assertTrue(out.allocFrom(pool, 32));
                for (int i = 0; i < 32; i++)
                {
                    out.mbuf(i, m).append(64);
                    m.putLong(0, sent + i);
                }
                final int took = port.txBurstOrFree(0, out);
                assertEquals(0, out.count(), "the burst is empty after txBurstOrFree, sent or freed");
                partial += took > 0 && took < 32 ? 1 : 0;
                refused += took == 0 ? 1 : 0;
                sent += took;
                assertEquals(sent, pool.inUseCount(), "only the mbufs the ring holds are out of the pool");
            }
            assertEquals(1, refused, "the ring filled up");
            assertEquals(1, partial, "the PMD took part of one burst (a ring of 1024 holds 1023), sent " + sent);
            long received = 0;
            for (int n; (n = port.rxBurst(0, in)) > 0; received += n)
            {
                for (int i = 0; i < n; i++)
                {
                    assertEquals(received + i, in.mbuf(i, m).getLong(0), "in order, the first ones sent");
                }
                in.freeAll();
            }
            assertEquals(sent, received);
            assertEquals(sent, port.stats().opackets());
        }
        assertEquals(0, pool.inUseCount());
    }

    @Test
    void shouldRejectUnknownPortIdWithValidIds()
    {
        final DpdkException ex = assertThrows(DpdkException.class, () -> Port.of(31));
        assertTrue(ex.getMessage().contains("no such port 31"), ex.getMessage());
        assertThrows(DpdkException.class, () -> Port.of(-1));
        assertThrows(DpdkException.class, () -> Port.of(1000));
        assertThrows(DpdkException.class, () -> Port.byName("net_nosuch"));
    }

    @Test
    void shouldRejectQueueIdsThePortWasNotConfiguredWith()
    {
        try (Port port = Port.probe(TestEal.uniqueName("net_null")); MbufBurst burst = new MbufBurst(32))
        {
            port.configure(config()).start();
            assertThrows(IndexOutOfBoundsException.class, () -> port.rxBurst(1, burst));
            assertThrows(IndexOutOfBoundsException.class, () -> port.txBurst(-1, burst));
        }
    }

    @Test
    void shouldRejectCallsInTheWrongState()
    {
        final Port port = Port.probe(TestEal.uniqueName("net_null"));
        final DpdkException notConfigured = assertThrows(DpdkException.class, port::start);
        assertTrue(notConfigured.getMessage().contains("not configured"), notConfigured.getMessage());
        port.configure(config()).start();
        final DpdkException started = assertThrows(DpdkException.class, () -> port.configure(config()));
        assertTrue(started.getMessage().contains("stop it before configuring"), started.getMessage());
        port.close();
        final DpdkException closed = assertThrows(DpdkException.class, port::info);
        assertTrue(closed.getMessage().contains("is closed"), closed.getMessage());
        port.close(); // idempotent
    }

    @Test
    void shouldReleaseTheIdOfAPortClosedBeforeItWasConfigured()
    {
        final String name = TestEal.uniqueName("net_null");
        final Port port = Port.probe(name);
        final int id = port.id();
        port.close();
        assertFalse(EthdevRaw.dev_is_valid_port(id), "rte_eth_dev_close released port " + id);
        assertThrows(DpdkException.class, () -> Port.byName(name));
    }

    @Test
    void shouldLeaveAPortAsItWasWhenTheDriverHasNoReset()
    {
        try (Port port = Port.probe(TestEal.uniqueName("net_null")).configure(config()).start())
        {
            final DpdkException ex = assertThrows(DpdkException.class, port::reset);
            assertEquals(95, ex.errno(), ex.getMessage()); // ENOTSUP: ethdev did not stop it either
            assertTrue(port.isStarted());
            assertTrue(port.link().up());
        }
    }

    @Test
    void shouldDetachADeviceWithItsPortsAndProbeItAgainAsANewPort()
    {
        final String name = TestEal.uniqueName("net_null");
        final Port port = Port.probe(name).configure(config()).start();
        final DpdkException started = assertThrows(DpdkException.class, () -> Port.detach("vdev", name));
        assertEquals(16, started.errno(), started.getMessage());
        port.stop();
        Port.detach("vdev", name);
        assertFalse(EthdevRaw.dev_is_valid_port(port.id()));
        assertThrows(DpdkException.class, port::info); // closed
        port.close(); // nothing left to close
        assertThrows(DpdkException.class, () -> Port.detach("vdev", name)); // no such device any more
        try (Port again = Port.probe(name))
        {
            assertNotSame(port, again);
            again.configure(config()).start();
            assertTrue(again.isStarted());
        }
    }

    @Test
    void shouldReadAndSetFlowControlWhereTheDriverHasIt()
    {
        try (Port tap = Port.probe(TestEal.uniqueName("net_tap")); Port nul = Port.probe(TestEal.uniqueName("net_null")))
        {
            final FlowControl off = tap.flowControl();
            assertEquals(new FlowControl(0, 0, 0, 0, FlowControl.NONE, false, false), off);
            tap.flowControl(off); // the one mode net_tap takes
            final DpdkException full = assertThrows(DpdkException.class,
                () -> tap.flowControl(off.withMode(FlowControl.FULL)));
            assertEquals(95, full.errno(), full.getMessage());
            final DpdkException xon = assertThrows(DpdkException.class,
                () -> tap.flowControl(new FlowControl(0, 0, 0, 2, FlowControl.NONE, false, false)));
            assertEquals(22, xon.errno(), "ethdev takes send_xon 0 or 1: " + xon.getMessage());
            final DpdkException none = assertThrows(DpdkException.class, nul::flowControl);
            assertEquals(95, none.errno(), none.getMessage());
        }
    }

    @Test
    void shouldRedirectRssHashesToOtherQueuesAndReadThemBack()
    {
        try (Port port = Port.probe(TestEal.uniqueName("net_null"))
            .configure(config().rxQueues(2).txQueues(2).rssHashFunctions(RssTypes.IP)))
        {
            final int size = port.info().details().retaSize();
            assertEquals(128, size, "net_null's table");
            final long[] all = {-1L, -1L};
            final int[] queues = new int[size];
            queues[0] = 1;
            queues[127] = 1;
            port.redirect(size, new long[] {1L, 1L << 63}, queues);
            final int[] table = port.redirectionTable(size, all);
            assertEquals(1, table[0]);
            assertEquals(1, table[127]);
            queues[5] = 2; // no such RX queue: ethdev refuses the whole update
            final DpdkException refused = assertThrows(DpdkException.class,
                () -> port.redirect(size, new long[] {1L << 5, 0}, queues));
            assertEquals(22, refused.errno(), refused.getMessage());
            assertEquals(table[5], port.redirectionTable(size, all)[5]);
            assertThrows(DpdkException.class, () -> port.redirectionTable(size, new long[] {0, 0})); // nothing asked
            assertThrows(IllegalArgumentException.class, () -> port.redirectionTable(size, new long[] {1L}));
        }
    }

    @Test
    void shouldRejectPoolTooSmallForTheRxRings()
    {
        try (Mempool small = Mempool.create("port_small_pool", 511, 0);
             Port port = Port.probe(TestEal.uniqueName("net_null")))
        {
            final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> port.configure(new PortConfig().mempool(small).rxDesc(1024)));
            assertTrue(ex.getMessage().contains("too few for 1 RX queue(s) x 1024 descriptors"), ex.getMessage());
            assertFalse(port.isStarted());
        }
    }

    @Test
    void shouldRejectTooManyQueues()
    {
        try (Port port = Port.probe(TestEal.uniqueName("net_null")))
        {
            final int max = port.info().maxRxQueues();
            final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> port.configure(config().rxQueues(max + 1)));
            assertTrue(ex.getMessage().contains("RX queues requested"), ex.getMessage());
        }
    }

    @Test
    void shouldFailClearlyOnMissingPcapFile()
    {
        final DpdkException ex = assertThrows(DpdkException.class,
            () -> Port.probe(TestEal.uniqueName("net_pcap") + ",rx_pcap=/nonexistent/in.pcap"));
        assertTrue(ex.getMessage().startsWith("rte_dev_probe(\"net_pcap_t"), ex.getMessage());
    }
}
