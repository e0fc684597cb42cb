package io.jdpdk.apps.testpmd;

import io.jdpdk.apps.testing.AppProcess;
import io.jdpdk.apps.testing.Commands;
import io.jdpdk.apps.testing.PoolLine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One testpmd process, jdpdk's ({@link AppProcess}) or DPDK's ({@code /usr/bin/dpdk-testpmd}), on two net_pcap
 * ports, driven through its standard input; and the helpers to read what it wrote.
 */
final class TestPmdRun implements AutoCloseable
{
    static final Path DPDK_TESTPMD = Path.of("/usr/bin/dpdk-testpmd");
    private static final Pattern PORT_BLOCK = Pattern.compile(
        "-+ Forward statistics for port (\\d+) +-+\\R" +
        " {2}RX-packets: (\\d+) +RX-dropped: (\\d+) +RX-total: (\\d+)\\R" +
        "(?: {2}Bad-ipcsum: .*\\R {2}Bad-outer-ipcsum: .*\\R)?" + // csum mode
        " {2}TX-packets: (\\d+) +TX-dropped: (\\d+) +TX-total: (\\d+)\\R");
    private static final Pattern ACC_BLOCK = Pattern.compile(
        "\\++ Accumulated forward statistics for all ports\\++\\R" +
        " {2}RX-packets: (\\d+) +RX-dropped: (\\d+) +RX-total: (\\d+)\\R" +
        " {2}TX-packets: (\\d+) +TX-dropped: (\\d+) +TX-total: (\\d+)\\R");

    /** A pcap record without its timestamp: captured bytes and original length. */
    record Record(int originalLength, byte[] data)
    {
        @Override
        public boolean equals(final Object o)
        {
            return o instanceof Record r && r.originalLength == originalLength && java.util.Arrays.equals(r.data, data);
        }

        @Override
        public int hashCode()
        {
            return originalLength * 31 + java.util.Arrays.hashCode(data);
        }

        @Override
        public String toString()
        {
            return "Record{len=" + originalLength + ", caplen=" + data.length + "}";
        }
    }

    /** RX/TX counters of one port's forward statistics block. */
    record PortStats(int port, long rxPackets, long rxDropped, long txPackets, long txDropped)
    {
    }

    final Path out0;
    final Path out1;
    private final AppProcess app;
    private final Process dpdk;
    private final Path dpdkOutput;

    private TestPmdRun(final Path out0, final Path out1, final AppProcess app, final Process dpdk,
        final Path dpdkOutput)
    {
        this.out0 = out0;
        this.out1 = out1;
        this.app = app;
        this.dpdk = dpdk;
        this.dpdkOutput = dpdkOutput;
    }

    /** The EAL arguments both get: no PCI, in-memory, lcores 0 (main) and 1 (forwarding), two pcap ports. */
    static List<String> ealArgs(final Path in0, final Path in1, final Path out0, final Path out1)
    {
        return List.of("--in-memory", "--no-pci", "-l", "0-1", "--log-level=lib.eal:error",
            "--vdev=net_pcap0,rx_pcap=" + in0 + ",tx_pcap=" + out0,
            "--vdev=net_pcap1,rx_pcap=" + in1 + ",tx_pcap=" + out1);
    }

    /** Starts jdpdk's testpmd (dpdk false) or dpdk-testpmd (dpdk true), writing out0/out1 under {@code dir}. */
    static TestPmdRun start(final boolean dpdk, final Path dir, final Path in0, final Path in1,
        final String... appArgs) throws IOException
    {
        return start(dpdk, List.of(), dir, in0, in1, appArgs);
    }

