#!/usr/bin/env bash
# Boots a QEMU test guest that runs this host's own root filesystem (its DPDK, JDK and checkout),
# with emulated NICs on vfio-pci behind a virtual IOMMU, and runs one command in it.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly HERE
# shellcheck source=lib.sh
source "$HERE/lib.sh"

readonly CACHE=${JDPDK_VM_CACHE:-/var/cache/jdpdk-vm}
readonly KERNEL_METAPACKAGE=linux-image-amd64
# What init.sh needs to reach the host's root; modprobe loads the rest from the host's kmod.
readonly INITRAMFS_MODULES=(virtio_pci 9pnet_virtio 9p overlay)
readonly TOOLS=(qemu-system-x86_64 busybox depmod cpio)
readonly ROOT_TAG=hostroot RUN_TAG=jdpdkrun GUEST_RUN_DIR=/run/jdpdk-vm
readonly FIRST_NIC_SLOT=3 MAX_NICS=8
readonly DEFAULT_PORT_BASE=${JDPDK_VM_PORT_BASE:-47000}
readonly STATUS_TIMEOUT=124 STATUS_HARNESS=125

usage() {
    cat <<USAGE
usage: $(basename "$0") prepare
       $(basename "$0") run [OPTIONS] -- COMMAND [ARGS...]

prepare  installs what is missing of qemu-system-x86 busybox-static kmod cpio
         (../install-deps.sh --vm-tools), downloads the Debian kernel that
         $KERNEL_METAPACKAGE depends on and builds a small initramfs for it, under
         $CACHE (JDPDK_VM_CACHE overrides). Only what is missing or stale is
         redone. Prints the kernel and initramfs paths.

run      boots the guest (QEMU TCG, q35 with an Intel IOMMU; prepares first if needed)
         and runs COMMAND in it as root: in the host's root filesystem, read-only with
         a tmpfs on top (whatever COMMAND writes is gone afterwards), in the current
         directory, with 2 MB hugepages mounted at /dev/hugepages and the NICs bound to
         vfio-pci. COMMAND's stdout and stderr come out here as it runs, and its exit
         status becomes this script's. The guest powers off when COMMAND ends.

  --nic MODEL[:PORT]  add a NIC: e1000e, virtio (virtio-net-pci, modern, behind the
                      IOMMU) or vmxnet3; up to $MAX_NICS. NIC i is PCI 0000:00:0X.0 with
                      X = $FIRST_NIC_SLOT + i, MAC 52:54:00:00:01:0i. QEMU takes the frames
                      for it from UDP 127.0.0.1:PORT and sends what it transmits to
                      127.0.0.1:PORT+1, one datagram per Ethernet frame
                      (default PORT: $DEFAULT_PORT_BASE + 2i; JDPDK_VM_PORT_BASE overrides)
  --host CMD          run the shell command CMD on the host once COMMAND has started,
                      and close COMMAND's stdin when CMD ends; CMD gets JDPDK_VM_NICS
                      (PORT:PORT+1 per NIC, comma-separated), JDPDK_VM_MACS,
                      JDPDK_VM_PCI, and JDPDK_VM_STDIN: a file whatever CMD appends to
                      goes to COMMAND's stdin (e.g. testpmd -i commands). Without
                      --host, COMMAND's stdin is this script's
  --timeout SECONDS   kill the guest after this long (default 300)
  --mem SIZE          guest memory, as QEMU's -m takes it (default 2G)
  --cpus N            guest CPUs (default 2)
  --cpu MODEL         QEMU CPU model (default max; DPDK needs SSE4.2, e.g. Nehalem)
  --hugepages SIZE    2 MB hugepages to reserve in the guest (default 512M; 0: none,
                      and hugetlbfs not mounted)
  --no-iommu          no virtual IOMMU (and intel_iommu=off): for vfio's no-IOMMU
                      mode; virtio NICs need the IOMMU
  --no-bind           leave the NICs without a driver and vfio-pci unloaded, for
                      COMMAND to bind (hugepage-setup/bind-nic.sh)
  --env NAME=VALUE    add to COMMAND's environment (which otherwise has only PATH,
                      HOME=/root, LANG=C.UTF-8 and TERM=dumb)
  --keep              keep the run directory (console log, setup log) and print it
  --verbose           show the guest's console and setup log here as well
  -h, --help          show this help

