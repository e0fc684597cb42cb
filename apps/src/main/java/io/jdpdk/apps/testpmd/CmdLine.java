package io.jdpdk.apps.testpmd;

import io.jdpdk.pmd.Port;

import java.io.PrintStream;
import java.math.BigInteger;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * testpmd's interactive prompt (DPDK 22.11 {@code app/test-pmd/cmdline.c} over librte_cmdline), for the commands
 * jdpdk's testpmd has. Lines come from standard input, a terminal or a pipe; on a pipe each command is echoed after
 * the prompt, as testpmd's cmdline does. The end of input or a signal ends the prompt as {@code quit} does. Runs on
 * the main thread.
 */
final class CmdLine
{
    /** testpmd's {@code RTE_PORT_ALL}: the port id {@code port_id_is_invalid} lets through. */
    static final int PORT_ALL = 0xFFFF;

    private final TestPmd app;
    private final PrintStream out;
    private final PrintStream err;

    CmdLine(final TestPmd app, final PrintStream out, final PrintStream err)
    {
        this.app = app;
        this.out = out;
        this.err = err;
    }

    /** The {@code testpmd> } prompt until {@code quit}, the end of standard input or a signal. */
    void prompt()
    {
        final boolean echo = System.console() == null || !System.console().isTerminal();
        while (true)
        {
            out.print("testpmd> ");
            out.flush();
            final String line = app.nextLine();
            if (line == null)
            {
                out.println();
                return;
            }
            if (echo)
            {
                out.print(line + "\r\n"); // librte_cmdline's rdline echoes the newline as CR LF
            }
            if (!command(line.trim()))
            {
                return;
            }
            out.flush();
        }
    }

