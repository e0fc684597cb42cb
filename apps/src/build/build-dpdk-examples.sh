#!/usr/bin/env bash
# Builds DPDK 22.11's own skeleton (basicfwd.c), l2fwd, l3fwd and packet_ordering sample apps from the sources
# Debian ships in dpdk-doc (/usr/share/dpdk/examples), against the installed DPDK, as their Makefiles do: the
# oracles of jdpdk's skeleton, l2fwd, l3fwd and packet_ordering tests. Without dpdk-doc it says so and builds
# nothing, and the oracle tests then fail on purpose, naming the package (hugepage-setup/install-deps.sh
# --test-tools installs it). A binary is rebuilt when its sources are newer or the installed DPDK's version
# (pkg-config --modversion libdpdk) differs from the one it was built with. DPDK's l3fwd asks
# every port for RX checksum offload, which net_null, net_pcap and net_ring refuse: its test runs
# on net_tap.
# Usage: build-dpdk-examples.sh OUTDIR
set -euo pipefail

OUT=$(realpath -m "${1:?usage: build-dpdk-examples.sh OUTDIR}")
readonly OUT
readonly EXAMPLES=${DPDK_EXAMPLES:-/usr/share/dpdk/examples}

if [[ ! -f "$EXAMPLES/skeleton/basicfwd.c" || ! -f "$EXAMPLES/l2fwd/main.c" || ! -f "$EXAMPLES/l3fwd/main.c" ||
    ! -f "$EXAMPLES/packet_ordering/main.c" ]]; then
    echo "build-dpdk-examples: $EXAMPLES has no skeleton/l2fwd/l3fwd/packet_ordering sources (Debian package dpdk-doc); DPDK's sample apps not built"
    exit 0
fi
if ! DPDK_VERSION=$(pkg-config --modversion libdpdk 2>/dev/null); then
    echo "build-dpdk-examples: pkg-config knows no libdpdk (Debian package libdpdk-dev); DPDK's sample apps not built"
    exit 0
fi
readonly DPDK_VERSION
mkdir -p "$OUT"

# build NAME DIR SOURCE...: compiles DIR's sources into OUT/dpdk-NAME unless it is newer than all
# of them and was built against DPDK_VERSION (OUT/dpdk-NAME.dpdk-version).
build() {
    local name=$1 dir=$2 binary="$OUT/dpdk-$1" src
    shift 2
    if [[ -x "$binary" && "$(cat "$binary.dpdk-version" 2>/dev/null)" == "$DPDK_VERSION" ]]; then
        local stale=0
        for src in "$dir"/*.c "$dir"/*.h; do
            [[ "$src" -nt "$binary" ]] && stale=1
        done
        ((stale)) || return 0
    fi
    echo "build-dpdk-examples: building dpdk-$name from $dir"
    (cd "$dir" && gcc -O3 -DALLOW_EXPERIMENTAL_API -I../common $(pkg-config --cflags libdpdk) "$@" \
        -o "$binary" $(pkg-config --libs libdpdk))
    echo "$DPDK_VERSION" > "$binary.dpdk-version"
}

build skeleton "$EXAMPLES/skeleton" basicfwd.c
build l2fwd "$EXAMPLES/l2fwd" main.c
build l3fwd "$EXAMPLES/l3fwd" main.c l3fwd_acl.c l3fwd_lpm.c l3fwd_fib.c l3fwd_em.c l3fwd_event.c \
    l3fwd_event_generic.c l3fwd_event_internal_port.c
build packet_ordering "$EXAMPLES/packet_ordering" main.c
