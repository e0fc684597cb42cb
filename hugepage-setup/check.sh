#!/usr/bin/env bash
# Reports, without changing anything, what jdpdk needs on this machine and what is missing.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly HERE
readonly WANT_DPDK=22.11
readonly WANT_HUGE_MB=1024

usage() {
    cat <<USAGE
usage: $(basename "$0")

Prints one line per requirement, "ok" or "MISSING" with what to do, and changes
nothing. Exits 0 when what the virtual-port demo and the tests need is there
(JDK, Maven, C toolchain, DPDK $WANT_DPDK, hugepages), else 1. Real NICs
additionally need an IOMMU and vfio-pci (or RDMA devices for mlx5); those lines
are reported but do not affect the exit code.
USAGE
}

case "${1:-}" in
    "") ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; printf 'jdpdk: unknown argument: %s\n' "$1" >&2; exit 1 ;;
esac

failed=0

ok() { printf 'ok       %-16s %s\n' "$1" "$2"; }
# missing NAME WHAT-TO-DO [optional]: optional items do not fail the check.
missing() {
    printf 'MISSING  %-16s %s\n' "$1" "$2"
    [[ "${3:-}" == optional ]] || failed=1
}

read_count() {
    local value
    value=$(cat "$1" 2>/dev/null || echo 0)
    echo "${value:-0}"
}

# JDK
if jdk=$("$HERE/find-jdk.sh" 2>/dev/null); then
    ok "JDK 25" "$jdk"
else
    missing "JDK 25" "install a JDK 25 or newer (e.g. Temurin 25) under /usr/lib/jvm, or set JAVA_HOME"
fi

# Maven and the C toolchain, which the build needs
if mvn_path=$(command -v mvn); then
    ok "Maven" "$mvn_path"
else
    missing "Maven" "install Maven 3.8 or newer: apt-get install maven"
fi
if command -v gcc >/dev/null && command -v pkg-config >/dev/null; then
    ok "gcc, pkg-config" "$(command -v gcc), $(command -v pkg-config)"
else
    missing "gcc, pkg-config" "run: $HERE/install-deps.sh"
fi

# DPDK
dpdk_version=$(pkg-config --modversion libdpdk 2>/dev/null || true)
if [[ -z "$dpdk_version" ]]; then
    missing "DPDK $WANT_DPDK" "pkg-config knows no libdpdk; run: $HERE/install-deps.sh"
elif [[ "$dpdk_version" != "$WANT_DPDK" && "$dpdk_version" != "$WANT_DPDK".* ]]; then
    missing "DPDK $WANT_DPDK" "found libdpdk $dpdk_version; jdpdk is built against $WANT_DPDK (Debian 12's dpdk packages)"
elif [[ ! -x /usr/bin/dpdk-testpmd ]]; then
    missing "DPDK $WANT_DPDK" "libdpdk $dpdk_version is there but /usr/bin/dpdk-testpmd is not; run: $HERE/install-deps.sh"
else
    ok "DPDK $WANT_DPDK" "libdpdk $dpdk_version, /usr/bin/dpdk-testpmd"
fi

# Hugepages: free 2 MB pages, plus free 1 GB pages if hugetlbfs is mounted for them
huge_free_mb=0
huge_summary=""
for dir in /sys/kernel/mm/hugepages/hugepages-*kB; do
    [[ -d "$dir" ]] || continue
    kb=${dir##*hugepages-}
    kb=${kb%kB}
    free=$(read_count "$dir/free_hugepages")
    nr=$(read_count "$dir/nr_hugepages")
    if ((nr > 0)); then
        huge_summary+="${huge_summary:+; }$((kb / 1024)) MB pages: $free of $nr free"
        huge_free_mb=$((huge_free_mb + free * kb / 1024))
    fi
done
if ((huge_free_mb >= WANT_HUGE_MB)); then
    ok "hugepages" "$huge_free_mb MB free ($huge_summary)"
elif [[ -n "$huge_summary" ]]; then
    missing "hugepages" "only $huge_free_mb MB free ($huge_summary); run: sudo $HERE/hugepages.sh --setup 1G"
else
    missing "hugepages" "none reserved; run: sudo $HERE/hugepages.sh --setup 1G (apps can still run with --no-huge)"
fi

mounts=$(awk '$3 == "hugetlbfs" { printf "%s%s", sep, $2; sep = ", " }' /proc/mounts)
if [[ -n "$mounts" ]]; then
    ok "hugetlbfs" "mounted at $mounts"
else
    missing "hugetlbfs" "not mounted; run: sudo $HERE/hugepages.sh --setup 1G"
fi

# Virtual ports
if [[ -c /dev/net/tun ]]; then
    ok "/dev/net/tun" "present (net_tap virtual ports)"
else
    missing "/dev/net/tun" "net_tap ports need it: modprobe tun (in a container: --device /dev/net/tun)" optional
fi

# Real NICs
shopt -s nullglob
groups=(/sys/kernel/iommu_groups/*)
if ((${#groups[@]} > 0)); then
    ok "IOMMU" "${#groups[@]} IOMMU groups (real NICs through vfio-pci)"
elif [[ "$(cat /sys/module/vfio/parameters/enable_unsafe_noiommu_mode 2>/dev/null || true)" == Y ]]; then
    ok "IOMMU" "none, but vfio no-IOMMU mode is on (unsafe, for real NICs through vfio-pci)"
else
    missing "IOMMU" "only for real NICs: enable intel_iommu=on/amd_iommu=on in the kernel command line, or use vfio's no-IOMMU mode: echo 1 > /sys/module/vfio/parameters/enable_unsafe_noiommu_mode (kernels built without CONFIG_VFIO_NOIOMMU, as Debian's, have none: bind-nic.sh --driver uio_pci_generic)" optional
fi

kernel_modules=/lib/modules/$(uname -r)
if [[ -d /sys/module/vfio_pci ]]; then
    ok "vfio-pci" "loaded"
elif [[ -n "$(find "$kernel_modules" -name 'vfio-pci.ko*' -print -quit 2>/dev/null)" ]] ||
    grep -qs '/vfio-pci.ko' "$kernel_modules/modules.builtin"; then
    ok "vfio-pci" "available, not loaded ($HERE/bind-nic.sh loads it)"
else
    missing "vfio-pci" "only for real NICs: no vfio-pci module for kernel $(uname -r); install the distribution kernel's modules" optional
fi

rdma=(/sys/class/infiniband/*)
if ((${#rdma[@]} > 0)); then
    ok "RDMA devices" "${rdma[*]##*/} (mlx5 NICs stay on their kernel driver)"
else
    missing "RDMA devices" "only for Mellanox mlx5 NICs: none in /sys/class/infiniband (load mlx5_ib; apt-get install rdma-core ibverbs-providers)" optional
fi

if ((failed)); then
    printf 'jdpdk: something the demo and tests need is missing (see MISSING above)\n' >&2
    exit 1
fi
printf 'jdpdk: ready for the virtual-port demo and the tests\n' >&2