    /**
     * Runs one interactive command, as testpmd's cmdline does: {@code start [tx_first [N]]}, {@code stop},
     * {@code show port stats|info|summary|xstats all|N}, {@code show rxq|txq info N Q},
     * {@code show port N rss-hash [key]}, {@code show config rxtx|cores|fwd}, {@code show fwd stats all},
     * {@code clear fwd stats all}, {@code clear port stats|xstats all|N}, {@code set fwd MODE [retry]},
     * {@code set nbport|nbcore|burst|verbose N}, {@code set promisc|allmulti N|all on|off},
     * {@code set link-up|link-down port N}, {@code mac_addr add|remove|set N MAC}, {@code show port N macs|mcast_macs},
     * {@code show port N ptypes},
     * {@code csum set PROTO hw|sw N}, {@code csum show N}, {@code csum mac-swap on|off N}, {@code port start|stop N|all},
     * {@code flow ...}
     * ({@link FlowCommands}), {@code help}, {@code quit}. A command it does not know gets "Command not found"; a
     * known command with arguments it does not take gets "Bad arguments".
     *
     * @return false for quit
     */
    boolean command(final String line)
    {
        final String[] w = line.isEmpty() ? new String[0] : line.split("\\s+");
        if (w.length == 0 || w[0].startsWith("#"))
        {
            return true;
        }
        switch (w[0])
        {
            case "start" ->
            {
                if (w.length == 1)
                {
                    app.startForwarding();
                }
                else if (w.length == 2 && w[1].equals("tx_first"))
                {
                    app.startForwarding(1);
                }
                else if (w.length == 3 && w[1].equals("tx_first") && parseUint32(w[2]) >= 0)
                {
                    app.startForwarding(parseUint32(w[2]));
                }
                else
                {
                    return bad();
                }
            }
            case "stop" ->
            {
                if (w.length != 1)
                {
                    return bad();
                }
                app.stopForwarding();
            }
            case "quit" ->
            {
                if (w.length != 1)
                {
                    return bad();
                }
                return false;
            }
            case "help" -> help();
            case "show" ->
            {
                if (w.length == 4 && w[1].equals("port") && w[2].equals("stats"))
                {
                    forPorts(w[3], app::showPortStats);
                }
                else if (w.length == 4 && w[1].equals("port") && w[2].equals("xstats"))
                {
                    forPorts(w[3], app::showPortXstats);
                }
                else if (w.length == 4 && w[1].equals("port") && w[2].equals("summary") &&
                    (w[3].equals("all") || parseUint16(w[3]) >= 0))
                {
                    app.showPortSummaryHeader();
                    forPorts(w[3], app::showPortSummary);
                }
                else if (w.length == 3 && w[1].equals("config") && List.of("rxtx", "cores", "fwd").contains(w[2]))
                {
                    app.showConfig(w[2]);
                }
                else if (w.length == 4 && w[1].equals("fwd") && w[2].equals("stats") && w[3].equals("all"))
                {
                    app.showFwdStats();
                }
                else if (w.length == 4 && w[1].equals("port") && w[2].equals("info"))
                {
                    forPorts(w[3], app::showPortInfo);
                }
                else if (w.length == 5 && (w[1].equals("rxq") || w[1].equals("txq")) && w[2].equals("info") &&
                    w[3].matches("\\d{1,5}") && w[4].matches("\\d{1,5}"))
                {
                    final int queue = Integer.parseInt(w[4]);
                    forPorts(w[3], port -> app.showQueueInfo(w[1].equals("rxq"), port, queue));
                }
                else if ((w.length == 4 || (w.length == 5 && w[4].equals("key"))) && w[1].equals("port") &&
                    w[3].equals("rss-hash") && parseUint16(w[2]) >= 0)
                {
                    final int port = parseUint16(w[2]);
                    if (!portIdIsInvalid(port))
                    {
                        app.showRssHash(port, w.length == 5);
                    }
                }
                else if (w.length == 4 && w[1].equals("port") && parseUint16(w[2]) >= 0 && w[3].equals("ptypes"))
                {
                    app.showPtypes(parseUint16(w[2]));
                }
                else if (w.length == 4 && w[1].equals("port") && parseUint16(w[2]) >= 0 &&
                    (w[3].equals("macs") || w[3].equals("mcast_macs")))
                {
                    final int port = parseUint16(w[2]);
                    if (!portIdIsInvalid(port))
                    {
                        app.showMacs(port, w[3].equals("mcast_macs"));
                    }
                }
                else
                {
                    return bad();
                }
            }
            case "clear" ->
            {
                if (w.length == 4 && w[1].equals("port") && w[2].equals("stats"))
                {
                    forPorts(w[3], app::clearPortStats);
                }
                else if (w.length == 4 && w[1].equals("port") && w[2].equals("xstats"))
                {
                    forPorts(w[3], app::clearPortXstats);
                }
                else if (w.length == 4 && w[1].equals("fwd") && w[2].equals("stats") && w[3].equals("all"))
                {
                    app.clearFwdStats();
                }
                else
                {
                    return bad();
                }
            }
            case "set" ->
            {
                if (w.length == 3 && w[1].equals("fwd") && Engines.isKnown(w[2]))
                {
                    app.setFwd(w[2], false);
                }
                else if (w.length == 4 && w[1].equals("fwd") && Engines.isKnown(w[2]) && !w[2].equals("rxonly") &&
                    w[3].equals("retry"))
                {
                    app.setFwd(w[2], true); // list_pkt_forwarding_retry_modes: every mode but rxonly
                }
                else if (w.length == 4 && (w[1].equals("promisc") || w[1].equals("allmulti")) &&
                    (w[2].equals("all") || parseUint16(w[2]) >= 0) && (w[3].equals("on") || w[3].equals("off")))
                {
                    final int which = w[2].equals("all") ? -1 : parseUint16(w[2]);
                    if (w[1].equals("promisc"))
                    {
                        app.setPromisc(which, w[3].equals("on"));
                    }
                    else
                    {
                        app.setAllMulticast(which, w[3].equals("on"));
                    }
                }
                else if (w.length == 4 && (w[1].equals("link-up") || w[1].equals("link-down")) &&
                    w[2].equals("port") && parseUint16(w[3]) >= 0)
                {
                    app.setLink(parseUint16(w[3]), w[1].equals("link-up"));
                }
                else if (w.length == 3 && w[1].equals("verbose") && parseUint16(w[2]) >= 0)
                {
                    app.setVerbose(parseUint16(w[2]));
                }
                else if (w.length == 3 && List.of("nbport", "nbcore", "burst").contains(w[1]) &&
                    parseUint16(w[2]) >= 0 && (parseUint16(w[2]) > 0 || w[1].equals("nbport")))
                {
                    // 0 forwarding cores made testpmd divide by zero, a burst of 0 forward nothing: refused here.
                    app.setNumber(w[1], parseUint16(w[2]));
                }
                else
                {
                    return bad();
                }
            }
            case "port" ->
            {
                // cmd_operate_specific_port takes the id as an RTE_UINT8.
                if (w.length == 3 && (w[1].equals("start") || w[1].equals("stop")) &&
                    (w[2].equals("all") || parseUnsigned(w[2], 0xFF) >= 0))
                {
                    final int which = w[2].equals("all") ? PORT_ALL : (int)parseUnsigned(w[2], 0xFF);
                    if (portIdIsInvalid(which))
                    {
                        return true;
                    }
                    if (w[1].equals("start"))
                    {
                        app.startPort(which);
                    }
                    else
                    {
                        app.stopPort(which);
                    }
                }
                else
                {
                    return bad();
                }
            }
            case "flow" -> app.flow(w);
            case "csum" ->
            {
                if (w.length == 4 && w[1].equals("mac-swap") && (w[2].equals("on") || w[2].equals("off")) &&
                    parseUint16(w[3]) >= 0)
                {
                    final int port = parseUint16(w[3]);
                    if (!portIdIsInvalid(port))
                    {
                        app.csumMacSwap(port, w[2].equals("on"));
                    }
                }
                else if (w.length == 5 && w[1].equals("set") && CsumOffload.of(w[2]) != null &&
                    (w[3].equals("hw") || w[3].equals("sw")) && parseUint16(w[4]) >= 0)
                {
                    app.csum(CsumOffload.of(w[2]), w[3].equals("hw"), parseUint16(w[4]));
                }
                else if (w.length == 3 && w[1].equals("show") && parseUint16(w[2]) >= 0)
                {
                    app.csum(null, false, parseUint16(w[2]));
                }
                else
                {
                    return bad();
                }
            }
            case "mac_addr" ->
            {
                // librte_cmdline's etheraddr token: what rte_ether_unformat_addr reads (17 characters at most).
                final long mac = w.length == 4 ? Port.parseMac(w[3]) : -1;
                if (w.length == 4 && List.of("add", "remove", "set").contains(w[1]) && parseUint16(w[2]) >= 0 &&
                    mac >= 0)
                {
                    app.macAddr(w[1], parseUint16(w[2]), mac);
                }
                else
                {
                    return bad();
                }
            }
            default -> out.println("Command not found");
        }
        return true;
    }

