#!/usr/bin/env bash
# Runs inside the test guest (hugepage-setup/vm/guest.sh run, from the repository's root; no NICs needed): loads
# what net_tap's rte_flow needs from the guest kernel, then FlowSteeringScenario (jdpdk's flow API), then the same
# testpmd session with dpdk-testpmd and jdpdk's testpmd (flow commands, two RX queues on two forwarding lcores
# sharing the guest's second CPU,
# frames sent by the guest kernel in between). Every section starts with "=== NAME" and ends with "=== NAME exit N".
set -u

modules=(tun sch_multiq sch_ingress sch_prio cls_flower act_skbedit act_gact act_mirred act_bpf cls_bpf)
for m in "${modules[@]}"; do
    modprobe "$m" || { echo "flow-guest.sh: cannot load kernel module $m"; exit 1; }
done
# no IPv6 on the tap interfaces: the kernel's router solicitations would be frames the counts do not expect
sysctl -qw net.ipv6.conf.default.disable_ipv6=1 net.ipv6.conf.all.disable_ipv6=1

echo "=== scenario"
apps/src/test/vm/scenario-guest.sh FlowSteeringScenario 2>&1
echo "=== scenario exit $?"

# One testpmd session; $1 names it, the rest is the command. Commands go through a FIFO; between them the guest
# sends frames, and "stop" shows where each queue's lcore saw them.
session() {
    local name=$1 out=/tmp/flow-$1.out fifo=/tmp/flow-$1.in
    shift
    rm -f "$fifo" && mkfifo "$fifo"
    "$@" <"$fifo" >"$out" 2>&1 &
    local pid=$!
    exec 3>"$fifo"
    prompt() { # waits for the N-th prompt
        local n=$1
        for _ in $(seq 600); do
            [ "$(grep -o 'testpmd> ' "$out" | wc -l)" -ge "$n" ] && return 0
            kill -0 "$pid" 2>/dev/null || return 1
            sleep 0.5
        done
        return 1
    }
    local n=1
    cmd() { prompt "$n" && echo "$*" >&3; n=$((n + 1)); }
    frames() { prompt "$n" && /usr/bin/python3 apps/src/test/vm/tap-frames.py dtap0 "$@" && sleep 2; }
    cmd "flow validate 0 ingress pattern eth / ipv4 / udp dst is 5353 / end actions queue index 1 / end"
    cmd "flow create 0 ingress pattern eth / ipv4 / udp dst is 5353 / end actions queue index 1 / end"
    cmd "flow create 0 ingress pattern eth / ipv4 / udp dst is 9 / end actions drop / end"
    cmd "flow create 0 ingress pattern eth / end actions count / end"
    cmd "flow list 0"
    cmd "start"
    frames 5353 40 && frames 9 30
    cmd "stop"
    cmd "flow destroy 0 rule 0"
    cmd "flow create 0 ingress pattern eth / ipv4 / udp dst is 5353 / end actions queue index 0 / end"
    cmd "flow list 0"
    cmd "start"
    frames 5353 40
    cmd "stop"
    cmd "flow query 0 2 count"
    cmd "flow flush 0"
    cmd "flow list 0"
    cmd "start"
    frames 7000 256 64 # no rule: 64 flows over both queues, by the kernel's flow hash (the same in both sessions)
    cmd "stop"
    cmd "quit"
    exec 3>&-
    wait "$pid"
    local rc=$?
    echo "=== $name"
    cat "$out"
    echo "=== $name exit $rc"
}

eal=(--lcores 0@0,1@1,2@1 --no-pci --vdev net_tap0,iface=dtap0)
app=(-- -i --rxq=2 --txq=2 --nb-cores=2 --forward-mode=rxonly --total-num-mbufs=4096)
session dpdk-testpmd stdbuf -oL dpdk-testpmd "${eal[@]}" "${app[@]}"
session jdpdk-testpmd apps/bin/testpmd "${eal[@]}" "${app[@]}"
