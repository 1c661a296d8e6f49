#!/usr/bin/env bash
# A Debian package of slidelock for Debian 13 / Raspberry Pi OS (trixie), built on an x86-64
# Debian machine with Debian's own Swift (swiftlang 6.0.3) inside the trixie chroot of
# scripts/chroot.sh. The path of the .deb is the last line printed.
#
#   scripts/package.sh [amd64|arm64]          (default amd64; also: deploy/dev.sh package ARCH)
#   scripts/package.sh --prepare [amd64|arm64] only install what that build needs (dev.sh test
#                                             does it in the background, while it compiles)
#
# arm64 is a cross build at native speed: the amd64 compiler, lld (shipped with swiftlang),
# the arm64 -dev packages installed multiarch in the chroot, and the Swift runtime and
# modules of swiftlang:arm64 of the same version unpacked beside them. (A native build in an
# arm64 chroot under qemu-user takes about 18 minutes; this takes as long as an amd64 build.)
# The binary links the Swift runtime statically and is stripped; Depends comes from
# dpkg-shlibdeps. lintian must report no errors. Output: out/deb/slidelock_VERSION_ARCH.deb and,
# beside it, the MQTT bridge's slidelock-mqtt_VERSION_ARCH.deb.
# The version is SlideLockVersion.number (Sources/SlideLockCore/SlideLockVersion.swift, what
# `slidelock --version` says) then ~gitDATE.COMMIT; SLIDELOCK_VERSION overrides the whole
# version, which must start with that number.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
# shellcheck source=lib.sh
. scripts/lib.sh

# --- on the host: hand over to the chroot ---------------------------------------------------
if [ "${1:-}" != --inside ]; then
    prepare=
    if [ "${1:-}" = --prepare ]; then prepare=--prepare; shift; fi
    arch=${1:-amd64}
    case $arch in amd64 | arm64) ;;
        armhf | armel) say "$arch: Debian has no Swift for 32-bit ARM; the arm64 package runs on 64-bit Pi OS (Pi 3/4/5, Zero 2 W)"; exit 2 ;;
        -h | --help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "usage: scripts/package.sh [amd64|arm64]" >&2; exit 2 ;; esac
    [ $# -le 1 ] || { echo "usage: scripts/package.sh [--prepare] [amd64|arm64]" >&2; exit 2; }
    if [ -n "$prepare" ]; then
        as_root scripts/chroot.sh run /src/scripts/package.sh --inside "$arch" --prepare >&2
        exit
    fi
    number=$(sed -n 's/^ *public static let number = "\([0-9][0-9.]*\)"$/\1/p' Sources/SlideLockCore/SlideLockVersion.swift)
    [ -n "$number" ] || { echo "package.sh: no version number in Sources/SlideLockCore/SlideLockVersion.swift" >&2; exit 1; }
    version=${SLIDELOCK_VERSION:-}
    if [ -z "$version" ]; then
        commit=$(git rev-parse --short=8 HEAD 2>/dev/null || echo unknown)
        version=$number~git$(date -u +%Y%m%d).$commit
    fi
    case $version in "$number" | "$number"[~+-]*) ;;
        *) echo "package.sh: SLIDELOCK_VERSION=$version does not start with slidelock's own $number" >&2; exit 2 ;; esac
    t0=$SECONDS
    # A build installs nothing once --prepare ran, in a build directory of its own: it may share
    # the chroot with other builds (deploy/dev.sh test builds both architectures at once).
    as_root env SLIDELOCK_CHROOT_LOCK=shared scripts/chroot.sh run env SLIDELOCK_VERSION="$version" \
        /src/scripts/package.sh --inside "$arch" >&2
    say "$arch package built in $((SECONDS - t0)) s"
    echo "$repo/out/deb/slidelock_${version}_$arch.deb"
    exit 0
fi

# --- inside the trixie chroot (root) ---------------------------------------------------------
arch=$2
version=${SLIDELOCK_VERSION:-}
install_build_packages swiftlang libstdc++-14-dev dpkg-dev binutils lintian
swift_version=$(dpkg-query -W -f='${Version}' swiftlang)
# The release build (scripts/lib.sh) with full RELRO, as Debian's hardening flags would give a C program; swiftlang's own lld for
# both architectures (gold leaves out the RELRO segment).
flags=(--scratch-path "/src/.build/package-$arch" -Xswiftc -use-ld=lld -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now)
if [ "$arch" = amd64 ]; then
    strip="strip"
