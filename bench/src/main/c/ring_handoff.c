/*
 * ring_handoff.c: the C reference for jdpdk's RX -> ring -> TX pipeline benchmark.
 *
 * The same topology as jdpdk's two-lcore pipeline, in plain DPDK: the main lcore receives bursts
 * of 32 from every port and enqueues them on a single-producer/single-consumer rte_ring; the
 * worker lcore dequeues, sends each packet out of the paired port (0<->1) and frees what TX
 * refused. Prints testpmd's Rx-pps lines every second so the harness reads both the same way;
 * stops on SIGINT/SIGTERM. Usage: ring_handoff EAL_ARGS [-- mbufs|spsc|headers|latency PPS] (two ports, two lcores).
 *
 * By default a ring slot carries a burst (an item: port, count, 32 pointers), as jdpdk's events do, and
 * items come back on a second ring. With "mbufs" the ring carries the mbuf pointers themselves
 * (rte_ring_enqueue_burst of the received burst, as DPDK's examples pass packets between lcores) and
 * the TX lcore sends each dequeued burst by its mbufs' input ports. With "spsc" the items travel, both
 * ways, over a plain single-producer/single-consumer array ring written here instead of rte_ring: a slot
 * array and two indices on their own cache lines, each side keeping a copy of the other's index so that
 * it reads the shared one only when its copy says full (or empty). No ring does less work per item, so
 * this is the ceiling for any RX -> ring -> TX handoff of bursts on the machine, jdpdk's included.
 * "headers" is the default mode with one more step on the TX lcore, jdpdk's TX stage's (TxStage.loadHeaders): before
 * sending an item, it reads the first two cache lines of all its mbufs in one pass (pool, next), so that those misses
 * (the RX lcore wrote the lines) overlap instead of coming one packet at a time inside rte_eth_tx_burst. DPDK's
 * samples do not do this; the bench prints it beside them to show what the step is worth in C.
 * Every mode prints Tx-pps too, the rate of packets sent on.
 *
 * "latency PPS" is the default mode (a burst per rte_ring slot) at a fixed offered load instead of as fast as
 * it goes, measuring each packet's RX-to-TX latency the way jdpdk's pipeline does (Pipeline.Builder.onTxLatency,
 * PipelineScenario's pipeline-latency mode): the RX lcore does one RX round over the ports only when the
 * schedule says so, a round every BURST * ports / PPS seconds on the TSC (a late round runs at once, so the
 * rate holds on average; a loop more than MAX_LATE_MS behind, which only a stopped process is, starts the
 * schedule afresh instead of catching up, and the TX lcore records nothing for SETTLE_MS); it stamps every
 * packet it receives with one rte_rdtsc() per burst in the mbuf dynamic field "jdpdk_dynfield_rx_tsc"; the TX
 * lcore reads the TSC once per item as it takes it, before reading its mbufs, and records the packets' difference in
 * nanoseconds (0 if negative), once per run of packets with the same stamp (a burst) as jdpdk's TX stage tells
 * its listener, in a histogram with HdrHistogram's buckets for 3 significant digits (struct hist below),
 * counting from the third second on (warm-up; jdpdk's side waits 3 s); a packet older than STALE_MS at TX was in
 * flight while the bench had the process stopped (SIGSTOP, taking turns with jdpdk's side) and is counted apart,
 * not recorded. It prints no statistics while it runs (neither does jdpdk's side, whose JIT would compile the
 * printing code on the lcores' CPUs); on SIGINT, the packets sent while recording, and p50, p99, p99.9 and max
 * as HdrHistogram's getValueAtPercentile and getMaxValue would.
 */
#include <string.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_launch.h>
#include <rte_lcore.h>
#include <rte_errno.h>
#include <rte_mbuf.h>
#include <rte_mbuf_dyn.h>
#include <rte_malloc.h>
#include <rte_ring.h>

