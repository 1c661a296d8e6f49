#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# DRM master taken while the lock runs (vkms, shipped defaults, exit mode): another program
# (drmsteal, as root) drops slidelock's master and shows magenta for 3 s. Meanwhile a full
# slide is made on the glass: it must not unlock. When the other program lets go, slidelock
# takes master back and draws the whole lock again (timed from the release to the first
# frame on screen, through --trace); a slide on the lock that is back unlocks (exit 0).
# The flags every run here shares, as the positional parameters (sh has no arrays).
set -- --set theme.fonts=/e2e/DejaVuSans-Bold.ttf
vm_touch_start 1023 767 || exit 1
vm_lock /tmp/lock.log "$@" --on-unlock exit --trace /tmp/trace.jsonl || exit 1
app=$APP
sleep 1
drmsteal $app 3 >/tmp/steal.log 2>&1 &
steal=$!
vm_wait_text /tmp/steal.log holding 10
# What the panel shows while the other program holds it (no pid: slidelock draws nothing).
drmgrab -o /tmp/stolen.ppm >&2
pixel=$(tail -c 3 /tmp/stolen.ppm | od -An -tx1 | tr -d ' \n')
# 1024x768: the thumb's centre is at (109, 384); the whole track in 0.5 s.
vm_touch swipe 109 384 1000 384 500 15
wait $steal
cat /tmp/steal.log
vm_wait_text /tmp/lock.log "DRM master is back" 5
usleep 500000
vm_grab back $app
released=$(sed -n 's/^released //p' /tmp/steal.log)
back=$(awk -F'"flip_completed":' -v t="${released:-0}" '{ split($2, a, ","); if (a[1] + 0 >= t) { printf "%d", (a[1] - t) * 1000; exit } }' /tmp/trace.jsonl)
echo "lock back on screen ${back:-?} ms after the other program released master"
vm_log "lock back ${back:-?} ms after master released"
vm_check other-program-showed-magenta [ "$pixel" = ff00ff ]
vm_check still-running kill -0 $app
vm_check loss-logged grep -q "another program took DRM master" /tmp/lock.log
vm_check no-unlock-while-away sh -c "! grep -q 'unlocked by' /tmp/lock.log"
vm_check back-within-1s [ "${back:-9999}" -le 1000 ]
# The lock that is back takes a slide as usual.
vm_touch swipe 109 384 1000 384 500 15
vm_wait_exit $app 3
rc=$RC
cat /tmp/lock.log
vm_check slide-after-regain-exits-0 [ $rc = 0 ]

# Taken and given back while nothing is drawn (no watchdog outside systemd). The hue is off
# because this part is about that setting: with it on, a frame is always due and the loss
# is seen at once (the first half).
# The other program's buffer went with it, so the screen is dark, and slidelock learns of it
# only at its next frame - the one a touch asks for. That touch is ignored (the person saw
# no lock), the lock is drawn again, and the next slide unlocks.
vm_lock /tmp/still.log "$@" --on-unlock exit --set animation.hue=off || exit 1
app=$APP
usleep 500000
drmsteal $app 1 >/tmp/steal2.log 2>&1
cat /tmp/steal2.log
vm_touch swipe 109 384 1000 384 500 15
vm_wait_text /tmp/still.log "DRM master is back" 5
usleep 300000
vm_check first-touch-after-unseen-loss-ignored sh -c "! grep -q 'unlocked by' /tmp/still.log"
vm_touch swipe 109 384 1000 384 500 15
vm_wait_exit $app 3
rc=$RC
cat /tmp/still.log
vm_check unseen-loss-then-slide-exits-0 [ $rc = 0 ]

# Flapping: master taken and given back again and again while a finger slides the whole
# track for 2 s: nothing unlocks, the lock is back after the last release and takes a slide.
# (A take fails when slidelock has not taken master back yet; those are counted out.)
vm_lock /tmp/flap.log "$@" --on-unlock exit || exit 1
app=$APP
usleep 300000
vm_touch swipe 109 384 1000 384 2000 60
for i in 1 2 3 4 5 6 7 8; do drmsteal $app 0.15 >>/tmp/flap-steal.log 2>&1; usleep 150000; done
takes=$(grep -c holding /tmp/flap-steal.log)
usleep 500000
echo "flapping: $takes takes of master, $(grep -c 'DRM master is back' /tmp/flap.log) returns"
vm_check flapping-took-master [ "$takes" -ge 3 ]
vm_check flapping-no-unlock sh -c "! grep -q 'unlocked by' /tmp/flap.log"
vm_check flapping-back [ "$(grep -c 'DRM master is back' /tmp/flap.log)" -eq "$takes" ]
vm_touch swipe 109 384 1000 384 500 15
vm_wait_exit $app 3
vm_check flapping-then-slide-exits-0 [ $RC = 0 ]
vm_touch_stop
exit $VM_FAILED
