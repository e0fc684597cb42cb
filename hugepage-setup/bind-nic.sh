#!/usr/bin/env bash
# Binds one PCI NIC to a DPDK-capable driver (vfio-pci by default) through DPDK's dpdk-devbind.py.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly HERE
readonly PCI_DEVICES=/sys/bus/pci/devices
readonly NOIOMMU_PARAM=/sys/module/vfio/parameters/enable_unsafe_noiommu_mode

usage() {
    cat <<USAGE
usage: $(basename "$0") PCI_ADDR [--driver DRIVER]
       $(basename "$0") --status

  PCI_ADDR         the NIC to bind, e.g. 0000:01:00.0 or 01:00.0
  --driver DRIVER  driver to bind it to (default: vfio-pci); give the kernel
                   driver (e.g. ixgbe, i40e) to hand the NIC back to the kernel
  --status         show which driver each network device uses (dpdk-devbind.py --status)
  -h, --help       show this help

Binding needs root and a NIC whose kernel interface is down. vfio-pci also needs
an IOMMU (or vfio's no-IOMMU mode). Nothing is bound unless you give an address;
a NIC already on DRIVER is left as it is. Mellanox mlx5 NICs are never bound:
DPDK uses them through their kernel driver.
USAGE
}

say() { printf 'jdpdk: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

devbind() {
    local tool
    tool=$(command -v dpdk-devbind.py || true)
    [[ -n "$tool" && -f "$tool" && -x "$tool" ]] ||
        die "dpdk-devbind.py not found; install DPDK first: $HERE/install-deps.sh"
    "$tool" "$@"
}

current_driver() {
    local link=$PCI_DEVICES/$1/driver
    if [[ -e "$link" ]]; then
        basename "$(readlink -f "$link")"
    fi
}

# Kernel network interfaces of the device (virtio NICs keep theirs one level down).
interfaces_of() {
    local path
    for path in "$PCI_DEVICES/$1"/net/* "$PCI_DEVICES/$1"/virtio*/net/*; do
        if [[ -e "$path" ]]; then
            basename "$path"
        fi
    done
}

is_up() {
    local flags
    flags=$(cat "/sys/class/net/$1/flags" 2>/dev/null || echo 0)
    (((flags & 1) == 1))
}

iommu_ready() {
    local groups=(/sys/kernel/iommu_groups/*)
    [[ -e "${groups[0]}" ]] || [[ "$(cat "$NOIOMMU_PARAM" 2>/dev/null || true)" == Y ]]
}

load_driver() {
    local driver=$1
    [[ -d "/sys/bus/pci/drivers/$driver" ]] && return 0
    command -v modprobe >/dev/null 2>&1 ||
        die "cannot load $driver: modprobe not found (apt-get install kmod)"
    modprobe "$driver" || die "could not load the $driver kernel module (modprobe $driver failed)"
    [[ -d "/sys/bus/pci/drivers/$driver" ]] ||
        die "module $driver loaded, but no PCI driver named $driver appeared in /sys/bus/pci/drivers"
}

address=""
driver=vfio-pci
status=false
while (($# > 0)); do
    case "$1" in
        --status) status=true ;;
        --driver)
            (($# >= 2)) || die "--driver needs a driver name, e.g. --driver vfio-pci"
            driver=$2
            shift
            ;;
        --driver=*) driver=${1#--driver=} ;;
        -h | --help) usage; exit 0 ;;
        -*) usage >&2; die "unknown option: $1" ;;
        *)
            [[ -z "$address" ]] || die "give one PCI address at a time (got $address and $1)"
            address=$1
            ;;
    esac
    shift
done

if $status; then
    [[ -z "$address" ]] || die "--status takes no address"
    devbind --status
    exit 0
fi
[[ -n "$address" ]] || { usage >&2; die "no PCI address given; nothing bound (see --status for the NICs)"; }
[[ "$driver" =~ ^[A-Za-z0-9_-]+$ ]] || die "not a driver name: $driver"

# Accept 01:00.0 as well as 0000:01:00.0.
address=${address,,}
[[ "$address" =~ ^[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]$ ]] && address=0000:$address
[[ "$address" =~ ^[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]$ ]] ||
    die "not a PCI address: $address (expected e.g. 0000:01:00.0)"
[[ -e "$PCI_DEVICES/$address" ]] || die "no PCI device $address (see: $0 --status)"

now=$(current_driver "$address")
if [[ "$now" == "$driver" ]]; then
    say "$address is already bound to $driver"
    exit 0
fi
if [[ "$now" == mlx5_core || "$now" == mlx4_core ]]; then
    die "$address is a Mellanox NIC on $now: DPDK drives it through that kernel driver and RDMA, so it must not be bound to $driver; pass it to the app as is (-a $address)"
fi

((EUID == 0)) || die "need to be root to bind $address to $driver (run: sudo $0 $address --driver $driver)"

load_driver "$driver"
if [[ "$driver" == vfio-pci ]] && ! iommu_ready; then
    if [[ -e "$NOIOMMU_PARAM" ]]; then
        die "no IOMMU: enable intel_iommu=on/amd_iommu=on in the kernel command line, or use vfio's no-IOMMU mode: echo 1 > $NOIOMMU_PARAM"
    fi
    # Debian's kernels, for one, are built without CONFIG_VFIO_NOIOMMU.
    die "no IOMMU, and this kernel's vfio has no no-IOMMU mode (built without CONFIG_VFIO_NOIOMMU): enable intel_iommu=on/amd_iommu=on in the kernel command line, or bind to uio_pci_generic instead: $0 $address --driver uio_pci_generic"
fi

while read -r ifname; do
    if is_up "$ifname"; then
        die "$address is $ifname, which is up; bring it down first (ip link set $ifname down) if you mean to take it from the kernel"
    fi
done < <(interfaces_of "$address")

say "binding $address (now ${now:-on no driver}) to $driver"
devbind --bind="$driver" "$address" || die "dpdk-devbind.py could not bind $address to $driver (its reason is above)"
now=$(current_driver "$address")
[[ "$now" == "$driver" ]] ||
    die "$address is on ${now:-no driver}, not $driver, after dpdk-devbind.py (its reason is above)"
say "$address is bound to $driver"
