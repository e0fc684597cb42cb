package io.jdpdk.apps.l3fwd;

import io.jdpdk.pmd.Port;
import io.jdpdk.pmd.PortConfig;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What l3fwd's {@code parse_args} leaves behind, validated before any DPDK resource exists: the port mask,
 * the {@code (port,queue,lcore)} RX queue assignments, the destination MAC of every port and the
 * promiscuous flag. The {@code parse*} methods read DPDK l3fwd's argument syntax; {@link #conclude()}
 * checks what can be checked without EAL (every {@code --config} port in the mask, RX queue ids of a
 * port numbered 0..n-1). EAL-dependent checks (lcore enabled, port present) are the app's, after
 * {@code rte_eal_init}, as in l3fwd. Control path; not thread-safe.
 */
public final class L3fwdConfig
{
    /** l3fwd's defaults: no port, no lcore configuration, DPDK's sixteen routes. */
    public L3fwdConfig()
    {
    }

    /** {@code RTE_MAX_ETHPORTS} of Debian's DPDK build: the port mask has this many bits, as l3fwd's uint32. */
    public static final int MAX_PORTS = 32;

    /** Shortest {@code --max-pkt-len}: {@code RTE_ETHER_MIN_LEN}. */
    public static final int MIN_PKT_LEN = 64;

    /** Longest {@code --max-pkt-len}: l3fwd's {@code MAX_JUMBO_PKT_LEN}. */
    public static final int MAX_JUMBO_PKT_LEN = 9600;


    /** {@code RTE_MAX_LCORE} of Debian's DPDK build. */
    public static final int MAX_LCORE = 128;

    /** {@code MAX_RX_QUEUE_PER_LCORE} (l3fwd.h). */
    public static final int MAX_RX_QUEUE_PER_LCORE = 16;

    /** {@code MAX_LCORE_PARAMS} (main.c). */
    public static final int MAX_LCORE_PARAMS = 1024;

    /** {@code RTE_ETHER_LOCAL_ADMIN_ADDR}: first octet of l3fwd's default destination MACs. */
    private static final long LOCAL_ADMIN_ADDR = 0x02L << 40;

    /**
     * One {@code (port,queue,lcore)} of {@code --config}: RX queue {@code queue} of port {@code port} is
     * polled by lcore {@code lcore} ({@code struct lcore_params}).
     *
     * @param port the port id
     * @param queue the RX queue id of that port
     * @param lcore the EAL lcore id that polls it
     */
    public record LcoreParams(int port, int queue, int lcore)
    {
        @Override
        public String toString()
        {
            return "(" + port + "," + queue + "," + lcore + ")";
        }
    }

    /** An argument l3fwd would refuse; the message says which and why. */
    public static final class ConfigException extends IllegalArgumentException
    {
        private static final long serialVersionUID = 1L;

        /**
         * A refused argument.
         *
         * @param message which argument and why, in l3fwd's words where it has them
         */
        public ConfigException(final String message)
        {
            super(message);
        }
    }

    private long portMask;
    private boolean promiscuous;
    private LpmRouter.Lookup lookup = LpmRouter.Lookup.LPM;
    private List<LcoreParams> lcoreParams = List.of();
    private final long[] ethDest = defaultEthDest();
    private int rxDesc = 1024;
    private int maxPktLen;
    private boolean perPortPool;
    private int txDesc = 1024;

    /**
     * The enabled ports ({@code -p}).
     *
     * @return the mask, bit N for port N; 0 until set
     */
    public long portMask()
    {
        return portMask;
    }

    /**
     * Sets the enabled ports; checked by {@link #conclude()}.
     *
     * @param mask bit N for port N, as {@link #parsePortMask} returns it
     * @return this
     */
    public L3fwdConfig portMask(final long mask)
    {
        portMask = mask;
        return this;
    }

    /**
     * The lookup method ({@code -L}, {@code -E}, {@code --lookup}; LPM by default, as in l3fwd).
     *
     * @return LPM, EM, FIB or ACL
     */
    public LpmRouter.Lookup lookup()
    {
        return lookup;
    }

