#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# slidelock ctl against the real lock (exit mode, vkms, the built-in defaults), as root
# unless said:
#   status --json -> one JSON line saying locked (parsed on the host: /out/status.json);
#   uid 65534 -> refused by the root-only /run/slidelock-ctl (permission denied, exit 1), and,
#     with the directory and socket opened up by hand, refused by the lock itself (its peer
#     check, logged with the uid), the lock still running;
#   bad requests -> one line, exit 2; lockdown on -> ctl unlock refused (exit 1), still
#   running; lockdown off -> ctl unlock exits 0 and the lock exits 0;
#   no lock running -> one line, exit 1;
#   watch -> the status first, then lockdown, the refused and the granted ctl unlock, the
#     panel switched off and on, in order; it ends when the lock exits (exit 1, one line);
#   status -> door=none tamper=none, uptime and a 16-digit config digest.
set -- --set theme.fonts=/e2e/DejaVuSans-Bold.ttf
vm_lock /tmp/lock.log "$@" || exit 1
app=$APP
slidelock ctl status --json >/out/status.json; rc_status=$?
slidelock ctl status >/tmp/status.txt; cat /tmp/status.txt

su nobody -s /bin/sh -c "/e2e/bin/slidelock ctl status" 2>/tmp/nobody-dir.txt; rc_nobody_dir=$?
cat /tmp/nobody-dir.txt
chmod 0755 /run/slidelock-ctl && chmod 0666 /run/slidelock-ctl/control
su nobody -s /bin/sh -c "/e2e/bin/slidelock ctl unlock" 2>/tmp/nobody-peer.txt; rc_nobody_peer=$?
cat /tmp/nobody-peer.txt
chmod 0700 /run/slidelock-ctl && chmod 0600 /run/slidelock-ctl/control
kill -0 $app; alive_after_nobody=$?

slidelock ctl open 2>/tmp/bad.txt; rc_bad=$?
slidelock ctl message --for 0 hi 2>>/tmp/bad.txt; rc_bad_for=$?
cat /tmp/bad.txt

slidelock ctl watch >/tmp/watch.txt 2>/tmp/watch-end.txt &
watch_pid=$!
usleep 300000
slidelock ctl display off >/tmp/display.txt; rc_display_off=$?
slidelock ctl status >/tmp/status-blank.txt
slidelock ctl display on >>/tmp/display.txt; rc_display_on=$?
slidelock ctl lockdown on; rc_lockdown=$?
slidelock ctl unlock 2>/tmp/refused.txt; rc_refused=$?
cat /tmp/refused.txt
slidelock ctl status --json >/out/status-lockdown.json
usleep 300000
kill -0 $app; alive_in_lockdown=$?
slidelock ctl lockdown off; rc_lockdown_off=$?
slidelock ctl unlock; rc_unlock=$?
wait $app; rc_app=$?
wait $watch_pid; rc_watch=$?
echo "watch:"; cat /tmp/watch.txt /tmp/watch-end.txt
slidelock ctl status 2>/tmp/gone.txt; rc_gone=$?
cat /tmp/gone.txt
cat /tmp/lock.log

vm_check status-exit-0 [ $rc_status = 0 ]
vm_check status-text-says-locked grep -q "^state=locked display=on lockdown=off unlocks=0" /tmp/status.txt
vm_check status-says-door-and-digest grep -Eq " door=none tamper=none version=[^ ]+ uptime=[0-9]+ config=[0-9a-f]{16}( |$)" /tmp/status.txt
vm_check display-off-and-on [ "$rc_display_off$rc_display_on" = 00 ]
vm_check status-says-blank grep -q "^state=locked display=blank " /tmp/status-blank.txt
vm_check watch-starts-with-status grep -q "^status state=locked display=on " /tmp/watch.txt
vm_check watch-lines-in-order [ "$(sed 1d /tmp/watch.txt | tr '\n' '|')" = "display blank|display on|lockdown on|rejected ctl lockdown|lockdown off|unlock ctl|state unlocked|" ]
vm_check watch-ends-with-the-lock [ $rc_watch = 1 ]
vm_check watch-end-said grep -q "watch: the lock closed the connection" /tmp/watch-end.txt
vm_check nobody-refused-by-the-directory [ $rc_nobody_dir = 1 ]
vm_check nobody-told-permission-denied grep -q "permission denied" /tmp/nobody-dir.txt
vm_check nobody-refused-by-the-lock [ $rc_nobody_peer = 1 ]
vm_check nobody-refusal-logged grep -q "ctl: refused uid 65534" /tmp/lock.log
vm_check running-after-nobody [ $alive_after_nobody = 0 ]
vm_check bad-request-exit-2 [ $rc_bad = 2 ]
vm_check bad-for-exit-2 [ $rc_bad_for = 2 ]
vm_check bad-request-one-line-each [ "$(wc -l </tmp/bad.txt)" = 2 ]
vm_check lockdown-on-exit-0 [ $rc_lockdown = 0 ]
vm_check unlock-refused-in-lockdown [ $rc_refused = 1 ]
vm_check refusal-says-lockdown grep -q "refused: lockdown" /tmp/refused.txt
vm_check running-in-lockdown [ $alive_in_lockdown = 0 ]
vm_check lockdown-off-exit-0 [ $rc_lockdown_off = 0 ]
vm_check unlock-exit-0 [ $rc_unlock = 0 ]
vm_check lock-exits-0 [ $rc_app = 0 ]
vm_check unlock-logged-with-peer grep -q "unlocked by ctl (uid 0 " /tmp/lock.log
vm_check no-lock-running-exit-1 [ $rc_gone = 1 ]
vm_check no-lock-running-said grep -q "no lock running" /tmp/gone.txt
vm_check socket-removed [ ! -e /run/slidelock-ctl/control ]
exit $VM_FAILED
