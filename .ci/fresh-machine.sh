#!/usr/bin/env bash
# Runs the README's test command (.ci/run) the way a fresh Debian 12 machine would: in a chroot made with
# debootstrap that has only what such a machine has (gcc, Maven 3.8, OpenJDK 17 as the default java, a Temurin
# JDK 25 copied from this machine's /usr/lib/jvm), no DPDK, no hugepages reserved, hugetlbfs not mounted and an
# empty ~/.m2, on a clean clone of this repository's HEAD. The project's own scripts must install and set up the
# rest. Not part of .ci/run: a maintainer's check, as root, with egress to deb.debian.org and Maven Central.
#
#   .ci/fresh-machine.sh [DIR]     DIR: where the chroot goes (default /srv/jdpdk-fresh; made afresh)
#
# It sets this machine's 2 MB hugepages to 0 first (a fresh machine has none; the test command reserves them again)
# and copies the host's extra CA certificates (/usr/local/share/ca-certificates) into the chroot, for a network that
# needs them. Prints the test command's output and exits with its code.
set -euo pipefail

root=${1:-/srv/jdpdk-fresh}
repo=$(cd "$(dirname "$0")/.." && pwd)
jdk=$(ls -d /usr/lib/jvm/*25* 2>/dev/null | head -1)
[ "$(id -u)" = 0 ] || { echo "fresh-machine: run as root (debootstrap, chroot, mounts)" >&2; exit 2; }
[ -n "$jdk" ] || { echo "fresh-machine: no JDK 25 under /usr/lib/jvm to copy into the chroot" >&2; exit 2; }

unmount() {
	for m in dev/hugepages dev/shm dev/pts dev sys proc; do
		mountpoint -q "$root/$m" && umount "$root/$m" || true
	done
}
trap unmount EXIT

unmount
rm -rf "$root"
command -v debootstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq debootstrap >/dev/null; }
echo "fresh-machine: debootstrap bookworm into $root"
debootstrap --include=git,gcc,g++,make,maven,openjdk-17-jdk-headless,ca-certificates,procps,python3,kmod,iproute2,curl,xz-utils,file \
	bookworm "$root" http://deb.debian.org/debian >"$root.debootstrap.log" 2>&1 ||
	{ tail -20 "$root.debootstrap.log" >&2; exit 1; }
cat >"$root/etc/apt/sources.list" <<EOF
deb http://deb.debian.org/debian bookworm main
deb http://deb.debian.org/debian bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
	cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
	chroot "$root" update-ca-certificates >/dev/null 2>&1
fi
mkdir -p "$root/usr/lib/jvm"
cp -a "$jdk" "$root/usr/lib/jvm/"
git clone -q "$repo" "$root/root/jdpdk"
echo "fresh-machine: $(git -C "$root/root/jdpdk" log --oneline -1)"

mount -t proc proc "$root/proc"
mount -t sysfs sys "$root/sys"
mount -t devtmpfs none "$root/dev"
mkdir -p "$root/dev/pts" "$root/dev/shm"
mount -t devpts devpts "$root/dev/pts"
mount -t tmpfs tmpfs "$root/dev/shm"
cp /etc/resolv.conf "$root/etc/resolv.conf"
echo 0 >/proc/sys/vm/nr_hugepages

start=$(date +%s)
set +e
chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
	TERM=dumb CI=true /bin/bash -c 'cd /root/jdpdk && .ci/run'
code=$?
set -e
echo "fresh-machine: .ci/run exited $code after $(( $(date +%s) - start )) s"
exit $code
