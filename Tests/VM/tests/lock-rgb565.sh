#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# RGB565 scanout: on vkms (whose primary plane takes RGB565) the panel shows exactly the
# headless render in that format (in-guest readback, host check); virtio-gpu cannot scan
# out RGB565, which must be one clear line and exit status 1, the display untouched.
if [ "$(cat /sys/module/vkms/initstate 2>/dev/null)" = live ]; then
    vm_lock /tmp/lock.log --format rgb565 --set theme.fonts=/e2e/DejaVuSans-Bold.ttf || exit 1
    app=$APP
    usleep 300000
    vm_grab rgb565-grab $app
    kill -TERM $app
    wait $app
    cat /tmp/lock.log
    vm_check rgb565-logged grep -q "RGB565, rotate" /tmp/lock.log
else
    drmgrab -i >/tmp/before.txt
    slidelock --format rgb565 --set theme.fonts=/e2e/DejaVuSans-Bold.ttf >/tmp/out.txt 2>/tmp/err.txt
    rc=$?
    cat /tmp/err.txt
    drmgrab -i >/tmp/after.txt
    vm_check unsupported-format-exit-1 [ $rc = 1 ]
    vm_check unsupported-format-one-line [ "$(wc -l </tmp/err.txt)" = 1 ]
    vm_check unsupported-format-named grep -q "RGB565" /tmp/err.txt
    vm_check display-untouched cmp -s /tmp/before.txt /tmp/after.txt
fi
exit $VM_FAILED