#define BURST 32
#define RING_SIZE 1024
#define NUM_MBUFS 16383
#define CACHE 250
#define WARMUP_SECONDS 2
/* Latency mode: how late the RX schedule may fall before it starts afresh (a stop, not a stall: this VM's host
 * stalls a vCPU for up to ~8 ms), and the age from which a packet at TX counts as in flight across a stop (the
 * bench's turns are 100 ms). The same numbers as PipelineScenario's. */
#define MAX_LATE_MS 20
#define STALE_MS 50
/* Latency mode: after a resume, nothing is recorded for this long (both programs' threads and caches come back). */
#define SETTLE_MS 5

/*
 * HdrHistogram's bucket layout for values from 1 with 3 significant digits (Histogram(highest, 3) in Java):
 * 2048 sub-buckets, so values below 2048 are exact and every larger value v falls in a bucket of width
 * 2^k where k = floor(log2(v)) - 10, i.e. within 1/1024 of v. Values of 2^34 ns (17 s) or more are counted
 * as 2^34 - 1.
 */
#define HIST_SUB_MAGNITUDE 11
#define HIST_HALF (1 << (HIST_SUB_MAGNITUDE - 1))
#define HIST_BUCKETS 24
#define HIST_MAX ((1ULL << (HIST_BUCKETS + HIST_SUB_MAGNITUDE - 1)) - 1)

struct hist {
	uint64_t counts[(HIST_BUCKETS + 1) * HIST_HALF];
	uint64_t total;
	uint64_t max;
};

static inline unsigned hist_index(uint64_t v)
{
	unsigned bucket = 64 - __builtin_clzll(v | (2 * HIST_HALF - 1)) - HIST_SUB_MAGNITUDE;
	return ((bucket + 1) << (HIST_SUB_MAGNITUDE - 1)) + (unsigned)(v >> bucket) - HIST_HALF;
}

/* The highest value counted at index i (HdrHistogram's highestEquivalentValue(valueFromIndex(i))). */
static uint64_t hist_value(unsigned i)
{
	int bucket = (int)(i >> (HIST_SUB_MAGNITUDE - 1)) - 1;
	uint64_t sub = (i & (HIST_HALF - 1)) + HIST_HALF;
	if (bucket < 0) {
		sub -= HIST_HALF;
		bucket = 0;
	}
	return (sub << bucket) + (1ULL << bucket) - 1;
}

/* Records n values v, as HdrHistogram's recordValueWithCount. */
static inline void hist_record(struct hist *h, uint64_t v, uint64_t n)
{
	if (v > HIST_MAX)
		v = HIST_MAX;
	h->counts[hist_index(v)] += n;
	h->total += n;
	if (v > h->max)
		h->max = v;
}

/* The highest value equivalent to the one at the given percentile, in thousandths of a percent (99.9% =
 * 99900): the count to reach is ceil(p * total), as HdrHistogram's getValueAtPercentile counts it. */
static uint64_t hist_percentile(const struct hist *h, uint64_t milli_percent)
{
	uint64_t want = (milli_percent * h->total + 99999) / 100000, seen = 0;
	if (want == 0)
		want = 1;
	for (unsigned i = 0; i < (HIST_BUCKETS + 1) * HIST_HALF; i++) {
		seen += h->counts[i];
		if (seen >= want)
			return hist_value(i);
	}
	return 0;
}

struct item {
	uint16_t port;
	uint16_t n;
	struct rte_mbuf *pkts[BURST];
};

/* "spsc" mode: a single-producer/single-consumer ring of pointers, RING_SIZE (a power of two) slots. */
struct spsc {
	volatile uint64_t head;  /* written by the producer only */
	uint64_t tail_copy;      /* the producer's copy of tail */
	uint64_t pad1[6];
	volatile uint64_t tail;  /* written by the consumer only */
	uint64_t head_copy;      /* the consumer's copy of head */
	uint64_t pad2[6];
	void *slots[];
};

static struct spsc *spsc_create(void)
{
	struct spsc *q = rte_zmalloc("spsc", sizeof(*q) + RING_SIZE * 2 * sizeof(void *), RTE_CACHE_LINE_SIZE);
	if (q == NULL)
		rte_exit(EXIT_FAILURE, "cannot allocate spsc ring\n");
	return q;
}