    private boolean bad()
    {
        out.println("Bad arguments");
        return true;
    }

    private void forPorts(final String which, final IntConsumer action)
    {
        final int[] ports = app.portIds();
        if (which.equals("all"))
        {
            for (final int port : ports)
            {
                action.accept(port);
            }
            return;
        }
        final int id = parseUint16(which); // RTE_UINT16: decimal, hex, octal or binary
        if (!app.isPort(id))
        {
            if (id < 0)
            {
                out.println("Bad arguments");
                return;
            }
            err.println("Invalid port " + id);
            final StringBuilder list = new StringBuilder("The valid ports array is [");
            for (final int port : ports)
            {
                list.append(' ').append(port);
            }
            out.println(list.append(" ]"));
            return;
        }
        action.accept(id);
    }

    /**
     * testpmd's {@code port_id_is_invalid(port_id, ENABLED_WARN)}: "Invalid port N" on standard error unless the id
     * is a probed port's or {@link #PORT_ALL}, which testpmd lets through to the command (whose DPDK call then
     * fails).
     *
     * @return true when the command must not run
     */
    private boolean portIdIsInvalid(final int id)
    {
        if (id == PORT_ALL || app.isPort(id))
        {
            return false;
        }
        err.println("Invalid port " + id);
        return true;
    }

    /**
     * A {@code uint16_t} token as librte_cmdline's {@code RTE_UINT16} number parses it: decimal, {@code 0x} hex,
     * {@code 0b} binary, or octal after a leading 0.
     *
     * @return the value, or -1 when the token is not such a number or exceeds 65535 (testpmd: "Bad arguments")
     */
    static int parseUint16(final String token)
    {
        return (int)parseUnsigned(token, 0xFFFF);
    }

    /**
     * A {@code uint32_t} token as librte_cmdline's {@code RTE_UINT32} number parses it (see {@link #parseUint16}).
     *
     * @return the value, or -1 when the token is not such a number or exceeds 4294967295
     */
    static long parseUint32(final String token)
    {
        return parseUnsigned(token, 0xFFFF_FFFFL);
    }

    private static long parseUnsigned(final String token, final long max)
    {
        final String digits;
        final int radix;
        if (token.matches("0x[0-9a-fA-F]+"))
        {
            digits = token.substring(2);
            radix = 16;
        }
        else if (token.matches("0b[01]+"))
        {
            digits = token.substring(2);
            radix = 2;
        }
        else if (token.matches("0[0-7]*"))
        {
            digits = token;
            radix = 8;
        }
        else if (token.matches("[1-9][0-9]*"))
        {
            digits = token;
            radix = 10;
        }
        else
        {
            return -1;
        }
        final BigInteger value = new BigInteger(digits, radix);
        return value.compareTo(BigInteger.valueOf(max)) <= 0 ? value.longValue() : -1;
    }

