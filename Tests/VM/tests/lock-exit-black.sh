#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# With the console on screen (run.sh -k) and display.on_exit = black, a stop leaves the
# output switched off instead of restoring the console's framebuffer. A second client
# holds the card open so the kernel's last-close fbdev restore cannot interfere.
drmgrab -i >/tmp/before.txt
vm_lock /tmp/lock.log --set display.on_exit=black --set theme.fonts=/e2e/DejaVuSans-Bold.ttf \
    || exit 1
app=$APP
exec 3<>/dev/dri/card0          # opened after slidelock: the first opener would become master
kill -TERM $app
wait $app
rc=$?
cat /tmp/lock.log
drmgrab -i >/tmp/after.txt
cat /tmp/before.txt /tmp/after.txt
exec 3>&-
vm_check exit-143 [ $rc = 143 ]
vm_check console-was-on grep -q "mode 800x480" /tmp/before.txt
vm_check output-left-off sh -c '! grep -q "mode 800x480" /tmp/after.txt'
exit $VM_FAILED
