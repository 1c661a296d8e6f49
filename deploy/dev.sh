#!/usr/bin/env bash
# A newcomer's two commands (see README.md):
#   deploy/dev.sh run    install missing packages, build, run slidelock on the panel, or a
#                        headless demo that writes PNG frames when there is no DRM device
#   deploy/dev.sh test   install missing packages, run the whole test suite (CI): `check`,
#                        then the release build, fuzzers, VM, trixie, arm64, site and ha parts
#   deploy/dev.sh check  the fast tier (minutes): swift format lint, shellcheck, a debug
#                        build, swift test, the deploy checks
#   deploy/dev.sh fuzz [SECONDS]  run each libFuzzer fuzzer SECONDS (default 60)
#   deploy/dev.sh package [amd64|arm64]
#                        a .deb built with Debian trixie's Swift; its path is the last line
#   deploy/dev.sh test-package [amd64|arm64]
#                        that .deb installed, upgraded, removed and purged in the trixie chroot
#   deploy/dev.sh test-arm64 [DEB]
#                        the arm64 .deb on an arm64 kernel in QEMU (Tests/VM/test-arm64.sh)
# SLIDELOCK_TEST_SKIP=PART,... leaves parts of check and test out: lint, shellcheck, build,
# unit, deploy, release, fuzz, setup, vm, trixie, arm64, site, ha. Each part's seconds are printed
# at the end. SLIDELOCK_UNIT_SUITES="A B" runs only those test targets in the unit part.
# Works on Debian 12 / 13 and Raspberry Pi OS Bookworm / trixie, as root or through sudo.
# With no Swift on PATH or in /opt/swift, Debian 13 and Pi OS (trixie) get Debian's
# `swiftlang`.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=../scripts/lib.sh
. scripts/lib.sh

run() {
    install_build_packages
    find_swift
    install_static_stdlib_packages
    release_build || exit 1
    if compgen -G '/dev/dri/card*' >/dev/null && [ -z "${SLIDELOCK_HEADLESS:-}" ]; then
        say "DRM device found: running the lock screen (slide to unlock, or Ctrl-C)"
        exec "$RELEASE_BIN" --on-unlock exit "$@"
    fi
    local out=${SLIDELOCK_DEMO_DIR:-/tmp/slidelock-demo}
    rm -rf "$out" && mkdir -p "$out"
    say "no DRM device (/dev/dri/card*): headless demo instead"
    "$RELEASE_BIN" play --script Assets/demo/slide.txt --on-unlock hook --frames "$out/frames" --every 3 \
        --contact-sheet "$out/contact-sheet.png" "$@"
    "$RELEASE_BIN" render --out "$out/locked.png" "$@"
    say "frames: $out/frames/  contact sheet: $out/contact-sheet.png  still: $out/locked.png"
}

