#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The door's latency: from a slide's lift (its evdev time) to the relay line driven, for 20
# slides each of three unlock hooks on the same guest, one lock screen after another (virtio-gpu
# 800x480, hook mode, [relay] line on a gpio-sim chip):
#   baseline  a hook that only records its own start (trace-mark, a static C program)
#   after     the shipped hook, `slidelock relay pulse`, on the lock's held line (descriptor 4)
#   before    the old shell script (fixtures/old-slidelock-relay: slidelock check-config
#             --relay-defaults, then gpioset), /etc/default/slidelock-relay naming the line;
#             the lock holds another line of the chip (a decoy), so the script's line is free
# Clocks: the touch helper stamps CLOCK_MONOTONIC around the write in which the kernel stamps
# the lift's evdev time (LIFT T0 T1; T0 is used, so a latency is at most T1-T0 too long); the
# line's rising edge is the gpio:gpio_value trace event and the baseline's start a trace_marker
# line, on the "mono" trace clock (CLOCK_MONOTONIC). No polling: nothing here competes with
# the lock for the guest's two CPUs while it unlocks.
# The table and the aims (after - baseline <= baseline at p50, before >= 5 x after) are
# reported, not judged (a TCG guest's timing is the host's); the checks are that every slide
# unlocked and drove the line once and back low, every latency is positive, and after < before.
LINE=3 DECOY=6 SLIDES=20
T=/sys/kernel/tracing
count() { grep -c "$2" "$1" 2>/dev/null; }
wait_count() {   # wait_count FILE TEXT N [SECS]: until TEXT is on N lines of FILE
    local i=0 n=$(( ${4:-20} * 20 ))
    until [ "$(count "$1" "$2")" -ge "$3" ]; do
        i=$((i + 1)); [ $i -gt $n ] && { echo "vm: timeout waiting for $3 x '$2'" >&2; return 1; }
        usleep 50000
    done
}

vm_gpio_sim relay || { echo "vm: no gpio-sim"; exit 1; }
BIN=$(command -v slidelock)
# The line's number in trace events: the chip's base plus the offset. Its /sys/class/gpio
# entry hangs off the gpio-sim platform device (one bank here), the parent of VM_GPIO_DIR.
for d in /sys/class/gpio/gpiochip*; do
    [ "$(readlink -f "$d/device")" = "$(readlink -f "$VM_GPIO_DIR/..")" ] && GPIO=$(($(cat "$d/base") + LINE))
done
[ -n "$GPIO" ] || { echo "vm: no /sys/class/gpio entry for $VM_GPIO_CHIP"; exit 1; }
# The old script as installed: it runs /usr/local/bin/slidelock and reads its defaults file.
mkdir -p /usr/local/bin /etc/default
ln -sf "$BIN" /usr/local/bin/slidelock
printf 'RELAY_CHIP=%s\nRELAY_LINE=%s\nRELAY_ACTIVE=high\nRELAY_PULSE_MS=500\n' "$VM_GPIO_CHIP" $LINE \
    >/etc/default/slidelock-relay
grep -q " $T " /proc/mounts || mount -t tracefs tracefs $T || exit 1
# Also each hook's exec (the lock execs it as /proc/self/fd/3): lift to exec is the lock's
# part, exec to line the hook's own.
echo mono >$T/trace_clock && echo 'get == 0' >$T/events/gpio/gpio_value/filter \
    && echo 1 >$T/events/gpio/gpio_value/enable \
    && echo 'filename == "/proc/self/fd/3"' >$T/events/sched/sched_process_exec/filter \
    && echo 1 >$T/events/sched/sched_process_exec/enable || exit 1
vm_touch_start 799 479 || exit 1

# run NAME HOOK RELAY_LINE: a lock with HOOK, SLIDES slides; its log in /tmp/NAME.log, the
# lifts' times in /tmp/NAME.lifts, the trace in /tmp/NAME.trace.
run() {
    local name=$1 hook=$2 held=$3 i=0 before app
    echo >$T/trace
    before=$(count /tmp/touch.out '^LIFT')
    vm_lock "/tmp/$name.log" --set theme.fonts=/e2e/DejaVuSans-Bold.ttf --on-unlock hook --hook "$hook" \
        --set "relay.line=$VM_GPIO_CHIP:$held" || return 1
    app=$APP
    while [ $i -lt $SLIDES ]; do
        i=$((i + 1))
        vm_touch swipe 208 240 760 240 400 12
        wait_count "/tmp/$name.log" "session: relock" $i 30 || break
        sleep 1                                  # the thumb springs home
    done
    kill -TERM $app
    wait $app
    grep '^LIFT' /tmp/touch.out | tail -n +$((before + 1)) >"/tmp/$name.lifts"
    cp $T/trace "/tmp/$name.trace"
    echo "$name: $(count "/tmp/$name.log" 'hook succeeded') hooks succeeded, line $LINE now $(cat "$VM_GPIO_DIR/sim_gpio$LINE/value")"
    [ "$(cat "$VM_GPIO_DIR/sim_gpio$LINE/value")" = 0 ] && echo "$name: line low at the end" >>/tmp/low
}

