#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# A portrait-mounted 800x480 panel (--rotate 90, logical 480x800): a finger dragging along
# the panel's y axis moves the thumb, which stays under the finger (host check against
# `render --size 480x800 --rotate 90 --progress 0.5`).
vm_touch_start 799 479 || exit 1
vm_lock /tmp/lock.log --rotate 90 --set theme.fonts=/e2e/DejaVuSans-Bold.ttf || exit 1
app=$APP
# Logical thumb centre (48, 400) is panel (800 - 400, 48); travel 384 px, half is 192.
vm_touch down 400 48
for y in 90 120 150 180 210 240; do vm_touch sleep 20; vm_touch move 400 $y; done
usleep 400000
vm_screenshot rotated-mid-drag
vm_touch up
kill -TERM $app
wait $app
cat /tmp/lock.log
vm_touch_stop
exit $VM_FAILED
