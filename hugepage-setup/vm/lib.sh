# Sourced by guest.sh (on the host) and guest-run.sh (in the guest): messages, and the names of the
# files in a run directory, through which the two talk. Not a program of its own.
#
# guest.sh makes one run directory per run on the host and shares it read-write with the guest:
#   run.env       written by guest.sh: what guest-run.sh sets up and runs (bash, sourced)
#   setup.log     guest-run.sh's setup output (hugepages, vfio-pci binding)
#   setup-failed  created by guest-run.sh when the setup failed; COMMAND did not run
#   started       created by guest-run.sh just before it starts COMMAND
#   stdin         appended to by guest.sh; guest-run.sh feeds it to COMMAND's stdin...
#   stdin.closed  ...until guest.sh creates this, which closes COMMAND's stdin
#   stdout        COMMAND's stdout and stderr, appended to by the guest
#   stderr
#   status        COMMAND's exit status, written by guest-run.sh when COMMAND ends

# shellcheck disable=SC2034 # the names are used by the scripts that source this file
readonly RUN_ENV=run.env RUN_SETUP_LOG=setup.log RUN_SETUP_FAILED=setup-failed RUN_STARTED=started \
    RUN_STDIN=stdin RUN_STDIN_CLOSED=stdin.closed RUN_STDOUT=stdout RUN_STDERR=stderr RUN_STATUS=status

# PATH in the guest, for guest-run.sh and COMMAND (init's is only its busybox).
readonly GUEST_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

say() { printf 'jdpdk: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }
