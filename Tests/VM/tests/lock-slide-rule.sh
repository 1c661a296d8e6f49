#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The slide rule on a real kernel: 20 strokes of a hand from the open set, played by the
# uinput touchscreen at 60 Hz, against the lock as installed (deploy/slidelock.conf as
# /etc/slidelock/slidelock.conf: hook mode, the door relay on a gpio-sim line; the flight
# recorder as built in). Each stroke: one finger from rest on the thumb along the track with
# a minimum-jerk profile (10t^3 - 15t^4 + 6t^5 of the way at t of the time) over the whole
# travel and 24 px past its end, +-2 px of jitter across the track and +-1 px along it,
# lasting 0.09...1 s; gesture.threshold as shipped (1), then 0.75 and 0.5 from a conf.d
# drop-in and `ctl reload`. For each: the lock's verdict (from `ctl status`'s counts), its
# flight recording, `slidelock play` on it. At least 18 open; every replay's verdict is
# the lock's. A 21st stroke, the control, from the never set (one report carries the finger
# past the distance, then it creeps): refused, and its replay agrees. The relay pulsed once
# per unlock. virtio-gpu 800x480: the thumb's centre is at (208, 240), the travel 384 px.
LINE=3 HOME_X=208 TRAVEL=384 Y=240
dir=/var/lib/slidelock/recordings

# stroke SECONDS SEED: the injector's commands for one stroke, spaced by its own `sleep`
# (60 Hz: 17, 17, 16 ms), so a stalled guest shell cannot bunch reports together.
stroke() {
    awk -v secs="$1" -v seed="$2" -v home="$HOME_X" -v y0="$Y" -v len=$((TRAVEL + 24)) 'BEGIN {
        srand(seed); dt = 1 / 60; n = 0
        # 3 reports at rest, the minimum-jerk reach, 2 reports held at its end (as the Core
        # tests draw a hand: SlideRuleTests.handStroke)
        for (i = 0; i < 3; i++) along[n++] = 0
        for (k = 1; k * dt < secs + dt / 2; k++) {
            f = k * dt / secs; if (f > 1) f = 1
            along[n++] = len * f * f * f * (10 - 15 * f + 6 * f * f)   # (no ^: busybox awk)
        }
        for (i = 0; i < 2; i++) along[n++] = len
        for (i = 0; i < n; i++) {
            x = int(home + along[i] + (2 * rand() - 1) + 0.5)
            yy = int(y0 + 2 * (2 * rand() - 1) + 0.5)
            if (i == 0) print "down", x, yy
            else { print "sleep", (i % 3 == 0 ? 16 : 17); print "move", x, yy }
        }
        print "sleep 17"; print "up"
    }'
}
# creep THRESHOLD: the control, from the never set: at rest on the thumb, carried just past
# the needed distance by one report, then creeping 2 px a report for 0.3 s.
creep() {
    awk -v th="$1" -v home="$HOME_X" -v y="$Y" -v travel="$TRAVEL" 'BEGIN {
        print "down", home, y
        for (i = 0; i < 3; i++) { print "sleep 17"; print "move", home, y }
        x = home + int(th * travel) + 1
        print "sleep 17"; print "move", x, y
        for (i = 0; i < 18; i++) { x += 2; print "sleep", (i % 3 == 0 ? 16 : 17); print "move", x, y }
        print "sleep 17"; print "up"
    }'
}
# shellcheck disable=SC2317 # called through wait_for
count() { grep -c "$2" "$1" 2>/dev/null; }
# shellcheck disable=SC2012 # the recorder's own names: no spaces or newlines
recordings() { ls "$dir" 2>/dev/null; }
wait_for() { # wait_for SECS COMMAND...: until COMMAND succeeds
    local n=$(($1 * 20)); shift
    until "$@"; do n=$((n - 1)); [ $n -gt 0 ] || return 1; usleep 50000; done
}
# The lock's tallies as "unlock N" and "rejected REASON N" lines, from `ctl status --json`.
tallies() {
    slidelock ctl status --json | sed -n 's/.*"unlocks":{\([^}]*\)}.*"rejected_slides":{\([^}]*\)}.*/\1,\2/p' |
        tr ',' '\n' | sed -n 's/^"slide":\([0-9]*\)$/unlock \1/p; s/^"\([a-z-]*\)":\([0-9]*\)$/rejected \1 \2/p'
}
# What the lock decided between two tallies: the names whose count grew.
decided() {
    awk 'FILENAME == ARGV[1] { n[$0] = 1; next } !n[$0] { $NF = ""; sub(/ $/, ""); print }' "$1" "$2" |
        tr '\n' ' ' | sed 's/ $//'
}
# shellcheck disable=SC2317 # called through wait_for
new_recording() { recordings | grep -qvxF -f /tmp/listed; }
# shellcheck disable=SC2317
relocked() { [ "$(count /tmp/lock.log 'session: relock')" -ge "$1" ]; }

