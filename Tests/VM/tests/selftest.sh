#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# `slidelock selftest` on vkms (1024x768, real vblank): with a touchscreen (the uinput
# helper stands for the panel's) and --inject, every check passes, and with --pulse the real
# relay script pulses line 3 of a gpio-sim chip, seen held by gpioset. Then the broken set-ups:
# no touch device, a relay line that does not exist, a group-writable config, the lock
# screen running, another DRM master; each gives its FAIL line and exit 1.
set -- --set theme.fonts=/e2e/DejaVuSans-Bold.ttf
run() {   # run NAME ARGS...: selftest's output in /tmp/NAME.txt, its exit status in RC
    local name=$1
    shift
    slidelock selftest "$@" >"/tmp/$name.txt" 2>&1
    RC=$?
    echo "--- selftest $name: exit $RC"
    cat "/tmp/$name.txt"
}
# shellcheck disable=SC2317 # called through vm_check
line() { grep -q "^$2" "/tmp/$1.txt"; }   # line NAME TEXT: a line of NAME's output starts with TEXT
checks() { grep -c '^\(PASS\|FAIL\|SKIP\) ' "/tmp/$1.txt"; }

vm_gpio_sim relay || { echo "vm: no gpio-sim"; exit 1; }
# The relay's settings in the old file (read while [relay] has no line): the hook, run by
# the selftest with no lock to hold the line, reads them and requests the line itself.
export SLIDELOCK_RELAY_DEFAULTS=/tmp/relay.conf
relay() { printf '%s\n' "RELAY_CHIP=$VM_GPIO_CHIP" "RELAY_LINE=$1" RELAY_PULSE_MS=300 >/tmp/relay.conf; }
HOOK="$(command -v slidelock) relay pulse"

# No touch device: a person could not answer; the screen checks still pass.
run notouch --timeout 1 "$@"
vm_check no-touch-exit-1 [ $RC = 1 ]
vm_check no-touch-fails line notouch "FAIL touch: no touchscreen in /dev/input"
vm_check no-touch-readback-passes line notouch "PASS readback: Virtual-1 fb [0-9]* 1024x768 XRGB8888: all 786432 pixels"
vm_check no-touch-skips-the-slide line notouch "SKIP slide: no touch device"

vm_touch_start 1023 767 || exit 1
relay 3
vm_gpio_sample_start 3 /tmp/line.txt || exit 1
run pass --inject --pulse "$@" --set action.on_unlock=hook --set "action.hook=$HOOK"
vm_gpio_sample_stop
echo "line 3 samples (uptime level):"; cat /tmp/line.txt
PULSES=$(vm_gpio_pulses /tmp/line.txt | tr '\n' ' ')
echo "selftest relay pulses: ${PULSES}ms"
vm_check inject-exit-0 [ $RC = 0 ]
vm_check inject-no-fail sh -c "! grep -q '^FAIL' /tmp/pass.txt"
vm_check inject-eight-checks [ "$(checks pass)" = 8 ]
vm_check inject-config line pass "PASS config: loaded, every file trusted"
vm_check inject-display line pass "PASS display: /dev/dri/card0 (vkms): Virtual-1 1024x768@60"
vm_check inject-touch line pass 'PASS touch: /dev/input/event[0-9]* "slidelock-test-touch"'
vm_check inject-readback line pass "PASS readback: Virtual-1 fb [0-9]* 1024x768 XRGB8888: all 786432 pixels are the pattern"
vm_check inject-colours line pass "PASS colours: answered yes by the injected touch"
vm_check inject-slide-on-thumb line pass "PASS slide: injected touch landed at .*: [0-2] px off; slid [0-9]* px"
vm_check inject-hook line pass "PASS hook: $HOOK: exit 0 after"
vm_check inject-relay-held line pass "PASS relay: $VM_GPIO_CHIP line 3 held by \"slidelock-relay\" as an output, active-high"
vm_check inject-one-pulse [ "$(echo "$PULSES" | wc -w)" = 1 ]

# A panel mounted portrait: the slider drawn turned, the injected touch turned back by the
# lock's own touch pipeline, landing on the thumb.
run rotated --inject "$@" --set display.rotate=90
vm_check rotated-exit-0 [ $RC = 0 ]
vm_check rotated-display line rotated "PASS display: .*XRGB8888, rotate 90"
vm_check rotated-slide-on-thumb line rotated "PASS slide: injected touch landed at .*: [0-2] px off; slid [0-9]* px"

# The relay line does not exist: the line and the hook (gpioset fails) both FAIL.
relay 99
run norelay --inject --pulse "$@" --set action.on_unlock=hook --set "action.hook=$HOOK"
vm_check no-line-exit-1 [ $RC = 1 ]
vm_check no-line-relay-fails line norelay "FAIL relay: $VM_GPIO_CHIP has no line 99 (it has 8: 0...7)"
vm_check no-line-hook-fails line norelay "FAIL hook: $HOOK: exited with status 4"

# A configuration root's file writable by its group: not trusted, nothing else runs.
mkdir -p /tmp/etc-slidelock && chmod 755 /tmp/etc-slidelock
printf '[theme]\nname = mint\n' >/tmp/etc-slidelock/slidelock.conf
chmod 664 /tmp/etc-slidelock/slidelock.conf
SLIDELOCK_CONFIG_ROOT=/tmp/etc-slidelock run untrusted --inject "$@"
vm_check untrusted-exit-1 [ $RC = 1 ]
vm_check untrusted-fails line untrusted "FAIL config: cannot read /tmp/etc-slidelock/slidelock.conf: is writable by its group (mode 0664)"
vm_check untrusted-runs-nothing-else [ "$(grep -c '^SKIP .*the configuration did not load' /tmp/untrusted.txt)" = 7 ]

# The lock screen running: one line saying how to stop it, nothing touched.
vm_lock /tmp/lock.log "$@" || exit 1
run locked --inject "$@"
kill -TERM "$APP"
wait "$APP"
vm_check locked-exit-1 [ $RC = 1 ]
vm_check locked-one-line [ "$(wc -l </tmp/locked.txt)" = 1 ]
vm_check locked-says-how-to-stop line locked "FAIL screen: the lock screen is running (slidelock, pid $APP): stop it first: sudo systemctl stop slidelock"

# Another program is DRM master (drm-smoke showing its pattern): refused the same way.
slidelock drm-smoke --static --seconds 60 >/tmp/smoke.log 2>&1 &
smoke=$!
vm_wait_text /tmp/smoke.log "first frame shown" 20
run master --inject "$@"
kill -TERM $smoke
wait $smoke
vm_check master-exit-1 [ $RC = 1 ]
vm_check master-refused line master "FAIL screen: another program is DRM master of /dev/dri/card0: stop it first: sudo systemctl stop slidelock"
vm_check master-nothing-after [ "$(tail -n 1 /tmp/master.txt | cut -c1-12)" = "FAIL screen:" ]
vm_touch_stop
exit $VM_FAILED