Exit status: COMMAND's; else CMD's (--host) when CMD failed; $STATUS_TIMEOUT on timeout;
$STATUS_HARNESS when the guest could not run COMMAND. Needs root (QEMU shares / with the guest).
USAGE
}

# ---- prepare -------------------------------------------------------------------------------------

have_tools() {
    local tool
    for tool in "${TOOLS[@]}"; do
        command -v "$tool" >/dev/null 2>&1 || return 1
    done
}

install_tools() {
    "$HERE/../install-deps.sh" --vm-tools || die "could not install what the guest needs (see above)"
    have_tools || die "still missing one of: ${TOOLS[*]} after ../install-deps.sh --vm-tools"
}

# Name of the kernel package the metapackage depends on now, e.g. linux-image-6.1.0-56-amd64.
kernel_package() {
    apt-cache depends "$KERNEL_METAPACKAGE" 2>/dev/null |
        sed -n 's/^ *Depends: \(linux-image-[^ <>]*\)$/\1/p' | head -n 1
}

candidate_version() {
    apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: //p'
}

apt_update() {
    say "apt-get update (to find $KERNEL_METAPACKAGE)"
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 -qq update >&2 ||
        die "apt-get update failed; check access to the Debian package mirrors"
}

# Downloads the .deb of package $1 into directory $2.
download_package() {
    local package=$1 dir=$2
    # apt drops root to _apt for downloads; let it write there (else it warns and runs as root).
    if id _apt >/dev/null 2>&1; then
        chown _apt "$dir"
    fi
    (cd "$dir" && apt-get -qq download "$package") >&2
}

