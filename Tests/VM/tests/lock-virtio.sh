#!/bin/sh
. /e2e/lib.sh
# virtio-gpu 800x480: the real lock screen starts, shows exactly the headless render of the
# locked state (compared on the host), and SIGTERM ends it with 143 and the CRTC restored.
drmgrab -i >/tmp/before.txt
vm_lock /tmp/lock.log --set theme.fonts=/e2e/DejaVuSans-Bold.ttf || exit 1
app=$APP
usleep 200000
vm_screenshot locked
kill -TERM $app
wait $app
rc=$?
cat /tmp/lock.log
drmgrab -i >/tmp/after.txt
vm_check exit-143-on-sigterm [ $rc = 143 ]
vm_check crtc-restored cmp -s /tmp/before.txt /tmp/after.txt
exit $VM_FAILED
