/*
 * jdpdk_pdump.c: the primary's side of DPDK 22.11's packet capture (lib/pdump/rte_pdump.c: the "mp_pdump"
 * request handler, the RX/TX callbacks that copy packets into dumpcap's ring, the "rte_pdump_stats" memzone),
 * with the fix that later DPDK releases made to it: a capture is disabled only once no lcore is inside its
 * callback any more.
 *
 * DPDK 22.11's pdump removes a callback and answers dpdk-dumpcap at once; dumpcap then frees the ring and the
 * mempool the callback copies into. An lcore preempted inside the callback resumes on freed memory and dies
 * (SIGSEGV in rte_pcapng_copy, rte_pktmbuf_free_bulk, ...): jdpdk's skeleton and DPDK's own C skeleton alike,
 * under traffic, when dumpcap detaches. Later DPDK counts the callback's users (a use_count, odd while an lcore
 * is inside) and waits for it to be even before answering. This file does the same, and also closes the window
 * between an lcore loading the callback pointer and entering the callback: DISABLE marks the capture stopped
 * before it waits, each callback checks the mark after announcing itself, and a full fence on both sides makes
 * at least one of them see the other (an lcore that sees the mark copies nothing).
 *
 * Everything else is 22.11's: the request and response layouts (dumpcap and dpdk-pdump of the installed DPDK
 * send them), the checks and their log lines, V1 (rte_pktmbuf_copy) and V2 (pcapng) copies, BPF filters, and
 * the statistics memzone that rte_pdump_stats() reads from the secondary. jdpdk_pdump_init() replaces
 * rte_pdump_init() in a jdpdk primary. Licence of the code adapted from DPDK: BSD-3-Clause, Intel Corporation.
 */
/* rte_pcapng_copy is experimental in 22.11, as 22.11's own pdump uses it. */
#define ALLOW_EXPERIMENTAL_API

#include <errno.h>
#include <stdint.h>
#include <string.h>

#include <rte_bpf.h>
#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_errno.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_log.h>
#include <rte_mbuf.h>
#include <rte_memzone.h>
#include <rte_pause.h>
#include <rte_pcapng.h>
#include <rte_pdump.h>
#include <rte_ring.h>
#include <rte_string_fns.h>

#define PDUMP_MP "mp_pdump"
#define PDUMP_LOG(level, fmt, args...) RTE_LOG(level, USER1, "jdpdk pdump: %s(): " fmt, __func__, ## args)

enum pdump_operation { DISABLE = 1, ENABLE = 2 };

enum pdump_version { V1 = 1, V2 = 2 };

/* DPDK 22.11's request and response, as its dumpcap and pdump send and read them. */
struct pdump_request {
	uint16_t ver;
	uint16_t op;
	uint32_t flags;
	char device[RTE_DEV_NAME_MAX_LEN];
	uint16_t queue;
	struct rte_ring *ring;
	struct rte_mempool *mp;
	const struct rte_bpf_prm *prm;
	uint32_t snaplen;
};

struct pdump_response {
	uint16_t ver;
	uint16_t res_op;
	int32_t err_value;
};

static struct pdump_rxtx_cbs {
	struct rte_ring *ring;
	struct rte_mempool *mp;
	const struct rte_eth_rxtx_callback *cb;
	const struct rte_bpf *filter;
	enum pdump_version ver;
	uint32_t snaplen;
	/* Odd while an lcore is inside the callback; written by that lcore only (one lcore per queue). */
	uint32_t use_count;
	/* Set by DISABLE before it waits: a callback that sees it copies nothing. */
	uint32_t stopped;
} rx_cbs[RTE_MAX_ETHPORTS][RTE_MAX_QUEUES_PER_PORT], tx_cbs[RTE_MAX_ETHPORTS][RTE_MAX_QUEUES_PER_PORT];

/* 22.11's layout of the "rte_pdump_stats" memzone, which rte_pdump_stats() reads in the secondary. */
static const char MZ_RTE_PDUMP_STATS[] = "rte_pdump_stats";
static struct {
	struct rte_pdump_stats rx[RTE_MAX_ETHPORTS][RTE_MAX_QUEUES_PER_PORT];
	struct rte_pdump_stats tx[RTE_MAX_ETHPORTS][RTE_MAX_QUEUES_PER_PORT];
	const struct rte_memzone *mz;
} *pdump_stats;

