/*
 * jdpdk_shim.c: the one place where DPDK's static inline API gets a symbol.
 *
 * DPDK's fast path (rte_eth_rx_burst, rte_eth_tx_burst, rte_pktmbuf_alloc...) is static inline in
 * the headers and so has no symbol that java.lang.foreign could call. Each wrapper below is one
 * call to the inline function, compiled against the installed headers (pkg-config libdpdk) by the
 * Maven build, so the inlined code is exactly the installed DPDK's. Besides the wrappers it holds
 * the offsetof()/sizeof() table that the Java layouts are checked against, and the thread-local
 * rte_errno / lcore id, which Java cannot reach directly.
 *
 * Pointers to mbuf arrays are taken as plain pointers; Java passes them as 64-bit addresses.
 * Port and queue ids are taken as int so that Java never deals with unsigned shorts here.
 *
 * Also three recipes that need C's sizeof and callbacks into DPDK's own functions: a packet pool on anonymous
 * memory, one whose data buffers are pinned in memzones (rte_pktmbuf_pool_create_extbuf, experimental in 22.11,
 * hence ALLOW_EXPERIMENTAL_API), and the list of a pool's memory chunks.
 */
#define ALLOW_EXPERIMENTAL_API 1
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_config.h>
#include <rte_bus.h>
#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_devargs.h>
#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_ethdev.h>
#include <rte_flow.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>
#include <rte_net.h>
#include <rte_ring.h>
#include <rte_malloc.h>
#include <rte_memzone.h>
#include <rte_version.h>

/* ---- ethdev fast path ------------------------------------------------------------------------ */

int jdpdk_rx_burst(int port, int queue, struct rte_mbuf **pkts, int n)
{
	return rte_eth_rx_burst((uint16_t)port, (uint16_t)queue, pkts, (uint16_t)n);
}

int jdpdk_tx_burst(int port, int queue, struct rte_mbuf **pkts, int n)
{
	return rte_eth_tx_burst((uint16_t)port, (uint16_t)queue, pkts, (uint16_t)n);
}

int jdpdk_tx_prepare(int port, int queue, struct rte_mbuf **pkts, int n)
{
	return rte_eth_tx_prepare((uint16_t)port, (uint16_t)queue, pkts, (uint16_t)n);
}

/*
 * ethdev's inline queue queries, for the control path (testpmd's show port N rxq|txq Q desc D status and
 * show port N rxq Q desc used count). The inlines index rte_eth_fp_ops' queue array without a check unless ethdev
 * is built with RTE_ETHDEV_DEBUG_RX/TX: a port or queue past the arrays is refused here with -EINVAL instead.
 */
static int queue_is_set_up(int port, int queue, int rx)
{
	struct rte_eth_dev_info info;

	if (port < 0 || port >= RTE_MAX_ETHPORTS || queue < 0 || queue >= RTE_MAX_QUEUES_PER_PORT)
		return 0;
	if (rte_eth_dev_info_get((uint16_t)port, &info) != 0)
		return 0;
	/* A queue past those configured has a NULL queue pointer, which the NIC drivers' handlers dereference. */
	return queue < (rx ? info.nb_rx_queues : info.nb_tx_queues);
}

int jdpdk_rx_descriptor_status(int port, int queue, int offset)
{
	if (!queue_is_set_up(port, queue, 1))
		return -EINVAL;
	return rte_eth_rx_descriptor_status((uint16_t)port, (uint16_t)queue, (uint16_t)offset);
}

int jdpdk_tx_descriptor_status(int port, int queue, int offset)
{
	if (!queue_is_set_up(port, queue, 0))
		return -EINVAL;
	return rte_eth_tx_descriptor_status((uint16_t)port, (uint16_t)queue, (uint16_t)offset);
}

/* rte_eth_rx_queue_count checks the port and queue ranges itself (and logs), as the status inlines do not. */
int jdpdk_rx_queue_count(int port, int queue)
{
	return rte_eth_rx_queue_count((uint16_t)port, (uint16_t)queue);
}

