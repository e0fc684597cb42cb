# Sourced by the host commands that `guest.sh run --host` starts, to talk to the guest's COMMAND through the run
# directory: vm_send appends lines to COMMAND's stdin, vm_await waits for text in COMMAND's output. Not a program
# of its own; needs JDPDK_VM_STDIN, which guest.sh sets.

VM_OUT=$(dirname "$JDPDK_VM_STDIN")/stdout
readonly VM_OUT

# vm_send LINE...: one line each to COMMAND's stdin.
vm_send() { printf '%s\n' "$@" >>"$JDPDK_VM_STDIN"; }

# vm_await TEXT [SECONDS [AFTER]]: until COMMAND's output holds TEXT (after the line AFTER, when given); exits 1
# with a message after SECONDS (default 300).
vm_await() {
    local text=$1 seconds=${2:-300} after=${3:-} deadline
    deadline=$((SECONDS + seconds))
    until awk -v after="$after" 'after == "" || seen; $0 == after { seen = 1 }' "$VM_OUT" 2>/dev/null |
        grep -qF -- "$text"; do
        if ((SECONDS >= deadline)); then
            printf '%s: no "%s" from the guest%s after %s s\n' "${0##*/}" "$text" "${after:+ after \"$after\"}" \
                "$seconds" >&2
            exit 1
        fi
        sleep 0.5
    done
}