    /**
     * Sets the lookup method ({@code -L}, {@code -E}, {@code --lookup}).
     *
     * @param method LPM (the default), EM, FIB or ACL
     * @return this
     */
    public L3fwdConfig lookup(final LpmRouter.Lookup method)
    {
        lookup = method;
        return this;
    }

    /**
     * Whether ports go into promiscuous mode ({@code -P}; off by default, as in l3fwd).
     *
     * @return true with {@code -P}
     */
    public boolean promiscuous()
    {
        return promiscuous;
    }

    /**
     * Sets promiscuous mode for every port ({@code -P}).
     *
     * @param on true for promiscuous mode
     * @return this
     */
    public L3fwdConfig promiscuous(final boolean on)
    {
        promiscuous = on;
        return this;
    }

    /**
     * The RX queue assignments ({@code --config}), in the order given.
     *
     * @return an unmodifiable list, empty until set
     */
    public List<LcoreParams> lcoreParams()
    {
        return lcoreParams;
    }

    /**
     * Sets the RX queue assignments; checked by {@link #conclude()}.
     *
     * @param params as {@link #parseLcoreParams} returns them; copied
     * @return this
     */
    public L3fwdConfig lcoreParams(final List<LcoreParams> params)
    {
        lcoreParams = List.copyOf(params);
        return this;
    }

    /**
     * The destination MAC written into frames sent out of {@code port} (48 bits, first octet most
     * significant): {@code --eth-dest}, else l3fwd's default {@code 02:00:00:00:00:<port>}.
     *
     * @param port a port id below {@link #MAX_PORTS}
     * @return the MAC
     */
    public long ethDest(final int port)
    {
        return ethDest[port];
    }

    /**
     * Sets the destination MAC of frames sent out of {@code port} ({@code --eth-dest}).
     *
     * @param port a port id below {@link #MAX_PORTS}
     * @param mac 48 bits, first octet most significant; higher bits are dropped
     * @return this
     * @throws ConfigException for a port id out of range
     */
    public L3fwdConfig ethDest(final int port, final long mac)
    {
        if (port < 0 || port >= MAX_PORTS)
        {
            throw new ConfigException("eth-dest: port " + port + " >= RTE_MAX_ETHPORTS(" + MAX_PORTS + ")");
        }
        ethDest[port] = mac & 0xFFFF_FFFF_FFFFL;
        return this;
    }

    /**
     * Every port's destination MAC.
     *
     * @return a copy, indexed by port id, {@link #MAX_PORTS} entries
     */
    public long[] ethDests()
    {
        return ethDest.clone();
    }

    /**
     * The longest frame the ports take ({@code --max-pkt-len}), or 0 for the devices' default MTU.
     *
     * @return bytes, or 0
     */
    public int maxPktLen()
    {
        return maxPktLen;
    }

    /**
     * Sets the longest frame the ports take ({@code --max-pkt-len}): each port's MTU becomes this less its
     * overhead, as l3fwd's {@code config_port_max_pkt_len} sets it.
     *
     * @param bytes 64 to 9600 ({@code RTE_ETHER_MIN_LEN} to l3fwd's {@code MAX_JUMBO_PKT_LEN})
     * @return this
     * @throws ConfigException outside that range, with l3fwd's words
     */
    public L3fwdConfig maxPktLen(final int bytes)
    {
        if (bytes < MIN_PKT_LEN || bytes > MAX_JUMBO_PKT_LEN)
        {
            throw new ConfigException("Invalid max packet length: " + bytes + " (" + MIN_PKT_LEN + "-" +
                MAX_JUMBO_PKT_LEN + ")");
        }
        maxPktLen = bytes;
        return this;
    }

    /**
     * Whether each port has an mbuf pool of its own ({@code --per-port-pool}); off by default, as in l3fwd.
     *
     * @return true with {@code --per-port-pool}
     */
    public boolean perPortPool()
    {
        return perPortPool;
    }

    /**
     * Sets one mbuf pool per port ({@code --per-port-pool}), each sized for one port, instead of one for all.
     *
     * @param on true for a pool per port
     * @return this
     */
    public L3fwdConfig perPortPool(final boolean on)
    {
        perPortPool = on;
        return this;
    }

