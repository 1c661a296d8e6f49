#!/bin/bash
# Tests/VM/test-all.sh - the VM test suite of slidelock's DRM/KMS output.
#
#   Tests/VM/test-all.sh [-o OUTDIR] [TEST...]      (default: every test; needs root)
#
# Runs setup.sh (idempotent, cached), builds slidelock (release with a static Swift stdlib,
# or debug if that fails), then boots one VM per test (Tests/VM/tests/NAME.sh in the guest)
# and checks screenshots on the host. Prints one line per test and a final
# "N passed, M failed"; exits 1 if anything failed. Artefacts (console.log, PNGs) are in
# OUTDIR/NAME/ (default ./out/vm-tests).
set -uo pipefail
VM=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$VM/../.." && pwd)
OUT=$PWD/out/vm-tests
if [ "${1:-}" = -o ]; then OUT=$2; shift 2; fi
mkdir -p "$OUT"; OUT=$(realpath "$OUT")
T0=$(date +%s.%N)
elapsed() { awk -v now="$(date +%s.%N)" -v t="$1" 'BEGIN { printf "%.1f", now - t }'; }

"$VM/setup.sh" >"$OUT/setup.log" 2>&1 || { cat "$OUT/setup.log"; echo "0 passed, 1 failed"; exit 1; }
echo "setup: $(elapsed "$T0") s"

T=$(date +%s.%N)
export PATH=/opt/swift/usr/bin:$PATH
cd "$ROOT"
if swift build -c release --static-swift-stdlib >"$OUT/build.log" 2>&1; then
    BIN=$(swift build -c release --static-swift-stdlib --show-bin-path)/slidelock; KIND="release, static stdlib"
elif swift build >>"$OUT/build.log" 2>&1; then
    BIN=$(swift build --show-bin-path)/slidelock; KIND=debug
else
    tail -30 "$OUT/build.log"; echo "0 passed, 1 failed"; exit 1
fi
cd - >/dev/null
echo "build: $KIND, $(elapsed "$T") s"

PASSED=0 FAILED=0 WHY=
vm() {          # vm NAME [run.sh options]: boot, run tests/NAME.sh, note failed guest checks
    local name=$1; shift
    rm -rf "${OUT:?}/$name"
    "$VM/run.sh" -o "$OUT/$name" -b "$BIN" -s "$VM/tests/$name.sh" -t 90 "$@"
    local rc=$?
    [ $rc = 0 ] && return 0
    WHY="guest exit $rc $(grep -ho 'check [^ ]*: FAILED' "$OUT/$name/console.log" | tr '\n' ' ')"
    return 1
}
pattern() {     # pattern TEST FILE WxH: the PNG shows the drm-smoke pattern
    local msg
    msg=$(python3 "$VM/tools/check-pattern.py" "$OUT/$1/$2" --size "$3") || { WHY=$msg; return 1; }
}
same() {        # same TEST A B: two screenshots show the same picture (a cursor may blink)
    local msg
    msg=$(python3 "$VM/tools/compare-images.py" --max-fraction 0.001 "$OUT/$1/$2" "$OUT/$1/$3") || { WHY=$msg; return 1; }
}
note() { grep -ho "$2" "$OUT/$1/console.log" | head -1; }

