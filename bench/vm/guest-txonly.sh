#!/usr/bin/env bash
# Runs inside the test guest (guest-ratio.sh): dpdk-testpmd, then jdpdk's testpmd, each in interactive txonly mode
# on the two NICs, driven by guest-ratio-host.sh through stdin.
set -u
eal=(-l 0-1 -a 0000:00:03.0 -a 0000:00:04.0)
args=(-- -i --total-num-mbufs=8192 --forward-mode=txonly)
echo "=== dpdk-testpmd"
stdbuf -oL dpdk-testpmd "${eal[@]}" "${args[@]}"
echo "=== dpdk-testpmd exit $?"
echo "=== jdpdk-testpmd"
apps/bin/testpmd "${eal[@]}" "${args[@]}"
echo "=== jdpdk-testpmd exit $?"