# Unpacked kernel package (with modules.dep), cached as $CACHE/PACKAGE_VERSION; prints its path.
ensure_kernel() {
    local package version dir tmp debs abi
    package=$(kernel_package)
    if [[ -z "$package" ]]; then
        apt_update
        package=$(kernel_package)
        [[ -n "$package" ]] || die "apt-cache knows no $KERNEL_METAPACKAGE, so no kernel for the guest"
    fi
    version=$(candidate_version "$package")
    [[ -n "$version" && "$version" != "(none)" ]] || die "apt-cache has no version of $package to download"
    dir=$CACHE/${package}_${version//:/%}
    if [[ -f "$dir/.complete" ]]; then
        echo "$dir"
        return
    fi

    mkdir -p "$CACHE"
    tmp=$(mktemp -d "$CACHE/.download.XXXXXX")
    say "downloading $package $version"
    if ! download_package "$package" "$tmp"; then
        apt_update
        package=$(kernel_package)
        version=$(candidate_version "$package")
        dir=$CACHE/${package}_${version//:/%}
        download_package "$package" "$tmp" ||
            { rm -rf "$tmp"; die "could not download $package (apt-get's reason is above)"; }
    fi
    debs=("$tmp"/*.deb)
    [[ -f "${debs[0]}" ]] || { rm -rf "$tmp"; die "apt-get download left no .deb of $package"; }
    dpkg -x "${debs[0]}" "$tmp/root" || { rm -rf "$tmp"; die "could not unpack ${debs[0]}"; }
    abi=$(kernel_abi "$tmp/root") || { rm -rf "$tmp"; exit 1; }
    # The package leaves modules.dep to its postinst; modprobe and the initramfs need it.
    depmod -b "$tmp/root" "$abi" || { rm -rf "$tmp"; die "depmod failed for $package"; }
    rm -rf "$dir"
    mv "$tmp/root" "$dir"
    rm -rf "$tmp"
    : >"$dir/.complete"
    say "unpacked $package $version into $dir"

    # Older kernels and their initramfs are of no more use.
    local old
    for old in "$CACHE"/linux-image-*; do
        [[ "$old" == "$dir" || ! -d "$old" ]] || rm -rf "$old"
    done
    for old in "$CACHE"/initramfs-*; do
        [[ "$old" == "$CACHE/initramfs-$abi".* ]] || rm -f "$old"
    done
    echo "$dir"
}

# The ABI (uname -r) of the unpacked kernel package in $1.
kernel_abi() {
    local dirs=("$1"/lib/modules/*)
    ((${#dirs[@]} == 1)) && [[ -d "${dirs[0]}" ]] ||
        { say "expected one kernel in $1/lib/modules, found: ${dirs[*]##*/}"; return 1; }
    [[ -f "$1/boot/vmlinuz-${dirs[0]##*/}" ]] ||
        { say "no $1/boot/vmlinuz-${dirs[0]##*/}"; return 1; }
    echo "${dirs[0]##*/}"
}

# Prints the module files (relative to $1, the modules directory) that INITRAMFS_MODULES need, in
# load order. Built-in modules are skipped.
module_load_order() {
    local moddir=$1
    awk -v wanted="${INITRAMFS_MODULES[*]}" -v builtin_file="$moddir/modules.builtin" '
        function name_of(path,    n) {
            n = path; sub(/.*\//, "", n); sub(/\.ko(\.[a-z]+)?$/, "", n); gsub(/-/, "_", n); return n
        }
        function visit(path,    parts, count, i) {
            if (path in seen) return
            seen[path] = 1
            count = split(deps[path], parts, " ")
            for (i = 1; i <= count; i++) visit(parts[i])
            print path
        }
        FILENAME == builtin_file { builtin[name_of($0)] = 1; next }
        {
            path = $1; sub(/:$/, "", path)
            rest = $0; sub(/^[^:]*:[ ]*/, "", rest)
            deps[path] = rest
            by_name[name_of(path)] = path
        }
        END {
            count = split(wanted, names, " ")
            for (i = 1; i <= count; i++) {
                name = names[i]; gsub(/-/, "_", name)
                if (name in by_name) visit(by_name[name])
                else if (!(name in builtin)) { print "no module " names[i] > "/dev/stderr"; exit 1 }
            }
        }' "$moddir/modules.builtin" "$moddir/modules.dep"
}

# What the initramfs is built from; a different one means a rebuild.
initramfs_recipe() {
    local moddir=$1
    printf 'kernel %s\n' "$moddir"
    printf 'busybox %s\n' "$(busybox 2>&1 | head -n 1)"
    printf 'init %s\n' "$(sha256sum <"$HERE/init.sh")"
    printf 'modules %s\n' "${INITRAMFS_MODULES[*]}"
}

# Builds $CACHE/initramfs-ABI.cpio.gz unless it is there and current; prints its path.
ensure_initramfs() {
    local kernel_dir=$1 abi moddir out recipe tmp busybox_path path name
    abi=$(kernel_abi "$kernel_dir") || exit 1
    moddir=$kernel_dir/lib/modules/$abi
    out=$CACHE/initramfs-$abi.cpio.gz
    recipe=$(initramfs_recipe "$moddir")
    if [[ -f "$out" && "$(cat "$out.recipe" 2>/dev/null || true)" == "$recipe" ]]; then
        echo "$out"
        return
    fi

    say "building $out"
    tmp=$(mktemp -d "$CACHE/.initramfs.XXXXXX")
    mkdir -p "$tmp"/{bin,dev,proc,sys,modules}
    busybox_path=$(command -v busybox)
    # Static, so the initramfs needs no libraries (busybox-static, not the dynamic busybox).
    if ldd "$busybox_path" >/dev/null 2>&1; then
        rm -rf "$tmp"
        die "$busybox_path is dynamically linked; install busybox-static"
    fi
    cp "$busybox_path" "$tmp/bin/busybox"
    cp "$HERE/init.sh" "$tmp/init"
    chmod 0755 "$tmp/init"
    local order
    order=$(module_load_order "$moddir") || { rm -rf "$tmp"; die "cannot resolve the initramfs modules in $moddir"; }
    while read -r path; do
        [[ -n "$path" ]] || continue
        name=${path##*/}
        # busybox insmod takes plain .ko files only.
        case "$name" in
            *.ko) cp "$moddir/$path" "$tmp/modules/$name" ;;
            *.ko.xz) xz -dc "$moddir/$path" >"$tmp/modules/${name%.xz}" ;;
            *.ko.zst) zstd -qdc "$moddir/$path" >"$tmp/modules/${name%.zst}" ;;
            *.ko.gz) gzip -dc "$moddir/$path" >"$tmp/modules/${name%.gz}" ;;
            *) rm -rf "$tmp"; die "module of unknown kind: $path" ;;
        esac
        printf '%s\n' "${name%.ko*}.ko" >>"$tmp/modules/order"
    done <<<"$order"
    (cd "$tmp" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -9) >"$out.tmp" ||
        { rm -rf "$tmp" "$out.tmp"; die "could not pack the initramfs"; }
    rm -rf "$tmp"
    mv "$out.tmp" "$out"
    printf '%s\n' "$recipe" >"$out.recipe"
    echo "$out"
}

