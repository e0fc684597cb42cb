#!/usr/bin/env bash
# Installs the Debian packages jdpdk needs, and only those that are missing.
set -euo pipefail

readonly BASE_PACKAGES=(dpdk dpdk-dev libdpdk-dev pkg-config gcc)
readonly TEST_PACKAGES=(tshark iputils-ping python3-scapy iproute2 dpdk-doc)
# What vm/guest.sh needs to boot its test guest (QEMU, the initramfs's busybox, depmod, cpio).
readonly VM_PACKAGES=(qemu-system-x86 busybox-static kmod cpio)

usage() {
    cat <<USAGE
usage: $(basename "$0") [--test-tools] [--vm-tools]

Installs whatever is missing of: ${BASE_PACKAGES[*]}
  --test-tools   also: ${TEST_PACKAGES[*]}
  --vm-tools     also: ${VM_PACKAGES[*]} (for vm/guest.sh)
  -h, --help     show this help

Runs apt-get update and apt-get install only if something is missing, which
needs root. Does nothing (and says so) when everything is installed.
USAGE
}

say() { printf 'jdpdk: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

is_installed() {
    [[ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)" == installed ]]
}

packages=("${BASE_PACKAGES[@]}")
while (($# > 0)); do
    case "$1" in
        --test-tools) packages+=("${TEST_PACKAGES[@]}") ;;
        --vm-tools) packages+=("${VM_PACKAGES[@]}") ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
    shift
done

command -v dpkg-query >/dev/null 2>&1 || die "dpkg-query not found: this script needs Debian or Ubuntu"

missing=()
for pkg in "${packages[@]}"; do
    is_installed "$pkg" || missing+=("$pkg")
done

if ((${#missing[@]} == 0)); then
    say "all packages already installed (${packages[*]})"
    exit 0
fi

((EUID == 0)) || die "need to be root to install packages: ${missing[*]}"

say "installing: ${missing[*]}"

for pkg in "${missing[@]}"; do
    if [[ "$pkg" == tshark ]]; then
        # Without this, wireshark-common asks whether non-root users may capture.
        echo 'wireshark-common wireshark-common/install-setuid boolean false' | debconf-set-selections
    fi
done

export DEBIAN_FRONTEND=noninteractive
# Wait for another apt/dpkg run to finish rather than failing on its lock.
apt_opts=(-o DPkg::Lock::Timeout=300)

apt-get "${apt_opts[@]}" update ||
    die "apt-get update failed; check access to the Debian package mirrors"

if ! apt-get "${apt_opts[@]}" install -y --no-install-recommends "${missing[@]}"; then
    still_missing=()
    for pkg in "${missing[@]}"; do
        is_installed "$pkg" || still_missing+=("$pkg")
    done
    die "could not install: ${still_missing[*]:-${missing[*]}} (apt-get's reason is above)"
fi

for pkg in "${missing[@]}"; do
    is_installed "$pkg" || die "could not install: $pkg (apt-get reported success, but dpkg does not list it as installed)"
done
say "installed: ${missing[*]}"
