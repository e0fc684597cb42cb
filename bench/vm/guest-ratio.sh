#!/usr/bin/env bash
# The one benchmark that needs the QEMU test guest: TX rate of dpdk-testpmd and of jdpdk's testpmd in txonly mode
# on the same two emulated NICs, in the same guest, one after the other, and their ratio. Under TCG the absolute
# rates mean nothing; the ratio is the figure. Usage: bench/vm/guest-ratio.sh [NIC model, default e1000e]
# (from the repository's root, after ./jdpdk build; SECONDS_PER_RUN, default 10).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/../.."
model=${1:-e1000e}
log=$(mktemp /tmp/jdpdk-guest-ratio.XXXXXX)
trap 'rm -f "$log"' EXIT
hugepage-setup/vm/guest.sh run --nic "$model" --nic "$model" --timeout 600 \
    --env "JDPDK_JAVA_OPTS=${JDPDK_JAVA_OPTS:-}" --host bench/vm/guest-ratio-host.sh -- bench/vm/guest-txonly.sh \
    >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
# The last "Tx-pps" of each port in an app's section: the rate over the SECONDS_PER_RUN between the two shows.
rate() {
    sed -n "/^=== $1\$/,/^=== $1 exit/p" "$log" | grep -o 'Tx-pps: *[0-9]*' | awk '{print $2}' | tail -2 |
        awk '{s += $1} END {print s + 0}'
}
c=$(rate dpdk-testpmd)
j=$(rate jdpdk-testpmd)
printf '%-10s %14s %14s %8s\n' NIC "C Tx-pps" "jdpdk Tx-pps" ratio
awk -v m="$model" -v c="$c" -v j="$j" 'BEGIN { printf "%-10s %14d %14d %8.3f\n", m, c, j, (c > 0 ? j / c : 0) }'
