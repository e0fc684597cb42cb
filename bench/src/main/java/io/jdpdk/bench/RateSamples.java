package io.jdpdk.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Per-port packet rates read from testpmd's statistics output ({@code Rx-pps:} and {@code Tx-pps:} lines, one
 * block per port per period), which jdpdk's apps print in the same format. The rate of a run is the median
 * over periods of the per-port average, after dropping warm-up periods.
 */
public final class RateSamples
{
    private static final Pattern TX_PPS = Pattern.compile("Tx-pps:\\s+(\\d+)");

    private RateSamples()
    {
    }

    /**
     * The median per-port Tx rate in packets per second, from testpmd's statistics blocks ({@code Tx-pps}): what
     * was sent on, which is the figure for a pipeline whose RX may drop what the ring has no room for.
     *
     * @param output  everything the program printed
     * @param ports   ports per statistics period
     * @param warmup  periods to drop at the start
     * @return the median, or -1 when there were not enough samples
     */
    public static double medianTxPerPort(final String output, final int ports, final int warmup)
    {
        return median(TX_PPS, output, ports, warmup);
    }

    private static double median(final Pattern pattern, final String output, final int ports, final int warmup)
    {
        final List<Long> values = new ArrayList<>();
        final Matcher m = pattern.matcher(output);
        while (m.find())
        {
            values.add(Long.parseLong(m.group(1)));
        }
        final int periods = values.size() / ports;
        if (periods <= warmup)
        {
            return -1;
        }
        final double[] perPeriod = new double[periods - warmup];
        for (int p = warmup; p < periods; p++)
        {
            long sum = 0;
            for (int i = 0; i < ports; i++)
            {
                sum += values.get(p * ports + i);
            }
            perPeriod[p - warmup] = (double)sum / ports;
        }
        Arrays.sort(perPeriod);
        // The last period can be cut short by the stop: a low outlier the median ignores.
        return perPeriod[perPeriod.length / 2];
    }
}
