# shellcheck shell=sh
# scripts/lib.sh - what the development scripts share: the release build command, the
# packages a build and the tests need, and the helpers around them. Sourced, never run:
#
#   . "$repo/scripts/lib.sh"
#
# POSIX sh, because deploy/install.sh is a sh script: no arrays and no `local`, so the
# helpers' own variables start with an underscore. Messages name the calling script.
# Installed scripts (slidelock-relay) and install.sh --no-build (the VM copies deploy/
# alone into its guest) stay self-contained and do not source it.

say() { printf '%s: %s\n' "${SLIDELOCK_SCRIPT:-${0##*/}}" "$*" >&2; }
die() {
    say "$*"
    exit 1
}

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# install_missing PACKAGE[:ARCH]...: apt installs the ones not installed yet. A name without
# an architecture means the native (or arch: all) instance: on a multiarch machine
# libfoo-dev:arm64 alone does not make libfoo-dev installed.
install_missing() {
    _native=$(dpkg --print-architecture)
    # Keeps the missing ones in "$@": each name is shifted off and put back if missing.
    for _p; do
        shift
        _want=$_native _name=$_p
        case $_p in *:*) _want=${_p#*:} _name=${_p%%:*} ;; esac
        dpkg-query -W -f='${Status} ${Architecture}\n' "$_name" 2>/dev/null |
            grep -Eq "^install ok installed ($_want|all)\$" || set -- "$@" "$_p"
    done
    [ $# -eq 0 ] && return 0
    say "installing $*"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# install_build_packages [--arch ARCH] [PACKAGE...]: what a build needs, and the packages
# given: the C libraries reached through pkg-config (their ARCH instances for a cross build)
# and the default label font. libmosquitto is slidelock-mqtt's alone (the lock links no network library).
install_build_packages() {
    _arch=
    if [ "${1:-}" = --arch ]; then
        _arch=:$2
        shift 2
    fi
    install_missing pkg-config fonts-dejavu-core "libdrm-dev$_arch" "libevdev-dev$_arch" \
        "libfreetype-dev$_arch" "libharfbuzz-dev$_arch" "libfontconfig-dev$_arch" "libpng-dev$_arch" \
        "libmosquitto-dev$_arch" "$@"
}

# install_test_packages: a build's, and what the tests need: Noto CJK so the fallback tests
# see Japanese glyphs, systemd for `systemd-analyze verify`, shellcheck for the scripts,
# mosquitto for the bridge's tests (each starts its own broker; a missing one fails them).
install_test_packages() { install_build_packages fonts-noto-cjk systemd shellcheck mosquitto mosquitto-clients; }

# Debian 13 (trixie), and Raspberry Pi OS built on it, package Swift 6.0 as `swiftlang`
# (amd64 and arm64; not armhf). A fresh debootstrap may have no package lists yet, and a
# check reads all of apt's answer: with pipefail, `grep -q` stopping early made apt-cache
# die of SIGPIPE and a present candidate look absent (a clean CI run, trixie chroot).
# The lists are fetched up to three times, and apt's answer is shown when it stays absent.
swiftlang_available() {
    for _try in 1 2 3; do
        apt-cache policy swiftlang 2>/dev/null | grep 'Candidate: [0-9]' >/dev/null && return 0
        [ "$_try" -eq 1 ] || sleep 2
        as_root apt-get update -qq >/dev/null 2>&1 || true
    done
    apt-cache policy swiftlang 2>/dev/null | grep 'Candidate: [0-9]' >/dev/null && return 0
    say "apt has no swiftlang to install: $(apt-cache policy swiftlang 2>&1 | tr -s ' \n' ' ' | cut -c1-160)"
    return 1
}

# find_swift: a Swift on PATH, else $SLIDELOCK_SWIFT_ROOT (default /opt/swift) put on PATH,
# else Debian's swiftlang installed; exits saying what to do when there is none.
find_swift() {
    if command -v swift >/dev/null 2>&1; then return 0; fi
    _root=${SLIDELOCK_SWIFT_ROOT:-/opt/swift}
    if [ -x "$_root/usr/bin/swift" ]; then
        PATH=$_root/usr/bin:$PATH
        export PATH
        return 0
    fi
    if swiftlang_available; then
        install_missing swiftlang
        command -v swift >/dev/null 2>&1 && return 0
    fi
    say "no Swift toolchain found: on Debian 13 / Pi OS (trixie) 64-bit: apt install swiftlang;" \
        "elsewhere install Swift 6 (swift.org, aarch64 or x86_64) and put it on PATH"
    say "32-bit Pi OS (armhf) has no Swift: install the arm64 .deb on a 64-bit Pi OS (deploy/README.md)"
    exit 1
}

# --static-swift-stdlib passes `-lstdc++` to the linker, which needs the -dev package of the
# GCC whose files the Swift driver picks (the newest one installed): libstdc++.a from it in a
# release build (scripts/link/libstdc++.so), libstdc++.so otherwise.
# Debian's swiftlang does not depend on it. Native triple only: a multiarch machine may
# have foreign GCC directories too.
install_static_stdlib_packages() {
    _gcc=$(find /usr/lib/gcc/"$(uname -m)"-linux-gnu* -mindepth 1 -maxdepth 1 -name '[0-9]*' -printf '%f\n' \
        2>/dev/null | sort -n | tail -n 1)
    [ -z "$_gcc" ] || install_missing "libstdc++-$_gcc-dev"
}

# swift_build FLAGS...: `swift build`, quiet when it works (its last line, on stderr); a failed
# build shows all it said, then fails.
swift_build() {
    _log=$(mktemp)
    if swift build "$@" >"$_log" 2>&1; then
        tail -n 1 "$_log" >&2
        rm -f "$_log"
        return 0
    fi
    cat "$_log" >&2
    rm -f "$_log"
    say "swift build $* failed (its output is above)"
    return 1
}

# release_build [FLAGS...]: THE release build, as shipped and as every test of the shipped
# binary runs it: the Swift stdlib linked in statically (a Pi then needs no Swift runtime),
# FLAGS added (a package's linker flags, a cross build's triple). Sets RELEASE_BIN to the
# binary, always linked afresh: SwiftPM relinks when sources change, not when a link input
# such as scripts/link/hot-functions.txt does.
release_build() {
    set -- -c release --static-swift-stdlib "$@"
    RELEASE_BIN=$(swift build "$@" --show-bin-path)/slidelock || {
        say "swift build $* --show-bin-path failed"
        return 1
    }
    rm -f "$RELEASE_BIN"
    swift_build "$@"
}
