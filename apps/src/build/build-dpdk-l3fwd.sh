#!/usr/bin/env bash
# Builds the C peer of `bench l3fwd` and the oracle of the apps module's L3fwdDifferentialTest: DPDK 22.11's own
# examples/l3fwd from the sources Debian ships in dpdk-doc (/usr/share/dpdk/examples), against the installed DPDK,
# -O3 as its Makefile does, with one change: the RX offloads it asks for are masked by what the port can do. DPDK's l3fwd asks every port for
# RTE_ETH_RX_OFFLOAD_CHECKSUM (port_conf.rxmode.offloads in main.c) and rte_eth_dev_configure refuses a port
# without it, such as net_pcap ("Cannot configure device: err=-22"). Its forwarding path never reads the
# checksum flags (the RFC 1812 checks are done in software), so on net_pcap the relaxed copy forwards exactly as
# DPDK's l3fwd would on a NIC that checks checksums and finds none bad.
#
# The binary goes to OUTDIR/dpdk-l3fwd-relaxed, the patched copy of the sources to OUTDIR/dpdk-l3fwd-relaxed-src
# (with relaxed.diff, the change). It is rebuilt only when DPDK's sources or this script are newer, or the
# installed DPDK's version (pkg-config --modversion libdpdk) differs from the one it was built with. Without
# dpdk-doc or libdpdk-dev it says so and builds nothing; `bench l3fwd` then stops naming the package, and the test
# fails naming it (or is skipped outside ./jdpdk test, as the other oracle tests are).
# Usage: build-dpdk-l3fwd.sh OUTDIR
set -euo pipefail

OUT=$(realpath -m "${1:?usage: build-dpdk-l3fwd.sh OUTDIR}")
readonly OUT
readonly EXAMPLES=${DPDK_EXAMPLES:-/usr/share/dpdk/examples}
readonly BINARY=$OUT/dpdk-l3fwd-relaxed
readonly SRC=$OUT/dpdk-l3fwd-relaxed-src
readonly SOURCES=(main.c l3fwd_acl.c l3fwd_lpm.c l3fwd_fib.c l3fwd_em.c l3fwd_event.c l3fwd_event_generic.c
    l3fwd_event_internal_port.c)

if [[ ! -f "$EXAMPLES/l3fwd/main.c" ]]; then
    echo "build-dpdk-l3fwd: $EXAMPLES has no l3fwd sources (Debian package dpdk-doc); DPDK's l3fwd not built"
    exit 0
fi
if ! DPDK_VERSION=$(pkg-config --modversion libdpdk 2>/dev/null); then
    echo "build-dpdk-l3fwd: pkg-config knows no libdpdk (Debian package libdpdk-dev); DPDK's l3fwd not built"
    exit 0
fi
readonly DPDK_VERSION

if [[ -x "$BINARY" && "$(cat "$BINARY.dpdk-version" 2>/dev/null)" == "$DPDK_VERSION" ]]; then
    stale=0
    for src in "$EXAMPLES"/l3fwd/* "$EXAMPLES"/common/* "${BASH_SOURCE[0]}"; do
        [[ "$src" -nt "$BINARY" ]] && stale=1
    done
    ((stale)) || exit 0
fi

echo "build-dpdk-l3fwd: building $BINARY from $EXAMPLES/l3fwd (RX offloads masked by the port's capabilities)"
rm -rf "$SRC"
mkdir -p "$SRC"
cp -r "$EXAMPLES/l3fwd" "$EXAMPLES/common" "$SRC/"
chmod -R u+w "$SRC"
main=$SRC/l3fwd/main.c

# patch PATTERN SED-EXPRESSION: applies the expression to main.c and checks it changed exactly the one line the
# pattern finds, so a DPDK whose main.c reads otherwise stops the build instead of measuring something else.
patch_main() {
    local pattern=$1 expression=$2 before
    if [[ $(grep -cP -- "$pattern" "$main") != 1 ]]; then
        echo "build-dpdk-l3fwd: $main has not exactly one line matching '$pattern'; cannot relax it" >&2
        exit 1
    fi
    before=$(md5sum <"$main")
    sed -i -e "$expression" "$main"
    [[ $(md5sum <"$main") != "$before" ]] || { echo "build-dpdk-l3fwd: '$expression' changed nothing" >&2; exit 1; }
}
# The port: ask only for the RX offloads it has (next to l3fwd's own masking of the RSS hash functions).
patch_main '^\t\tlocal_port_conf.rx_adv_conf.rss_conf.rss_hf &=$' \
    's/^\(\t\tlocal_port_conf.rx_adv_conf.rss_conf.rss_hf &=\)$/\t\tlocal_port_conf.rxmode.offloads \&= dev_info.rx_offload_capa;\n\1/'
# Its RX queues alike (rte_eth_rx_queue_setup refuses queue offloads the port has not got).
patch_main '^\t\t\trxq_conf.offloads = port_conf.rxmode.offloads;$' \
    's/^\(\t\t\trxq_conf.offloads = port_conf.rxmode.offloads\);$/\1 \& dev_info.rx_offload_capa;/'
diff -u "$EXAMPLES/l3fwd/main.c" "$main" >"$SRC/relaxed.diff" || true

(cd "$SRC/l3fwd" && gcc -O3 -DALLOW_EXPERIMENTAL_API -I../common $(pkg-config --cflags libdpdk) "${SOURCES[@]}" \
    -o "$BINARY" $(pkg-config --libs libdpdk))
echo "$DPDK_VERSION" >"$BINARY.dpdk-version"
