package io.jdpdk.pmd;

import io.jdpdk.eal.Devices;
import io.jdpdk.eal.DpdkException;
import io.jdpdk.eal.Eal;
import io.jdpdk.eal.raw.EalRaw;
import io.jdpdk.eal.raw.TelemetryRaw;
import io.jdpdk.mempool.MbufBurst;
import io.jdpdk.mempool.Mempool;
import io.jdpdk.mempool.raw.MbufRaw;
import io.jdpdk.mempool.raw.MempoolRaw;
import io.jdpdk.pmd.raw.EthdevRaw;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntUnaryOperator;

import static io.jdpdk.pmd.raw.EthdevRaw.RTE_ETH_CONF;
import static io.jdpdk.pmd.raw.EthdevRaw.RTE_ETH_DEV_INFO;
import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * An ethdev port: a virtual device (net_null, net_pcap, net_ring, net_tap, memif, af_packet) or
 * a NIC. One instance per port id ({@link #of(int)}).
 * <p>
 * Lifecycle: {@link #configure(PortConfig)} (queues, descriptors, pool) → {@link #start()} →
 * bursts → {@link #stop()} → {@link #close()}. A configured port is registered with the EAL and
 * closed by {@link Eal#close()} if still open. Calls in the wrong state, unknown port ids and bad
 * queue ids throw {@link DpdkException} or {@link IndexOutOfBoundsException} instead of reaching
 * DPDK.
 * <p>
 * Fast path: {@link #rxBurst(int, MbufBurst)} and {@link #txBurst(int, MbufBurst)} return counts,
 * never allocate and never throw for a valid queue id. Each queue must be polled by one thread at a
 * time (DPDK's rule); control calls are for one controlling thread.
 */
@SuppressWarnings("restricted") // device names and xstat names are C strings behind DPDK pointers
public final class Port implements AutoCloseable
{
    /** {@code ENOTSUP}: what DPDK returns for an operation a driver does not implement. */
    private static final int ENOTSUP = 95;
    /** The RSS key buffer of {@link #rssHashConf}: larger than any {@code hash_key_size} (a {@code uint8_t}). */
    private static final int RSS_KEY_BUFFER = 256;
    /** {@code RTE_MEMPOOL_NAMESIZE}: a mempool's name is the first field of {@code struct rte_mempool}. */
    private static final int MEMPOOL_NAMESIZE = 32;
    /** testpmd's {@code ETHDEV_FWVERS_LEN}: the buffer for a firmware version. */
    private static final int FW_VERSION_LEN = 32;

    /** {@code RTE_ETH_VLAN_STRIP_OFFLOAD} of {@link #vlanOffload()}. */
    public static final int VLAN_STRIP_OFFLOAD = 0x0001;
    /** {@code RTE_ETH_VLAN_FILTER_OFFLOAD} of {@link #vlanOffload()}. */
    public static final int VLAN_FILTER_OFFLOAD = 0x0002;
    /** {@code RTE_ETH_VLAN_EXTEND_OFFLOAD} of {@link #vlanOffload()}. */
    public static final int VLAN_EXTEND_OFFLOAD = 0x0004;
    /** {@code RTE_ETH_QINQ_STRIP_OFFLOAD} of {@link #vlanOffload()}. */
    public static final int QINQ_STRIP_OFFLOAD = 0x0008;
    /** {@code RTE_ETH_VLAN_TYPE_INNER} of {@link #vlanTpid}. */
    public static final int VLAN_TYPE_INNER = 1;
    /** {@code RTE_ETH_VLAN_TYPE_OUTER} of {@link #vlanTpid}. */
    public static final int VLAN_TYPE_OUTER = 2;
    private enum State
    {
        NEW, CONFIGURED, STARTED, STOPPED, CLOSED
    }

    private static final Port[] PORTS = new Port[EthdevRaw.MAX_ETHPORTS];
    private static final int NAME_MAX = 64;

    private final int id;
    /** Whether {@code rte_eth_dev_configure} succeeded once, so the port is in {@link Eal}'s list to close. */
    private boolean closeRegistered;
    private final String name;
    private volatile State state = State.NEW;
    /** The bus of a device {@link #probe}d or {@link #probePci}d at run time, removed again on close; else null. */
    private String hotplugBus;
    private int rxQueues;
    private int txQueues;
    private PortConfig config;
    /** The descriptors per queue {@link #configure} set the queues up with, after the device's adjustment. */
    private int configuredRxDesc;
    private int configuredTxDesc;
    private PortCounters counters;
    /**
     * Held around every statistics read and around start and stop: ethdev's control calls are not thread-safe, and
     * the counters' sampler thread reads the statistics of started ports. Never held while taking another lock.
     */
    final Object statsLock = new Object();

    private io.jdpdk.pmd.flow.Flows flows;

    private Port(final int id, final String name)
    {
        this.id = id;
        this.name = name;
    }

    /**
     * Number of usable ports ({@code rte_eth_dev_count_avail}).
     *
     * @return the count; port ids may have gaps, {@link #ids()} lists them
     */
    public static int count()
    {
        Eal.checkRunning("rte_eth_dev_count_avail");
        return EthdevRaw.dev_count_avail();
    }

    /**
     * {@link Eal#preload} of everything a forwarding program links before its first packet: EAL's bindings, then
     * ethdev's, mbufs' and mempools' ({@code EthdevRaw}, {@code MbufRaw}, {@code MempoolRaw}). Call it first thing in
     * {@code main}; the apps do, and start forwarding about 0.1 s sooner.
     *
     * @return the preloading thread, already started
     */
    public static Thread preload()
    {
        return Eal.preload(EthdevRaw.class, MbufRaw.class, MempoolRaw.class);
    }

    /**
     * Ids of the usable ports, ascending ({@code rte_eth_find_next}).
     *
     * @return a new array, empty when there is no port
     */
    public static int[] ids()
    {
        Eal.checkRunning("rte_eth_find_next");
        return portIds(EthdevRaw::find_next);
    }

    /**
     * The ids of the ports a device has ({@code RTE_ETH_FOREACH_DEV_OF}): one for most, several for a NIC with
     * several ports behind one PCI function.
     *
     * @param device a device of {@link Devices}
     * @return its port ids, ascending
     */
    public static int[] idsOf(final Devices.Device device)
    {
        Eal.checkRunning("rte_eth_find_next_of");
        final MemorySegment parent = MemorySegment.ofAddress(device.address());
        return portIds(start -> EthdevRaw.find_next_of(start, parent));
    }

    /** The ids {@code next} gives from 0 on, each call starting after the last id, until it gives MAX_ETHPORTS. */
    private static int[] portIds(final IntUnaryOperator next)
    {
        final int[] ids = new int[EthdevRaw.MAX_ETHPORTS];
        int n = 0;
        for (int p = next.applyAsInt(0); p < EthdevRaw.MAX_ETHPORTS; p = next.applyAsInt(p + 1))
        {
            ids[n++] = p;
        }
        return Arrays.copyOf(ids, n);
    }

    /**
     * The port with this id.
     *
     * @param portId a valid port id, as {@link #ids()} lists them
     * @return the same instance on every call until the port is closed
     * @throws DpdkException (ENODEV) when there is no such port
     */
    public static synchronized Port of(final int portId)
    {
        Eal.checkRunning("Port.of(" + portId + ")");
        if (portId < 0 || portId >= EthdevRaw.MAX_ETHPORTS || !EthdevRaw.dev_is_valid_port(portId))
        {
            throw new DpdkException("rte_eth_dev_is_valid_port(" + portId + ")", 19,
                "no such port " + portId + "; valid ports: " + Arrays.toString(ids()));
        }
        Port port = PORTS[portId];
        if (port != null && port.state != State.CLOSED && !port.name.equals(nameOf(portId)))
        {
            port.released(); // its device went by other means and another took the id
        }
        if (port == null || port.state == State.CLOSED)
        {
            port = new Port(portId, nameOf(portId));
            PORTS[portId] = port;
        }
        return port;
    }

    /**
     * The ids of the ports of the device with exactly this bus and name ({@code RTE_ETH_FOREACH_MATCHING_DEV} of
     * {@code bus:name}).
     *
     * @param bus        the device's bus, e.g. {@code vdev} or {@code pci}
     * @param deviceName the device's name on it
     * @return its port ids, ascending; none when there is no such device or its ports were closed
     */
    public static int[] idsOf(final String bus, final String deviceName)
    {
        return Devices.withDrivers().stream().filter(d -> d.bus().equals(bus) && d.name().equals(deviceName))
            .flatMapToInt(d -> Arrays.stream(idsOf(d))).toArray();
    }

    /**
     * The port of a device by its name (e.g. {@code net_null0}, {@code 0000:3b:00.0}).
     *
     * @param name the device name ({@code rte_eth_dev_get_port_by_name})
     * @return the port, as {@link #of(int)} gives it
     * @throws DpdkException (ENODEV) when no port has that name
     */
    public static Port byName(final String name)
    {
        Eal.checkRunning("rte_eth_dev_get_port_by_name(" + name + ")");
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment id = arena.allocate(JAVA_SHORT);
            final int rc = EthdevRaw.dev_get_port_by_name(arena.allocateFrom(name), id);
            if (rc < 0)
            {
                throw new DpdkException("rte_eth_dev_get_port_by_name(\"" + name + "\")", -rc,
                    "no port named " + name + ": " + EalRaw.strerror(-rc));
            }
            return of(Short.toUnsignedInt(id.get(JAVA_SHORT, 0)));
        }
    }

    /**
     * Hot-plugs a virtual device and returns its port: {@code net_null5},
     * {@code net_pcap0,rx_pcap=in.pcap,tx_pcap=out.pcap}, {@code net_ring0}, {@code net_tap0,iface=jd0}.
     * Closing the port removes the device again.
     *
     * @param devargs the device name, then its comma-separated options ({@code rte_dev_probe})
     * @return the new device's port, not yet configured
     * @throws DpdkException when DPDK rejects the device (unknown driver, missing file, name in use)
     */
    public static Port probe(final String devargs)
    {
        Eal.current().probe(devargs);
        final Port port = byName(deviceName(devargs));
        port.hotplugBus = "vdev";
        return port;
    }

    /**
     * Checks that every device given with {@code --vdev} in the EAL arguments became a port: DPDK
     * only logs a failed vdev probe (a missing pcap file, a bad devargs) and still initialises.
     *
     * @param ealArgs the EAL arguments, {@code --vdev=X} or {@code --vdev X}
     * @throws DpdkException (ENODEV) naming the first device that did not probe
     */
    public static void requireVdevsProbed(final java.util.List<String> ealArgs)
    {
        for (int i = 0; i < ealArgs.size(); i++)
        {
            final String arg = ealArgs.get(i);
            final String devargs;
            if (arg.startsWith("--vdev="))
            {
                devargs = arg.substring("--vdev=".length());
            }
            else if (arg.equals("--vdev") && i + 1 < ealArgs.size())
            {
                devargs = ealArgs.get(++i);
            }
            else
            {
                continue;
            }
            final String name = deviceName(devargs);
            try (Arena arena = Arena.ofConfined())
            {
                if (EthdevRaw.dev_get_port_by_name(arena.allocateFrom(name), arena.allocate(JAVA_SHORT)) < 0)
                {
                    throw new DpdkException("rte_eal_init(--vdev " + devargs + ")", 19, "device " + name +
                        " did not probe, so it has no port; DPDK's log above says why (e.g. a missing pcap file)");
                }
            }
        }
    }

    /**
     * Probes a PCI NIC (vfio-pci bound, or mlx5 through rdma-core) and returns its first port.
     * {@link NicPreflight} runs first, so a NIC DPDK cannot take fails with what to do about it.
     *
     * @param pciAddress the NIC's PCI address with its domain, e.g. 0000:3b:00.0, optionally followed by the PMD's
     *                   devargs as on the EAL command line ({@code 0000:3b:00.0,rxq_cqe_comp_en=0,mprq_en=1} for mlx5)
     * Closing the port removes the device again ({@code rte_dev_remove}), so it may be probed anew.
     *
     * @return the port of the device named {@code pciAddress}, not yet configured
     * @throws IllegalArgumentException when {@code pciAddress} is not of the form 0000:3b:00.0
     * @throws DpdkException (ENODEV) with the preflight's message, or DPDK's error when the probe fails
     */
    public static Port probePci(final String pciAddress)
    {
        final String address = deviceName(pciAddress); // the devargs after a comma go to the PMD as they are
        final String problem = new NicPreflight().problem(address);
        if (problem != null)
        {
            throw new DpdkException("rte_dev_probe(\"" + pciAddress + "\")", 19, problem);
        }
        Eal.current().probe(pciAddress);
        final Port port = byName(address);
        port.hotplugBus = "pci";
        return port;
    }

    /**
     * Removes a device and every port it has ({@code rte_eal_hotplug_remove}), as testpmd's {@code port detach} and
     * {@code device detach}: also one probed by the EAL at start-up, or one whose ports were closed. Each {@code Port}
     * of it is closed from then on, and a later {@link #of} of its id is a new port.
     *
     * @param bus        the device's bus, e.g. {@code vdev} or {@code pci}
     * @param deviceName the device's name on it, e.g. {@code net_null0} or {@code 0000:00:03.0}
     * @throws DpdkException EBUSY when one of its ports is started; ENOENT (or the driver's error) when DPDK fails
     */
    public static void detach(final String bus, final String deviceName)
    {
        final int[] ids = idsOf(bus, deviceName);
        synchronized (Port.class)
        {
            for (final int id : ids)
            {
                if (PORTS[id] != null && PORTS[id].isStarted())
                {
                    throw new DpdkException("rte_eal_hotplug_remove(\"" + bus + "\", \"" + deviceName + "\")",
                        16 /* EBUSY */, "port " + id + " of " + deviceName + " is started; stop it first");
                }
            }
            Eal.current().remove(bus, deviceName);
            for (final int id : ids)
            {
                if (PORTS[id] != null)
                {
                    PORTS[id].released();
                }
            }
        }
    }

    /** This port's id was released by DPDK (its device removed): closed, with nothing left to close. */
    private synchronized void released()
    {
        state = State.CLOSED;
        Eal.current().forget(this);
        closeCounters();
        flows = null; // the driver dropped its rules with the device
    }

    /** The device name a devargs string starts with: {@code net_pcap0} of {@code net_pcap0,rx_pcap=in.pcap}. */
    private static String deviceName(final String devargs)
    {
        final int comma = devargs.indexOf(',');
        return comma < 0 ? devargs : devargs.substring(0, comma);
    }

    /**
     * The port id, as DPDK's calls take it.
     *
     * @return 0 to {@code RTE_MAX_ETHPORTS - 1}
     */
    public int id()
    {
        return id;
    }

    /**
     * Device name, e.g. {@code net_null0} ({@code rte_eth_dev_get_name_by_port}, read once).
     *
     * @return the name {@link #byName} finds the port by
     */
    public String name()
    {
        return name;
    }

    /**
     * Driver and device limits ({@code rte_eth_dev_info_get}), read afresh on every call.
     *
     * @return a new record
     * @throws DpdkException when the port is closed or DPDK fails
     */
    public DeviceInfo info()
    {
        final String call = "rte_eth_dev_info_get(port=" + id + ")";
        checkOpen(call);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment info = arena.allocate(RTE_ETH_DEV_INFO);
            check(call, EthdevRaw.dev_info_get(id, info));
            final long driver = info.get(JAVA_LONG, off(RTE_ETH_DEV_INFO, "driver_name"));
            final long device = info.get(JAVA_LONG, off(RTE_ETH_DEV_INFO, "device"));
            final long rxLim = off(RTE_ETH_DEV_INFO, "rx_desc_lim");
            final long txLim = off(RTE_ETH_DEV_INFO, "tx_desc_lim");
            return new DeviceInfo(
                driver == 0 ? "" : MemorySegment.ofAddress(driver).reinterpret(NAME_MAX).getString(0),
                u16(info, off(RTE_ETH_DEV_INFO, "max_rx_queues")),
                u16(info, off(RTE_ETH_DEV_INFO, "max_tx_queues")),
                u16(info, rxLim), u16(info, rxLim + 2), u16(info, txLim), u16(info, txLim + 2),
                u16(info, off(RTE_ETH_DEV_INFO, "min_mtu")),
                u16(info, off(RTE_ETH_DEV_INFO, "max_mtu")),
                info.get(JAVA_INT, off(RTE_ETH_DEV_INFO, "max_rx_pktlen")),
                info.get(JAVA_LONG, off(RTE_ETH_DEV_INFO, "rx_offload_capa")),
                info.get(JAVA_LONG, off(RTE_ETH_DEV_INFO, "tx_offload_capa")),
                info.get(JAVA_LONG, off(RTE_ETH_DEV_INFO, "flow_type_rss_offloads")),
                Byte.toUnsignedInt(info.get(JAVA_BYTE, off(RTE_ETH_DEV_INFO, "hash_key_size"))),
                info.get(JAVA_INT, off(RTE_ETH_DEV_INFO, "if_index")),
                EthdevRaw.dev_socket_id(id),
                u16(info, off(RTE_ETH_DEV_INFO, "default_rxportconf")),
                u16(info, off(RTE_ETH_DEV_INFO, "default_txportconf")),
                u16(info, off(RTE_ETH_DEV_INFO, "default_rxportconf") + 2),
                u16(info, off(RTE_ETH_DEV_INFO, "default_txportconf") + 2),
                rxConf(info.asSlice(off(RTE_ETH_DEV_INFO, "default_rxconf")), 0, "", false, QueueInfo.STATE_STOPPED, 0),
                txConf(info.asSlice(off(RTE_ETH_DEV_INFO, "default_txconf")), 0, QueueInfo.STATE_STOPPED),
                device == 0 ? "" : EalRaw.devBusName(MemorySegment.ofAddress(device)),
                device == 0 ? "" : EalRaw.devBusInfo(MemorySegment.ofAddress(device)),
                details(info, device, rxLim, txLim));
        }
    }

    /** {@code *dev_info.dev_flags}, 0 when the pointer is NULL. */
    private static int devFlags(final long pointer)
    {
        return pointer == 0 ? 0 : MemorySegment.ofAddress(pointer).reinterpret(Integer.BYTES).get(JAVA_INT, 0);
    }

    private static DeviceInfo.Details details(final MemorySegment info, final long device, final long rxLim,
        final long txLim)
    {
        final long sw = off(RTE_ETH_DEV_INFO, "switch_info");
        final long switchName = info.get(JAVA_LONG, sw);
        return new DeviceInfo.Details(
            info.get(JAVA_INT, off(RTE_ETH_DEV_INFO, "min_rx_bufsize")),
            info.get(JAVA_INT, off(RTE_ETH_DEV_INFO, "max_lro_pkt_size")),
            info.get(JAVA_INT, off(RTE_ETH_DEV_INFO, "max_mac_addrs")),
            info.get(JAVA_INT, off(RTE_ETH_DEV_INFO, "max_hash_mac_addrs")),
            u16(info, off(RTE_ETH_DEV_INFO, "max_vfs")),
            u16(info, off(RTE_ETH_DEV_INFO, "max_vmdq_pools")),
            u16(info, off(RTE_ETH_DEV_INFO, "reta_size")),
            u16(info, rxLim + 4), u16(info, txLim + 4), u16(info, txLim + 6), u16(info, txLim + 8),
            info.get(JAVA_LONG, off(RTE_ETH_DEV_INFO, "dev_capa")),
            switchName == 0 ? null : MemorySegment.ofAddress(switchName).reinterpret(Long.MAX_VALUE).getString(0),
            u16(info, sw + 8), u16(info, sw + 10), u16(info, sw + 12),
            info.get(JAVA_INT, off(RTE_ETH_DEV_INFO, "err_handle_mode")),
            device == 0 ? null : EalRaw.devArgs(MemorySegment.ofAddress(device)),
            info.get(JAVA_LONG, off(RTE_ETH_DEV_INFO, "rx_queue_offload_capa")),
            info.get(JAVA_LONG, off(RTE_ETH_DEV_INFO, "tx_queue_offload_capa")),
            u16(info, off(RTE_ETH_DEV_INFO, "nb_rx_queues")),
            u16(info, off(RTE_ETH_DEV_INFO, "nb_tx_queues")),
            info.get(JAVA_INT, off(RTE_ETH_DEV_INFO, "speed_capa")),
            devFlags(info.get(JAVA_LONG, off(RTE_ETH_DEV_INFO, "dev_flags"))),
            u16(info, off(RTE_ETH_DEV_INFO, "max_rx_mempools")));
    }

    /**
     * The port's MTU ({@code rte_eth_dev_get_mtu}).
     *
     * @return the MTU, or -1 when the driver does not say
     */
    public int mtu()
    {
        checkOpen("rte_eth_dev_get_mtu(port=" + id + ")");
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment mtu = arena.allocate(JAVA_SHORT);
            return EthdevRaw.dev_get_mtu(id, mtu) == 0 ? Short.toUnsignedInt(mtu.get(JAVA_SHORT, 0)) : -1;
        }
    }

    /**
     * Sets the MTU of a configured port, started or not ({@code rte_eth_dev_set_mtu}); the next
     * {@link #configure} sets its own ({@link PortConfig#mtu}).
     *
     * @param mtu bytes
     * @throws DpdkException when the port is closed, the device has no such operation (ENOTSUP, e.g. net_null) or
     *                       refuses the value (EINVAL)
     */
    public void mtu(final int mtu)
    {
        final String call = "rte_eth_dev_set_mtu(port=" + id + ", mtu=" + mtu + ")";
        checkOpen(call);
        check(call, EthdevRaw.dev_set_mtu(id, mtu));
    }

    /**
     * Whether the port receives all multicast frames ({@code rte_eth_allmulticast_get}).
     *
     * @return true when all-multicast mode is on
     */
    public boolean allMulticast()
    {
        checkOpen("rte_eth_allmulticast_get(port=" + id + ")");
        return EthdevRaw.allmulticast_get(id) == 1;
    }

    /**
     * Turns all-multicast mode on or off ({@code rte_eth_allmulticast_enable}, {@code _disable}); a device without
     * the operation (ENOTSUP, e.g. net_null asked to turn it on) is left as it is.
     *
     * @param on true to receive every multicast frame
     * @return true, or false when the device has no such operation (ENOTSUP) and was left as it is
     * @throws DpdkException when the port is closed or DPDK fails otherwise
     */
    public boolean allMulticast(final boolean on)
    {
        return unlessUnsupported("rte_eth_allmulticast_" + (on ? "enable" : "disable"),
            port -> EthdevRaw.allmulticast_set(port, on));
    }

    /**
     * Sets the link up or down ({@code rte_eth_dev_set_link_up}, {@code _down}): administratively, as
     * {@code ip link set} does for a net_tap's interface or net_ring's link status; a device without the operation
     * (ENOTSUP, e.g. net_null and net_pcap) is left as it is. {@link #link()} then reads the new state.
     *
     * @param up true to set the link up
     * @return true, or false when the device has no such operation (ENOTSUP) and was left as it is
     * @throws DpdkException when the port is closed or DPDK fails otherwise
     */
    public boolean link(final boolean up)
    {
        return unlessUnsupported("rte_eth_dev_set_link_" + (up ? "up" : "down"),
            port -> EthdevRaw.dev_set_link(port, up));
    }

    /**
     * Starts or stops one queue of a started port ({@code rte_eth_dev_rx_queue_start} and friends): a stopped RX queue
     * receives nothing, a stopped TX queue sends nothing, until started again; a queue set up with deferred start
     * waits for this to begin.
     *
     * @param rx    true for an RX queue, false for a TX queue
     * @param queue the queue id
     * @param start true to start it, false to stop it
     * @return true when done; false when the driver cannot start or stop single queues (ENOTSUP), which changed nothing
     * @throws DpdkException when the port is closed, or ethdev or the driver refuses (a queue id out of range)
     */
    public boolean queueStartStop(final boolean rx, final int queue, final boolean start)
    {
        return unlessUnsupported("rte_eth_dev_" + (rx ? "rx" : "tx") + "_queue_" + (start ? "start" : "stop"),
            port -> EthdevRaw.queue_start_stop(port, rx, start, queue));
    }

    /**
     * Frees up to {@code count} of the mbufs a TX queue has sent and still holds ({@code rte_eth_tx_done_cleanup}),
     * for a driver that keeps them until it reuses their descriptors.
     *
     * @param queue the TX queue
     * @param count the most to free, 0 for all it can (a C unsigned 32-bit value)
     * @return how many it freed
     * @throws DpdkException when the port is closed or the driver cannot (ENOTSUP where it has no such operation)
     */
    public int txDoneCleanup(final int queue, final int count)
    {
        return control("rte_eth_tx_done_cleanup(port=" + id + ", queue=" + queue + ")",
            port -> EthdevRaw.tx_done_cleanup(port, queue, count));
    }

    /**
     * A TX queue's rate limit ({@code rte_eth_set_queue_rate_limit}), where the NIC shapes per queue (ixgbe).
     *
     * @param queue the TX queue
     * @param mbps  the rate in Mbps (a C unsigned 32-bit value)
     * @throws DpdkException when the port is closed or the driver refuses (ENOTSUP where it cannot)
     */
    public void queueRateLimit(final int queue, final int mbps)
    {
        control("rte_eth_set_queue_rate_limit(port=" + id + ", queue=" + queue + ")",
            port -> EthdevRaw.set_queue_rate_limit(port, queue, mbps));
    }

    /**
     * The available-descriptor threshold of an RX queue ({@code rte_eth_rx_avail_thresh_set}): below this
     * percentage of free descriptors the driver raises {@link PortEvent#RX_AVAIL_THRESH} (mlx5).
     *
     * @param queue   the RX queue
     * @param percent 0 (none) to 99
     * @throws DpdkException when the port is closed or the driver refuses (ENOTSUP where it cannot)
     */
    public void rxAvailThreshold(final int queue, final int percent)
    {
        control("rte_eth_rx_avail_thresh_set(port=" + id + ", queue=" + queue + ")",
            port -> EthdevRaw.rx_avail_thresh_set(port, queue, percent));
    }

    /**
     * The unicast hash table (UTA) of a NIC with virtual functions: accept, or stop accepting, one unicast address
     * ({@code rte_eth_dev_uc_hash_table_set}), or every address when {@code mac} is negative
     * ({@code rte_eth_dev_uc_all_hash_table_set}).
     *
     * @param mac the address as {@link #macAddress()} gives them, or -1 for every address
     * @param on  true to accept
     * @throws DpdkException when the port is closed or ethdev or the driver refuses (ENOSPC for a full table, ENOTSUP
     *                       where there is none)
     */
    public void unicastHashTable(final long mac, final boolean on)
    {
        control((mac < 0 ? "rte_eth_dev_uc_all_hash_table_set" : "rte_eth_dev_uc_hash_table_set") + "(port=" + id +
            ")", port ->
            {
                try (Arena arena = Arena.ofConfined())
                {
                    return EthdevRaw.uc_hash_table_set(port, mac < 0 ? MemorySegment.NULL : macSegment(arena, mac), on);
                }
            });
    }

    /**
     * Maps a queue's packets and bytes to one of the device's per-queue statistics counters
     * ({@code rte_eth_dev_set_rx_queue_stats_mapping}, {@code ..._tx_...}), for devices whose counters are fewer than
     * their queues (ixgbe).
     *
     * @param rx      true for an RX queue
     * @param queue   the queue id
     * @param counter the counter, 0 to {@code RTE_ETHDEV_QUEUE_STAT_CNTRS} - 1
     * @return true when done; false when the driver has no mapping (ENOTSUP), as most have not
     * @throws DpdkException when the port is closed, or ethdev refuses the queue or the counter
     */
    public boolean queueStatsMapping(final boolean rx, final int queue, final int counter)
    {
        return unlessUnsupported("rte_eth_dev_set_" + (rx ? "rx" : "tx") + "_queue_stats_mapping",
            port -> EthdevRaw.queue_stats_mapping(port, rx, queue, counter));
    }

    /**
     * Makes control call {@code call} (named with its arguments) on this open port.
     *
     * @return what the call returned, 0 or more
     * @throws DpdkException when the port is closed or the call fails (its return -errno)
     */
    private int control(final String call, final java.util.function.IntUnaryOperator raw)
    {
        checkOpen(call);
        return check(call, raw.applyAsInt(id));
    }

    /**
     * Makes control call {@code function} on this port, one a driver may lack.
     *
     * @return true when done; false when the driver has no such operation (ENOTSUP), which changed nothing
     * @throws DpdkException when the port is closed or the call fails otherwise
     */
    private boolean unlessUnsupported(final String function, final java.util.function.IntUnaryOperator raw)
    {
        final String call = function + "(port=" + id + ")";
        checkOpen(call);
        final int rc = raw.applyAsInt(id);
        if (rc == -ENOTSUP)
        {
            return false;
        }
        check(call, rc);
        return true;
    }

    /**
     * The VLAN offloads in force ({@code rte_eth_dev_get_vlan_offload}).
     *
     * @return an OR of {@link #VLAN_STRIP_OFFLOAD}, {@link #VLAN_FILTER_OFFLOAD}, {@link #VLAN_EXTEND_OFFLOAD} and
     *         {@link #QINQ_STRIP_OFFLOAD}, or -1 when the driver does not say
     */
    public int vlanOffload()
    {
        checkOpen("rte_eth_dev_get_vlan_offload(port=" + id + ")");
        final int offload = EthdevRaw.dev_get_vlan_offload(id);
        return offload < 0 ? -1 : offload;
    }

    /**
     * The most hairpin queues the device has ({@code rte_eth_dev_hairpin_capability_get}'s {@code max_nb_queues}):
     * queues that forward from RX to TX inside the NIC.
     *
     * @return the count, or -1 for a device without hairpin queues (every virtual PMD here)
     */
    public int hairpinQueues()
    {
        checkOpen("rte_eth_dev_hairpin_capability_get(port=" + id + ")");
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment cap = arena.allocate(64, 8);
            return EthdevRaw.dev_hairpin_capability_get(id, cap) == 0 ? Short.toUnsignedInt(cap.get(JAVA_SHORT, 0)) :
                -1;
        }
    }

    /**
     * Maps memory for the port's device to DMA to and from ({@code rte_dev_dma_map} with IOVA 0, as testpmd maps an
     * anonymous pool's chunks once {@code rte_extmem_register} took them).
     *
     * @param address the memory's virtual address
     * @param length bytes
     * @return true when the device mapped it, false when it refused (the virtual PMDs have no DMA)
     */
    public boolean dmaMap(final long address, final long length)
    {
        return dma(true, address, length);
    }

    /**
     * Undoes {@link #dmaMap} ({@code rte_dev_dma_unmap} with IOVA 0).
     *
     * @param address the memory's virtual address
     * @param length bytes
     * @return true when the device unmapped it, false when it refused
     */
    public boolean dmaUnmap(final long address, final long length)
    {
        return dma(false, address, length);
    }

    private boolean dma(final boolean map, final long address, final long length)
    {
        final String call = "rte_eth_dev_info_get(port=" + id + ")";
        checkOpen(call);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment info = arena.allocate(RTE_ETH_DEV_INFO);
            check(call, EthdevRaw.dev_info_get(id, info));
            return EthdevRaw.dev_dma(map, info.get(JAVA_LONG, off(RTE_ETH_DEV_INFO, "device")), address, 0,
                length) == 0;
        }
    }

    /**
     * Sets the VLAN offloads in force on the running port ({@code rte_eth_dev_set_vlan_offload}): stripping,
     * filtering, extended (QinQ) mode and QinQ stripping, each within the device's RX offload capabilities.
     *
     * @param offloads an OR of {@link #VLAN_STRIP_OFFLOAD}, {@link #VLAN_FILTER_OFFLOAD}, {@link #VLAN_EXTEND_OFFLOAD}
     *                 and {@link #QINQ_STRIP_OFFLOAD}
     * @throws DpdkException with ethdev's errno: EINVAL past the device's capabilities, ENOTSUP for a driver
     *                       that cannot change them
     */
    public void vlanOffload(final int offloads)
    {
        final String call = "rte_eth_dev_set_vlan_offload(port=" + id + ", 0x" + Integer.toHexString(offloads) + ")";
        checkOpen(call);
        check(call, EthdevRaw.dev_set_vlan_offload(id, offloads));
    }

    /**
     * Turns VLAN stripping on or off for one RX queue ({@code rte_eth_dev_set_vlan_strip_on_queue}).
     *
     * @param queue an RX queue
     * @param on whether the queue strips VLAN tags
     * @throws DpdkException with ethdev's errno (ENOTSUP for a driver without it, EINVAL for a queue it lacks)
     */
    public void vlanStripOnQueue(final int queue, final boolean on)
    {
        control("rte_eth_dev_set_vlan_strip_on_queue(port=" + id + ", queue=" + queue + ")",
            port -> EthdevRaw.dev_set_vlan_strip_on_queue(port, queue, on));
    }

    /**
     * Adds a VLAN id to the port's VLAN filter or removes it ({@code rte_eth_dev_vlan_filter}); the port needs VLAN
     * filtering on ({@link #VLAN_FILTER_OFFLOAD}).
     *
     * @param vlanId 0 to 4095
     * @param on true to accept the VLAN, false to drop it again
     * @throws DpdkException with ethdev's errno (ENOSYS without VLAN filtering, ENOTSUP for a driver without it)
     */
    public void vlanFilter(final int vlanId, final boolean on)
    {
        control("rte_eth_dev_vlan_filter(port=" + id + ", vlan_id=" + vlanId + ")",
            port -> EthdevRaw.dev_vlan_filter(port, vlanId, on));
    }

    /**
     * Sets the tag protocol identifier of the inner or outer VLAN tag ({@code rte_eth_dev_set_vlan_ether_type}).
     *
     * @param vlanType {@link #VLAN_TYPE_INNER} or {@link #VLAN_TYPE_OUTER}
     * @param tpid e.g. 0x8100 or 0x88A8
     * @throws DpdkException with ethdev's errno (ENOTSUP for a driver without it)
     */
    public void vlanTpid(final int vlanType, final int tpid)
    {
        control("rte_eth_dev_set_vlan_ether_type(port=" + id + ", type=" + vlanType + ")",
            port -> EthdevRaw.dev_set_vlan_ether_type(port, vlanType, tpid));
    }

    /**
     * Sets or clears the port's VLAN id for untagged TX traffic ({@code rte_eth_dev_set_vlan_pvid}).
     *
     * @param pvid the VLAN id
     * @param on whether the device inserts it
     * @throws DpdkException with ethdev's errno (ENOTSUP for a driver without it)
     */
    public void vlanPvid(final int pvid, final boolean on)
    {
        control("rte_eth_dev_set_vlan_pvid(port=" + id + ", pvid=" + pvid + ")",
            port -> EthdevRaw.dev_set_vlan_pvid(port, pvid, on));
    }

    /**
     * The device's firmware version ({@code rte_eth_dev_fw_version_get}).
     *
     * @return the version, or null when the driver has none (the virtual PMDs)
     */
    public String firmwareVersion()
    {
        checkOpen("rte_eth_dev_fw_version_get(port=" + id + ")");
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment version = arena.allocate(FW_VERSION_LEN); // testpmd's ETHDEV_FWVERS_LEN
            return EthdevRaw.dev_fw_version_get(id, version) == 0 ? version.getString(0) : null;
        }
    }

    /**
     * The name DPDK gives a device capability ({@code rte_eth_dev_capability_name}).
     *
     * @param capability one {@code RTE_ETH_DEV_CAPA_*} bit of {@link DeviceInfo.Details#devCapa()}
     * @return e.g. "RUNTIME_RX_QUEUE_SETUP", or "UNKNOWN"
     */
    public static String capabilityName(final long capability)
    {
        return EthdevRaw.dev_capability_name(capability);
    }

    /**
     * The name DPDK gives an RX offload ({@code rte_eth_dev_rx_offload_name}), as testpmd prints and reads them.
     *
     * @param offload one {@code RTE_ETH_RX_OFFLOAD_*} bit
     * @return e.g. "IPV4_CKSUM", or "UNKNOWN"
     */
    public static String rxOffloadName(final long offload)
    {
        return EthdevRaw.dev_rx_offload_name(offload);
    }

    /**
     * The name DPDK gives a TX offload ({@code rte_eth_dev_tx_offload_name}).
     *
     * @param offload one {@code RTE_ETH_TX_OFFLOAD_*} bit
     * @return e.g. "MBUF_FAST_FREE", or "UNKNOWN"
     */
    public static String txOffloadName(final long offload)
    {
        return EthdevRaw.dev_tx_offload_name(offload);
    }

    /**
     * Configures the port and sets up its queues; the port must be new or stopped.
     *
     * @param cfg the configuration, kept as {@link #config()}
     * @return this
     * @throws IllegalArgumentException when the configuration does not fit the device (see {@link PortConfig#conclude})
     * @throws DpdkException when DPDK rejects it
     */
    public synchronized Port configure(final PortConfig cfg)
    {
        final String call = "rte_eth_dev_configure(port=" + id + ", nb_rx_q=" + cfg.rxQueues() + ", nb_tx_q=" +
            cfg.txQueues() + ")";
        checkOpen(call);
        if (state == State.STARTED)
        {
            throw new DpdkException(call, 16 /* EBUSY */, "port " + id + " is started; stop it before configuring");
        }
        final DeviceInfo info = info();
        cfg.conclude(id, info);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment conf = arena.allocate(RTE_ETH_CONF);
            final long rssHf = cfg.rssHashFunctions() & info.flowTypeRssOffloads(); // what the device hashes
            if (cfg.rxQueues() > 1 && rssHf != 0)
            {
                conf.set(JAVA_INT, RTE_ETH_CONF.byteOffset(groupElement("rxmode"), groupElement("mq_mode")),
                    EthdevRaw.ETH_MQ_RX_RSS & cfg.rxMqModeMask());
                conf.set(JAVA_LONG, RTE_ETH_CONF.byteOffset(groupElement("rx_adv_conf"), groupElement("rss_hf")),
                    rssHf);
            }
            conf.set(JAVA_INT, off(RTE_ETH_CONF, "link_speeds"), cfg.linkSpeeds());
            conf.set(JAVA_INT, off(RTE_ETH_CONF, "lpbk_mode"), cfg.loopbackMode());
            conf.set(JAVA_INT, RTE_ETH_CONF.byteOffset(groupElement("rxmode"), groupElement("max_lro_pkt_size")),
                cfg.maxLroPktSize());
            // struct rte_eth_intr_conf: lsc:1, rxq:1, rmv:1; each asked only of a device that raises it.
            conf.set(JAVA_INT, off(RTE_ETH_CONF, "intr_conf"),
                (cfg.linkStateInterrupt() && info.hasLinkStateInterrupt() ? 1 : 0) |
                (cfg.removalInterrupt() && info.hasRemovalInterrupt() ? 4 : 0));
            final boolean asGiven = cfg.offloadsAsGiven();
            final long rxOffloads = cfg.rxOffloads() & (asGiven ? -1L : info.rxOffloadCapa());
            final long txOffloads = cfg.txOffloads() & (asGiven ? -1L : info.txOffloadCapa());
            conf.set(JAVA_LONG, RTE_ETH_CONF.byteOffset(groupElement("rxmode"), groupElement("offloads")), rxOffloads);
            // 0: ethdev's RTE_ETHER_MTU; else checked against the device's limits by rte_eth_dev_configure.
            conf.set(JAVA_INT, RTE_ETH_CONF.byteOffset(groupElement("rxmode"), groupElement("mtu")), cfg.mtu());
            conf.set(JAVA_LONG, RTE_ETH_CONF.byteOffset(groupElement("txmode"), groupElement("offloads")), txOffloads);
            check(call, EthdevRaw.dev_configure(id, cfg.rxQueues(), cfg.txQueues(), conf));
            if (!closeRegistered)
            {
                // From here the device holds queues (net_tap's hold mbufs of the pool): should a later step fail,
                // Eal.close must still close it, and before the pool goes (registered earlier, closed later).
                Eal.current().onClose(this);
                closeRegistered = true;
            }
            final MemorySegment nbRxd = arena.allocate(JAVA_SHORT);
            final MemorySegment nbTxd = arena.allocate(JAVA_SHORT);
            nbRxd.set(JAVA_SHORT, 0, (short)cfg.rxDescFor(info)); // 0: the PMD's preferred size, as ethdev picks it
            nbTxd.set(JAVA_SHORT, 0, (short)cfg.txDescFor(info));
            check("rte_eth_dev_adjust_nb_rx_tx_desc(port=" + id + ")",
                EthdevRaw.dev_adjust_nb_rx_tx_desc(id, nbRxd, nbTxd));
            configuredRxDesc = Short.toUnsignedInt(nbRxd.get(JAVA_SHORT, 0));
            configuredTxDesc = Short.toUnsignedInt(nbTxd.get(JAVA_SHORT, 0));
            // Each queue's configuration is the device's default with the configuration's thresholds and the
            // queue's offloads (PortConfig.rxQueueSetup), as testpmd sets its queues up. TX queues first, as in
            // testpmd's start_port, so that the same setup fails first. The defaults as the driver gives them now
            // that the port is configured (some depend on it).
            final MemorySegment defaults = arena.allocate(RTE_ETH_DEV_INFO);
            check("rte_eth_dev_info_get(port=" + id + ")", EthdevRaw.dev_info_get(id, defaults));
            final long rxQueueMask = asGiven ? -1L : rxOffloads | info.details().rxQueueOffloadCapa();
            final long txQueueMask = asGiven ? -1L : txOffloads | info.details().txQueueOffloadCapa();
            for (int q = 0; q < cfg.txQueues(); q++)
            {
                setUpQueue(arena, cfg, false, q, defaults, txQueueMask);
            }
            for (int q = 0; q < cfg.rxQueues(); q++)
            {
                setUpQueue(arena, cfg, true, q, defaults, rxQueueMask);
            }
            if (cfg.packetTypes() != PortConfig.PTYPES_DEVICE_DEFAULT)
            {
                check("rte_eth_dev_set_ptypes(port=" + id + ", ptype_mask=0x" + Integer.toHexString(cfg.packetTypes()) +
                    ")", EthdevRaw.dev_set_ptypes(id, cfg.packetTypes(), MemorySegment.NULL, 0));
            }
        }
        rxQueues = cfg.rxQueues();
        txQueues = cfg.txQueues();
        config = cfg;
        state = State.CONFIGURED;
        return this;
    }

    /**
     * The configuration in force.
     *
     * @return the configuration last given to {@link #configure}, or null before it
     */
    public PortConfig config()
    {
        return config;
    }

    /**
     * Sets one queue up again ({@code rte_eth_rx_queue_setup} or {@code rte_eth_tx_queue_setup}) as {@code cfg}
     * describes it, on a configured port (ethdev refuses a queue the port was not configured with, EINVAL): its
     * descriptors (the queue's own count, else the port's as {@link #configure} adjusted it), its setup
     * ({@link PortConfig#rxQueueSetup}), its pools; on a started port only where the device sets queues up at run
     * time, and with the queue stopped (ethdev refuses otherwise, EBUSY).
     * testpmd's {@code port N rxq|txq Q setup}.
     *
     * @param cfg   the configuration, the one {@link #configure} took or one changed since (queue offloads,
     *              descriptors, deferred start); its queue counts must be the port's
     * @param rx    true for an RX queue
     * @param queue the queue id
     * @throws DpdkException when the port is closed, or ethdev or the driver refuses
     */
    public synchronized void setUpQueue(final PortConfig cfg, final boolean rx, final int queue)
    {
        final String call = "rte_eth_" + (rx ? "rx" : "tx") + "_queue_setup(port=" + id + ", queue=" + queue + ")";
        checkOpen(call);
        final DeviceInfo info = info(); // a port never configured has no queue: ethdev says so, "Invalid ... queue_id"
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment defaults = arena.allocate(RTE_ETH_DEV_INFO);
            check("rte_eth_dev_info_get(port=" + id + ")", EthdevRaw.dev_info_get(id, defaults));
            final long mask = cfg.offloadsAsGiven() ? -1L : rx ? rxOffloads() | info.details().rxQueueOffloadCapa() :
                txOffloads() | info.details().txQueueOffloadCapa();
            setUpQueue(arena, cfg, rx, queue, defaults, mask);
        }
    }

    /**
     * One queue's {@code rte_eth_rx_queue_setup} or {@code rte_eth_tx_queue_setup}, for {@link #configure} and
     * {@link #setUpQueue(PortConfig, boolean, int)}: the queue's own ring size, else the port's as {@link #configure}
     * adjusted it; the ring's socket, the configuration's or the device's; the device's default queue configuration
     * ({@code defaults}, an {@code rte_eth_dev_info}) with the queue's setup.
     */
    private void setUpQueue(final Arena arena, final PortConfig cfg, final boolean rx, final int q,
        final MemorySegment defaults, final long offloadMask)
    {
        final int own = rx ? cfg.rxQueueDesc(q) : cfg.txQueueDesc(q);
        final int nbDesc = own >= 0 ? own : rx ? configuredRxDesc : configuredTxDesc;
        final int configured = rx ? cfg.rxQueueSocket() : cfg.txQueueSocket();
        final int socket = configured == PortConfig.DEVICE_SOCKET ? EthdevRaw.dev_socket_id(id) : configured;
        if (rx)
        {
            final QueueInfo queueDefault = rxConf(defaults.asSlice(off(RTE_ETH_DEV_INFO, "default_rxconf")), 0, "",
                false, QueueInfo.STATE_STOPPED, 0);
            final MemorySegment rxConf = queueConf(arena, defaults, true, cfg.rxQueueSetup(q, queueDefault),
                offloadMask);
            check("rte_eth_rx_queue_setup(port=" + id + ", queue=" + q + ", nb_rxd=" + nbDesc + ", " +
                rxPoolNames(cfg) + ")", EthdevRaw.rx_queue_setup(id, q, nbDesc, socket, rxConf,
                rxBuffers(arena, cfg, rxConf)));
        }
        else
        {
            final QueueInfo queueDefault = txConf(defaults.asSlice(off(RTE_ETH_DEV_INFO, "default_txconf")), 0,
                QueueInfo.STATE_STOPPED);
            check("rte_eth_tx_queue_setup(port=" + id + ", queue=" + q + ", nb_txd=" + nbDesc + ")",
                EthdevRaw.tx_queue_setup(id, q, nbDesc, socket, queueConf(arena, defaults, false,
                    cfg.txQueueSetup(q, queueDefault), offloadMask)));
        }
    }

    /**
     * Where an RX queue's buffers come from, for {@code rte_eth_rx_queue_setup}: the single pool's address, or 0 with
     * {@code rxConf}'s {@code rx_seg} (buffer split) or {@code rx_mempools} (several pools) filled in.
     */
    private static long rxBuffers(final Arena arena, final PortConfig cfg, final MemorySegment rxConf)
    {
        final List<PortConfig.RxSegment> segments = cfg.rxSegments();
        final List<Mempool> pools = cfg.rxMempools();
        if (!segments.isEmpty())
        {
            final MemorySegment array = arena.allocate(EthdevRaw.RTE_ETH_RXSEG_SIZE * segments.size(), 8);
            for (int i = 0; i < segments.size(); i++)
            {
                final PortConfig.RxSegment segment = segments.get(i);
                final long at = i * EthdevRaw.RTE_ETH_RXSEG_SIZE;
                array.set(ADDRESS, at + off(EthdevRaw.RTE_ETH_RXSEG_SPLIT, "mp"),
                    MemorySegment.ofAddress(segment.pool().address()));
                array.set(JAVA_SHORT, at + off(EthdevRaw.RTE_ETH_RXSEG_SPLIT, "length"), (short)segment.length());
                array.set(JAVA_SHORT, at + off(EthdevRaw.RTE_ETH_RXSEG_SPLIT, "offset"), (short)segment.offset());
                array.set(JAVA_INT, at + off(EthdevRaw.RTE_ETH_RXSEG_SPLIT, "proto_hdr"), segment.protoHdr());
            }
            rxConf.set(ADDRESS, off(EthdevRaw.RTE_ETH_RXCONF, "rx_seg"), array);
            rxConf.set(JAVA_SHORT, off(EthdevRaw.RTE_ETH_RXCONF, "rx_nseg"), (short)segments.size());
            return 0;
        }
        if (!pools.isEmpty())
        {
            final MemorySegment array = arena.allocate(ADDRESS, pools.size());
            for (int i = 0; i < pools.size(); i++)
            {
                array.setAtIndex(ADDRESS, i, MemorySegment.ofAddress(pools.get(i).address()));
            }
            rxConf.set(ADDRESS, off(EthdevRaw.RTE_ETH_RXCONF, "rx_mempools"), array);
            rxConf.set(JAVA_SHORT, off(EthdevRaw.RTE_ETH_RXCONF, "rx_nmempool"), (short)pools.size());
            return 0;
        }
        return cfg.mempool().address();
    }

    /** The RX queues' pools, for the message of a failed {@code rte_eth_rx_queue_setup}. */
    private static String rxPoolNames(final PortConfig cfg)
    {
        if (!cfg.rxSegments().isEmpty())
        {
            return "split into " + String.join(",",
                cfg.rxSegments().stream().map(segment -> segment.pool().name()).toList());
        }
        if (!cfg.rxMempools().isEmpty())
        {
            return "pools=" + String.join(",", cfg.rxMempools().stream().map(Mempool::name).toList());
        }
        return "pool=" + cfg.mempool().name();
    }

    /**
     * A queue's {@code struct rte_eth_rxconf} ({@code rx}) or {@code rte_eth_txconf} for its setup: the device's
     * default ({@code default_rxconf} of {@code info}, the fields jdpdk does not write included) with
     * {@code setup}'s thresholds and its offloads within {@code offloadMask}.
     */
    private static MemorySegment queueConf(final Arena arena, final MemorySegment info, final boolean rx,
        final QueueInfo setup, final long offloadMask)
    {
        final StructLayout layout = rx ? EthdevRaw.RTE_ETH_RXCONF : EthdevRaw.RTE_ETH_TXCONF;
        final MemorySegment conf = arena.allocate(layout);
        conf.copyFrom(info.asSlice(off(RTE_ETH_DEV_INFO, rx ? "default_rxconf" : "default_txconf"), layout.byteSize()));
        conf.set(JAVA_BYTE, 0, (byte)setup.pthresh()); // rx_thresh / tx_thresh
        conf.set(JAVA_BYTE, 1, (byte)setup.hthresh());
        conf.set(JAVA_BYTE, 2, (byte)setup.wthresh());
        conf.set(JAVA_SHORT, off(layout, rx ? "rx_free_thresh" : "tx_free_thresh"), (short)setup.freeThresh());
        if (rx)
        {
            conf.set(JAVA_BYTE, off(layout, "rx_drop_en"), (byte)(setup.dropEnabled() ? 1 : 0));
        }
        else
        {
            conf.set(JAVA_SHORT, off(layout, "tx_rs_thresh"), (short)setup.rsThresh());
        }
        conf.set(JAVA_BYTE, off(layout, rx ? "rx_deferred_start" : "tx_deferred_start"),
            (byte)(setup.deferredStart() ? 1 : 0));
        conf.set(JAVA_LONG, off(layout, "offloads"), setup.offloads() & offloadMask);
        return conf;
    }

    /**
     * The RX offloads in force ({@code rxmode.offloads} of {@code rte_eth_dev_conf_get}).
     *
     * @return an OR of {@code RTE_ETH_RX_OFFLOAD_*} bits: those requested that the device supports
     */
    public long rxOffloads()
    {
        return confOffloads("rxmode");
    }

    /**
     * The RSS hash functions in force ({@code rx_adv_conf.rss_conf.rss_hf} of {@code rte_eth_dev_conf_get}): the
     * requested ones the device supports, 0 without RSS.
     *
     * @return {@code RTE_ETH_RSS_*} bits
     */
    public long rssHashFunctions()
    {
        final String call = "rte_eth_dev_conf_get(port=" + id + ")";
        checkOpen(call);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment conf = arena.allocate(RTE_ETH_CONF);
            check(call, EthdevRaw.dev_conf_get(id, conf));
            return conf.get(JAVA_LONG, RTE_ETH_CONF.byteOffset(groupElement("rx_adv_conf"), groupElement("rss_hf")));
        }
    }

    /**
     * The port's link flow control ({@code rte_eth_dev_flow_ctrl_get}).
     *
     * @return what the driver reports
     * @throws DpdkException ENOTSUP for a driver without it (net_null, net_ring, net_pcap), with ethdev's error
     */
    public FlowControl flowControl()
    {
        final String call = "rte_eth_dev_flow_ctrl_get(port=" + id + ")";
        checkOpen(call);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment conf = arena.allocate(EthdevRaw.RTE_ETH_FC_CONF);
            check(call, EthdevRaw.dev_flow_ctrl_get(id, conf));
            final StructLayout l = EthdevRaw.RTE_ETH_FC_CONF;
            return new FlowControl(Integer.toUnsignedLong(conf.get(JAVA_INT, off(l, "high_water"))),
                Integer.toUnsignedLong(conf.get(JAVA_INT, off(l, "low_water"))),
                Short.toUnsignedInt(conf.get(JAVA_SHORT, off(l, "pause_time"))),
                Short.toUnsignedInt(conf.get(JAVA_SHORT, off(l, "send_xon"))), conf.get(JAVA_INT, off(l, "mode")),
                conf.get(JAVA_BYTE, off(l, "mac_ctrl_frame_fwd")) != 0, conf.get(JAVA_BYTE, off(l, "autoneg")) != 0);
        }
    }

    /**
     * Sets the port's link flow control ({@code rte_eth_dev_flow_ctrl_set}).
     *
     * @param fc the flow control
     * @throws DpdkException EINVAL for a send_xon other than 0 or 1, ENOTSUP for a driver without it or a mode it
     *                       does not have (net_tap takes only {@link FlowControl#NONE}), with ethdev's error
     */
    public void flowControl(final FlowControl fc)
    {
        final String call = "rte_eth_dev_flow_ctrl_set(port=" + id + ", mode=" + fc.mode() + ")";
        checkOpen(call);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment conf = arena.allocate(EthdevRaw.RTE_ETH_FC_CONF);
            final StructLayout l = EthdevRaw.RTE_ETH_FC_CONF;
            conf.set(JAVA_INT, off(l, "high_water"), (int)fc.highWater());
            conf.set(JAVA_INT, off(l, "low_water"), (int)fc.lowWater());
            conf.set(JAVA_SHORT, off(l, "pause_time"), (short)fc.pauseTime());
            conf.set(JAVA_SHORT, off(l, "send_xon"), (short)fc.sendXon());
            conf.set(JAVA_INT, off(l, "mode"), fc.mode());
            conf.set(JAVA_BYTE, off(l, "mac_ctrl_frame_fwd"), (byte)(fc.macCtrlFrameFwd() ? 1 : 0));
            conf.set(JAVA_BYTE, off(l, "autoneg"), (byte)(fc.autoneg() ? 1 : 0));
            check(call, EthdevRaw.dev_flow_ctrl_set(id, conf));
        }
    }

    /**
     * Entries of the RSS redirection table ({@code rte_eth_dev_rss_reta_query}): entry {@code i} names the RX queue
     * that receives the packets whose RSS hash, modulo the table's size, is {@code i}.
     *
     * @param size  the table's size: {@link DeviceInfo.Details#retaSize()} (the driver refuses another)
     * @param masks one mask per group of 64 entries ({@code ceil(size / 64)}): bit {@code j} of mask {@code g} asks
     *              for entry {@code 64 g + j}
     * @return {@code size} queue numbers, 0 for an entry not asked for
     * @throws DpdkException EINVAL for no mask bit set or a size the driver does not have, ENOTSUP for a driver
     *                       without a table (net_tap, net_pcap...), with ethdev's error
     */
    public int[] redirectionTable(final int size, final long[] masks)
    {
        final String call = "rte_eth_dev_rss_reta_query(port=" + id + ", reta_size=" + size + ")";
        checkOpen(call);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment conf = retaConf(arena, size, masks, null);
            check(call, EthdevRaw.dev_rss_reta_query(id, conf, size));
            final int[] queues = new int[size];
            for (int i = 0; i < size; i++)
            {
                if ((masks[i / EthdevRaw.RETA_GROUP_SIZE] & 1L << (i % EthdevRaw.RETA_GROUP_SIZE)) != 0)
                {
                    queues[i] = Short.toUnsignedInt(conf.get(JAVA_SHORT, retaOffset(i)));
                }
            }
            return queues;
        }
    }

    /**
     * Changes entries of the RSS redirection table ({@code rte_eth_dev_rss_reta_update}): RSS spreads the hashes
     * anew over the port's RX queues at once, started or not.
     *
     * @param size   the table's size: {@link DeviceInfo.Details#retaSize()}
     * @param masks  which entries change, as {@link #redirectionTable(int, long[])} takes them
     * @param queues {@code size} queue numbers; those of the entries masked out are not read
     * @throws DpdkException EINVAL for no mask bit set, a queue the port does not have or a size the driver does not
     *                       have; ENOTSUP for a driver without a table, or a port configured without RSS (one RX
     *                       queue, or no hash functions the device has: "Multi-queue RSS mode isn't enabled."); with
     *                       ethdev's error
     */
    public void redirect(final int size, final long[] masks, final int[] queues)
    {
        final String call = "rte_eth_dev_rss_reta_update(port=" + id + ", reta_size=" + size + ")";
        checkOpen(call);
        try (Arena arena = Arena.ofConfined())
        {
            check(call, EthdevRaw.dev_rss_reta_update(id, retaConf(arena, size, masks, queues), size));
        }
    }

    /** {@code ceil(size / 64)} reta entries with the masks and, when given, the masked entries' queues. */
    private static MemorySegment retaConf(final Arena arena, final int size, final long[] masks, final int[] queues)
    {
        final int groups = (size + EthdevRaw.RETA_GROUP_SIZE - 1) / EthdevRaw.RETA_GROUP_SIZE;
        if (size <= 0 || size > 0xFFFF || masks.length < groups || queues != null && queues.length < size)
        {
            throw new IllegalArgumentException("a table of " + size + " entries needs " + groups + " masks" +
                (queues == null ? "" : " and " + size + " queues") + ", got " + masks.length +
                (queues == null ? "" : " and " + queues.length));
        }
        final MemorySegment conf = arena.allocate(EthdevRaw.RTE_ETH_RSS_RETA_ENTRY64, groups);
        for (int g = 0; g < groups; g++)
        {
            conf.set(JAVA_LONG, g * EthdevRaw.RTE_ETH_RSS_RETA_ENTRY64.byteSize(), masks[g]);
        }
        for (int i = 0; queues != null && i < size; i++)
        {
            if ((masks[i / EthdevRaw.RETA_GROUP_SIZE] & 1L << (i % EthdevRaw.RETA_GROUP_SIZE)) != 0)
            {
                conf.set(JAVA_SHORT, retaOffset(i), (short)queues[i]);
            }
        }
        return conf;
    }

    /** Where entry {@code i}'s queue lies in a reta configuration. */
    private static long retaOffset(final int i)
    {
        return i / EthdevRaw.RETA_GROUP_SIZE * EthdevRaw.RTE_ETH_RSS_RETA_ENTRY64.byteSize() +
            EthdevRaw.RTE_ETH_RSS_RETA_ENTRY64.byteOffset(groupElement("reta")) +
            (long)(i % EthdevRaw.RETA_GROUP_SIZE) * Short.BYTES;
    }

    /**
     * The RSS hash configuration as the driver reports it ({@code rte_eth_dev_rss_hash_conf_get}), asked for as
     * testpmd's {@code show port N rss-hash [key]} asks: with {@code rss_key_len} set to the device's
     * {@code hash_key_size}.
     *
     * @param withKey also read the hash key
     * @return the hash functions in force and, when asked for, the key's {@link DeviceInfo#hashKeySize()} bytes
     * @throws DpdkException when the port is closed or DPDK fails: ENOTSUP for a driver without the operation
     *                       (net_tap, net_pcap, af_packet...), with DPDK's text and errno
     */
    public RssHashConf rssHashConf(final boolean withKey)
    {
        final String call = "rte_eth_dev_rss_hash_conf_get(port=" + id + ")";
        checkOpen(call);
        final int keySize = info().hashKeySize();
        final StructLayout l = EthdevRaw.RTE_ETH_RSS_CONF;
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment conf = arena.allocate(l);
            // Drivers write as much key as they have, whatever rss_key_len says (net_null: 40 bytes): room for any.
            final MemorySegment key = withKey ? arena.allocate(RSS_KEY_BUFFER) : MemorySegment.NULL;
            conf.set(JAVA_LONG, off(l, "rss_key"), key.address());
            conf.set(JAVA_BYTE, off(l, "rss_key_len"), (byte)keySize);
            check(call, EthdevRaw.dev_rss_hash_conf_get(id, conf));
            return new RssHashConf(conf.get(JAVA_LONG, off(l, "rss_hf")),
                withKey ? key.asSlice(0, keySize).toArray(JAVA_BYTE) : new byte[0]);
        }
    }

    /**
     * Changes the RSS hash functions of a configured port, keeping its key ({@code rte_eth_dev_rss_hash_update}).
     *
     * @param rssHf an OR of {@link RssTypes} bits, all of which the device must hash
     *              ({@link DeviceInfo#flowTypeRssOffloads()}), or 0 for none
     * @throws DpdkException when the port is closed or DPDK fails: ENOTSUP for a driver without the operation or a
     *                       port configured without RSS, EINVAL for functions the device does not offer
     */
    public void rssHashFunctions(final long rssHf)
    {
        final String call = "rte_eth_dev_rss_hash_update(port=" + id + ", rss_hf=0x" + Long.toHexString(rssHf) + ")";
        checkOpen(call);
        final StructLayout l = EthdevRaw.RTE_ETH_RSS_CONF;
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment conf = arena.allocate(l); // rss_key NULL: the key stays
            conf.set(JAVA_LONG, off(l, "rss_hf"), rssHf);
            check(call, EthdevRaw.dev_rss_hash_update(id, conf));
        }
    }

    /**
     * The TX offloads in force ({@code txmode.offloads} of {@code rte_eth_dev_conf_get}).
     *
     * @return an OR of {@code RTE_ETH_TX_OFFLOAD_*} bits: those requested that the device supports
     */
    public long txOffloads()
    {
        return confOffloads("txmode");
    }

    /** {@code RTE_ETH_RX_DESC_AVAIL}: the descriptor waits for a packet. */
    public static final int RX_DESC_AVAIL = 0;
    /** {@code RTE_ETH_RX_DESC_DONE}: the descriptor holds a received packet not yet taken by a burst. */
    public static final int RX_DESC_DONE = 1;
    /** {@code RTE_ETH_TX_DESC_FULL}: the descriptor holds a packet not yet sent. */
    public static final int TX_DESC_FULL = 0;
    /** {@code RTE_ETH_TX_DESC_DONE}: the descriptor's packet was sent; the slot is free. */
    public static final int TX_DESC_DONE = 1;
    /** {@code RTE_ETH_RX_DESC_UNAVAIL} and {@code RTE_ETH_TX_DESC_UNAVAIL}: the driver holds the descriptor. */
    public static final int DESC_UNAVAIL = 2;

    /**
     * The state of descriptor {@code offset} of an RX queue, counted from the next one a burst reads
     * ({@code rte_eth_rx_descriptor_status}).
     *
     * @param queue  an RX queue
     * @param offset the descriptor
     * @return {@link #RX_DESC_AVAIL}, {@link #RX_DESC_DONE} or {@link #DESC_UNAVAIL}
     * @throws DpdkException when the driver cannot say (ENOTSUP: every virtual PMD here) or the queue or offset is
     *                       wrong (EINVAL)
     */
    public int rxDescriptorStatus(final int queue, final int offset)
    {
        return check("rte_eth_rx_descriptor_status(port=" + id + ", queue=" + queue + ", offset=" + offset + ")",
            EthdevRaw.rx_descriptor_status(id, queue, offset));
    }

    /**
     * The state of descriptor {@code offset} of a TX queue, counted from the next one a burst writes
     * ({@code rte_eth_tx_descriptor_status}).
     *
     * @param queue  a TX queue
     * @param offset the descriptor
     * @return {@link #TX_DESC_FULL}, {@link #TX_DESC_DONE} or {@link #DESC_UNAVAIL}
     * @throws DpdkException as {@link #rxDescriptorStatus}
     */
    public int txDescriptorStatus(final int queue, final int offset)
    {
        return check("rte_eth_tx_descriptor_status(port=" + id + ", queue=" + queue + ", offset=" + offset + ")",
            EthdevRaw.tx_descriptor_status(id, queue, offset));
    }

    /**
     * The descriptors of an RX queue holding packets that no burst has taken yet ({@code rte_eth_rx_queue_count}).
     *
     * @param queue an RX queue
     * @return the count
     * @throws DpdkException when the driver cannot say (ENOTSUP) or the queue is not set up (EINVAL)
     */
    public int rxQueueUsedCount(final int queue)
    {
        return check("rte_eth_rx_queue_count(port=" + id + ", queue=" + queue + ")",
            EthdevRaw.rx_queue_count(id, queue));
    }

    /**
     * RX queue {@code queue}'s setup as the driver reports it ({@code rte_eth_rx_queue_info_get}): the descriptors
     * it really has (DPDK's choice when the configuration asked for 0), its thresholds and offloads.
     *
     * @param queue an RX queue this port was configured with
     * @return the queue's setup, or null when the driver does not report it (the virtual PMDs: ENOTSUP)
     * @throws DpdkException for any other error (an unknown queue: EINVAL)
     */
    public QueueInfo rxQueueInfo(final int queue)
    {
        return queueInfo(queue, true);
    }

    /**
     * TX queue {@code queue}'s setup as the driver reports it ({@code rte_eth_tx_queue_info_get}).
     *
     * @param queue a TX queue this port was configured with
     * @return the queue's setup, or null when the driver does not report it (the virtual PMDs: ENOTSUP)
     * @throws DpdkException for any other error (an unknown queue: EINVAL)
     */
    public QueueInfo txQueueInfo(final int queue)
    {
        return queueInfo(queue, false);
    }

    private QueueInfo queueInfo(final int queue, final boolean rx)
    {
        final String call = (rx ? "rte_eth_rx_queue_info_get" : "rte_eth_tx_queue_info_get") + "(port=" + id +
            ", queue=" + queue + ")";
        checkOpen(call);
        final StructLayout l = rx ? EthdevRaw.RTE_ETH_RXQ_INFO : EthdevRaw.RTE_ETH_TXQ_INFO;
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment qinfo = arena.allocate(l);
            final int rc = rx ? EthdevRaw.rx_queue_info_get(id, queue, qinfo) :
                EthdevRaw.tx_queue_info_get(id, queue, qinfo);
            if (rc == -ENOTSUP)
            {
                return null;
            }
            check(call, rc);
            final MemorySegment conf = qinfo.asSlice(off(l, "conf"));
            final int nbDesc = u16(qinfo, off(l, "nb_desc"));
            final int state = Byte.toUnsignedInt(qinfo.get(JAVA_BYTE, off(l, "queue_state")));
            if (!rx)
            {
                return txConf(conf, nbDesc, state);
            }
            final long mp = qinfo.get(JAVA_LONG, off(l, "mp"));
            return rxConf(conf, nbDesc,
                mp == 0 ? "NULL" : MemorySegment.ofAddress(mp).reinterpret(MEMPOOL_NAMESIZE).getString(0),
                qinfo.get(JAVA_BYTE, off(l, "scattered_rx")) != 0, state, u16(qinfo, off(l, "rx_buf_size")));
        }
    }

    private static QueueInfo rxConf(final MemorySegment conf, final int nbDesc, final String mempool,
        final boolean scattered, final int state, final int bufSize)
    {
        final StructLayout l = EthdevRaw.RTE_ETH_RXCONF;
        return new QueueInfo(nbDesc, Byte.toUnsignedInt(conf.get(JAVA_BYTE, 0)),
            Byte.toUnsignedInt(conf.get(JAVA_BYTE, 1)), Byte.toUnsignedInt(conf.get(JAVA_BYTE, 2)),
            u16(conf, off(l, "rx_free_thresh")), 0, conf.get(JAVA_LONG, off(l, "offloads")), mempool,
            conf.get(JAVA_BYTE, off(l, "rx_drop_en")) != 0, conf.get(JAVA_BYTE, off(l, "rx_deferred_start")) != 0,
            scattered, state, bufSize);
    }

    private static QueueInfo txConf(final MemorySegment conf, final int nbDesc, final int state)
    {
        final StructLayout l = EthdevRaw.RTE_ETH_TXCONF;
        return new QueueInfo(nbDesc, Byte.toUnsignedInt(conf.get(JAVA_BYTE, 0)),
            Byte.toUnsignedInt(conf.get(JAVA_BYTE, 1)), Byte.toUnsignedInt(conf.get(JAVA_BYTE, 2)),
            u16(conf, off(l, "tx_free_thresh")), u16(conf, off(l, "tx_rs_thresh")),
            conf.get(JAVA_LONG, off(l, "offloads")), "", false, conf.get(JAVA_BYTE, off(l, "tx_deferred_start")) != 0,
            false, state, 0);
    }

    /**
     * RX queue {@code queue}'s burst mode as the driver names it ({@code rte_eth_rx_burst_mode_get}), e.g.
     * "Vector SSE", with " (per queue)" when it is the queue's own.
     *
     * @param queue an RX queue of this port
     * @return the text, or null when the driver does not say
     */
    public String rxBurstMode(final int queue)
    {
        return burstMode(queue, true);
    }

    /**
     * TX queue {@code queue}'s burst mode as the driver names it ({@code rte_eth_tx_burst_mode_get}).
     *
     * @param queue a TX queue of this port
     * @return the text, or null when the driver does not say
     */
    public String txBurstMode(final int queue)
    {
        return burstMode(queue, false);
    }

    private String burstMode(final int queue, final boolean rx)
    {
        checkOpen(rx ? "rte_eth_rx_burst_mode_get" : "rte_eth_tx_burst_mode_get");
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment mode = arena.allocate(EthdevRaw.BURST_MODE_SIZE, 8);
            final int rc = rx ? EthdevRaw.rx_burst_mode_get(id, queue, mode) :
                EthdevRaw.tx_burst_mode_get(id, queue, mode);
            if (rc != 0)
            {
                return null;
            }
            return mode.getString(8) + ((mode.get(JAVA_LONG, 0) & 1) != 0 ? " (per queue)" : "");
        }
    }

    /**
     * The packet types the device recognises in the layers the configuration asked for
     * ({@link PortConfig#packetTypes(int)}; every layer when it asked for none): what the application may read
     * from {@code mbuf.packet_type}. Empty means the application must parse those headers itself.
     *
     * @return {@code RTE_PTYPE_*} values, as {@link #supportedPacketTypes(int)} gives them
     */
    public int[] packetTypes()
    {
        final PortConfig cfg = config;
        final int mask = cfg == null || cfg.packetTypes() == PortConfig.PTYPES_DEVICE_DEFAULT ?
            PortConfig.PTYPE_ALL_MASK : cfg.packetTypes();
        return supportedPacketTypes(mask);
    }

    /**
     * Asks the device to classify only the packet types of {@code layerMask} ({@code rte_eth_dev_set_ptypes}), or none
     * with 0, which saves a driver the work: what it then writes to {@code mbuf.packet_type} is within the mask. A
     * driver that cannot narrow its classification is left as it is (DPDK answers success and sets nothing).
     *
     * @param layerMask an OR of {@code PortConfig.PTYPE_*_MASK} layers, or 0
     * @return the packet types the device now classifies, as {@link #supportedPacketTypes(int)} gives them; empty for
     *         a driver that cannot narrow them
     * @throws DpdkException when the port is closed or ethdev refuses (a mask with partial layers: EINVAL)
     */
    public int[] setPacketTypes(final int layerMask)
    {
        final String call = "rte_eth_dev_set_ptypes(port=" + id + ", ptype_mask=0x" + Integer.toHexString(layerMask) +
            ")";
        checkOpen(call);
        final int count = Math.max(0, EthdevRaw.dev_get_supported_ptypes(id, PortConfig.PTYPE_ALL_MASK,
            MemorySegment.NULL, 0));
        try (Arena arena = Arena.ofConfined())
        {
            // ethdev writes the types it set, then RTE_PTYPE_UNKNOWN, into at most num entries: room for all, and the
            // end marker
            final MemorySegment types = arena.allocate(JAVA_INT, count + 1L);
            check(call, EthdevRaw.dev_set_ptypes(id, layerMask, types, count + 1));
            int n = 0;
            while (n < count && types.getAtIndex(JAVA_INT, n) != 0) // up to RTE_PTYPE_UNKNOWN
            {
                n++;
            }
            return types.asSlice(0, n * JAVA_INT.byteSize()).toArray(JAVA_INT);
        }
    }

    /**
     * The packet types the device recognises within {@code layerMask} ({@code rte_eth_dev_get_supported_ptypes}),
     * in the device's order. Virtual devices without classification (net_null, net_ring, net_pcap) report none.
     *
     * @param layerMask an OR of {@code PortConfig.PTYPE_*_MASK} layers
     * @return {@code RTE_PTYPE_*} values, each within {@code layerMask}
     * @throws DpdkException when the port is closed
     */
    public int[] supportedPacketTypes(final int layerMask)
    {
        final String call = "rte_eth_dev_get_supported_ptypes(port=" + id + ", ptype_mask=0x" +
            Integer.toHexString(layerMask) + ")";
        checkOpen(call);
        final int count = check(call, EthdevRaw.dev_get_supported_ptypes(id, layerMask, MemorySegment.NULL, 0));
        if (count == 0)
        {
            return new int[0];
        }
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment types = arena.allocate(JAVA_INT, count);
            final int got = check(call, EthdevRaw.dev_get_supported_ptypes(id, layerMask, types, count));
            return types.asSlice(0, Math.min(got, count) * JAVA_INT.byteSize()).toArray(JAVA_INT);
        }
    }

    private long confOffloads(final String mode)
    {
        final String call = "rte_eth_dev_conf_get(port=" + id + ")";
        checkOpen(call);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment conf = arena.allocate(RTE_ETH_CONF);
            check(call, EthdevRaw.dev_conf_get(id, conf));
            return conf.get(JAVA_LONG, RTE_ETH_CONF.byteOffset(groupElement(mode), groupElement("offloads")));
        }
    }

    /**
     * Starts the port ({@code rte_eth_dev_start}), sets promiscuous mode as configured (on the first start after a
     * configure; a restart after {@link #stop()} keeps the mode the port had, as ethdev restores it) and publishes
     * the port's counters. Does nothing to a started port.
     *
     * @return this
     * @throws DpdkException (EINVAL) when the port is not configured, or when DPDK fails
     */
    public synchronized Port start()
    {
        final String call = "rte_eth_dev_start(port=" + id + ")";
        checkOpen(call);
        if (state == State.NEW)
        {
            throw new DpdkException(call, 22, "port " + id + " is not configured; call configure first");
        }
        if (state == State.STARTED)
        {
            return this;
        }
        final boolean restart = state == State.STOPPED;
        synchronized (statsLock)
        {
            check(call, EthdevRaw.dev_start(id));
            state = State.STARTED;
        }
        if (!restart)
        {
            // The configured mode, once: a restart keeps what the port was set to since, as ethdev restores it.
            promiscuous(config.promiscuous());
        }
        if (counters == null)
        {
            counters = new PortCounters(this);
        }
        return this;
    }

    /** Stops the port: no more RX or TX until started again. Idempotent. */
    public synchronized void stop()
    {
        synchronized (statsLock)
        {
            if (state == State.STARTED)
            {
                if (counters != null)
                {
                    counters.sample(); // the last counts of this run, while the sampler may no longer read them
                }
                state = State.STOPPED;
                check("rte_eth_dev_stop(port=" + id + ")", EthdevRaw.dev_stop(id));
            }
        }
    }

    /**
     * Resets the device ({@code rte_eth_dev_reset}), as after a reset event (a VF whose PF went down): ethdev stops
     * the port and the driver resets it. The port is then as a new one: {@link #configure} it again before
     * {@link #start()}.
     *
     * @throws DpdkException ENOTSUP for a driver without the operation (net_null, net_ring, net_pcap, net_tap), the
     *                       port left as it was; or the driver's error
     */
    public synchronized void reset()
    {
        final String call = "rte_eth_dev_reset(port=" + id + ")";
        checkOpen(call);
        synchronized (statsLock)
        {
            if (state == State.STARTED && counters != null)
            {
                counters.sample(); // the last counts of this run, as stop() keeps them
            }
            final int rc = EthdevRaw.dev_reset(id);
            if (rc < 0 && rc != -95 /* ENOTSUP: refused before ethdev stopped the port */)
            {
                state = state == State.STARTED ? State.STOPPED : state; // ethdev stopped it before the driver failed
            }
            check(call, rc);
            state = State.NEW;
        }
    }

    /**
     * Whether the port is started.
     *
     * @return true from {@link #start()} until {@link #stop()} or {@link #close()}
     */
    public boolean isStarted()
    {
        return state == State.STARTED;
    }

    /**
     * Stops and closes the port ({@code rte_eth_dev_close}), configured or not, releasing its queues (and the mbufs
     * held in them) and its id, which names no port from then on until a device takes it; a device probed at run time
     * ({@link #probe}, {@link #probePci}) is removed ({@code rte_dev_remove}). Idempotent. net_pcap flushes its output
     * file here. While {@code Eal.close} waits for the lcores this does nothing: the EAL closes the port once they
     * stopped.
     */
    @Override
    public synchronized void close()
    {
        if (Eal.stoppingLcores())
        {
            return; // an lcore may still be sending on it: Eal.close closes the port once they stopped
        }
        if (state == State.CLOSED || !Eal.isRunning())
        {
            state = State.CLOSED;
            return;
        }
        if (!EthdevRaw.dev_is_valid_port(id))
        {
            released(); // its device was removed under it (rte_dev_remove by other code)
            return;
        }
        // dpdk-dumpcap's capture on this port ends here, not with a callback left for the next port of this id.
        TelemetryRaw.pdump_port_closing(id);
        try
        {
            stop();
        }
        finally
        {
            state = State.CLOSED;
            Eal.current().forget(this);
            closeCounters();
            if (flows != null)
            {
                flows.releaseAll(); // as testpmd flushes a port's rules before closing it
            }
            // Also a port never configured: ethdev releases it, so its id names no port until a device takes it.
            check("rte_eth_dev_close(port=" + id + ")", EthdevRaw.dev_close(id));
            if (hotplugBus != null)
            {
                Eal.current().remove(hotplugBus, name); // rte_dev_remove: a PCI NIC goes back to vfio-pci, unprobed
            }
        }
    }

    private void closeCounters()
    {
        if (counters != null)
        {
            try
            {
                counters.close();
            }
            catch (final Exception ex)
            {
                throw new IllegalStateException(ex);
            }
            counters = null;
        }
    }

    /**
     * Turns promiscuous mode on or off ({@code rte_eth_promiscuous_enable}, {@code _disable}); a device without
     * the operation (ENOTSUP, e.g. net_null, always promiscuous, asked to stop) is left as it is.
     *
     * @param on true to receive frames for any destination MAC address
     * @return true, or false when the device has no such operation (ENOTSUP) and was left as it is
     * @throws DpdkException when the port is closed or DPDK fails otherwise
     */
    public boolean promiscuous(final boolean on)
    {
        return unlessUnsupported("rte_eth_promiscuous_" + (on ? "enable" : "disable"),
            port -> on ? EthdevRaw.promiscuous_enable(port) : EthdevRaw.promiscuous_disable(port));
    }

    /**
     * Whether promiscuous mode is on ({@code rte_eth_promiscuous_get}).
     *
     * @return true when it is on; false when it is off or DPDK cannot tell
     */
    public boolean promiscuous()
    {
        checkOpen("rte_eth_promiscuous_get(port=" + id + ")");
        return EthdevRaw.promiscuous_get(id) == 1;
    }

    /**
     * The port's MAC address ({@code rte_eth_macaddr_get}).
     *
     * @return the 48 bits in network order, first octet most significant, e.g. 0x02_00_00_00_00_01
     */
    public long macAddress()
    {
        final String call = "rte_eth_macaddr_get(port=" + id + ")";
        checkOpen(call);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment mac = arena.allocate(EthdevRaw.RTE_ETHER_ADDR);
            check(call, EthdevRaw.macaddr_get(id, mac));
            return readMac(mac);
        }
    }

    /**
     * Every MAC address the port receives for ({@code rte_eth_macaddrs_get}): its default address first, then those
     * {@link #addMacAddress} added, in the device's table order.
     *
     * @return the addresses, each as {@link #macAddress()} gives one
     * @throws DpdkException when the port is closed or DPDK fails
     */
    public long[] macAddresses()
    {
        final String call = "rte_eth_macaddrs_get(port=" + id + ")";
        checkOpen(call);
        final int slots = info().details().maxMacAddrs();
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment table = arena.allocate(EthdevRaw.RTE_ETHER_ADDR, Math.max(1, slots));
            final int filled = check(call, EthdevRaw.macaddrs_get(id, table, slots));
            return java.util.stream.IntStream.range(0, filled)
                .mapToLong(i -> readMac(table.asSlice(i * EthdevRaw.RTE_ETHER_ADDR.byteSize())))
                .filter(mac -> mac != 0).toArray();
        }
    }

    /**
     * Adds a MAC address the port receives for ({@code rte_eth_dev_mac_addr_add}, VMDq pool 0); one already there
     * is left as it is.
     *
     * @param mac the 48 bits, first octet most significant
     * @throws DpdkException when the port is closed or DPDK refuses: ENOTSUP for a driver without the operation
     *                       (net_null), EINVAL for the zero address, ENOSPC when the table is full
     */
    public void addMacAddress(final long mac)
    {
        withMac("rte_eth_dev_mac_addr_add", mac, address -> EthdevRaw.dev_mac_addr_add(id, address, 0));
    }

    /**
     * Sets the multicast addresses the port receives for ({@code rte_eth_dev_set_mc_addr_list}), replacing the list
     * set before; an empty array empties it.
     *
     * @param macs the addresses, 48 bits each, first octet most significant
     * @throws DpdkException when the port is closed or DPDK refuses: ENOTSUP for a driver without the operation (every
     *                       virtual PMD here; e1000, ixgbe, i40e, mlx5 have it), EINVAL for a list past the device's
     *                       room or an address that is not multicast
     */
    public void multicastAddresses(final long[] macs)
    {
        final String call = "rte_eth_dev_set_mc_addr_list(port=" + id + ", nb=" + macs.length + ")";
        checkOpen(call);
        try (Arena arena = Arena.ofConfined())
        {
            MemorySegment list = MemorySegment.NULL;
            if (macs.length > 0)
            {
                list = arena.allocate(EthdevRaw.RTE_ETHER_ADDR, macs.length);
                for (int i = 0; i < macs.length; i++)
                {
                    list.asSlice(i * EthdevRaw.RTE_ETHER_ADDR.byteSize(), EthdevRaw.RTE_ETHER_ADDR.byteSize())
                        .copyFrom(macSegment(arena, macs[i]));
                }
            }
            check(call, EthdevRaw.dev_set_mc_addr_list(id, list, macs.length));
        }
    }

    /**
     * The device's EEPROM, whole ({@code rte_eth_dev_get_eeprom_length}, then {@code rte_eth_dev_get_eeprom}).
     *
     * @return its bytes
     * @throws DpdkException when the driver cannot read it (ENOTSUP: every virtual PMD here), or EIO for a device
     *                       gone; the call names which step failed
     */
    public byte[] eeprom()
    {
        final int length = check("rte_eth_dev_get_eeprom_length(port=" + id + ")",
            EthdevRaw.dev_get_eeprom_length(id));
        return readEeprom("rte_eth_dev_get_eeprom(port=" + id + ")", length, EthdevRaw::dev_get_eeprom);
    }

    /**
     * The EEPROM of the module plugged into the port, an SFP or QSFP ({@code rte_eth_dev_get_module_info}, then
     * {@code rte_eth_dev_get_module_eeprom}), of the length the module info gives.
     *
     * @return its bytes
     * @throws DpdkException as {@link #eeprom()}; the call names which step failed
     */
    public byte[] moduleEeprom()
    {
        final int length;
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment info = arena.allocate(EthdevRaw.RTE_ETH_DEV_MODULE_INFO);
            check("rte_eth_dev_get_module_info(port=" + id + ")", EthdevRaw.dev_get_module_info(id, info));
            length = info.get(JAVA_INT, off(EthdevRaw.RTE_ETH_DEV_MODULE_INFO, "eeprom_len"));
        }
        return readEeprom("rte_eth_dev_get_module_eeprom(port=" + id + ")", length, EthdevRaw::dev_get_module_eeprom);
    }

    /** Reads {@code length} bytes from offset 0 through {@code read} ({@code rte_eth_dev_get_eeprom} or the module's). */
    private byte[] readEeprom(final String call, final int length,
        final java.util.function.ToIntBiFunction<Integer, MemorySegment> read)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment data = arena.allocate(Math.max(1, length));
            final MemorySegment info = arena.allocate(EthdevRaw.RTE_DEV_EEPROM_INFO);
            info.set(JAVA_LONG, off(EthdevRaw.RTE_DEV_EEPROM_INFO, "data"), data.address());
            info.set(JAVA_INT, off(EthdevRaw.RTE_DEV_EEPROM_INFO, "offset"), 0);
            info.set(JAVA_INT, off(EthdevRaw.RTE_DEV_EEPROM_INFO, "length"), length);
            check(call, read.applyAsInt(id, info));
            return data.asSlice(0, length).toArray(JAVA_BYTE);
        }
    }

    /**
     * Removes a MAC address {@link #addMacAddress} added ({@code rte_eth_dev_mac_addr_remove}); one not there is no
     * error.
     *
     * @param mac the 48 bits, first octet most significant
     * @throws DpdkException when the port is closed or DPDK refuses: EADDRINUSE for the default address, ENOTSUP
     *                       for a driver without the operation
     */
    public void removeMacAddress(final long mac)
    {
        withMac("rte_eth_dev_mac_addr_remove", mac, address -> EthdevRaw.dev_mac_addr_remove(id, address));
    }

    /**
     * Replaces the port's default MAC address ({@code rte_eth_dev_default_mac_addr_set}).
     *
     * @param mac the 48 bits, first octet most significant
     * @throws DpdkException when the port is closed or DPDK refuses: ENOTSUP for a driver without the operation
     *                       (net_ring), EINVAL for a multicast or zero address
     */
    public void macAddress(final long mac)
    {
        withMac("rte_eth_dev_default_mac_addr_set", mac, address -> EthdevRaw.dev_default_mac_addr_set(id, address));
    }

    /**
     * Calls {@code raw} with {@code mac} in a {@code struct rte_ether_addr}, throwing DPDK's error as
     * {@code function}'s.
     */
    private void withMac(final String function, final long mac,
        final java.util.function.ToIntFunction<MemorySegment> raw)
    {
        final String call = function + "(port=" + id + ", " + formatMac(mac) + ")";
        checkOpen(call);
        try (Arena arena = Arena.ofConfined())
        {
            check(call, raw.applyAsInt(macSegment(arena, mac)));
        }
    }

    /**
     * A {@code struct rte_ether_addr} holding {@code mac} (48 bits, first octet most significant), allocated in
     * {@code arena}.
     *
     * @param arena where the six bytes live
     * @param mac   the address
     * @return the segment, {@link EthdevRaw#RTE_ETHER_ADDR}'s layout
     */
    public static MemorySegment macSegment(final Arena arena, final long mac)
    {
        final MemorySegment address = arena.allocate(EthdevRaw.RTE_ETHER_ADDR);
        for (int i = 0; i < 6; i++)
        {
            address.set(JAVA_BYTE, i, (byte)(mac >>> (8 * (5 - i))));
        }
        return address;
    }

    private static long readMac(final MemorySegment mac)
    {
        long value = 0;
        for (int i = 0; i < 6; i++)
        {
            value = (value << 8) | Byte.toUnsignedLong(mac.get(JAVA_BYTE, i));
        }
        return value;
    }

    /**
     * The port's MAC address as text ({@link #formatMac}).
     *
     * @return six upper-case hex octets separated by colons, e.g. {@code 02:00:00:00:00:01}
     */
    public String macAddressString()
    {
        return formatMac(macAddress());
    }

    /**
     * Formats 48 bits as a colon-separated MAC address, upper-case hex as testpmd prints it.
     *
     * @param mac the address in the low 48 bits, first octet most significant (as {@link #macAddress()})
     * @return e.g. {@code 02:AB:00:00:00:01}
     */
    public static String formatMac(final long mac)
    {
        final StringBuilder sb = new StringBuilder(17);
        for (int i = 5; i >= 0; i--)
        {
            sb.append(String.format(java.util.Locale.ROOT, "%02X", (mac >>> (8 * i)) & 0xFF));
            if (i > 0)
            {
                sb.append(':');
            }
        }
        return sb.toString();
    }

    /**
     * Parses a MAC address as DPDK 22.11's {@code rte_ether_unformat_addr} does (testpmd's {@code --eth-peer},
     * l3fwd's {@code --eth-dest}, testpmd's {@code mac_addr}): six colon-separated octets of exactly two hex digits
     * ({@code 02:00:00:00:00:01}; 22.11.11 refuses {@code 2:0:0:0:0:1}) or three colon-separated words of exactly four
     * ({@code 0200:0000:0001}), either case.
     *
     * @param text the address as text
     * @return the 48 bits, first octet most significant, or -1 when {@code text} is neither form
     */
    public static long parseMac(final String text)
    {
        final long words = parseMacWords(text);
        return words >= 0 ? words : parseMacOctets(text);
    }

    private static long parseMacWords(final String text)
    {
        if (text.length() != 14 || text.charAt(4) != ':' || text.charAt(9) != ':')
        {
            return -1;
        }
        long mac = 0;
        for (int i = 0; i < 14; i++)
        {
            if (i == 4 || i == 9)
            {
                continue;
            }
            final int digit = hexDigit(text.charAt(i));
            if (digit < 0)
            {
                return -1;
            }
            mac = (mac << 4) | digit;
        }
        return mac;
    }

    private static long parseMacOctets(final String text)
    {
        long mac = 0;
        int at = 0;
        for (int octet = 0; octet < 6; octet++)
        {
            int value = 0;
            int digits = 0;
            while (at < text.length() && text.charAt(at) != ':' && digits < 2)
            {
                final int digit = hexDigit(text.charAt(at));
                if (digit < 0)
                {
                    return -1;
                }
                value = (value << 4) | digit;
                digits++;
                at++;
            }
            if (digits < 2 || (octet < 5 && (at >= text.length() || text.charAt(at++) != ':')))
            {
                return -1;
            }
            mac = (mac << 8) | value;
        }
        return at == text.length() ? mac : -1;
    }

    /** An ASCII hex digit's value, as DPDK's {@code get_xdigit}; -1 for anything else. */
    private static int hexDigit(final char c)
    {
        return c > 'f' ? -1 : Character.digit(c, 16);
    }

    /**
     * Link state without waiting ({@code rte_eth_link_get_nowait}).
     *
     * @return the link as the driver last saw it
     * @throws DpdkException when the port is closed or DPDK fails
     */
    public LinkStatus link()
    {
        final String call = "rte_eth_link_get_nowait(port=" + id + ")";
        checkOpen(call);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment link = arena.allocate(EthdevRaw.RTE_ETH_LINK);
            check(call, EthdevRaw.link_get_nowait(id, link));
            final int bits = link.get(JAVA_SHORT, 4);
            return new LinkStatus((bits & 4) != 0, link.get(JAVA_INT, 0), (bits & 1) != 0, (bits & 2) != 0);
        }
    }

    /**
     * Fills {@code stats} with the port's counters ({@code rte_eth_stats_get}), under the lock the counters'
     * sampler thread also takes.
     *
     * @param stats the snapshot to overwrite
     * @return {@code stats}
     * @throws DpdkException when the port is closed or DPDK fails
     */
    public PortStats stats(final PortStats stats)
    {
        final String call = "rte_eth_stats_get(port=" + id + ")";
        checkOpen(call);
        synchronized (statsLock)
        {
            check(call, EthdevRaw.stats_get(id, stats.segment()));
        }
        return stats;
    }

    /**
     * A new snapshot of the port's counters (allocates; see {@link #stats(PortStats)}).
     *
     * @return a new, filled snapshot
     */
    public PortStats stats()
    {
        return stats(new PortStats());
    }

    /** Resets the basic counters. */
    public void resetStats()
    {
        final String call = "rte_eth_stats_reset(port=" + id + ")";
        checkOpen(call);
        synchronized (statsLock)
        {
            check(call, EthdevRaw.stats_reset(id));
        }
    }

    /**
     * Extended statistics by name, in the driver's order ({@code rte_eth_xstats_get_names},
     * {@code rte_eth_xstats_get}).
     *
     * @return a new map of xstat name to value, in that order
     * @throws DpdkException when the port is closed or DPDK fails
     */
    public Map<String, Long> xstats()
    {
        final String call = "rte_eth_xstats_get(port=" + id + ")";
        checkOpen(call);
        try (Arena arena = Arena.ofConfined())
        {
            synchronized (statsLock)
            {
                return xstats(call, arena);
            }
        }
    }

    private Map<String, Long> xstats(final String call, final Arena arena)
    {
        final int n = EthdevRaw.xstats_get_names(id, MemorySegment.NULL, 0);
        check(call, n);
        final MemorySegment names = arena.allocate(EthdevRaw.RTE_ETH_XSTAT_NAME, n);
        final MemorySegment values = arena.allocate(EthdevRaw.RTE_ETH_XSTAT, n);
        check(call, EthdevRaw.xstats_get_names(id, names, n));
        final int got = EthdevRaw.xstats_get(id, values, n);
        check(call, got);
        final Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < Math.min(n, got); i++)
        {
            final long xid = values.get(JAVA_LONG, i * 16L);
            final long value = values.get(JAVA_LONG, i * 16L + 8);
            out.put(names.getString(xid * EthdevRaw.XSTATS_NAME_SIZE), value);
        }
        return out;
    }

    /** Resets the extended (and basic) counters. */
    public void resetXstats()
    {
        final String call = "rte_eth_xstats_reset(port=" + id + ")";
        checkOpen(call);
        synchronized (statsLock)
        {
            check(call, EthdevRaw.xstats_reset(id));
        }
    }

    /**
     * Configured RX queues: the valid queue ids of {@link #rxBurst} are 0 to this minus 1.
     *
     * @return the count given to {@link #configure}, 0 before it
     */
    public int rxQueues()
    {
        return rxQueues;
    }

    /**
     * Configured TX queues: the valid queue ids of {@link #txBurst} are 0 to this minus 1.
     *
     * @return the count given to {@link #configure}, 0 before it
     */
    public int txQueues()
    {
        return txQueues;
    }

    // ---- fast path -------------------------------------------------------------------------------

    /**
     * Receives up to {@code burst.capacity()} packets from {@code queue} into {@code burst},
     * replacing its content (hand on or free what it held first).
     *
     * @param queue the RX queue, polled by one thread at a time
     * @param burst the array to fill
     * @return the number received, also {@code burst.count()}
     * @throws IndexOutOfBoundsException for a queue id the port was not configured with
     */
    public int rxBurst(final int queue, final MbufBurst burst)
    {
        Objects.checkIndex(queue, rxQueues);
        final int n = EthdevRaw.rx_burst(id, queue, burst.address(), burst.capacity());
        burst.count(n);
        return n;
    }

    /**
     * Sends the packets of {@code burst} on {@code queue}. What the PMD took is gone from the burst;
     * what it did not take stays in the burst, moved to the front, still the caller's to retry or
     * free.
     *
     * @param queue the TX queue, used by one thread at a time
     * @param burst the packets to send, from index 0
     * @return the number sent
     * @throws IndexOutOfBoundsException for a queue id the port was not configured with
     */
    public int txBurst(final int queue, final MbufBurst burst)
    {
        Objects.checkIndex(queue, txQueues);
        final int sent = EthdevRaw.tx_burst(id, queue, burst.address(), burst.count());
        burst.consume(sent);
        return sent;
    }

    /**
     * Sends the packets of {@code burst} on {@code queue} and frees what the PMD did not take
     * (basicfwd.c's pattern). The burst is empty afterwards.
     *
     * @param queue the TX queue, used by one thread at a time
     * @param burst the packets to send, from index 0
     * @return the number sent; {@code count - sent} were freed
     * @throws IndexOutOfBoundsException for a queue id the port was not configured with
     */
    public int txBurstOrFree(final int queue, final MbufBurst burst)
    {
        Objects.checkIndex(queue, txQueues);
        final int sent = EthdevRaw.tx_burst_or_free(id, queue, burst.address(), burst.count());
        burst.count(0);
        return sent;
    }

    /**
     * Lets the PMD check and prepare the packets of {@code burst} for their TX offload requests
     * ({@code rte_eth_tx_prepare}), before {@link #txBurst}; a PMD without the step takes them all. The burst is
     * unchanged but for what the PMD fixes up in the packets.
     *
     * @param queue the TX queue, used by one thread at a time
     * @param burst the packets to send, from index 0
     * @return how many of the first packets are ready; when fewer than the burst's count,
     *         {@code rte_strerror(rte_errno)} ({@link io.jdpdk.eal.raw.EalRaw#errno()}, read on this thread) says why
     *         the next is not
     * @throws IndexOutOfBoundsException for a queue id the port was not configured with
     */
    public int txPrepare(final int queue, final MbufBurst burst)
    {
        Objects.checkIndex(queue, txQueues);
        return EthdevRaw.tx_prepare(id, queue, burst.address(), burst.count());
    }

    /**
     * The port's flow rules (rte_flow): validate, create, flush. Rules created through it are destroyed when the
     * port closes.
     *
     * @return the port's one {@link io.jdpdk.pmd.flow.Flows}
     */
    public synchronized io.jdpdk.pmd.flow.Flows flows()
    {
        checkOpen("Port.flows(port=" + id + ")");
        if (flows == null)
        {
            flows = io.jdpdk.pmd.flow.Flows.forPortId(id);
        }
        return flows;
    }

    // ---- helpers ---------------------------------------------------------------------------------

    private void checkOpen(final String call)
    {
        Eal.checkRunning(call);
        if (state == State.CLOSED)
        {
            throw new DpdkException(call, 19, "port " + id + " (" + name + ") is closed");
        }
    }

    private static int check(final String call, final int rc)
    {
        if (rc < 0)
        {
            throw new DpdkException(call, -rc, EalRaw.strerror(-rc));
        }
        return rc;
    }

    private static long off(final MemoryLayout layout, final String field)
    {
        return layout.byteOffset(groupElement(field));
    }

    private static int u16(final MemorySegment segment, final long offset)
    {
        return Short.toUnsignedInt(segment.get(ValueLayout.JAVA_SHORT_UNALIGNED, offset));
    }

    private static String nameOf(final int portId)
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment name = arena.allocate(NAME_MAX);
            check("rte_eth_dev_get_name_by_port(" + portId + ")", EthdevRaw.dev_get_name_by_port(portId, name));
            return name.getString(0);
        }
    }

    @Override
    public String toString()
    {
        return "Port{" + id + ", " + name + ", " + state + "}";
    }
}
