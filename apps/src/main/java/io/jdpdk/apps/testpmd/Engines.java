package io.jdpdk.apps.testpmd;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The forwarding modes by name, as testpmd's {@code fwd_engines[]} table: {@code --forward-mode=NAME} and
 * {@code set fwd NAME} look an engine up here. Each entry makes a new engine instance, because engines may hold
 * flyweights: testpmd makes one per forwarding lcore (and one on the main thread for {@code portBegin}).
 * Modes in testpmd's order: io, mac, macswap, flowgen, rxonly, txonly, csum, icmpecho, noisy, 5tswap.
 */
public final class Engines
{
    private static final Map<String, Supplier<ForwardEngine>> ENGINES = new LinkedHashMap<>();

    static
    {
        ENGINES.put("io", IoEngine::new);
        ENGINES.put("mac", MacEngine::new);
        ENGINES.put("macswap", MacSwapEngine::new);
        ENGINES.put("flowgen", FlowGenEngine::new);
        ENGINES.put("rxonly", RxOnlyEngine::new);
        ENGINES.put("txonly", TxOnlyEngine::new);
        ENGINES.put("csum", CsumEngine::new);
        ENGINES.put("icmpecho", IcmpEchoEngine::new);
        ENGINES.put(NoisyEngine.NAME, NoisyEngine::new);
        ENGINES.put("5tswap", FiveTupleSwapEngine::new);
    }

    private Engines()
    {
    }

    /**
     * Every mode name, in testpmd's order.
     *
     * @return a new array
     */
    public static String[] names()
    {
        return ENGINES.keySet().toArray(String[]::new);
    }

    /**
     * The modes and their factories.
     *
     * @return an unmodifiable map, in testpmd's order; each factory makes a new engine
     */
    public static Map<String, Supplier<ForwardEngine>> available()
    {
        return Collections.unmodifiableMap(ENGINES);
    }

    /**
     * Whether {@code name} is a mode testpmd has.
     *
     * @param name a mode name, case-sensitive
     * @return true for one of {@link #names()}
     */
    public static boolean isKnown(final String name)
    {
        return ENGINES.containsKey(name);
    }

    /**
     * A new engine for mode {@code name}.
     *
     * @param name a mode name, case-sensitive
     * @return a new instance
     * @throws IllegalArgumentException for an unknown mode, in testpmd's words
     */
    public static ForwardEngine create(final String name)
    {
        final Supplier<ForwardEngine> factory = ENGINES.get(name);
        if (factory == null)
        {
            throw new IllegalArgumentException("Invalid " + name + " packet forwarding mode");
        }
        return factory.get();
    }
}
