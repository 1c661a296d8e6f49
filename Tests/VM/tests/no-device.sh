#!/bin/sh
. /e2e/lib.sh
# No display device at all: a clear one-line message and a non-zero exit.
ls -l /dev/dri 2>&1
for command in drm-smoke list-outputs; do
    slidelock $command >/tmp/out.txt 2>/tmp/err.txt
    rc=$?
    echo "$command: exit $rc: $(cat /tmp/err.txt)"
    vm_check "$command-exit" [ $rc = 1 ]
    vm_check "$command-message" grep -q "^slidelock: no DRM device" /tmp/err.txt
done
exit $VM_FAILED
