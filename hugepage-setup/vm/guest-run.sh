#!/usr/bin/env bash
# Runs inside the test guest that guest.sh boots (init.sh chroots into the host-root overlay and
# starts it as root): reserves hugepages, binds the NICs to vfio-pci, then runs the command that
# guest.sh wrote to the run directory and records its exit status there.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly HERE
# shellcheck source=lib.sh
source "$HERE/lib.sh"

usage() {
    cat <<USAGE
usage: $(basename "$0") RUN_DIR

Only for the guest that guest.sh boots (its init runs this). Reads RUN_DIR/$RUN_ENV, reserves
hugepages and binds the NICs listed there to vfio-pci (output in RUN_DIR/$RUN_SETUP_LOG), then
runs the command with RUN_DIR/$RUN_STDIN as stdin and RUN_DIR/$RUN_STDOUT, RUN_DIR/$RUN_STDERR
as stdout and stderr, and writes its exit status to RUN_DIR/$RUN_STATUS.
USAGE
}

case "${1:-}" in
    -h | --help) usage; exit 0 ;;
    "" | -*) usage >&2; die "no run directory given" ;;
esac
readonly RUN=$1
export PATH=$GUEST_PATH
[[ -f "$RUN/$RUN_ENV" ]] || die "no $RUN/$RUN_ENV: this runs only in the guest that guest.sh boots"

# Set by run.env:
NICS=()          # PCI addresses to bind to vfio-pci
HUGEPAGES=0      # how many 2 MB hugepages to reserve
WORKDIR=""       # where COMMAND runs
COMMAND_ENV=()   # COMMAND's whole environment, NAME=VALUE
COMMAND=()
# shellcheck source=/dev/null
source "$RUN/$RUN_ENV"

uptime_s() { printf '%s s' "$(cut -d ' ' -f 1 /proc/uptime)"; }

# Reserves $1 2 MB hugepages and mounts hugetlbfs at /dev/hugepages: what ../hugepages.sh --setup
# does, straight through sysfs, as its dpdk-hugepages.py takes seconds under TCG.
reserve_hugepages() {
    local want=$1 count=/sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages got
    ((want > 0)) || { say "no hugepages (asked for none)"; return 0; }
    echo "$want" >"$count" || return
    got=$(<"$count")
    ((got >= want)) || { say "the guest kernel gave only $got of $want 2 MB hugepages"; return 1; }
    mkdir -p /dev/hugepages
    mount -t hugetlbfs -o pagesize=2M nodev /dev/hugepages || return
    say "$(uptime_s): $got 2 MB hugepages, hugetlbfs at /dev/hugepages"
}

# Binds PCI device $1 to vfio-pci: what ../bind-nic.sh does, straight through sysfs (driver_override),
# as its dpdk-devbind.py takes about 5 s per device under TCG. The guest loads no NIC drivers, so the
# NICs are on no driver, except virtio-net on virtio-pci.
bind_vfio() {
    local address=$1 device=/sys/bus/pci/devices/$1 driver
    [[ -e "$device" ]] || { say "no PCI device $address in the guest"; return 1; }
    if [[ -e "$device/driver" ]]; then
        echo "$address" >"$device/driver/unbind" || return
    fi
    echo vfio-pci >"$device/driver_override" || return
    echo "$address" >/sys/bus/pci/drivers_probe || return
    driver=$(readlink -f "$device/driver" 2>/dev/null || true)
    [[ "${driver##*/}" == vfio-pci ]] || { say "$address is on ${driver##*/}, not vfio-pci"; return 1; }
    say "$(uptime_s): $address ($(lspci -s "$address" | cut -d ' ' -f 2-)) bound to vfio-pci, IOMMU group $(basename "$(readlink -f "$device/iommu_group")")"
}

setup() {
    say "$(uptime_s): guest kernel $(uname -r), $(nproc) CPUs, $(awk '/MemTotal/ { print int($2 / 1024) " MB" }' /proc/meminfo)"
    reserve_hugepages "$HUGEPAGES" || return
    ((${#NICS[@]} > 0)) || return 0
    # vfio-pci asks for the type1 IOMMU backend only when DPDK opens the container, and the kernel
    # would look for it in the initramfs then; load it here, from the guest kernel's modules.
    modprobe vfio-pci && modprobe vfio_iommu_type1 || return
    local address
    for address in "${NICS[@]}"; do
        bind_vfio "$address" || return
    done
}

# Copies what guest.sh appends to RUN/stdin to stdout, until guest.sh creates RUN/stdin.closed.
# Polls: the run directory is a 9p share, where inotify sees nothing the host does.
feed_stdin() {
    local file=$RUN/$RUN_STDIN done=false size offset=0
    while :; do
        [[ -e "$RUN/$RUN_STDIN_CLOSED" ]] && done=true
        size=$(stat -c %s "$file" 2>/dev/null || echo 0)
        if ((size > offset)); then
            tail -c "+$((offset + 1))" "$file" | head -c "$((size - offset))"
            offset=$size
        fi
        $done && return 0
        sleep 0.1
    done
}

if ! setup >>"$RUN/$RUN_SETUP_LOG" 2>&1; then
    say "setup failed (see above)" 2>>"$RUN/$RUN_SETUP_LOG"
    : >"$RUN/$RUN_SETUP_FAILED"
    exit 1
fi
cd "$WORKDIR" 2>>"$RUN/$RUN_SETUP_LOG" || {
    : >"$RUN/$RUN_SETUP_FAILED"
    exit 1
}

# Line-buffered, so that what COMMAND prints reaches the host as it happens.
line_buffered=()
if command -v stdbuf >/dev/null 2>&1; then
    line_buffered=(stdbuf -oL -eL)
fi

: >"$RUN/$RUN_STARTED"
stdin_fifo=$(mktemp -u /run/jdpdk-stdin.XXXXXX)
mkfifo "$stdin_fifo"
feed_stdin >"$stdin_fifo" &
feeder=$!
status=0
env -i "${COMMAND_ENV[@]}" "${line_buffered[@]}" "${COMMAND[@]}" \
    <"$stdin_fifo" >>"$RUN/$RUN_STDOUT" 2>>"$RUN/$RUN_STDERR" || status=$?
kill "$feeder" 2>/dev/null || true # if COMMAND ended first
printf '%s\n' "$status" >"$RUN/$RUN_STATUS.tmp"
mv "$RUN/$RUN_STATUS.tmp" "$RUN/$RUN_STATUS"
