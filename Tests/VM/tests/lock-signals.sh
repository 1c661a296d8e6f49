#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# Signals to the real lock screen (exit mode, virtio-gpu 800x480, uinput touchscreen):
#   SIGHUP after its --config file is rewritten in place -> "configuration reloaded" and the
#     screen shows the new config (host: equals `slidelock render` of that file);
#   SIGHUP with a syntax error in it -> "configuration not reloaded", still running, screen
#     unchanged (host: still equals the render of the good file);
#   SIGUSR1 while a finger holds the thumb mid-track -> back to locked at once, and that
#     finger can no longer unlock (carried on to the end and lifted: no exit);
#   SIGTERM -> exit 143 with the CRTC as it was before (drmgrab -i).
# The config files are copied to /out (the test's host directory) for the host's renders.
CONF=/tmp/lock.conf
drmgrab -i >/tmp/before.txt
vm_touch_start 799 479 || exit 1
printf '%s\n' "[theme]" "label = Slide to open" >$CONF
cp $CONF /out/first.conf
vm_lock /tmp/lock.log --config $CONF --set theme.fonts=/e2e/DejaVuSans-Bold.ttf || exit 1
app=$APP
usleep 200000
vm_screenshot first

# A good config, written over the same file (same inode), then SIGHUP.
printf '%s\n' "[theme]" "name = mint" "label = Door open?" "[layout]" "vertical_position = 0.7" >$CONF
cp $CONF /out/second.conf
kill -HUP $app
vm_wait_text /tmp/lock.log "configuration reloaded" 10
usleep 300000
vm_screenshot reloaded

# A syntax error: the old (second) config stays.
printf '%s\n' "[theme" "label = never shown" >$CONF
kill -HUP $app
vm_wait_text /tmp/lock.log "configuration not reloaded" 10
usleep 300000
kill -0 $app; alive_after_bad=$?
vm_screenshot after-bad

# SIGUSR1 during a held drag. The second config's track is centred at y = 0.7 * 480 = 336.
vm_touch down 208 336
for x in 230 260 290 320 360 400; do vm_touch sleep 20; vm_touch move $x 336; done
usleep 300000
vm_screenshot held
kill -USR1 $app
vm_wait_text /tmp/lock.log "reset to locked (SIGUSR1)" 10
usleep 300000
vm_screenshot after-usr1
for x in 500 600 700 760; do vm_touch sleep 20; vm_touch move $x 336; done
vm_touch up
sleep 1
kill -0 $app; alive_after_usr1=$?

kill -TERM $app
wait $app
rc=$?
cat /tmp/lock.log
drmgrab -i >/tmp/after.txt
vm_check reloaded-logged grep -q "configuration reloaded" /tmp/lock.log
vm_check bad-config-not-reloaded grep -q "configuration not reloaded" /tmp/lock.log
vm_check running-after-bad-config [ $alive_after_bad = 0 ]
vm_check usr1-reset-logged grep -q "session: reset" /tmp/lock.log
vm_check held-finger-cannot-unlock-after-usr1 [ $alive_after_usr1 = 0 ]
vm_check no-unlock-logged sh -c '! grep -q "unlocked by a" /tmp/lock.log'
vm_check exit-143-on-sigterm [ $rc = 143 ]
vm_check crtc-restored cmp -s /tmp/before.txt /tmp/after.txt
vm_touch_stop
exit $VM_FAILED
