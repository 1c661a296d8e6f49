#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# On a real kernel: as root the lock runs only root's programs (virtio-gpu 800x480,
# uinput touchscreen, exit mode).
#   1. action.idle_hook owned by another user (65534): the lock starts out of service, its
#      line names the key, and the hook never runs (it ran as root at dim before).
#   2. A slide-start hook of root's runs on a slide; then another user's file is renamed
#      over it and SIGHUP reloads: "configuration not reloaded" naming the key. The next
#      slide does not run it either (the runner opens and checks the program at every run),
#      and nothing of it ever runs.
# The flags every run here shares, as the positional parameters (sh has no arrays).
set -- --set theme.fonts=/e2e/DejaVuSans-Bold.ttf
H=/tmp/hooks
mkdir -p $H && chmod 755 $H

printf '#!/bin/sh\necho ran >>/tmp/idle-ran\n' >$H/idle.sh
chmod 755 $H/idle.sh && chown 65534:65534 $H/idle.sh
slidelock --on-unlock exit "$@" --set action.idle_hook=$H/idle.sh --set display.dim_after=1 >/tmp/idle.log 2>&1 &
idle_app=$!
vm_wait_text /tmp/idle.log "ready: out of service: action.idle_hook" 20
vm_wait_text /tmp/idle.log "idle: dim" 10    # the moment the hook would have run
sleep 1
kill -0 $idle_app; idle_alive=$?
kill -TERM $idle_app
wait $idle_app
cat /tmp/idle.log

printf '#!/bin/sh\necho good >>/tmp/start-ran\n' >$H/start.sh
chmod 755 $H/start.sh
printf '%s\n' "[action]" "slide_start_hook = $H/start.sh" >/tmp/lock.conf
vm_touch_start 799 479 || exit 1
vm_lock /tmp/lock.log --on-unlock exit "$@" --config /tmp/lock.conf || exit 1
app=$APP
part_slide() { vm_touch down 208 240; for x in 236 264 292 320 348; do vm_touch sleep 30; vm_touch move $x 240; done; vm_touch up; }
usleep 300000
part_slide
i=0; while ! grep -q good /tmp/start-ran 2>/dev/null && [ $i -lt 200 ]; do usleep 50000; i=$((i + 1)); done

printf '#!/bin/sh\necho evil >>/tmp/start-ran\n' >$H/evil.sh
chmod 755 $H/evil.sh && chown 65534:65534 $H/evil.sh && mv $H/evil.sh $H/start.sh
kill -HUP $app
vm_wait_text /tmp/lock.log "configuration not reloaded" 10
sleep 1                                      # the thumb springs home
part_slide
vm_wait_text /tmp/lock.log "hook: not running $H/start.sh" 10
sleep 1
kill -0 $app; alive=$?
kill -TERM $app
wait $app
cat /tmp/lock.log
vm_check idle-hook-out-of-service [ "$idle_alive" = 0 ]
vm_check idle-hook-named grep -q "action.idle_hook: not running $H/idle.sh: is owned by uid 65534, not root" /tmp/idle.log
vm_check idle-hook-never-ran [ ! -e /tmp/idle-ran ]
vm_check start-hook-ran grep -qx good /tmp/start-ran
vm_check reload-refused grep -q "configuration not reloaded, keeping the old one: action.slide_start_hook: not running $H/start.sh: is owned by uid 65534" /tmp/lock.log
vm_check swapped-hook-refused-at-its-run grep -q "hook: not running $H/start.sh: is owned by uid 65534" /tmp/lock.log
vm_check swapped-hook-never-ran sh -c '! grep -q evil /tmp/start-ran'
vm_check still-running [ $alive = 0 ]
vm_touch_stop
exit $VM_FAILED
