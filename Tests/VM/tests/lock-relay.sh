#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The door relay end to end: the real lock screen in hook mode with the shipped hook,
# `slidelock relay pulse`, and [relay] line = line 3 of a gpio-sim chip, driven by real slides
# on a uinput touchscreen (virtio-gpu 800x480).
#   1st lock: two good slides: two pulses of about relay.pulse each, `hook succeeded`,
#             unlocked, then locked again. Between them the line is held by the lock: a
#             request of it by anyone else (gpioset, root here) gets EBUSY.
#   2nd lock: a long pulse whose process is killed with SIGKILL mid-pulse: the lock drives
#             the line inactive at once and says so; the hook failed, the screen shows it.
#   3rd lock: relay.line names a chip that does not exist: the lock starts anyway (one
#             line naming the key), the pulse is refused, the hook fails, nothing unlocks.
# Screenshots: busy (kept only: the spinner turns), unlocked and failed (compared on the host).
LINE=3 PULSE=0.3
count() { grep -c "$2" "$1" 2>/dev/null; }
wait_count() {   # wait_count FILE TEXT N [SECS]: until TEXT is on N lines of FILE
    local i=0 n=$(( ${4:-20} * 20 ))
    until [ "$(count "$1" "$2")" -ge "$3" ]; do
        i=$((i + 1)); [ $i -gt $n ] && { echo "vm: timeout waiting for $3 x '$2'" >&2; return 1; }
        usleep 50000
    done
}
slide() { vm_touch swipe 208 240 760 240 400 12; }   # the thumb's centre to the far end
level() { cat "$VM_GPIO_DIR/sim_gpio$LINE/value"; }
pulse_pid() {   # the running `slidelock relay pulse`, if any
    for p in /proc/[0-9]*; do
        tr '\0' ' ' <"$p/cmdline" 2>/dev/null | grep -q '^[^ ]*slidelock relay pulse' && { echo "${p#/proc/}"; return 0; }
    done
    return 1
}

vm_gpio_sim relay || { echo "vm: no gpio-sim"; exit 1; }
BIN=$(command -v slidelock)
vm_touch_start 799 479 || exit 1
vm_gpio_sample_start $LINE /tmp/line.txt || exit 1
# Longer unlocked/failed states than the default 1.5 s leave room for TCG's slow screenshots.
# The flags every run here shares, as the positional parameters (sh has no arrays).
set -- --set theme.fonts=/e2e/DejaVuSans-Bold.ttf \
    --set animation.unlocked_duration=3 --set animation.failed_duration=3 \
    --on-unlock hook --hook "$BIN relay pulse" --set "relay.line=$VM_GPIO_CHIP:$LINE"
vm_lock /tmp/lock.log "$@" --set relay.pulse=$PULSE || exit 1
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

# Between pulses the line is the lock's: nobody else can request it, to drive it or not.
gpioset "$VM_GPIO_CHIP" "$LINE=1" >/tmp/gpioset.out 2>&1; busy_rc=$?
cat /tmp/gpioset.out

# 2nd slide: the hook runs again.
slide
wait_count /tmp/lock.log "session: relock" 2 15
sleep 1
vm_gpio_sample_stop
kill -0 $app; alive=$?
kill -TERM $app
wait $app
rc=$?
cat /tmp/lock.log
echo "line $LINE samples (uptime level):"; cat /tmp/line.txt
PULSES=$(vm_gpio_pulses /tmp/line.txt | tr '\n' ' ')
echo "relay pulses: ${PULSES}ms (relay.pulse=$PULSE)"

# The sampler polls sysfs every ~10 ms from a busy guest: edges can be seen tens of ms late.
# shellcheck disable=SC2317 # called through vm_check
in_range() { for p in $PULSES; do [ "$p" -ge 240 ] && [ "$p" -le 550 ] || return 1; done; }
vm_check two-pulses [ "$(echo "$PULSES" | wc -w)" = 2 ]
vm_check pulse-length-about-300ms in_range
vm_check line-ends-low [ "$(tail -n 1 /tmp/line.txt | cut -d' ' -f2)" = 0 ]
vm_check line-held-at-start grep -q "relay: holding /dev/$VM_GPIO_CHIP.* line $LINE (active-high, inactive now)" /tmp/lock.log
vm_check line-busy-for-others sh -c "[ $busy_rc != 0 ] && grep -q 'busy' /tmp/gpioset.out"
vm_check hook-succeeded-twice [ "$(count /tmp/lock.log 'hook succeeded')" = 2 ]
vm_check hook-said-pulsed grep -q 'hook\[[0-9]*\]: relay pulsed:' /tmp/lock.log
vm_check unlocked-twice [ "$(count /tmp/lock.log 'session: unlocked')" = 2 ]
vm_check relocked-twice [ "$(count /tmp/lock.log 'session: relock')" = 2 ]
vm_check exit-143-on-sigterm [ $rc = 143 ]
vm_check still-running-before-sigterm [ $alive = 0 ]

# --- 2nd lock: the pulse process killed mid-pulse ---------------------------------------------
vm_lock /tmp/lock2.log "$@" --set relay.pulse=20 --set action.timeout=30 || exit 1
app=$APP
slide
vm_wait_text /tmp/lock2.log "hook started" 10
i=0; until [ "$(level)" = 1 ] || [ $i -gt 100 ]; do usleep 50000; i=$((i + 1)); done
vm_check kill9-pulse-started [ "$(level)" = 1 ]
PULSE_PID=$(pulse_pid)
echo "pulse process: ${PULSE_PID:-none}"
kill -9 "$PULSE_PID"
vm_wait_text /tmp/lock2.log "with the line energised: driven inactive" 10
vm_check kill9-line-inactive [ "$(level)" = 0 ]
vm_wait_text /tmp/lock2.log "session: failed" 15
usleep 700000                                # the failure shake (0.4 s) is over
vm_screenshot failed
kill -TERM $app
wait $app
cat /tmp/lock2.log
vm_check kill9-logged grep -q 'relay: hook\[[0-9]*\] ended (killed by signal SIGKILL.*) with the line energised: driven inactive' /tmp/lock2.log
vm_check kill9-hook-failed [ "$(count /tmp/lock2.log 'hook failed:')" = 1 ]

# --- 3rd lock: a chip that does not exist -----------------------------------------------------
vm_lock /tmp/lock3.log "$@" --set relay.line=gpiochip9:$LINE || exit 1
app=$APP
slide
vm_wait_text /tmp/lock3.log "session: failed" 15
wait_count /tmp/lock3.log "session: relock" 1 10
kill -0 $app; alive=$?
kill -TERM $app
wait $app
cat /tmp/lock3.log
vm_check bad-chip-logged-at-start grep -q 'relay.line = gpiochip9:3: no GPIO chip "gpiochip9".*the door relay will not pulse' /tmp/lock3.log
vm_check bad-chip-pulse-refused grep -q 'hook\[[0-9]*\]: slidelock relay: pulse refused: relay.line = gpiochip9:3' /tmp/lock3.log
vm_check bad-chip-hook-failed [ "$(count /tmp/lock3.log 'hook failed:')" = 1 ]
vm_check bad-chip-not-unlocked [ "$(count /tmp/lock3.log 'session: unlocked')" = 0 ]
vm_check bad-chip-still-running [ $alive = 0 ]
vm_touch_stop
exit $VM_FAILED