    /**
     * RX descriptors per queue ({@code --rx-queue-size}, default 1024 as l3fwd's RX_DESC_DEFAULT).
     *
     * @return the descriptor count
     */
    public int rxDesc()
    {
        return rxDesc;
    }

    /**
     * Sets the RX descriptors per queue; {@link #conclude()} checks 1..65535.
     *
     * @param n the descriptor count
     * @return this
     */
    public L3fwdConfig rxDesc(final int n)
    {
        rxDesc = n;
        return this;
    }

    /**
     * TX descriptors per queue ({@code --tx-queue-size}, default 1024 as l3fwd's TX_DESC_DEFAULT).
     *
     * @return the descriptor count
     */
    public int txDesc()
    {
        return txDesc;
    }

    /**
     * Sets the TX descriptors per queue; {@link #conclude()} checks 1..65535.
     *
     * @param n the descriptor count
     * @return this
     */
    public L3fwdConfig txDesc(final int n)
    {
        txDesc = n;
        return this;
    }

    /**
     * Whether {@code port} is in the port mask.
     *
     * @param port any int; out-of-range ids are not enabled
     * @return true when its bit is set
     */
    public boolean isEnabled(final int port)
    {
        return port >= 0 && port < MAX_PORTS && (portMask & (1L << port)) != 0;
    }

    /**
     * The ports of the mask.
     *
     * @return their ids, ascending
     */
    public int[] enabledPorts()
    {
        return java.util.stream.IntStream.range(0, MAX_PORTS).filter(this::isEnabled).toArray();
    }

    /**
     * The lcores named in {@code --config}.
     *
     * @return their ids, ascending, each once
     */
    public int[] lcores()
    {
        return lcoreParams.stream().mapToInt(LcoreParams::lcore).distinct().sorted().toArray();
    }

    /**
     * The RX queues {@code --config} gives {@code port}.
     *
     * @param port a port id
     * @return the number of its assignments (after {@link #conclude()}, one more than its highest queue id); 0
     *         for none
     */
    public int rxQueues(final int port)
    {
        return (int)lcoreParams.stream().filter(p -> p.port() == port).count();
    }

    /**
     * The assignments of one lcore, in {@code --config} order ({@code lcore_conf.rx_queue_list}).
     *
     * @param lcore an EAL lcore id
     * @return an unmodifiable list, empty for an lcore not named
     */
    public List<LcoreParams> rxQueuesOf(final int lcore)
    {
        return lcoreParams.stream().filter(p -> p.lcore() == lcore).toList();
    }

    /**
     * Checks what needs no EAL: a non-empty port mask, at least one queue assignment, every assigned port
     * in the mask ({@code check_port_config}), the RX queue ids of each port exactly {@code 0..n-1} and
     * unique ({@code get_port_n_rx_queues}), at most {@link #MAX_RX_QUEUE_PER_LCORE} queues per lcore
     * ({@code init_lcore_rx_queues}), descriptor counts 1..65535.
     *
     * @return this
     * @throws ConfigException naming the first problem
     */
    public L3fwdConfig conclude()
    {
        if (portMask == 0)
        {
            throw new ConfigException("Invalid portmask: no port enabled (-p PORTMASK is required)");
        }
        if (lcoreParams.isEmpty())
        {
            throw new ConfigException("Invalid config: no (port,queue,lcore) given");
        }
        final TreeMap<Integer, TreeSet<Integer>> queues = new TreeMap<>();
        final TreeMap<Integer, Integer> perLcore = new TreeMap<>();
        for (final LcoreParams p : lcoreParams)
        {
            if (!isEnabled(p.port()))
            {
                throw new ConfigException("port " + p.port() + " is not enabled in port mask");
            }
            if (!queues.computeIfAbsent(p.port(), k -> new TreeSet<>()).add(p.queue()))
            {
                throw new ConfigException("Invalid config: RX queue " + p.queue() + " of port " + p.port() +
                    " is given twice");
            }
            if (perLcore.merge(p.lcore(), 1, Integer::sum) > MAX_RX_QUEUE_PER_LCORE)
            {
                throw new ConfigException("error: too many queues (" + perLcore.get(p.lcore()) + ") for lcore: " +
                    p.lcore());
            }
        }
        queues.forEach((port, ids) ->
        {
            if (ids.last() != ids.size() - 1)
            {
                throw new ConfigException("queue ids of the port " + port + " must be in sequence and must start " +
                    "with 0, got " + ids);
            }
        });
        if (rxDesc < 1 || rxDesc > 0xFFFF || txDesc < 1 || txDesc > 0xFFFF)
        {
            throw new ConfigException("queue sizes must be 1..65535, got rx " + rxDesc + ", tx " + txDesc);
        }
        return this;
    }

