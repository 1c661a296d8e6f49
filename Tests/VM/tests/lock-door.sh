#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The door on a real kernel: one gpio-sim chip made before the lock starts, its lines the
# relay (3), the door's contact (1, high while open) and the tamper switch (2, high while
# tampered), driven through gpio-sim's `pull`. Hook mode with the shipped hook
# (`slidelock relay pulse`), a feedback hook writing what it is told, `ctl watch` running.
#   a slide -> the relay pulses -> the contact opens -> closes: door-open (by slide, the relay
#     seen driven), door-closed;
#   an opening with no unlock -> forced, held open after door.held_open_after, closed;
#   a slide whose door stays shut -> not-opened (the relay seen driven) at the end of
#     door.open_window;
#   tamper (tamper.lockdown = on) -> lockdown, a slide refused; tamper-reset refused while
#     the switch is still active, then accepted: lockdown off;
#   display off -> a slide on the dark panel only wakes it; identify -> its feedback run;
#   the chip removed -> its lines let go of (one line each, status says missing), no spin;
# each in the log, the feedback hook and the watch lines, in order; nothing opens but the
# two slides.
RELAY=3 CONTACT=1 TAMPER=2
count() { grep -c "$2" "$1" 2>/dev/null; }
slide() { vm_touch swipe 208 240 760 240 400 12; }
pull() { echo "pull-$2" >"$VM_GPIO_DIR/sim_gpio$1/pull"; }
vm_gpio_sim door || { echo "vm: no gpio-sim"; exit 1; }
pull $CONTACT down; pull $TAMPER down                  # closed, at rest
BIN=$(command -v slidelock)
vm_touch_start 799 479 || exit 1
cat >/tmp/feedback.sh <<'HOOK'
#!/bin/sh
echo "$SLIDELOCK_EVENT $SLIDELOCK_SOURCE" >>/tmp/feedback.txt
HOOK
chmod 755 /tmp/feedback.sh
rm -f /tmp/feedback.txt
vm_lock /tmp/lock.log --set theme.fonts=/e2e/DejaVuSans-Bold.ttf --set display.backlight=none \
    --on-unlock hook --hook "$BIN relay pulse" --set "relay.line=$VM_GPIO_CHIP:$RELAY" --set relay.pulse=0.3 \
    --set "door.contact=$VM_GPIO_CHIP:$CONTACT" --set "tamper.input=$VM_GPIO_CHIP:$TAMPER" \
    --set tamper.lockdown=on --set door.open_window=4 --set door.held_open_after=3 \
    --set action.feedback_hook=/tmp/feedback.sh || exit 1
app=$APP
slidelock ctl watch >/tmp/watch.txt 2>&1 &
watch_pid=$!
usleep 500000

