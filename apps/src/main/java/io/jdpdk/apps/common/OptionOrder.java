package io.jdpdk.apps.common;

import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An app's options one occurrence at a time, in command-line order, as a C program's {@code getopt_long} loop meets
 * them: picocli keeps only the last value of an option given twice, so an app that acts as it goes (prints a line,
 * checks a value against those before it, stops at the first bad one) walks picocli's
 * {@code ParseResult.matchedArgs()} through this. Positional parameters are skipped. Control path.
 */
public final class OptionOrder
{
    private OptionOrder()
    {
    }

    /**
     * What to do with one occurrence of an option.
     *
     * @param <E> what it may throw
     */
    @FunctionalInterface
    public interface Handler<E extends Exception>
    {
        /**
         * One occurrence.
         *
         * @param name  the option's longest name, e.g. {@code --forward-mode} or {@code -p}
         * @param value the value given this time ({@code "true"} for a flag, as picocli records it)
         * @throws E to stop the walk
         */
        void accept(String name, String value) throws E;
    }

    /**
     * Calls {@code handler} for every option occurrence of {@code matched}, in order.
     *
     * @param matched {@code ParseResult.matchedArgs()}: each option once per occurrence
     * @param handler what to do with each
     * @param <E>     what the handler throws
     * @throws E the handler's, which ends the walk
     */
    public static <E extends Exception> void forEach(final List<ArgSpec> matched, final Handler<E> handler) throws E
    {
        final Map<ArgSpec, Integer> occurrences = new HashMap<>();
        for (final ArgSpec arg : matched)
        {
            if (arg instanceof OptionSpec option)
            {
                final int occurrence = occurrences.merge(arg, 1, Integer::sum) - 1;
                final List<String> values = option.originalStringValues();
                handler.accept(option.longestName(), occurrence < values.size() ? values.get(occurrence) : "");
            }
        }
    }
}
