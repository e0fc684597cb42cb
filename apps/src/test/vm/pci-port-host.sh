#!/usr/bin/env bash
# The host side of pci-port-guest.sh: once the scenario forwards, 200 frames into NIC 0, each checked out of NIC 1;
# then "done" on its stdin.
set -euo pipefail
out=$(dirname "$JDPDK_VM_STDIN")/stdout
deadline=$((SECONDS + 300))
until grep -qF "forwarding: NIC 0 to NIC 1" "$out" 2>/dev/null; do
    ((SECONDS < deadline)) || { echo "pci-port-host: the scenario never started forwarding" >&2; exit 1; }
    sleep 0.5
done
/usr/bin/python3 hugepage-setup/vm/frames.py --count 200 --probe-timeout 120 --expect io
echo done >>"$JDPDK_VM_STDIN"
