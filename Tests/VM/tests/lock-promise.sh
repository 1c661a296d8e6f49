#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The lock's promise on a real kernel (exit mode, virtio-gpu 800x480, uinput touchscreen):
# a finger whose history became uncertain, or one that came with the touch that woke the
# panel, never unlocks, however it slides on; each case starts a fresh lock, and each
# refusal is followed by a real slide that does unlock (exit 0), so the refusal was not a
# lock that stopped listening. The thumb's centre is at (208, 240); its travel 384 px.
vm_touch_start 799 479 || exit 1

# start NAME [ARGS]: a fresh lock in exit mode; its pid in APP, its log /tmp/NAME.log.
start() { local name=$1; shift; vm_lock "/tmp/$name.log" --on-unlock exit --set theme.fonts=/e2e/DejaVuSans-Bold.ttf --set display.backlight=none "$@" || exit 1; }
# slide_on SLOT X0 X1: moves from X0 to X1 along the track, 24 px every 20 ms, then lifts.
slide_on() {
    local x=$2
    while [ "$x" -lt "$3" ]; do x=$((x + 24)); vm_touch move "$x" 240 "$1"; usleep 20000; done
    vm_touch up "$1"
}
# refused NAME: the lock still runs; then a real slide opens it.
refused() {
    sleep 1
    vm_check "$1-refused" kill -0 "$APP"
    vm_touch swipe 208 240 760 240 500 20
    vm_wait_exit "$APP" 5
    vm_check "$1-then-a-real-slide-unlocks" [ "$RC" = 0 ]
    echo "--- $1"; cat "/tmp/$1.log"
}
dim() { vm_wait_text "/tmp/$1.log" "idle: dim" 10 || exit 1; usleep 200000; }
# acked CMD: a touch command, returning once the device has sent it (its "OK" line).
acked() {
    local n i=0
    n=$(grep -c '^OK' /tmp/touch.out)
    vm_touch "$@"
    while [ "$(grep -c '^OK' /tmp/touch.out)" -le "$n" ] && [ $i -lt 400 ]; do usleep 5000; i=$((i + 1)); done
}

# 1. The wake touch after SYN_DROPPED: the panel dims, a finger lands on the thumb (it only
#    wakes the panel), the lock is stopped while the finger moves on (the kernel's buffer
#    for it overflows: SYN_DROPPED, the finger re-reported), and the finger slides on.
start syn-dropped --set display.dim_after=2
dim syn-dropped
vm_touch down 208 240
usleep 100000
kill -STOP "$APP"
# Every move differs from the one before (the input core drops repeated values).
x=208; i=0
while [ $i -lt 1500 ]; do i=$((i + 1)); [ $((i % 8)) = 0 ] && x=$((x + 1)); vm_touch move $x $((240 + i % 2)); done
acked move $x 240
kill -CONT "$APP"
slide_on 0 $x 760
vm_check syn-dropped-happened grep -q "SYN_DROPPED" /tmp/syn-dropped.log
refused syn-dropped

# 2. SIGUSR1 (relock) while a finger rests off the thumb; a second finger then slides.
start usr1-resting
vm_touch down 600 400 1
usleep 100000
kill -USR1 "$APP"
usleep 200000
vm_touch down 208 240 0
slide_on 0 208 760
vm_touch up 1
refused usr1-resting

# 3. The wake touch ghost-cancelled while still down (a jump no finger makes), then on.
start ghost-wake --set display.dim_after=2
dim ghost-wake
vm_touch down 208 240
usleep 200000
vm_touch move 700 240
vm_touch move 208 240
usleep 100000
slide_on 0 208 760
refused ghost-wake

# 4. A second finger lands on the dark panel with the wake touch; the wake finger lifts,
#    then the second slides from the thumb.
start companion --set display.dim_after=2
dim companion
vm_touch down 600 400 1
vm_touch down 208 240 0
usleep 300000
vm_touch up 1
usleep 300000
slide_on 0 208 760
refused companion

# 5. SIGUSR2 (wake) a moment after a finger landed on the dim panel's thumb. (A finger
#    landing just after SIGUSR2 may land before or after the woken frame is on screen: the
#    runtime test aTouchBeforeTheWokenPanelShowsAFrameDoesNotUnlock orders that on a
#    virtual clock; here the order cannot be told.)
start usr2-after-touch --set display.dim_after=2
dim usr2-after-touch
acked down 208 240
kill -USR2 "$APP"
usleep 300000
slide_on 0 208 760
refused usr2-after-touch

# 6. SIGHUP (reload) while the wake touch is down.
start hup-wake --set display.dim_after=2
dim hup-wake
vm_touch down 208 240
usleep 200000
kill -HUP "$APP"
usleep 500000
slide_on 0 208 760
refused hup-wake

vm_touch_stop
exit $VM_FAILED
