#!/usr/bin/env bash
# Runs inside the test guest (hugepage-setup/vm/guest.sh run, from the repository's root; no NICs needed): DPDK's
# AF_XDP PMD on the guest kernel's veth pairs. dpdk-testpmd, then jdpdk's testpmd, forward (io) between
# net_af_xdp0 on xa and net_af_xdp1 on xb while frames.py sends frames into xa's peer and checks each one out of
# xb's peer. Every section starts with "=== NAME" and ends with "=== NAME exit N"; frames.py's verdict follows the
# app's output.
set -u

modprobe veth || { echo "afxdp-guest.sh: cannot load kernel module veth"; exit 1; }
sysctl -qw net.ipv6.conf.default.disable_ipv6=1 net.ipv6.conf.all.disable_ipv6=1 # no router solicitations
for x in xa xb; do
    ip link add "$x" type veth peer name "${x}p" && ip link set "$x" up && ip link set "${x}p" up ||
        { echo "afxdp-guest.sh: cannot create veth pair $x"; exit 1; }
done

run() { # NAME COMMAND...: the app forwards until frames.py is done
    local name=$1 fifo=/tmp/afxdp-$1.in out=/tmp/afxdp-$1.out
    shift
    rm -f "$fifo" && mkfifo "$fifo"
    "$@" -l 0-1 --no-pci --vdev net_af_xdp0,iface=xa --vdev net_af_xdp1,iface=xb -- \
        --forward-mode=io --auto-start --total-num-mbufs=8192 <"$fifo" >"$out" 2>&1 &
    local pid=$!
    exec 3>"$fifo"
    /usr/bin/python3 hugepage-setup/vm/frames.py --ifaces xap,xbp --count 500 --probe-timeout 150 >"$out.frames" 2>&1
    local frames=$?
    exec 3>&- # end of stdin: testpmd stops, like "enter"
    wait "$pid"
    local rc=$?
    echo "=== $name"
    cat "$out" "$out.frames"
    echo "frames.py exit $frames"
    echo "=== $name exit $rc"
}

run dpdk-testpmd stdbuf -oL dpdk-testpmd
run jdpdk-testpmd apps/bin/testpmd
