package io.jdpdk.apps.testpmd;

import io.jdpdk.pmd.FlowControl;
import io.jdpdk.pmd.Port;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.stream.Stream;

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
    /**
     * Where librte_cmdline itself writes ({@code cmdline_printf}): "Command not found", "Bad arguments" and the help
     * text; {@link #out} at the prompt, nowhere for {@code --cmdline-file} ({@code cmdline_file_new} opens its
     * context without an output).
     */
    private final PrintStream cl;

    CmdLine(final TestPmd app, final PrintStream out, final PrintStream err)
    {
        this(app, out, err, out);
    }

    private CmdLine(final TestPmd app, final PrintStream out, final PrintStream err, final PrintStream cl)
    {
        this.app = app;
        this.out = out;
        this.err = err;
        this.cl = cl;
    }

    /**
     * {@code --cmdline-file}: testpmd's {@code cmdline_read_from_file}. Each line of {@code file} ended by a newline
     * or a carriage return runs as a command, without a prompt or an echo, and without librte_cmdline's own words
     * for a line it does not take; {@code quit} ends the file, not testpmd. Then "Read CLI commands from FILE"; a file
     * that cannot be read is said on standard error and nothing runs.
     */
    void readFile(final String file)
    {
        final String text;
        try
        {
            text = Files.readString(Path.of(file), StandardCharsets.ISO_8859_1);
        }
        catch (final IOException | InvalidPathException ex)
        {
            err.println("Failed to create file based cmdline context: " + file);
            return;
        }
        final CmdLine quiet = new CmdLine(app, out, err, new PrintStream(OutputStream.nullOutputStream()));
        int from = 0;
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            if (c == '\n' || c == '\r')
            {
                final boolean more = quiet.command(text.substring(from, i));
                out.flush();
                from = i + 1;
                if (!more)
                {
                    break;
                }
            }
        }
        out.println("Read CLI commands from " + file);
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
                return; // librte_cmdline ends at EOF without a newline after the prompt
            }
            if (echo)
            {
                out.print(line + "\r\n"); // librte_cmdline's rdline echoes the newline as CR LF
            }
            if (!command(line))
            {
                return;
            }
            out.flush();
        }
    }

    /**
     * Runs one interactive command, as testpmd's cmdline does: {@code start [tx_first [N]]}, {@code stop},
     * {@code show port stats|info|summary|xstats all|N}, {@code show rxq|txq info N Q},
     * {@code show port N rss-hash [key]}, {@code show port N rss reta SIZE MASKS}, {@code port config N rss reta LIST},
     * {@code show config rxtx|cores|fwd|rxoffs|rxpkts|rxhdrs|txpkts|txtimes}, {@code show fwd stats all},
     * {@code clear fwd stats all}, {@code clear port stats|xstats all|N}, {@code set fwd MODE [retry]},
     * {@code set nbport|nbcore|burst|verbose N}, {@code set portlist LIST}, {@code set portmask|coremask MASK},
     * {@code set txpkts LIST}, {@code set rxoffs|rxpkts|rxhdrs LIST}, {@code set eth-peer N MAC},
     * {@code set promisc|allmulti N|all on|off}, {@code set record-burst-stats|record-core-cycles on|off},
     * {@code set flow_ctrl ...}, {@code show port N flow_ctrl}, {@code set flush_rx|link_check|xstats-hide-zero on|off},
     * {@code set log global|TYPE LEVEL}, {@code load FILE}, {@code show port N rxq|txq Q desc D status},
     * {@code show port N rxq Q desc used count}, {@code set corelist LIST}, {@code mcast_addr add|remove N MAC},
     * {@code show port N eeprom|module_eeprom}, {@code vlan set strip|filter|qinq_strip|extend|stripq on|off N[,Q]},
 * {@code vlan set inner|outer tpid T N}, {@code rx_vlan add|rm VLAN|all N}, {@code tx_vlan set N VLAN [OUTER]},
 * {@code tx_vlan set pvid N VLAN on|off}, {@code tx_vlan reset N}, {@code dump_physmem|dump_memzone|dump_socket_mem|dump_struct_sizes|
     * dump_ring|dump_mempool|dump_devargs|dump_log_types}, {@code dump_ring|dump_mempool NAME}, {@code port config all burst N},
     * {@code port config all rxpt|rxht|rxwt|txpt|txht|txwt|rxfreet|txfreet|txrst N},
     * {@code port config all|N speed SPEED duplex DUPLEX},
     * {@code set link-up|link-down port N}, {@code mac_addr add|remove|set N MAC}, {@code show port N macs|mcast_macs},
     * {@code show port N ptypes}, {@code set port N gso on|off}, {@code set gso segsz N}, {@code show port N gso}, {@code tso set SIZE N}, {@code tso show N},
     * {@code csum set PROTO hw|sw N}, {@code csum show N}, {@code csum mac-swap on|off N},
     * {@code port start|stop|close|reset N|all}, {@code port attach ID}, {@code port detach N}, {@code device detach ID},
     * {@code port config all rxq|txq|rxd|txd N}, {@code port config all rss TYPE},
     * {@code port config all max-pkt-len N}, {@code port config mtu N MTU},
     * {@code show port N rx_offload|tx_offload capabilities|configuration}, {@code show device info all|ID},
     * {@code port config N rx_offload|tx_offload NAME on|off}, {@code port N rxq|txq Q rx_offload|tx_offload NAME on|off},
     * {@code flow ...}
     * ({@link FlowCommands}), {@code help [SECTION]}, {@code quit}. A command it does not know gets "Command not found"; a
     * known command with arguments it does not take gets "Bad arguments".
     *
     * @return false for quit
     */
    boolean command(final String raw)
    {
        synchronized (app.control)
        {
            return run(raw);
        }
    }

    private boolean run(final String raw)
    {
        // librte_cmdline ends a command at '#' (cmdline_isendofcommand): the rest of the line is a comment.
        final int comment = raw.indexOf('#');
        final String line = (comment < 0 ? raw : raw.substring(0, comment)).strip();
        final String[] w = line.isEmpty() ? new String[0] : line.split("\\s+");
        if (w.length == 0)
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
            case "help" ->
            {
                return help(w);
            }
            case "tso" ->
            {
                if (w.length == 4 && w[1].equals("set") && parseUint16(w[2]) >= 0 && parseUint16(w[3]) >= 0)
                {
                    if (!portIdIsInvalid(parseUint16(w[3])))
                    {
                        app.tso(parseUint16(w[3]), parseUint16(w[2]));
                    }
                }
                else if (w.length == 3 && w[1].equals("show") && parseUint16(w[2]) >= 0)
                {
                    if (!portIdIsInvalid(parseUint16(w[2])))
                    {
                        app.tso(parseUint16(w[2]), -1);
                    }
                }
                else
                {
                    return bad();
                }
            }
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
                else if (w.length == 3 && w[1].equals("config") &&
                    List.of("rxtx", "cores", "fwd", "rxoffs", "rxpkts", "rxhdrs", "txpkts", "txtimes").contains(w[2]))
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
                else if (w.length == 4 && w[1].equals("port") && parseUint16(w[2]) >= 0 && w[3].equals("flow_ctrl"))
                {
                    app.showFlowCtrl(parseUint16(w[2]));
                }
                else if (w.length == 4 && w[1].equals("port") && parseUint16(w[2]) >= 0 && w[3].equals("gso"))
                {
                    app.showGso(parseUint16(w[2]));
                }
                else if (w.length == 7 && w[1].equals("port") && parseUint16(w[2]) >= 0 && w[3].equals("rss") &&
                    w[4].equals("reta") && parseUint16(w[5]) >= 0 && fitsFixedString(w[6]))
                {
                    app.showRssReta(parseUint16(w[2]), parseUint16(w[5]), w[6]);
                }
                else if (w.length == 4 && w[1].equals("device") && w[2].equals("info"))
                {
                    app.showDeviceInfo(w[3].equals("all") ? null : w[3]);
                }
                else if (w.length == 5 && w[1].equals("port") && parseUint16(w[2]) >= 0 &&
                    (w[3].equals("rx_offload") || w[3].equals("tx_offload")) &&
                    (w[4].equals("capabilities") || w[4].equals("configuration")))
                {
                    if (w[4].equals("capabilities"))
                    {
                        app.showOffloadCapabilities(w[3].equals("rx_offload"), parseUint16(w[2]));
                    }
                    else
                    {
                        app.showOffloadConfiguration(w[3].equals("rx_offload"), parseUint16(w[2]));
                    }
                }
                else if (w.length == 8 && w[1].equals("port") && parseUint16(w[2]) >= 0 &&
                    (w[3].equals("rxq") || w[3].equals("txq")) && parseUint16(w[4]) >= 0 && w[5].equals("desc") &&
                    parseUint16(w[6]) >= 0 && w[7].equals("status"))
                {
                    app.showDescStatus(w[3].equals("rxq"), parseUint16(w[2]), parseUint16(w[4]), parseUint16(w[6]));
                }
                else if (w.length == 8 && w[1].equals("port") && parseUint16(w[2]) >= 0 && w[3].equals("rxq") &&
                    parseUint16(w[4]) >= 0 && w[5].equals("desc") && w[6].equals("used") && w[7].equals("count"))
                {
                    app.showRxUsedCount(parseUint16(w[2]), parseUint16(w[4]));
                }
                else if (w.length == 4 && w[1].equals("port") && parseUint16(w[2]) >= 0 &&
                    (w[3].equals("eeprom") || w[3].equals("module_eeprom")))
                {
                    forPorts(w[2], port -> app.showEeprom(port, w[3].equals("module_eeprom")));
                }
                else if (w.length == 6 && w[1].equals("port") && parseUint16(w[2]) >= 0 && w[3].equals("flow") &&
                    w[4].equals("transfer") && w[5].equals("proxy"))
                {
                    app.showTransferProxy(parseUint16(w[2]));
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
            case "device" ->
            {
                if (w.length == 3 && w[1].equals("detach") && fitsFixedString(w[2]))
                {
                    app.detachDevice(w[2]);
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
                else if (w.length == 4 && w[1].equals("port") && List.of("info", "summary", "fdir", "dcb_tc")
                    .contains(w[2]) && (w[3].equals("all") || parseUint16(w[3]) >= 0))
                {
                    // cmd_showport_parsed and cmd_showportall_parsed clear only stats and xstats: the rest does nothing
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
                else if (w.length == 15 && w[1].equals("flow_ctrl") && w[2].equals("rx") && onOff(w[3]) &&
                    w[4].equals("tx") && onOff(w[5]) && parseUint32(w[6]) >= 0 && parseUint32(w[7]) >= 0 &&
                    parseUint16(w[8]) >= 0 && parseUint16(w[9]) >= 0 && w[10].equals("mac_ctrl_frame_fwd") &&
                    onOff(w[11]) && w[12].equals("autoneg") && onOff(w[13]) && parseUint16(w[14]) >= 0)
                {
                    final boolean rx = w[3].equals("on");
                    final boolean tx = w[5].equals("on");
                    app.setFlowCtrl(parseUint16(w[14]), new FlowControl(parseUint32(w[6]), parseUint32(w[7]),
                        parseUint16(w[8]), parseUint16(w[9]), TestPmd.flowControlMode(rx, tx), w[11].equals("on"),
                        w[13].equals("on")));
                }
                else if (w.length == 5 && w[1].equals("flow_ctrl") && parseUint16(w[4]) >= 0 &&
                    (List.of("rx", "tx", "mac_ctrl_frame_fwd", "autoneg").contains(w[2]) && onOff(w[3]) ||
                    List.of("high_water", "low_water").contains(w[2]) && parseUint32(w[3]) >= 0 ||
                    List.of("pause_time", "send_xon").contains(w[2]) && parseUint16(w[3]) >= 0))
                {
                    app.setFlowCtrl(parseUint16(w[4]), w[2], onOff(w[3]) ? (w[3].equals("on") ? 1 : 0) :
                        parseUint32(w[3]));
                }
                else if (w.length == 3 && List.of("flush_rx", "link_check", "xstats-hide-zero").contains(w[1]) &&
                    onOff(w[2]))
                {
                    app.setOnOff(w[1], w[2].equals("on"));
                }
                else if (w.length == 4 && w[1].equals("log") && fitsFixedString(w[2]) && parseUint32(w[3]) >= 0)
                {
                    app.setLog(w[2], (int)parseUint32(w[3]));
                }
                else if (w.length == 3 && (w[1].equals("record-burst-stats") || w[1].equals("record-core-cycles")) &&
                    (w[2].equals("on") || w[2].equals("off")))
                {
                    app.setRecord(w[1].equals("record-burst-stats"), w[2].equals("on"));
                }
                else if (w.length == 4 && (w[1].equals("link-up") || w[1].equals("link-down")) &&
                    w[2].equals("port") && parseUint16(w[3]) >= 0)
                {
                    app.setLink(parseUint16(w[3]), w[1].equals("link-up"));
                }
                else if (w.length >= 3 && w[1].equals("portlist"))
                {
                    // A multi-string token: the rest of the line as typed, blanks after it included, up to a '#'.
                    final String rest = raw.replaceFirst("^\\s*set\\s+portlist\\s+", "");
                    app.setPortList(rest.indexOf('#') < 0 ? rest : rest.substring(0, rest.indexOf('#')));
                }
                else if (w.length == 3 && w[1].equals("txpkts"))
                {
                    app.setTxPkts(w[2]);
                }
                else if (w.length == 7 && w[1].equals("port") && parseUint16(w[2]) >= 0 && w[3].equals("queue") &&
                    parseUnsigned(w[4], 0xFF) >= 0 && w[5].equals("rate") && parseUint32(w[6]) >= 0)
                {
                    app.setQueueRateLimit(parseUint16(w[2]), (int)parseUnsigned(w[4], 0xFF), parseUint32(w[6]));
                }
                else if (w.length == 7 && w[1].equals("port") && parseUint16(w[2]) >= 0 && w[3].equals("rxq") &&
                    parseUint16(w[4]) >= 0 && w[5].equals("avail_thresh") && parseUnsigned(w[6], 0xFF) >= 0)
                {
                    app.setRxqAvailThresh(parseUint16(w[2]), parseUint16(w[4]), (int)parseUnsigned(w[6], 0xFF));
                }
                else if (w.length == 6 && w[1].equals("port") && parseUint16(w[2]) >= 0 && w[3].equals("uta") &&
                    (w[4].equals("all") || Port.parseMac(w[4]) >= 0) && onOff(w[5]))
                {
                    app.setUnicastHash(parseUint16(w[2]), w[4].equals("all") ? -1 : Port.parseMac(w[4]),
                        w[5].equals("on"));
                }
                else if (w.length == 5 && w[1].equals("port") && parseUint16(w[2]) >= 0 && w[3].equals("gso") &&
                    onOff(w[4]))
                {
                    app.setGso(parseUint16(w[2]), w[4].equals("on"));
                }
                else if (w.length == 4 && w[1].equals("gso") && w[2].equals("segsz") && parseUint16(w[3]) >= 0)
                {
                    app.setGsoSegmentSize(parseUint16(w[3]));
                }
                else if (w.length == 5 && w[1].equals("port") && parseUint16(w[2]) >= 0 && w[3].equals("ptype_mask") &&
                    parseUint32(w[4]) >= 0)
                {
                    app.setPtypeMask(parseUint16(w[2]), parseUint32(w[4]));
                }
                else if (w.length == 2 && w[1].equals("default"))
                {
                    app.setDefault();
                }
                else if (w.length == 7 && w[1].equals("burst") && w[2].equals("tx") && w[3].equals("delay") &&
                    parseUint32(w[4]) >= 0 && w[5].equals("retry") && parseUint32(w[6]) >= 0)
                {
                    app.setBurstTxRetry(parseUint32(w[4]), parseUint32(w[6]));
                }
                else if (w.length == 6 && w[1].equals("stat_qmap") && (w[2].equals("rx") || w[2].equals("tx")) &&
                    parseUint16(w[3]) >= 0 && parseUint16(w[4]) >= 0 && parseUnsigned(w[5], 0xFF) >= 0)
                {
                    app.setStatQmap(w[2].equals("rx"), parseUint16(w[3]), parseUint16(w[4]),
                        (int)parseUnsigned(w[5], 0xFF));
                }
                else if (w.length == 3 && w[1].equals("txtimes"))
                {
                    app.setTxTimes(w[2]);
                }
                else if (w.length == 3 && List.of("rxoffs", "rxpkts", "rxhdrs").contains(w[1]))
                {
                    app.setRxSplit(w[1], w[2]);
                }
                else if (w.length == 4 && w[1].equals("eth-peer") && parseUint16(w[2]) >= 0)
                {
                    app.setEthPeer(parseUint16(w[2]), w[3]);
                }
                else if (w.length == 3 && w[1].equals("portmask") && parseUint64(w[2]) != null)
                {
                    app.setPortMask(parseUint64(w[2]));
                }
                else if (w.length >= 3 && w[1].equals("corelist"))
                {
                    // cmd_set_list's list token, as set portlist's: the rest of the line before a comment.
                    final String rest = raw.replaceFirst("^\\s*set\\s+corelist\\s+", "");
                    app.setCoreList(rest.indexOf('#') < 0 ? rest : rest.substring(0, rest.indexOf('#')));
                }
                else if (w.length == 3 && w[1].equals("coremask") && parseUint64(w[2]) != null)
                {
                    app.setCoreMask(parseUint64(w[2]));
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
                if (w.length == 5 && w[1].equals("config") && w[2].equals("all") &&
                    List.of("rxq", "txq", "rxd", "txd").contains(w[3]) && parseUint16(w[4]) >= 0)
                {
                    app.portConfigQueues(w[3], parseUint16(w[4]));
                    return true;
                }
                if (w.length == 5 && w[1].equals("config") && w[2].equals("all") && w[3].equals("max-pkt-len") &&
                    parseUint32(w[4]) >= 0)
                {
                    app.portConfigMaxPktLen(parseUint32(w[4]));
                    return true;
                }
                if (w.length == 5 && w[1].equals("config") && w[2].equals("all") && w[3].equals("burst") &&
                    parseUint16(w[4]) >= 0)
                {
                    app.portConfigBurst(parseUint16(w[4]));
                    return true;
                }
                if (w.length == 5 && w[1].equals("config") && w[2].equals("all") &&
                    (List.of("txpt", "txht", "txwt", "rxpt", "rxht", "rxwt").contains(w[3]) &&
                    parseUnsigned(w[4], 0xFF) >= 0 ||
                    List.of("txfreet", "txrst", "rxfreet").contains(w[3]) && parseUint16(w[4]) >= 0))
                {
                    app.portConfigThreshold(w[3], (int)parseUnsigned(w[4], 0xFFFF));
                    return true;
                }
                if (w.length == 7 && w[1].equals("config") && (w[2].equals("all") || parseUint16(w[2]) >= 0) &&
                    w[3].equals("speed") && SPEEDS.contains(w[4]) && w[5].equals("duplex") &&
                    List.of("half", "full", "auto").contains(w[6]))
                {
                    final int which = w[2].equals("all") ? PORT_ALL : parseUint16(w[2]);
                    if (!portIdIsInvalid(which))
                    {
                        app.portConfigSpeed(which, w[4], w[6]);
                    }
                    return true;
                }
                if (w.length == 6 && w[1].equals("config") && parseUint16(w[2]) >= 0 && w[3].equals("rss") &&
                    w[4].equals("reta") && fitsFixedString(w[5]))
                {
                    app.configRssReta(parseUint16(w[2]), w[5]);
                    return true;
                }
                if (w.length == 5 && w[1].equals("config") && w[2].equals("all") && w[3].equals("rss"))
                {
                    app.portConfigRss(w[4]);
                    return true;
                }
                if (w.length == 5 && w[1].equals("config") && w[2].equals("mtu") && parseUint16(w[3]) >= 0 &&
                    parseUint16(w[4]) >= 0)
                {
                    app.portConfigMtu(parseUint16(w[3]), parseUint16(w[4]));
                    return true;
                }
                if (w.length == 6 && w[1].equals("config") && parseUint16(w[2]) >= 0 &&
                    (w[3].equals("rx_offload") && RX_PORT_OFFLOADS.contains(w[4]) ||
                    w[3].equals("tx_offload") && TX_PORT_OFFLOADS.contains(w[4])) &&
                    (w[5].equals("on") || w[5].equals("off")))
                {
                    app.configOffload(w[3].equals("rx_offload"), parseUint16(w[2]), -1, w[4], w[5].equals("on"));
                    return true;
                }
                if (w.length == 7 && parseUint16(w[1]) >= 0 && parseUint16(w[3]) >= 0 &&
                    (w[2].equals("rxq") && w[4].equals("rx_offload") && RX_QUEUE_OFFLOADS.contains(w[5]) ||
                    w[2].equals("txq") && w[4].equals("tx_offload") && TX_QUEUE_OFFLOADS.contains(w[5])) &&
                    (w[6].equals("on") || w[6].equals("off")))
                {
                    app.configOffload(w[2].equals("rxq"), parseUint16(w[1]), parseUint16(w[3]), w[5],
                        w[6].equals("on"));
                    return true;
                }
                if (w.length == 5 && w[1].equals("config") && w[2].equals("all") && w[3].equals("drop-en") &&
                    onOff(w[4]))
                {
                    app.portConfigDropEn(w[4].equals("on"));
                    return true;
                }
                if (w.length == 5 && w[1].equals("config") && w[2].equals("all") &&
                    w[3].equals("max-lro-pkt-size") && parseUint32(w[4]) >= 0)
                {
                    app.portConfigMaxLroPktSize(parseUint32(w[4]));
                    return true;
                }
                if (w.length == 5 && w[1].equals("config") && (w[2].equals("all") || parseUint16(w[2]) >= 0) &&
                    w[3].equals("loopback") && parseUint32(w[4]) >= 0)
                {
                    app.portConfigLoopback(w[2].equals("all") ? PORT_ALL : parseUint16(w[2]), parseUint32(w[4]));
                    return true;
                }
                if (w.length == 6 && parseUint16(w[1]) >= 0 && (w[2].equals("rxq") || w[2].equals("txq")) &&
                    parseUint16(w[3]) >= 0 && w[4].equals("deferred_start") && onOff(w[5]))
                {
                    app.queueDeferredStart(parseUint16(w[1]), w[2].equals("rxq"), parseUint16(w[3]),
                        w[5].equals("on"));
                    return true;
                }
                if (w.length == 7 && w[1].equals("config") && parseUint16(w[2]) >= 0 &&
                    (w[3].equals("rxq") || w[3].equals("txq")) && parseUint16(w[4]) >= 0 && w[5].equals("ring_size") &&
                    parseUint16(w[6]) >= 0)
                {
                    app.configRingSize(parseUint16(w[2]), w[3].equals("rxq"), parseUint16(w[4]), parseUint16(w[6]));
                    return true;
                }
                if (w.length == 5 && parseUint16(w[1]) >= 0 && (w[2].equals("rxq") || w[2].equals("txq")) &&
                    parseUint16(w[3]) >= 0 && w[4].equals("setup"))
                {
                    app.setUpQueue(parseUint16(w[1]), w[2].equals("rxq"), parseUint16(w[3]));
                    return true;
                }
                if (w.length == 6 && w[1].equals("cleanup") && parseUint16(w[2]) >= 0 && w[3].equals("txq") &&
                    parseUint16(w[4]) >= 0 && parseUint32(w[5]) >= 0)
                {
                    app.txqCleanup(parseUint16(w[2]), parseUint16(w[4]), parseUint32(w[5]));
                    return true;
                }
                if (w.length == 5 && parseUint16(w[1]) >= 0 && (w[2].equals("rxq") || w[2].equals("txq")) &&
                    parseUint16(w[3]) >= 0 && (w[4].equals("start") || w[4].equals("stop")))
                {
                    app.queueStartStop(parseUint16(w[1]), w[2].equals("rxq"), parseUint16(w[3]), w[4].equals("start"));
                    return true;
                }
                if (w.length >= 3 && w[1].equals("attach"))
                {
                    // cmd_operate_attach_port: the rest of the line (before a comment) is the identifier.
                    app.attachPort(line.substring(line.indexOf("attach") + "attach".length()).strip());
                    return true;
                }
                if (w.length == 3 && w[1].equals("detach") && parseUint16(w[2]) >= 0)
                {
                    app.detachPort(parseUint16(w[2]));
                    return true;
                }
                // cmd_operate_specific_port takes the id as an RTE_UINT8.
                if (w.length == 3 && List.of("start", "stop", "close", "reset").contains(w[1]) &&
                    (w[2].equals("all") || parseUnsigned(w[2], 0xFF) >= 0))
                {
                    final int which = w[2].equals("all") ? PORT_ALL : (int)parseUnsigned(w[2], 0xFF);
                    if (portIdIsInvalid(which))
                    {
                        return true;
                    }
                    switch (w[1])
                    {
                        case "start" -> app.startPort(which);
                        case "stop" -> app.stopPort(which);
                        case "close" -> app.closePort(which);
                        default -> app.resetPort(which);
                    }
                }
                else
                {
                    return bad();
                }
            }
            case "flow" ->
            {
                if (!app.flow(w))
                {
                    return bad();
                }
            }
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
            case "load" ->
            {
                if (w.length != 2 || !fitsFixedString(w[1]))
                {
                    return bad();
                }
                readFile(w[1]); // cmd_load_from_file: as --cmdline-file, from the prompt
            }
            case "dump_physmem", "dump_memzone", "dump_socket_mem", "dump_struct_sizes", "dump_ring", "dump_mempool",
                "dump_devargs", "dump_log_types" ->
            {
                if (w.length == 1)
                {
                    app.dump(w[0]);
                }
                else if (w.length == 2 && (w[0].equals("dump_ring") || w[0].equals("dump_mempool")) &&
                    fitsFixedString(w[1]))
                {
                    app.dumpOne(w[0].equals("dump_ring"), w[1]);
                }
                else
                {
                    return bad();
                }
            }
            case "vlan" ->
            {
                if (w.length == 5 && w[1].equals("set") &&
                    List.of("strip", "filter", "qinq_strip", "extend", "stripq").contains(w[2]) &&
                    (w[3].equals("on") || w[3].equals("off")) && fitsFixedString(w[4]))
                {
                    app.vlanSet(w[2], w[3].equals("on"), w[4]);
                }
                else if (w.length == 6 && w[1].equals("set") && (w[2].equals("inner") || w[2].equals("outer")) &&
                    w[3].equals("tpid") && parseUint16(w[4]) >= 0 && parseUint16(w[5]) >= 0)
                {
                    app.vlanTpid(w[2].equals("inner"), parseUint16(w[4]), parseUint16(w[5]));
                }
                else
                {
                    return bad();
                }
            }
            case "rx_vlan" ->
            {
                if (w.length == 4 && (w[1].equals("add") || w[1].equals("rm")) &&
                    (w[2].equals("all") || parseUint16(w[2]) >= 0) && parseUint16(w[3]) >= 0)
                {
                    app.rxVlan(w[1].equals("add"), w[2].equals("all") ? -1 : parseUint16(w[2]), parseUint16(w[3]));
                }
                else
                {
                    return bad();
                }
            }
            case "tx_vlan" ->
            {
                if (w.length == 3 && w[1].equals("reset") && parseUint16(w[2]) >= 0)
                {
                    app.txVlanReset(parseUint16(w[2]));
                }
                else if (w.length == 6 && w[1].equals("set") && w[2].equals("pvid") && parseUint16(w[3]) >= 0 &&
                    parseUint16(w[4]) >= 0 && (w[5].equals("on") || w[5].equals("off")))
                {
                    app.txVlanPvid(parseUint16(w[3]), parseUint16(w[4]), w[5].equals("on"));
                }
                else if ((w.length == 4 || w.length == 5) && w[1].equals("set") && parseUint16(w[2]) >= 0 &&
                    parseUint16(w[3]) >= 0 && (w.length == 4 || parseUint16(w[4]) >= 0))
                {
                    app.txVlanSet(parseUint16(w[2]), parseUint16(w[3]), w.length == 5 ? parseUint16(w[4]) : -1);
                }
                else
                {
                    return bad();
                }
            }
            case "mcast_addr" ->
            {
                final long mac = w.length == 4 ? Port.parseMac(w[3]) : -1;
                if (w.length == 4 && (w[1].equals("add") || w[1].equals("remove")) && parseUint16(w[2]) >= 0 &&
                    mac >= 0)
                {
                    app.mcastAddr(w[1].equals("add"), parseUint16(w[2]), mac);
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
            default -> cl.println("Command not found");
        }
        return true;
    }

    /** The offload names cmdline.c's port and queue offload commands take (their tokens' choices, case-sensitive). */
    private static final List<String> RX_QUEUE_OFFLOADS = List.of("vlan_strip", "ipv4_cksum", "udp_cksum", "tcp_cksum",
        "tcp_lro", "qinq_strip", "outer_ipv4_cksum", "macsec_strip", "vlan_filter", "vlan_extend", "scatter",
        "buffer_split", "timestamp", "security", "keep_crc");
    private static final List<String> RX_PORT_OFFLOADS = Stream.concat(RX_QUEUE_OFFLOADS.stream(),
        Stream.of("rss_hash")).toList();
    private static final List<String> TX_QUEUE_OFFLOADS = List.of("vlan_insert", "ipv4_cksum", "udp_cksum",
        "tcp_cksum", "sctp_cksum", "tcp_tso", "udp_tso", "outer_ipv4_cksum", "qinq_insert", "vxlan_tnl_tso",
        "gre_tnl_tso", "ipip_tnl_tso", "geneve_tnl_tso", "macsec_insert", "mt_lockfree", "multi_segs",
        "mbuf_fast_free", "security");
    private static final List<String> TX_PORT_OFFLOADS = Stream.concat(TX_QUEUE_OFFLOADS.stream(),
        Stream.of("send_on_timestamp")).toList();

    private boolean bad()
    {
        cl.println("Bad arguments");
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
     * Whether a free-text token fits librte_cmdline's {@code cmdline_fixed_string_t} (128 bytes with the NUL; a
     * longer one does not parse, "Bad arguments").
     */
    private static boolean fitsFixedString(final String token)
    {
        return token.getBytes(StandardCharsets.UTF_8).length < FIXED_STRING_SIZE - 1;
    }

    /** The speeds of {@code port config all|N speed}: testpmd's string token choices. */
    private static final List<String> SPEEDS = List.of("10", "100", "1000", "10000", "25000", "40000", "50000",
        "100000", "200000", "auto");

    /** librte_cmdline's {@code STR_TOKEN_SIZE}. */
    private static final int FIXED_STRING_SIZE = 128;

    /** cmdline.c's {@code "on#off"} token. */
    private static boolean onOff(final String token)
    {
        return token.equals("on") || token.equals("off");
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
        final BigInteger value = parseNumber(token);
        return value != null && value.compareTo(BigInteger.valueOf(max)) <= 0 ? value.longValue() : -1;
    }

    /**
     * A {@code uint64_t} token as librte_cmdline's {@code RTE_UINT64} number parses it (see {@link #parseUint16}).
     *
     * @return the value's 64 bits, or null when the token is not such a number or exceeds 2^64 - 1
     */
    static Long parseUint64(final String token)
    {
        final BigInteger value = parseNumber(token);
        return value != null && value.bitLength() <= Long.SIZE ? value.longValue() : null;
    }

    /** The number librte_cmdline's num token reads: decimal, 0x hex, 0b binary or octal; null for anything else. */
    private static BigInteger parseNumber(final String token)
    {
        if (token.length() >= FIXED_STRING_SIZE)
        {
            return null; // cmdline_parse_num copies the token into a 128-byte buffer first
        }
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
            return null;
        }
        return new BigInteger(digits, radix);
    }

    /** {@code help} and {@code help SECTION} ({@link HelpText}), written where librte_cmdline writes. */
    private boolean help(final String[] w)
    {
        final String text = w.length == 1 ? HelpText.brief() : w.length == 2 ? HelpText.section(w[1]) : null;
        if (text == null)
        {
            return bad();
        }
        cl.print(text);
        return true;
    }
}
