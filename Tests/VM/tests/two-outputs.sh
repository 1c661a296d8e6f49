#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# virtio-gpu with max_outputs=2 (second output forced on: run.sh -a video=Virtual-2:640x480e):
# both outputs get the pattern, each at its own mode (screendumps of head 0 and 1).
slidelock list-outputs
slidelock drm-smoke --seconds 3 >/tmp/smoke.log 2>&1 &
app=$!
vm_wait_text /tmp/smoke.log "first frame shown" 30 || exit 1
usleep 300000
vm_screenshot head0 0
vm_screenshot head1 1
wait $app
rc=$?
cat /tmp/smoke.log
vm_check exit-status [ $rc = 0 ]
vm_check first-output grep -q "Virtual-1 [1-9][0-9]* flips" /tmp/smoke.log
vm_check second-output grep -q "Virtual-2 [1-9][0-9]* flips" /tmp/smoke.log
vm_check user-mode grep -q "Virtual-2 640x480@.*video=" /tmp/smoke.log
exit $VM_FAILED
