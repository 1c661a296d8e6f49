#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The wake touch and what comes with it never unlock (exit mode, virtio-gpu
# 800x480, uinput touchscreen, blank after 2 s):
#   a finger lands on the blank panel and SIGUSR2 arrives 10 ms later (the ghost filter
#     still holds the touch): the finger carried to the end and lifted does not unlock;
#   a finger lands on the blank panel, SIGHUP reloads while it is down: carried to the end
#     and lifted, it does not unlock;
#   SIGUSR1 with a finger resting on the thumb, then that finger slides: no unlock;
#   a swipe on the lit panel afterwards unlocks (exit 0).
vm_touch_start 799 479 || exit 1
vm_lock /tmp/lock.log --on-unlock exit --set theme.fonts=/e2e/DejaVuSans-Bold.ttf --set display.backlight=none --set display.dim_after=0 --set display.blank_after=2 || exit 1
app=$APP

slide_on() {   # the finger already down at 208 240 goes to the end and lifts
    for x in 260 330 400 470 540 610 760; do vm_touch sleep 30; vm_touch move $x 240; done
    vm_touch up
    sleep 1
}

vm_wait_text /tmp/lock.log "idle: blank$" 10 || exit 1
vm_touch down 208 240
usleep 10000
kill -USR2 $app
slide_on
kill -0 $app; alive_after_usr2=$?

# Blank again (2 s after the lift): the second "idle: blank" line.
i=0; while [ "$(grep -c 'idle: blank$' /tmp/lock.log)" -lt 2 ] && [ $i -lt 100 ]; do usleep 100000; i=$((i + 1)); done
vm_touch down 208 240
usleep 100000
kill -HUP $app
vm_wait_text /tmp/lock.log "configuration reloaded" 10
slide_on
kill -0 $app; alive_after_hup=$?

# Lit now (the lift restarted the idle timer): a finger rests on the thumb, SIGUSR1.
vm_touch down 208 240
usleep 200000
kill -USR1 $app
vm_wait_text /tmp/lock.log "reset to locked (SIGUSR1)" 10
slide_on
kill -0 $app; alive_after_usr1=$?

# A real swipe while the panel is still lit unlocks.
vm_touch swipe 208 240 760 240 400 12
vm_wait_exit $app 5
rc=$RC
cat /tmp/lock.log
vm_check touch-before-sigusr2-cannot-unlock [ $alive_after_usr2 = 0 ]
vm_check wake-touch-across-sighup-cannot-unlock [ $alive_after_hup = 0 ]
vm_check resting-finger-after-sigusr1-cannot-unlock [ $alive_after_usr1 = 0 ]
vm_check blanked-twice [ "$(grep -c 'idle: blank$' /tmp/lock.log)" -ge 2 ]
vm_check refusals-logged grep -q "hidden-idle" /tmp/lock.log
vm_check swipe-on-lit-panel-unlocks [ $rc = 0 ]
vm_touch_stop
exit $VM_FAILED
