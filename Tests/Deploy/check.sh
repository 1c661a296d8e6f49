#!/bin/sh
# Tests for deploy/: the unit passes `systemd-analyze verify`, install.sh installs into a
# staging root (twice: idempotent) and --uninstall removes it again, and slidelock-relay
# drives a stand-in gpioset with libgpiod 1.x and 2.x syntax and rejects bad settings; dev.sh
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
    sed -e "s|^ExecStart=.*|ExecStart=$work/unit/slidelock|" -e "s|/usr/local/libexec/slidelock-relay|$work/unit/slidelock|" \
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
    check "unit: the relay is switched off before start and after stop" sh -c "
        grep -qx 'ExecStartPre=/usr/local/libexec/slidelock-relay prestart' deploy/slidelock.service &&
        grep -qx 'ExecStopPost=-/usr/local/libexec/slidelock-relay off --if-hook' deploy/slidelock.service"
    check "unit: the flight recorder's state directory (StateDirectory=slidelock)" \
        grep -qx 'StateDirectory=slidelock' deploy/slidelock.service
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
etc/systemd/system/slidelock.service etc/udev/rules.d/99-slidelock-touch.rules
etc/slidelock/slidelock.conf etc/default/slidelock-relay"

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
    grep -qx 'hook = /opt/slidelock/libexec/slidelock-relay' '$alt/etc/slidelock/slidelock.conf' &&
    test -x '$alt/opt/slidelock/bin/slidelock'"
check "install: --no-build without --binary is refused" sh -c "! sh deploy/install.sh --destdir '$alt' --no-build 2>/dev/null"

# --- (c) the relay script against a stand-in gpioset -------------------------------------
# The script reads its settings through `slidelock check-config --relay-defaults`: the
# newest build that runs here (dev.sh test builds before it runs this; a cross build for
# a package can leave an arm64 binary in .build/release).
slidelock_bin=
for candidate in "$repo/.build/release/slidelock" "$repo/.build/debug/slidelock"; do
    if ! [ -x "$candidate" ] || ! "$candidate" --help >/dev/null 2>&1; then continue; fi
    if [ -z "$slidelock_bin" ] || [ -n "$(find "$candidate" -newer "$slidelock_bin")" ]; then slidelock_bin=$candidate; fi
done
[ -n "$slidelock_bin" ] || fail "relay: no slidelock build at hand (.build/*/slidelock): run swift build first"
fake=$work/fake
mkdir -p "$fake"
# Records each call's arguments on one line; prints the version it is told to.
cat >"$fake/gpioset" <<'FAKE'
#!/bin/sh
if [ "${1:-}" = --version ] || [ "${1:-}" = -v ]; then echo "gpioset (libgpiod) v$FAKE_GPIOD_VERSION"; exit 0; fi
echo "$*" >>"$FAKE_GPIOSET_LOG"
# A pulse (a line set to 1) that lasts: for stopping the relay script mid-pulse.
case "$*" in *=1) [ -z "${FAKE_GPIOSET_HOLD:-}" ] || exec sleep "$FAKE_GPIOSET_HOLD" ;; esac
exit "${FAKE_GPIOSET_STATUS:-0}"
FAKE
chmod +x "$fake/gpioset"

settings() { printf '%s\n' "$@" >"$work/relay.default"; }
relay_args= # the script's arguments for relay(): off, check [SECONDS]; empty: pulse
relay() { # version, then extra env assignments; runs the script, output in $out, status in $status
    version=$1; shift
    : >"$work/gpioset.log"
    # shellcheck disable=SC2086 # relay_args is a list of words, split on purpose
    out=$(env PATH="$fake:/usr/bin:/bin" FAKE_GPIOD_VERSION="$version" FAKE_GPIOSET_LOG="$work/gpioset.log" \
        SLIDELOCK_RELAY_DEFAULTS="$work/relay.default" SLIDELOCK_BIN="$slidelock_bin" "$@" sh deploy/slidelock-relay $relay_args 2>&1)
    status=$?
    calls=$(cat "$work/gpioset.log")
}
relay_with() { relay_args=$1; shift; relay "$@"; relay_args=; } # arguments, then as relay()
expect_calls() { # name, expected calls (newline separated)
    if [ "$status" -eq 0 ] && [ "$calls" = "$2" ]; then pass "$1"
    else fail "$1" "status $status, output: $out
calls:
$calls
expected:
$2"; fi
}
expect_error() { # name, status, message fragment; gpioset must not have driven anything
    if [ "$status" -eq "$2" ] && printf '%s' "$out" | grep -qF "$3" && [ -z "$calls" ]; then pass "$1"
    else fail "$1" "status $status (want $2), output: $out, calls: $calls"; fi
}

