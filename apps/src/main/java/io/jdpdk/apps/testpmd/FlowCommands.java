package io.jdpdk.apps.testpmd;

import io.jdpdk.pmd.RssTypes;
import io.jdpdk.pmd.flow.FlowActionType;
import io.jdpdk.pmd.flow.FlowCount;
import io.jdpdk.pmd.flow.FlowErrorType;
import io.jdpdk.pmd.flow.FlowException;
import io.jdpdk.pmd.flow.FlowField;
import io.jdpdk.pmd.flow.FlowItemType;
import io.jdpdk.pmd.flow.FlowRss;
import io.jdpdk.pmd.flow.FlowRule;
import io.jdpdk.pmd.flow.FlowSpec;
import io.jdpdk.pmd.flow.Flows;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * testpmd's {@code flow} commands (DPDK 22.11 {@code cmdline_flow.c} grammar, {@code config.c} port_flow_*
 * output) over jdpdk's flow API, for the items and actions it has:
 * <pre>
 * flow validate|create PORT [group N] [priority N] [ingress] [egress] [transfer]
 *     pattern ITEM [FIELD (is|spec|last|mask) VALUE | FIELD prefix N]... / ... / end
 *     actions ACTION [ARG VALUE]... / ... / end
 * flow destroy PORT rule ID [rule ID]...
 * flow flush PORT
 * flow list PORT [group N]...
 * flow query PORT ID ACTION      (count, rss and age print what the PMD reports)
 * flow isolate PORT (0|1)
 * </pre>
 * Items: eth (dst src type has_vlan), vlan (tci pcp dei vid inner_type has_more_vlan), ipv4 (version_ihl tos
 * packet_id fragment_offset ttl proto src dst), ipv6 (tc flow proto hop src dst has_frag_ext), udp (src dst), tcp
 * (src dst flags). Actions: void, passthru, flag, drop, queue (index), mark (id), count (identifier), jump (group),
 * rss (func, level, types ... end, key, key_len, queues ... end; by default testpmd's rss_hf and every RX queue).
 * A line the grammar does not take prints "Bad arguments"; what DPDK refuses is printed as testpmd's
 * port_flow_complain() does. Rule ids are per port, each one more than the newest rule's, as in testpmd.
 * Not here (also "Bad arguments"): dpdk-testpmd's other items and actions, the rss action's {@code queues} beyond
 * 128, and the subcommands {@code dump}, {@code aged}, {@code configure}, templates, tables, indirect actions and
 * tunnels.
 */
final class FlowCommands
{
    private final PrintStream out;
    private final PrintStream err;
    private final IntPredicate validPort;
    private final Map<Integer, LinkedList<Rule>> rules = new HashMap<>(); // newest first, as testpmd's flow_list
    private final IntFunction<Flows> flowsOfPort;
    private final IntSupplier nbRxq;
    private final LongSupplier rssHf;
    private final FlowSpec spec = new FlowSpec();

    private record Rule(int id, FlowRule rule)
    {
    }

    /** The line did not parse: testpmd's cmdline says "Bad arguments". */
    private static final class BadArguments extends Exception
    {
        private static final long serialVersionUID = 1L;

        BadArguments()
        {
            super(null, null, false, false);
        }
    }

    /**
     * @param out testpmd's stdout
     * @param err testpmd's stderr
     * @param validPort whether a port id is an ethdev port (testpmd's port_id_is_invalid)
     * @param flowsOfPort the flow API of a port id
     * @param nbRxq RX queues per port now (testpmd's nb_rxq, which port config all rxq changes), the default queues of
     *              an RSS action
     * @param rssHf testpmd's rss_hf now (port config all rss changes it), the default types of an RSS action
     */
    FlowCommands(final PrintStream out, final PrintStream err, final IntPredicate validPort,
        final IntFunction<Flows> flowsOfPort, final IntSupplier nbRxq, final LongSupplier rssHf)
    {
        this.out = out;
        this.err = err;
        this.validPort = validPort;
        this.flowsOfPort = flowsOfPort;
        this.nbRxq = nbRxq;
        this.rssHf = rssHf;
    }

    /**
     * Runs one {@code flow} command line.
     *
     * @param w the line's words, {@code w[0]} being "flow"
     * @return false when the grammar does not take the line (testpmd's cmdline then says "Bad arguments")
     */
    boolean run(final String[] w)
    {
        try
        {
            if (w.length < 3)
            {
                throw new BadArguments();
            }
            final int port = (int)number(w[2], 0xffff);
            switch (w[1])
            {
                case "validate", "create" -> rule(w[1].equals("create"), port, w);
                case "destroy" -> destroy(port, w);
                case "flush" ->
                {
                    end(w, 3);
                    flush(port);
                }
                case "list" -> list(port, w);
                case "query" -> query(port, w);
                case "isolate" -> isolate(port, w);
                default -> throw new BadArguments();
            }
        }
        catch (final BadArguments ex)
        {
            return false;
        }
        return true;
    }

    // ---- validate / create -----------------------------------------------------------------

    private void rule(final boolean create, final int port, final String[] w) throws BadArguments
    {
        spec.reset();
        int i = 3;
        while (i < w.length && !w[i].equals("pattern"))
        {
            switch (w[i])
            {
                case "ingress" -> spec.ingress();
                case "egress" -> spec.egress();
                case "transfer" -> spec.transfer();
                case "group" -> spec.group((int)number(arg(w, ++i), 0xffffffffL));
                case "priority" -> spec.priority((int)number(arg(w, ++i), 0xffffffffL));
                default -> throw new BadArguments();
            }
            i++;
        }
        i = pattern(w, i + 1);
        if (i >= w.length || !w[i].equals("actions"))
        {
            throw new BadArguments();
        }
        i = actions(w, i + 1);
        end(w, i);
        final Flows f = flowsOfPort.apply(port);
        try
        {
            if (!create)
            {
                f.validate(spec);
                out.println("Flow rule validated");
                return;
            }
            final LinkedList<Rule> list = rules.computeIfAbsent(port, _ -> new LinkedList<>());
            if (!list.isEmpty() && list.getFirst().id() == -1) // UINT32_MAX
            {
                err.print("Highest rule ID is already assigned, delete it first");
                return;
            }
            final int id = list.isEmpty() ? 0 : list.getFirst().id() + 1;
            list.addFirst(new Rule(id, f.create(spec)));
            out.printf("Flow rule #%d created%n", Integer.toUnsignedLong(id));
        }
        catch (final FlowException ex)
        {
            complain(ex);
        }
    }

    /** Items up to and including "end"; returns the index after it. */
    private int pattern(final String[] w, final int from) throws BadArguments
    {
        int i = from;
        while (true)
        {
            final String name = arg(w, i++);
            if (name.equals("end"))
            {
                return i;
            }
            final FlowItemType type = FlowItemType.ofTestpmdName(name);
            if (type == null || spec.itemCount() == FlowSpec.MAX_ITEMS)
            {
                throw new BadArguments();
            }
            spec.item(type);
            while (!arg(w, i).equals("/"))
            {
                final FlowField field = FlowField.of(type, w[i]);
                if (field == null)
                {
                    throw new BadArguments();
                }
                final String op = arg(w, i + 1);
                final String value = arg(w, i + 2);
                try
                {
                    switch (op)
                    {
                        case "is" -> spec.is(field, value);
                        case "spec" -> spec.spec(field, value);
                        case "last" -> spec.last(field, value);
                        case "mask" -> spec.mask(field, value);
                        case "prefix" -> spec.prefix(field, (int)number(value, 0xff));
                        default -> throw new BadArguments();
                    }
                }
                catch (final IllegalArgumentException ex)
                {
                    throw new BadArguments();
                }
                i += 3;
            }
            i++; // the "/"
        }
    }

    /** Actions up to and including "end"; returns the index after it. */
    private int actions(final String[] w, final int from) throws BadArguments
    {
        int i = from;
        while (true)
        {
            final String name = arg(w, i++);
            if (name.equals("end"))
            {
                return i;
            }
            final FlowActionType type = FlowActionType.ofTestpmdName(name);
            if (type == null || type == FlowActionType.AGE || spec.actionCount() == FlowSpec.MAX_ACTIONS)
            {
                throw new BadArguments();
            }
            i = switch (type)
            {
                case QUEUE -> oneArg(w, i, "index", 0xffff, 0, v -> spec.queue((int)v));
                case MARK -> oneArg(w, i, "id", 0xffffffffL, 0, v -> spec.mark((int)v));
                case COUNT -> oneArg(w, i, "identifier", 0xffffffffL, 0, v -> spec.count((int)v));
                case JUMP -> oneArg(w, i, "group", 0xffffffffL, 0, v -> spec.jump((int)v));
                case RSS -> rss(w, i);
                case DROP ->
                {
                    spec.drop();
                    yield i;
                }
                case PASSTHRU ->
                {
                    spec.passthru();
                    yield i;
                }
                case FLAG ->
                {
                    spec.flag();
                    yield i;
                }
                case VOID ->
                {
                    spec.voidAction();
                    yield i;
                }
                case AGE -> throw new BadArguments();
            };
            if (!arg(w, i).equals("/"))
            {
                throw new BadArguments();
            }
            i++;
        }
    }

    private interface LongAction
    {
        void accept(long value);
    }

    /** An action taking at most one "NAME VALUE" argument (testpmd allows repeating it; the last one wins). */
    private int oneArg(final String[] w, final int from, final String argName, final long max, final long dflt,
        final LongAction action) throws BadArguments
    {
        int i = from;
        long value = dflt;
        while (arg(w, i).equals(argName))
        {
            value = number(arg(w, i + 1), max);
            i += 2;
        }
        action.accept(value);
        return i;
    }

    private int rss(final String[] w, final int from) throws BadArguments
    {
        int i = from;
        int func = 0;
        int level = 0;
        long types = rssHf.getAsLong();
        byte[] key = null;
        int keyLen = -1;
        final List<Integer> queues = new ArrayList<>();
        for (int q = 0; q < Math.min(nbRxq.getAsInt(), FlowSpec.MAX_RSS_QUEUES); q++)
        {
            queues.add(q);
        }
        while (!arg(w, i).equals("/"))
        {
            switch (w[i])
            {
                case "func" ->
                {
                    func = switch (arg(w, i + 1))
                    {
                        case "default" -> 0;
                        case "toeplitz" -> 1;
                        case "simple_xor" -> 2;
                        case "symmetric_toeplitz" -> 3;
                        default -> throw new BadArguments();
                    };
                    i += 2;
                }
                case "level" ->
                {
                    level = (int)number(arg(w, i + 1), 0xffffffffL);
                    i += 2;
                }
                case "types" ->
                {
                    types = 0;
                    i++;
                    while (!arg(w, i).equals("end"))
                    {
                        final long bits = RssTypes.bits(w[i]);
                        if (bits == RssTypes.UNKNOWN)
                        {
                            throw new BadArguments();
                        }
                        types |= bits;
                        i++;
                    }
                    i++;
                }
                case "key" ->
                {
                    final String hex = arg(w, i + 1);
                    if (hex.length() % 2 != 0 || hex.length() > 2 * FlowSpec.MAX_RSS_KEY || !hex.matches("[0-9a-fA-F]*"))
                    {
                        throw new BadArguments();
                    }
                    key = HexFormat.of().parseHex(hex);
                    i += 2;
                }
                case "key_len" ->
                {
                    keyLen = (int)number(arg(w, i + 1), FlowSpec.MAX_RSS_KEY);
                    i += 2;
                }
                case "queues" ->
                {
                    queues.clear();
                    i++;
                    while (!arg(w, i).equals("end"))
                    {
                        if (queues.size() == FlowSpec.MAX_RSS_QUEUES)
                        {
                            throw new BadArguments();
                        }
                        queues.add((int)number(w[i], 0xffff));
                        i++;
                    }
                    i++;
                }
                default -> throw new BadArguments();
            }
        }
        if (keyLen >= 0 && key != null)
        {
            key = java.util.Arrays.copyOf(key, keyLen);
        }
        spec.rss(func, level, types, key, queues.stream().mapToInt(Integer::intValue).toArray());
        return i;
    }

    // ---- destroy / flush / list / query / isolate --------------------------------------------

    private void destroy(final int port, final String[] w) throws BadArguments
    {
        final List<Long> ids = new ArrayList<>();
        int i = 3;
        do
        {
            if (!arg(w, i).equals("rule"))
            {
                throw new BadArguments();
            }
            ids.add(number(arg(w, i + 1), 0xffffffffL));
            i += 2;
        }
        while (i < w.length);
        if (!validPort.test(port))
        {
            err.printf("Invalid port %d%n", port);
            return;
        }
        final LinkedList<Rule> list = rules.getOrDefault(port, new LinkedList<>());
        for (final java.util.Iterator<Rule> it = list.iterator(); it.hasNext(); )
        {
            final Rule r = it.next();
            if (!ids.contains(Integer.toUnsignedLong(r.id())))
            {
                continue;
            }
            try
            {
                r.rule().destroy();
                out.printf("Flow rule #%d destroyed%n", Integer.toUnsignedLong(r.id()));
                it.remove();
            }
            catch (final FlowException ex)
            {
                complain(ex);
            }
        }
    }

    /** The port's rules flushed as {@code stop_port} flushes them ({@code port_flow_flush}), before it stops. */
    void flushBeforeStop(final int port)
    {
        flush(port);
    }

    private void flush(final int port)
    {
        if (!validPort.test(port))
        {
            err.printf("Invalid port %d%n", port);
            return;
        }
        final LinkedList<Rule> list = rules.get(port);
        if (list == null || list.isEmpty())
        {
            return;
        }
        try
        {
            flowsOfPort.apply(port).flush();
        }
        catch (final FlowException ex)
        {
            complain(ex);
        }
        list.clear();
    }

    private void list(final int port, final String[] w) throws BadArguments
    {
        final List<Long> groups = new ArrayList<>();
        for (int i = 3; i < w.length; i += 2)
        {
            if (!w[i].equals("group"))
            {
                throw new BadArguments();
            }
            groups.add(number(arg(w, i + 1), 0xffffffffL));
        }
        if (!validPort.test(port))
        {
            err.printf("Invalid port %d%n", port);
            return;
        }
        final List<Rule> list = new ArrayList<>(rules.getOrDefault(port, new LinkedList<>()));
        if (list.isEmpty())
        {
            return;
        }
        list.removeIf(r -> !groups.isEmpty() && !groups.contains(Integer.toUnsignedLong(r.rule().group())));
        list.sort(Comparator.<Rule>comparingLong(r -> Integer.toUnsignedLong(r.rule().group()))
            .thenComparingLong(r -> Integer.toUnsignedLong(r.rule().priority()))
            .thenComparingLong(r -> Integer.toUnsignedLong(r.id())));
        out.println("ID\tGroup\tPrio\tAttr\tRule");
        for (final Rule r : list)
        {
            final FlowRule rule = r.rule();
            final StringBuilder sb = new StringBuilder();
            sb.append(Integer.toUnsignedString(r.id())).append('\t')
                .append(Integer.toUnsignedString(rule.group())).append('\t')
                .append(Integer.toUnsignedString(rule.priority())).append('\t')
                .append((rule.directions() & 1) != 0 ? 'i' : '-')
                .append((rule.directions() & 2) != 0 ? 'e' : '-')
                .append((rule.directions() & 4) != 0 ? 't' : '-').append('\t');
            for (final FlowItemType item : rule.items())
            {
                sb.append(name(Flows.itemName(item.type()))).append(' ');
            }
            sb.append("=>");
            for (final FlowActionType action : rule.actions())
            {
                if (action != FlowActionType.VOID)
                {
                    sb.append(' ').append(name(Flows.actionName(action.type())));
                }
            }
            out.println(sb);
        }
    }

    private static String name(final String dpdkName)
    {
        return dpdkName == null ? "[UNKNOWN]" : dpdkName;
    }

    private void query(final int port, final String[] w) throws BadArguments
    {
        if (w.length != 5)
        {
            throw new BadArguments();
        }
        final long id = number(w[3], 0xffffffffL);
        final FlowActionType type = FlowActionType.ofTestpmdName(w[4]);
        if (type == null)
        {
            throw new BadArguments();
        }
        if (!validPort.test(port))
        {
            err.printf("Invalid port %d%n", port);
            return;
        }
        Rule found = null;
        for (final Rule r : rules.getOrDefault(port, new LinkedList<>()))
        {
            if (Integer.toUnsignedLong(r.id()) == id)
            {
                found = r;
                break;
            }
        }
        if (found == null)
        {
            err.printf("Flow rule #%d not found%n", id);
            return;
        }
        final String name = name(Flows.actionName(type.type()));
        try
        {
            switch (type)
            {
                case COUNT ->
                {
                    final FlowCount c = found.rule().queryCount(false);
                    out.printf("%s:%n hits_set: %d%n bytes_set: %d%n hits: %d%n bytes: %d%n", name,
                        c.hitsSet() ? 1 : 0, c.bytesSet() ? 1 : 0, c.hits(), c.bytes());
                }
                case RSS -> rssConfigDisplay(found.rule().queryRss());
                case AGE ->
                {
                    final int age = found.rule().queryAge();
                    out.printf("%s:%n aged: %d%n sec_since_last_hit_valid: %d%n sec_since_last_hit: %d%n", name,
                        (age >>> 6) & 1, (age >>> 7) & 1, age >>> 8);
                }
                default -> err.printf("Cannot query action type %d (%s)%n", type.type(), name);
            }
        }
        catch (final FlowException ex)
        {
            complain(ex);
        }
    }

    /** testpmd's rss_config_display(). */
    private void rssConfigDisplay(final FlowRss rss)
    {
        final StringBuilder sb = new StringBuilder("RSS:\n queues:");
        if (rss.queues().length == 0)
        {
            sb.append(" none");
        }
        for (final int q : rss.queues())
        {
            sb.append(' ').append(q);
        }
        sb.append("\n function: ");
        switch (rss.function())
        {
            case 0 -> sb.append("default\n");
            case 1 -> sb.append("toeplitz\n");
            case 2 -> sb.append("simple_xor\n");
            case 3 -> sb.append("symmetric_toeplitz\n");
            default ->
            {
                out.print(sb.append("Unknown function\n"));
                return;
            }
        }
        sb.append(" types:\n");
        sb.append(rss.types() == 0 ? "  none\n" : RssTypes.display(rss.types(), RssTypes.CHARS_PER_LINE));
        out.print(sb);
    }

    private void isolate(final int port, final String[] w) throws BadArguments
    {
        if (w.length != 4 || !(w[3].equals("0") || w[3].equals("1")))
        {
            throw new BadArguments();
        }
        isolate(port, w[3].equals("1"));
    }

    /**
     * testpmd's {@code port_flow_isolate}, for {@code flow isolate} and {@code --flow-isolate-all}: the port's
     * ingress restricted to its rules, or not any more, said on stdout, or the PMD's refusal on stderr.
     *
     * @return whether the PMD did it
     */
    boolean isolate(final int port, final boolean on)
    {
        try
        {
            flowsOfPort.apply(port).isolate(on);
            out.printf("Ingress traffic on port %d is %s to the defined flow rules%n", port,
                on ? "now restricted" : "not restricted anymore");
            return true;
        }
        catch (final FlowException ex)
        {
            complain(ex);
            return false;
        }
    }

    // ---- helpers ---------------------------------------------------------------------------

    /** testpmd's port_flow_complain(), on stderr. */
    private void complain(final FlowException ex)
    {
        final int type = ex.errorType();
        final FlowErrorType t = FlowErrorType.of(type);
        // testpmd's own table: the types up to ACTION; later ones (STATE) are "unknown type" to it
        final String errstr = t == null || t.ordinal() > FlowErrorType.ACTION.ordinal() ? "unknown type" :
            t.description();
        err.printf("port_flow_complain(): Caught PMD error type %d (%s): %s%s: %s%n", type, errstr,
            ex.causeAddress() == 0 ? "" : "cause: 0x" + Long.toHexString(ex.causeAddress()) + ", ",
            ex.pmdMessage() == null ? "(no stated reason)" : ex.pmdMessage(), ex.errnoText());
        if (t == FlowErrorType.ATTR_TRANSFER)
        {
            err.println("The status suggests the use of \"transfer\" as the possible cause of the failure. Make " +
                "sure that the flow in question and its indirect components (if any) are managed via \"transfer\" " +
                "proxy port. Use command \"show port (port_id) flow transfer proxy\" to figure out the proxy port ID");
        }
    }

    private static String arg(final String[] w, final int i) throws BadArguments
    {
        if (i >= w.length)
        {
            throw new BadArguments();
        }
        return w[i];
    }

    private static void end(final String[] w, final int i) throws BadArguments
    {
        if (i != w.length)
        {
            throw new BadArguments();
        }
    }

    /** An unsigned integer as testpmd's parse_int reads it, at most {@code max}. */
    private static long number(final String text, final long max) throws BadArguments
    {
        try
        {
            final long v = FlowField.parseUnsigned(text);
            if (Long.compareUnsigned(v, max) > 0)
            {
                throw new BadArguments();
            }
            return v;
        }
        catch (final IllegalArgumentException ex)
        {
            throw new BadArguments();
        }
    }
}
