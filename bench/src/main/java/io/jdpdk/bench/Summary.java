package io.jdpdk.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The one table {@code ./jdpdk bench} ends with: for every row the C peer's figure, jdpdk's figure and their
 * ratio, oriented so that 1.0 or more means jdpdk is at least as good as C (jdpdk / C for rates, C / jdpdk for
 * times and latencies). Each scenario adds its rows as it finishes; {@link #print} writes them as a Markdown table,
 * which is also what the README's benchmark table is pasted from.
 */
final class Summary
{
    /** One row: what was measured, its unit, both figures, and whether more is better. */
    record Row(String what, String unit, double c, double java, boolean higherIsBetter)
    {
        /** @return jdpdk against C, 1.0 or more when jdpdk is at least as good */
        double ratio()
        {
            return higherIsBetter ? java / c : c / java;
        }
    }

    private final List<Row> rows = new ArrayList<>();

    /**
     * Adds a rate-like row (jdpdk / C).
     *
     * @param what the row's label, e.g. "l3fwd IPv4, 1 lcore"
     * @param unit e.g. "Mpps"
     * @param c    the C peer's figure
     * @param java jdpdk's figure
     */
    void higherIsBetter(final String what, final String unit, final double c, final double java)
    {
        rows.add(new Row(what, unit, c, java, true));
    }

    /**
     * Adds a time-like row (C / jdpdk).
     *
     * @param what the row's label, e.g. "launch, testpmd"
     * @param unit e.g. "s"
     * @param c    the C peer's figure
     * @param java jdpdk's figure
     */
    void lowerIsBetter(final String what, final String unit, final double c, final double java)
    {
        rows.add(new Row(what, unit, c, java, false));
    }

    /** @return the rows so far, in the order added */
    List<Row> rows()
    {
        return List.copyOf(rows);
    }

    /** Prints the table (nothing when no row was added). */
    void print()
    {
        if (rows.isEmpty())
        {
            return;
        }
        System.out.println();
        System.out.println("== summary (ratio >= 1.0: jdpdk at least as good as C; jdpdk/C for rates, C/jdpdk for times)");
        System.out.println("| benchmark | unit | C | jdpdk | ratio |");
        System.out.println("|---|---|---:|---:|---:|");
        for (final Row row : rows)
        {
            System.out.printf(Locale.ROOT, "| %s | %s | %s | %s | %.3f |%n", row.what(), row.unit(), format(row.c()),
                format(row.java()), row.ratio());
        }
    }

    private static String format(final double value)
    {
        return Math.abs(value) >= 100 ? String.format(Locale.ROOT, "%.1f", value) :
            String.format(Locale.ROOT, "%.3g", value);
    }
}
