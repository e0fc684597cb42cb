package io.jdpdk.apps.testpmd;

import java.util.Arrays;

/**
 * Which queue of which port each forwarding stream reads and writes, and which streams each forwarding lcore runs:
 * testpmd's {@code fwd_config_setup} (DPDK 22.11 {@code app/test-pmd/config.c}), without DCB:
 * <ul>
 *   <li>one RX or one TX queue per port ({@code simple_fwd_config_setup}): one stream per forwarding port, queue 0
 *   of port i to queue 0 of the port the topology sends it to;</li>
 *   <li>several RX and several TX queues ({@code rss_fwd_config_setup}): min(rxq, txq) streams per port, queue q of
 *   port i to queue q of the port the topology sends it to, ordered queue by queue, port by port within a
 *   queue;</li>
 *   <li>icmpecho ({@code icmp_echo_config_setup}): rxq streams per port, each answering on the port and queue it
 *   received on.</li>
 * </ul>
 * Where the i-th forwarding port sends ({@code fwd_topology_tx_port_get}, {@code --port-topology}): paired, the
 * default, to its pair, pairs being (0,1), (2,3), ..., and with an odd number of forwarding ports the last one pairs
 * with itself; chained, to the next port, the last one to the first; loop, to itself. Streams go to lcores in contiguous runs ({@code
 * setup_fwd_config_of_each_lcore}): each lcore gets streams / lcores, and the last streams % lcores lcores one
 * more; there are never more lcores than streams (nor, in the simple setup, than ports).
 * <p>
 * Port and queue numbers here are indexes into the forwarding port id list given, mapped back to port ids.
 * Immutable; control path.
 */
final class FwdConfig
{
    /** One stream: RX port id and queue, TX port id and queue; the peer address is that of the TX port. */
    record Stream(int rxPort, int rxQueue, int txPort, int txQueue)
    {
    }

    /** The mode the streams were set up for. */
    final String mode;
    /** Forwarding port ids. */
    final int[] fwdPorts;
    /** Streams in testpmd's order. */
    final Stream[] streams;
    /** Lcores in use (the first of the forwarding lcores). */
    final int nbLcores;
    /** Per lcore in use: index of its first stream and its number of streams. */
    final int[] streamIdx;
    final int[] streamNb;

    private FwdConfig(final String mode, final int[] fwdPorts, final Stream[] streams, final int nbLcores)
    {
        this.mode = mode;
        this.fwdPorts = fwdPorts.clone();
        this.streams = streams;
        this.nbLcores = nbLcores;
        this.streamIdx = new int[nbLcores];
        this.streamNb = new int[nbLcores];
        final int nbFs = streams.length;
        final int perLcore = nbFs <= nbLcores ? 1 : nbFs / nbLcores;
        final int extra = nbFs <= nbLcores ? 0 : nbFs % nbLcores;
        final int plain = nbLcores - extra;
        int sm = 0;
        for (int lc = 0; lc < plain; lc++)
        {
            streamIdx[lc] = sm;
            streamNb[lc] = perLcore;
            sm += perLcore;
        }
        for (int lc = plain; lc < nbLcores; lc++)
        {
            streamIdx[lc] = sm;
            streamNb[lc] = perLcore + 1;
            sm += perLcore + 1;
        }
    }

    /**
     * Sets up the streams for {@code mode}.
     *
     * @param fwdPorts   forwarding port ids, in order
     * @param nbRxq      RX queues per port
     * @param nbTxq      TX queues per port
     * @param nbFwdLcores forwarding lcores wanted ({@code --nb-cores})
     * @param topology   where each port's streams send
     */
    static FwdConfig setup(final String mode, final int[] fwdPorts, final int nbRxq, final int nbTxq,
        final int nbFwdLcores, final Parameters.Topology topology)
    {
        final int nbPorts = fwdPorts.length;
        if (nbPorts == 0)
        {
            return new FwdConfig(mode, fwdPorts, new Stream[0], 0);
        }
        if ("icmpecho".equals(mode))
        {
            final int nbStreams = nbRxq * nbPorts;
            final int lcores = Math.min(Math.min(nbFwdLcores, nbTxq * nbPorts), nbStreams);
            final Stream[] streams = new Stream[nbStreams];
            int rxp = 0;
            int rxq = 0;
            for (int sm = 0; sm < nbStreams; sm++)
            {
                streams[sm] = new Stream(fwdPorts[rxp], rxq, fwdPorts[rxp], rxq);
                if (++rxq == nbRxq)
                {
                    rxq = 0;
                    rxp++;
                }
            }
            return new FwdConfig(mode, fwdPorts, streams, lcores);
        }
        if (nbRxq > 1 && nbTxq > 1)
        {
            final int nbQ = Math.min(nbRxq, nbTxq);
            final int nbStreams = nbQ * nbPorts;
            final int lcores = Math.min(nbFwdLcores, nbStreams);
            final Stream[] streams = new Stream[nbStreams];
            int rxp = 0;
            int rxq = 0;
            for (int sm = 0; sm < nbStreams; sm++)
            {
                final int txp = txPortIndex(rxp, nbPorts, topology);
                streams[sm] = new Stream(fwdPorts[rxp], rxq, fwdPorts[txp], rxq);
                if (++rxp < nbPorts)
                {
                    continue;
                }
                rxp = 0;
                if (++rxq >= nbQ)
                {
                    rxq = 0;
                }
            }
            return new FwdConfig(mode, fwdPorts, streams, lcores);
        }
        final Stream[] streams = new Stream[nbPorts];
        for (int i = 0; i < nbPorts; i++)
        {
            streams[i] = new Stream(fwdPorts[i], 0, fwdPorts[txPortIndex(i, nbPorts, topology)], 0);
        }
        return new FwdConfig(mode, fwdPorts, streams, Math.min(nbFwdLcores, nbPorts));
    }

    /** The index of the forwarding port that the {@code rxp}-th one sends to ({@code fwd_topology_tx_port_get}). */
    static int txPortIndex(final int rxp, final int nbPorts, final Parameters.Topology topology)
    {
        return switch (topology)
        {
            case PAIRED -> (rxp & 1) == 1 ? rxp - 1 : rxp + 1 < nbPorts ? rxp + 1 : rxp;
            case CHAINED -> (rxp + 1) % nbPorts;
            case LOOP -> rxp;
        };
    }

    @Override
    public String toString()
    {
        return "FwdConfig{" + mode + ", ports=" + Arrays.toString(fwdPorts) + ", streams=" + Arrays.toString(streams) +
            ", lcores=" + nbLcores + "}";
    }
}
