#!/bin/sh
# Tests for deploy/: the unit passes `systemd-analyze verify`, install.sh installs into a
# staging root (twice: idempotent) and --uninstall removes it again, and the old
# slidelock-relay hook runs `slidelock relay`; dev.sh
# shows a failed build's errors, and the packaging scripts refuse bad arguments.
# Prints "N passed, M failed"; exit status 1 when anything failed. Called by dev.sh test.
set -u
cd "$(dirname "$0")/../.." || exit 1
repo=$(pwd)
passed=0
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

pass() { passed=$((passed + 1)); printf 'ok      %s\n' "$1"; }
fail() { failed=$((failed + 1)); printf 'FAILED  %s\n' "$1"; [ $# -lt 2 ] || printf '%s\n' "$2" | sed 's/^/        /'; }
check() { # name, command...: passes when the command succeeds
    name=$1; shift
    if output=$("$@" 2>&1); then pass "$name"; else fail "$name" "$output"; fi
}

# --- (a) the unit ---------------------------------------------------------------------
if ! command -v systemd-analyze >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends systemd >/dev/null 2>&1 || true
fi
if command -v systemd-analyze >/dev/null 2>&1; then
    # verify insists that ExecStart exists: check a copy that points at a stub.
    mkdir -p "$work/unit"
    printf '#!/bin/sh\nexit 0\n' >"$work/unit/slidelock"
    chmod +x "$work/unit/slidelock"
    sed -e "s|^ExecStart=.*|ExecStart=$work/unit/slidelock|" -e "s|/usr/local/bin/slidelock relay|$work/unit/slidelock relay|" \
        deploy/slidelock.service >"$work/unit/slidelock.service"
    # Any output is a finding (unknown keys are only warnings with exit status 0).
    if output=$(systemd-analyze verify "$work/unit/slidelock.service" 2>&1) && [ -z "$output" ]; then
        pass "unit: systemd-analyze verify is clean"
    else
        fail "unit: systemd-analyze verify is clean" "$output"
    fi
    # The hardening's figure, offline (systemd >= 252); the systemd VM test measures it live.
    if exposure=$(systemd-analyze security --offline=yes "$work/unit/slidelock.service" 2>/dev/null |
        sed -n 's/.*Overall exposure level for slidelock.service: \([0-9.]*\).*/\1/p') && [ -n "$exposure" ]; then
        if awk -v e="$exposure" 'BEGIN { exit !(e <= 2.5) }'; then pass "unit: systemd-analyze security exposure $exposure <= 2.5"
        else fail "unit: systemd-analyze security exposure $exposure <= 2.5"; fi
    fi
    check "unit: the relay is switched off before start and after stop, neither fatal" sh -c "
        grep -qx 'ExecStartPre=-/usr/local/bin/slidelock relay prestart' deploy/slidelock.service &&
        grep -qx 'ExecStopPost=-/usr/local/bin/slidelock relay off' deploy/slidelock.service"
    check "unit: the flight recorder's state directory (StateDirectory=slidelock)" \
        grep -qx 'StateDirectory=slidelock' deploy/slidelock.service
    check "unit: systemctl reload sends SIGHUP (a lock out of service comes back with a good config)" \
        grep -qx "ExecReload=/bin/sh -c 'kill -HUP \$MAINPID'" deploy/slidelock.service
    # DeviceAllow=char-drm is looked up in /proc/devices at start: the DRM core must be loaded
    # by then (the systemd-boot VM test saw the card refused with EPERM without it).
    check "unit: the DRM core is loaded before it starts (DeviceAllow=char-drm)" sh -c "
        grep -qx 'Wants=modprobe@drm.service' deploy/slidelock.service &&
        grep -qx 'After=modprobe@drm.service' deploy/slidelock.service &&
        grep -qx 'DeviceAllow=char-drm rw' deploy/slidelock.service"
else
    fail "unit: systemd-analyze not available (apt install systemd)"
fi

# --- (b) install.sh into a staging root -------------------------------------------------
root=$work/root
printf '#!/bin/sh\necho stub slidelock\n' >"$work/slidelock-bin"
chmod +x "$work/slidelock-bin"
installed="usr/local/bin/slidelock usr/local/libexec/slidelock-relay usr/local/share/doc/slidelock/README.md
etc/systemd/system/slidelock.service etc/systemd/system/slidelock-control.socket
etc/udev/rules.d/99-slidelock-touch.rules etc/sysusers.d/slidelock.conf etc/tmpfiles.d/slidelock.conf
etc/slidelock/slidelock.conf"

all_present() {
    for f in $installed; do [ -f "$root/$f" ] || { echo "missing $f"; return 1; }; done
    [ -x "$root/usr/local/bin/slidelock" ] && [ -x "$root/usr/local/libexec/slidelock-relay" ]
}
none_present() {
    left=$(find "$root" -type f | sed "s|^$root/||")
    [ -z "$left" ] || { echo "left behind: $left"; return 1; }
}
snapshot() { (cd "$root" && find . -type f -exec md5sum {} + | sort) }

check "install: into DESTDIR" sh deploy/install.sh --destdir "$root" --no-build --binary "$work/slidelock-bin"
check "install: every file in place, executables executable" all_present
before=$(snapshot)
check "install: a second run succeeds" env DESTDIR="$root" sh deploy/install.sh --no-build --binary "$work/slidelock-bin"
check "install: the second run changed nothing" test "$before" = "$(snapshot)"
check "install: the unit runs the installed binary" grep -qx 'ExecStart=/usr/local/bin/slidelock' "$root/etc/systemd/system/slidelock.service"
# The control socket's group and directory: made by systemd from the two files, and the
# same group the shipped config names (one group for ctl and the MQTT bridge).
check "install: the group slidelock-ctl, the socket's directory and the config agree" sh -c "
    grep -qx 'g slidelock-ctl -' '$root/etc/sysusers.d/slidelock.conf' &&
    grep -qx 'd /run/slidelock-ctl 0750 root slidelock-ctl -' '$root/etc/tmpfiles.d/slidelock.conf' &&
    grep -qx 'ListenStream=/run/slidelock-ctl/control' '$root/etc/systemd/system/slidelock-control.socket' &&
    grep -qx 'SocketGroup=slidelock-ctl' '$root/etc/systemd/system/slidelock-control.socket' &&
    grep -qx 'group = slidelock-ctl' '$root/etc/slidelock/slidelock.conf'"

echo "# edited" >>"$root/etc/slidelock/slidelock.conf"
check "install: an edited config survives reinstalling" sh -c "sh deploy/install.sh --destdir '$root' --no-build --binary '$work/slidelock-bin' &&
    tail -n 1 '$root/etc/slidelock/slidelock.conf' | grep -qx '# edited'"
check "uninstall: succeeds" sh deploy/install.sh --destdir "$root" --uninstall
check "uninstall: keeps the edited config" test -f "$root/etc/slidelock/slidelock.conf"
rm -f "$root/etc/slidelock/slidelock.conf"
check "uninstall: nothing else left" none_present

alt=$work/alt
check "install: --prefix /opt/slidelock" sh deploy/install.sh --destdir "$alt" --prefix /opt/slidelock --no-build --binary "$work/slidelock-bin"
check "install: --prefix rewrites ExecStart and the hook path" sh -c "
    grep -qx 'ExecStart=/opt/slidelock/bin/slidelock' '$alt/etc/systemd/system/slidelock.service' &&
    grep -qx 'hook = /opt/slidelock/bin/slidelock relay pulse' '$alt/etc/slidelock/slidelock.conf' &&
    grep -q '^exec /opt/slidelock/bin/slidelock relay' '$alt/opt/slidelock/libexec/slidelock-relay' &&
    test -x '$alt/opt/slidelock/bin/slidelock'"
check "install: --no-build without --binary is refused" sh -c "! sh deploy/install.sh --destdir '$alt' --no-build 2>/dev/null"

# --- (c) the relay hook: one line that runs `slidelock relay` ------------------------------
# What the relay does is tested in Swift (RelayDriverTests, the CLI tests) and on a real
# kernel (VM lock-relay, systemd-unit); here only that the old hook's name still reaches it.
printf '#!/bin/sh\necho "$@"\n' >"$work/stub-slidelock"
chmod +x "$work/stub-slidelock"
sed "s|/usr/local/bin/slidelock|$work/stub-slidelock|" deploy/slidelock-relay >"$work/slidelock-relay"
check "relay hook: with no argument it pulses" sh -c "[ \"\$(sh '$work/slidelock-relay')\" = 'relay pulse' ]"
check "relay hook: its arguments go to slidelock relay" sh -c "[ \"\$(sh '$work/slidelock-relay' off)\" = 'relay off' ] &&
    [ \"\$(sh '$work/slidelock-relay' beep)\" = 'relay beep' ]"
check "config: the shipped hook is slidelock relay pulse, the relay line set" sh -c "
    grep -qx 'hook = /usr/local/bin/slidelock relay pulse' deploy/slidelock.conf && grep -qx 'line = gpiochip0:17' deploy/slidelock.conf"

# --- (d) dev.sh, chroot.sh and the packaging scripts: their error paths --------------------
# A build that fails must show why, not only its last progress line.
mkdir -p "$work/fakeswift"
cat >"$work/fakeswift/swift" <<'FAKE'
#!/bin/sh
# Where the binary would go, as SwiftPM says without building; any build fails.
case "$*" in *--show-bin-path*) echo "$PWD/.build/fake"; exit 0 ;; esac
echo "[5/7] Compiling slidelock main.swift"
echo "/usr/bin/ld: cannot find -lstdc++: No such file or directory" >&2
echo "[6/7] Linking slidelock"
exit 1
FAKE
chmod +x "$work/fakeswift/swift"
out=$(PATH="$work/fakeswift:$PATH" SLIDELOCK_DEMO_DIR="$work/demo" bash deploy/dev.sh run 2>&1); status=$?
if [ "$status" -ne 0 ] && printf '%s' "$out" | grep -qF "cannot find -lstdc++" &&
    printf '%s' "$out" | grep -qF "failed (its output is above)"; then
    pass "dev.sh: a failed build shows the compiler's errors and fails"
else
    fail "dev.sh: a failed build shows the compiler's errors and fails" "status $status, output: $out"
fi
# No Swift anywhere and apt offering none (armhf, or lists without it): apt's answer and
# what to do, status 1. PATH holds every tool but swift; apt is a stand-in.
mkdir -p "$work/noswift"
for f in /usr/bin/* /bin/*; do
    case ${f##*/} in swift*|apt-get|apt-cache) ;; *) ln -sf "$f" "$work/noswift/" ;; esac
