#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# virtio-gpu 800x480: drm-smoke lights the panel with the test pattern (QMP screendump and
# in-guest readback, checked on the host), flips, exits 0 and leaves the CRTC as it found it.
drmgrab -i >/tmp/before.txt
slidelock drm-smoke --seconds 4 >/tmp/smoke.log 2>&1 &
app=$!
vm_wait_text /tmp/smoke.log "first frame shown" 30 || exit 1
usleep 300000
vm_screenshot smoke
vm_grab smoke-grab $app
wait $app
rc=$?
cat /tmp/smoke.log
drmgrab -i >/tmp/after.txt
cat /tmp/before.txt /tmp/after.txt
vm_check exit-status [ $rc = 0 ]
vm_check flipped grep -q "Virtual-1 [1-9][0-9]* flips" /tmp/smoke.log
vm_check crtc-restored cmp -s /tmp/before.txt /tmp/after.txt
exit $VM_FAILED
