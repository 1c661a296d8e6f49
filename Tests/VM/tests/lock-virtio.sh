#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# virtio-gpu 800x480: the real lock screen starts, shows exactly the headless render of the
# locked state (compared on the host), and SIGTERM ends it with 143 and the CRTC restored.
# Also its resident size at 800x480 with the hue animating (a small panel's budget is 12 MB; the check
# is a ceiling against regressions, the figure is reported).
drmgrab -i >/tmp/before.txt
vm_lock /tmp/lock.log --set theme.fonts=/e2e/DejaVuSans-Bold.ttf || exit 1
app=$APP
usleep 200000
vm_screenshot locked
sleep 1
rss=$(awk '/^VmRSS:/ { print $2 }' /proc/$app/status)
echo "resident size at 800x480: $((rss / 1024)).$(( (rss % 1024) * 10 / 1024 )) MiB ($rss kB)"
kill -TERM $app
wait $app
rc=$?
cat /tmp/lock.log
drmgrab -i >/tmp/after.txt
# The thumb in millimetres from QEMU's EDID size (display.physical_size = auto).
vm_check sized-from-edid grep -q "layout: panel 200x120 mm, 102 dpi: thumb 10 mm (size reported by Virtual-1)" /tmp/lock.log
vm_check exit-143-on-sigterm [ $rc = 143 ]
vm_check crtc-restored cmp -s /tmp/before.txt /tmp/after.txt
vm_check rss-under-32-mib [ "${rss:-999999}" -le 32768 ]
exit $VM_FAILED
