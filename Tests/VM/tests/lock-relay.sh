#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The door relay end to end: the real lock screen in hook mode runs the real
# deploy/slidelock-relay (shipped as /e2e/slidelock-relay, with libgpiod's gpioset) against
# line 3 of a gpio-sim chip, driven by real slides on a uinput touchscreen (virtio-gpu 800x480).
# Two good slides: two pulses of about RELAY_PULSE_MS each, `hook succeeded`, unlocked, then
# locked again. Then the defaults file names a chip that does not exist: the hook fails,
# the screen shows `failed`, the line never goes high and nothing unlocks.
# Screenshots: busy (kept only: the spinner turns), unlocked and failed (compared on the host).
LINE=3 PULSE=300
count() { grep -c "$2" "$1" 2>/dev/null; }
wait_count() {   # wait_count FILE TEXT N [SECS]: until TEXT is on N lines of FILE
    local i=0 n=$(( ${4:-20} * 20 ))
    until [ "$(count "$1" "$2")" -ge "$3" ]; do
        i=$((i + 1)); [ $i -gt $n ] && { echo "vm: timeout waiting for $3 x '$2'" >&2; return 1; }
        usleep 50000
    done
}
slide() { vm_touch swipe 208 240 760 240 400 12; }   # the thumb's centre to the far end

vm_gpio_sim relay || { echo "vm: no gpio-sim"; exit 1; }
printf '%s\n' "# written by lock-relay.sh" "RELAY_CHIP=$VM_GPIO_CHIP" "RELAY_LINE=$LINE" \
    "RELAY_ACTIVE=high" "RELAY_PULSE_MS=$PULSE" >/tmp/relay.conf
export SLIDELOCK_RELAY_DEFAULTS=/tmp/relay.conf   # the hook inherits slidelock's environment
export SLIDELOCK_BIN=/e2e/bin/slidelock           # the relay reads its settings through it
vm_touch_start 799 479 || exit 1
vm_gpio_sample_start $LINE /tmp/line.txt || exit 1
# Longer unlocked/failed states than the default 1.5 s leave room for TCG's slow screenshots.
# The flags every run here shares, as the positional parameters (sh has no arrays).
set -- --set theme.fonts=/e2e/DejaVuSans-Bold.ttf \
    --set animation.unlocked_duration=3 --set animation.failed_duration=3
vm_lock /tmp/lock.log --on-unlock hook --hook /e2e/slidelock-relay "$@" || exit 1
app=$APP

# 1st slide: busy while the hook pulses, then unlocked, then locked again.
slide
vm_wait_text /tmp/lock.log "hook started" 10
usleep 150000                                # the busy frame follows the log line
vm_screenshot busy
vm_wait_text /tmp/lock.log "session: unlocked" 10
usleep 300000                                # the press feedback (0.1 s) has faded
vm_screenshot unlocked
wait_count /tmp/lock.log "session: relock" 1 10
sleep 1                                      # the thumb springs home
vm_screenshot relocked

# 2nd slide: the hook runs again.
slide
wait_count /tmp/lock.log "session: relock" 2 15
sleep 1

# 3rd slide with a chip that does not exist: gpioset fails, so does the hook.
sed -i 's/^RELAY_CHIP=.*/RELAY_CHIP=gpiochip9/' /tmp/relay.conf
slide
vm_wait_text /tmp/lock.log "session: failed" 15
usleep 700000                                # the failure shake (0.4 s) is over
vm_screenshot failed
wait_count /tmp/lock.log "session: relock" 3 10
usleep 500000
vm_gpio_sample_stop
kill -0 $app; alive=$?
kill -TERM $app
wait $app
rc=$?
cat /tmp/lock.log
echo "line $LINE samples (uptime level):"; cat /tmp/line.txt
PULSES=$(vm_gpio_pulses /tmp/line.txt | tr '\n' ' ')
echo "relay pulses: ${PULSES}ms (RELAY_PULSE_MS=$PULSE)"

# The sampler polls sysfs every ~10 ms from a busy guest: edges can be seen tens of ms late.
# shellcheck disable=SC2317 # called through vm_check
in_range() { for p in $PULSES; do [ "$p" -ge $((PULSE - 60)) ] && [ "$p" -le $((PULSE + 250)) ] || return 1; done; }
vm_check two-pulses [ "$(echo "$PULSES" | wc -w)" = 2 ]
vm_check pulse-length-about-${PULSE}ms in_range
vm_check line-ends-low [ "$(tail -n 1 /tmp/line.txt | cut -d' ' -f2)" = 0 ]
vm_check hook-succeeded-twice [ "$(count /tmp/lock.log 'hook succeeded')" = 2 ]
vm_check unlocked-twice [ "$(count /tmp/lock.log 'session: unlocked')" = 2 ]
vm_check hook-failed-once [ "$(count /tmp/lock.log 'hook failed:')" = 1 ]
vm_check session-failed [ "$(count /tmp/lock.log 'session: failed')" = 1 ]
vm_check relay-error-in-log grep -q 'hook\[[0-9]*\]: slidelock-relay: gpioset could not drive' /tmp/lock.log
vm_check relocked-three-times [ "$(count /tmp/lock.log 'session: relock')" = 3 ]
vm_check still-running-after-failure [ $alive = 0 ]
vm_check exit-143-on-sigterm [ $rc = 143 ]
vm_touch_stop
exit $VM_FAILED
