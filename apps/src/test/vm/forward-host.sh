#!/usr/bin/env bash
# The host side of forward-guest.sh (guest.sh run --host): sends frames into NIC 0 with frames.py and checks
# what comes out of NIC 1 for each app and mode in turn (testpmd io and macswap, DPDK's then jdpdk's, then
# l2fwd with MAC updating), telling the guest's apps what to do through JDPDK_VM_STDIN. FRAMES frames per
# check (default 300).
set -euo pipefail

source hugepage-setup/vm/host-lib.sh
frames=${FRAMES:-300}

check() {
    echo "forward-host: $1"
    /usr/bin/python3 hugepage-setup/vm/frames.py --count "$frames" --probe-timeout 300 --expect "$2"
}

for app in dpdk-testpmd jdpdk-testpmd; do
    vm_await "=== $app"
    check "$app io" io
    vm_send "show rxq info 0 0" "show txq info 0 0" stop "set fwd macswap" start
    vm_await "macswap packet forwarding packets/burst" 300 "=== $app" # the banner of the new mode
    check "$app macswap" macswap
    vm_send stop quit
    vm_await "=== $app exit"
done

vm_await "=== jdpdk-l2fwd"
check "jdpdk-l2fwd" l2fwd
vm_send done # and end: awaiting l2fwd's exit would race with the guest powering off (the test reads it)
