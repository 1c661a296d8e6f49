#!/usr/bin/env bash
# A newcomer's two commands (see README.md):
#   deploy/dev.sh run    install missing packages, build, run slidelock on the panel, or a
#                        headless demo that writes PNG frames when there is no DRM device
#   deploy/dev.sh test   install missing packages, run the whole test suite
#   deploy/dev.sh fuzz [SECONDS]  run each libFuzzer fuzzer SECONDS (default 60)
# Works on Debian 12 / Raspberry Pi OS Bookworm, as root or through sudo.
set -euo pipefail
cd "$(dirname "$0")/.."

# Build: C libraries reached through pkg-config. Fonts: the default label font, plus
# Noto CJK so the fallback tests see Japanese glyphs.
BUILD_PACKAGES=(pkg-config libdrm-dev libevdev-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev
                libpng-dev fonts-dejavu-core)
TEST_PACKAGES=(fonts-noto-cjk systemd)

say() { printf 'dev.sh: %s\n' "$*" >&2; }

install_missing() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    say "installing ${missing[*]}"
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

find_swift() {
    if command -v swift >/dev/null 2>&1; then return 0; fi
    if [ -x /opt/swift/usr/bin/swift ]; then export PATH=/opt/swift/usr/bin:$PATH; return 0; fi
    say "no Swift toolchain found: install Swift 6 (swift.org, aarch64 or x86_64) and put it on PATH"
    exit 1
}

run() {
    install_missing "${BUILD_PACKAGES[@]}"
    find_swift
    swift build -c release --static-swift-stdlib 2>&1 | tail -n 1
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

test_all() {
    install_missing "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    find_swift
    swift build --build-tests
    swift test
    # deploy/: the unit verifies, install.sh installs and uninstalls, the relay script.
    deploy/check.sh
    # The DRM/KMS and evdev code against a real kernel: QEMU boots Debian's kernel (needs root
    # for apt and the kernel package; cached in /var/tmp/slidelock-vm).
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    "${sudo[@]}" env PATH="$PATH" Tests/VM/test-all.sh
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
    *) echo "usage: deploy/dev.sh run [slidelock options] | deploy/dev.sh test | deploy/dev.sh fuzz [SECONDS]" >&2; exit 2 ;;
esac