settings 'RELAY_CHIP=gpiochip0' 'RELAY_LINE=17' 'RELAY_ACTIVE=high' 'RELAY_PULSE_MS=500'
relay 1.6.3
expect_calls "relay: libgpiod 1.x pulse" "--mode=time --sec=0 --usec=500000 gpiochip0 17=1
gpiochip0 17=0"
relay 2.1
expect_calls "relay: libgpiod 2.x pulse" "-c gpiochip0 -t 500ms,0 17=1"

settings '# a comment' '' '  RELAY_CHIP="gpiochip4"  ' "RELAY_LINE='27'" 'RELAY_ACTIVE=low' 'RELAY_PULSE_MS=2250'
relay 1.6.3
expect_calls "relay: 1.x active-low, quotes, seconds split off" "--active-low --mode=time --sec=2 --usec=250000 gpiochip4 27=1
--active-low gpiochip4 27=0"
relay 2.0.1
expect_calls "relay: 2.x active-low" "-c gpiochip4 --active-low -t 2250ms,0 27=1"
relay 1.6.3 SLIDELOCK_EVENT=slide-start
expect_calls "relay: events other than unlock do nothing" ""

settings 'RELAY_CHIP=gpiochip0'
relay 1.6.3
expect_error "relay: a missing RELAY_LINE is named" 2 "RELAY_LINE is not set"
settings 'RELAY_LINE=GPIO17'
relay 1.6.3
expect_error "relay: a non-numeric line is refused" 2 "RELAY_LINE must be a line offset"
settings 'RELAY_LINE=17' 'RELAY_ACTIVE=up'
relay 1.6.3
expect_error "relay: a bad active level is refused" 2 "RELAY_ACTIVE must be high or low, not 'up'"
for pulse in 0 -5 1.5 60001 ''; do
    settings 'RELAY_LINE=17' "RELAY_PULSE_MS=$pulse"
    relay 1.6.3
    expect_error "relay: pulse '$pulse' is refused" 2 "RELAY_PULSE_MS must be a whole number"
done
settings 'RELAY_LINE=17' 'RELAY_COLOR=red'
relay 1.6.3
expect_error "relay: an unknown key is named with its line" 2 "relay.default:2: unknown setting RELAY_COLOR"
settings 'RELAY_LINE 17'
relay 1.6.3
expect_error "relay: a line without = is refused" 2 "relay.default:1: expected KEY=value"
relay 1.6.3 SLIDELOCK_RELAY_DEFAULTS="$work/nonexistent"
expect_error "relay: an unreadable settings file is named" 2 "cannot read $work/nonexistent"
settings 'RELAY_LINE=17'
relay 3.0
expect_error "relay: an unknown libgpiod version is refused" 3 "cannot tell the libgpiod version"
out=$(env PATH=/nonexistent SLIDELOCK_RELAY_DEFAULTS="$work/relay.default" SLIDELOCK_BIN="$slidelock_bin" /bin/sh deploy/slidelock-relay 2>&1)
status=$? calls=
expect_error "relay: a missing gpioset says what to install" 3 "apt install gpiod"
relay 1.6.3 FAKE_GPIOSET_STATUS=1
if [ "$status" -eq 4 ] && printf '%s' "$out" | grep -qF "gpioset could not drive gpiochip0 line 17"; then
    pass "relay: a failing gpioset exits 4 with a clear message"
else
    fail "relay: a failing gpioset exits 4 with a clear message" "status $status, output: $out"
fi

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
# off, check, and a pulse stopped midway: the line must always end inactive.
settings 'RELAY_CHIP=gpiochip0' 'RELAY_LINE=17' 'RELAY_ACTIVE=low' 'RELAY_PULSE_MS=500'
relay_with "off" 1.6.3
expect_calls "relay off: 1.x drives the line inactive" "--active-low gpiochip0 17=0"
relay_with "off" 2.1
expect_calls "relay off: 2.x drives the line inactive" "-c gpiochip0 --active-low -t 0 17=0"
relay_with "off" 2.1 SLIDELOCK_EVENT=slide-start
expect_calls "relay off: whatever the event" "-c gpiochip0 --active-low -t 0 17=0"
relay_with "open" 2.1
expect_error "relay: an unknown command is refused" 2 "unknown command 'open'"

