#!/usr/bin/env bash
# Runs inside the test guest: PciPortScenario (jdpdk's Port on two vfio-bound PCI NICs), from the build's classes.
set -euo pipefail
java_home=$(hugepage-setup/find-jdk.sh)
exec "$java_home/bin/java" --enable-native-access=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
    -XX:TieredStopAtLevel=1 -cp "apps/target/classes:apps/target/test-classes:apps/target/lib/*" \
    io.jdpdk.apps.vm.PciPortScenario