# Sets KERNEL_DIR, KERNEL, INITRAMFS, MODULES_DIR, doing what is missing.
prepare() {
    ((EUID == 0)) || die "need to be root (to install packages and share / with the guest): sudo $0 $*"
    if [[ "${1:-}" == --install ]] || ! have_tools; then
        install_tools
    fi
    KERNEL_DIR=$(ensure_kernel)
    local abi
    abi=$(kernel_abi "$KERNEL_DIR") || exit 1
    KERNEL=$KERNEL_DIR/boot/vmlinuz-$abi
    MODULES_DIR=$KERNEL_DIR/lib/modules/$abi
    INITRAMFS=$(ensure_initramfs "$KERNEL_DIR")
}

# ---- run -----------------------------------------------------------------------------------------

nic_device() {
    case "$1" in
        e1000e) echo e1000e ;;
        virtio | virtio-net | virtio-net-pci)
            # Modern-only and translated by the IOMMU, as a vfio-pci device needs it.
            echo virtio-net-pci,disable-legacy=on,iommu_platform=on,ats=on ;;
        vmxnet3) echo vmxnet3 ;;
        *) return 1 ;;
    esac
}

# Path ($1) that can go on the kernel command line as it is.
plain_path() {
    [[ "$1" =~ ^/[A-Za-z0-9._/+%:-]*$ ]] ||
        die "$1: the guest's init takes paths without spaces or special characters"
}

nic_models=()
nic_ports=()
host_cmd=""
timeout=300
mem=2G
cpus=2
cpu=max
hugepages=256 # 2 MB pages
extra_env=()
keep=false
verbose=false
iommu=true
bind=true

