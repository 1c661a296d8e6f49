#!/bin/sh
# Guest side of tools/hot-functions.sh: the lock screen as it ships, under callgrind (shipped
# by the host at /e2e/valgrind and /e2e/vg), from start-up through a slide that springs back,
# a slide that unlocks and runs the hook, and SIGTERM. The profile lands in /out (9p).
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
export VALGRIND_LIB=/e2e/vg
vm_touch_start 799 479 || exit 1
/e2e/valgrind --tool=callgrind --demangle=no --callgrind-out-file=/out/device.callgrind \
    /e2e/bin/slidelock --on-unlock hook --hook /bin/true --set theme.fonts=/e2e/DejaVuSans-Bold.ttf \
    >/tmp/lock.log 2>&1 &
app=$!
# Under valgrind in a TCG guest, start-up takes tens of seconds. The thumb's centre is at
# (208, 240): QEMU reports 200x120 mm, a 10 mm thumb (see lock-slide).
vm_wait_text /tmp/lock.log "first frame on screen" 240 || { cat /tmp/lock.log; exit 1; }
sleep 2
vm_touch swipe 208 240 400 240 400 10
sleep 1
vm_touch up
sleep 3
vm_touch swipe 208 240 790 240 600 20
sleep 1
vm_touch up
sleep 8
kill -TERM $app
wait $app
echo "slidelock under callgrind ended with $?"
[ -s /out/device.callgrind ]
