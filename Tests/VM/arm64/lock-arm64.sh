#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The arm64 binary on an arm64 kernel (virtio-gpu 800x480, shipped defaults, hue animating):
# the lock screen is on screen (the host compares it with the x86 render), a uinput slide
# exits 0 in exit mode, and in hook mode the same slide runs the hook; SIGTERM then gives 143.
# The flags every run here shares, as the positional parameters (sh has no arrays).
set -- --set theme.fonts=/e2e/DejaVuSans-Bold.ttf
uname -m
vm_touch_start 799 479 || exit 1
vm_lock /tmp/exit.log "$@" --on-unlock exit || exit 1
app=$APP
usleep 500000
vm_screenshot locked
# The resident size of the package a Pi owner installs (Debian's Swift), reported.
sleep 1
echo "resident size at 800x480 (arm64 package): $(awk '/^VmRSS:/ { print $2 }' /proc/$app/status) kB"
# QEMU's virtio-gpu reports 200x120 mm: a 10 mm thumb, its centre at (208, 240).
vm_touch swipe 208 240 790 240 500 15
vm_wait_exit $app 10
cat /tmp/exit.log
vm_check exit-mode-slide-exits-0 [ $RC = 0 ]
vm_check exit-mode-unlock-logged grep -q "unlocked by a" /tmp/exit.log
vm_check thumb-sized-from-reported-mm grep -q "layout: panel 200x120 mm" /tmp/exit.log

vm_lock /tmp/hook.log "$@" --on-unlock hook --set action.hook=/e2e/hook.sh || exit 1
app=$APP
usleep 500000
vm_touch swipe 208 240 790 240 500 15
vm_wait_file /tmp/hook-ran 10
sleep 1
kill -TERM $app
vm_wait_exit $app 10
cat /tmp/hook.log
vm_check hook-mode-ran-the-hook [ -f /tmp/hook-ran ]
vm_check hook-mode-sigterm-143 [ $RC = 143 ]

# A hook program that is gone when the slide comes: posix_spawnp reports ENOENT on a real
# arm64 kernel (under qemu-user it "succeeds" and the child exits 127), so the failure is
# logged at once and the panel shows failed, never unlocked.
cp /e2e/hook.sh /tmp/gone.sh
vm_lock /tmp/gone.log "$@" --on-unlock hook --set action.hook=/tmp/gone.sh || exit 1
app=$APP
rm /tmp/gone.sh
usleep 500000
vm_touch swipe 208 240 790 240 500 15
vm_wait_text /tmp/gone.log "session: failed" 10
kill -TERM $app
vm_wait_exit $app 10
cat /tmp/gone.log
vm_check missing-hook-spawn-fails-at-once grep -q "No such file or directory" /tmp/gone.log
vm_check missing-hook-never-unlocks sh -c "! grep -q 'session: unlocked' /tmp/gone.log"
# slidelock selftest --inject, the installer's check, on the package's binary: the pattern read
# back from virtio-gpu's framebuffer, an injected touch on the thumb; no --pulse (no gpio-sim here).
slidelock selftest --inject "$@" >/tmp/selftest.txt 2>&1
st=$?
cat /tmp/selftest.txt
vm_check selftest-inject-exit-0 [ $st = 0 ]
vm_check selftest-readback-equals-pattern grep -q "^PASS readback: .*: all [0-9]* pixels are the pattern" /tmp/selftest.txt
vm_check selftest-injected-slide-on-thumb grep -q "^PASS slide: injected touch landed" /tmp/selftest.txt
vm_check selftest-relay-skipped grep -q "^SKIP relay: " /tmp/selftest.txt
vm_touch_stop
exit $VM_FAILED
