package io.jdpdk.apps.testpmd;

import java.lang.reflect.InvocationTargetException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The forwarding modes by name, as testpmd's {@code fwd_engines[]} table: {@code --forward-mode=NAME} and
 * {@code set fwd NAME} look an engine up here. Each entry makes a new engine instance, because engines may hold
 * flyweights: testpmd makes one per forwarding lcore (and one on the main thread for {@code portBegin}).
 * <p>
 * Modes in testpmd's order: io, mac, macswap, flowgen, rxonly, txonly, icmpecho, 5tswap. The generators
 * (txonly, flowgen) and icmpecho are written apart; until their classes are on the class path they are listed
 * but unavailable, and selecting one says so.
 */
public final class Engines
{
    private static final Map<String, Supplier<ForwardEngine>> ENGINES = new LinkedHashMap<>();
    private static final Map<String, String> MISSING = new LinkedHashMap<>();

    static
    {
        ENGINES.put("io", IoEngine::new);
        ENGINES.put("mac", MacEngine::new);
        ENGINES.put("macswap", MacSwapEngine::new);
        // TODO(testpmd): once TxOnlyEngine, FlowGenEngine and IcmpEchoEngine are merged, replace these three
        // reflective lines with ENGINES.put("flowgen", FlowGenEngine::new) and the like, keeping the order.
        byClassName("flowgen", "io.jdpdk.apps.testpmd.FlowGenEngine");
        ENGINES.put("rxonly", RxOnlyEngine::new);
        byClassName("txonly", "io.jdpdk.apps.testpmd.TxOnlyEngine");
        byClassName("icmpecho", "io.jdpdk.apps.testpmd.IcmpEchoEngine");
        ENGINES.put("5tswap", FiveTupleSwapEngine::new);
    }

    private Engines()
    {
    }

    /** Every mode name testpmd knows here, in testpmd's order, available or not. */
    public static String[] names()
    {
        final String[] names = new String[ENGINES.size() + MISSING.size()];
        int i = 0;
        for (final String name : new String[] { "io", "mac", "macswap", "flowgen", "rxonly", "txonly", "icmpecho",
            "5tswap" })
        {
            if (ENGINES.containsKey(name) || MISSING.containsKey(name))
            {
                names[i++] = name;
            }
        }
        return names;
    }

    /** The available modes and their factories. */
    public static Map<String, Supplier<ForwardEngine>> available()
    {
        return Collections.unmodifiableMap(ENGINES);
    }

    /** Whether {@code name} is a mode testpmd has (available in this build or not). */
    public static boolean isKnown(final String name)
    {
        return ENGINES.containsKey(name) || MISSING.containsKey(name);
    }

    /** Whether {@code name} can run in this build. */
    public static boolean isAvailable(final String name)
    {
        return ENGINES.containsKey(name);
    }

    /**
     * A new engine for mode {@code name}.
     *
     * @throws IllegalArgumentException for an unknown mode, or one whose class is not in this build
     */
    public static ForwardEngine create(final String name)
    {
        final Supplier<ForwardEngine> factory = ENGINES.get(name);
        if (factory == null)
        {
            throw new IllegalArgumentException(MISSING.containsKey(name) ?
                "forwarding mode " + name + " is not available in this build (no class " + MISSING.get(name) + ")" :
                "Invalid " + name + " packet forwarding mode");
        }
        return factory.get();
    }

    private static void byClassName(final String name, final String className)
    {
        final Class<?> type;
        try
        {
            type = Class.forName(className);
        }
        catch (final ClassNotFoundException ex)
        {
            MISSING.put(name, className);
            return;
        }
        if (!ForwardEngine.class.isAssignableFrom(type))
        {
            MISSING.put(name, className);
            return;
        }
        ENGINES.put(name, () ->
        {
            try
            {
                return (ForwardEngine)type.getDeclaredConstructor().newInstance();
            }
            catch (final InstantiationException | IllegalAccessException | NoSuchMethodException ex)
            {
                throw new IllegalStateException("cannot create " + className + ": " + ex, ex);
            }
            catch (final InvocationTargetException ex)
            {
                throw new IllegalStateException("cannot create " + className + ": " + ex.getCause(), ex.getCause());
            }
        });
    }
}
