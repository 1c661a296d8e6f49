#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# While input-debug runs, the touchscreen is grabbed: a second EVIOCGRAB fails with EBUSY.
# After it exits (SIGTERM) the grab is gone; with --no-grab it is never taken.
vm_touch_start 799 479 || exit 1
node=$(vm_touch_node)
slidelock input-debug --seconds 30 >/tmp/debug.log 2>&1 &
app=$!
vm_wait_text /tmp/debug.log "input-debug: ready" 30 || exit 1
uinput-touch -G "$node" >/tmp/grab1.txt; rc=$?
cat /tmp/grab1.txt
vm_check grabbed-log grep -q "input: using $node .*grabbed" /tmp/debug.log
vm_check second-grab-busy [ $rc = 1 ]
vm_check second-grab-ebusy grep -q "GRAB FAILED Device or resource busy" /tmp/grab1.txt
kill -TERM $app; wait $app; rc=$?
cat /tmp/debug.log
vm_check sigterm-clean-exit [ $rc = 0 ]
vm_check sigterm-noted grep -q "input-debug: interrupted" /tmp/debug.log
vm_check released-after-exit uinput-touch -G "$node"

slidelock input-debug --no-grab --seconds 30 >/tmp/shared.log 2>&1 &
app=$!
vm_wait_text /tmp/shared.log "input-debug: ready" 30 || exit 1
vm_check no-grab-shared uinput-touch -G "$node"
kill $app; wait $app
vm_touch_stop
exit $VM_FAILED