# latencies LIFTS TRACE PATTERN: for each lift, ms from its T0 to the first trace line
# matching PATTERN after it and before the next lift ("none" when there is none).
latencies() {
    awk -v pat="$3" '
        FNR == NR { lift[++n] = $2; next }
        $0 ~ pat && match($0, / [0-9]+\.[0-9]+: /) {
            t = substr($0, RSTART + 1, RLENGTH - 3) + 0
            for (k = n; k > 0 && lift[k] > t; k--) {}
            if (k > 0 && !(k in hit)) hit[k] = (t - lift[k]) * 1000
        }
        END { for (k = 1; k <= n; k++) if (k in hit) printf "%.2f\n", hit[k]; else print "none" }' "$1" "$2"
}
# stats FILE: p50 p95 min max of the numbers in FILE (nearest rank: the ceil(q*n)-th smallest)
stats() {
    sort -n "$1" | awk '{ v[++n] = $1 }
        function rank(q,  r) { r = int(q * n); if (r < q * n) r++; return v[r] }
        END { printf "%.1f %.1f %.1f %.1f\n", rank(0.5), rank(0.95), v[1], v[n] }'
}
# pulses TRACE: each rising edge of the line followed by its falling edge, as "up down" counts
pulses() { awk -v g="gpio_value: $GPIO set " 'index($0, g) { if ($NF == 1) up++; else if (up > down) down++ }
    END { print up + 0, down + 0 }' "$1"; }

run baseline "/usr/bin/trace-mark hook-start" $LINE
run after "$BIN relay pulse" $LINE
run before /e2e/old-slidelock-relay $DECOY
vm_touch_stop

latencies /tmp/baseline.lifts /tmp/baseline.trace 'tracing_mark_write: hook-start' >/tmp/baseline.ms
latencies /tmp/after.lifts /tmp/after.trace "gpio_value: $GPIO set 1\$" >/tmp/after.ms
latencies /tmp/before.lifts /tmp/before.trace "gpio_value: $GPIO set 1\$" >/tmp/before.ms
for v in baseline after before; do
    latencies "/tmp/$v.lifts" "/tmp/$v.trace" 'sched_process_exec: filename=/proc/self/fd/3 ' >"/tmp/$v.exec"
done
for v in baseline after before; do
    echo "$v: lifts $(wc -l <"/tmp/$v.lifts"), ms: $(tr '\n' ' ' <"/tmp/$v.ms")"
    echo "$v: lift to exec, ms: $(tr '\n' ' ' <"/tmp/$v.exec")"
done
echo "lift stamp width (T1-T0) max: $(cat /tmp/*.lifts | awk '{ w = ($3 - $2) * 1e6; if (w > m) m = w } END { printf "%.0f", m }') us"
echo "relay latency, lift to line driven, ms over $SLIDES slides: p50 p95 min max; lift to the hook's exec p50 p95"
for v in baseline after before; do
    grep -v none "/tmp/$v.ms" >"/tmp/$v.num"
    grep -v none "/tmp/$v.exec" >"/tmp/$v.execnum"
    # shellcheck disable=SC2046 # four numbers, split on purpose
    set -- $(stats "/tmp/$v.num") $(stats "/tmp/$v.execnum" | cut -d' ' -f1,2)
    eval "P50_$v=$1"
    echo "  $v: $*"
    SUMMARY="$SUMMARY${SUMMARY:+, }$v $1/$2"
done
echo "relay latency p50/p95 ms: $SUMMARY"
# shellcheck disable=SC2154 # set by the eval above
awk -v b="$P50_baseline" -v a="$P50_after" -v o="$P50_before" 'BEGIN {
    printf "aim after - baseline <= baseline (p50): %.1f - %.1f = %.1f ms vs %.1f: %s\n", a, b, a - b, b, a - b <= b ? "met" : "not met"
    printf "aim before >= 5 x after (p50): %.1f / %.1f = %.1f x: %s\n", o, a, o / a, o >= 5 * a ? "met" : "not met" }'
cat /tmp/before.log

# shellcheck disable=SC2317 # called through vm_check
all_positive() { for v in baseline after before; do awk '$1 == "none" || $1 <= 0 { bad = 1 } END { exit bad }' "/tmp/$v.ms" "/tmp/$v.exec" || return 1; done; }
# shellcheck disable=SC2317 # called through vm_check
exec_first() { for v in baseline after before; do paste "/tmp/$v.exec" "/tmp/$v.ms" | awk '!($1 < $2) { bad = 1 } END { exit bad }' || return 1; done; }
vm_check lifts-recorded sh -c "for v in baseline after before; do [ \$(wc -l </tmp/\$v.lifts) = $SLIDES ] || exit 1; done"
vm_check every-slide-unlocked sh -c "for v in baseline after before; do [ \$(grep -c 'hook succeeded' /tmp/\$v.log) = $SLIDES ] || exit 1; done"
vm_check every-lift-timed all_positive
vm_check hook-exec-before-line exec_first
vm_check one-pulse-each-after [ "$(pulses /tmp/after.trace)" = "$SLIDES $SLIDES" ]
vm_check one-pulse-each-before [ "$(pulses /tmp/before.trace)" = "$SLIDES $SLIDES" ]
vm_check baseline-no-pulse [ "$(pulses /tmp/baseline.trace)" = "0 0" ]
vm_check line-low-after-each [ "$(count /tmp/low 'line low at the end')" = 3 ]
# shellcheck disable=SC2154 # set by the eval above
vm_check after-faster-than-before awk -v a="$P50_after" -v o="$P50_before" 'BEGIN { exit !(a < o) }'
exit $VM_FAILED
