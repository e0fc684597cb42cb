#!/usr/bin/env bash
# Host side of guest-txonly.sh: for each app, start txonly, reset the rate baseline, wait SECONDS, show the rate.
set -euo pipefail
out=$(dirname "$JDPDK_VM_STDIN")/stdout
seconds=${SECONDS_PER_RUN:-10}
send() { printf '%s\n' "$@" >>"$JDPDK_VM_STDIN"; }
await() {
    local deadline=$((SECONDS + 300))
    until grep -qF -- "$1" "$out" 2>/dev/null; do
        ((SECONDS < deadline)) || { echo "guest-ratio: no '$1' from the guest" >&2; exit 1; }
        sleep 0.5
    done
}
for app in dpdk-testpmd jdpdk-testpmd; do
    await "=== $app"
    until sed -n "/^=== $app\$/,\$p" "$out" | grep -q 'testpmd> '; do sleep 0.5; done
    send start
    sleep 3
    send "show port stats all"
    sleep "$seconds"
    send "show port stats all" stop quit
done # the next app's "===" line waits for this one's exit; after the last, the guest powers off by itself
