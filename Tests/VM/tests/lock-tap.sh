#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# Tap-to-open on a real kernel (exit mode, virtio-gpu 800x480, uinput touchscreen): with
# gesture.tap_to_open off, a tap on the thumb and one on the track's end leave the lock up;
# with it on, the same two taps open it (exit 0), logged as a tap. The thumb's centre is at
# (208, 240); the Open button's, at the track's end, at (592, 240).
vm_touch_start 799 479 || exit 1
set -- --on-unlock exit --set theme.fonts=/e2e/DejaVuSans-Bold.ttf --set display.backlight=none
# tap X: a finger down at (X, 240) for 120 ms.
tap() { vm_touch down "$1" 240; usleep 120000; vm_touch up; }

vm_lock /tmp/off.log "$@" || exit 1
off=$APP
sleep 1
tap 208; usleep 500000; tap 592
sleep 2
vm_check taps-off-stay-locked kill -0 "$off"
kill -TERM "$off"; wait "$off"
echo "--- off"; cat /tmp/off.log

vm_lock /tmp/on.log "$@" --set gesture.tap_to_open=on || exit 1
on=$APP
sleep 1
tap 208; usleep 500000; tap 592
vm_wait_exit "$on" 5
rc=$RC
echo "--- on"; cat /tmp/on.log
vm_check taps-on-exit-0 [ "$rc" = 0 ]
vm_check open-shown-logged grep -q "session: open-shown tap" /tmp/on.log
vm_check unlock-tap-logged grep -q "session: unlock tap" /tmp/on.log
vm_check unlock-line-names-the-tap grep -q "unlocked by a tap on Open" /tmp/on.log
vm_touch_stop
exit $VM_FAILED
