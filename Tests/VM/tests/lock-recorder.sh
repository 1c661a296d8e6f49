#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The flight recorder on vkms with the built-in defaults (exit mode, recordings in
# /var/lib/slidelock/recordings, audit.keep = 50), one touch device kept across four runs
# of the lock. 1024x768: the thumb's centre is at (109, 384), at the track's end (915, 384).
#  1. The directory belongs to nobody: a refused burst writes nothing there, and says why.
#  2. Restart, with the clock run ahead to 2099 and 49 recordings an older slidelock named
#     by that clock: the first touch after the restart (slot 0 still at y 384, which the
#     kernel does not send again) is refused, recorded, and replays to the same rejection;
#     back to 2026, a slide unlocks and its recording is kept (the oldest is pruned, and
#     the log says so), replaying to the unlock.
#  3. Tap to open: a tap on the thumb, a tap on Open; the recording holds both, replays.
#  4. ctl lockdown on/off, ctl unlock: recorded with no touch, replays to the unlock.
# Every file is root-only, the directory 0700.
dir=/var/lib/slidelock/recordings
fonts=theme.fonts=/e2e/DejaVuSans-Bold.ttf
mkdir -p $dir
chown 65534:65534 $dir
chmod 0700 $dir
i=10
while [ $i -lt 59 ]; do
    : >"$dir/2099-01-01T00-00-$i.000Z-unlock-event9.evemu"
    i=$((i + 1))
done
vm_touch_start 1023 767 || exit 1

# A finger drags slowly, then the rest of the track comes in two moves written back to back.
burst() {
    vm_touch down 109 384
    for x in 130 150 170 190 210; do vm_touch sleep 30; vm_touch move $x 384; done
    vm_touch sleep 30
    vm_touch move 600 384
    vm_touch move 1000 384
    vm_touch sleep 50
    vm_touch up
    sleep 2
}
tap() { vm_touch down "$1" 384; vm_touch sleep 120; vm_touch up; }
# The newest recording (highest counter) matching $1.
newest() { find $dir -name "[0-9]*$1*.evemu" ! -name '2099-*' | sort | tail -1; }
plays() {
    slidelock play --script "$2" >/tmp/play.log 2>&1
    prc=$?
    cat /tmp/play.log
    vm_check "$1-replays" [ $prc = 0 ]
    vm_check "$1-replay-said" grep -q "replayed to the recorded verdict" /tmp/play.log
}

# 1. Another user's directory.
vm_lock /tmp/lock1.log --set $fonts || exit 1
burst
kill -TERM $APP; wait $APP
cat /tmp/lock1.log
vm_check others-directory-refused grep -q "recorder: .*owned by uid 65534" /tmp/lock1.log
vm_check others-directory-nothing-written [ "$(find $dir -name '0*' | wc -l)" = 0 ]
chown 0:0 $dir

# 2. Restarted, a clock that ran ahead.
date -s "2099-06-01 12:00:00" >/dev/null
vm_lock /tmp/lock2.log --set $fonts || exit 1
app=$APP
burst
vm_check burst-does-not-unlock kill -0 $app
date -s "2026-12-05 12:00:00" >/dev/null
vm_touch swipe 109 384 1000 384 500 15
vm_wait_exit $app 5
vm_check slide-exits-0 [ "$RC" = 0 ]
cat /tmp/lock2.log
find $dir -name '0*' -exec ls -la {} +
rejected=$(newest -rejected-)
unlock=$(newest -unlock-)
vm_check restart-rejected-recorded [ -n "$rejected" ]
vm_check unlock-kept-after-clock-ahead [ -n "$unlock" ]
vm_check pruning-logged grep -q "recorder: removed 1 oldest past audit.keep: 2099-01-01T00-00-10" /tmp/lock2.log
vm_check keep-50 [ "$(find $dir -name '*.evemu' | wc -l)" = 50 ]
vm_check directory-0700 [ "$(stat -c %a $dir)" = 700 ]
vm_check files-0600 [ "$(stat -c %a "$unlock")" = 600 ]
head -14 "$rejected"
plays first-touch-after-restart "$rejected"
plays unlock "$unlock"

# 3. Tap to open.
vm_lock /tmp/lock3.log --set $fonts --set gesture.tap_to_open=on || exit 1
app=$APP
sleep 1
tap 109
vm_touch sleep 500
tap 915
vm_wait_exit $app 5
cat /tmp/lock3.log
vm_check tap-opens [ "$RC" = 0 ]
taps=$(newest -unlock-)
vm_check tap-recorded [ "$taps" != "$unlock" ]
vm_check tap-recording-has-both [ "$(grep -c '^E: .* 0003 0039 [0-9]' "$taps")" = 2 ]
plays tap-to-open "$taps"

# 4. ctl unlock.
vm_lock /tmp/lock4.log --set $fonts || exit 1
app=$APP
slidelock ctl lockdown on
slidelock ctl lockdown off
slidelock ctl unlock
vm_wait_exit $app 5
cat /tmp/lock4.log
ctl=$(newest -unlock-none)
vm_check ctl-unlock-recorded [ -n "$ctl" ]
cat "$ctl"
plays ctl-unlock "$ctl"
vm_touch_stop
exit $VM_FAILED
