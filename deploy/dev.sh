#!/usr/bin/env bash
# A newcomer's two commands (see README.md):
#   deploy/dev.sh run    install missing packages, build, run slidelock on the panel, or a
#                        headless demo that writes PNG frames when there is no DRM device
#   deploy/dev.sh test   install missing packages, run the whole test suite
#   deploy/dev.sh fuzz [SECONDS]  run each libFuzzer fuzzer SECONDS (default 60)
#   deploy/dev.sh package [amd64|arm64]
#                        a .deb built with Debian trixie's Swift; its path is the last line
#   deploy/dev.sh test-package [amd64|arm64]
#                        that .deb installed, upgraded, removed and purged in the trixie chroot
#   deploy/dev.sh test-arm64 [DEB]
#                        the arm64 .deb on an arm64 kernel in QEMU (Tests/VM/test-arm64.sh)
# Works on Debian 12 / 13 and Raspberry Pi OS Bookworm / trixie, as root or through sudo. With
# no Swift on PATH or in /opt/swift, Debian 13 and Pi OS (trixie) get Debian's `swiftlang`.
set -euo pipefail
cd "$(dirname "$0")/.."

# Build: C libraries reached through pkg-config. Fonts: the default label font, plus
# Noto CJK so the fallback tests see Japanese glyphs.
BUILD_PACKAGES=(pkg-config libdrm-dev libevdev-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev
                libpng-dev fonts-dejavu-core)
TEST_PACKAGES=(fonts-noto-cjk systemd)

say() { printf 'dev.sh: %s\n' "$*" >&2; }

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

