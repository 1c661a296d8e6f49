#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# vkms, drm-smoke --static: one frame (read back and checked on the host), then no flips and
# ~0 CPU while idle (utime+stime from /proc over 4 s); SIGTERM still restores and exits 0.
slidelock drm-smoke --static --seconds 30 >/tmp/smoke.log 2>&1 &
app=$!
vm_wait_text /tmp/smoke.log "first frame shown" 30 || exit 1
usleep 500000
vm_grab idle-grab $app
ticks=$(vm_idle_ticks $app 4)
kill -TERM $app
wait $app
rc=$?
cat /tmp/smoke.log
hz=$(getconf CLK_TCK 2>/dev/null || echo 100)
echo "idle CPU: $ticks ticks of 1/$hz s in 4 s"
vm_log "idle cpu ticks $ticks of 1/$hz s in 4 s"
vm_check exit-status [ $rc = 0 ]
vm_check no-flips grep -q " 0 flips" /tmp/smoke.log
vm_check idle-cpu [ "$ticks" -le 2 ]
vm_check restored grep -q "display restored" /tmp/smoke.log
exit $VM_FAILED
