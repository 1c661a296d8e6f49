#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The flight recorder on vkms with the built-in defaults (exit mode, recordings in
# /var/lib/slidelock/recordings): a burst of samples is refused and recorded, a real slide
# unlocks and is recorded; each file is root-only and `slidelock play` replays it to the
# same verdict at the same sample. 1024x768: the thumb's centre is at (109, 384).
dir=/var/lib/slidelock/recordings
vm_touch_start 1023 767 || exit 1
vm_lock /tmp/lock.log --set theme.fonts=/e2e/DejaVuSans-Bold.ttf || exit 1
app=$APP
sleep 1
# A finger drags slowly, then the rest of the track comes in two moves written back to back.
vm_touch down 109 384
for x in 130 150 170 190 210; do vm_touch sleep 30; vm_touch move $x 384; done
vm_touch sleep 30
vm_touch move 600 384
vm_touch move 1000 384
vm_touch sleep 50
vm_touch up
sleep 2
vm_check burst-does-not-unlock kill -0 $app
vm_touch swipe 109 384 1000 384 500 15
vm_wait_exit $app 5
rc=$RC
cat /tmp/lock.log
vm_check slide-exits-0 [ "$rc" = 0 ]
ls -la $dir
rejected='' unlock=''
for f in "$dir"/*-rejected-*.evemu; do [ -f "$f" ] && rejected=$f && break; done
for f in "$dir"/*-unlock-*.evemu; do [ -f "$f" ] && unlock=$f && break; done
vm_check a-rejected-recording [ -n "$rejected" ]
vm_check an-unlock-recording [ -n "$unlock" ]
vm_check directory-0700 [ "$(stat -c %a $dir)" = 700 ]
vm_check files-0600 [ "$(stat -c %a "$unlock")" = 600 ]
for f in "$rejected" "$unlock"; do head -12 "$f"; done
slidelock play --script "$rejected" >/tmp/play-rejected.log 2>&1
prc=$?
cat /tmp/play-rejected.log
vm_check rejected-replays-to-the-same-rejection [ $prc = 0 ]
vm_check rejected-replay-said grep -q "replayed to the recorded verdict, rejected" /tmp/play-rejected.log
slidelock play --script "$unlock" >/tmp/play-unlock.log 2>&1
prc=$?
cat /tmp/play-unlock.log
vm_check unlock-replays-to-an-unlock [ $prc = 0 ]
vm_check unlock-replay-said grep -q "replayed to the recorded verdict, unlock" /tmp/play-unlock.log
vm_touch_stop
exit $VM_FAILED