parse_run_options() {
    local model port
    while (($# > 0)); do
        case "$1" in
            --nic | --host | --timeout | --mem | --cpus | --cpu | --hugepages | --env)
                (($# >= 2)) || die "$1 needs a value (see --help)" ;;&
            --nic)
                model=${2%%:*}
                if [[ "$2" == *:* ]]; then
                    port=${2#*:}
                else
                    port=$((DEFAULT_PORT_BASE + 2 * ${#nic_models[@]}))
                fi
                nic_device "$model" >/dev/null || die "unknown NIC model $model (e1000e, virtio or vmxnet3)"
                [[ "$port" =~ ^[0-9]+$ ]] && ((port >= 1024 && port < 65535)) ||
                    die "--nic $2: PORT must be a number from 1024 to 65534"
                ((${#nic_models[@]} < MAX_NICS)) || die "at most $MAX_NICS NICs"
                nic_models+=("$model")
                nic_ports+=("$port")
                shift
                ;;
            --host) host_cmd=$2; shift ;;
            --timeout)
                [[ "$2" =~ ^[0-9]+$ ]] && (($2 > 0)) || die "--timeout takes whole seconds, not $2"
                timeout=$2
                shift
                ;;
            --mem) mem=$2; shift ;;
            --cpus)
                [[ "$2" =~ ^[0-9]+$ ]] && (($2 > 0)) || die "--cpus takes a number, not $2"
                cpus=$2
                shift
                ;;
            --cpu) cpu=$2; shift ;;
            --hugepages)
                [[ "${2^^}" =~ ^([0-9]+)([MG])$ ]] ||
                    die "--hugepages takes a size in M or G, e.g. 512M, not $2"
                hugepages=${BASH_REMATCH[1]}
                [[ ${BASH_REMATCH[2]} == G ]] && hugepages=$((hugepages * 1024))
                hugepages=$((hugepages / 2))
                ((hugepages > 0 || BASH_REMATCH[1] == 0)) || die "--hugepages $2 is less than one 2 MB page"
                shift
                ;;
            --env)
                [[ "$2" =~ ^[A-Za-z_][A-Za-z0-9_]*= ]] || die "--env takes NAME=VALUE, not $2"
                extra_env+=("$2")
                shift
                ;;
            --no-iommu) iommu=false ;;
            --no-bind) bind=false ;;
            --keep) keep=true ;;
            --verbose) verbose=true ;;
            -h | --help) usage; exit 0 ;;
            --) shift; break ;;
            *) usage >&2; die "unknown option: $1 (the command goes after --)" ;;
        esac
        shift
    done
    (($# > 0)) || { usage >&2; die "no command given (after --)"; }
    COMMAND=("$@")
}

pci_address() { printf '0000:00:%02x.0' $((FIRST_NIC_SLOT + $1)); }
mac_address() { printf '52:54:00:00:01:%02x' "$1"; }

# State of a run, for cleanup.
run_dir=""
qemu_pid=""
host_pid=""
stdin_pid=""
tail_pids=()

cleanup() {
    local pid
    if [[ -n "$host_pid" ]] && kill -0 "$host_pid" 2>/dev/null; then
        kill -TERM -- "-$host_pid" 2>/dev/null || true
    fi
    if [[ -n "$qemu_pid" ]] && kill -0 "$qemu_pid" 2>/dev/null; then
        kill -TERM "$qemu_pid" 2>/dev/null || true
        wait "$qemu_pid" 2>/dev/null || true
    fi
    for pid in "${tail_pids[@]}" $stdin_pid; do
        kill "$pid" 2>/dev/null || true
    done
    if [[ -n "$run_dir" ]]; then
        if $keep; then
            say "run directory kept: $run_dir"
        else
            rm -rf "$run_dir"
        fi
    fi
}

# Writes run.env, which guest-run.sh sources; $@ are the NICs' PCI addresses.
write_run_env() {
    {
        echo "# Written by guest.sh for guest-run.sh."
        printf 'NICS=(%s)\n' "${*@Q}"
        printf 'HUGEPAGES=%q\n' "$hugepages"
        printf 'WORKDIR=%q\n' "$PWD"
        printf 'COMMAND_ENV=(%s)\n' "$(printf '%q ' "PATH=$GUEST_PATH" HOME=/root LANG=C.UTF-8 TERM=dumb "${extra_env[@]}")"
        printf 'COMMAND=(%s)\n' "$(printf '%q ' "${COMMAND[@]}")"
    } >"$run_dir/$RUN_ENV"
}

# Fills QEMU_ARGS.
qemu_args() {
    local console=quiet i device iommu_args="intel_iommu=off" iommu_device=()
    $verbose && console=""
    if $iommu; then
        iommu_args="intel_iommu=on iommu=pt"
        iommu_device=(-device intel-iommu,intremap=on,aw-bits=48)
    fi
    QEMU_ARGS=(
        -machine q35,kernel-irqchip=split
        # One TCG thread: with one per vCPU the guest's JVM crashed about one run in six.
        -accel tcg,thread=single -cpu "$cpu" -smp "$cpus" -m "$mem"
        "${iommu_device[@]}"
        -nodefaults -no-user-config -display none -no-reboot
        -serial "file:$run_dir/console.log"
        -kernel "$KERNEL" -initrd "$INITRAMFS"
        -append "console=ttyS0 $iommu_args panic=-1 init_on_alloc=0 $console jdpdk.root_tag=$ROOT_TAG jdpdk.run_tag=$RUN_TAG jdpdk.run_dir=$GUEST_RUN_DIR jdpdk.modules=$MODULES_DIR jdpdk.runner=$HERE/guest-run.sh"
        -fsdev "local,id=$ROOT_TAG,path=/,security_model=none,readonly=on,multidevs=remap"
        -device "virtio-9p-pci,fsdev=$ROOT_TAG,mount_tag=$ROOT_TAG,addr=0x10"
        -fsdev "local,id=$RUN_TAG,path=$run_dir,security_model=none"
        -device "virtio-9p-pci,fsdev=$RUN_TAG,mount_tag=$RUN_TAG,addr=0x11"
    )
    for i in "${!nic_models[@]}"; do
        [[ "${nic_models[i]}" != virtio ]] || $iommu ||
            die "a virtio NIC here is translated by the IOMMU (iommu_platform=on): not with --no-iommu"
        device=$(nic_device "${nic_models[i]}")
        QEMU_ARGS+=(
            -netdev "socket,id=nic$i,udp=127.0.0.1:$((nic_ports[i] + 1)),localaddr=127.0.0.1:${nic_ports[i]}"
            # romfile= : no PXE option ROM, which nothing here boots from.
            -device "$device,netdev=nic$i,addr=$(printf '0x%x' $((FIRST_NIC_SLOT + i))),mac=$(mac_address "$i"),romfile="
        )
    done
}

show_file_tail() {
    local title=$1 file=$2
    [[ -s "$file" ]] || return 0
    say "$title:"
    tail -n 40 "$file" | sed 's/\r$//; s/^/  | /' >&2
}

run() {
    parse_run_options "$@"
    prepare
    plain_path "$MODULES_DIR"
    plain_path "$HERE/guest-run.sh"

    local started=false timed_out=false host_status="" status i
    local start=$SECONDS
    run_dir=$(mktemp -d "${TMPDIR:-/tmp}/jdpdk-vm.XXXXXX")
    trap cleanup EXIT
    trap 'say "interrupted: stopping the guest"; exit 130' INT
    trap 'say "terminated: stopping the guest"; exit 143' TERM
    : >"$run_dir/$RUN_STDIN"
    : >"$run_dir/$RUN_STDOUT"
    : >"$run_dir/$RUN_STDERR"
    : >"$run_dir/$RUN_SETUP_LOG"
    : >"$run_dir/console.log"

    local nics=() macs=() addresses=()
    for i in "${!nic_models[@]}"; do
        nics+=("${nic_ports[i]}:$((nic_ports[i] + 1))")
        macs+=("$(mac_address "$i")")
        addresses+=("$(pci_address "$i")")
        say "NIC $i: ${nic_models[i]} at ${addresses[i]}, MAC ${macs[i]}; send its frames to 127.0.0.1:${nic_ports[i]}, get what it sends on 127.0.0.1:$((nic_ports[i] + 1))"
    done
    if $bind; then
        write_run_env "${addresses[@]}"
    else
        write_run_env
    fi

    qemu_args
    qemu-system-x86_64 "${QEMU_ARGS[@]}" </dev/null >"$run_dir/qemu.log" 2>&1 &
    qemu_pid=$!
    say "booting the guest (QEMU pid $qemu_pid, timeout ${timeout}s): ${COMMAND[*]}"

    # These end with QEMU, after a last read.
    tail -q -n +1 -s 0.2 --pid="$qemu_pid" -f "$run_dir/$RUN_STDOUT" &
    tail_pids+=($!)
    tail -q -n +1 -s 0.2 --pid="$qemu_pid" -f "$run_dir/$RUN_STDERR" >&2 &
    tail_pids+=($!)
    if $verbose; then
        tail -q -n +1 -s 0.2 --pid="$qemu_pid" -f "$run_dir/console.log" "$run_dir/$RUN_SETUP_LOG" >&2 &
        tail_pids+=($!)
    fi
    if [[ -z "$host_cmd" ]]; then
        # COMMAND's stdin is ours; fd 3, as a background job's stdin would be /dev/null.
        exec 3<&0
        cat <&3 >>"$run_dir/$RUN_STDIN" &
        stdin_pid=$!
        exec 3<&-
    fi

    while kill -0 "$qemu_pid" 2>/dev/null; do
        if ((SECONDS - start >= timeout)); then
            timed_out=true
            kill -TERM "$qemu_pid" 2>/dev/null || true
            break
        fi
        if ! $started && [[ -e "$run_dir/$RUN_STARTED" ]]; then
            started=true
            say "command started in the guest after $((SECONDS - start)) s"
            if [[ -n "$host_cmd" ]]; then
                JDPDK_VM_NICS=$(IFS=,; echo "${nics[*]}") JDPDK_VM_MACS=$(IFS=,; echo "${macs[*]}") \
                    JDPDK_VM_PCI=$(IFS=,; echo "${addresses[*]}") JDPDK_VM_STDIN=$run_dir/$RUN_STDIN \
                    setsid bash -c "$host_cmd" </dev/null &
                host_pid=$!
                say "host command started (pid $host_pid): $host_cmd"
            fi
        fi
        if [[ -n "$stdin_pid" ]] && ! kill -0 "$stdin_pid" 2>/dev/null; then
            stdin_pid=""
            : >"$run_dir/$RUN_STDIN_CLOSED" # our stdin ended
        fi
        if [[ -n "$host_pid" && -z "$host_status" ]] && ! kill -0 "$host_pid" 2>/dev/null; then
            host_status=0
            wait "$host_pid" || host_status=$?
            say "host command exited $host_status; closing the command's stdin"
            : >"$run_dir/$RUN_STDIN_CLOSED"
        fi
        sleep 0.2
    done
    wait "$qemu_pid" 2>/dev/null || true
    qemu_pid=""
    if [[ -n "$stdin_pid" ]]; then
        kill "$stdin_pid" 2>/dev/null || true # still reading our stdin
        stdin_pid=""
    fi
    for i in "${!tail_pids[@]}"; do
        wait "${tail_pids[i]}" 2>/dev/null || true
    done
    tail_pids=()

    if [[ -n "$host_pid" && -z "$host_status" ]]; then
        if kill -0 "$host_pid" 2>/dev/null; then
            say "the guest stopped before the host command; stopping it"
            kill -TERM -- "-$host_pid" 2>/dev/null || true
        fi
        host_status=0
        wait "$host_pid" || host_status=$?
        say "host command exited $host_status"
    fi
    host_pid=""

    if $timed_out; then
        $verbose || show_file_tail "guest console" "$run_dir/console.log"
        say "timed out after ${timeout}s: killed the guest$($started && echo ", with the command still running" || echo " before the command started")"
        exit "$STATUS_TIMEOUT"
    fi
    if [[ -e "$run_dir/$RUN_SETUP_FAILED" ]]; then
        $verbose || show_file_tail "guest setup" "$run_dir/$RUN_SETUP_LOG"
        say "the guest could not set up for the command (hugepages, vfio-pci or its directory)"
        exit "$STATUS_HARNESS"
    fi
    if [[ ! -f "$run_dir/$RUN_STATUS" ]]; then
        show_file_tail "QEMU" "$run_dir/qemu.log"
        if grep -qs 'Address already in use' "$run_dir/qemu.log"; then
            say "a NIC's UDP port is taken (another guest?): pick others with --nic MODEL:PORT or JDPDK_VM_PORT_BASE"
        fi
        $verbose || show_file_tail "guest console" "$run_dir/console.log"
        $verbose || show_file_tail "guest setup" "$run_dir/$RUN_SETUP_LOG"
        say "the guest stopped without the command's exit status$($started && echo " (the command started)" || echo " (the command never started)")"
        exit "$STATUS_HARNESS"
    fi
    status=$(<"$run_dir/$RUN_STATUS")
    say "command exited $status in the guest; the run took $((SECONDS - start)) s"
    if ((status != 0)); then
        exit "$status"
    fi
    exit "${host_status:-0}"
}

case "${1:-}" in
    prepare)
        shift
        (($# == 0)) || { usage >&2; die "prepare takes no arguments"; }
        prepare --install
        printf 'kernel     %s\ninitramfs  %s\nmodules    %s\n' "$KERNEL" "$INITRAMFS" "$MODULES_DIR"
        ;;
    run)
        shift
        ((EUID == 0)) || die "need to be root: QEMU shares / with the guest (sudo $0 run ...)"
        run "$@"
        ;;
    -h | --help) usage ;;
    "") usage >&2; die "say prepare or run" ;;
    *) usage >&2; die "unknown command: $1" ;;
esac