    /** The commands this prompt knows, in testpmd's help layout. */
    private void help()
    {
        out.println();
        out.println("Commands of jdpdk's testpmd (a subset of DPDK testpmd's):");
        out.println();
        out.println("start");
        out.println("    Start packet forwarding with current configuration.");
        out.println();
        out.println("start tx_first [(n)]");
        out.println("    Start packet forwarding, after sending n bursts (1 if not given) of packets first.");
        out.println();
        out.println("stop");
        out.println("    Stop packet forwarding, and display accumulated statistics.");
        out.println();
        out.println("show port (info|stats|summary|xstats) (port_id|all)");
        out.println("show (rxq|txq) info (port_id) (queue_id)");
        out.println("    Display information for port_id, or all.");
        out.println();
        out.println("show port (port_id) rss-hash [key]");
        out.println("    Display the RSS hash functions and RSS hash key of port");
        out.println();
        out.println("show port (port_id) ptypes");
        out.println("    Show port supported ptypes");
        out.println();
        out.println("show port (port_id) macs|mcast_macs");
        out.println("    Display list of mac addresses added to port.");
        out.println();
        out.println("mac_addr add (port_id) (XX:XX:XX:XX:XX:XX)");
        out.println("    Add a MAC address on port_id.");
        out.println();
        out.println("mac_addr remove (port_id) (XX:XX:XX:XX:XX:XX)");
        out.println("    Remove a MAC address from port_id.");
        out.println();
        out.println("mac_addr set (port_id) (XX:XX:XX:XX:XX:XX)");
        out.println("    Set the default MAC address for port_id.");
        out.println();
        out.println("csum set (ip|udp|tcp|sctp|outer-ip|outer-udp) (hw|sw) (port_id)");
        out.println("    Select hardware or software calculation of the checksum when transmitting a packet using the");
        out.println("    csum forward engine.");
        out.println();
        out.println("csum show (port_id)");
        out.println("    Display tx checksum offload configuration");
        out.println();
        out.println("csum mac-swap (on|off) (port_id)");
        out.println("    Enable/Disable forward mac address swap in csum mode.");
        out.println();
        out.println("clear port (stats|xstats) (port_id|all)");
        out.println("    Clear statistics of port_id, or all.");
        out.println();
        out.println("show config (rxtx|cores|fwd)");
        out.println("    Display the given configuration.");
        out.println();
        out.println("show fwd stats all");
        out.println("    Display statistics for all fwd engines.");
        out.println();
        out.println("clear fwd stats all");
        out.println("    Clear statistics for all fwd engines.");
        out.println();
        out.println("port (start|stop) (port_id|all)");
        out.println("    Start or stop port_id, or all.");
        out.println();
        out.println("set promisc (port_id|all) (on|off)");
        out.println("    Set the promiscuous mode on port_id, or all.");
        out.println();
        out.println("set allmulti (port_id|all) (on|off)");
        out.println("    Set the allmulti mode on port_id, or all.");
        out.println();
        out.println("set link-up port (port_id)");
        out.println("    Set link up for a port.");
        out.println();
        out.println("set link-down port (port_id)");
        out.println("    Set link down for a port.");
        out.println();
        out.println("set (nbport|nbcore|burst) (value)");
        out.println("    Set the number of forwarding ports or cores, or the number of packets per burst.");
        out.println();
        out.println("set verbose (level)");
        out.println("    Set the debug verbosity level X.");
        out.println();
        out.println("set fwd (" + String.join("|", Engines.names()) + ")");
        out.println("    Set packet forwarding mode.");
        out.println();
        out.println("set fwd (" + String.join("|", java.util.Arrays.stream(Engines.names())
            .filter(m -> !m.equals("rxonly")).toList()) + ") retry");
        out.println("    Set packet forwarding mode with retry.");
        out.println();
        out.println("flow (validate|create) (port_id) [group (n)] [priority (n)] [ingress] [egress] [transfer]");
        out.println("    pattern (item) [(field) (is|spec|last|mask|prefix) (value)]... / ... / end");
        out.println("    actions (action) [(arg) (value)]... / ... / end");
        out.println("flow destroy (port_id) rule (id) [rule (id)]...");
        out.println("flow (flush|list) (port_id)");
        out.println("flow query (port_id) (id) (count|rss|age)");
        out.println("flow isolate (port_id) (0|1)");
        out.println("    Manage flow rules (rte_flow); items eth vlan ipv4 ipv6 udp tcp, actions queue drop rss mark");
        out.println("    count jump passthru flag void.");
        out.println();
        out.println("quit");
        out.println("    Quit to prompt.");
        out.println();
    }
}