t_smoke_virtio() { vm smoke-virtio && pattern smoke-virtio smoke.png 800x480 && pattern smoke-virtio smoke-grab.png 800x480; }
t_restore_fbcon() { vm restore-fbcon -k && pattern restore-fbcon during.png 800x480 && same restore-fbcon before.png after.png; }
t_vkms_rate() { vm vkms-rate -g vkms && INFO="$(note vkms-rate 'vkms flips/s: .*'), $(note vkms-rate 'vkms ledger: .*')"; }
t_vkms_idle() { vm vkms-idle -g vkms && pattern vkms-idle idle-grab.png 1024x768 && INFO=$(note vkms-idle 'idle CPU: .*'); }
t_two_outputs() {
    vm two-outputs -n 2 -a video=Virtual-2:640x480e \
        && pattern two-outputs head0.png 800x480 && pattern two-outputs head1.png 640x480
}
t_list_outputs() { vm list-outputs -f "$FONT:/e2e/DejaVuSans-Bold.ttf"; }
t_lock_vkms() {
    vm lock-vkms -g vkms -f "$FONT:/e2e/DejaVuSans-Bold.ttf" \
        && "$BIN" render --size 1024x768 --set theme.fonts=$FONT --set animation.hue=off --out "$OUT/lock-vkms/expected.png" \
        && golden lock-vkms idle-grab.png expected.png \
        && INFO="$(note lock-vkms 'slidelock vkms flips/s: .*'), $(note lock-vkms 'slidelock vkms ledger: .*'), $(note lock-vkms 'slidelock idle CPU: .*')"
}
t_lock_rotate() {
    vm lock-rotate -f "$FONT:/e2e/DejaVuSans-Bold.ttf" \
        && "$BIN" render --size 480x800 --rotate 90 --set theme.fonts=$FONT --set animation.hue=off \
            --out "$OUT/lock-rotate/expected.png" \
        && golden lock-rotate rotated.png expected.png
}
t_lock_fbdev() {
    vm lock-fbdev -g fbdev -f "$FONT:/e2e/DejaVuSans-Bold.ttf" \
        && "$BIN" render --size 800x480 --set theme.fonts=$FONT --set animation.hue=off --out "$OUT/lock-fbdev/expected.png" \
        && golden lock-fbdev fbdev.png expected.png
}
t_lock_slide() {
    local o="$OUT/lock-slide" f="--set theme.fonts=$FONT --set animation.hue=off"
    vm lock-slide -k -f "$FONT:/e2e/DejaVuSans-Bold.ttf" \
        && "$BIN" render --size 800x480 $f --state dragging --progress 0.5 --out "$o/expected-mid.png" \
        && "$BIN" render --size 800x480 $f --out "$o/expected-locked.png" \
        && golden lock-slide mid-drag.png expected-mid.png \
        && golden lock-slide after-partial.png expected-locked.png \
        && same lock-slide console-before.png console-after.png
}
t_lock_rotate_touch() {
    vm lock-rotate-touch -f "$FONT:/e2e/DejaVuSans-Bold.ttf" \
        && "$BIN" render --size 480x800 --rotate 90 --set theme.fonts=$FONT --set animation.hue=off \
            --state dragging --progress 0.5 --out "$OUT/lock-rotate-touch/expected.png" \
        && golden lock-rotate-touch rotated-mid-drag.png expected.png
}
t_lock_two_outputs() {
    local o="$OUT/lock-two-outputs" f="--set theme.fonts=$FONT --set animation.hue=off"
    vm lock-two-outputs -n 2 -a video=Virtual-2:640x480e -f "$FONT:/e2e/DejaVuSans-Bold.ttf" \
        && "$BIN" render --size 800x480 $f --out "$o/expected0.png" \
        && "$BIN" render --size 640x480 $f --out "$o/expected1.png" \
        && golden lock-two-outputs head0.png expected0.png && golden lock-two-outputs head1.png expected1.png
}
t_lock_touch_output() { vm lock-touch-output -n 2 -a video=Virtual-2:640x480e -f "$FONT:/e2e/DejaVuSans-Bold.ttf"; }
t_lock_rgb565() {
    vm lock-rgb565 -g vkms -f "$FONT:/e2e/DejaVuSans-Bold.ttf" \
        && "$BIN" render --size 1024x768 --format rgb565 --set theme.fonts=$FONT --set animation.hue=off \
            --out "$OUT/lock-rgb565/expected.png" \
        && golden lock-rgb565 rgb565-grab.png expected.png \
        && OUT="$OUT/rgb565-virtio" vm_rgb565_virtio
}
vm_rgb565_virtio() { vm lock-rgb565 -f "$FONT:/e2e/DejaVuSans-Bold.ttf"; }
t_lock_exit_black() { vm lock-exit-black -k -f "$FONT:/e2e/DejaVuSans-Bold.ttf"; }
t_lock_unplug() {
    vm lock-unplug -f "$FONT:/e2e/DejaVuSans-Bold.ttf" \
        && "$BIN" render --size 800x480 --set theme.fonts=$FONT --set animation.hue=off --out "$OUT/lock-unplug/expected.png" \
        && golden lock-unplug after-unplug.png expected.png
}
t_lock_orientation() {
    vm lock-orientation -a video=Virtual-1:panel_orientation=right_side_up -f "$FONT:/e2e/DejaVuSans-Bold.ttf" \
        && "$BIN" render --size 480x800 --rotate 90 --set theme.fonts=$FONT --set animation.hue=off \
            --out "$OUT/lock-orientation/expected.png" \
        && golden lock-orientation oriented.png expected.png
}
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
t_lock_hotplug() {
    local f="--set theme.fonts=$FONT --set animation.hue=off"
    vm lock-hotplug -f "$FONT:/e2e/DejaVuSans-Bold.ttf" \
        && "$BIN" render --size 800x480 $f --out "$OUT/lock-hotplug/expected.png" \
        && golden lock-hotplug plugged-at-start.png expected.png \
        && golden lock-hotplug replugged.png expected.png \
        && INFO=$(note lock-hotplug 'hotplug before start: .*')
}
t_lock_idle() {   # hue on while awake, so the woke frame is checked by the guest, not a golden
    vm lock-idle -f "$FONT:/e2e/DejaVuSans-Bold.ttf" \
        && python3 "$VM/tools/check-dark.py" "$OUT/lock-idle/blank.png" "$OUT/lock-idle/dim.png" "$OUT/lock-idle/woke.png" \
        && INFO=$(note lock-idle 'idle CPU: .*')
}
golden() {      # golden TEST SHOT EXPECTED: a screenshot equals a headless render (unit-test tolerance)
    local msg
    msg=$(python3 "$VM/tools/compare-images.py" --hue-invariant --channel-tolerance 4 --max-fraction 0.001 \
        "$OUT/$1/$2" "$OUT/$1/$3") || { WHY=$msg; return 1; }
    INFO=$msg
}
t_lock_virtio() {
    vm lock-virtio -f "$FONT:/e2e/DejaVuSans-Bold.ttf" \
        && "$BIN" render --size 800x480 --set theme.fonts=$FONT --set animation.hue=off --out "$OUT/lock-virtio/expected.png" \
        && golden lock-virtio locked.png expected.png
}
t_lock_relay() {   # gpioset + libgpiod ride along (-b ships their ldd libraries)
    local o="$OUT/lock-relay" f="--set theme.fonts=$FONT --set animation.hue=off"
    vm lock-relay -f "$FONT:/e2e/DejaVuSans-Bold.ttf" -f "$ROOT/deploy/slidelock-relay:/e2e/slidelock-relay" \
            -b "$(command -v gpioset)" -b "$(command -v gpioget)" \
        && "$BIN" render --size 800x480 $f --state unlocked --progress 1 --out "$o/expected-unlocked.png" \
        && "$BIN" render --size 800x480 $f --state failed --progress 1 --out "$o/expected-failed.png" \
        && "$BIN" render --size 800x480 $f --out "$o/expected-locked.png" \
        && golden lock-relay unlocked.png expected-unlocked.png \
        && golden lock-relay failed.png expected-failed.png \
        && golden lock-relay relocked.png expected-locked.png \
        && INFO=$(note lock-relay 'relay pulses: .*')
}
t_lock_signals() {   # the guest copies each config it used to its output dir (first/second.conf)
    local o="$OUT/lock-signals" f="--set theme.fonts=$FONT --set animation.hue=off"
    vm lock-signals -f "$FONT:/e2e/DejaVuSans-Bold.ttf" \
        && "$BIN" render --size 800x480 --config "$o/first.conf" $f --out "$o/expected-first.png" \
        && "$BIN" render --size 800x480 --config "$o/second.conf" $f --out "$o/expected-second.png" \
        && golden lock-signals first.png expected-first.png \
        && golden lock-signals reloaded.png expected-second.png \
        && golden lock-signals after-bad.png expected-second.png \
        && golden lock-signals after-usr1.png expected-second.png
}
t_systemd_unit() {   # run.sh -S: the Debian root filesystem with systemd; deploy/ installed by install.sh
    local files=() f
    for f in "$ROOT"/deploy/* "$ROOT/README.md"; do files+=(-f "$f:/e2e/repo/${f#"$ROOT"/}"); done
    vm systemd-unit -S -t 300 "${files[@]}" \
        && "$BIN" render --size 800x480 --set theme.fonts=$FONT --set animation.hue=off --out "$OUT/systemd-unit/expected.png" \
        && golden systemd-unit locked.png expected.png && golden systemd-unit after-keys.png expected.png \
        && golden systemd-unit restarted.png expected.png \
        && INFO="$(note systemd-unit 'crash to lock: [0-9.]* s'), $(note systemd-unit 'exposure [0-9.]*')"
}
t_no_device() { vm no-device -g none -f "$FONT:/e2e/DejaVuSans-Bold.ttf"; }
t_input_list() { vm input-list; }
t_input_swipe() { vm input-swipe; }
t_input_hotplug() { vm input-hotplug; }
t_input_grab() { vm input-grab; }

TESTS=${*:-lock-virtio lock-vkms lock-rotate lock-orientation lock-fbdev lock-slide lock-rotate-touch lock-two-outputs lock-touch-output lock-rgb565 lock-exit-black lock-unplug lock-relay lock-signals lock-idle lock-hotplug smoke-virtio restore-fbcon vkms-rate
    vkms-idle two-outputs list-outputs no-device input-list input-swipe input-hotplug input-grab systemd-unit}
for t in $TESTS; do
    WHY= INFO=
    T=$(date +%s.%N)
    if "t_${t//-/_}"; then
        PASSED=$((PASSED + 1)); echo "PASS $t ($(elapsed "$T") s)${INFO:+: $INFO}"
    else
        FAILED=$((FAILED + 1)); echo "FAIL $t ($(elapsed "$T") s): $WHY (see $OUT/$t/console.log)"
    fi
done
echo "suite time: $(elapsed "$T0") s"
echo "$PASSED passed, $FAILED failed"
[ $FAILED = 0 ]
