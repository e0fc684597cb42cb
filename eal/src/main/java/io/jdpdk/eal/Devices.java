package io.jdpdk.eal;

import io.jdpdk.eal.raw.EalRaw;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * The devices EAL probed and a driver took: virtual devices ({@code --vdev}) and PCI NICs bound to DPDK, bus by bus,
 * as DPDK's device iteration gives them ({@code rte_bus_find}, {@code RTE_DEV_FOREACH}), and what testpmd's
 * {@code show device info} prints of each. Control path; after {@link Eal#init}.
 */
public final class Devices
{
    private Devices()
    {
    }

    /**
     * One device.
     *
     * @param address  the {@code struct rte_device *}, which ethdev's ports name as their parent
     * @param name     its name, e.g. {@code net_null0} or {@code 0000:00:03.0}
     * @param bus      its bus's name, e.g. {@code vdev} or {@code pci}
     * @param busInfo  what the bus says of it ({@code rte_dev_bus_info}: a PCI NIC's vendor and device ids), or ""
     * @param driver   the driver that took it, e.g. {@code net_null}
     * @param devArgs  its arguments ({@code rx_pcap=in.pcap}), "" when it has none
     * @param numaNode its NUMA node, -1 when unknown (virtual devices)
     */
    public record Device(long address, String name, String bus, String busInfo, String driver, String devArgs,
        int numaNode)
    {
    }

    /**
     * Every device a driver took, in EAL's bus order and each bus's device order.
     *
     * @return the devices
     */
    public static List<Device> withDrivers()
    {
        return find(null, null);
    }

    /**
     * The devices an identifier names, as testpmd's {@code show device info IDENTIFIER} finds them: EAL reads the
     * identifier as it reads {@code -a} or {@code --vdev} ({@code rte_devargs_parse}: "net_null0",
     * "0000:00:03.0", "pci:0000:00:03.0"), then every device a driver took on that bus whose name begins the
     * identifier's name.
     *
     * @param identifier the text
     * @return the devices, in {@link #withDrivers()}'s order
     * @throws IllegalArgumentException when EAL cannot parse the identifier (it says why on its log)
     */
    public static List<Device> matching(final String identifier)
    {
        final String[] parsed = EalRaw.parseDevargs(identifier);
        if (parsed == null)
        {
            throw new IllegalArgumentException("cannot parse identifier " + identifier);
        }
        return find(parsed[0], parsed[1]);
    }

    private static List<Device> find(final String bus, final String name)
    {
        final List<Device> found = new ArrayList<>();
        for (final MemorySegment each : EalRaw.buses())
        {
            final String busName = EalRaw.busName(each);
            if (bus != null && !bus.equals(busName))
            {
                continue;
            }
            for (final MemorySegment device : EalRaw.devices("bus=" + busName))
            {
                final String driver = EalRaw.devDriverName(device);
                final String deviceName = EalRaw.devName(device);
                if (driver == null || (name != null && !name.startsWith(deviceName)))
                {
                    continue;
                }
                final String args = EalRaw.devArgs(device);
                found.add(new Device(device.address(), deviceName, busName, EalRaw.devBusInfo(device), driver,
                    args == null ? "" : args, EalRaw.devNumaNode(device)));
            }
        }
        return found;
    }
}
