/** Longest-prefix-match route tables for IPv4 (DIR-24-8) and IPv6, and IP address text. */
module io.jdpdk.lpm
{
    requires io.jdpdk.eal;

    exports io.jdpdk.lpm;
}
