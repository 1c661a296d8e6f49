#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# Reloads that take effect or say they do not (hook mode, virtio-gpu 800x480, uinput
# touchscreen, the --config file rewritten in place):
#   SIGHUP while the unlock hook (A, 2 s) runs, to a config naming hook B: "configuration
#     reloaded", A's success still reaches the session (unlocked, no ignored-action), and
#     the next slide runs B;
#   SIGHUP to a config that turns the flight recorder off (a key only a start applies):
#     refused in one line naming audit.recordings, the lock running on.
CONF=/tmp/lock.conf
vm_touch_start 799 479 || exit 1
cat >/tmp/a.sh <<'HOOK'
#!/bin/sh
sleep 2
echo "a $SLIDELOCK_EVENT" >>/tmp/hooks.txt
HOOK
cat >/tmp/b.sh <<'HOOK'
#!/bin/sh
echo "b $SLIDELOCK_EVENT" >>/tmp/hooks.txt
HOOK
chmod 755 /tmp/a.sh /tmp/b.sh
rm -f /tmp/hooks.txt
printf '%s\n' "[action]" "on_unlock = hook" "hook = /tmp/a.sh" >$CONF
vm_lock /tmp/lock.log --config $CONF --set theme.fonts=/e2e/DejaVuSans-Bold.ttf --set display.backlight=none || exit 1
app=$APP
vm_touch swipe 208 240 760 240 400 12
vm_wait_text /tmp/lock.log "hook started" 10
printf '%s\n' "[action]" "on_unlock = hook" "hook = /tmp/b.sh" >$CONF
kill -HUP $app
vm_wait_text /tmp/lock.log "configuration reloaded" 10
vm_wait_text /tmp/lock.log "session: unlocked" 10
# The unlocked screen (1.5 s), then locked; the cooldown (1 s) is over by then.
sleep 3
vm_touch swipe 208 240 760 240 400 12
vm_wait_text /tmp/hooks.txt "b unlock" 10
sleep 2
printf '%s\n' "[action]" "on_unlock = hook" "hook = /tmp/b.sh" "[audit]" "recordings = off" >$CONF
kill -HUP $app
vm_wait_text /tmp/lock.log "configuration not reloaded" 10
usleep 300000
kill -0 $app; alive=$?
kill -TERM $app
wait $app
rc=$?
cat /tmp/lock.log
echo "hooks:"; cat /tmp/hooks.txt
# Between the reload and the next hook's start: A's outcome, taken by the session.
vm_check old-hook-outcome-reached-the-session sh -c \
    'sed -n "/configuration reloaded/,/hook started/p" /tmp/lock.log | grep -q "session: unlocked"'
vm_check no-ignored-action sh -c '! grep -q "ignored-action" /tmp/lock.log'
vm_check new-hook-ran-next [ "$(tr '\n' ' ' </tmp/hooks.txt)" = "a unlock b unlock " ]
vm_check start-only-refused-by-name grep -q \
    "configuration not reloaded: audit.recordings changes only at start (restart the lock)" /tmp/lock.log
vm_check running-after-refusal [ $alive = 0 ]
vm_check exit-143-on-sigterm [ $rc = 143 ]
vm_touch_stop
exit $VM_FAILED
