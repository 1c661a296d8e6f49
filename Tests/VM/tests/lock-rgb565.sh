#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# RGB565 scanout: on vkms (whose primary plane takes RGB565) the panel shows exactly the
# headless render in that format (in-guest readback, host check); virtio-gpu cannot scan
# out RGB565: the lock runs out of service on the built-in format, naming the key to change.
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
    slidelock --format rgb565 --set theme.fonts=/e2e/DejaVuSans-Bold.ttf >/tmp/lock.log 2>&1 &
    app=$!
    vm_wait_text /tmp/lock.log "ready: out of service: Virtual-1 cannot scan out RGB565" 30
    kill -0 $app; alive=$?
    kill -TERM $app
    wait $app
    rc=$?
    cat /tmp/lock.log
    vm_check unsupported-format-out-of-service [ $alive = 0 ]
    vm_check unsupported-format-stopped-by-sigterm [ $rc = 143 ]
    vm_check unsupported-format-named grep -q "use display.format = auto or xrgb8888" /tmp/lock.log
fi
exit $VM_FAILED
