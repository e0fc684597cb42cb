/*
 * DPDK's longest-prefix-match tables on the route tables jdpdk's lpm benchmark generates
 * (io.jdpdk.bench.LpmTables writes ipv4.routes and ipv4.keys, or ipv6.*), as functions
 * io.jdpdk.bench.LpmScenario calls through FFM in the same process and on the same thread as its
 * Java lookups, taking turns with them so both see the same machine at the same moments.
 *
 * Tables: rte_lpm and rte_fib (DIR24_8, 4-byte next hops) for IPv4, rte_lpm6 and rte_fib6 (TRIE,
 * 4-byte next hops) for IPv6, each given the same routes in file order, sized by the rule count and
 * the tbl8 groups the file says the routes need. Lookups are the inline fast paths of the 22.11
 * headers, compiled into this library: one at a time (rte_lpm_lookup, rte_lpm6_lookup; rte_fib and
 * rte_fib6 have no single lookup, so a bulk of one) and in bursts of 32 from the key array in place
 * (rte_lpm_lookup_bulk, rte_lpm_lookupx4 as l3fwd's SSE path uses it, rte_fib_lookup_bulk,
 * rte_lpm6_lookup_bulk_func, rte_fib6_lookup_bulk).
 *
 * Every pass folds each result into a checksum in key order: acc = rotl(acc, 5) ^ hop, with
 * 0xffffffff for no route; the Java side folds the same way, so equal checksums mean equal answers.
 *
 * Built by bench/pom.xml into target/native/libjdpdk_bench_lpm.so against pkg-config libdpdk.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_fib.h>
#include <rte_fib6.h>
#include <rte_lpm.h>
#include <rte_lpm6.h>
#include <rte_malloc.h>
#include <rte_memory.h>

#define BURST 32
#define MISS UINT32_MAX
/* Default next hop of the FIBs: the largest a 4-byte entry holds (one bit is the extension flag). */
#define FIB_MISS 0x7fffffffu

enum table { T_LPM, T_FIB, T_LPM6, T_FIB6, T_COUNT };
enum mode { M_SINGLE, M_BULK, M_X4 };

struct route4 {
	uint32_t ip;
	uint8_t depth;
	uint8_t pad[3];
	uint32_t hop;
};

struct route6 {
	uint8_t ip[16];
	uint8_t depth;
	uint8_t pad[3];
	uint32_t hop;
};

static struct route4 *routes4;
static uint32_t nroutes4, groups4;
static uint32_t *keys4;
static uint32_t nkeys4;
static struct route6 *routes6;
static uint32_t nroutes6, groups6;
static uint8_t (*keys6)[16];
static uint32_t nkeys6;

static struct rte_lpm *lpm;
static struct rte_fib *fib;
static struct rte_lpm6 *lpm6;
static struct rte_fib6 *fib6;
static int64_t memory[T_COUNT];

static inline uint64_t
fold(uint64_t acc, uint32_t hop)
{
	return ((acc << 5) | (acc >> 59)) ^ hop;
}

/* Reads u32 count, u32 extra, then count records of size bytes. */
static void *
read_file(const char *dir, const char *name, size_t size, uint32_t *count, uint32_t *extra)
{
	char path[4096];
	uint32_t header[2];
	void *data;
	FILE *f;
	size_t head = extra == NULL ? 1 : 2;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (f == NULL)
		return NULL;
	if (fread(header, 4, head, f) != head) {
		fclose(f);
		return NULL;
	}
	*count = header[0];
	if (extra != NULL)
		*extra = header[1];
	data = malloc((size_t)*count * size);
	if (data != NULL && fread(data, size, *count, f) != *count) {
		free(data);
		data = NULL;
	}
	fclose(f);
	return data;
}

