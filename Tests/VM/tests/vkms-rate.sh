#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# vkms (real 60 Hz vblank events): over 3 s of flipping, slidelock misses no vblank through
# its own fault. The kernel's vblank counter in each flip event tells a vblank slidelock was
# late for (it had read the previous completion in time) from one the starved guest delivered
# late; an absolute rate cannot, and fails whenever the host is busy.
# At most 5 % of the vblanks missed through slidelock's own lateness. In a TCG guest on a busy
# host the vCPU can be descheduled or slowed between reading a completion and queueing the
# next flip, which the ledger cannot tell from our own slowness (seen: 3 of 178 with a compile
# beside the suite, 12 of 177 while the host ran every guest at half speed; 0 on a quiet host).
# Host noise comes and goes, a pacing bug does not: up to 3 runs, the first that passes counts.
for attempt in 1 2 3; do
    slidelock drm-smoke --seconds 3 >/tmp/smoke.log 2>&1
    rc=$?
    cat /tmp/smoke.log
    ledger=$(sed -n 's/^drm-smoke: [^ ]* \([0-9]* flips over [0-9]* vblanks: .*\)$/\1/p' /tmp/smoke.log | head -1)
    vblanks=$(echo "$ledger" | sed -n 's/.* over \([0-9]*\) vblanks.*/\1/p')
    ours=$(echo "$ledger" | sed -n 's/.*, \([0-9]*\) by slidelock$/\1/p')
    [ $rc = 0 ] && [ "${vblanks:-0}" -ge 60 ] && [ "${ours:-9999}" -le $(( ${vblanks:-0} / 20 )) ] && break
    echo "vkms-rate: attempt $attempt missed too many vblanks (${ledger:-no ledger}); again"
done
rate=$(sed -n 's/.* = \([0-9.]*\) flips\/s$/\1/p' /tmp/smoke.log | head -1)
echo "vkms flips/s: ${rate:-none}"
vm_log "vkms flips/s ${rate:-none}"
echo "vkms ledger: ${ledger:-none} (run $attempt)"
vm_log "vkms ledger ${ledger:-none}"
vm_check exit-status [ "$rc" = 0 ]
vm_check vblanks-seen [ "${vblanks:-0}" -ge 60 ]
vm_check vblanks-missed-by-slidelock-under-5-percent [ "${ours:-9999}" -le $(( ${vblanks:-0} / 20 )) ]
exit $VM_FAILED
