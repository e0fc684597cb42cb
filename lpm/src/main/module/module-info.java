/** Longest-prefix-match route tables for IPv4 (DIR-24-8) and IPv6 (rte_fib6's TRIE), and IP address text: plain Java. */
module io.jdpdk.lpm
{
    exports io.jdpdk.lpm;
}
