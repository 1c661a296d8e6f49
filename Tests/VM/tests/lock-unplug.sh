#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The touchscreen disappears mid-drag: nothing unlocks, the thumb springs home (host check
# against the locked render), and a touchscreen plugged in afterwards unlocks.
vm_touch_start 799 479 || exit 1
vm_lock /tmp/lock.log --on-unlock exit --set theme.fonts=/e2e/DejaVuSans-Bold.ttf || exit 1
app=$APP
vm_touch down 208 240
for x in 260 310 360 410 460 510 570; do vm_touch sleep 20; vm_touch move $x 240; done
usleep 200000
vm_touch_stop                                  # destroys the uinput device, finger still down
vm_wait_text /tmp/lock.log "input: removed" 10
sleep 1.5
vm_check no-unlock-on-unplug kill -0 $app
vm_screenshot after-unplug
vm_touch_start 799 479 || exit 1
# The second "using" line: the replugged device adopted (its adoption is an uncertain
# moment, so a finger that landed before it could never unlock).
i=0
while [ "$(grep -c 'using /dev/input/.*slidelock-test-touch' /tmp/lock.log)" -lt 2 ] && [ $i -lt 200 ]; do
    usleep 50000; i=$((i + 1))
done
usleep 200000
vm_touch swipe 208 240 760 240 400 12
vm_wait_exit $app 5
rc=$RC
cat /tmp/lock.log
vm_check replugged-device-unlocks [ $rc = 0 ]
vm_check cancel-logged grep -q "session: uncertain-device-removed" /tmp/lock.log
vm_touch_stop
exit $VM_FAILED
