package io.jdpdk.apps.l2fwd;

import io.jdpdk.apps.testing.Frames;
import io.jdpdk.apps.testing.Pcap;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * net_pcap ports for an l2fwd run: port i reads {@code in<i>.pcap} (frames made here) and writes
 * {@code out<i>.pcap}; the EAL arguments that create them; what l2fwd should have written.
 */
final class PcapPorts
{
    private static final Pattern MAC_LINE =
        Pattern.compile("Port (\\d+), MAC address: ((?:[0-9A-F]{2}:){5}[0-9A-F]{2})");

    private final Path dir;
    private final List<List<byte[]>> inputs = new ArrayList<>();

    private PcapPorts(final Path dir)
    {
        this.dir = dir;
    }

    /**
     * {@code n} ports; port i gets {@code 40 + 23 * i} mixed frames (60 to 1514 bytes), plus, with
     * {@code runts}, an 8-byte and a 13-byte frame.
     */
    static PcapPorts create(final Path dir, final int n, final boolean runts) throws IOException
    {
        final PcapPorts ports = new PcapPorts(dir);
        for (int i = 0; i < n; i++)
        {
            final List<byte[]> frames = new ArrayList<>(Frames.mixed(40 + 23 * i, 100 + i));
            if (runts)
            {
                frames.add(5, new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 });
                frames.add(new byte[] { 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9 });
            }
            Pcap.write(dir.resolve("in" + i + ".pcap"), frames);
            ports.inputs.add(frames);
        }
        return ports;
    }

    /** EAL arguments: {@code -l LCORES --no-pci} and one net_pcap vdev per port. */
    List<String> eal(final String lcores)
    {
        final List<String> args = new ArrayList<>(List.of("-l", lcores, "--no-pci"));
        for (int i = 0; i < inputs.size(); i++)
        {
            args.add("--vdev=net_pcap" + i + ",rx_pcap=" + dir.resolve("in" + i + ".pcap") + ",tx_pcap=" +
                dir.resolve("out" + i + ".pcap"));
        }
        return args;
    }

    /** The frames port {@code port} reads. */
    List<byte[]> input(final int port)
    {
        return inputs.get(port);
    }

    /** The frames port {@code port} wrote (read after the app exited: net_pcap writes on close). */
    List<byte[]> output(final int port) throws IOException
    {
        return Pcap.read(dir.resolve("out" + port + ".pcap"));
    }

    /** Total frames fed to the ports. */
    int totalInput()
    {
        return inputs.stream().mapToInt(List::size).sum();
    }

    /** The MACs l2fwd printed ("Port N, MAC address: 02:70:63:61:70:00"), by port id. */
    static Map<Integer, byte[]> macs(final String output)
    {
        final Map<Integer, byte[]> macs = new HashMap<>();
        final Matcher m = MAC_LINE.matcher(output);
        while (m.find())
        {
            final String[] octets = m.group(2).split(":");
            final byte[] mac = new byte[6];
            for (int i = 0; i < 6; i++)
            {
                mac[i] = (byte)Integer.parseInt(octets[i], 16);
            }
            macs.put(Integer.parseInt(m.group(1)), mac);
        }
        return macs;
    }

    /**
     * A frame as l2fwd sends it on {@code txPort}: destination 02:00:00:00:00:txPort, source the TX
     * port's MAC, the rest as received; a frame shorter than the two addresses keeps its length.
     */
    static byte[] macUpdated(final byte[] frame, final int txPort, final byte[] txMac)
    {
        final byte[] header = new byte[12];
        header[0] = 0x02;
        header[5] = (byte)txPort;
        System.arraycopy(txMac, 0, header, 6, 6);
        final byte[] out = frame.clone();
        System.arraycopy(header, 0, out, 0, Math.min(12, out.length));
        return out;
    }
}
