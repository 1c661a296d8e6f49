#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# list-inputs: the uinput touchscreen is found and used, a uinput mouse is listed but not
# used unless --mouse; a missing --input device is one clear line and exit 1.
vm_touch_start 799 479 || exit 1
vm_mouse_start || exit 1
touch=$(vm_touch_node)
slidelock list-inputs >/tmp/list.txt 2>&1
rc=$?
cat /tmp/list.txt
vm_check list-exit [ $rc = 0 ]
vm_check list-touch grep -q "^$touch: \"slidelock-test-touch\" (touchscreen, MT 10 slots)" /tmp/list.txt
vm_check list-touch-axes grep -q "ABS_MT_POSITION_X 0..799 ABS_MT_POSITION_Y 0..479" /tmp/list.txt
grep -A2 "slidelock-test-touch" /tmp/list.txt | grep -q "used: touchscreen"; vm_check list-touch-used [ $? = 0 ]
grep -A2 "slidelock-test-mouse" /tmp/list.txt | grep -q "not used: a mouse (accepted with --mouse)"
vm_check list-mouse-ignored [ $? = 0 ]
vm_check list-choice grep -q "^slidelock would use: $touch\$" /tmp/list.txt

slidelock list-inputs --mouse >/tmp/list-mouse.txt 2>&1
grep -A2 "slidelock-test-mouse" /tmp/list-mouse.txt | grep -q "used: mouse accepted"
vm_check list-mouse-accepted [ $? = 0 ]

slidelock input-debug --input /dev/input/event99 --seconds 1 >/dev/null 2>/tmp/err.txt
rc=$?
cat /tmp/err.txt
vm_check missing-input-exit [ $rc = 1 -a "$(wc -l </tmp/err.txt)" = 1 ]
vm_check missing-input-text grep -q "input device open /dev/input/event99: No such file or directory" /tmp/err.txt
slidelock input-debug --input "no such panel" --seconds 1 >/dev/null 2>/tmp/err.txt
rc=$?
cat /tmp/err.txt
vm_check missing-name [ $rc = 1 -a "$(wc -l </tmp/err.txt)" = 1 ]
vm_mouse_stop
vm_touch_stop
exit $VM_FAILED
