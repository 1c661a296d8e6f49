#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# Two outputs, touch mapped to the second (--touch-output Virtual-2, 640x480): a slide in
# that output's coordinates unlocks, so the session uses the second output's layout.
vm_touch_start 639 479 || exit 1
vm_lock /tmp/lock.log --on-unlock exit --touch-output Virtual-2 --set theme.fonts=/e2e/DejaVuSans-Bold.ttf \
    || exit 1
app=$APP
# Virtual-2 reports 320x200 mm (QEMU's EDID for its default 1280x800): 56 dpi, so the thumb
# is in millimetres, its track at the 48 px minimum height, 432 px wide at x=104: the thumb's
# centre is at (128, 240).
vm_touch swipe 128 240 630 240 400 12
vm_wait_exit $app 5
rc=$RC
cat /tmp/lock.log
vm_check sized-from-virtual-2 grep -q "layout: panel 320x200 mm, 56 dpi: thumb 10 mm (size reported by Virtual-2)" /tmp/lock.log
vm_check touch-maps-to-virtual-2 grep -q "input: touch maps to Virtual-2" /tmp/lock.log
vm_check slide-on-second-output-unlocks [ $rc = 0 ]
# A touch output that is not there: the lock runs out of service on the built-in defaults,
# its line naming the key, until SIGTERM.
slidelock --touch-output HDMI-A-9 --set theme.fonts=/e2e/DejaVuSans-Bold.ttf >/tmp/oos.log 2>&1 &
app=$!
vm_wait_text /tmp/oos.log "ready: out of service: display.touch_output: no lit output named HDMI-A-9" 30
kill -0 $app; alive=$?
kill -TERM $app
wait $app
rc=$?
cat /tmp/oos.log
vm_check unknown-touch-output-out-of-service [ $alive = 0 ]
vm_check unknown-touch-output-stopped-by-sigterm [ $rc = 143 ]
vm_touch_stop
exit $VM_FAILED