static inline int spsc_put(struct spsc *q, void *obj, uint64_t size)
{
	uint64_t h = q->head;
	if (h - q->tail_copy >= size) {
		q->tail_copy = __atomic_load_n(&q->tail, __ATOMIC_ACQUIRE);
		if (h - q->tail_copy >= size)
			return -1;
	}
	q->slots[h & (size - 1)] = obj;
	__atomic_store_n(&q->head, h + 1, __ATOMIC_RELEASE);
	return 0;
}

static inline unsigned spsc_get(struct spsc *q, void **objs, unsigned max, uint64_t size)
{
	uint64_t t = q->tail;
	if (q->head_copy == t) {
		q->head_copy = __atomic_load_n(&q->head, __ATOMIC_ACQUIRE);
		if (q->head_copy == t)
			return 0;
	}
	unsigned n = q->head_copy - t < max ? (unsigned)(q->head_copy - t) : max;
	for (unsigned i = 0; i < n; i++)
		objs[i] = q->slots[(t + i) & (size - 1)];
	__atomic_store_n(&q->tail, t + n, __ATOMIC_RELEASE);
	return n;
}

static volatile int quit;
static int latency_mode;
static volatile int recording;    /* latency mode: set by RX after the warm-up, but for SETTLE_MS after a resume */
static int stamp_offset;          /* latency mode: the RX TSC stamp's mbuf dynamic field */
static double ns_per_tick;
static struct hist *latency;      /* latency mode: written by the TX lcore only */
static uint64_t stale_ticks;      /* latency mode: STALE_MS in TSC ticks */
static uint64_t stale;            /* latency mode: packets older than that at TX (TX lcore only) */
static int spsc_mode;
static int headers_mode;
static volatile uint64_t header_sum; /* "headers" mode: what the TX lcore read, kept so that the loads stay */
static struct spsc *spsc_ring;       /* of struct item *, RX -> TX, in "spsc" mode */
static struct spsc *spsc_free;       /* of struct item *, TX -> RX, in "spsc" mode (2 * RING_SIZE slots) */
static struct rte_ring *mbuf_ring;  /* of struct rte_mbuf *, RX -> TX, in "mbufs" mode */
static struct rte_ring *ring;        /* of struct item *, RX -> TX */
static struct rte_ring *free_items;  /* of struct item *, TX -> RX */

static void on_signal(int sig)
{
	(void)sig;
	quit = 1;
}

static int port_init(uint16_t port, struct rte_mempool *pool)
{
	struct rte_eth_conf conf = {0};
	int rc = rte_eth_dev_configure(port, 1, 1, &conf);
	if (rc == 0)
		rc = rte_eth_rx_queue_setup(port, 0, 1024, rte_eth_dev_socket_id(port), NULL, pool);
	if (rc == 0)
		rc = rte_eth_tx_queue_setup(port, 0, 1024, rte_eth_dev_socket_id(port), NULL);
	if (rc == 0)
		rc = rte_eth_dev_start(port);
	return rc;
}

