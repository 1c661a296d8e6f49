#!/usr/bin/env bash
# A cached Debian 13 (trixie) chroot made by debootstrap: the system Raspberry Pi OS (trixie)
# is built on, with Debian's own Swift (`swiftlang` 6.0.3) one `apt install` away.
#
#   scripts/chroot.sh [--arch amd64|arm64] setup        create it when missing; prints its path
#   scripts/chroot.sh [--arch amd64|arm64] run CMD...   CMD as root inside, this checkout at /src
#   scripts/chroot.sh [--arch amd64|arm64] test         deploy/dev.sh test inside (no VM, no fuzz):
#                                                      installs swiftlang itself, as on a Pi,
#                                                      builds every target and runs the suites of
#                                                      $SLIDELOCK_UNIT_SUITES (default: Core, CLI,
#                                                      MQTT, the bridge)
#
# Cache: $SLIDELOCK_CHROOT_CACHE (default /var/tmp/slidelock-chroot)/trixie-ARCH; the chroot
# keeps what dev.sh installed into it, so only the first run downloads Swift. Every call runs
# in a private mount namespace (unshare): /proc, /sys, /dev, /tmp and /src vanish when it
# ends, however it ends. /src/.build inside is the chroot's own (trixie-ARCH.build in the
# cache), so the host's .build and the host toolchain's objects are never mixed with these.
# arm64 runs every program under qemu-user (binfmt, Debian 12's qemu-user-static): slow.
# Needs root; calls for the same ARCH wait for each other (flock), but for shared ones (below).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cache=${SLIDELOCK_CHROOT_CACHE:-/var/tmp/slidelock-chroot}
mirror=${SLIDELOCK_DEBIAN_MIRROR:-http://deb.debian.org/debian}
arch=amd64

# shellcheck source=lib.sh
. "$repo/scripts/lib.sh"
usage() { sed -n '4,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

while [ $# -gt 0 ]; do
    case $1 in
        --arch) [ $# -ge 2 ] || die "--arch needs amd64 or arm64"; arch=$2; shift ;;
        --arch=*) arch=${1#*=} ;;
        -h | --help) usage ;;
        *) break ;;
    esac
    shift
done
case $arch in amd64 | arm64) ;; *) die "--arch: amd64 or arm64, not $arch" ;; esac
[ $# -ge 1 ] || usage
[ "$(id -u)" -eq 0 ] || die "needs root (debootstrap, chroot, mounts): run it with sudo"

root=$cache/trixie-$arch
build=$cache/trixie-$arch.build

setup() {
    [ -x "$root/usr/bin/apt-get" ] && return 0
    command -v debootstrap >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
    if [ "$arch" = arm64 ] && [ "$(dpkg --print-architecture)" != arm64 ] &&
        [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
        die "an arm64 chroot needs qemu-user binfmt: apt install qemu-user-static binfmt-support"
    fi
    say "debootstrap trixie $arch into $root (once; a few minutes)"
    rm -rf "$root.tmp"
    mkdir -p "$cache"
    local t0=$SECONDS
    debootstrap --arch="$arch" trixie "$root.tmp" "$mirror" >"$cache/trixie-$arch.debootstrap.log" 2>&1 ||
        die "debootstrap failed: $cache/trixie-$arch.debootstrap.log"
    # Packages installed inside must not try to start services on the build machine.
    printf '#!/bin/sh\nexit 101\n' >"$root.tmp/usr/sbin/policy-rc.d"
    chmod 0755 "$root.tmp/usr/sbin/policy-rc.d"
    # A cache, made again when lost: dpkg need not sync every file it unpacks (swiftlang's
    # thousands of them).
    echo force-unsafe-io >"$root.tmp/etc/dpkg/dpkg.cfg.d/slidelock-unsafe-io"
    mv "$root.tmp" "$root"
    say "debootstrap took $((SECONDS - t0)) s"
}

# The command, in a mount namespace of its own: nothing mounted here outlives it.
inside() {
    mkdir -p "$build" "$repo/.build"
    # shellcheck disable=SC2016 # expanded by the inner sh, from its own arguments
    unshare --mount --propagation private -- /bin/sh -euc '
        root=$1 repo=$2 build=$3; shift 3
        mount -t proc proc "$root/proc"
        mount -t sysfs sys "$root/sys"
        mount --rbind /dev "$root/dev"
        mount -t tmpfs tmpfs "$root/tmp"
        mount --bind /etc/resolv.conf "$root/etc/resolv.conf"
        mkdir -p "$root/src"
        mount --bind "$repo" "$root/src"
        mount --bind "$build" "$root/src/.build"
        # arm64 programs run through binfmt; without the F flag the kernel looks up the
        # interpreter inside the chroot, so lend it the host'"'"'s.
        if [ -d /usr/libexec/qemu-binfmt ] && [ -x /usr/bin/qemu-aarch64-static ]; then
            mkdir -p "$root/usr/libexec/qemu-binfmt"
            touch "$root/usr/bin/qemu-aarch64-static"
            mount --bind /usr/libexec/qemu-binfmt "$root/usr/libexec/qemu-binfmt"
            mount --bind /usr/bin/qemu-aarch64-static "$root/usr/bin/qemu-aarch64-static"
        fi
        exec chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" \
            PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
            SLIDELOCK_TEST_SKIP="${SLIDELOCK_TEST_SKIP:-}" SLIDELOCK_UNIT_SUITES="${SLIDELOCK_UNIT_SUITES:-}" "$@"
    ' sh "$root" "$repo" "$build" "$@"
}

mkdir -p "$cache"
exec 9>"$cache/trixie-$arch.lock"
# SLIDELOCK_CHROOT_LOCK=shared: a `run` that installs nothing and builds in a directory of its
# own (scripts/package.sh's builds) shares an existing chroot with others like it; the rest
# (debootstrap, apt, the tests) have it alone.
if [ "${SLIDELOCK_CHROOT_LOCK:-}" = shared ] && [ "$1" = run ] && [ -x "$root/usr/bin/apt-get" ]; then
    flock -s 9
else
    flock 9
fi
cmd=$1
shift
case $cmd in
    setup) setup; echo "$root" ;;
    run) [ $# -ge 1 ] || die "run needs a command"; setup; inside "$@" ;;
    test)
        setup
        # Every target, the tests too, is built with this Swift, and the suites whose code
        # reads what differs between toolchains and systems run here: the core's (parsing,
        # the unlock rules, floating point), the CLI's (the built binary against trixie's
        # libraries, its error paths) and the MQTT bridge's, pure and against a real broker (it
        # ships built with this Swift, on trixie's libmosquitto 2.0.21 where the host has
        # 2.0.11). The render, platform and runtime suites ran on the host.
        # The VM suite, the site test and Home Assistant's check need QEMU, Debian 12's kernel
        # and this chroot from outside: the host runs them.
        # The fuzzers (the renderer's under AddressSanitizer among them) ran on the host
        # already (the sanitizer runtimes are the same code); the arm64 package is a release
        # build with this Swift.
        # Lint and shellcheck are the host's (the lint is pinned to /opt/swift's formatter).
        SLIDELOCK_TEST_SKIP=vm,trixie,fuzz,arm64,release,shellcheck,setup,site,ha \
            SLIDELOCK_UNIT_SUITES="${SLIDELOCK_UNIT_SUITES-SlideLockCoreTests SlideLockCLITests SlideLockMQTTTests SlideLockMQTTBridgeTests}" \
            inside /bin/sh -c 'cd /src && deploy/dev.sh test'
        ;;
    *) usage ;;
esac