/* Loads the routes and keys of one family (4 or 6) from dir; 0, or -1. */
int
lpm_peer_load(const char *dir, int family)
{
	if (family == 4) {
		routes4 = read_file(dir, "ipv4.routes", sizeof(struct route4), &nroutes4, &groups4);
		keys4 = read_file(dir, "ipv4.keys", 4, &nkeys4, NULL);
		return routes4 && keys4 ? 0 : -1;
	}
	routes6 = read_file(dir, "ipv6.routes", sizeof(struct route6), &nroutes6, &groups6);
	keys6 = read_file(dir, "ipv6.keys", 16, &nkeys6, NULL);
	return routes6 && keys6 ? 0 : -1;
}

static int64_t
heap_bytes(void)
{
	struct rte_malloc_socket_stats stats;
	int64_t total = 0;
	unsigned int i;

	for (i = 0; i < rte_socket_count(); i++)
		if (rte_malloc_get_socket_stats(rte_socket_id_by_idx(i), &stats) == 0)
			total += stats.heap_allocsz_bytes;
	return total;
}

/* Creates the table and adds every route in file order; 0, or a negative errno. */
int
lpm_peer_build(int table)
{
	int64_t before = heap_bytes();
	uint32_t i;
	int rc = 0;

	switch (table) {
	case T_LPM: {
		struct rte_lpm_config config = {
			.max_rules = nroutes4, .number_tbl8s = groups4 + groups4 / 8 + 16 };
		lpm = rte_lpm_create("bench_lpm", SOCKET_ID_ANY, &config);
		if (lpm == NULL)
			return -rte_errno;
		for (i = 0; i < nroutes4 && rc == 0; i++)
			rc = rte_lpm_add(lpm, routes4[i].ip, routes4[i].depth, routes4[i].hop);
		break;
	}
	case T_FIB: {
		struct rte_fib_conf config = {
			.type = RTE_FIB_DIR24_8, .default_nh = FIB_MISS, .max_routes = nroutes4,
			.dir24_8 = { .nh_sz = RTE_FIB_DIR24_8_4B, .num_tbl8 = groups4 + groups4 / 8 + 16 } };
		fib = rte_fib_create("bench_fib", SOCKET_ID_ANY, &config);
		if (fib == NULL)
			return -rte_errno;
		for (i = 0; i < nroutes4 && rc == 0; i++)
			rc = rte_fib_add(fib, routes4[i].ip, routes4[i].depth, routes4[i].hop);
		break;
	}
	case T_LPM6: {
		struct rte_lpm6_config config = {
			.max_rules = nroutes6, .number_tbl8s = groups6 + groups6 / 8 + 16 };
		lpm6 = rte_lpm6_create("bench_lpm6", SOCKET_ID_ANY, &config);
		if (lpm6 == NULL)
			return -rte_errno;
		for (i = 0; i < nroutes6 && rc == 0; i++)
			rc = rte_lpm6_add(lpm6, routes6[i].ip, routes6[i].depth, routes6[i].hop);
		break;
	}
	case T_FIB6: {
		struct rte_fib6_conf config = {
			.type = RTE_FIB6_TRIE, .default_nh = FIB_MISS, .max_routes = nroutes6,
			/* The trie splits a route's range at both ends, each edge taking its own
			 * chain of tbl8 groups: it needs up to twice rte_lpm6's. */
			.trie = { .nh_sz = RTE_FIB6_TRIE_4B, .num_tbl8 = 2 * groups6 + 16 } };
		fib6 = rte_fib6_create("bench_fib6", SOCKET_ID_ANY, &config);
		if (fib6 == NULL)
			return -rte_errno;
		for (i = 0; i < nroutes6 && rc == 0; i++)
			rc = rte_fib6_add(fib6, routes6[i].ip, routes6[i].depth, routes6[i].hop);
		break;
	}
	default:
		return -EINVAL;
	}
	memory[table] = heap_bytes() - before;
	return rc;
}

/* Bytes of DPDK memory the table's build took (malloc heap growth: tables, rules, RIB). */
int64_t
lpm_peer_memory(int table)
{
	return table >= 0 && table < T_COUNT ? memory[table] : -1;
}

