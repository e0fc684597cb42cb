/*
 * testpmd's RSS type table and rss_types_display, copied verbatim from DPDK 22.11.11's app/test-pmd/config.c
 * (lines 89-151 and 1446-1474) and struct rss_type_info from testpmd.h, compiled against the installed
 * rte_ethdev.h by RssTypesTest, which compares jdpdk's RssTypes with what this prints:
 *   "type NAME VALUE"  for each entry of rss_type_table, in order
 *   "macro NAME VALUE" for RTE_ETH_RSS_NAME of each name in JAVA_CONSTANTS (X(IPV4) X(FRAG_IPV4) ..., given
 *                      with -D by the test: the constants RssTypes declares)
 *   for each pair of arguments RSS_HF WIDTH: "display RSS_HF WIDTH", rss_types_display's text, then "end".
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_ethdev.h>

struct rss_type_info {
	const char *str; /**< Type name. */
	uint64_t rss_type; /**< Type value. */
};

const struct rss_type_info rss_type_table[] = {
	/* Group types */
	{ "all", RTE_ETH_RSS_ETH | RTE_ETH_RSS_VLAN | RTE_ETH_RSS_IP | RTE_ETH_RSS_TCP |
		RTE_ETH_RSS_UDP | RTE_ETH_RSS_SCTP | RTE_ETH_RSS_L2_PAYLOAD |
		RTE_ETH_RSS_L2TPV3 | RTE_ETH_RSS_ESP | RTE_ETH_RSS_AH | RTE_ETH_RSS_PFCP |
		RTE_ETH_RSS_GTPU | RTE_ETH_RSS_ECPRI | RTE_ETH_RSS_MPLS | RTE_ETH_RSS_L2TPV2},
	{ "none", 0 },
	{ "ip", RTE_ETH_RSS_IP },
	{ "udp", RTE_ETH_RSS_UDP },
	{ "tcp", RTE_ETH_RSS_TCP },
	{ "sctp", RTE_ETH_RSS_SCTP },
	{ "tunnel", RTE_ETH_RSS_TUNNEL },
	{ "vlan", RTE_ETH_RSS_VLAN },

	/* Individual type */
	{ "ipv4", RTE_ETH_RSS_IPV4 },
	{ "ipv4-frag", RTE_ETH_RSS_FRAG_IPV4 },
	{ "ipv4-tcp", RTE_ETH_RSS_NONFRAG_IPV4_TCP },
	{ "ipv4-udp", RTE_ETH_RSS_NONFRAG_IPV4_UDP },
	{ "ipv4-sctp", RTE_ETH_RSS_NONFRAG_IPV4_SCTP },
	{ "ipv4-other", RTE_ETH_RSS_NONFRAG_IPV4_OTHER },
	{ "ipv6", RTE_ETH_RSS_IPV6 },
	{ "ipv6-frag", RTE_ETH_RSS_FRAG_IPV6 },
	{ "ipv6-tcp", RTE_ETH_RSS_NONFRAG_IPV6_TCP },
	{ "ipv6-udp", RTE_ETH_RSS_NONFRAG_IPV6_UDP },
	{ "ipv6-sctp", RTE_ETH_RSS_NONFRAG_IPV6_SCTP },
	{ "ipv6-other", RTE_ETH_RSS_NONFRAG_IPV6_OTHER },
	{ "l2-payload", RTE_ETH_RSS_L2_PAYLOAD },
	{ "ipv6-ex", RTE_ETH_RSS_IPV6_EX },
	{ "ipv6-tcp-ex", RTE_ETH_RSS_IPV6_TCP_EX },
	{ "ipv6-udp-ex", RTE_ETH_RSS_IPV6_UDP_EX },
	{ "port", RTE_ETH_RSS_PORT },
	{ "vxlan", RTE_ETH_RSS_VXLAN },
	{ "geneve", RTE_ETH_RSS_GENEVE },
	{ "nvgre", RTE_ETH_RSS_NVGRE },
	{ "gtpu", RTE_ETH_RSS_GTPU },
	{ "eth", RTE_ETH_RSS_ETH },
	{ "s-vlan", RTE_ETH_RSS_S_VLAN },
	{ "c-vlan", RTE_ETH_RSS_C_VLAN },
	{ "esp", RTE_ETH_RSS_ESP },
	{ "ah", RTE_ETH_RSS_AH },
	{ "l2tpv3", RTE_ETH_RSS_L2TPV3 },
	{ "pfcp", RTE_ETH_RSS_PFCP },
	{ "pppoe", RTE_ETH_RSS_PPPOE },
	{ "ecpri", RTE_ETH_RSS_ECPRI },
	{ "mpls", RTE_ETH_RSS_MPLS },
	{ "ipv4-chksum", RTE_ETH_RSS_IPV4_CHKSUM },
	{ "l4-chksum", RTE_ETH_RSS_L4_CHKSUM },
	{ "l2tpv2", RTE_ETH_RSS_L2TPV2 },
	{ "l3-pre96", RTE_ETH_RSS_L3_PRE96 },
	{ "l3-pre64", RTE_ETH_RSS_L3_PRE64 },
	{ "l3-pre56", RTE_ETH_RSS_L3_PRE56 },
	{ "l3-pre48", RTE_ETH_RSS_L3_PRE48 },
	{ "l3-pre40", RTE_ETH_RSS_L3_PRE40 },
	{ "l3-pre32", RTE_ETH_RSS_L3_PRE32 },
	{ "l2-dst-only", RTE_ETH_RSS_L2_DST_ONLY },
	{ "l2-src-only", RTE_ETH_RSS_L2_SRC_ONLY },
	{ "l4-dst-only", RTE_ETH_RSS_L4_DST_ONLY },
	{ "l4-src-only", RTE_ETH_RSS_L4_SRC_ONLY },
	{ "l3-dst-only", RTE_ETH_RSS_L3_DST_ONLY },
	{ "l3-src-only", RTE_ETH_RSS_L3_SRC_ONLY },
	{ NULL, 0},
};

static void
rss_types_display(uint64_t rss_types, uint16_t char_num_per_line)
{
	uint16_t total_len = 0;
	uint16_t str_len;
	uint16_t i;

	if (rss_types == 0)
		return;

	for (i = 0; rss_type_table[i].str; i++) {
		if (rss_type_table[i].rss_type == 0)
			continue;

		if ((rss_types & rss_type_table[i].rss_type) ==
					rss_type_table[i].rss_type) {
			/* Contain two spaces */
			str_len = strlen(rss_type_table[i].str) + 2;
			if (total_len + str_len > char_num_per_line) {
				printf("\n");
				total_len = 0;
			}
			printf("  %s", rss_type_table[i].str);
			total_len += str_len;
		}
	}
	printf("\n");
}


#define X(name) printf("macro %s %" PRIu64 "\n", #name, (uint64_t)RTE_ETH_RSS_##name);

int
main(int argc, char **argv)
{
	int i;

	for (i = 0; rss_type_table[i].str; i++)
		printf("type %s %" PRIu64 "\n", rss_type_table[i].str, rss_type_table[i].rss_type);
	JAVA_CONSTANTS
	for (i = 1; i + 1 < argc; i += 2) {
		printf("display %s %s\n", argv[i], argv[i + 1]);
		rss_types_display(strtoull(argv[i], NULL, 0), (uint16_t)atoi(argv[i + 1]));
		printf("end\n");
	}
	return 0;
}
