#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The feedback hook end to end (exit mode, virtio-gpu 800x480, uinput touchscreen): a
# script that writes its SLIDELOCK_EVENT to a file. A slide let go at half way, then a full
# one: slide-start, cancel, slide-start, unlock, in that order; the unlock's run (0.2 s)
# ends before slidelock exits (it waits up to 0.5 s for it).
vm_touch_start 799 479 || exit 1
cat >/tmp/feedback.sh <<'HOOK'
#!/bin/sh
echo "$SLIDELOCK_EVENT" >>/tmp/events.txt
[ "$SLIDELOCK_EVENT" != unlock ] || { sleep 0.2; echo done >>/tmp/events.txt; }
HOOK
chmod 755 /tmp/feedback.sh
rm -f /tmp/events.txt
vm_lock /tmp/lock.log --on-unlock exit --set theme.fonts=/e2e/DejaVuSans-Bold.ttf --set display.backlight=none \
    --set action.feedback_hook=/tmp/feedback.sh || exit 1
app=$APP
# The thumb's centre is at (208, 240); its travel is 384 px.
vm_touch down 208 240
for x in 230 260 290 320 360 400; do vm_touch sleep 30; vm_touch move $x 240; done
vm_touch sleep 50
vm_touch up
sleep 2
vm_touch swipe 208 240 760 240 400 12
vm_wait_exit $app 10
rc=$RC
cat /tmp/lock.log
echo "events:"; cat /tmp/events.txt
vm_check unlocked-exit-0 [ "$rc" = 0 ]
vm_check events-in-order [ "$(tr '\n' ' ' </tmp/events.txt)" = "slide-start cancel slide-start unlock done " ]
vm_touch_stop
exit $VM_FAILED