# An unlock, then the door opens and closes.
slide
vm_wait_text /tmp/lock.log "hook succeeded" 15
pull $CONTACT up
vm_wait_text /tmp/lock.log "door: door opened after an unlock" 10
sleep 1
pull $CONTACT down
vm_wait_text /tmp/lock.log "door: door closed" 10
vm_wait_text /tmp/lock.log "session: relock" 10
# Forced (no unlock for over door.open_window), then held open.
sleep 4
pull $CONTACT up
vm_wait_text /tmp/lock.log "door: door held open" 15
slidelock ctl status >/tmp/status-held.txt
pull $CONTACT down
# A slide whose door stays shut.
sleep 1
slide
vm_wait_text /tmp/lock.log "door: door not opened after an unlock" 20
# Tamper with lockdown: a slide is refused; the reset waits for the switch to be at rest.
pull $TAMPER up
vm_wait_text /tmp/lock.log "door: lockdown on while tampered" 10
slide
vm_wait_text /tmp/lock.log "ignored-touch lockdown" 10
slidelock ctl tamper-reset 2>/tmp/reset-active.txt; rc_reset_active=$?
pull $TAMPER down
sleep 1
slidelock ctl tamper-reset >/tmp/reset.txt; rc_reset=$?
vm_wait_text /tmp/lock.log "door: lockdown off: tamper reset" 10
# The panel switched off: a slide on it only wakes it.
slidelock ctl display off; rc_off=$?
sleep 1
slide
sleep 2
slidelock ctl status >/tmp/status-woken.txt
slidelock ctl identify; rc_identify=$?
usleep 500000
# The chip goes away: its lines are let go of, one line each, and the loop does not spin on
# descriptors the kernel keeps readable (CPU ticks over 3 s, before and after).
ticks() { awk '{ print $14 + $15 }' "/proc/$app/stat"; }
t0=$(ticks); sleep 3; t1=$(ticks)
unplug_rc=0; echo 0 >/sys/kernel/config/gpio-sim/door/live || unplug_rc=1
sleep 1
t2=$(ticks); sleep 3; t3=$(ticks)
echo "vm: lock CPU ticks over 3 s: $((t1 - t0)) before the chip went, $((t3 - t2)) after"
slidelock ctl status >/tmp/status-gone.txt
kill -0 $app; alive=$?
kill -TERM $app
wait $app
wait $watch_pid
cat /tmp/lock.log
echo "feedback:"; cat /tmp/feedback.txt
echo "watch:"; cat /tmp/watch.txt
# shellcheck disable=SC2317 # called through vm_check
in_order() {   # in_order FILE LINE...: the lines appear in FILE in this order (others between)
    f=$1; shift
    printf '%s\n' "$@" >/tmp/want.txt
    grep -Fx -f /tmp/want.txt "$f" >/tmp/got.txt
    printf '%s\n' "$@" | cmp -s - /tmp/got.txt || { echo "vm: $f in order:"; cat /tmp/got.txt; return 1; }
}
vm_check door-lines-held grep -q "door.contact: /dev/$VM_GPIO_CHIP .*line $CONTACT, active high" /tmp/lock.log
vm_check opening-evidence grep -q "door: door opened after an unlock (by slide, relay driven)" /tmp/lock.log
vm_check not-opened-evidence grep -q "door: door not opened after an unlock (by slide, relay driven)" /tmp/lock.log
vm_check two-unlocks-only [ "$(count /tmp/lock.log 'hook succeeded')" = 2 ]
# A forced opening is door-open and forced at once: the newer run may stop the first before
# it wrote (one feedback run at a time), so door-open is checked for the first opening only.
vm_check feedback-first-opening [ "$(grep -m1 ' door$' /tmp/feedback.txt)" = "door-open door" ]
grep -v '^door-open ' /tmp/feedback.txt >/tmp/feedback-rest.txt
vm_check feedback-in-order in_order /tmp/feedback-rest.txt "door-closed door" "forced door" "held-open door" \
    "door-closed door" "not-opened door" "tampered tamper" "tamper-reset tamper"
vm_check watch-in-order in_order /tmp/watch.txt "unlock slide" "door open" "door closed" "door forced" \
    "door held-open" "door closed" "unlock slide" "not-opened" "lockdown on" "tamper on" "rejected slide lockdown" \
    "lockdown off" "tamper off" "display blank" "display on"
vm_check status-says-held-open grep -q " door=held-open tamper=off " /tmp/status-held.txt
vm_check reset-refused-while-active sh -c "[ $rc_reset_active = 1 ] && grep -q 'still-active' /tmp/reset-active.txt"
vm_check reset-accepted sh -c "[ $rc_reset = 0 ] && grep -qx reset /tmp/reset.txt"
vm_check display-off-accepted [ $rc_off = 0 ]
vm_check woken-not-opened grep -q "^state=locked display=on lockdown=off unlocks=2 " /tmp/status-woken.txt
vm_check identify-accepted [ $rc_identify = 0 ]
vm_check identify-feedback grep -qx "identify ctl" /tmp/feedback.txt
vm_check chip-removed [ $unplug_rc = 0 ]
vm_check contact-let-go grep -q "door.contact: its GPIO chip is gone; running without it" /tmp/lock.log
vm_check tamper-let-go grep -q "tamper.input: its GPIO chip is gone; running without it" /tmp/lock.log
vm_check status-says-missing grep -q " door=missing tamper=missing " /tmp/status-gone.txt
vm_check no-spin-after-the-chip-went [ $((t3 - t2)) -le $(( (t1 - t0) * 3 / 2 + 30 )) ]
vm_check still-running [ $alive = 0 ]
vm_touch_stop
exit $VM_FAILED