install_missing() {
    local missing=() native
    native=$(dpkg --print-architecture)
    for p in "$@"; do
        # The native (or arch: all) instance: on a multiarch machine libfoo-dev:arm64 alone
        # does not make libfoo-dev installed.
        dpkg-query -W -f='${Status} ${Architecture}\n' "$p" 2>/dev/null |
            grep -Eq "^install ok installed ($native|all)\$" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    say "installing ${missing[*]}"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Debian 13 (trixie), and Raspberry Pi OS built on it, package Swift 6.0 as `swiftlang`
# (amd64 and arm64; not armhf). A fresh debootstrap may have no package lists yet, and a
# check reads all of apt's answer: with pipefail, `grep -q` stopping early made apt-cache
# die of SIGPIPE and a present candidate look absent (a clean CI run, trixie chroot).
# The lists are fetched up to three times, and apt's answer is shown when it stays absent.
swiftlang_available() {
    local try
    for try in 1 2 3; do
        apt-cache policy swiftlang 2>/dev/null | grep 'Candidate: [0-9]' >/dev/null && return 0
        [ "$try" -eq 1 ] || sleep 2
        as_root apt-get update -qq >/dev/null 2>&1 || true
    done
    apt-cache policy swiftlang 2>/dev/null | grep 'Candidate: [0-9]' >/dev/null && return 0
    say "apt has no swiftlang to install: $(apt-cache policy swiftlang 2>&1 | tr -s ' \n' ' ' | cut -c1-160)"
    return 1
}

find_swift() {
    if command -v swift >/dev/null 2>&1; then return 0; fi
    # SLIDELOCK_SWIFT_ROOT: another place than /opt/swift (check.sh points it nowhere).
    local root=${SLIDELOCK_SWIFT_ROOT:-/opt/swift}
    if [ -x "$root/usr/bin/swift" ]; then export PATH=$root/usr/bin:$PATH; return 0; fi
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
static_stdlib_packages() {
    local gcc
    gcc=$(find /usr/lib/gcc/"$(uname -m)"-linux-gnu* -mindepth 1 -maxdepth 1 -name '[0-9]*' -printf '%f\n' 2>/dev/null |
          sort -n | tail -n 1)
    [ -z "$gcc" ] || install_missing "libstdc++-$gcc-dev"
}

# Quiet when it works (the last line); a failed build shows all it said.
build() {
    local log
    log=$(mktemp)
    if ! swift build "$@" >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        say "swift build $* failed (its output is above)"
        exit 1
    fi
    tail -n 1 "$log"
    rm -f "$log"
}

run() {
    install_missing "${BUILD_PACKAGES[@]}"
    find_swift
    static_stdlib_packages
    build -c release --static-swift-stdlib
    local bin=.build/release/slidelock
    if compgen -G '/dev/dri/card*' >/dev/null && [ -z "${SLIDELOCK_HEADLESS:-}" ]; then
        say "DRM device found: running the lock screen (slide to unlock, or Ctrl-C)"
        exec "$bin" --on-unlock exit "$@"
    fi
    local out=${SLIDELOCK_DEMO_DIR:-/tmp/slidelock-demo}
    rm -rf "$out" && mkdir -p "$out"
    say "no DRM device (/dev/dri/card*): headless demo instead"
    "$bin" play --script Assets/demo/slide.txt --on-unlock hook --frames "$out/frames" --every 3 \
        --contact-sheet "$out/contact-sheet.png" "$@"
    "$bin" render --out "$out/locked.png" "$@"
    say "frames: $out/frames/  contact sheet: $out/contact-sheet.png  still: $out/locked.png"
}

skipped() { case ",${SLIDELOCK_TEST_SKIP:-}," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

test_all() {
    install_missing "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    find_swift
    swift build --build-tests
    swift test
    # deploy/: the unit verifies, install.sh installs and uninstalls, the relay script.
    Tests/Deploy/check.sh
    # A few seconds of each libFuzzer fuzzer, and every crash they ever found, replayed.
    if ! skipped fuzz; then fuzz_smoke; fi
    # The DRM/KMS and evdev code against a real kernel: QEMU boots Debian's kernel (needs root
    # for apt and the kernel package; cached in /var/tmp/slidelock-vm).
    if ! skipped vm; then
        as_root env PATH="$PATH" Tests/VM/test-all.sh
    fi
    # Debian's own Swift (trixie's swiftlang 6.0), as a Pi OS (trixie) owner gets it: this
    # script again, inside a cached debootstrap chroot (scripts/chroot.sh).
    if ! skipped trixie; then
        local t0=$SECONDS
        as_root scripts/chroot.sh test
        say "trixie chroot with Debian's Swift: $((SECONDS - t0)) s"
    fi
    # The arm64 package (cross-built in that chroot) on an arm64 kernel in QEMU.
    if ! skipped arm64; then
        local t1=$SECONDS
        as_root env PATH="$PATH" Tests/VM/test-arm64.sh
        say "arm64 package on an arm64 kernel: $((SECONDS - t1)) s"
    fi
}

# libFuzzer fuzzers of the parsers and the touch path (Tests/Fuzz/fuzz.sh): SECONDS each.
fuzz() {
    install_missing "${BUILD_PACKAGES[@]}"
    find_swift
    Tests/Fuzz/fuzz.sh "${1:-60}"
}

# A few seconds of each fuzzer, replaying its corpus too: for CI.
fuzz_smoke() { Tests/Fuzz/fuzz.sh 5; }

case "${1:-}" in
    run) shift; run "$@" ;;
    test) shift; test_all "$@" ;;
    fuzz) shift; fuzz "$@" ;;
    package) shift; exec scripts/package.sh "$@" ;;
    test-package)
        # Build the .deb, then install/upgrade/remove/purge it in the trixie chroot.
        shift
        deb=$(scripts/package.sh "$@")
        Tests/Deploy/package-check.sh "$deb"
        ;;
    test-arm64)
        # The arm64 package on an arm64 kernel in QEMU (Tests/VM/test-arm64.sh; needs root).
        shift
        as_root env PATH="$PATH" Tests/VM/test-arm64.sh "$@"
        ;;
    *) echo "usage: deploy/dev.sh run [slidelock options] | test | test-arm64 [DEB] | fuzz [SECONDS] | package|test-package [amd64|arm64]" >&2; exit 2 ;;
esac
