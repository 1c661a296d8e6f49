#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# Idle dim and blank on the real lock screen (virtio-gpu 800x480, uinput touchscreen, no
# backlight: dimming draws the frame darker), hue animating while awake:
#   dim after 1 s: a darker frame, then no flips and ~0 CPU (the hue stands still);
#   blank after 6 s: the CRTC is off (drmgrab -i), no flips, ~0 CPU;
#   a full swipe on the blank panel only wakes it (no exit; the lock is back, thumb home);
#   the next full swipe unlocks (exit 0).
vm_touch_start 799 479 || exit 1
# The flags every run here shares, as the positional parameters (sh has no arrays).
set -- --set theme.fonts=/e2e/DejaVuSans-Bold.ttf --set animation.hue=on --set display.backlight=none
vm_lock /tmp/lock.log --on-unlock exit "$@" --set display.dim_after=1 --set display.blank_after=6 \
    --set display.dim_level=0.3 --trace /tmp/trace.txt || exit 1
app=$APP
vm_wait_text /tmp/lock.log "idle: dim$" 10 || exit 1
usleep 300000
# The dim window is measured first and ends well before the blank (at 6 s): screenshots
# take the host's time, and a window that ran into the blank's modeset counted its ticks.
f0=$(wc -l </tmp/trace.txt)
dim_ticks=$(vm_idle_ticks $app 3)
f1=$(wc -l </tmp/trace.txt)
grep -q "idle: blank" /tmp/lock.log && dim_window=overlapped-blank || dim_window=dim-only
echo "dim: $((f1 - f0)) frames, $dim_ticks CPU ticks of 1/100 s in 3 s ($dim_window)"
vm_screenshot dim
vm_grab dim-grab $app
vm_wait_text /tmp/lock.log "idle: blank$" 10 || exit 1
usleep 300000
drmgrab -i >/tmp/crtc-blank.txt
cat /tmp/crtc-blank.txt
vm_screenshot blank
f2=$(wc -l </tmp/trace.txt)
blank_ticks=$(vm_idle_ticks $app 4)
f3=$(wc -l </tmp/trace.txt)
echo "blank: $((f3 - f2)) frames, $blank_ticks CPU ticks of 1/100 s in 4 s"
echo "idle CPU: dim $dim_ticks ticks of 1/100 s in 3 s, blank $blank_ticks ticks in 4 s"

# A full swipe on the blank panel: wakes it, never unlocks.
vm_touch swipe 208 240 760 240 400 12
sleep 1
vm_check wake-swipe-does-not-unlock kill -0 $app
vm_check woke-by-touch grep -q "idle: wake touch" /tmp/lock.log
drmgrab -i >/tmp/crtc-woke.txt
vm_screenshot woke
# The next swipe unlocks.
vm_touch swipe 208 240 760 240 400 12
vm_wait_exit $app 5
rc=$RC
cat /tmp/lock.log
vm_check dim-window-before-blank [ "$dim_window" = dim-only ]
vm_check dim-stands-still [ $((f1 - f0)) -eq 0 ]
vm_check dim-cpu [ "$dim_ticks" -le 1 ]
vm_check blank-crtc-off grep -q "mode off" /tmp/crtc-blank.txt
vm_check blank-no-flips [ $((f3 - f2)) -eq 0 ]
vm_check blank-cpu [ "$blank_ticks" -le 1 ]
vm_check woke-crtc-on grep -q "mode 800x480" /tmp/crtc-woke.txt
vm_check second-swipe-unlocks [ $rc = 0 ]
vm_touch_stop
exit $VM_FAILED