    // ---- l3fwd's argument syntax ---------------------------------------------------------------------

    /**
     * {@code -p PORTMASK}: hexadecimal, with or without {@code 0x}, as {@code parse_portmask}
     * ({@code strtoul(..., 16)}).
     *
     * @param text the option's value
     * @return the mask, bit N for port N
     * @throws ConfigException for anything else, a zero mask or bits at or above {@link #MAX_PORTS}
     */
    public static long parsePortMask(final String text)
    {
        final String digits = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
        final long mask;
        try
        {
            if (digits.isEmpty() || digits.length() > 16 || digits.charAt(0) == '+' || digits.charAt(0) == '-')
            {
                throw new NumberFormatException();
            }
            mask = Long.parseUnsignedLong(digits, 16);
        }
        catch (final NumberFormatException ex)
        {
            throw new ConfigException("Invalid portmask '" + text + "': expected a hexadecimal mask such as 0x3");
        }
        if (mask == 0)
        {
            throw new ConfigException("Invalid portmask '" + text + "': no port enabled");
        }
        if ((mask >>> MAX_PORTS) != 0)
        {
            throw new ConfigException("Invalid portmask '" + text + "': ports are 0.." + (MAX_PORTS - 1));
        }
        return mask;
    }

    /**
     * {@code --config="(port,queue,lcore)[,(port,queue,lcore)]"}, as {@code parse_config}: numbers in C
     * notation ({@code strtoul(..., 0)}: decimal, {@code 0x} hexadecimal, leading-0 octal), at most
     * {@link #MAX_LCORE_PARAMS} tuples. Stricter than DPDK, which skips text outside the parentheses and
     * ignores trailing garbage in a number: here anything but tuples, commas and spaces is refused.
     *
     * @param text the option's value
     * @return the tuples in the order given, at least one
     * @throws ConfigException saying what is wrong
     */
    public static List<LcoreParams> parseLcoreParams(final String text)
    {
        final List<LcoreParams> params = new ArrayList<>();
        int i = skipSpaces(text, 0);
        while (i < text.length())
        {
            if (text.charAt(i) != '(')
            {
                throw new ConfigException("Invalid config '" + text + "': expected '(' at offset " + i);
            }
            final int close = text.indexOf(')', i);
            if (close < 0)
            {
                throw new ConfigException("Invalid config '" + text + "': '(' at offset " + i + " is never closed");
            }
            final String[] fields = text.substring(i + 1, close).split(",", -1);
            if (fields.length != 3)
            {
                throw new ConfigException("Invalid config '" + text + "': '" + text.substring(i, close + 1) +
                    "' has " + fields.length + " field(s), expected (port,queue,lcore)");
            }
            final int port = cNumber(fields[0], MAX_PORTS - 1, "port", text);
            final int queue = cNumber(fields[1], PortConfig.MAX_QUEUES_PER_PORT - 1, "queue", text);
            final int lcore = cNumber(fields[2], MAX_LCORE - 1, "lcore", text);
            if (params.size() == MAX_LCORE_PARAMS)
            {
                throw new ConfigException("exceeded max number of lcore params: " + MAX_LCORE_PARAMS);
            }
            params.add(new LcoreParams(port, queue, lcore));
            i = skipSpaces(text, close + 1);
            if (i < text.length())
            {
                if (text.charAt(i) != ',')
                {
                    throw new ConfigException("Invalid config '" + text + "': expected ',' at offset " + i);
                }
                i = skipSpaces(text, i + 1);
                if (i == text.length())
                {
                    throw new ConfigException("Invalid config '" + text + "': trailing ','");
                }
            }
        }
        if (params.isEmpty())
        {
            throw new ConfigException("Invalid config '" + text + "': no (port,queue,lcore) given");
        }
        return params;
    }