# --- the parts of check and test, each timed ------------------------------------------------
skipped() { case ",${SLIDELOCK_TEST_SKIP:-}," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

TIMES=()
BG_DIR=''
# part NAME COMMAND...: one part, unless SLIDELOCK_TEST_SKIP names it; a failure ends the run
# with the times so far.
part() {
    local name=$1 t0=$SECONDS
    shift
    if skipped "$name"; then
        TIMES+=("$(printf '%-10s skipped (SLIDELOCK_TEST_SKIP)' "$name")")
        return 0
    fi
    say "--- $name"
    if ! "$@"; then
        TIMES+=("$(printf '%-10s %4d s  FAILED' "$name" $((SECONDS - t0)))")
        times_summary
        say "$name failed"
        [ -z "$BG_DIR" ] || say "the background set-ups go on until they end (logs: $BG_DIR)"
        exit 1
    fi
    TIMES+=("$(printf '%-10s %4d s' "$name" $((SECONDS - t0)))")
}
times_summary() {
    say "seconds per part:"
    printf '    %s\n' "${TIMES[@]}" >&2
}

# The formatter's rules are /opt/swift's swift-format's (6.3): Debian's 6.0.3 formats some
# constructs differently, so the lint is pinned to it and skipped where it is missing (the
# trixie chroot).
lint() {
    local format=${SLIDELOCK_SWIFT_ROOT:-/opt/swift}/usr/bin/swift-format
    if [ ! -x "$format" ]; then
        say "lint skipped: no $format (the lint is pinned to it; Debian's 6.0.3 formats differently)"
        return 0
    fi
    "$format" lint --strict --parallel -r Sources Tests Package.swift
}

# Every shell script in the tree: *.sh, the VM tests' *.host fragments, and files whose first
# line runs sh or bash. (git ls-files would miss nothing new, but the chroot sees no .git.)
shell_scripts() {
    local f first
    find . \( -path ./.build -o -path ./out -o -path ./.git \) -prune -o -type f -print | sort |
        while IFS= read -r f; do
            case $f in
                *.sh | *.host) echo "${f#./}" ;;
                */*.*) ;;
                *)
                    IFS= read -r first <"$f" 2>/dev/null || continue
                    case $first in '#!'*[/\ ]sh | '#!'*[/\ ]bash | '#!'*[/\ ]sh\ * | '#!'*[/\ ]bash\ *) echo "${f#./}" ;; esac
                    ;;
            esac
        done
}
shellcheck_all() {
    local files
    mapfile -t files < <(shell_scripts)
    shellcheck --external-sources "${files[@]}" && say "shellcheck: ${#files[@]} scripts clean"
}

# The unit tests: every suite, or those SLIDELOCK_UNIT_SUITES names (scripts/chroot.sh's
# trixie run). The renderer's raw-pointer code is guarded under AddressSanitizer by the
# render fuzzer (the fuzz part), not here.
unit() {
    local suite args=()
    for suite in ${SLIDELOCK_UNIT_SUITES:-}; do args+=(--filter "$suite"); done
    swift test --skip-build ${args[@]+"${args[@]}"}
}

check() {
    install_test_packages
    find_swift
    part lint lint
    part shellcheck shellcheck_all
    part build swift_build --build-tests
    part unit unit
    # deploy/: the unit verifies, install.sh installs and uninstalls, the relay script.
    part deploy Tests/Deploy/check.sh
}

# The later parts' set-ups (Debian's kernel and linux-source, two debootstraps, two Swift
# toolchains' packages: more unpacking than downloading) and their builds with trixie's Swift
# (every target for the trixie part, the arm64 package) start in the background when `test`
# starts, at the lowest CPU priority: they take what the parts in front leave idle (the unit
# tests and the VM guests wait more than they compute) and never slow those. The vm, trixie
# and arm64 parts wait for their own first. apt and dpkg calls never overlap: the host's
# packages are installed before they start, the VM set-up is the only background user of the
# host's apt until it ends, and the chroot has a dpkg of its own. Each part still runs its
# own (idempotent, incremental) set-up and build: a background one that failed is done again
# there, and says why.
BG_NICE=(nice -n 19)
bg_start() {
    skipped setup && return 0
    skipped vm && skipped trixie && skipped arm64 && skipped site && skipped ha && return 0
    BG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/slidelock-setup.XXXXXX")
    say "the vm, trixie, arm64, site and ha set-ups start in the background (logs: $BG_DIR)"
    if ! skipped vm; then
        (
            t0=$SECONDS rc=0
            as_root "${BG_NICE[@]}" env PATH="$PATH" Tests/VM/setup.sh >"$BG_DIR/vm.log" 2>&1 || rc=1
            echo "$rc $((SECONDS - t0))" >"$BG_DIR/vm.done"
        ) &
    else
        echo "0 0" >"$BG_DIR/vm.done"
    fi
    if ! skipped trixie || ! skipped arm64 || ! skipped site || ! skipped ha; then
        (
            t0=$SECONDS rc=0
            exec >"$BG_DIR/chroot.log" 2>&1
            as_root "${BG_NICE[@]}" scripts/chroot.sh run /bin/sh -c \
                'cd /src && . scripts/lib.sh && install_test_packages && find_swift' || rc=1
            if [ $rc = 0 ] && ! skipped arm64; then
                # Its host packages wait for the VM set-up's apt to end.
                until [ -e "$BG_DIR/vm.done" ]; do sleep 2; done
                as_root "${BG_NICE[@]}" Tests/VM/setup-arm64.sh && "${BG_NICE[@]}" scripts/package.sh --prepare arm64 || rc=1
            fi
            # What installs into the chroot comes first, alone: the amd64 packages' tools and
            # the ha part's Home Assistant.
            if [ $rc = 0 ] && ! skipped site; then
                "${BG_NICE[@]}" scripts/package.sh --prepare amd64 || rc=1
            fi
            # (PyPI out of reach must not hold back the builds: the ha part makes the venv again.)
            if [ $rc = 0 ] && ! skipped ha; then
                as_root "${BG_NICE[@]}" Tests/HA/check.sh --prepare || say "Home Assistant's venv failed; the ha part tries again"
            fi
            # Then the three builds with trixie's Swift at once, each in a build directory of
            # its own and sharing the chroot: the trixie part's debug build, the arm64 package
            # and the amd64 packages (the site part's). A release build is mostly one compiler
            # process at a time (the optimiser of a whole module is single-threaded), so one
            # after another they left a core idle once the parts in front had ended.
            if [ $rc = 0 ]; then
                pids=()
                if ! skipped trixie; then
                    as_root env SLIDELOCK_CHROOT_LOCK=shared "${BG_NICE[@]}" scripts/chroot.sh run /bin/sh -c \
                        'cd /src && . scripts/lib.sh && find_swift && swift_build --build-tests' \
                        >"$BG_DIR/trixie-build.log" 2>&1 &
                    pids+=($!)
                fi
                skipped arm64 || { "${BG_NICE[@]}" scripts/package.sh arm64 >"$BG_DIR/arm64-package.log" 2>&1 & pids+=($!); }
                skipped site || { "${BG_NICE[@]}" scripts/package.sh amd64 >"$BG_DIR/amd64-package.log" 2>&1 & pids+=($!); }
                for pid in ${pids[@]+"${pids[@]}"}; do wait "$pid" || rc=1; done
                tail -n 3 "$BG_DIR"/*-build.log "$BG_DIR"/*-package.log 2>/dev/null || true
            fi
            echo "$rc $((SECONDS - t0))" >"$BG_DIR/chroot.done"
        ) &
    else
        echo "0 0" >"$BG_DIR/chroot.done"
    fi
}
# bg_wait vm|chroot: the background set-up of that name has ended; says how it went.
bg_wait() {
    [ -n "$BG_DIR" ] || return 0
    until [ -e "$BG_DIR/$1.done" ]; do sleep 2; done
    local rc secs
    read -r rc secs <"$BG_DIR/$1.done"
    if [ "$rc" = 0 ]; then
        say "background $1 set-up: done in $secs s"
    else
        say "background $1 set-up failed after $secs s ($BG_DIR/$1.log, last lines below); the part sets up again"
        tail -n 5 "$BG_DIR/$1.log" >&2
    fi
}

test_all() {
    install_test_packages
    # The release build's, before the background set-ups use apt.
    install_static_stdlib_packages
    bg_start
    check
    # The binary as shipped (Tests/Deploy/check.sh's config check then runs it too).
    part release release_build
    # A few seconds of each libFuzzer fuzzer, and every crash they ever found, replayed.
    part fuzz fuzz_smoke
    # The DRM/KMS and evdev code against a real kernel: QEMU boots Debian's kernel (needs root
    # for apt and the kernel package; cached in /var/tmp/slidelock-vm).
    [ -z "$BG_DIR" ] || skipped vm || part setup-vm bg_wait vm
    part vm as_root env PATH="$PATH" Tests/VM/test-all.sh
    # Debian's own Swift (trixie's swiftlang 6.0), as a Pi OS (trixie) owner gets it: this
    # script again, inside a cached debootstrap chroot (scripts/chroot.sh).
    [ -z "$BG_DIR" ] || { skipped trixie && skipped arm64 && skipped site && skipped ha; } ||
        part setup-chr bg_wait chroot
    part trixie as_root scripts/chroot.sh test
    # The arm64 package (cross-built in that chroot) on an arm64 kernel in QEMU.
    part arm64 as_root env PATH="$PATH" Tests/VM/test-arm64.sh
    # A site: both amd64 packages installed with dpkg -i on a booted trixie with a real
    # mosquitto (Tests/VM/site), and Home Assistant's own code judging the bridge's
    # discovery messages (Tests/HA).
    part site as_root env PATH="$PATH" Tests/VM/test-all.sh -o out/vm-site site
    part ha ha_check
}

# The bridge of the release build (the release part's, or made here when that was skipped).
ha_check() {
    [ -n "${RELEASE_BIN:-}" ] || release_build || return 1
    as_root Tests/HA/check.sh "$(dirname "$RELEASE_BIN")/slidelock-mqtt"
}

# A few seconds of each fuzzer; every saved input of every target replayed. The oracle's
# own target replays its grid of slides that must open (Tests/Fuzz/README.md); the render
# target is the renderer under AddressSanitizer. Built unoptimised but for the renderer: for
# five seconds a target, the optimised core and platform cost more to compile than they ran.
fuzz_smoke() {
    FUZZ_OPT=-Onone Tests/Fuzz/fuzz.sh 5 config script evemu session render &&
        FUZZ_OPT=-Onone Tests/Fuzz/fuzz.sh 0 oracle
}

# libFuzzer fuzzers of the parsers and the touch path (Tests/Fuzz/fuzz.sh): SECONDS each.
fuzz() {
    install_build_packages
    find_swift
    Tests/Fuzz/fuzz.sh "${1:-60}"
}

case "${1:-}" in
    run) shift; run "$@" ;;
    check) shift; check; times_summary ;;
    test) shift; test_all; times_summary ;;
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
    *)
        echo "usage: deploy/dev.sh run [slidelock options] | check | test | test-arm64 [DEB] | fuzz [SECONDS]" \
            "| package|test-package [amd64|arm64]" >&2
        exit 2
        ;;
esac
