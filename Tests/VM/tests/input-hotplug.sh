#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# Unplug mid-drag -> a cancel and the device closed; a device created afterwards is picked
# up within a second and works. Also: started with no touch device, input-debug waits.
slidelock input-debug --size 800x480 --seconds 40 >/tmp/debug.log 2>&1 &
app=$!
vm_wait_text /tmp/debug.log "input-debug: ready" 30 || exit 1
vm_check waits-without-device grep -q "input: no touch device yet; waiting" /tmp/debug.log

vm_touch_start 799 479 || exit 1
vm_check picked-up vm_wait_text /tmp/debug.log "input: using $(vm_touch_node)" 1
vm_touch down 100 240
vm_touch move 150 240
vm_touch move 200 240
vm_touch move 250 240
vm_wait_text /tmp/debug.log "move 250 240 id=1" 10
vm_touch_stop                       # destroys the device with the finger still down
vm_check unplug-cancel vm_wait_text /tmp/debug.log " cancel" 5
vm_check unplug-removed vm_wait_text /tmp/debug.log "input: removed" 5

vm_touch_start 799 479 || exit 1
vm_check replug-within-1s vm_wait_text /tmp/debug.log "input: using $(vm_touch_node) .*grabbed" 1
vm_touch swipe 100 300 600 300 200 8
vm_check replug-works vm_wait_text /tmp/debug.log "down 100 300 id=2" 10
vm_wait_text /tmp/debug.log " up id=2" 10
kill $app; wait $app
cat /tmp/debug.log
vm_check no-up-for-unplugged [ "$(grep -c ' up id=1' /tmp/debug.log)" = 0 ]
vm_touch_stop
exit $VM_FAILED