    /** As {@link #start(boolean, Path, Path, Path, String...)}, jdpdk's JVM given {@code jvmFlags} as well. */
    static TestPmdRun start(final boolean dpdk, final List<String> jvmFlags, final Path dir, final Path in0,
        final Path in1, final String... appArgs) throws IOException
    {
        Files.createDirectories(dir);
        final Path out0 = dir.resolve("out0.pcap");
        final Path out1 = dir.resolve("out1.pcap");
        final List<String> args = new ArrayList<>(ealArgs(in0, in1, out0, out1));
        args.add("--");
        args.addAll(List.of(appArgs));
        if (dpdk)
        {
            final Path output = dir.resolve("dpdk-testpmd.out");
            final List<String> command = new ArrayList<>();
            command.add(DPDK_TESTPMD.toString());
            command.addAll(args);
            final Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(output.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
            return new TestPmdRun(out0, out1, null, process, output);
        }
        return new TestPmdRun(out0, out1, AppProcess.startWithJvmFlags(jvmFlags, TestPmd.class,
            args.toArray(String[]::new)), null, null);
    }

    /** Writes to the process's standard input. */
    void send(final String text) throws IOException
    {
        if (app != null)
        {
            app.send(text);
        }
        else
        {
            dpdk.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
            dpdk.getOutputStream().flush();
        }
    }

    /** Closes the process's standard input. */
    void closeInput() throws IOException
    {
        if (app != null)
        {
            app.closeInput();
        }
        else
        {
            dpdk.getOutputStream().close();
        }
    }

    /** Waits for exit; @return the exit code */
    int waitFor(final long seconds) throws Exception
    {
        if (app != null)
        {
            return app.waitFor(seconds);
        }
        if (!dpdk.waitFor(seconds, TimeUnit.SECONDS))
        {
            dpdk.destroyForcibly();
            throw new AssertionError("dpdk-testpmd did not exit within " + seconds + " s; output:\n" + output());
        }
        return dpdk.exitValue();
    }

    /** Sends SIGINT. */
    void interrupt() throws Exception
    {
        if (app != null)
        {
            app.interrupt();
        }
        else
        {
            Commands.sigint(dpdk);
        }
    }

    String output() throws IOException
    {
        return app != null ? app.output() : Files.readString(dpdkOutput, StandardCharsets.ISO_8859_1);
    }

    /** Waits until the output contains {@code text}. */
    void awaitOutput(final String text, final long seconds) throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!output().contains(text))
        {
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("no '" + text + "' in output:\n" + output());
            }
            Thread.sleep(20);
        }
    }

    /** Waits until out0 and out1 hold at least the given numbers of complete records. */
    void awaitRecords(final int records0, final int records1, final long seconds) throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (records(out0).size() < records0 || records(out1).size() < records1)
        {
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("expected " + records0 + "/" + records1 + " records, have " +
                    records(out0).size() + "/" + records(out1).size() + "; output:\n" + output());
            }
            Thread.sleep(20);
        }
    }

    /** The complete records of a pcap file (none if it does not exist yet). */
    static List<Record> records(final Path file) throws IOException
    {
        final List<Record> records = new ArrayList<>();
        if (!Files.exists(file))
        {
            return records;
        }
        final ByteBuffer buf = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        if (buf.remaining() < 24)
        {
            return records;
        }
        buf.position(24);
        while (buf.remaining() >= 16)
        {
            buf.getInt();
            buf.getInt();
            final int caplen = buf.getInt();
            final int len = buf.getInt();
            if (buf.remaining() < caplen)
            {
                break;
            }
            final byte[] data = new byte[caplen];
            buf.get(data);
            records.add(new Record(len, data));
        }
        return records;
    }

    /** The per-port forward statistics blocks of the last stop, by port. */
    static List<PortStats> portStats(final String output)
    {
        final List<PortStats> all = new ArrayList<>();
        final Matcher m = PORT_BLOCK.matcher(output);
        while (m.find())
        {
            final long rx = Long.parseLong(m.group(2));
            final long rxDropped = Long.parseLong(m.group(3));
            final long tx = Long.parseLong(m.group(5));
            final long txDropped = Long.parseLong(m.group(6));
            if (Long.parseLong(m.group(4)) != rx + rxDropped || Long.parseLong(m.group(7)) != tx + txDropped)
            {
                throw new AssertionError("totals do not add up in: " + m.group());
            }
            all.add(new PortStats(Integer.parseInt(m.group(1)), rx, rxDropped, tx, txDropped));
        }
        return all;
    }

    /** The accumulated block's RX-packets, RX-dropped, TX-packets, TX-dropped; null when there is none. */
    static long[] accumulated(final String output)
    {
        final Matcher m = ACC_BLOCK.matcher(output);
        long[] last = null;
        while (m.find())
        {
            last = new long[] { Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(4)),
                Long.parseLong(m.group(5)) };
        }
        return last;
    }

    /** jdpdk's "Mempool mb_pool_0: N of M mbufs in use" line: {N, M}, or null. */
    static long[] inUse(final String output)
    {
        return PoolLine.inUse(output, "mb_pool_0");
    }

    @Override
    public void close() throws IOException
    {
        if (app != null)
        {
            app.close();
        }
        else
        {
            dpdk.destroyForcibly();
        }
    }
}
