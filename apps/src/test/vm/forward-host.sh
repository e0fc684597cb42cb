#!/usr/bin/env bash
# The host side of forward-guest.sh (guest.sh run --host): sends frames into NIC 0 with frames.py and checks
# what comes out of NIC 1 for each app and mode in turn (testpmd io and macswap, DPDK's then jdpdk's, then
# l2fwd with MAC updating), telling the guest's apps what to do through JDPDK_VM_STDIN. FRAMES frames per
# check (default 300).
set -euo pipefail

out=$(dirname "$JDPDK_VM_STDIN")/stdout
frames=${FRAMES:-300}

send() { printf '%s\n' "$@" >>"$JDPDK_VM_STDIN"; }

# await TEXT [SECONDS]: until the guest's output holds TEXT.
await() {
    local deadline=$((SECONDS + ${2:-300}))
    until grep -qF -- "$1" "$out" 2>/dev/null; do
        if ((SECONDS >= deadline)); then
            echo "forward-host: no '$1' from the guest after ${2:-300} s" >&2
            exit 1
        fi
        sleep 0.5
    done
}

check() {
    echo "forward-host: $1"
    /usr/bin/python3 hugepage-setup/vm/frames.py --count "$frames" --probe-timeout 300 --expect "$2"
}

for app in dpdk-testpmd jdpdk-testpmd; do
    await "=== $app"
    check "$app io" io
    send "show rxq info 0 0" "show txq info 0 0" stop "set fwd macswap" start
    await "=== $app" # (already there) then the second banner of this app's section:
    until [[ $(sed -n "/^=== $app\$/,\$p" "$out" | grep -c 'macswap packet forwarding packets/burst') -ge 1 ]]; do
        sleep 0.5
    done
    check "$app macswap" macswap
    send stop quit
    await "=== $app exit"
done

await "=== jdpdk-l2fwd"
check "jdpdk-l2fwd" l2fwd
send done # and end: awaiting l2fwd's exit would race with the guest powering off (the test reads it)