/* tx_burst, then free what the PMD did not take (basicfwd.c's pattern). Returns the number sent. */
int jdpdk_tx_burst_or_free(int port, int queue, struct rte_mbuf **pkts, int n)
{
	uint16_t sent = rte_eth_tx_burst((uint16_t)port, (uint16_t)queue, pkts, (uint16_t)n);
	if (unlikely(sent < n))
		rte_pktmbuf_free_bulk(pkts + sent, (unsigned int)(n - sent));
	return sent;
}

/* ---- mbuf fast path -------------------------------------------------------------------------- */

struct rte_mbuf *jdpdk_pktmbuf_alloc(struct rte_mempool *mp)
{
	return rte_pktmbuf_alloc(mp);
}

int jdpdk_pktmbuf_alloc_bulk(struct rte_mempool *mp, struct rte_mbuf **pkts, int n)
{
	return rte_pktmbuf_alloc_bulk(mp, pkts, (unsigned int)n);
}

void jdpdk_pktmbuf_free(struct rte_mbuf *m)
{
	rte_pktmbuf_free(m);
}

void jdpdk_pktmbuf_free_bulk(struct rte_mbuf **pkts, int n)
{
	rte_pktmbuf_free_bulk(pkts, (unsigned int)n);
}

void jdpdk_pktmbuf_reset(struct rte_mbuf *m)
{
	rte_pktmbuf_reset(m);
}

int jdpdk_mbuf_refcnt_update(struct rte_mbuf *m, int delta)
{
	return rte_mbuf_refcnt_update(m, (int16_t)delta);
}

/* ---- mempool --------------------------------------------------------------------------------- */

int jdpdk_mempool_size(const struct rte_mempool *mp)
{
	return (int)mp->size;
}

int jdpdk_mempool_cache_size(const struct rte_mempool *mp)
{
	return (int)mp->cache_size;
}

int jdpdk_mempool_socket_id(const struct rte_mempool *mp)
{
	return mp->socket_id;
}

/*
 * A packet mbuf pool on anonymous memory (testpmd's --mp-alloc=anon): rte_mempool_create_empty, then
 * rte_mempool_populate_anon, rte_pktmbuf_pool_init and rte_pktmbuf_init on every mbuf. NULL with rte_errno set.
 */
struct rte_mempool *jdpdk_pktmbuf_pool_create_anon(const char *name, unsigned int n, unsigned int cache_size,
	uint16_t data_room_size, int socket_id, unsigned int flags)
{
	struct rte_mempool *mp = rte_mempool_create_empty(name, n, sizeof(struct rte_mbuf) + data_room_size,
		cache_size, sizeof(struct rte_pktmbuf_pool_private), socket_id, flags);
	if (mp == NULL)
		return NULL;
	if (rte_mempool_populate_anon(mp) == 0) {
		int err = rte_errno != 0 ? rte_errno : ENOMEM;
		rte_mempool_free(mp);
		rte_errno = err;
		return NULL;
	}
	rte_pktmbuf_pool_init(mp, NULL);
	rte_mempool_obj_iter(mp, rte_pktmbuf_init, NULL);
	return mp;
}

void jdpdk_pinned_zones_free(const char *name);

/* testpmd's EXTBUF_ZONE_SIZE: each pinned buffer memzone's size. */
#define JDPDK_EXTBUF_ZONE_SIZE (RTE_PGSIZE_2M - 4 * RTE_CACHE_LINE_SIZE)

/*
 * A packet mbuf pool whose data buffers are pinned in memzones apart from the mbufs (testpmd's --mp-alloc=xbuf:
 * setup_extbuf, then rte_pktmbuf_pool_create_extbuf): memzones "MP_<name>_xb_<i>", IOVA-contiguous, of
 * EXTBUF_ZONE_SIZE each. NULL with rte_errno set, and *buffers_failed 1 when the memzones could not be had (0 when
 * the pool could not be made); the memzones made are freed again on failure.
 */
struct rte_mempool *jdpdk_pktmbuf_pool_create_pinned(const char *name, unsigned int n, unsigned int cache_size,
	uint16_t data_room_size, int socket_id, int *buffers_failed)
{
	unsigned int elt_size = RTE_ALIGN_CEIL(data_room_size, RTE_CACHE_LINE_SIZE);
	unsigned int elt_num = JDPDK_EXTBUF_ZONE_SIZE / elt_size;
	unsigned int zones = (n + elt_num - 1) / elt_num;
	struct rte_pktmbuf_extmem *xmem = calloc(zones, sizeof(*xmem));
	struct rte_mempool *mp = NULL;
	unsigned int i;

	*buffers_failed = 1;
	if (xmem == NULL) {
		rte_errno = ENOMEM;
		return NULL;
	}
	for (i = 0; i < zones; i++) {
		char mz_name[RTE_MEMZONE_NAMESIZE];
		const struct rte_memzone *mz;
		int ret = snprintf(mz_name, sizeof(mz_name), RTE_MEMPOOL_MZ_FORMAT "_xb_%u", name, i);

		if (ret < 0 || ret >= (int)sizeof(mz_name)) {
			rte_errno = ENAMETOOLONG;
			break;
		}
		mz = rte_memzone_reserve(mz_name, JDPDK_EXTBUF_ZONE_SIZE, socket_id,
			RTE_MEMZONE_IOVA_CONTIG | RTE_MEMZONE_1GB | RTE_MEMZONE_SIZE_HINT_ONLY);
		if (mz == NULL) {
			rte_errno = ENOMEM;
			break;
		}
		xmem[i].buf_ptr = mz->addr;
		xmem[i].buf_iova = mz->iova;
		xmem[i].buf_len = JDPDK_EXTBUF_ZONE_SIZE;
		xmem[i].elt_size = elt_size;
	}
	if (i == zones) {
		*buffers_failed = 0;
		mp = rte_pktmbuf_pool_create_extbuf(name, n, cache_size, 0, data_room_size, socket_id, xmem, zones);
	}
	free(xmem);
	if (mp == NULL) {
		int err = rte_errno;

		jdpdk_pinned_zones_free(name);
		rte_errno = err;
	}
	return mp;
}

/* Frees the pinned buffer memzones of pool `name` (after its rte_mempool_free). */
void jdpdk_pinned_zones_free(const char *name)
{
	unsigned int i;

	for (i = 0;; i++) {
		char mz_name[RTE_MEMZONE_NAMESIZE];
		const struct rte_memzone *mz;

		snprintf(mz_name, sizeof(mz_name), RTE_MEMPOOL_MZ_FORMAT "_xb_%u", name, i);
		mz = rte_memzone_lookup(mz_name);
		if (mz == NULL)
			return;
		rte_memzone_free(mz);
	}
}

struct jdpdk_chunks {
	uint64_t *out;
	int max;
	int n;
};

static void jdpdk_chunk(struct rte_mempool *mp, void *opaque, struct rte_mempool_memhdr *memhdr,
	unsigned int mem_idx)
{
	struct jdpdk_chunks *c = opaque;

	RTE_SET_USED(mp);
	RTE_SET_USED(mem_idx);
	if (c->n < c->max) {
		c->out[2 * c->n] = (uint64_t)(uintptr_t)memhdr->addr;
		c->out[2 * c->n + 1] = memhdr->len;
	}
	c->n++;
}

/* The pool's memory chunks (rte_mempool_mem_iter): up to max (address, length) pairs; returns how many it has. */
int jdpdk_mempool_chunks(struct rte_mempool *mp, uint64_t *out, int max)
{
	struct jdpdk_chunks c = { out, max, 0 };

	rte_mempool_mem_iter(mp, jdpdk_chunk, &c);
	return c.n;
}

int jdpdk_pktmbuf_data_room_size(struct rte_mempool *mp)
{
	return rte_pktmbuf_data_room_size(mp);
}

/* ---- ring (io.jdpdk.mempool.MbufRing, and the C reference benchmark's handoff) ----------------- */

