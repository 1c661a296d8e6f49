#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The real lock screen with a uinput touchscreen on virtio-gpu 800x480 (fbcon kept):
# a slide to 60 % springs back and does not unlock; mid-drag the thumb is under the finger
# (host check against the headless render); a full slide makes slidelock exit 0 and the
# console comes back as it was.
vm_touch_start 799 479 || exit 1
vm_screenshot console-before
# The flags every run here shares, as the positional parameters (sh has no arrays).
set -- --set theme.fonts=/e2e/DejaVuSans-Bold.ttf
vm_lock /tmp/lock.log --on-unlock exit "$@" || exit 1
app=$APP
# The thumb's centre is at (208, 240); its travel is 384 px (200x120 mm: a 10 mm thumb).
vm_touch down 208 240
for x in 230 260 290 320 360 400; do vm_touch sleep 20; vm_touch move $x 240; done
usleep 400000
vm_screenshot mid-drag                       # 192 px = progress 0.5
vm_touch move 420 240
vm_touch sleep 20                                 # (two moves written back to back are a burst)
vm_touch move 438 240                        # 60 %
vm_touch sleep 50
vm_touch up
sleep 2
vm_check partial-slide-does-not-unlock kill -0 $app
vm_screenshot after-partial                  # back home: the locked frame
vm_touch swipe 208 240 760 240 400 12
vm_wait_exit $app 5
rc=$RC
cat /tmp/lock.log
usleep 300000
vm_screenshot console-after
vm_check full-slide-exits-0 [ $rc = 0 ]
vm_check spring-back-logged grep -q "session: spring-back" /tmp/lock.log
vm_check unlock-logged grep -q "unlocked by a" /tmp/lock.log
vm_touch_stop
exit $VM_FAILED
