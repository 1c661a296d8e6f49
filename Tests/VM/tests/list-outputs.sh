#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# virtio-gpu: list-outputs names the connector, its modes and the choice; bad options and a
# busy or forbidden device fail with one clear line.
slidelock list-outputs >/tmp/list.txt 2>&1
rc=$?
cat /tmp/list.txt
vm_check list-exit [ $rc = 0 ]
vm_check list-connector grep -q "Virtual-1: connected, 200x120 mm" /tmp/list.txt
vm_check list-preferred grep -q "800x480@74.99\*" /tmp/list.txt
vm_check list-choice grep -q "slidelock would use: /dev/dri/card0 Virtual-1 800x480@74.99 (preferred)" /tmp/list.txt

expect_error() {   # expect_error NAME TEXT COMMAND...: non-zero exit and TEXT on stderr
    local name=$1 text=$2; shift 2
    "$@" >/dev/null 2>/tmp/err.txt
    local rc=$?
    echo "$name: exit $rc: $(cat /tmp/err.txt)"
    vm_check "$name" [ $rc != 0 -a "$(wc -l </tmp/err.txt)" = 1 ]
    vm_check "$name-text" grep -q "$text" /tmp/err.txt
}
expect_error bad-connector "no connector named HDMI-A-1 on /dev/dri/card0" slidelock drm-smoke --connector HDMI-A-1
expect_error bad-mode "mode 1234x567 not found on Virtual-1" slidelock drm-smoke --mode 1234x567
expect_error bad-device "/dev/dri/card7" slidelock drm-smoke --device /dev/dri/card7
# the first opener of a card becomes DRM master: hold it, as a display server would
exec 3<>/dev/dri/card0
expect_error master-busy "in use by another display program" slidelock drm-smoke --master-wait 1
# The lock screen says why it waits, then gives up with the same line...
slidelock --master-wait 1 --set theme.fonts=/e2e/DejaVuSans-Bold.ttf >/dev/null 2>/tmp/err.txt
rc=$?
cat /tmp/err.txt
vm_check lock-master-busy-exit [ $rc = 1 ]
vm_check lock-master-busy-says-why grep -q "held by another display program (plymouth at boot?); waiting up to 1.0 s" /tmp/err.txt
vm_check lock-master-busy-error grep -q "in use by another display program" /tmp/err.txt
# ...or starts as soon as the holder lets go (plymouth quitting).
slidelock --master-wait 20 --set theme.fonts=/e2e/DejaVuSans-Bold.ttf >/tmp/wait.log 2>&1 3>&- &   # 3>&-: not the holder itself
waiter=$!
sleep 1
exec 3>&-
vm_wait_text /tmp/wait.log "first frame on screen" 30
vm_check lock-starts-after-release grep -q "first frame on screen" /tmp/wait.log
kill -TERM $waiter; wait $waiter
expect_error permission "add the user to group .video." su nobody -s /bin/sh -c "/e2e/bin/slidelock drm-smoke"
exit $VM_FAILED
