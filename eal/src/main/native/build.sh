#!/usr/bin/env bash
# Builds libjdpdk.so, the fast-path shim (jdpdk_shim.c) and the primary's side of packet capture
# (jdpdk_pdump.c), against the installed DPDK (pkg-config libdpdk).
# Called by the Maven build (eal/pom.xml); usage: build.sh OUTPUT_DIR
set -euo pipefail
out=${1:?usage: build.sh OUTPUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
if ! pkg-config --exists libdpdk 2>/dev/null; then
  echo "jdpdk: DPDK development files not found (pkg-config libdpdk failed)." >&2
  echo "jdpdk: install them with: sudo hugepage-setup/install-deps.sh   (Debian: dpdk dpdk-dev libdpdk-dev)" >&2
  exit 1
fi
version=$(pkg-config --modversion libdpdk)
case "$version" in
  22.11*) ;;
  *) echo "jdpdk: DPDK $version installed, jdpdk needs DPDK 22.11 LTS." >&2; exit 1 ;;
esac
mkdir -p "$out"
# --no-as-needed: the shim must pull these libraries in, since Java looks DPDK's exported
# functions up through the shim's handle.
gcc -O3 -fPIC -shared -Wall -Wextra -Werror \
  $(pkg-config --cflags libdpdk) \
  "$here/jdpdk_shim.c" "$here/jdpdk_pdump.c" -o "$out/libjdpdk.so" \
  -Wl,--no-as-needed -lrte_ethdev -lrte_mbuf -lrte_mempool -lrte_ring -lrte_net -lrte_eal -lrte_timer \
  -lrte_lpm -lrte_hash -lrte_kvargs -lrte_pcapng -lrte_bpf -lrte_telemetry -Wl,--as-needed