else
    if ! dpkg --print-foreign-architectures | grep -x arm64 >/dev/null; then
        dpkg --add-architecture arm64
        apt-get update -qq
    fi
    install_build_packages --arch arm64 binutils-aarch64-linux-gnu libc6-dev:arm64 libgcc-14-dev:arm64 \
        libstdc++-14-dev:arm64
    # Swift's arm64 runtime and modules, from the same swiftlang version as the compiler.
    runtime=/var/cache/slidelock-arm64/swiftlang-$swift_version
    if [ ! -d "$runtime/usr/libexec/swift/lib/swift_static" ]; then
        say "unpacking swiftlang:arm64 $swift_version's runtime into $runtime"
        rm -rf "$runtime" "$runtime.tmp"
        mkdir -p "$runtime.tmp"
        (cd "$runtime.tmp" && apt-get download -qq "swiftlang:arm64=$swift_version" 2>/dev/null)
        dpkg-deb --fsys-tarfile "$runtime.tmp"/swiftlang_*_arm64.deb | tar -C "$runtime.tmp" -x --wildcards \
            './usr/libexec/swift/lib/swift_static/*' './usr/libexec/swift/lib/clang/*'
        rm -f "$runtime.tmp"/*.deb
        mv "$runtime.tmp" "$runtime"
    fi
    strip=aarch64-linux-gnu-strip
    # An explicit resource directory is used as is for -static-stdlib: give the static one.
    flags+=(--triple aarch64-unknown-linux-gnu
        -Xswiftc -resource-dir -Xswiftc "$runtime/usr/libexec/swift/lib/swift_static")
    export PKG_CONFIG_PATH=/usr/lib/aarch64-linux-gnu/pkgconfig
fi
[ "${3:-}" != --prepare ] || exit 0

cd /src
t0=$SECONDS
# Linked afresh (the chroot keeps its build between runs).
release_build --product slidelock "${flags[@]}" || exit 1
bin=$RELEASE_BIN
# The bridge: the same modules, its own executable (libmosquitto is its alone). Not through
# release_build: that one always names, and first removes, the lock's binary.
swift_build -c release --static-swift-stdlib --product slidelock-mqtt "${flags[@]}" || exit 1
mqtt_bin=$(dirname "$bin")/slidelock-mqtt
say "built in $((SECONDS - t0)) s"

# --- the package tree ----------------------------------------------------------------------
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
pkg=$stage/slidelock
doc=$pkg/usr/share/doc/slidelock
install -d -m 0755 "$pkg/DEBIAN" "$pkg/usr/bin" "$pkg/usr/libexec/slidelock" "$pkg/etc/slidelock/conf.d" \
    "$pkg/usr/lib/systemd/system" "$pkg/usr/lib/udev/rules.d" "$doc"
install -m 0755 "$bin" "$pkg/usr/bin/slidelock"
"$strip" --strip-unneeded --remove-section=.comment --remove-section=.note "$pkg/usr/bin/slidelock"

# The shipped files name install.sh's /usr/local paths; a package uses Debian's.
debianize() {
    sed -e 's|/usr/local/bin/slidelock|/usr/bin/slidelock|g' \
        -e 's|/usr/local/libexec/slidelock-relay|/usr/libexec/slidelock/slidelock-relay|g' \
        -e 's|file:/usr/local/share/doc/slidelock/README.md|file:/usr/share/doc/slidelock/README.md.gz|g' \
        -e 's|installed by deploy/install.sh to|shipped by the slidelock package in|' \
        -e 's|/etc/systemd/system/slidelock.service|/usr/lib/systemd/system/slidelock.service|' \
        -e 's|installed once by deploy/install.sh, never overwritten|a conffile of the slidelock package|' "$1"
}
debianize deploy/slidelock.service >"$pkg/usr/lib/systemd/system/slidelock.service"
debianize deploy/slidelock-control.socket >"$pkg/usr/lib/systemd/system/slidelock-control.socket"
debianize deploy/slidelock.conf >"$pkg/etc/slidelock/slidelock.conf"
debianize deploy/slidelock-relay >"$pkg/usr/libexec/slidelock/slidelock-relay"
chmod 0755 "$pkg/usr/libexec/slidelock/slidelock-relay"
install -m 0644 deploy/99-slidelock-touch.rules "$pkg/usr/lib/udev/rules.d/99-slidelock-touch.rules"
install -D -m 0644 deploy/slidelock.sysusers "$pkg/usr/lib/sysusers.d/slidelock.conf"
install -D -m 0644 deploy/slidelock.tmpfiles "$pkg/usr/lib/tmpfiles.d/slidelock.conf"
chmod 0644 "$pkg/usr/lib/systemd/system/slidelock.service" "$pkg/usr/lib/systemd/system/slidelock-control.socket" \
    "$pkg/etc/slidelock/slidelock.conf"
grep -q 'ExecStart=/usr/bin/slidelock$' "$pkg/usr/lib/systemd/system/slidelock.service" || die "unit: ExecStart not rewritten"
grep -q '^hook = /usr/bin/slidelock relay pulse$' "$pkg/etc/slidelock/slidelock.conf" || die "config: hook not rewritten"

install -d -m 0755 "$pkg/usr/share/man/man1"
gzip -9n <deploy/debian/slidelock.1 >"$pkg/usr/share/man/man1/slidelock.1.gz"
chmod 0644 "$pkg/usr/share/man/man1/slidelock.1.gz"
gzip -9n <deploy/README.md >"$doc/README.md.gz"
gzip -9n <README.md >"$doc/slidelock.md.gz"
install -m 0644 deploy/debian/copyright "$doc/copyright"
date=$(date -u -R)
printf 'slidelock (%s) unstable; urgency=medium\n\n  * Built by scripts/package.sh from the slidelock sources.\n\n -- %s  %s\n' \
    "$version" "slidelock developers <slidelock@lists.invalid>" "$date" | gzip -9n >"$doc/changelog.gz"
chmod 0644 "$doc"/*

# The old relay settings file goes on upgrade when unedited: every version up to this one had it.
for script in preinst postinst prerm postrm; do
    sed "s|@FIRST_WITHOUT_RELAY_DEFAULT@|$version|g" "deploy/debian/$script" >"$pkg/DEBIAN/$script"
    chmod 0755 "$pkg/DEBIAN/$script"
done
printf '/etc/slidelock/slidelock.conf\n' >"$pkg/DEBIAN/conffiles"

# Depends: what the binary links against, spelt as this release names the libraries.
mkdir -p "$stage/debian"
printf 'Source: slidelock\n\nPackage: slidelock\nArchitecture: any\n' >"$stage/debian/control"
depends=$(cd "$stage" && DEB_HOST_ARCH=$arch DEB_HOST_MULTIARCH=$(dpkg-architecture -a"$arch" -qDEB_HOST_MULTIARCH 2>/dev/null) \
    dpkg-shlibdeps -O -e"slidelock/usr/bin/slidelock" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || die "dpkg-shlibdeps found no dependencies"
size=$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@SIZE@|$size|" \
    -e "s|@DEPENDS@|$depends, fonts-dejavu-core|" deploy/debian/control >"$pkg/DEBIAN/control"

mkdir -p out/deb
deb=out/deb/slidelock_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$deb" >/dev/null
say "$deb: $(du -k "$deb" | cut -f1) KiB (binary $(du -k "$pkg/usr/bin/slidelock" | cut -f1) KiB stripped)"
say "Depends: $depends, fonts-dejavu-core"

# No errors from lintian (warnings and notes are shown, not fatal).
if ! lintian --fail-on error "$deb" >&2; then
    die "lintian reports errors for $deb"
fi
say "lintian: no errors"

# --- the bridge's package: slidelock-mqtt -----------------------------------------------------
mpkg=$stage/slidelock-mqtt
mdoc=$mpkg/usr/share/doc/slidelock-mqtt
install -d -m 0755 "$mpkg/DEBIAN" "$mpkg/usr/bin" "$mpkg/etc/slidelock" "$mpkg/usr/lib/systemd/system" \
    "$mpkg/usr/lib/sysusers.d" "$mdoc"
install -m 0755 "$mqtt_bin" "$mpkg/usr/bin/slidelock-mqtt"
"$strip" --strip-unneeded --remove-section=.comment --remove-section=.note "$mpkg/usr/bin/slidelock-mqtt"
debianize deploy/slidelock-mqtt.service >"$mpkg/usr/lib/systemd/system/slidelock-mqtt.service"
install -m 0644 deploy/mqtt.conf "$mpkg/etc/slidelock/mqtt.conf"
install -m 0644 deploy/slidelock-mqtt.sysusers "$mpkg/usr/lib/sysusers.d/slidelock-mqtt.conf"
chmod 0644 "$mpkg/usr/lib/systemd/system/slidelock-mqtt.service"
gzip -9n <docs/site.md >"$mdoc/site.md.gz"
install -m 0644 deploy/debian/copyright "$mdoc/copyright"
printf 'slidelock (%s) unstable; urgency=medium\n\n  * Built by scripts/package.sh from the slidelock sources.\n\n -- %s  %s\n' \
    "$version" "slidelock developers <slidelock@lists.invalid>" "$date" | gzip -9n >"$mdoc/changelog.gz"
chmod 0644 "$mdoc"/*
for script in postinst prerm postrm; do
    install -m 0755 "deploy/debian/mqtt/$script" "$mpkg/DEBIAN/$script"
done
printf '/etc/slidelock/mqtt.conf\n' >"$mpkg/DEBIAN/conffiles"
printf '\nPackage: slidelock-mqtt\nArchitecture: any\n' >>"$stage/debian/control"
mdepends=$(cd "$stage" && DEB_HOST_ARCH=$arch DEB_HOST_MULTIARCH=$(dpkg-architecture -a"$arch" -qDEB_HOST_MULTIARCH 2>/dev/null) \
    dpkg-shlibdeps -O -e"slidelock-mqtt/usr/bin/slidelock-mqtt" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$mdepends" ] || die "dpkg-shlibdeps found no dependencies for slidelock-mqtt"
msize=$(du -sk --exclude=DEBIAN "$mpkg" | cut -f1)
# The socket and its group come with the lock's package, of the same build.
sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@SIZE@|$msize|" \
    -e "s|@DEPENDS@|$mdepends, slidelock (= $version)|" deploy/debian/mqtt/control >"$mpkg/DEBIAN/control"
mdeb=out/deb/slidelock-mqtt_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$mpkg" "$mdeb" >/dev/null
say "$mdeb: $(du -k "$mdeb" | cut -f1) KiB; Depends: $mdepends, slidelock (= $version)"
lintian --fail-on error "$mdeb" >&2 || die "lintian reports errors for $mdeb"
say "lintian: no errors"
