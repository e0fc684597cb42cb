#!/usr/bin/env bash
# Reserves, shows and clears hugepages for DPDK, through the dpdk-hugepages.py that DPDK ships.
set -euo pipefail

readonly MOUNT_2M=/dev/hugepages      # where dpdk-hugepages.py mounts by default
readonly MOUNT_1G=/dev/hugepages1G
readonly SYS_HUGEPAGES=/sys/kernel/mm/hugepages
readonly SYS_NODES=/sys/devices/system/node
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly HERE

usage() {
    cat <<USAGE
usage: $(basename "$0") --show
       $(basename "$0") --setup SIZE [--1g N] [--node N]
       $(basename "$0") --1g N [--node N]
       $(basename "$0") --clear

  --show        print the hugepage reservations and mounts (dpdk-hugepages.py --show)
  --setup SIZE  make sure SIZE (512M, 1G, 2G... as dpdk-hugepages.py takes it) of
                2 MB hugepages is free and hugetlbfs is mounted at $MOUNT_2M;
                reserves only what is missing and never shrinks a reservation
  --1g N        make sure N 1 GB hugepages are free, mounted at $MOUNT_1G
                (only where the kernel offers 1 GB pages)
  --node N      reserve on NUMA node N only; without it every node gets SIZE,
                as with dpdk-hugepages.py
  --clear       release all hugepages and unmount $MOUNT_2M and $MOUNT_1G
  -h, --help    show this help

Changing anything needs root; when enough is already reserved, nothing is done.
USAGE
}

say() { printf 'jdpdk: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

# The dpdk-hugepages.py that the dpdk package ships.
find_tool() {
    local tool
    tool=$(command -v dpdk-hugepages.py || true)
    [[ -n "$tool" && -f "$tool" && -x "$tool" ]] ||
        die "dpdk-hugepages.py not found; install DPDK first: $HERE/install-deps.sh"
    echo "$tool"
}

dpdk_hugepages() {
    local tool
    tool=$(find_tool)
    "$tool" "$@"
}

# Converts a size as dpdk-hugepages.py takes it (bytes, or a K/M/G suffix) to kB.
size_kb() {
    local arg=${1^^} num unit
    [[ "$arg" =~ ^([0-9]+)([KMG]?)$ ]] || die "$1 is not a valid size; use e.g. 512M, 1G, 2G"
    num=$((10#${BASH_REMATCH[1]}))
    unit=${BASH_REMATCH[2]}
    case "$unit" in
        "") echo $((num / 1024)) ;;
        K) echo "$num" ;;
        M) echo $((num * 1024)) ;;
        G) echo $((num * 1024 * 1024)) ;;
    esac
}

read_count() {
    local value
    value=$(cat "$1" 2>/dev/null || echo 0)
    echo "${value:-0}"
}

# The sysfs directories for page size $1 (in kB) to look at: one per NUMA node
# (or only node $2 when given), or the global one on a kernel without NUMA.
page_dirs() {
    local kb=$1 node=${2:-} dir
    if [[ -n "$node" ]]; then
        dir=$SYS_NODES/node$node/hugepages/hugepages-${kb}kB
        if [[ -d "$dir" ]]; then
            echo "$dir"
        fi
    elif [[ -d "$SYS_NODES" ]]; then
        for dir in "$SYS_NODES"/node*/hugepages/hugepages-"${kb}"kB; do
            if [[ -d "$dir" ]]; then
                echo "$dir"
            fi
        done
    elif [[ -d "$SYS_HUGEPAGES/hugepages-${kb}kB" ]]; then
        echo "$SYS_HUGEPAGES/hugepages-${kb}kB"
    fi
}

# Node number of a per-node sysfs directory, or nothing for the global one.
node_of() {
    if [[ "$1" =~ /node([0-9]+)/ ]]; then
        echo "${BASH_REMATCH[1]}"
    fi
}

# Mount points of hugetlbfs with pages of $1 kB (the kernel writes pagesize=2M, 1024M...).
mounts_with_pagesize() {
    awk -v want="$1" '$3 == "hugetlbfs" {
        n = split($4, opts, ",")
        for (i = 1; i <= n; i++) {
            if (opts[i] !~ /^pagesize=[0-9]+[KMG]$/) continue
            v = substr(opts[i], 10)
            unit = substr(v, length(v))
            kb = v + 0
            if (unit == "M") kb *= 1024
            if (unit == "G") kb *= 1024 * 1024
            if (kb == want) print $2
        }
    }' /proc/mounts
}

