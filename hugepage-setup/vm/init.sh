#!/bin/busybox sh
# /init of the initramfs that guest.sh builds (busybox sh, PID 1 of the test guest): loads the
# modules listed in /modules/order, mounts the host's root filesystem (9p, read-only) under a tmpfs
# overlay, chroots into it to run guest-run.sh, and powers the guest off when that returns.
#
# guest.sh passes on the kernel command line:
#   jdpdk.root_tag  9p mount tag of the host's root filesystem
#   jdpdk.run_tag   9p mount tag of the run directory (read-write)...
#   jdpdk.run_dir   ...and where to mount it in the guest
#   jdpdk.modules   the guest kernel's /lib/modules/ABI directory, as a path in the host's root
#   jdpdk.runner    guest-run.sh, as a path in the host's root

/bin/busybox --install -s /bin
export PATH=/bin

say() { echo "jdpdk: init: $*"; }
die() {
    say "$*"
    say "powering off"
    poweroff -f
    exit 1
}
# Value of jdpdk.$1= on the kernel command line.
arg() {
    local value
    value=$(tr ' ' '\n' </proc/cmdline | sed -n "s/^jdpdk\.$1=//p")
    [ -n "$value" ] || die "no jdpdk.$1= on the kernel command line"
    echo "$value"
}

readonly MSIZE=262144   # 9p message size; the default 8 KB makes every read a round trip
readonly NEW_ROOT=/newroot

mount -t proc proc /proc || die "cannot mount /proc"
mount -t sysfs sysfs /sys || die "cannot mount /sys"
mount -t devtmpfs devtmpfs /dev || die "cannot mount /dev"

for module in $(cat /modules/order); do
    insmod "/modules/$module" || die "cannot load $module"
done

root_tag=$(arg root_tag) || exit 1
run_tag=$(arg run_tag) || exit 1
run_dir=$(arg run_dir) || exit 1
modules=$(arg modules) || exit 1
runner=$(arg runner) || exit 1

mkdir -p /lower /rw "$NEW_ROOT"
mount -t 9p -o "trans=virtio,version=9p2000.L,msize=$MSIZE,cache=loose,ro" "$root_tag" /lower ||
    die "cannot mount the host's root filesystem (9p tag $root_tag)"
mount -t tmpfs -o mode=0755 tmpfs /rw || die "cannot mount the tmpfs for the overlay"
mkdir -p /rw/upper /rw/work
mount -t overlay -o lowerdir=/lower,upperdir=/rw/upper,workdir=/rw/work overlay "$NEW_ROOT" ||
    die "cannot mount the overlay on the host's root filesystem"

# What a chroot needs that the host's root does not bring: fresh /proc, /sys, /dev, /run. /tmp stays the host's
# (writable through the overlay): a checkout there, as CI's clean clone may be, must be visible in the guest.
cd "$NEW_ROOT" || die "no $NEW_ROOT"
mount -t proc proc proc && mount -t sysfs sysfs sys && mount -t devtmpfs devtmpfs dev ||
    die "cannot mount /proc, /sys or /dev in the new root"
mkdir -p dev/pts dev/shm
mount -t devpts devpts dev/pts && mount -t tmpfs -o mode=1777 tmpfs dev/shm ||
    die "cannot mount /dev/pts or /dev/shm in the new root"
ln -sfn /proc/self/fd dev/fd
ln -sfn /proc/self/fd/0 dev/stdin
ln -sfn /proc/self/fd/1 dev/stdout
ln -sfn /proc/self/fd/2 dev/stderr
mount -t tmpfs -o mode=0755 tmpfs run || die "cannot mount /run in the new root"

# The guest kernel's modules, for modprobe in the new root (the host's are for another kernel).
abi=$(uname -r)
[ -d ".$modules" ] || die "no $modules in the host's root filesystem (run guest.sh prepare)"
mkdir -p "lib/modules/$abi" && mount --bind ".$modules" "lib/modules/$abi" ||
    die "cannot mount $modules at /lib/modules/$abi"

mkdir -p ".$run_dir" && mount -t 9p -o "trans=virtio,version=9p2000.L,msize=$MSIZE" "$run_tag" ".$run_dir" ||
    die "cannot mount the run directory (9p tag $run_tag) at $run_dir"
cd /

chroot "$NEW_ROOT" /bin/bash "$runner" "$run_dir" || say "$runner exited $?"
poweroff -f