int jdpdk_ring_enqueue_burst(struct rte_ring *r, void **objs, int n)
{
	return (int)rte_ring_enqueue_burst(r, objs, (unsigned int)n, NULL);
}

int jdpdk_ring_dequeue_burst(struct rte_ring *r, void **objs, int n)
{
	return (int)rte_ring_dequeue_burst(r, objs, (unsigned int)n, NULL);
}

int jdpdk_ring_count(const struct rte_ring *r)
{
	return (int)rte_ring_count(r);
}

int jdpdk_ring_free_count(const struct rte_ring *r)
{
	return (int)rte_ring_free_count(r);
}

int jdpdk_ring_capacity(const struct rte_ring *r)
{
	return (int)rte_ring_get_capacity(r);
}

/* ---- per-thread EAL state -------------------------------------------------------------------- */

int jdpdk_errno(void)
{
	return rte_errno;
}

int jdpdk_lcore_id(void)
{
	unsigned int id = rte_lcore_id();
	return id == LCORE_ID_ANY ? -1 : (int)id;
}

uint64_t jdpdk_rdtsc(void)
{
	return rte_rdtsc();
}

/* The version the shim was compiled against (year << 8 | month); Java compares it with rte_version(). */
int jdpdk_built_version(void)
{
	return RTE_VER_YEAR << 8 | RTE_VER_MONTH;
}

/* ---- layout table ---------------------------------------------------------------------------- */

struct layout_entry {
	const char *type;
	const char *field; /* NULL: the sizeof() entry for type */
	long value;
};

#define F(t, f) { #t, #f, (long)offsetof(struct t, f) }
#define S(t) { #t, NULL, (long)sizeof(struct t) }
#define E(t, c) { #t, #c, (long)(c) } /* an enumerator's value, looked up as (enum name, constant name) */