stopped_mid_pulse() { # version, signal, status: the script is signalled while gpioset holds the line
    : >"$work/gpioset.log"
    # A shell cannot trap a signal ignored when it started (POSIX): under nohup, HUP would
    # be, and the check would test the harness. systemd starts the hook with it default.
    env --default-signal=HUP PATH="$fake:/usr/bin:/bin" FAKE_GPIOD_VERSION="$1" FAKE_GPIOSET_LOG="$work/gpioset.log" FAKE_GPIOSET_HOLD=30 \
        SLIDELOCK_RELAY_DEFAULTS="$work/relay.default" SLIDELOCK_BIN="$slidelock_bin" sh deploy/slidelock-relay >"$work/relay.out" 2>&1 &
    pid=$!
    i=0; while [ ! -s "$work/gpioset.log" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
    kill -"$2" "$pid"
    wait "$pid"
    status=$?
    last=$(tail -n 1 "$work/gpioset.log")
    if [ "$status" -eq "$3" ] && grep -q "stopped by SIG$2 mid-pulse: relay off" "$work/relay.out" &&
        case $last in *17=0) true ;; *) false ;; esac; then
        pass "relay: $1 pulse stopped by SIG$2 ends inactive"
    else
        fail "relay: $1 pulse stopped by SIG$2 ends inactive" "status $status (want $3); calls: $(cat "$work/gpioset.log"); output: $(cat "$work/relay.out")"
    fi
}
stopped_mid_pulse 1.6.3 TERM 143
stopped_mid_pulse 2.1 TERM 143
stopped_mid_pulse 2.1 HUP 129

# beep: the feedback hook's buzzer on a second line, one pattern per moment.
settings 'RELAY_LINE=17' 'BUZZER_LINE=27'
relay_with "beep" 2.1 SLIDELOCK_EVENT=slide-start
expect_calls "relay beep: slide-start is one short beep (2.x)" "-c gpiochip0 -t 60ms,0 27=1"
relay_with "beep" 2.1 SLIDELOCK_EVENT=failed
expect_calls "relay beep: failed is two short beeps (2.x)" "-c gpiochip0 -t 60ms,90ms,60ms,0 27=1"
relay_with "beep" 1.6.3 SLIDELOCK_EVENT=cancel
expect_calls "relay beep: cancel is two short beeps, switched off after each (1.x)" "--mode=time --sec=0 --usec=60000 gpiochip0 27=1
gpiochip0 27=0
--mode=time --sec=0 --usec=60000 gpiochip0 27=1
gpiochip0 27=0"
relay_with "beep" 2.1 SLIDELOCK_EVENT=bogus
expect_calls "relay beep: an unknown moment is silent" ""
settings 'RELAY_CHIP=gpiochip0' 'RELAY_LINE=17' 'BUZZER_CHIP=gpiochip2' 'BUZZER_LINE=5' 'BUZZER_ACTIVE=low'
relay_with "beep" 2.1 SLIDELOCK_EVENT=unlock
expect_calls "relay beep: unlock is one long beep, on the buzzer's own chip and level" "-c gpiochip2 --active-low -t 400ms,0 5=1"
settings 'RELAY_LINE=17'
relay_with "beep" 2.1 SLIDELOCK_EVENT=unlock
expect_error "relay beep: without BUZZER_LINE it says what to set" 2 "BUZZER_LINE is not set"
settings 'RELAY_LINE=17' 'BUZZER_LINE=x'
relay_with "beep" 2.1 SLIDELOCK_EVENT=unlock
expect_error "relay beep: a bad BUZZER_LINE is named" 2 "BUZZER_LINE must be a line offset"
settings 'RELAY_LINE=17' 'BUZZER_LINE=27'
# A newer moment replaces a beep still going: SIGTERM mid-beep leaves the buzzer off.
: >"$work/gpioset.log"
env PATH="$fake:/usr/bin:/bin" FAKE_GPIOD_VERSION=2.1 FAKE_GPIOSET_LOG="$work/gpioset.log" FAKE_GPIOSET_HOLD=30 \
    SLIDELOCK_EVENT=unlock SLIDELOCK_RELAY_DEFAULTS="$work/relay.default" SLIDELOCK_BIN="$slidelock_bin" \
    sh deploy/slidelock-relay beep >"$work/relay.out" 2>&1 &
