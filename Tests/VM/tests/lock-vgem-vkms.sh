#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# A Raspberry Pi 4/5's layout: card0 is a render-only GPU (v3d there, vgem here) and the
# display is card1 (vc4 there, vkms here). list-outputs says why card0 is passed over, the
# lock lights card1 (host check of what its CRTC scans out) and a slide exits 0.
modprobe vgem || exit 1
i=0; while [ ! -e /dev/dri/card0 ] && [ $i -lt 200 ]; do usleep 10000; i=$((i + 1)); done
modprobe vkms || exit 1
i=0; while [ ! -e /dev/dri/card1 ] && [ $i -lt 200 ]; do usleep 10000; i=$((i + 1)); done
slidelock list-outputs >/tmp/list.txt 2>&1
rc=$?
cat /tmp/list.txt
vm_check list-exit-0 [ $rc = 0 ]
vm_check card0-passed-over grep -q "/dev/dri/card0: driver vgem, .*render-only): passed over" /tmp/list.txt
vm_check card1-chosen grep -q "slidelock would use: /dev/dri/card1 Virtual-1" /tmp/list.txt

vm_touch_start 1023 767 || exit 1
vm_lock /tmp/lock.log --set theme.fonts=/e2e/DejaVuSans-Bold.ttf --on-unlock exit || exit 1
app=$APP
usleep 500000
vm_grab lit $app
# 1024x768: the thumb's centre is at (109, 384).
vm_touch swipe 109 384 1000 384 500 15
vm_wait_exit $app 5
rc=$RC
cat /tmp/lock.log
vm_check lit-card1 grep -q "/dev/dri/card1 (vkms)" /tmp/lock.log
vm_check slide-exits-0 [ $rc = 0 ]
vm_touch_stop
exit $VM_FAILED
