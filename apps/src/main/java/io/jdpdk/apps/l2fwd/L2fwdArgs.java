package io.jdpdk.apps.l2fwd;

import io.jdpdk.apps.common.CNumbers;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * l2fwd's application arguments (after {@code --}), parsed as DPDK 22.11's {@code l2fwd_parse_args}
 * does with {@code getopt_long(argc, argv, "p:Pq:T:", ...)}: the same options, the same checks, the
 * same messages ({@code invalid portmask}, {@code invalid queue number}, {@code invalid timer period},
 * {@code Invalid config}, getopt's own complaints) and the same usage text.
 * <pre>
 *   -p PORTMASK        hexadecimal bitmask of ports to configure (strtoul base 16, not 0)
 *   -P                 promiscuous mode on
 *   -q NQ              RX ports per lcore, 1..15 (default 1)
 *   -T PERIOD          statistics period in seconds, 0..86399 (default 10, 0 disables)
 *   --no-mac-updating  forward frames unchanged
 *   --mac-updating     (default) rewrite the MACs; DPDK 22.11 dropped this spelling, older l2fwd had it
 *   --portmap="(0,1),(2,3)"  forwarding port pairs instead of consecutive enabled ports
 * </pre>
 * Short options bundle ({@code -Pq2}) and take their value attached or as the next argument; long
 * options may be abbreviated to a unique prefix and take {@code =VALUE} or the next argument;
 * {@code --} ends the options; other words are ignored, as GNU getopt permutes them to the end.
 * A missing {@code -p} is not a parse error: l2fwd then stops later with "All available ports are
 * disabled". Control path; not thread-safe.
 */
public final class L2fwdArgs
{
    /** {@code MAX_RX_QUEUE_PER_LCORE}: -q must be below it. */
    static final int MAX_RX_QUEUE_PER_LCORE = 16;
    /** {@code MAX_TIMER_PERIOD}: -T must be below it (one day). */
    static final int MAX_TIMER_PERIOD = 86400;
    /** {@code RTE_MAX_ETHPORTS} of Debian's DPDK 22.11 build: port ids in --portmap stay below it. */
    static final int MAX_ETHPORTS = 32;

    private static final String PROGRAM = "l2fwd";
    private static final String[] LONG_OPTIONS = { "no-mac-updating", "mac-updating", "portmap" };

    private int portMask;
    private boolean promiscuous;
    private int rxQueuePerLcore = 1;
    private int timerPeriodSeconds = 10;
    private boolean macUpdating = true;
    private int[][] portPairs;

    private L2fwdArgs()
    {
    }

    /**
     * The enabled ports (-p).
     *
     * @return a bitmask, bit n for port n; 0 when -p was not given
     */
    public int portMask()
    {
        return portMask;
    }

    /**
     * Whether -P asked for promiscuous mode.
     *
     * @return true with -P
     */
    public boolean promiscuous()
    {
        return promiscuous;
    }

    /**
     * RX ports polled by one lcore (-q).
     *
     * @return 1 to 15, 1 by default
     */
    public int rxQueuePerLcore()
    {
        return rxQueuePerLcore;
    }

    /**
     * Seconds between statistics printouts (-T).
     *
     * @return 0 to 86399, 10 by default; 0 disables them
     */
    public int timerPeriodSeconds()
    {
        return timerPeriodSeconds;
    }

    /**
     * Whether frames get l2fwd's MAC rewrite.
     *
     * @return true unless the last of --mac-updating / --no-mac-updating was --no-mac-updating
     */
    public boolean macUpdating()
    {
        return macUpdating;
    }

    /**
     * The --portmap pairs.
     *
     * @return a copy, each pair {@code {a, b}}; null without --portmap
     */
    public int[][] portPairs()
    {
        return portPairs == null ? null : portPairs.clone();
    }

    /**
     * Parses the application arguments. Messages go where l2fwd sends them: its own and the usage
     * text to {@code out} (printf), getopt's complaints and "Invalid config" to {@code err}.
     *
     * @param args the application arguments, after EAL's {@code --}
     * @param out where l2fwd's own messages and the usage go
     * @param err where getopt's complaints go
     * @return the arguments, or null after printing what is wrong and the usage
     */
    public static L2fwdArgs parse(final String[] args, final PrintStream out, final PrintStream err)
    {
        final L2fwdArgs parsed = new L2fwdArgs();
        int i = 0;
        while (i < args.length)
        {
            final String arg = args[i++];
            if (arg.equals("--"))
            {
                break;
            }
            if (arg.startsWith("--"))
            {
                final int eq = arg.indexOf('=');
                final String name = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
                final String option = longOption(name);
                if (option == null)
                {
                    err.printf("%s: unrecognized option '%s'%n", PROGRAM, eq < 0 ? arg : arg.substring(0, eq));
                    return usage(out);
                }
                if (!option.equals("portmap"))
                {
                    if (eq >= 0)
                    {
                        err.printf("%s: option '--%s' doesn't allow an argument%n", PROGRAM, option);
                        return usage(out);
                    }
                    parsed.macUpdating = option.equals("mac-updating");
                    continue;
                }
                final String value;
                if (eq >= 0)
                {
                    value = arg.substring(eq + 1);
                }
                else if (i < args.length)
                {
                    value = args[i++];
                }
                else
                {
                    err.printf("%s: option '--%s' requires an argument%n", PROGRAM, option);
                    return usage(out);
                }
                parsed.portPairs = parsePortPairs(value, out);
                if (parsed.portPairs == null)
                {
                    err.println("Invalid config");
                    return usage(out);
                }
                continue;
            }
            if (arg.length() < 2 || arg.charAt(0) != '-')
            {
                continue; // a non-option word: getopt moves it past the options and l2fwd ignores it
            }
            for (int c = 1; c < arg.length(); c++)
            {
                final char opt = arg.charAt(c);
                if (opt == 'P')
                {
                    parsed.promiscuous = true;
                    continue;
                }
                if (opt != 'p' && opt != 'q' && opt != 'T')
                {
                    err.printf("%s: invalid option -- '%c'%n", PROGRAM, opt);
                    return usage(out);
                }
                final String value;
                if (c + 1 < arg.length())
                {
                    value = arg.substring(c + 1);
                }
                else if (i < args.length)
                {
                    value = args[i++];
                }
                else
                {
                    err.printf("%s: option requires an argument -- '%c'%n", PROGRAM, opt);
                    return usage(out);
                }
                if (!parsed.apply(opt, value, out))
                {
                    return usage(out);
                }
                break;
            }
        }
        return parsed;
    }

    /**
     * Prints l2fwd's usage text (l2fwd_usage).
     *
     * @param out where it goes, flushed at once
     */
    public static void printUsage(final PrintStream out)
    {
        out.print(PROGRAM + " [EAL options] -- -p PORTMASK [-P] [-q NQ]\n" +
            "  -p PORTMASK: hexadecimal bitmask of ports to configure\n" +
            "  -P : Enable promiscuous mode\n" +
            "  -q NQ: number of queue (=ports) per lcore (default is 1)\n" +
            "  -T PERIOD: statistics will be refreshed each PERIOD seconds (0 to disable, 10 default, " +
            "86400 maximum)\n" +
            "  --no-mac-updating: Disable MAC addresses updating (enabled by default)\n" +
            "      When enabled:\n" +
            "       - The source MAC address is replaced by the TX port MAC address\n" +
            "       - The destination MAC address is replaced by 02:00:00:00:00:TX_PORT_ID\n" +
            "  --portmap: Configure forwarding port pair mapping\n" +
            "\t      Default: alternate port pairs\n\n");
        out.flush();
    }

    private static L2fwdArgs usage(final PrintStream out)
    {
        out.flush();
        printUsage(out);
        return null;
    }

    /** The long option {@code name} names exactly or as an unambiguous prefix, or null. */
    private static String longOption(final String name)
    {
        String found = null;
        for (final String option : LONG_OPTIONS)
        {
            if (option.equals(name))
            {
                return option;
            }
            if (!name.isEmpty() && option.startsWith(name))
            {
                if (found != null)
                {
                    return null;
                }
                found = option;
            }
        }
        return found;
    }

    private boolean apply(final char opt, final String value, final PrintStream out)
    {
        switch (opt)
        {
            case 'p' ->
            {
                portMask = CNumbers.parsePortMask(value);
                if (portMask == 0)
                {
                    out.println("invalid portmask");
                    return false;
                }
            }
            case 'q' ->
            {
                rxQueuePerLcore = parseNqueue(value);
                if (rxQueuePerLcore == 0)
                {
                    out.println("invalid queue number");
                    return false;
                }
            }
            default ->
            {
                final int seconds = parseTimerPeriod(value);
                if (seconds < 0)
                {
                    out.println("invalid timer period");
                    return false;
                }
                timerPeriodSeconds = seconds;
            }
        }
        return true;
    }

    /** l2fwd_parse_nqueue: the whole string in decimal, 1..15; 0 when invalid. */
    static int parseNqueue(final String text)
    {
        final long n = CNumbers.strtoul(text, 10, true);
        return n <= 0 || n >= MAX_RX_QUEUE_PER_LCORE ? 0 : (int)n;
    }

    /** l2fwd_parse_timer_period: the whole string in decimal, 0..86399; -1 when invalid. */
    static int parseTimerPeriod(final String text)
    {
        final String t = text.stripLeading();
        final boolean negative = t.startsWith("-");
        final String digits = negative ? t.substring(1) : t;
        if (negative && (digits.isEmpty() || !Character.isDigit(digits.charAt(0))))
        {
            return -1;
        }
        final long n = CNumbers.strtoul(digits, 10, true);
        return n < 0 || negative && n > 0 || n >= MAX_TIMER_PERIOD ? -1 : (int)n;
    }

    /**
     * l2fwd_parse_port_pair_config: every {@code (a,b)} in the text (anything between the
     * parentheses ignored), each number as strtoul base 0 reads it and below RTE_MAX_ETHPORTS.
     * Text with no parentheses gives no pairs, which later disables every port, as in l2fwd.
     *
     * @return the pairs, or null when one is malformed
     */
    static int[][] parsePortPairs(final String text, final PrintStream out)
    {
        final List<int[]> pairs = new ArrayList<>();
        int from = 0;
        int open;
        while ((open = text.indexOf('(', from)) >= 0)
        {
            final int close = text.indexOf(')', open + 1);
            if (close < 0 || close - open - 1 >= 256)
            {
                return null;
            }
            final String inside = text.substring(open + 1, close);
            final int comma = inside.indexOf(',');
            if (comma < 0 || comma == inside.length() - 1)
            {
                return null; // rte_strsplit found fewer than two fields
            }
            final long a = CNumbers.strtoul(inside.substring(0, comma), 0, false);
            final long b = CNumbers.strtoul(inside.substring(comma + 1), 0, false);
            if (a < 0 || a >= MAX_ETHPORTS || b < 0 || b >= MAX_ETHPORTS)
            {
                return null;
            }
            if (pairs.size() >= MAX_ETHPORTS / 2)
            {
                out.printf("exceeded max number of port pair params: %d%n", pairs.size());
                return null;
            }
            pairs.add(new int[] { (int)a, (int)b });
            from = close;
        }
        return pairs.toArray(int[][]::new);
    }
}
