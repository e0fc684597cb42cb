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

# Prints the full Java version of the JDK in $1 (e.g. 25.0.3), or nothing.
jdk_version() {
    local dir=$1 version=""
    if [[ -r "$dir/release" ]]; then
        version=$(sed -n 's/^JAVA_VERSION="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$dir/release")
    fi
    if [[ -z "$version" ]]; then
        version=$("$dir/bin/java" -XshowSettings:properties -version 2>&1 |
            sed -n 's/^ *java\.specification\.version = *//p') || true
    fi
    printf '%s' "$version"
}

# Major version of a Java version string: 25.0.3 -> 25, 1.8.0_392 -> 8.
major_of() {
    local version=$1
    [[ "$version" == 1.* ]] && version=${version#1.}
    version=${version%%[!0-9]*}
    printf '%s' "${version:-0}"
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
        version=$(jdk_version "$home")
        if (($(major_of "$version") >= MIN_MAJOR)); then
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
    version=$(jdk_version "$dir")
    (($(major_of "$version") >= MIN_MAJOR)) || continue
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
