#!/bin/sh
. /e2e/lib.sh
# vkms (real 60 Hz vblank events): page flips over 3 s must run within 5 % of 60 per second.
slidelock drm-smoke --seconds 3 >/tmp/smoke.log 2>&1
rc=$?
cat /tmp/smoke.log
rate=$(sed -n 's/.* = \([0-9.]*\) flips\/s$/\1/p' /tmp/smoke.log | head -1)
echo "vkms flips/s: ${rate:-none}"
vm_log "vkms flips/s ${rate:-none}"
vm_check exit-status [ $rc = 0 ]
vm_check rate-60hz awk -v r="${rate:-0}" 'BEGIN { exit !(r >= 57 && r <= 63) }'
exit $VM_FAILED