done
printf '#!/bin/sh\necho "swiftlang:"; echo "  Installed: (none)"; echo "  Candidate: (none)"\n' >"$work/noswift/apt-cache"
printf '#!/bin/sh\nexit 0\n' >"$work/noswift/apt-get"
chmod +x "$work/noswift/apt-cache" "$work/noswift/apt-get"
out=$(PATH="$work/noswift" SLIDELOCK_SWIFT_ROOT=/nonexistent bash deploy/dev.sh fuzz 1 2>&1); status=$?
if [ "$status" -eq 1 ] && printf '%s' "$out" | grep -qF "apt has no swiftlang to install: swiftlang: Installed: (none) Candidate: (none)" &&
    printf '%s' "$out" | grep -qF "no Swift toolchain found"; then
    pass "dev.sh: no Swift and none from apt says so, with apt's answer"
else
    fail "dev.sh: no Swift and none from apt says so, with apt's answer" "status $status, output: $out"
fi
check "dev.sh: an unknown command is refused" sh -c 'bash deploy/dev.sh frobnicate 2>&1; [ $? -eq 2 ]'
armhf_refused() { out=$(bash scripts/package.sh armhf 2>&1); [ $? -eq 2 ] && echo "$out" | grep -q "64-bit"; }
check "package.sh: armhf is refused with what to do instead" armhf_refused
check "package.sh: an unknown argument is refused" sh -c 'bash scripts/package.sh amd64 extra 2>/dev/null; [ $? -eq 2 ]'
version_refused() { out=$(SLIDELOCK_VERSION=9.9.9 bash scripts/package.sh amd64 2>&1); [ $? -eq 2 ] && echo "$out" | grep -q "does not start with slidelock's own"; }
check "package.sh: a version other than slidelock's own number is refused" version_refused
bad_arch_named() { out=$(bash scripts/chroot.sh --arch i386 setup 2>&1); [ $? -eq 1 ] && echo "$out" | grep -q "not i386"; }
check "chroot.sh: a bad --arch is named" bad_arch_named
check "package-check.sh: a missing .deb is refused" sh -c 'bash Tests/Deploy/package-check.sh /nonexistent.deb 2>/dev/null; [ $? -eq 2 ]'
# --- the shipped config parses (when a slidelock build is at hand) ------------------------
# The newest build for this machine: a release binary left from an older checkout must not
# judge today's config, and .build/release may point at a cross build (the arm64 package's,
# in the trixie chroot), so the builds are looked for under this machine's own triples.
candidate=
for build in .build/"$(uname -m)"-*/release/slidelock .build/"$(uname -m)"-*/debug/slidelock; do
    [ -x "$build" ] || continue
    if [ -z "$candidate" ] || [ -n "$(find "$build" -newer "$candidate")" ]; then candidate=$build; fi
done
if [ -n "$candidate" ]; then
    # The shipped hook (/usr/local/bin/slidelock relay pulse) exists only once installed:
    # check-config opens hooks as the lock does, so a stand-in takes its place here.
    check "config: slidelock check-config accepts deploy/slidelock.conf" "$repo/$candidate" check-config \
        --config deploy/slidelock.conf --set action.hook=/bin/true
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
