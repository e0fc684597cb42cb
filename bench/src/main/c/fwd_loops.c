/*
 * testpmd's io and macswap forwarding in C, as functions jdpdk's same-core benchmark
 * (io.jdpdk.bench.SameCoreScenario) calls through FFM, taking turns with jdpdk's own engines on one
 * lcore and the same two ports, so both see the same machine at the same moments.
 *
 * The per-burst work is DPDK 22.11's app/test-pmd: pkt_burst_io_forward (iofwd.c) and
 * pkt_burst_mac_swap (macswap.c) with do_macswap of macswap_sse.h and mbuf_field_set of
 * macswap_common.h, no VLAN/QinQ insert offloads, no --tx-retry. testpmd's stream loop
 * (run_pkt_fwd_on_lcore) calls the engine once per stream in turn; so does fwd_run.
 *
 * Built by bench/pom.xml into target/native/libjdpdk_bench_loops.so against pkg-config libdpdk.
 */
#include <stdint.h>

#include <rte_ethdev.h>
#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_prefetch.h>
#include <tmmintrin.h>

#define BURST_MAX 512

struct stream {
	uint16_t rx_port;
	uint16_t tx_port;
};

static inline void
mbuf_field_set(struct rte_mbuf *mb)
{
	mb->ol_flags &= RTE_MBUF_F_INDIRECT | RTE_MBUF_F_EXTERNAL;
	mb->l2_len = sizeof(struct rte_ether_hdr);
	mb->l3_len = sizeof(struct rte_ipv4_hdr);
}

/* do_macswap of app/test-pmd/macswap_sse.h (22.11), without the VLAN/QinQ insert flags. */
static inline void
do_macswap(struct rte_mbuf *pkts[], uint16_t nb)
{
	struct rte_ether_hdr *eth_hdr[4];
	struct rte_mbuf *mb[4];
	int i = 0;
	int r = nb;
	__m128i addr0, addr1, addr2, addr3;
	const __m128i shfl_msk = _mm_set_epi8(15, 14, 13, 12, 5, 4, 3, 2, 1, 0, 11, 10, 9, 8, 7, 6);

	while (r >= 4) {
		if (r >= 8) {
			rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 4], void *));
			rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 5], void *));
			rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 6], void *));
			rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 7], void *));
		}
		mb[0] = pkts[i++];
		eth_hdr[0] = rte_pktmbuf_mtod(mb[0], struct rte_ether_hdr *);
		addr0 = _mm_loadu_si128((__m128i *)eth_hdr[0]);
		mb[1] = pkts[i++];
		eth_hdr[1] = rte_pktmbuf_mtod(mb[1], struct rte_ether_hdr *);
		addr1 = _mm_loadu_si128((__m128i *)eth_hdr[1]);
		mb[2] = pkts[i++];
		eth_hdr[2] = rte_pktmbuf_mtod(mb[2], struct rte_ether_hdr *);
		addr2 = _mm_loadu_si128((__m128i *)eth_hdr[2]);
		mb[3] = pkts[i++];
		eth_hdr[3] = rte_pktmbuf_mtod(mb[3], struct rte_ether_hdr *);
		addr3 = _mm_loadu_si128((__m128i *)eth_hdr[3]);

		addr0 = _mm_shuffle_epi8(addr0, shfl_msk);
		addr1 = _mm_shuffle_epi8(addr1, shfl_msk);
		addr2 = _mm_shuffle_epi8(addr2, shfl_msk);
		addr3 = _mm_shuffle_epi8(addr3, shfl_msk);

		_mm_storeu_si128((__m128i *)eth_hdr[0], addr0);
		_mm_storeu_si128((__m128i *)eth_hdr[1], addr1);
		_mm_storeu_si128((__m128i *)eth_hdr[2], addr2);
		_mm_storeu_si128((__m128i *)eth_hdr[3], addr3);

		mbuf_field_set(mb[0]);
		mbuf_field_set(mb[1]);
		mbuf_field_set(mb[2]);
		mbuf_field_set(mb[3]);
		r -= 4;
	}
	for (; i < nb; i++) {
		if (i < nb - 1)
			rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 1], void *));
		mb[0] = pkts[i];
		eth_hdr[0] = rte_pktmbuf_mtod(mb[0], struct rte_ether_hdr *);
		addr0 = _mm_loadu_si128((__m128i *)eth_hdr[0]);
		addr0 = _mm_shuffle_epi8(addr0, shfl_msk);
		_mm_storeu_si128((__m128i *)eth_hdr[0], addr0);
		mbuf_field_set(mb[0]);
	}
}

/*
 * Runs `iterations` rounds of testpmd's stream loop over ports 0 -> 1 and 1 -> 0, queue 0, with
 * `burst` packets per RX burst; mode 0 is io, 1 is macswap. Returns the packets received.
 */
uint64_t
fwd_run(int mode, uint16_t burst, uint64_t iterations)
{
	static const struct stream streams[2] = { { 0, 1 }, { 1, 0 } };
	struct rte_mbuf *pkts[BURST_MAX];
	uint64_t rx = 0;

	if (burst > BURST_MAX)
		burst = BURST_MAX;
	for (uint64_t it = 0; it < iterations; it++) {
		for (int s = 0; s < 2; s++) {
			const struct stream *fs = &streams[s];
			uint16_t nb_rx = rte_eth_rx_burst(fs->rx_port, 0, pkts, burst);
			if (unlikely(nb_rx == 0))
				continue;
			rx += nb_rx;
			if (mode == 1)
				do_macswap(pkts, nb_rx);
			uint16_t nb_tx = rte_eth_tx_burst(fs->tx_port, 0, pkts, nb_rx);
			if (unlikely(nb_tx < nb_rx)) {
				do {
					rte_pktmbuf_free(pkts[nb_tx]);
				} while (++nb_tx < nb_rx);
			}
		}
	}
	return rx;
}
