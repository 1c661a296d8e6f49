#!/bin/sh
. /e2e/lib.sh
# vkms (real 60 Hz vblank): with the hue animating (the shipped default), slidelock flips on
# every vblank it had the chance to catch (vblank counter in the flip events, see vkms-rate);
# with animations off it makes no flips and uses no CPU while idle.
F="--set theme.fonts=/e2e/DejaVuSans-Bold.ttf"
vm_lock /tmp/anim.log $F || exit 1
app=$APP
sleep 3
kill -TERM $app
wait $app
cat /tmp/anim.log
rate=$(sed -n 's/.*: [0-9]* flips, \([0-9.]*\) flips\/s$/\1/p' /tmp/anim.log | head -1)
echo "slidelock vkms flips/s: ${rate:-none}"
ledger=$(sed -n 's/^slidelock: [^ ]*: \([0-9]* flips over [0-9]* vblanks: .*\)$/\1/p' /tmp/anim.log | head -1)
vblanks=$(echo "$ledger" | sed -n 's/.* over \([0-9]*\) vblanks.*/\1/p')
ours=$(echo "$ledger" | sed -n 's/.*, \([0-9]*\) by slidelock$/\1/p')
echo "slidelock vkms ledger: ${ledger:-none}"
vm_check vblanks-seen [ "${vblanks:-0}" -ge 60 ]
vm_check no-vblank-missed-by-slidelock [ "${ours:-9999}" -le $(( ${vblanks:-0} / 100 )) ]

vm_lock /tmp/idle.log $F --set animation.hue=off || exit 1
app=$APP
usleep 500000
vm_grab idle-grab $app
ticks=$(vm_idle_ticks $app 4)
kill -TERM $app
wait $app
cat /tmp/idle.log
echo "slidelock idle CPU: $ticks ticks of 1/100 s in 4 s"
vm_check idle-no-flips grep -q ": 0 flips" /tmp/idle.log
vm_check idle-cpu [ "$ticks" -le 1 ]
exit $VM_FAILED
