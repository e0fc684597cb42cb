#!/usr/bin/env bash
# Trains a JDK 25 AOT cache (JEP 483/514: classes loaded and linked ahead of time) for the apps that forward
# on their own: skeleton, testpmd and l3fwd, each run briefly on two net_null ports as apps/bin would run it,
# writing apps/target/aot/MAINCLASS.aot, which apps/bin/jdpdk-run then starts from. ./jdpdk build runs this after
# Maven. A failed training leaves no cache and is reported; the apps still run, only slower to start.
# Usage: train-aot.sh
set -uo pipefail

ROOT=$(cd "$(dirname "$(readlink -f "$0")")/../../.." && pwd)
readonly ROOT
readonly OUT=$ROOT/apps/target/aot
say() { printf 'jdpdk: %s\n' "$*" >&2; }

mkdir -p "$OUT"
# l3fwd takes no default EAL arguments: hugepages when some are free, else plain memory, as the others choose.
if [[ "$(awk '/^HugePages_Free/ {print $2}' /proc/meminfo)" -gt 0 ]]; then
    memory=(--in-memory)
else
    memory=(--no-huge -m 512)
fi

# train NAME MAINCLASS COMMAND...: runs COMMAND (an apps/bin launcher) with JDPDK_AOT_TRAIN set
train() {
    local name=$1 main=$2 log=$OUT/$2.train.log
    shift 2
    rm -f "$OUT/$main.aot"
    JDPDK_AOT_TRAIN=$OUT/$main.aot "$@" >"$log" 2>&1
    local rc=$?
    # 130: stopped by the SIGINT that ends its training (l3fwd); the JVM writes the cache as it exits
    if [[ ($rc == 0 || $rc == 130) && -s "$OUT/$main.aot" ]] && grep -q "AOTCache creation is complete" "$log"; then
        say "AOT cache for $name: $(du -h "$OUT/$main.aot" | cut -f1)"
    else
        say "no AOT cache for $name (training failed, see $log); it starts without one"
        rm -f "$OUT/$main.aot"
    fi
}

train skeleton io.jdpdk.apps.skeleton.Skeleton "$ROOT/apps/bin/skeleton" -- --duration 1
train testpmd io.jdpdk.apps.testpmd.TestPmd "$ROOT/apps/bin/testpmd" </dev/null
# l3fwd forwards until SIGINT, and writes the cache as the JVM exits after it
train l3fwd io.jdpdk.apps.l3fwd.L3fwd timeout --preserve-status -s INT 3 "$ROOT/apps/bin/l3fwd" -l 0-1 --no-pci \
    --vdev=net_null0 --vdev=net_null1 "${memory[@]}" -- -p 3 '--config=(0,0,1),(1,0,1)'
