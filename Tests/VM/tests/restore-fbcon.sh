#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# With the kernel's fbdev console on screen (run.sh -k): drm-smoke takes over, then puts
# fbcon's framebuffer and mode back. A second client holds the card open meanwhile so that
# the kernel's own last-close restore (drm_lastclose -> fbdev) cannot mask a missing restore.
# some text on the console, so the screenshots before and after have something to compare
printf '\033[2J\033[Hslidelock VM test: the console must come back\n' >/dev/tty1
usleep 300000
drmgrab -i >/tmp/before.txt
cat /tmp/before.txt
vm_screenshot before
slidelock drm-smoke --seconds 2 >/tmp/smoke.log 2>&1 &
app=$!
vm_wait_text /tmp/smoke.log "first frame shown" 30 || exit 1
exec 3<>/dev/dri/card0
usleep 300000
vm_screenshot during
wait $app
rc=$?
cat /tmp/smoke.log
drmgrab -i >/tmp/after.txt
cat /tmp/after.txt
usleep 300000
vm_screenshot after
exec 3>&-
vm_check exit-status [ $rc = 0 ]
vm_check fbcon-was-on grep -q "mode 800x480" /tmp/before.txt
vm_check crtc-restored cmp -s /tmp/before.txt /tmp/after.txt
exit $VM_FAILED