vm_gpio_sim relay || { echo "vm: no gpio-sim"; exit 1; }
# As installed: the binary where the shipped hook names it, the shipped config, and the
# relay's line (the one setting a panel's owner must make) in a drop-in.
mkdir -p /etc/slidelock/conf.d /usr/local/bin
cp /e2e/bin/slidelock /usr/local/bin/slidelock && chmod 755 /usr/local/bin/slidelock
cp /e2e/slidelock.conf /etc/slidelock/slidelock.conf && chmod 644 /etc/slidelock/slidelock.conf
printf '[relay]\nline = %s:%s\n' "$VM_GPIO_CHIP" "$LINE" >/etc/slidelock/conf.d/relay.conf
vm_touch_start 799 479 || exit 1
vm_gpio_sample_start $LINE /tmp/line.txt 20000 || exit 1
vm_lock /tmp/lock.log --set theme.fonts=/e2e/DejaVuSans-Bold.ttf || exit 1
app=$APP
sleep 1

i=0 opened=0 relocks=0
for spec in 1:0.09 1:0.1 1:0.12 1:0.15 1:0.2 1:0.3 1:0.5 1:1 \
        0.75:0.09 0.75:0.11 0.75:0.14 0.75:0.25 0.75:0.4 0.75:0.7 \
        0.5:0.09 0.5:0.1 0.5:0.13 0.5:0.18 0.5:0.35 0.5:0.8 0.5:creep; do
    th=${spec%:*} secs=${spec#*:} i=$((i + 1))
    if [ "$th" != "$(cat /tmp/threshold 2>/dev/null || echo 1)" ]; then
        printf '[gesture]\nthreshold = %s\n' "$th" >/etc/slidelock/conf.d/threshold.conf
        echo "$th" >/tmp/threshold
        slidelock ctl reload || echo "vm: ctl reload failed"
        sleep 1
    fi
    tallies >/tmp/before
    { echo /; recordings; } >/tmp/listed      # "/": never a name, so never an empty list
    if [ "$secs" = creep ]; then creep "$th"; else stroke "$secs" "$((i * 7919))"; fi >&7
    wait_for 10 new_recording || { echo "vm: stroke $i: no recording"; tail -n 20 /tmp/lock.log; }
    recordings | grep -vxF -f /tmp/listed >"/tmp/stroke-$i.files"
    tallies >/tmp/after
    lock=$(decided /tmp/before /tmp/after)
    if [ "$lock" = unlock ]; then
        [ "$secs" = creep ] || opened=$((opened + 1))
        relocks=$((relocks + 1)); wait_for 20 relocked "$relocks"
    fi
    echo "$i $th $secs $lock" | tee -a /tmp/strokes
    sleep 1
done
vm_gpio_sample_stop
kill -TERM "$app"; wait "$app"
cat /tmp/lock.log

# The report intervals the lock saw (the kernel's time stamps at each SYN_REPORT): TCG
# stretches the injector's sleeps, so a stroke can take longer than drawn.
intervals() {
    awk '$1 == "E:" && $3 == "0000" && $4 == "0000" { if (n++) { d = ($2 - last) * 1000; sum += d; if (d > max) max = d
                                                               if (min == "" || d < min) min = d }; last = $2 }
         END { printf "%d reports, %.1f/%.1f/%.1f ms", n, min, sum / (n - 1), max }' "$1"
}
[ -d /out ] && mkdir -p /out/recordings && cp "$dir"/* /out/recordings/

# Each stroke's recording(s) replayed: play's verdict at the recorded moment.
mismatches=0 missing=0
echo "stroke threshold seconds lock-verdict | play-verdict file (reports, interval min/mean/max)"
while read -r i th secs lock; do
    # shellcheck disable=SC2046 # file names made by the recorder: no spaces
    set -- $(cat "/tmp/stroke-$i.files")
    [ $# = 1 ] || { missing=$((missing + 1)); echo "vm: stroke $i: $# recordings: $*"; }
    for f in "$@"; do
        slidelock play --script "$dir/$f" >"/tmp/play-$i.log" 2>&1
        play=$(sed -n 's/.*: replayed to the recorded verdict, \(.*\) at t=.*/\1/p; s/.*, replayed \(.*\) there$/\1/p' "/tmp/play-$i.log")
        echo "stroke $i $th $secs ${lock:-none} | ${play:-none} $f ($(intervals "$dir/$f"))"
        if [ "$play" != "$lock" ]; then
            mismatches=$((mismatches + 1))
            echo "--- stroke $i: the lock said '$lock', play '$play'"; cat "/tmp/play-$i.log"; cat "$dir/$f"
        fi
    done
done </tmp/strokes
PULSES=$(vm_gpio_pulses /tmp/line.txt | wc -l)
control=$(sed -n 's/^21 [^ ]* creep //p' /tmp/strokes)
echo "slide rule: $opened of 20 strokes opened, the creep: ${control:-none}, $mismatches of 21 replays differ, relay pulses $PULSES"
vm_check at-least-18-of-20-open [ "$opened" -ge 18 ]
vm_check creep-refused [ "${control%% *}" = rejected ]
vm_check one-recording-per-stroke [ "$missing" = 0 ]
vm_check every-replay-agrees [ "$mismatches" = 0 ]
vm_check one-relay-pulse-per-unlock [ "$PULSES" = "$relocks" ]
# The drop-in reached the lock: the last stroke's recording carries the threshold it used.
vm_check recording-says-threshold-0.5 grep -q "^# slidelock-set: gesture.threshold=0.5$" "$dir/$(cat /tmp/stroke-20.files)"
vm_touch_stop
exit $VM_FAILED
