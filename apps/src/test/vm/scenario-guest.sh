#!/usr/bin/env bash
# Runs inside the test guest: a main class of the apps module's tests (io.jdpdk.apps.vm.PciPortScenario,
# PreflightScenario), from the build's classes, with jdpdk's JVM flags and C1 only (a faster start under TCG).
# Usage: scenario-guest.sh CLASS [ARGS...]
set -euo pipefail
java_home=$(hugepage-setup/find-jdk.sh)
main=$1
shift
exec "$java_home/bin/java" --enable-native-access=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
    -XX:TieredStopAtLevel=1 -cp "apps/target/classes:apps/target/test-classes:apps/target/lib/*" "io.jdpdk.apps.vm.$main" "$@"