    /**
     * {@code --eth-dest=PORT,MAC}, as {@code parse_eth_dest}: a decimal port below {@link #MAX_PORTS} and
     * a MAC address {@code XX:XX:XX:XX:XX:XX}.
     *
     * @param text the option's value
     * @return {port, mac}
     * @throws ConfigException saying what is wrong
     */
    public static long[] parseEthDest(final String text)
    {
        final int comma = text.indexOf(',');
        if (comma <= 0)
        {
            throw new ConfigException("Invalid eth-dest: " + text + " (expected PORT,XX:XX:XX:XX:XX:XX)");
        }
        final String portText = text.substring(0, comma);
        if (!portText.chars().allMatch(c -> c >= '0' && c <= '9') || portText.length() > 9)
        {
            throw new ConfigException("Invalid eth-dest: " + text + " (port '" + portText + "' is not a number)");
        }
        final int port = Integer.parseInt(portText);
        if (port >= MAX_PORTS)
        {
            throw new ConfigException("eth-dest: port " + port + " >= RTE_MAX_ETHPORTS(" + MAX_PORTS + ")");
        }
        return new long[] { port, parseMac(text.substring(comma + 1)) };
    }

    /**
     * A MAC address as DPDK's {@code rte_ether_unformat_addr} reads it ({@link Port#parseMac}), as 48 bits.
     *
     * @param text the address
     * @return 48 bits, first octet most significant
     * @throws ConfigException for anything else
     */
    public static long parseMac(final String text)
    {
        final long mac = Port.parseMac(text);
        if (mac < 0)
        {
            throw new ConfigException("Invalid ethernet address: " + text);
        }
        return mac;
    }

    /** l3fwd's pre-set destinations: {@code RTE_ETHER_LOCAL_ADMIN_ADDR + (port << 40)}, i.e. 02:00:00:00:00:port. */
    private static long[] defaultEthDest()
    {
        final long[] macs = new long[MAX_PORTS];
        for (int port = 0; port < MAX_PORTS; port++)
        {
            macs[port] = LOCAL_ADMIN_ADDR | port;
        }
        return macs;
    }

    private static int skipSpaces(final String text, final int from)
    {
        int i = from;
        while (i < text.length() && Character.isWhitespace(text.charAt(i)))
        {
            i++;
        }
        return i;
    }

    /** A whole field in {@code strtoul(..., 0)} notation, 0..max. */
    private static int cNumber(final String field, final int max, final String what, final String text)
    {
        final String s = field.strip();
        final int radix;
        final String digits;
        if (s.startsWith("0x") || s.startsWith("0X"))
        {
            radix = 16;
            digits = s.substring(2);
        }
        else if (s.length() > 1 && s.charAt(0) == '0')
        {
            radix = 8;
            digits = s.substring(1);
        }
        else
        {
            radix = 10;
            digits = s;
        }
        if (digits.isEmpty() || digits.length() > 12 || !digits.chars().allMatch(c -> Character.digit(c, radix) >= 0))
        {
            throw new ConfigException("Invalid config '" + text + "': " + what + " '" + field + "' is not a number");
        }
        final long value = Long.parseLong(digits, radix);
        if (value > max)
        {
            throw new ConfigException("Invalid config '" + text + "': " + what + " " + value + " is above " + max);
        }
        return (int)value;
    }

    @Override
    public String toString()
    {
        return "L3fwdConfig[portmask=0x" + Long.toHexString(portMask) + ", config=" + lcoreParams +
            ", promiscuous=" + promiscuous + ", rxd=" + rxDesc + ", txd=" + txDesc + ", eth-dest=" +
            Arrays.stream(enabledPorts()).mapToObj(p -> p + ":" + Port.formatMac(ethDest[p])).toList() + "]";
    }
}