pid=$!
i=0; while [ ! -s "$work/gpioset.log" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
kill -TERM "$pid"
wait "$pid"
status=$?
if [ "$status" -eq 143 ] && grep -q "beep stopped by SIGTERM: buzzer off" "$work/relay.out" &&
    [ "$(tail -n 1 "$work/gpioset.log")" = "-c gpiochip0 -t 0 27=0" ]; then
    pass "relay beep: stopped by SIGTERM mid-beep, the buzzer ends off"
else
    fail "relay beep: stopped by SIGTERM mid-beep, the buzzer ends off" "status $status; calls: $(cat "$work/gpioset.log"); output: $(cat "$work/relay.out")"
fi

settings 'RELAY_LINE=17' 'RELAY_PULSE_MS=1500'
relay_with "check 10" 2.1
if [ "$status" -eq 0 ] && [ -z "$calls" ] && printf '%s' "$out" | grep -qF "settings ok: a 1500 ms pulse ends within"; then
    pass "relay check: a pulse shorter than the timeout passes, drives nothing"
else fail "relay check: a pulse shorter than the timeout passes, drives nothing" "status $status, output: $out, calls: $calls"; fi
relay_with "check 1.5" 2.1
expect_error "relay check: a pulse as long as action.timeout is refused" 2 "RELAY_PULSE_MS=1500 does not end before slidelock's action.timeout (1.5 s)"
relay_with "check soon" 2.1
expect_error "relay check: a bad timeout is named" 2 "check: 'soon' is not a number of seconds"
# Without a number, check asks slidelock (a stand-in here) for its action settings; the
# stand-in leaves reading the relay's settings to the real one.
fake_slidelock() { # the lines its check-config prints
    {
        echo '#!/bin/sh'
        echo "[ \"\${2:-}\" != --relay-defaults ] || exec \"$slidelock_bin\" \"\$@\""
        echo "cat <<'ACTION'"
        printf '%s\n' "$@"
        echo 'ACTION'
    } >"$fake/slidelock"
    chmod +x "$fake/slidelock"
}
fake_slidelock '[action]' 'on_unlock = hook' 'hook = /usr/local/libexec/slidelock-relay' 'timeout = 1'
relay_with "check" 2.1 SLIDELOCK_BIN="$fake/slidelock"
expect_error "relay check: compares with slidelock's action.timeout when the relay is its hook" 2 "action.timeout (1 s)"
fake_slidelock '[action]' 'on_unlock = exit' 'hook = ""' 'timeout = 1'
relay_with "check" 2.1 SLIDELOCK_BIN="$fake/slidelock"
if [ "$status" -eq 0 ] && printf '%s' "$out" | grep -qF "hook is not slidelock-relay"; then pass "relay check: passes when the relay is not slidelock's hook"
else fail "relay check: passes when the relay is not slidelock's hook" "status $status, output: $out"; fi
rm -f "$work/relay.default"
relay_with "check" 2.1 SLIDELOCK_BIN="$fake/slidelock"
if [ "$status" -eq 0 ]; then pass "relay check: a missing settings file does not matter when the relay is not the hook"
else fail "relay check: a missing settings file does not matter when the relay is not the hook" "status $status, output: $out"; fi
relay_with "off --if-hook" 2.1 SLIDELOCK_BIN="$fake/slidelock"
if [ "$status" -eq 0 ] && [ -z "$calls" ]; then pass "relay off --if-hook: drives nothing when the relay is not the hook"
else fail "relay off --if-hook: drives nothing when the relay is not the hook" "status $status, output: $out, calls: $calls"; fi
relay_with "prestart" 2.1 SLIDELOCK_BIN="$fake/slidelock"
if [ "$status" -eq 0 ] && [ -z "$calls" ]; then pass "relay prestart: does nothing when the relay is not the hook"
else fail "relay prestart: does nothing when the relay is not the hook" "status $status, output: $out, calls: $calls"; fi
settings 'RELAY_LINE=17'
fake_slidelock '[action]' 'on_unlock = hook' 'hook = /usr/local/libexec/slidelock-relay' 'timeout = 10'
relay_with "off --if-hook" 2.1 SLIDELOCK_BIN="$fake/slidelock"
expect_calls "relay off --if-hook: drives the line when the relay is the hook" "-c gpiochip0 -t 0 17=0"
relay_with "off --if-hook" 2.1 SLIDELOCK_BIN="$fake/slidelock" SERVICE_RESULT=signal EXIT_CODE=killed EXIT_STATUS=KILL
if [ "$status" -eq 0 ] && printf '%s' "$out" | grep -qF "inactive (active-high) after slidelock stopped (signal, killed KILL)"; then
    pass "relay off: as ExecStopPost= it says how slidelock ended"
else fail "relay off: as ExecStopPost= it says how slidelock ended" "status $status, output: $out"; fi
relay_with "prestart" 2.1 SLIDELOCK_BIN="$fake/slidelock"
if [ "$status" -eq 0 ] && [ "$calls" = "-c gpiochip0 -t 0 17=0" ] && printf '%s' "$out" | grep -qF "settings ok: a 500 ms pulse"; then
    pass "relay prestart: checks, then switches off"
else fail "relay prestart: checks, then switches off" "status $status, output: $out, calls: $calls"; fi
relay_with "prestart" 2.1 SLIDELOCK_BIN="$fake/slidelock" FAKE_GPIOSET_STATUS=1
if [ "$status" -eq 0 ] && printf '%s' "$out" | grep -qF "could not switch gpiochip0 line 17 off"; then
    pass "relay prestart: a failing gpioset does not stop the lock screen"
else fail "relay prestart: a failing gpioset does not stop the lock screen" "status $status, output: $out"; fi
settings 'RELAY_LINE=17' 'RELAY_PULSE_MS=10000'
relay_with "prestart" 2.1 SLIDELOCK_BIN="$fake/slidelock"
expect_error "relay prestart: a pulse as long as action.timeout stops the start" 2 "RELAY_PULSE_MS=10000 does not end before slidelock's action.timeout (10 s)"

# As root: only root's settings, writable by nobody else (the file and its directories),
# opened by slidelock without following a link another user planted (issue 26: the script
# checked with stat -L, then read by name again, and a swapped link won the race).
if [ "$(id -u)" -eq 0 ]; then
    settings 'RELAY_LINE=17'
    chmod 664 "$work/relay.default"
    relay 2.1
    expect_error "relay trust: a group-writable settings file is refused" 2 "relay.default: is writable by its group (mode 0664): not trusted when running as root"
    chmod 644 "$work/relay.default"
    chown 1234 "$work/relay.default"
    relay 2.1
    expect_error "relay trust: a settings file owned by another user is refused" 2 "relay.default: is owned by uid 1234, not root"
    chown 0 "$work/relay.default"
    ln -s "$work/relay.default" "$work/planted.default"
    chown -h 1234 "$work/planted.default"
    relay 2.1 SLIDELOCK_RELAY_DEFAULTS="$work/planted.default"
    expect_error "relay trust: a symlink another user planted is not followed" 2 "$work/planted.default (a symbolic link) is owned by uid 1234, not root"
    mkdir -m 777 "$work/open"
    settings 'RELAY_LINE=17' 'RELAY_ACTIVE=low' 'RELAY_PULSE_MS=9999'
    mv "$work/relay.default" "$work/open/evil.default"
    ln -s "$work/open/evil.default" "$work/via-open.default"
    relay 2.1 SLIDELOCK_RELAY_DEFAULTS="$work/via-open.default"
    expect_error "relay trust: root's link into a world-writable directory is refused there" 2 "$work/open is writable by its group and others (mode 0777)"
    # The race of issue 26: root's link points into a directory anybody can write, where
    # another user swaps the name between a file of root's and theirs while the relay pulses
    # (the old script checked the link's directories and the target's owner, then read by
    # name): no pulse may ever use their RELAY_ACTIVE=low, 9999 ms.
    settings 'RELAY_LINE=17'
    ln -s "$work/open/current" "$work/racy.default"
    chown 1234 "$work/open/evil.default"
    (
        while :; do
            ln -sfn "$work/open/evil.default" "$work/open/next" && mv -T "$work/open/next" "$work/open/current"
            ln -sfn "$work/relay.default" "$work/open/next" && mv -T "$work/open/next" "$work/open/current"
        done
    ) &
    racer=$!
    evil=0 i=0
    while [ $i -lt 40 ]; do
        relay 2.1 SLIDELOCK_RELAY_DEFAULTS="$work/racy.default"
        case $calls in *9999*|*active-low*) evil=$((evil + 1)) ;; esac
        i=$((i + 1))
    done
    kill "$racer"; wait "$racer" 2>/dev/null
    if [ "$evil" -eq 0 ]; then pass "relay trust: a swapped settings link never drives the line (40 pulses)"
    else fail "relay trust: a swapped settings link never drives the line (40 pulses)" "$evil pulses used the other settings"; fi
    chmod 777 "$work"
    relay_with "off" 2.1
    expect_error "relay trust: a world-writable directory above it is refused" 2 "$work is writable by its group and others (mode 0777)"
    chmod 700 "$work"
fi

# --- the shipped config parses (when a slidelock build is at hand) ------------------------
# The newest build: a release binary left from an older checkout must not judge today's config.
candidate=
for build in .build/release/slidelock .build/debug/slidelock; do
    [ -x "$build" ] || continue
    if [ -z "$candidate" ] || [ -n "$(find "$build" -newer "$candidate")" ]; then candidate=$build; fi
done
if [ -n "$candidate" ]; then
    check "config: slidelock check-config accepts deploy/slidelock.conf" "$repo/$candidate" check-config --config deploy/slidelock.conf
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
