package io.jdpdk.apps.testpmd;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * DPDK's own {@code dpdk-testpmd} in interactive mode, the oracle the engines are compared with.
 * Runs in memory ({@code --in-memory --no-pci}, no shared files) with a small pool
 * ({@code --total-num-mbufs=8192}); commands go to its stdin, its output is collected for
 * assertions. Used by one test thread.
 */
final class TestPmdOracle implements AutoCloseable
{
    static final Path TESTPMD = Path.of("/usr/bin/dpdk-testpmd");
    private static final Pattern PORT_MAC = Pattern.compile("Port 0: ([0-9A-F:]{17})");
    private static final Pattern PEER = Pattern.compile("TX P=0/Q=0 \\(socket \\d+\\) peer=([0-9A-F:]{17})");
    private static final Pattern RX_PACKETS = Pattern.compile("RX-packets: (\\d+)");
    private static final AtomicLong SEQ = new AtomicLong();

    private final Process process;
    /** Its {@code --file-prefix}, whose runtime directory {@link #close} removes. */
    private final String prefix;
    private final OutputStream stdin;
    private final StringBuffer output = new StringBuffer();
    private final Thread reader;

    private TestPmdOracle(final Process process, final String prefix)
    {
        this.process = process;
        this.prefix = prefix;
        this.stdin = process.getOutputStream();
        this.reader = Thread.ofPlatform().daemon().name("testpmd-output").start(() ->
        {
            final byte[] buf = new byte[8192];
            try (InputStream in = process.getInputStream())
            {
                int n;
                while ((n = in.read(buf)) > 0)
                {
                    output.append(new String(buf, 0, n, StandardCharsets.UTF_8));
                }
            }
            catch (final IOException ignored)
            {
                // process gone
            }
        });
    }

    /**
     * Starts {@code dpdk-testpmd EAL -- -i APP}: {@code eal} are the EAL arguments besides the
     * in-memory ones (lcores, vdevs), {@code app} testpmd's own besides {@code -i} and the pool size.
     */
    static TestPmdOracle start(final List<String> eal, final List<String> app) throws IOException
    {
        io.jdpdk.apps.testing.Tools.require(Files.isExecutable(TESTPMD), TESTPMD + " (Debian package dpdk) is the oracle of these tests");
        final List<String> command = new ArrayList<>();
        command.add(TESTPMD.toString());
        final String prefix = "jdpdk_oracle_" + ProcessHandle.current().pid() + "_" + SEQ.incrementAndGet();
        command.addAll(List.of("--in-memory", "--no-pci", "--file-prefix=" + prefix, "--log-level=*:notice"));
        command.addAll(eal);
        command.add("--");
        command.addAll(List.of("-i", "--total-num-mbufs=8192"));
        command.addAll(app);
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        return new TestPmdOracle(process, prefix);
    }

    /**
     * EAL arguments that make testpmd's one forwarding lcore carry the DPDK lcore id {@code lcoreId}
     * (txonly's multi-flow adds it to the address): {@code --lcores=M@0,ID@1 --main-lcore=M}.
     */
    static List<String> forwardingLcore(final int lcoreId)
    {
        final int main = lcoreId == 0 ? 1 : 0;
        return List.of("--lcores=" + main + "@0," + lcoreId + "@1", "--main-lcore=" + main);
    }

    /** Sends one command line. */
    void command(final String line) throws IOException
    {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    /** Waits until {@code file} holds at least {@code bytes} (testpmd's pcap writer flushes in blocks). */
    void awaitFileSize(final Path file, final long bytes, final long timeoutMillis) throws Exception
    {
        final long deadline = System.currentTimeMillis() + timeoutMillis;
        while (!Files.exists(file) || Files.size(file) < bytes)
        {
            if (System.currentTimeMillis() > deadline || !process.isAlive())
            {
                fail("testpmd did not write " + bytes + " bytes to " + file + " in " + timeoutMillis + " ms:\n" +
                    output);
            }
            Thread.sleep(10);
        }
    }

    /** Asks for port 0's statistics until it received at least {@code packets}. */
    void awaitRxPackets(final long packets, final long timeoutMillis) throws Exception
    {
        final long deadline = System.currentTimeMillis() + timeoutMillis;
        while (true)
        {
            final int mark = output.length();
            command("show port stats 0");
            Thread.sleep(50);
            final Matcher m = RX_PACKETS.matcher(output.substring(mark));
            long last = -1;
            while (m.find())
            {
                last = Long.parseLong(m.group(1));
            }
            if (last >= packets)
            {
                return;
            }
            if (System.currentTimeMillis() > deadline || !process.isAlive())
            {
                fail("testpmd port 0 did not receive " + packets + " packets in " + timeoutMillis + " ms:\n" + output);
            }
        }
    }

    /** Sends stop and quit and waits for testpmd to exit (closing its ports flushes their pcap files). */
    void stopAndQuit() throws Exception
    {
        command("stop");
        command("quit");
        stdin.close();
        if (!process.waitFor(60, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
            fail("testpmd did not quit:\n" + output);
        }
        reader.join(5000);
        if (process.exitValue() != 0)
        {
            fail("testpmd exited with " + process.exitValue() + ":\n" + output);
        }
    }

    /** Everything testpmd printed so far. */
    String output()
    {
        return output.toString();
    }

    /** Port 0's MAC address as testpmd printed it when configuring the port. */
    long portMac()
    {
        return mac(PORT_MAC, "Port 0: MAC");
    }

    /** The peer MAC address of port 0's TX stream, as testpmd printed it on start. */
    long peerMac()
    {
        return mac(PEER, "peer of TX port 0");
    }

    private long mac(final Pattern pattern, final String what)
    {
        final Matcher m = pattern.matcher(output);
        if (!m.find())
        {
            fail("testpmd did not print the " + what + ":\n" + output);
        }
        return Long.parseLong(m.group(1).replace(":", ""), 16);
    }

    @Override
    public void close() throws IOException
    {
        if (process.isAlive())
        {
            process.destroyForcibly();
            try
            {
                process.waitFor(30, TimeUnit.SECONDS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }
        io.jdpdk.apps.testing.Commands.removeDpdkFiles(prefix); // its --in-memory runtime directory
    }
}
