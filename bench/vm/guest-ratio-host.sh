#!/usr/bin/env bash
# Host side of guest-txonly.sh: for each app, start txonly, reset the rate baseline, wait SECONDS, show the rate.
set -euo pipefail
source hugepage-setup/vm/host-lib.sh
seconds=${SECONDS_PER_RUN:-10}
for app in dpdk-testpmd jdpdk-testpmd; do
    vm_await "testpmd> " 300 "=== $app"
    vm_send start
    sleep 3
    vm_send "show port stats all"
    sleep "$seconds"
    vm_send "show port stats all" stop quit
done # the next app's "===" line waits for this one's exit; after the last, the guest powers off by itself