void
lpm_peer_free(int table)
{
	switch (table) {
	case T_LPM: rte_lpm_free(lpm); lpm = NULL; break;
	case T_FIB: rte_fib_free(fib); fib = NULL; break;
	case T_LPM6: rte_lpm6_free(lpm6); lpm6 = NULL; break;
	case T_FIB6: rte_fib6_free(fib6); fib6 = NULL; break;
	default: break;
	}
}

static uint64_t
pass_lpm(int mode)
{
	uint64_t acc = 0;
	uint32_t i, j, hop, hops[BURST];

	if (mode == M_SINGLE) {
		for (i = 0; i < nkeys4; i++)
			acc = fold(acc, rte_lpm_lookup(lpm, keys4[i], &hop) == 0 ? hop : MISS);
	} else if (mode == M_BULK) {
		for (i = 0; i + BURST <= nkeys4; i += BURST) {
			rte_lpm_lookup_bulk(lpm, keys4 + i, hops, BURST);
			for (j = 0; j < BURST; j++)
				acc = fold(acc, (hops[j] & RTE_LPM_LOOKUP_SUCCESS) ?
					hops[j] & 0x00ffffff : MISS);
		}
	} else {
		for (i = 0; i + 4 <= nkeys4; i += 4) {
			rte_lpm_lookupx4(lpm, _mm_loadu_si128((const __m128i *)(keys4 + i)), hops, MISS);
			for (j = 0; j < 4; j++)
				acc = fold(acc, hops[j]);
		}
	}
	return acc;
}

static uint64_t
pass_fib(int n)
{
	uint64_t acc = 0, hops[BURST];
	uint32_t i, j;

	for (i = 0; i + n <= nkeys4; i += n) {
		rte_fib_lookup_bulk(fib, keys4 + i, hops, n);
		for (j = 0; j < (uint32_t)n; j++)
			acc = fold(acc, hops[j] == FIB_MISS ? MISS : (uint32_t)hops[j]);
	}
	return acc;
}

static uint64_t
pass_lpm6(int mode)
{
	uint64_t acc = 0;
	uint32_t i, j, hop;
	int32_t hops[BURST];

	if (mode == M_SINGLE) {
		for (i = 0; i < nkeys6; i++)
			acc = fold(acc, rte_lpm6_lookup(lpm6, keys6[i], &hop) == 0 ? hop : MISS);
	} else {
		for (i = 0; i + BURST <= nkeys6; i += BURST) {
			rte_lpm6_lookup_bulk_func(lpm6, keys6 + i, hops, BURST);
			for (j = 0; j < BURST; j++)
				acc = fold(acc, (uint32_t)hops[j]);
		}
	}
	return acc;
}

static uint64_t
pass_fib6(int n)
{
	uint64_t acc = 0, hops[BURST];
	uint32_t i, j;

	for (i = 0; i + n <= nkeys6; i += n) {
		rte_fib6_lookup_bulk(fib6, keys6 + i, hops, n);
		for (j = 0; j < (uint32_t)n; j++)
			acc = fold(acc, hops[j] == FIB_MISS ? MISS : (uint32_t)hops[j]);
	}
	return acc;
}

/*
 * Looks up every key of the table's family, passes times, one at a time (mode 0), in bursts of 32
 * (mode 1) or four at a time with rte_lpm_lookupx4 (mode 2, rte_lpm only). Returns the checksum of the
 * last pass (every pass gives the same), 0 for a table not built.
 */
uint64_t
lpm_peer_run(int table, int mode, int passes)
{
	uint64_t acc = 0;
	int p;

	for (p = 0; p < passes; p++) {
		switch (table) {
		case T_LPM: acc = lpm == NULL ? 0 : pass_lpm(mode); break;
		case T_FIB: acc = fib == NULL ? 0 : pass_fib(mode == M_SINGLE ? 1 : BURST); break;
		case T_LPM6: acc = lpm6 == NULL ? 0 : pass_lpm6(mode); break;
		case T_FIB6: acc = fib6 == NULL ? 0 : pass_fib6(mode == M_SINGLE ? 1 : BURST); break;
		default: return 0;
		}
	}
	return acc;
}

