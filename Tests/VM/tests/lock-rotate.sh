#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# A portrait-mounted 800x480 panel (--rotate 90): the screen shows the 480x800 lock screen
# turned clockwise, exactly as `slidelock render --size 480x800 --rotate 90` (host check).
vm_lock /tmp/lock.log --rotate 90 --set theme.fonts=/e2e/DejaVuSans-Bold.ttf || exit 1
app=$APP
usleep 200000
vm_screenshot rotated
kill -TERM $app
wait $app
cat /tmp/lock.log
exit $VM_FAILED
