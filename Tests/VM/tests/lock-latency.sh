#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# Touch to photon on vkms (60 Hz vblank) with the shipped defaults: a drag through uinput
# while slidelock writes --trace, summarised by `slidelock trace-stats`. The latencies are
# reported, not judged (a TCG guest's timing is the host's, not a Pi's); the checks are that
# the moving frames were traced with their input, that the animation after the lift is not
# counted as latency, and that the drag (to 55 % of the track) did not unlock.
# The flags every run here shares, as the positional parameters (sh has no arrays).
set -- --set theme.fonts=/e2e/DejaVuSans-Bold.ttf
vm_touch_start 1023 767 || exit 1
vm_lock /tmp/lat.log "$@" --trace /tmp/trace.jsonl || exit 1
app=$APP
sleep 1
# 1.5 s, 90 moves (one per 16.7 ms vblank on average), then the lift: the thumb springs home.
vm_touch swipe 109 384 600 384 1500 90
sleep 2
kill -TERM $app
wait $app
rc=$?
cat /tmp/lat.log
slidelock trace-stats /tmp/trace.jsonl >/tmp/stats.txt 2>&1
src=$?
cat /tmp/stats.txt
vm_log "latency $(cat /tmp/stats.txt)"
samples=$(sed -n 's/.* over \([0-9]*\) frames: .*/\1/p' /tmp/stats.txt | head -1)
frames=$(sed -n 's/^[^:]*: \([0-9]*\) frames, .*/\1/p' /tmp/stats.txt | head -1)
echo "touch to photon: $(sed -n 's/.*input -> on screen over/over/p' /tmp/stats.txt | head -1)"
vm_check sigterm-143 [ $rc = 143 ]
vm_check no-unlock sh -c "! grep -q 'unlocked by' /tmp/lat.log"
vm_check trace-stats-ok [ $src = 0 ]
# About one sample per vblank while the finger moves (a slow guest may merge some moves).
vm_check samples-while-moving [ "${samples:-0}" -ge 30 -a "${samples:-0}" -le 92 ]
# The hue kept flipping for the 3 s around the drag; those frames are no latency samples
# (at least 30 of them: a slowed guest drops frames, seen 57 where a quiet one shows 100+).
vm_check animation-not-counted [ "${frames:-0}" -ge $((${samples:-0} + 30)) ]
vm_touch_stop
exit $VM_FAILED