all_hugetlbfs_mounts() {
    awk '$3 == "hugetlbfs" { print $2 }' /proc/mounts
}

one_gig_offered() {
    [[ -d "$SYS_HUGEPAGES/hugepages-1048576kB" ]]
}

need_root() {
    ((EUID == 0)) || die "need to be root to reserve hugepages (run: sudo $0 $*)"
}

# ensure_pages KB PAGES LABEL PAGESIZE_ARG MOUNTPOINT NODE
# Makes sure PAGES pages of KB kB are free on each selected node and mounted.
ensure_pages() {
    local kb=$1 want=$2 label=$3 psize=$4 mountpoint=$5 node=$6
    local dirs=() short=() dir nr free total_free=0 mounted
    mapfile -t dirs < <(page_dirs "$kb" "$node")
    ((${#dirs[@]} > 0)) || die "this kernel offers no $label hugepages${node:+ on NUMA node $node}"

    for dir in "${dirs[@]}"; do
        free=$(read_count "$dir/free_hugepages")
        total_free=$((total_free + free))
        ((free >= want)) || short+=("$dir")
    done
    mounted=$(mounts_with_pagesize "$kb" | head -n 1)

    if ((${#short[@]} == 0)) && [[ -n "$mounted" ]]; then
        say "$label hugepages already set up: $total_free free ($((total_free * kb / 1024)) MB), hugetlbfs mounted at $mounted"
        return 0
    fi
    need_root "${ARGS[@]}"

    local node_arg target before after n
    for dir in "${short[@]}"; do
        nr=$(read_count "$dir/nr_hugepages")
        free=$(read_count "$dir/free_hugepages")
        # Keep the pages in use and add enough to have $want free: never shrink.
        target=$((nr - free + want))
        n=$(node_of "$dir")
        node_arg=()
        [[ -n "$n" ]] && node_arg=(--node "$n")
        before=$nr
        say "reserving $label hugepages${n:+ on node $n} to have $((want * kb / 1024)) MB free: $before -> $target pages"
        if ! dpdk_hugepages --pagesize "$psize" "${node_arg[@]}" --reserve "$((target * kb / 1024))M"; then
            after=$(read_count "$dir/nr_hugepages")
            # Give back a partial reservation rather than leave memory stranded.
            dpdk_hugepages --pagesize "$psize" "${node_arg[@]}" --reserve "$((before * kb / 1024))M" || true
            die "could not reserve $((want * kb / 1024)) MB of $label hugepages${n:+ on node $n}: the kernel had only $after of $target pages (too little free or too fragmented memory; try a smaller size, or reserve at boot with hugepages= on the kernel command line)"
        fi
    done

    if [[ -z "$mounted" ]]; then
        mkdir -p "$mountpoint"
        dpdk_hugepages --pagesize "$psize" --mount --directory "$mountpoint"
        mounted=$(mounts_with_pagesize "$kb" | head -n 1)
        [[ -n "$mounted" ]] || die "could not mount hugetlbfs with $label pages at $mountpoint (is something else mounted there?)"
    fi

    total_free=0
    for dir in "${dirs[@]}"; do
        total_free=$((total_free + $(read_count "$dir/free_hugepages")))
    done
    say "$label hugepages ready: $total_free free ($((total_free * kb / 1024)) MB), hugetlbfs mounted at $mounted"
}

do_show() {
    dpdk_hugepages --show
    local dir free=0 nr=0
    while read -r dir; do
        nr=$((nr + $(read_count "$dir/nr_hugepages")))
        free=$((free + $(read_count "$dir/free_hugepages")))
    done < <(page_dirs 2048)
    say "2 MB hugepages: $free of $nr free ($((free * 2)) MB)"
    if one_gig_offered; then
        free=0 nr=0
        while read -r dir; do
            nr=$((nr + $(read_count "$dir/nr_hugepages")))
            free=$((free + $(read_count "$dir/free_hugepages")))
        done < <(page_dirs 1048576)
        say "1 GB hugepages: $free of $nr free; this kernel offers them (reserve with: $0 --1g N)"
    fi
}

do_clear() {
    local dir reserved=0 mp mine=() others=()
    for dir in "$SYS_HUGEPAGES"/hugepages-*; do
        if [[ -d "$dir" ]]; then
            reserved=$((reserved + $(read_count "$dir/nr_hugepages")))
        fi
    done
    while read -r mp; do
        if [[ "$mp" == "$MOUNT_2M" || "$mp" == "$MOUNT_1G" ]]; then
            mine+=("$mp")
        else
            others+=("$mp")
        fi
    done < <(all_hugetlbfs_mounts)

    if ((reserved == 0 && ${#mine[@]} == 0)); then
        say "nothing to clear: no hugepages reserved, $MOUNT_2M and $MOUNT_1G not mounted"
        return 0
    fi
    ((EUID == 0)) || die "need to be root to clear hugepages (run: sudo $0 --clear)"

    # Unmount first: that drops the page files a crashed DPDK process left behind,
    # which would otherwise keep their pages reserved.
    for mp in "${mine[@]}"; do
        dpdk_hugepages --unmount --directory "$mp"
    done
    while read -r mp; do
        if [[ "$mp" == "$MOUNT_2M" || "$mp" == "$MOUNT_1G" ]]; then
            die "$mp is still mounted: a running process uses it (see: grep -l hugepages /proc/[0-9]*/maps); stop it and run --clear again"
        fi
    done < <(all_hugetlbfs_mounts)
    for mp in "${others[@]}"; do
        say "left alone: hugetlbfs mounted at $mp (not a jdpdk mount point)"
    done
    dpdk_hugepages --clear ||
        die "could not release every hugepage: some are still in use (by files under ${others[*]:-another hugetlbfs mount} or a running process)"
    say "hugepages cleared and unmounted"
}

ARGS=("$@")
action=""
size=""
gigs=""
node=""
while (($# > 0)); do
    case "$1" in
        --show | --clear)
            [[ -z "$action" ]] || die "choose one of --show, --setup, --clear"
            action=${1#--}
            ;;
        --setup)
            [[ -z "$action" ]] || die "choose one of --show, --setup, --clear"
            (($# >= 2)) || die "--setup needs a SIZE, e.g. --setup 1G"
            action=setup size=$2
            shift
            ;;
        --1g)
            (($# >= 2)) || die "--1g needs a number of 1 GB pages, e.g. --1g 2"
            [[ "$2" =~ ^[0-9]+$ ]] || die "--1g takes a number of pages, not $2"
            gigs=$((10#$2))
            shift
            ;;
        --node)
            (($# >= 2)) || die "--node needs a NUMA node number"
            [[ "$2" =~ ^[0-9]+$ ]] || die "--node takes a NUMA node number, not $2"
            node=$2
            shift
            ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
    shift
done

[[ -n "$action" || -n "$gigs" ]] || { usage >&2; die "nothing to do: give --show, --setup SIZE, --1g N or --clear"; }
if [[ "$action" == show || "$action" == clear ]] && [[ -n "$gigs$node" ]]; then
    die "--1g and --node go with --setup, not --$action"
fi

case "$action" in
    show) find_tool >/dev/null; do_show ;;
    clear) do_clear ;;
    *)
        find_tool >/dev/null
        if [[ -n "$node" && ! -d "$SYS_NODES/node$node" ]]; then
            die "there is no NUMA node $node (see $SYS_NODES)"
        fi
        if [[ -n "$size" ]]; then
            kb=$(size_kb "$size")
            ((kb > 0 && kb % 2048 == 0)) || die "SIZE must be a positive multiple of 2M, not $size"
            ensure_pages 2048 $((kb / 2048)) "2 MB" 2M "$MOUNT_2M" "$node"
        fi
        if [[ -n "$gigs" ]]; then
            one_gig_offered || die "this kernel offers no 1 GB hugepages ($SYS_HUGEPAGES/hugepages-1048576kB is missing)"
            ((gigs > 0)) || die "--1g needs at least 1 page"
            ensure_pages 1048576 "$gigs" "1 GB" 1G "$MOUNT_1G" "$node"
        elif one_gig_offered; then
            say "this kernel also offers 1 GB hugepages; add --1g N to reserve N of them"
        fi
        ;;
esac
