#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# input-debug decodes a uinput swipe into down, moves and up at the right coordinates:
# upright on an 800x480 panel, then with --rotate 90 on a portrait 480x800 panel.
debug_swipe() {   # debug_swipe LOG ARGS...: start input-debug, swipe, wait for the up
    local log=$1; shift
    slidelock input-debug "$@" --seconds 20 >"$log" 2>&1 &
    DEBUG_PID=$!
    vm_wait_text "$log" "input-debug: ready" 30 || return 1
}

vm_touch_start 799 479 || exit 1
debug_swipe /tmp/upright.log --size 800x480 || exit 1
vm_touch swipe 100 240 700 240 300 10
vm_wait_text /tmp/upright.log " up id=1" 10
kill $DEBUG_PID; wait $DEBUG_PID
cat /tmp/upright.log
vm_check upright-using grep -q "input: using $(vm_touch_node) \"slidelock-test-touch\" (touchscreen, MT, grabbed)" /tmp/upright.log
vm_check upright-down grep -q "down 100 240 id=1" /tmp/upright.log
vm_check upright-moves [ "$(grep -c ' move [0-9]* 240 id=1' /tmp/upright.log)" -ge 5 ]
vm_check upright-last-move grep -q "move 700 240 id=1" /tmp/upright.log
vm_check upright-up grep -q "up id=1" /tmp/upright.log
vm_check upright-no-cancel [ "$(grep -c cancel /tmp/upright.log)" = 0 ]
vm_touch_stop

# A portrait panel (480x800) showing the 800x480 UI turned 90 degrees clockwise: a swipe
# down the panel at panel x=400 is a left-to-right slide at UI y = 480 - 400 = 80.
vm_touch_start 479 799 || exit 1
debug_swipe /tmp/rotated.log --size 800x480 --rotate 90 || exit 1
vm_touch swipe 400 100 400 700 300 10
vm_wait_text /tmp/rotated.log " up id=1" 10
kill $DEBUG_PID; wait $DEBUG_PID
cat /tmp/rotated.log
vm_check rotated-down grep -q "down 100 80 id=1" /tmp/rotated.log
vm_check rotated-last-move grep -q "move 700 80 id=1" /tmp/rotated.log
vm_check rotated-up grep -q "up id=1" /tmp/rotated.log
vm_touch_stop
exit $VM_FAILED
