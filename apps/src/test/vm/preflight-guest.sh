#!/usr/bin/env bash
# Runs inside the test guest (guest.sh run --no-bind): PreflightScenario through the states its arguments set up.
set -euo pipefail
java_home=$(hugepage-setup/find-jdk.sh)
exec "$java_home/bin/java" -XX:TieredStopAtLevel=1 -cp "apps/target/classes:apps/target/test-classes:apps/target/lib/*" \
    io.jdpdk.apps.vm.PreflightScenario "$@"
