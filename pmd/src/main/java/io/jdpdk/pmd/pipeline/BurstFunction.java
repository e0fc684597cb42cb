package io.jdpdk.pmd.pipeline;

/**
 * The user's packet work over one burst, run on a worker lcore (or on the single lcore of a
 * run-to-completion loop): parse and rewrite the packets in place, and choose each packet's output
 * port with {@link PacketBurst#outPort(int, int)} or leave it dropped. Must not keep references to
 * the mbufs after returning, nor free them itself: the TX stage sends or frees each one exactly
 * once. Should not allocate.
 */
@FunctionalInterface
public interface BurstFunction
{
    /**
     * Does the work on one burst, on the lcore that holds it.
     *
     * @param burst the packets, each dropped until given an output port
     */
    void apply(PacketBurst burst);
}
