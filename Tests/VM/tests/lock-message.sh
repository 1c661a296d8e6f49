#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# vkms (1024x768): the shipped defaults with display.message set in a config file show the
# message above the track (host: the screendump equals `slidelock render` of the same file);
# with the clock on and nothing animating (animation.hue = off: the setting this half is
# about, since the shipped hue redraws every frame), the lock stays idle (the clock wakes it
# once a minute at most: no CPU in 4 s). `slidelock ctl message` then replaces it on screen (the
# screendump equals the render with that message).
CONF=/tmp/message.conf
printf '%s\n' "[display]" "message = Lieferungen: Tür 3, bitte klingeln" >$CONF
cp $CONF /out/message.conf
vm_lock /tmp/lock.log --config $CONF --set theme.fonts=/e2e/DejaVuSans-Bold.ttf || exit 1
app=$APP
usleep 500000
vm_grab message $app
# A message sent over the control socket replaces the config's on screen.
slidelock ctl message "Paket abgeholt: danke" >/tmp/ctl.txt 2>&1; rc_ctl=$?
cat /tmp/ctl.txt
usleep 500000
vm_grab ctl-message $app
kill -TERM $app
wait $app
cat /tmp/lock.log
vm_check message-lock-ran grep -q "first frame on screen" /tmp/lock.log
vm_check ctl-message-accepted [ "$rc_ctl" = 0 ]

vm_lock /tmp/clock.log --config $CONF --set theme.fonts=/e2e/DejaVuSans-Bold.ttf \
    --set animation.hue=off --set display.clock=on || exit 1
app=$APP
usleep 500000
# Two 4 s windows: a minute boundary (one redraw) can fall in one of them only.
ticks=$(vm_idle_ticks $app 4)
ticks2=$(vm_idle_ticks $app 4)
[ "$ticks2" -lt "$ticks" ] && ticks=$ticks2
kill -TERM $app
wait $app
cat /tmp/clock.log
echo "slidelock clock idle CPU: $ticks ticks of 1/100 s in 4 s (the quieter of two windows)"
vm_check clock-idle-cpu [ "$ticks" -le 1 ]
vm_check clock-no-error sh -c '! grep -q "clock:" /tmp/clock.log'
exit $VM_FAILED
