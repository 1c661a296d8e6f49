#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# No DRM device, only /dev/fb0 (virtio-gpu's fbdev emulation with /dev/dri removed):
# slidelock falls back to the framebuffer, shows the headless render (host check) and
# puts the framebuffer back when stopped. With nothing animating (the one setting this
# second half is about) it uses no CPU: fbdev has no flip events to pace it.
vm_lock /tmp/lock.log --set theme.fonts=/e2e/DejaVuSans-Bold.ttf || exit 1
app=$APP
usleep 300000
vm_screenshot fbdev
kill -TERM $app
wait $app
rc=$?
cat /tmp/lock.log
vm_check fell-back grep -q "falling back to the framebuffer /dev/fb0" /tmp/lock.log
vm_check exit-143 [ $rc = 143 ]
vm_lock /tmp/idle.log --set theme.fonts=/e2e/DejaVuSans-Bold.ttf --set animation.hue=off || exit 1
app=$APP
usleep 300000
ticks=$(vm_idle_ticks $app 2)
kill -TERM $app
wait $app
rc=$?
cat /tmp/idle.log
echo "fbdev idle CPU: $ticks ticks in 2 s"
vm_check idle-exit-143 [ $rc = 143 ]
vm_check idle-cpu [ "$ticks" -le 1 ]
exit $VM_FAILED
