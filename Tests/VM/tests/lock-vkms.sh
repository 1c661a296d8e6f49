#!/bin/sh
. /e2e/lib.sh
# vkms (real 60 Hz vblank): with the hue animating, slidelock flips at the refresh rate;
# with animations off it makes no flips and uses no CPU while idle.
F="--set theme.fonts=/e2e/DejaVuSans-Bold.ttf"
slidelock $F >/tmp/anim.log 2>&1 &
app=$!
vm_wait_text /tmp/anim.log "first frame on screen" 30 || { cat /tmp/anim.log; exit 1; }
sleep 3
kill -TERM $app
wait $app
cat /tmp/anim.log
rate=$(sed -n 's/.*: [0-9]* flips, \([0-9.]*\) flips\/s$/\1/p' /tmp/anim.log | head -1)
echo "slidelock vkms flips/s: ${rate:-none}"
vm_check animated-rate-60hz awk -v r="${rate:-0}" 'BEGIN { exit !(r >= 57 && r <= 63) }'

slidelock $F --set animation.hue=off >/tmp/idle.log 2>&1 &
app=$!
vm_wait_text /tmp/idle.log "first frame on screen" 30 || { cat /tmp/idle.log; exit 1; }
usleep 500000
vm_grab idle-grab $app
ticks0=$(vm_cpu_ticks $app)
sleep 4
ticks1=$(vm_cpu_ticks $app)
kill -TERM $app
wait $app
cat /tmp/idle.log
ticks=$((ticks1 - ticks0))
echo "slidelock idle CPU: $ticks ticks of 1/100 s in 4 s"
vm_check idle-no-flips grep -q ": 0 flips" /tmp/idle.log
vm_check idle-cpu [ "$ticks" -le 1 ]
exit $VM_FAILED
