#!/usr/bin/env bash
# Builds the examples against the installed jdpdk artifacts and runs both on the module path, on two net_null
# ports, checking what they print. Usage: examples/run.sh (after mvn install in the repository's root).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"

say() { printf 'examples: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

mvn -B -q package || die "the examples did not build against the installed jdpdk artifacts (run mvn install first)"

# The module path, and the JVM flags any jdpdk program needs there: native access for jdpdk's own modules only
# (any other module calling a restricted method fails), and jdk.internal.misc for Agrona.
run() {
    java --module-path "target/jdpdk-examples-0.1.0-SNAPSHOT.jar:target/lib" \
        --enable-native-access=io.jdpdk.eal,io.jdpdk.pmd --illegal-native-access=deny \
        --add-exports java.base/jdk.internal.misc=org.agrona -XX:Tier3DelayOn=100000 \
        "$@"
}

eal=(--no-pci --in-memory --vdev=net_null0 --vdev=net_null1)
if ! grep -q '^HugePages_Free: *[1-9]' /proc/meminfo; then
    eal+=(--no-huge -m 512)
fi

out=$(run -Dpackets=1000000 -m io.jdpdk.examples/io.jdpdk.examples.Forwarder -l 0 "${eal[@]}" 2>&1) ||
    die "Forwarder failed: $out"
printf '%s\n' "$out"
[[ "$out" =~ forwarded\ ([0-9]+)\ packets,\ 0\ mbufs\ in\ use ]] && ((BASH_REMATCH[1] >= 1000000)) ||
    die "Forwarder did not forward 1000000 packets and give every mbuf back"

out=$(run -Dseconds=3 -m io.jdpdk.examples/io.jdpdk.examples.WorkerPipeline "--lcores=(0-3)@(0-1)" "${eal[@]}" 2>&1) ||
    die "WorkerPipeline failed: $out"
printf '%s\n' "$out"
[[ "$out" =~ received\ ([0-9]+),\ dropped\ ([0-9]+)\ \(rings\ full\),\ swapped\ and\ sent\ ([0-9]+)\ packets ]] &&
    ((BASH_REMATCH[3] > 0 && BASH_REMATCH[1] == BASH_REMATCH[2] + BASH_REMATCH[3])) ||
    die "WorkerPipeline did not send every packet it received and did not drop"
[[ "$out" == *$'\n0 mbufs in use'* ]] || die "WorkerPipeline left mbufs out of the pool"
[[ "$out" == *"tx "*" pps"* ]] || die "WorkerPipeline's timer never printed"
# A missing flag stops the program with one message that names the flag to add, for the modules.
out=$(java --module-path "target/jdpdk-examples-0.1.0-SNAPSHOT.jar:target/lib" --illegal-native-access=deny \
    --add-exports java.base/jdk.internal.misc=org.agrona \
    -m io.jdpdk.examples/io.jdpdk.examples.Forwarder -l 0 "${eal[@]}" 2>&1) &&
    die "Forwarder ran without --enable-native-access"
[[ "$out" == *"--enable-native-access=io.jdpdk.eal,io.jdpdk.pmd"* ]] ||
    die "without --enable-native-access, Forwarder did not name the flag: $out"
out=$(java --module-path "target/jdpdk-examples-0.1.0-SNAPSHOT.jar:target/lib" \
    --enable-native-access=io.jdpdk.eal,io.jdpdk.pmd \
    -m io.jdpdk.examples/io.jdpdk.examples.Forwarder -l 0 "${eal[@]}" 2>&1) &&
    die "Forwarder ran without --add-exports"
[[ "$out" == *"--add-exports java.base/jdk.internal.misc=org.agrona"* ]] ||
    die "without --add-exports, Forwarder did not name the flag: $out"
say "both examples ran on the module path; a missing JVM flag is named"
