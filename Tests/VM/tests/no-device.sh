#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# No display device at all: a clear one-line message and a non-zero exit.
ls -l /dev/dri 2>&1
# The lock screen itself (no command) too: no DRM card and no /dev/fb0 to fall back to.
for command in drm-smoke list-outputs ""; do
    # the lock screen checks its font first: give it one
    slidelock ${command:---set theme.fonts=/e2e/DejaVuSans-Bold.ttf} >/tmp/out.txt 2>/tmp/err.txt
    rc=$?
    echo "$command: exit $rc: $(cat /tmp/err.txt)"
    vm_check "${command:-lock}-exit" [ $rc = 1 ]
    # the error names the subcommand it came from: "slidelock drm-smoke: no DRM device ..."
    vm_check "${command:-lock}-message" grep -q "^slidelock${command:+ $command}: no DRM device" /tmp/err.txt
    vm_check "${command:-lock}-one-line" [ "$(wc -l </tmp/err.txt)" = 1 ]
done
exit $VM_FAILED