/* Announces the lcore inside the callback; false (and announced out again) when the capture is stopping. */
static inline int pdump_cb_hold(struct pdump_rxtx_cbs *cbs)
{
	__atomic_store_n(&cbs->use_count, cbs->use_count + 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (unlikely(__atomic_load_n(&cbs->stopped, __ATOMIC_ACQUIRE))) {
		__atomic_store_n(&cbs->use_count, cbs->use_count + 1, __ATOMIC_RELEASE);
		return 0;
	}
	return 1;
}

static inline void pdump_cb_release(struct pdump_rxtx_cbs *cbs)
{
	__atomic_store_n(&cbs->use_count, cbs->use_count + 1, __ATOMIC_RELEASE);
}

/*
 * DISABLE, after the callback is removed: no lcore inside it, and none that enters will copy. Gives up after
 * PDUMP_WAIT_S with an error (an lcore gone for that long, or two threads polling one queue, which DPDK forbids):
 * dumpcap's request times out after 5 s and it frees the ring and pool anyway.
 */
#define PDUMP_WAIT_S 4
static int pdump_cb_wait(struct pdump_rxtx_cbs *cbs)
{
	const uint64_t deadline = rte_get_timer_cycles() + PDUMP_WAIT_S * rte_get_timer_hz();

	__atomic_store_n(&cbs->stopped, 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	while (__atomic_load_n(&cbs->use_count, __ATOMIC_ACQUIRE) & 1) {
		if (rte_get_timer_cycles() > deadline) {
			PDUMP_LOG(ERR, "an lcore has been inside a capture callback for %d s\n", PDUMP_WAIT_S);
			return -EBUSY;
		}
		rte_pause();
	}
	return 0;
}

#define PDUMP_BURST_SIZE 32

/*
 * 22.11's pdump_copy, in chunks of PDUMP_BURST_SIZE on fixed arrays (as later DPDK does; a burst may be far larger
 * than the lcore's stack would hold in 22.11's arrays sized by it): a copy of each packet the filter passes into
 * the ring; what does not fit is freed.
 */
static void pdump_copy_burst(uint16_t port_id, uint16_t queue, enum rte_pcapng_direction direction,
	struct rte_mbuf **pkts, uint16_t nb_pkts, const struct pdump_rxtx_cbs *cbs, struct rte_pdump_stats *stats,
	uint64_t ts)
{
	unsigned int i;
	int ring_enq;
	uint16_t d_pkts = 0;
	struct rte_mbuf *dup_bufs[PDUMP_BURST_SIZE];
	uint64_t rcs[PDUMP_BURST_SIZE];
	struct rte_mbuf *p;

	if (cbs->filter)
		rte_bpf_exec_burst(cbs->filter, (void **)pkts, rcs, nb_pkts);

	for (i = 0; i < nb_pkts; i++) {
		/* socket filter convention: 0 means the packet does not match */
		if (cbs->filter && rcs[i] == 0) {
			__atomic_fetch_add(&stats->filtered, 1, __ATOMIC_RELAXED);
			continue;
		}
		if (cbs->ver == V2)
			p = rte_pcapng_copy(port_id, queue, pkts[i], cbs->mp, cbs->snaplen, ts, direction);
		else
			p = rte_pktmbuf_copy(pkts[i], cbs->mp, 0, cbs->snaplen);
		if (unlikely(p == NULL))
			__atomic_fetch_add(&stats->nombuf, 1, __ATOMIC_RELAXED);
		else
			dup_bufs[d_pkts++] = p;
	}
	if (d_pkts == 0)
		return;

	__atomic_fetch_add(&stats->accepted, d_pkts, __ATOMIC_RELAXED);

	ring_enq = rte_ring_enqueue_burst(cbs->ring, (void *)&dup_bufs[0], d_pkts, NULL);
	if (unlikely(ring_enq < d_pkts)) {
		unsigned int drops = d_pkts - ring_enq;

		__atomic_fetch_add(&stats->ringfull, drops, __ATOMIC_RELAXED);
		rte_pktmbuf_free_bulk(&dup_bufs[ring_enq], drops);
	}
}

static void pdump_copy(uint16_t port_id, uint16_t queue, enum rte_pcapng_direction direction,
	struct rte_mbuf **pkts, uint16_t nb_pkts, const struct pdump_rxtx_cbs *cbs, struct rte_pdump_stats *stats)
{
	const uint64_t ts = rte_get_tsc_cycles();
	uint16_t offs;

	for (offs = 0; offs < nb_pkts; offs += PDUMP_BURST_SIZE)
		pdump_copy_burst(port_id, queue, direction, &pkts[offs], RTE_MIN(nb_pkts - offs, PDUMP_BURST_SIZE),
			cbs, stats, ts);
}

static uint16_t pdump_rx(uint16_t port, uint16_t queue, struct rte_mbuf **pkts, uint16_t nb_pkts,
	uint16_t max_pkts __rte_unused, void *user_params)
{
	struct pdump_rxtx_cbs *cbs = user_params;

	if (nb_pkts > 0 && pdump_cb_hold(cbs)) {
		pdump_copy(port, queue, RTE_PCAPNG_DIRECTION_IN, pkts, nb_pkts, cbs, &pdump_stats->rx[port][queue]);
		pdump_cb_release(cbs);
	}
	return nb_pkts;
}

static uint16_t pdump_tx(uint16_t port, uint16_t queue, struct rte_mbuf **pkts, uint16_t nb_pkts,
	void *user_params)
{
	struct pdump_rxtx_cbs *cbs = user_params;

	if (nb_pkts > 0 && pdump_cb_hold(cbs)) {
		pdump_copy(port, queue, RTE_PCAPNG_DIRECTION_OUT, pkts, nb_pkts, cbs, &pdump_stats->tx[port][queue]);
		pdump_cb_release(cbs);
	}
	return nb_pkts;
}

/*
 * Stops one callback: removed from the queue (unless gone with its port), then waited for. Its slot is free
 * afterwards even when the removal failed: the callback, if DPDK still calls it, copies nothing.
 */
static int pdump_cb_stop(int rx, uint16_t port, uint16_t qid, struct pdump_rxtx_cbs *cbs)
{
	int ret = rx ? rte_eth_remove_rx_callback(port, qid, cbs->cb) : rte_eth_remove_tx_callback(port, qid, cbs->cb);
	int waited;

	if (ret < 0)
		PDUMP_LOG(ERR, "failed to remove %s callback, errno=%d\n", rx ? "rx" : "tx", -ret);
	waited = pdump_cb_wait(cbs);
	cbs->cb = NULL;
	return ret < 0 ? ret : waited;
}

/*
 * 22.11's pdump_register_rx_callbacks and pdump_register_tx_callbacks in one, with the wait on DISABLE. ENABLE
 * stops at the first error, as 22.11 does; DISABLE goes through every queue and returns the first error, since
 * the client frees the ring and pool whatever the answer.
 */
static int pdump_register_callbacks(int rx, enum pdump_version ver, uint16_t end_q, uint16_t port,
	uint16_t queue, struct rte_ring *ring, struct rte_mempool *mp, struct rte_bpf *filter, uint16_t operation,
	uint32_t snaplen)
{
	const char *dir = rx ? "rx" : "tx";
	uint16_t qid = (queue == RTE_PDUMP_ALL_QUEUES) ? 0 : queue;
	int first = 0;

	for (; qid < end_q; qid++) {
		struct pdump_rxtx_cbs *cbs = rx ? &rx_cbs[port][qid] : &tx_cbs[port][qid];

		if (operation == ENABLE) {
			if (cbs->cb) {
				PDUMP_LOG(ERR, "%s callback for port=%d queue=%d, already exists\n", dir, port, qid);
				return -EEXIST;
			}
			cbs->ver = ver;
			cbs->ring = ring;
			cbs->mp = mp;
			cbs->snaplen = snaplen;
			cbs->filter = filter;
			__atomic_store_n(&cbs->stopped, 0, __ATOMIC_RELEASE);
			cbs->cb = rx ? rte_eth_add_first_rx_callback(port, qid, pdump_rx, cbs) :
				rte_eth_add_tx_callback(port, qid, pdump_tx, cbs);
			if (cbs->cb == NULL) {
				int err = rte_errno;

				PDUMP_LOG(ERR, "failed to add %s callback, errno=%d\n", dir, err);
				pdump_cb_wait(cbs); /* stopped again, for a callback left from an earlier capture */
				return -err;
			}
			/* a new capture counts from 0 (22.11.8: "pdump: clear statistics when enabled") */
			memset(rx ? &pdump_stats->rx[port][qid] : &pdump_stats->tx[port][qid], 0,
				sizeof(struct rte_pdump_stats));
		} else if (operation == DISABLE) {
			int ret;

			if (cbs->cb == NULL) {
				PDUMP_LOG(ERR, "no existing %s callback for port=%d queue=%d\n", dir, port, qid);
				ret = -EINVAL;
			} else {
				ret = pdump_cb_stop(rx, port, qid, cbs);
			}
			if (ret < 0 && first == 0)
				first = ret;
		}
	}
	return first;
}

/* 22.11's set_pdump_rxtx_cbs. */
static int set_pdump_rxtx_cbs(const struct pdump_request *p)
{
	uint16_t nb_rx_q = 0, nb_tx_q = 0, end_q;
	uint16_t port;
	int ret, tx;
	struct rte_bpf *filter = NULL;

	if (!(p->ver == V1 || p->ver == V2)) {
		PDUMP_LOG(ERR, "incorrect client version %u\n", p->ver);
		return -EINVAL;
	}
	if (p->prm) {
		if (p->prm->prog_arg.type != RTE_BPF_ARG_PTR_MBUF) {
			PDUMP_LOG(ERR, "invalid BPF program type: %u\n", p->prm->prog_arg.type);
			return -EINVAL;
		}
		filter = rte_bpf_load(p->prm);
		if (filter == NULL) {
			PDUMP_LOG(ERR, "cannot load BPF filter: %s\n", rte_strerror(rte_errno));
			return -rte_errno;
		}
	}
	if (p->queue != RTE_PDUMP_ALL_QUEUES && p->queue >= RTE_MAX_QUEUES_PER_PORT) {
		PDUMP_LOG(ERR, "invalid queue %u\n", p->queue);
		return -EINVAL;
	}
	ret = rte_eth_dev_get_port_by_name(p->device, &port);
	if (ret < 0) {
		PDUMP_LOG(ERR, "failed to get port id for device id=%s\n", p->device);
		return -EINVAL;
	}
	if (p->queue == RTE_PDUMP_ALL_QUEUES) {
		struct rte_eth_dev_info dev_info;

		ret = rte_eth_dev_info_get(port, &dev_info);
		if (ret != 0) {
			PDUMP_LOG(ERR, "Error during getting device (port %u) info: %s\n", port, strerror(-ret));
			return ret;
		}
		nb_rx_q = dev_info.nb_rx_queues;
		nb_tx_q = dev_info.nb_tx_queues;
		if (nb_rx_q == 0 && p->flags & RTE_PDUMP_FLAG_RX) {
			PDUMP_LOG(ERR, "number of rx queues cannot be 0\n");
			return -EINVAL;
		}
		if (nb_tx_q == 0 && p->flags & RTE_PDUMP_FLAG_TX) {
			PDUMP_LOG(ERR, "number of tx queues cannot be 0\n");
			return -EINVAL;
		}
		if ((nb_tx_q == 0 || nb_rx_q == 0) && p->flags == RTE_PDUMP_FLAG_RXTX) {
			PDUMP_LOG(ERR, "both tx&rx queues must be non zero\n");
			return -EINVAL;
		}
	}
	ret = 0;
	if (p->flags & RTE_PDUMP_FLAG_RX) {
		end_q = (p->queue == RTE_PDUMP_ALL_QUEUES) ? nb_rx_q : p->queue + 1;
		ret = pdump_register_callbacks(1, p->ver, end_q, port, p->queue, p->ring, p->mp, filter, p->op,
			p->snaplen);
		if (ret < 0 && p->op == ENABLE)
			return ret;
	}
	if (p->flags & RTE_PDUMP_FLAG_TX) {
		end_q = (p->queue == RTE_PDUMP_ALL_QUEUES) ? nb_tx_q : p->queue + 1;
		tx = pdump_register_callbacks(0, p->ver, end_q, port, p->queue, p->ring, p->mp, filter, p->op,
			p->snaplen);
		if (ret == 0)
			ret = tx;
	}
	return ret;
}

/* 22.11's pdump_server: one request from dumpcap or pdump, one response. */
static int pdump_server(const struct rte_mp_msg *mp_msg, const void *peer)
{
	struct rte_mp_msg mp_resp;
	const struct pdump_request *cli_req;
	struct pdump_response *resp = (struct pdump_response *)&mp_resp.param;

	memset(&mp_resp, 0, sizeof(mp_resp));
	if (mp_msg->len_param != sizeof(*cli_req)) {
		PDUMP_LOG(ERR, "failed to recv from client\n");
		resp->err_value = -EINVAL;
	} else {
		cli_req = (const struct pdump_request *)mp_msg->param;
		resp->ver = cli_req->ver;
		resp->res_op = cli_req->op;
		resp->err_value = set_pdump_rxtx_cbs(cli_req);
	}
	rte_strscpy(mp_resp.name, PDUMP_MP, RTE_MP_MAX_NAME_LEN);
	mp_resp.len_param = sizeof(*resp);
	mp_resp.num_fds = 0;
	if (rte_mp_reply(&mp_resp, peer) < 0) {
		PDUMP_LOG(ERR, "failed to send to client:%s\n", strerror(rte_errno));
		return -1;
	}
	return 0;
}

/* rte_pdump_init() for a jdpdk primary: returns 0, or -1 with rte_errno set. */
int jdpdk_pdump_init(void)
{
	const struct rte_memzone *mz;
	int ret;

	mz = rte_memzone_reserve(MZ_RTE_PDUMP_STATS, sizeof(*pdump_stats), rte_socket_id(), 0);
	if (mz == NULL) {
		PDUMP_LOG(ERR, "cannot allocate pdump statistics\n");
		rte_errno = ENOMEM;
		return -1;
	}
	pdump_stats = mz->addr;
	pdump_stats->mz = mz;

	ret = rte_mp_action_register(PDUMP_MP, pdump_server);
	if (ret && rte_errno != ENOTSUP)
		return -1;
	return 0;
}

/*
 * Stops every capture on port {@code port} (all queues, both directions), before the port closes: a callback left
 * on a closed port id would come back with the next port of that id, copying into a ring dumpcap freed. Returns 0,
 * or the first error.
 */
int jdpdk_pdump_port_closing(int port)
{
	uint16_t qid;
	int first = 0, ret;

	if (port < 0 || port >= RTE_MAX_ETHPORTS)
		return -EINVAL;
	for (qid = 0; qid < RTE_MAX_QUEUES_PER_PORT; qid++) {
		if (rx_cbs[port][qid].cb != NULL && (ret = pdump_cb_stop(1, port, qid, &rx_cbs[port][qid])) < 0 &&
				first == 0)
			first = ret;
		if (tx_cbs[port][qid].cb != NULL && (ret = pdump_cb_stop(0, port, qid, &tx_cbs[port][qid])) < 0 &&
				first == 0)
			first = ret;
	}
	return first;
}

/* rte_pdump_uninit(): no more requests, every capture stopped, the statistics memzone freed. */
int jdpdk_pdump_uninit(void)
{
	int port;

	rte_mp_action_unregister(PDUMP_MP);
	for (port = 0; port < RTE_MAX_ETHPORTS; port++)
		jdpdk_pdump_port_closing(port);
	if (pdump_stats != NULL) {
		rte_memzone_free(pdump_stats->mz);
		pdump_stats = NULL;
	}
	return 0;
}