static int tx_lcore(void *arg)
{
	(void)arg;
	void *objs[BURST];
	while (!quit) {
		unsigned n = spsc_mode ? spsc_get(spsc_ring, objs, BURST, RING_SIZE) :
			rte_ring_dequeue_burst(ring, objs, BURST, NULL);
		for (unsigned i = 0; i < n; i++) {
			struct item *it = objs[i];
			/* latency: the TSC as the item is taken, before its mbufs are read (jdpdk's TxStage too) */
			uint64_t now = latency_mode ? rte_rdtsc() : 0;
			if (headers_mode) {
				uint64_t sum = 0;
				for (unsigned k = 0; k < it->n; k++)
					sum += (uint64_t)it->pkts[k]->pool + (uint64_t)it->pkts[k]->next;
				header_sum = sum;
			}
			if (latency_mode && recording) {
				/* Once per run of packets with the same stamp (a burst), as jdpdk's TxStage tells its listener. */
				uint64_t stamps[BURST];
				for (unsigned k = 0; k < it->n; k++)
					stamps[k] = *RTE_MBUF_DYNFIELD(it->pkts[k], stamp_offset, uint64_t *);
				for (unsigned from = 0, to; from < it->n; from = to) {
					for (to = from + 1; to < it->n && stamps[to] == stamps[from]; to++)
						;
					int64_t ticks = (int64_t)(now - stamps[from]);
					if (ticks >= (int64_t)stale_ticks)
						stale += to - from;
					else
						hist_record(latency, (uint64_t)((ticks < 0 ? 0 : ticks) * ns_per_tick), to - from);
				}
			}
			uint16_t sent = rte_eth_tx_burst(it->port ^ 1, 0, it->pkts, it->n);
			if (sent < it->n)
				rte_pktmbuf_free_bulk(it->pkts + sent, it->n - sent);
		}
		if (n > 0 && spsc_mode)
			for (unsigned i = 0; i < n; i++)
				spsc_put(spsc_free, objs[i], RING_SIZE * 2);
		else if (n > 0)
			rte_ring_enqueue_burst(free_items, objs, n, NULL);
	}
	return 0;
}

/* "mbufs" mode: dequeue up to a burst of mbufs, send those from port 0 to 1 and those from 1 to 0. */
static int tx_mbufs_lcore(void *arg)
{
	(void)arg;
	struct rte_mbuf *pkts[BURST], *out[2][BURST];
	while (!quit) {
		unsigned n = rte_ring_dequeue_burst(mbuf_ring, (void **)pkts, BURST, NULL);
		unsigned k[2] = { 0, 0 };
		for (unsigned i = 0; i < n; i++) {
			uint16_t to = pkts[i]->port ^ 1;
			out[to][k[to]++] = pkts[i];
		}
		for (uint16_t p = 0; p < 2; p++) {
			if (k[p] == 0)
				continue;
			uint16_t sent = rte_eth_tx_burst(p, 0, out[p], k[p]);
			if (sent < k[p])
				rte_pktmbuf_free_bulk(out[p] + sent, k[p] - sent);
		}
	}
	return 0;
}

/* One RX round over every port, a burst per ring slot: an item from free_items, filled, enqueued. */
static void rx_items(uint16_t nb_ports, struct item **held)
{
	for (uint16_t p = 0; p < nb_ports; p++) {
		struct item *it = *held;
		if (it == NULL && (spsc_mode ? spsc_get(spsc_free, (void **)&it, 1, RING_SIZE * 2) != 1 :
				rte_ring_dequeue(free_items, (void **)&it) != 0))
			continue;
		*held = it;
		it->n = rte_eth_rx_burst(p, 0, it->pkts, BURST);
		if (it->n == 0)
			continue;
		it->port = p;
		if (latency_mode) {
			uint64_t tsc = rte_rdtsc();
			for (unsigned k = 0; k < it->n; k++)
				*RTE_MBUF_DYNFIELD(it->pkts[k], stamp_offset, uint64_t *) = tsc;
		}
		if ((spsc_mode ? spsc_put(spsc_ring, it, RING_SIZE) : rte_ring_enqueue(ring, it)) != 0) {
			rte_pktmbuf_free_bulk(it->pkts, it->n); /* ring full: drop, as jdpdk's default */
			continue;
		}
		*held = NULL;
	}
}

/* One RX round over every port in "mbufs" mode: the received mbufs themselves go on the ring. */
static void rx_mbufs(uint16_t nb_ports)
{
	struct rte_mbuf *pkts[BURST];
	for (uint16_t p = 0; p < nb_ports; p++) {
		uint16_t n = rte_eth_rx_burst(p, 0, pkts, BURST);
		unsigned q = rte_ring_enqueue_burst(mbuf_ring, (void **)pkts, n, NULL);
		if (q < n)
			rte_pktmbuf_free_bulk(pkts + q, n - q); /* ring full: drop */
	}
}

