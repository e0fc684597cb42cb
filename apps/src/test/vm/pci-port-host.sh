#!/usr/bin/env bash
# The host side of PciPortScenario (scenario-guest.sh): once the scenario forwards, 200 frames into NIC 0, each
# checked out of NIC 1; then "done" on its stdin.
set -euo pipefail
source hugepage-setup/vm/host-lib.sh
vm_await "forwarding: NIC 0 to NIC 1"
/usr/bin/python3 hugepage-setup/vm/frames.py --count 200 --probe-timeout 120 --expect io
vm_send done