static const struct layout_entry layout_table[] = {
	S(rte_devargs), F(rte_devargs, args), F(rte_devargs, name), F(rte_devargs, bus),
	S(rte_dev_iterator),

	S(rte_mp_msg), F(rte_mp_msg, name), F(rte_mp_msg, len_param), F(rte_mp_msg, num_fds), F(rte_mp_msg, param),
	F(rte_mp_msg, fds),
	S(rte_mp_reply), F(rte_mp_reply, nb_sent), F(rte_mp_reply, nb_received), F(rte_mp_reply, msgs),

	S(rte_mbuf),
	F(rte_mbuf, buf_addr), F(rte_mbuf, buf_iova), F(rte_mbuf, data_off), F(rte_mbuf, refcnt),
	F(rte_mbuf, nb_segs), F(rte_mbuf, port), F(rte_mbuf, ol_flags), F(rte_mbuf, packet_type),
	F(rte_mbuf, pkt_len), F(rte_mbuf, data_len), F(rte_mbuf, vlan_tci), F(rte_mbuf, hash),
	F(rte_mbuf, vlan_tci_outer), F(rte_mbuf, buf_len), F(rte_mbuf, pool), F(rte_mbuf, next),
	F(rte_mbuf, tx_offload), F(rte_mbuf, priv_size), F(rte_mbuf, timesync),
	F(rte_mbuf, dynfield1),
	S(rte_mbuf_dynfield),
	F(rte_mbuf_dynfield, name), F(rte_mbuf_dynfield, size), F(rte_mbuf_dynfield, align),
	F(rte_mbuf_dynfield, flags),
	S(rte_net_hdr_lens),
	F(rte_net_hdr_lens, l2_len), F(rte_net_hdr_lens, inner_l2_len), F(rte_net_hdr_lens, l3_len),
	F(rte_net_hdr_lens, inner_l3_len), F(rte_net_hdr_lens, tunnel_len), F(rte_net_hdr_lens, l4_len),
	F(rte_net_hdr_lens, inner_l4_len),

	S(rte_eth_stats),
	F(rte_eth_stats, ipackets), F(rte_eth_stats, opackets), F(rte_eth_stats, ibytes),
	F(rte_eth_stats, obytes), F(rte_eth_stats, imissed), F(rte_eth_stats, ierrors),
	F(rte_eth_stats, oerrors), F(rte_eth_stats, rx_nombuf), F(rte_eth_stats, q_ipackets),
	F(rte_eth_stats, q_opackets), F(rte_eth_stats, q_ibytes), F(rte_eth_stats, q_obytes),
	F(rte_eth_stats, q_errors),

	S(rte_eth_fc_conf),
	F(rte_eth_fc_conf, high_water), F(rte_eth_fc_conf, low_water), F(rte_eth_fc_conf, pause_time),
	F(rte_eth_fc_conf, send_xon), F(rte_eth_fc_conf, mode), F(rte_eth_fc_conf, mac_ctrl_frame_fwd),
	F(rte_eth_fc_conf, autoneg),
	S(rte_eth_rss_reta_entry64),
	F(rte_eth_rss_reta_entry64, mask), F(rte_eth_rss_reta_entry64, reta),

	S(rte_eth_dev_info),
	F(rte_eth_dev_info, device), F(rte_eth_dev_info, driver_name), F(rte_eth_dev_info, if_index),
	F(rte_eth_dev_info, min_mtu), F(rte_eth_dev_info, max_mtu), F(rte_eth_dev_info, dev_flags),
	F(rte_eth_dev_info, min_rx_bufsize), F(rte_eth_dev_info, max_rx_pktlen),
	F(rte_eth_dev_info, max_lro_pkt_size), F(rte_eth_dev_info, max_rx_queues),
	F(rte_eth_dev_info, max_tx_queues), F(rte_eth_dev_info, max_mac_addrs),
	F(rte_eth_dev_info, max_hash_mac_addrs), F(rte_eth_dev_info, max_vfs),
	F(rte_eth_dev_info, max_vmdq_pools), F(rte_eth_dev_info, rx_seg_capa),
	F(rte_eth_dev_info, rx_offload_capa), F(rte_eth_dev_info, tx_offload_capa),
	F(rte_eth_dev_info, rx_queue_offload_capa), F(rte_eth_dev_info, tx_queue_offload_capa),
	F(rte_eth_dev_info, reta_size), F(rte_eth_dev_info, hash_key_size),
	F(rte_eth_dev_info, flow_type_rss_offloads), F(rte_eth_dev_info, default_rxconf),
	F(rte_eth_dev_info, default_txconf), F(rte_eth_dev_info, vmdq_queue_base),
	F(rte_eth_dev_info, vmdq_queue_num), F(rte_eth_dev_info, vmdq_pool_base),
	F(rte_eth_dev_info, rx_desc_lim), F(rte_eth_dev_info, tx_desc_lim),
	F(rte_eth_dev_info, speed_capa), F(rte_eth_dev_info, nb_rx_queues),
	F(rte_eth_dev_info, nb_tx_queues), F(rte_eth_dev_info, max_rx_mempools),
	F(rte_eth_dev_info, default_rxportconf), F(rte_eth_dev_info, default_txportconf),
	F(rte_eth_dev_info, dev_capa), F(rte_eth_dev_info, switch_info),
	F(rte_eth_dev_info, err_handle_mode), F(rte_eth_dev_info, reserved_64s),
	F(rte_eth_dev_info, reserved_ptrs),

	S(rte_eth_rxconf),
	F(rte_eth_rxconf, rx_thresh), F(rte_eth_rxconf, rx_free_thresh), F(rte_eth_rxconf, rx_drop_en),
	F(rte_eth_rxconf, rx_deferred_start), F(rte_eth_rxconf, rx_nseg), F(rte_eth_rxconf, offloads),
	F(rte_eth_rxconf, rx_seg), F(rte_eth_rxconf, rx_mempools), F(rte_eth_rxconf, rx_nmempool),
	S(rte_eth_rxseg_split),
	F(rte_eth_rxseg_split, mp), F(rte_eth_rxseg_split, length), F(rte_eth_rxseg_split, offset),
	F(rte_eth_rxseg_split, proto_hdr),
	{ "rte_eth_rxseg", NULL, (long)sizeof(union rte_eth_rxseg) },
	S(rte_eth_txconf),
	F(rte_eth_txconf, tx_thresh), F(rte_eth_txconf, tx_rs_thresh), F(rte_eth_txconf, tx_free_thresh),
	F(rte_eth_txconf, tx_deferred_start), F(rte_eth_txconf, offloads),
	S(rte_eth_rxq_info),
	F(rte_eth_rxq_info, mp), F(rte_eth_rxq_info, conf), F(rte_eth_rxq_info, scattered_rx),
	F(rte_eth_rxq_info, queue_state), F(rte_eth_rxq_info, nb_desc), F(rte_eth_rxq_info, rx_buf_size),
	F(rte_eth_rxq_info, avail_thresh),
	S(rte_eth_txq_info),
	F(rte_eth_txq_info, conf), F(rte_eth_txq_info, nb_desc), F(rte_eth_txq_info, queue_state),

	S(rte_eth_dev_portconf),
	F(rte_eth_dev_portconf, burst_size), F(rte_eth_dev_portconf, ring_size), F(rte_eth_dev_portconf, nb_queues),
	S(rte_eth_desc_lim),
	F(rte_eth_desc_lim, nb_max), F(rte_eth_desc_lim, nb_min), F(rte_eth_desc_lim, nb_align),
	F(rte_eth_desc_lim, nb_seg_max), F(rte_eth_desc_lim, nb_mtu_seg_max),

	S(rte_eth_conf),
	F(rte_eth_conf, link_speeds), F(rte_eth_conf, rxmode), F(rte_eth_conf, txmode),
	F(rte_eth_conf, lpbk_mode), F(rte_eth_conf, rx_adv_conf), F(rte_eth_conf, tx_adv_conf),
	F(rte_eth_conf, dcb_capability_en), F(rte_eth_conf, intr_conf),

	S(rte_eth_rxmode),
	F(rte_eth_rxmode, mq_mode), F(rte_eth_rxmode, mtu), F(rte_eth_rxmode, max_lro_pkt_size),
	F(rte_eth_rxmode, offloads), F(rte_eth_rxmode, reserved_64s), F(rte_eth_rxmode, reserved_ptrs),

	S(rte_eth_txmode),
	F(rte_eth_txmode, mq_mode), F(rte_eth_txmode, offloads), F(rte_eth_txmode, pvid),
	F(rte_eth_txmode, reserved_64s), F(rte_eth_txmode, reserved_ptrs),

	S(rte_eth_rss_conf),
	F(rte_eth_rss_conf, rss_key), F(rte_eth_rss_conf, rss_key_len), F(rte_eth_rss_conf, rss_hf),

	S(rte_eth_xstat), F(rte_eth_xstat, id), F(rte_eth_xstat, value),
	S(rte_eth_xstat_name), F(rte_eth_xstat_name, name),
	S(rte_ether_addr), F(rte_ether_addr, addr_bytes),
	S(rte_eth_link), F(rte_eth_link, link_speed),
	S(rte_eth_intr_conf),

	/* rte_flow: the rule's structs, the item specs and action confs jdpdk fills, and the enumerators */
	S(rte_flow_attr), F(rte_flow_attr, group), F(rte_flow_attr, priority),
	S(rte_flow_item), F(rte_flow_item, type), F(rte_flow_item, spec), F(rte_flow_item, last),
	F(rte_flow_item, mask),
	S(rte_flow_action), F(rte_flow_action, type), F(rte_flow_action, conf),
	S(rte_flow_error), F(rte_flow_error, type), F(rte_flow_error, cause), F(rte_flow_error, message),
	S(rte_flow_item_eth), F(rte_flow_item_eth, dst), F(rte_flow_item_eth, src), F(rte_flow_item_eth, type),
	S(rte_flow_item_vlan), F(rte_flow_item_vlan, tci), F(rte_flow_item_vlan, inner_type),
	S(rte_flow_item_ipv4), F(rte_flow_item_ipv4, hdr),
	S(rte_ipv4_hdr), F(rte_ipv4_hdr, version_ihl), F(rte_ipv4_hdr, type_of_service),
	F(rte_ipv4_hdr, total_length), F(rte_ipv4_hdr, packet_id), F(rte_ipv4_hdr, fragment_offset),
	F(rte_ipv4_hdr, time_to_live), F(rte_ipv4_hdr, next_proto_id), F(rte_ipv4_hdr, hdr_checksum),
	F(rte_ipv4_hdr, src_addr), F(rte_ipv4_hdr, dst_addr),
	S(rte_flow_item_ipv6), F(rte_flow_item_ipv6, hdr),
	S(rte_ipv6_hdr), F(rte_ipv6_hdr, vtc_flow), F(rte_ipv6_hdr, payload_len), F(rte_ipv6_hdr, proto),
	F(rte_ipv6_hdr, hop_limits), F(rte_ipv6_hdr, src_addr), F(rte_ipv6_hdr, dst_addr),
	S(rte_flow_item_udp), F(rte_flow_item_udp, hdr),
	S(rte_udp_hdr), F(rte_udp_hdr, src_port), F(rte_udp_hdr, dst_port), F(rte_udp_hdr, dgram_len),
	F(rte_udp_hdr, dgram_cksum),
	S(rte_flow_item_tcp), F(rte_flow_item_tcp, hdr),
	S(rte_tcp_hdr), F(rte_tcp_hdr, src_port), F(rte_tcp_hdr, dst_port), F(rte_tcp_hdr, sent_seq),
	F(rte_tcp_hdr, recv_ack), F(rte_tcp_hdr, data_off), F(rte_tcp_hdr, tcp_flags), F(rte_tcp_hdr, rx_win),
	F(rte_tcp_hdr, cksum), F(rte_tcp_hdr, tcp_urp),
	S(rte_flow_action_queue), F(rte_flow_action_queue, index),
	S(rte_flow_action_mark), F(rte_flow_action_mark, id),
	S(rte_flow_action_count), F(rte_flow_action_count, id),
	S(rte_flow_action_jump), F(rte_flow_action_jump, group),
	S(rte_flow_action_rss), F(rte_flow_action_rss, func), F(rte_flow_action_rss, level),
	F(rte_flow_action_rss, types), F(rte_flow_action_rss, key_len), F(rte_flow_action_rss, queue_num),
	F(rte_flow_action_rss, key), F(rte_flow_action_rss, queue),
	S(rte_flow_query_count), F(rte_flow_query_count, hits), F(rte_flow_query_count, bytes),
	S(rte_flow_query_age),
	S(rte_mempool), S(rte_ring), S(rte_malloc_socket_stats),
	F(rte_malloc_socket_stats, heap_totalsz_bytes), F(rte_malloc_socket_stats, heap_freesz_bytes),
	F(rte_malloc_socket_stats, free_count), F(rte_malloc_socket_stats, alloc_count),
	F(rte_malloc_socket_stats, heap_allocsz_bytes),
	S(rte_dev_eeprom_info), F(rte_dev_eeprom_info, data), F(rte_dev_eeprom_info, offset),
	F(rte_dev_eeprom_info, length), F(rte_dev_eeprom_info, magic),
	S(rte_eth_dev_module_info), F(rte_eth_dev_module_info, type), F(rte_eth_dev_module_info, eeprom_len),
	E(rte_ethdev, RTE_ETH_ALL),
	E(rte_eth_event_type, RTE_ETH_EVENT_UNKNOWN), E(rte_eth_event_type, RTE_ETH_EVENT_INTR_LSC),
	E(rte_eth_event_type, RTE_ETH_EVENT_QUEUE_STATE), E(rte_eth_event_type, RTE_ETH_EVENT_INTR_RESET),
	E(rte_eth_event_type, RTE_ETH_EVENT_VF_MBOX), E(rte_eth_event_type, RTE_ETH_EVENT_MACSEC),
	E(rte_eth_event_type, RTE_ETH_EVENT_INTR_RMV), E(rte_eth_event_type, RTE_ETH_EVENT_NEW),
	E(rte_eth_event_type, RTE_ETH_EVENT_DESTROY), E(rte_eth_event_type, RTE_ETH_EVENT_IPSEC),
	E(rte_eth_event_type, RTE_ETH_EVENT_FLOW_AGED), E(rte_eth_event_type, RTE_ETH_EVENT_RX_AVAIL_THRESH),
	E(rte_eth_event_type, RTE_ETH_EVENT_ERR_RECOVERING), E(rte_eth_event_type, RTE_ETH_EVENT_RECOVERY_SUCCESS),
	E(rte_eth_event_type, RTE_ETH_EVENT_RECOVERY_FAILED), E(rte_eth_event_type, RTE_ETH_EVENT_MAX),
	E(rte_flow_item_type, RTE_FLOW_ITEM_TYPE_END), E(rte_flow_item_type, RTE_FLOW_ITEM_TYPE_VOID),
	E(rte_flow_item_type, RTE_FLOW_ITEM_TYPE_ETH), E(rte_flow_item_type, RTE_FLOW_ITEM_TYPE_VLAN),
	E(rte_flow_item_type, RTE_FLOW_ITEM_TYPE_IPV4), E(rte_flow_item_type, RTE_FLOW_ITEM_TYPE_IPV6),
	E(rte_flow_item_type, RTE_FLOW_ITEM_TYPE_UDP), E(rte_flow_item_type, RTE_FLOW_ITEM_TYPE_TCP),
	E(rte_flow_action_type, RTE_FLOW_ACTION_TYPE_END), E(rte_flow_action_type, RTE_FLOW_ACTION_TYPE_VOID),
	E(rte_flow_action_type, RTE_FLOW_ACTION_TYPE_PASSTHRU), E(rte_flow_action_type, RTE_FLOW_ACTION_TYPE_JUMP),
	E(rte_flow_action_type, RTE_FLOW_ACTION_TYPE_MARK), E(rte_flow_action_type, RTE_FLOW_ACTION_TYPE_FLAG),
	E(rte_flow_action_type, RTE_FLOW_ACTION_TYPE_QUEUE), E(rte_flow_action_type, RTE_FLOW_ACTION_TYPE_DROP),
	E(rte_flow_action_type, RTE_FLOW_ACTION_TYPE_COUNT), E(rte_flow_action_type, RTE_FLOW_ACTION_TYPE_RSS),
	E(rte_flow_action_type, RTE_FLOW_ACTION_TYPE_AGE),
	E(rte_flow_conv_op, RTE_FLOW_CONV_OP_ITEM_NAME_PTR), E(rte_flow_conv_op, RTE_FLOW_CONV_OP_ACTION_NAME_PTR),
	E(rte_eth_hash_function, RTE_ETH_HASH_FUNCTION_DEFAULT),
	E(rte_eth_hash_function, RTE_ETH_HASH_FUNCTION_TOEPLITZ),
	E(rte_eth_hash_function, RTE_ETH_HASH_FUNCTION_SIMPLE_XOR),
	E(rte_eth_hash_function, RTE_ETH_HASH_FUNCTION_SYMMETRIC_TOEPLITZ),
	E(rte_flow_error_type, RTE_FLOW_ERROR_TYPE_ACTION), E(rte_flow_error_type, RTE_FLOW_ERROR_TYPE_STATE),
};

/* offsetof(struct type, field), sizeof(struct type) when field is NULL, or -1 when unknown. */
long jdpdk_layout(const char *type, const char *field)
{
	for (size_t i = 0; i < RTE_DIM(layout_table); i++) {
		const struct layout_entry *e = &layout_table[i];
		if (strcmp(e->type, type) != 0)
			continue;
		if (field == NULL ? e->field == NULL : (e->field != NULL && strcmp(e->field, field) == 0))
			return e->value;
	}
	return -1;
}
