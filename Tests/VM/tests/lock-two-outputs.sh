#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# Two connected outputs (virtio-gpu max_outputs=2, the second forced on at 640x480): the
# lock screen shows on both, each laid out for its own mode (host checks against renders).
vm_lock /tmp/lock.log --set theme.fonts=/e2e/DejaVuSans-Bold.ttf || exit 1
app=$APP
usleep 300000
vm_screenshot head0 0
vm_screenshot head1 1
kill -TERM $app
wait $app
cat /tmp/lock.log
vm_check both-outputs [ "$(grep -c 'slidelock: output ' /tmp/lock.log)" = 2 ]
exit $VM_FAILED
