#!/usr/bin/env bash
# Runs inside the test guest (hugepage-setup/vm/guest.sh run, from the repository's root) with two NICs on
# vfio-pci: DPDK's testpmd, jdpdk's testpmd, then jdpdk's l2fwd, one after the other, each driven by the host
# (forward-host.sh) through stdin. Every section starts with a "=== NAME" line and ends with "=== NAME exit N".
set -u

eal=(-l 0-1 -a 0000:00:03.0 -a 0000:00:04.0)
testpmd=(-- -i --auto-start --total-num-mbufs=8192)

echo "=== dpdk-testpmd"
stdbuf -oL dpdk-testpmd "${eal[@]}" "${testpmd[@]}" 2>&1 # one stream: its errors stay among its lines
echo "=== dpdk-testpmd exit $?"

echo "=== jdpdk-testpmd"
apps/bin/testpmd "${eal[@]}" "${testpmd[@]}" 2>&1
echo "=== jdpdk-testpmd exit $?"

echo "=== jdpdk-l2fwd"
apps/bin/l2fwd "${eal[@]}" -- -p 3 -T 0 </dev/null &
l2fwd=$!
read -r _ # the host says when it has seen every frame come back
kill -INT "$l2fwd"
wait "$l2fwd"
echo "=== jdpdk-l2fwd exit $?"