static uint64_t sent(uint16_t nb_ports)
{
	uint64_t n = 0;
	for (uint16_t p = 0; p < nb_ports; p++) {
		struct rte_eth_stats st;
		rte_eth_stats_get(p, &st);
		n += st.opackets;
	}
	return n;
}

static void print_stats(uint16_t nb_ports, uint64_t *prev_rx, uint64_t *prev_tx, uint64_t hz, uint64_t cycles)
{
	for (uint16_t p = 0; p < nb_ports; p++) {
		struct rte_eth_stats st;
		rte_eth_stats_get(p, &st);
		uint64_t rx_pps = (st.ipackets - prev_rx[p]) * hz / cycles;
		uint64_t tx_pps = (st.opackets - prev_tx[p]) * hz / cycles;
		prev_rx[p] = st.ipackets;
		prev_tx[p] = st.opackets;
		printf("  ######################## NIC statistics for port %-2d ########################\n", p);
		printf("  RX-packets: %-10" PRIu64 " TX-packets: %-10" PRIu64 "\n", st.ipackets, st.opackets);
		printf("  Rx-pps: %12" PRIu64 "\n", rx_pps);
		printf("  Tx-pps: %12" PRIu64 "\n", tx_pps);
	}
	fflush(stdout);
}

int main(int argc, char **argv)
{
	int eal_args = rte_eal_init(argc, argv);
	if (eal_args < 0)
		rte_exit(EXIT_FAILURE, "rte_eal_init failed\n");
	int mbufs_mode = argc - eal_args > 1 && strcmp(argv[eal_args + 1], "mbufs") == 0;
	spsc_mode = argc - eal_args > 1 && strcmp(argv[eal_args + 1], "spsc") == 0;
	headers_mode = argc - eal_args > 1 && strcmp(argv[eal_args + 1], "headers") == 0;
	latency_mode = argc - eal_args > 2 && strcmp(argv[eal_args + 1], "latency") == 0;
	double offered = latency_mode ? atof(argv[eal_args + 2]) : 0;
	if (latency_mode && offered <= 0)
		rte_exit(EXIT_FAILURE, "latency needs the offered load in packets per second, got %s\n", argv[eal_args + 2]);
	if (latency_mode) {
		static const struct rte_mbuf_dynfield stamp = { .name = "jdpdk_dynfield_rx_tsc", .size = 8, .align = 8 };
		stamp_offset = rte_mbuf_dynfield_register(&stamp);
		latency = rte_zmalloc("latency", sizeof(*latency), RTE_CACHE_LINE_SIZE);
		if (stamp_offset < 0 || latency == NULL)
			rte_exit(EXIT_FAILURE, "cannot register the RX stamp field or allocate the histogram: %s\n",
				rte_strerror(rte_errno));
		ns_per_tick = 1e9 / (double)rte_get_tsc_hz();
		stale_ticks = rte_get_tsc_hz() / 1000 * STALE_MS;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	uint16_t nb_ports = rte_eth_dev_count_avail();
	if (nb_ports != 2 || rte_lcore_count() < 2)
		rte_exit(EXIT_FAILURE, "need 2 ports and 2 lcores\n");
	struct rte_mempool *pool = rte_pktmbuf_pool_create("MBUF_POOL", NUM_MBUFS, CACHE, 0,
		RTE_MBUF_DEFAULT_BUF_SIZE, rte_socket_id());
	ring = rte_ring_create("handoff", RING_SIZE, rte_socket_id(), RING_F_SP_ENQ | RING_F_SC_DEQ);
	free_items = rte_ring_create("items", RING_SIZE * 2, rte_socket_id(), RING_F_SP_ENQ | RING_F_SC_DEQ);
	mbuf_ring = rte_ring_create("mbufs", RING_SIZE * BURST, rte_socket_id(), RING_F_SP_ENQ | RING_F_SC_DEQ);
	if (pool == NULL || ring == NULL || free_items == NULL || mbuf_ring == NULL)
		rte_exit(EXIT_FAILURE, "cannot create pool or rings\n");
	spsc_ring = spsc_create();
	spsc_free = spsc_create();
	for (unsigned i = 0; i < RING_SIZE * 2 - 1; i++) {
		struct item *it = rte_zmalloc("item", sizeof(*it), RTE_CACHE_LINE_SIZE);
		if (spsc_mode)
			spsc_put(spsc_free, it, RING_SIZE * 2);
		else
			rte_ring_enqueue(free_items, it);
	}
	for (uint16_t p = 0; p < nb_ports; p++)
		if (port_init(p, pool) != 0)
			rte_exit(EXIT_FAILURE, "cannot init port %u\n", p);

	rte_eal_remote_launch(mbufs_mode ? tx_mbufs_lcore : tx_lcore, NULL, rte_get_next_lcore(-1, 1, 0));
	uint64_t hz = rte_get_tsc_hz(), last = rte_rdtsc(), prev_rx[2] = {0, 0}, prev_tx[2] = {0, 0};
	/* latency mode: an RX round every `period` ticks from `start` on */
	uint64_t settle_until = 0; /* latency mode: no recording before this TSC (SETTLE_MS after a resume) */
	int warmed = 0;
	uint64_t start = last, next = last, recording_from = 0, sent_before = 0, period = latency_mode ? (uint64_t)(hz * BURST * nb_ports / offered) : 0;
	struct item *it = NULL;
	while (!quit) {
		if (mbufs_mode)
			rx_mbufs(nb_ports);
		else if (!latency_mode)
			rx_items(nb_ports, &it);
		else if ((int64_t)(rte_rdtsc() - next) >= 0) {
			uint64_t t = rte_rdtsc();
			if (t - next > hz / 1000 * MAX_LATE_MS) {
				/* resumed after a stop: start the schedule afresh, and record again once settled */
				next = t;
				settle_until = t + hz / 1000 * SETTLE_MS;
			}
			recording = warmed && (int64_t)(t - settle_until) >= 0;
			rx_items(nb_ports, &it);
			next += period;
		}
		uint64_t now = rte_rdtsc();
		if (latency_mode && !warmed && now - start >= WARMUP_SECONDS * hz) {
			sent_before = sent(nb_ports);
			recording_from = rte_rdtsc();
			warmed = 1;
		}
		if (!latency_mode && now - last >= hz) {
			print_stats(nb_ports, prev_rx, prev_tx, hz, now - last);
			last = now;
		}
	}
	rte_eal_mp_wait_lcore();
	if (latency_mode) {
		double seconds = (double)(rte_rdtsc() - recording_from) / hz;
		uint64_t n = sent(nb_ports) - sent_before;
		printf("Sent while recording: %" PRIu64 " packets in %.3f s, %.0f pps\n", n, seconds, n / seconds);
		printf("Not recorded: %" PRIu64 " packets older than %d ms at TX (in flight while the process was stopped)\n",
			stale, STALE_MS);
	}
	if (latency_mode)
		printf("RX-to-TX latency per packet (ns): p50 %" PRIu64 " p99 %" PRIu64 " p99.9 %" PRIu64 " max %" PRIu64
			" (%" PRIu64 " packets)\n", hist_percentile(latency, 50000), hist_percentile(latency, 99000),
			hist_percentile(latency, 99900), hist_value(hist_index(latency->max)), latency->total);
	if (latency_mode) {
		/* The whole histogram, for the bench to merge runs: each non-empty bucket as its highest value:count. */
		printf("RX-to-TX latency histogram (ns, highest equivalent value:count):");
		for (unsigned i = 0; i < (HIST_BUCKETS + 1) * HIST_HALF; i++)
			if (latency->counts[i] != 0)
				printf(" %" PRIu64 ":%" PRIu64, hist_value(i), latency->counts[i]);
		printf("\n");
	}
	for (uint16_t p = 0; p < nb_ports; p++) {
		rte_eth_dev_stop(p);
		rte_eth_dev_close(p);
	}
	rte_eal_cleanup();
	return 0;
}
