#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# vkms (real 60 Hz vblank): with the hue animating (the shipped default), slidelock flips on
# every vblank it had the chance to catch (vblank counter in the flip events, see vkms-rate);
# with animations off it makes no flips and uses no CPU while idle.
# The flags every run here shares, as the positional parameters (sh has no arrays).
set -- --set theme.fonts=/e2e/DejaVuSans-Bold.ttf
# At most 5 % of the vblanks missed through slidelock's own lateness (see vkms-rate: a slowed
# TCG guest looks like our lateness; up to 3 runs, the first that passes counts).
for attempt in 1 2 3; do
    vm_lock /tmp/anim.log "$@" || exit 1
    app=$APP
    sleep 3
    kill -TERM $app
    wait $app
    cat /tmp/anim.log
    ledger=$(sed -n 's/^slidelock: [^ ]*: \([0-9]* flips over [0-9]* vblanks: .*\)$/\1/p' /tmp/anim.log | head -1)
    vblanks=$(echo "$ledger" | sed -n 's/.* over \([0-9]*\) vblanks.*/\1/p')
    ours=$(echo "$ledger" | sed -n 's/.*, \([0-9]*\) by slidelock$/\1/p')
    [ "${vblanks:-0}" -ge 60 ] && [ "${ours:-9999}" -le $(( ${vblanks:-0} / 20 )) ] && break
    echo "lock-vkms: run $attempt missed too many vblanks (${ledger:-no ledger}); again"
done
rate=$(sed -n 's/.*: [0-9]* flips, \([0-9.]*\) flips\/s$/\1/p' /tmp/anim.log | head -1)
echo "slidelock vkms flips/s: ${rate:-none}"
echo "slidelock vkms ledger: ${ledger:-none} (run $attempt)"
# vkms reports no size: the thumb stays proportional, and the log says so.
vm_check vkms-size-unknown grep -q "layout: panel size unknown, thumb proportional to the 1024x768 screen" /tmp/anim.log
vm_check vblanks-seen [ "${vblanks:-0}" -ge 60 ]
vm_check vblanks-missed-by-slidelock-under-5-percent [ "${ours:-9999}" -le $(( ${vblanks:-0} / 20 )) ]

vm_lock /tmp/idle.log "$@" --set animation.hue=off || exit 1
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

# Exit mode with the shipped defaults (hue animating) on a paced driver: a full slide
# exits 0 promptly. 1024x768: the thumb's centre is at (109, 384).
vm_touch_start 1023 767 || exit 1
vm_lock /tmp/exit.log "$@" --on-unlock exit || exit 1
app=$APP
sleep 1
vm_touch swipe 109 384 1000 384 500 15
vm_wait_exit $app 3
rc=$RC
cat /tmp/exit.log
vm_check exit-mode-with-hue-exits-0 [ $rc = 0 ]
vm_check exit-mode-unlock-logged grep -q "unlocked by a" /tmp/exit.log
vm_touch_stop
exit $VM_FAILED
