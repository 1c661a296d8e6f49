#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# An SPI panel's layout: a 16-bit framebuffer at /dev/fb1 beside the DRM card's own fbdev
# (fb0), red at bit 0 (BGR565: the kernel's vfb, 800x480 at 16 bpp). Chosen by its driver's
# name with display.fbdev, it holds the headless render (host check of /dev/fb1's bytes)
# and a slide exits 0.
modprobe vfb vfb_enable=1 mode_option=800x480M-16@60 || exit 1
i=0; while [ ! -e /dev/fb1 ] && [ $i -lt 200 ]; do usleep 10000; i=$((i + 1)); done
cat /sys/class/graphics/fb1/name /sys/class/graphics/fb1/virtual_size /sys/class/graphics/fb1/bits_per_pixel
slidelock list-outputs >/tmp/list.txt 2>&1
cat /tmp/list.txt
vm_check listed grep -q "framebuffers: .*/dev/fb1 (Virtual FB)" /tmp/list.txt

vm_touch_start 799 479 || exit 1
vm_lock /tmp/lock.log --set theme.fonts=/e2e/DejaVuSans-Bold.ttf --on-unlock exit --set "display.fbdev=Virtual FB" || exit 1
app=$APP
usleep 500000
kill -STOP $app
dd if=/dev/fb1 of=/out/fb1.raw bs=768000 count=1 2>/dev/null
kill -CONT $app
# 800x480: the thumb's centre is at (112, 240).
vm_touch swipe 112 240 760 240 400 12
vm_wait_exit $app 5
rc=$RC
cat /tmp/lock.log
vm_check lit-fb1 grep -q "/dev/fb1 800x480 16 bpp BGR565" /tmp/lock.log
vm_check slide-exits-0 [ $rc = 0 ]
vm_touch_stop
exit $VM_FAILED
