#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# virtio-gpu uploads what the guest flushes (QEMU's virtio_gpu_cmd_res_flush, traced on the
# host): with the shipped defaults (hue animating) slidelock draws into the buffer on screen
# and uploads only each frame's damage, at no more frames than the mode's refresh, while the
# lock waits and while a finger drags. The host side judges the trace by these phases.
vm_touch_start 799 479 || exit 1
vm_lock /tmp/lock.log --set theme.fonts=/e2e/DejaVuSans-Bold.ttf || exit 1
app=$APP
sleep 1
vm_log phase hue
sleep 3
vm_log phase drag
# 3 s of dragging with a touch report every 8 ms (125 Hz: faster than the 75 Hz refresh),
# to half the travel, then the finger lifts (the thumb springs back).
vm_touch swipe 208 240 400 240 3000 375
sleep 3
vm_log phase end
sleep 1
kill -TERM $app
wait $app
rc=$?
cat /tmp/lock.log
vm_check path-logged grep -q "Virtual-1 800x480@74.99 (damage uploads)" /tmp/lock.log
vm_check exit-143 [ $rc = 143 ]
vm_touch_stop
exit $VM_FAILED
