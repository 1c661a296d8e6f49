#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The kernel says the panel is mounted right side up (video=...panel_orientation=): with the
# default rotate = auto slidelock turns the picture by 90 itself (host check against render).
vm_lock /tmp/lock.log --set theme.fonts=/e2e/DejaVuSans-Bold.ttf || exit 1
app=$APP
usleep 200000
vm_screenshot oriented
kill -TERM $app
wait $app
cat /tmp/lock.log

vm_check orientation-logged grep -q "panel orientation asks for 90" /tmp/lock.log
exit $VM_FAILED
