#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# A config that fails at start, under real systemd (run.sh -S, installed by deploy/install.sh):
#   screen    the out-of-service screen, not a dark panel (the host compares the screendump
#             with `slidelock render --out-of-service`)
#   notify    active (READY=1), `systemctl status` shows the STATUS= line, and no restart
#             for 15 s, one and a half watchdog periods (the watchdog is fed)
#   closed    a slide does not open it; `ctl status` says out-of-service and why
#   reload    the file fixed (rotate = 180, unlike the default), `systemctl reload`: the lock
#             starts afresh in the same process with the new config (the host compares the
#             screendump with a render turned 180 degrees), the control socket systemd passed
#             still answers, no descriptor leaked across the exec; a slide opens it
export SYSTEMD_PAGER='' SYSTEMD_COLORS=0
main_pid() { systemctl show -p MainPID --value slidelock; }
jlog() { journalctl -q -b -o cat -u slidelock; }
wait_for() { # wait_for SECS COMMAND...: until COMMAND succeeds
    local n=$(($1 * 20)); shift
    until "$@"; do n=$((n - 1)); [ $n -gt 0 ] || return 1; usleep 50000; done
}
# shellcheck disable=SC2317 # called through wait_for
logged() { jlog | grep -q "$1"; }
# What the process holds open, with inode numbers left out (a reopened card is another inode).
fds() { for l in "/proc/$1/fd"/*; do readlink "$l"; done | sed 's/[0-9][0-9]*\]$/N]/' | sort; }

sh /e2e/repo/deploy/install.sh --no-build --binary /e2e/bin/slidelock || exit 1
mkdir -p /etc/slidelock/conf.d
printf '%s\n' '[theme]' 'name = dark' '[display]' 'rotate = 45' >/etc/slidelock/conf.d/vm.conf
vm_touch_start 799 479 || exit 1

systemctl start slidelock
vm_check notify-active [ "$(systemctl is-active slidelock)" = active ]
wait_for 20 logged "ready: out of service" || true
sleep 2
vm_screenshot out-of-service
PID=$(main_pid)
systemctl status slidelock --no-pager | sed 's/^/status: /' | head -5
vm_check status-line sh -c 'systemctl status slidelock --no-pager |
    grep -q "Status: \"out of service: /etc/slidelock/conf.d/vm.conf:2: theme.name: "'
vm_check logged-every-problem sh -c 'journalctl -q -b -o cat -u slidelock | grep -q "out of service: /etc/slidelock/conf.d/vm.conf:4: display.rotate: "'
vm_check ctl-status-why sh -c 'slidelock ctl status | grep "^state=out-of-service " |
    grep -q "why=\"out of service: /etc/slidelock/conf.d/vm.conf:2: theme.name: "'
vm_touch swipe 208 240 760 240 400 12
sleep 3
vm_check slide-refused sh -c 'journalctl -q -b -o cat -u slidelock | grep -q "session: out-of-service"'
vm_check slide-not-unlocked sh -c '! journalctl -q -b -o cat -u slidelock | grep -q "unlocked by"'
# 15 s on the watchdog (WatchdogSec=10): no restart, the same process.
sleep 15
vm_check no-restart-15s [ "$(systemctl show -p NRestarts --value slidelock)" = 0 ]
vm_check same-process [ "$(main_pid)" = "$PID" ]
fds "$PID" >/tmp/fds-before

# A bad reload changes nothing.
printf '%s\n' '[display]' 'rotate = 46' >/etc/slidelock/conf.d/vm.conf
systemctl reload slidelock
wait_for 10 logged "still out of service" || true
vm_check bad-reload-stays sh -c 'slidelock ctl status | grep -q "^state=out-of-service "'

# Fixed: rotate 180 (the defaults' devices would show it upright).
printf '%s\n' '[display]' 'rotate = 180' >/etc/slidelock/conf.d/vm.conf
systemctl reload slidelock
wait_for 30 logged "ready: first frame on screen" || true
sleep 2
vm_screenshot reloaded
vm_check reload-same-pid [ "$(main_pid)" = "$PID" ]
vm_check reload-no-restart [ "$(systemctl show -p NRestarts --value slidelock)" = 0 ]
vm_check reload-active [ "$(systemctl is-active slidelock)" = active ]
vm_check reload-status-locked sh -c 'systemctl status slidelock --no-pager | grep -q "Status: \"locked\""'
vm_check reload-socket-passed sh -c 'journalctl -q -b -o cat -u slidelock | grep -c "control: listening on the socket systemd passed" | grep -qx 2'
vm_check reload-ctl-status sh -c 'slidelock ctl status | grep -q "^state=locked "'
fds "$PID" >/tmp/fds-after
echo "descriptors before the restart:"; cat /tmp/fds-before
echo "descriptors after:"; cat /tmp/fds-after
# A descriptor held across the exec would show as one more of its kind. /dev/tty0 aside: the
# new start opens it itself (close-on-exec) when stdin no longer answers as a VT (seen after
# the exec; the VT is locked either way, see the keyboard lines below).
vm_check reload-no-fd-leak sh -c 'grep -vx /dev/tty0 /tmp/fds-after | cmp -s /tmp/fds-before -'
vm_check reload-vt-locked sh -c 'journalctl -q -b -o cat -u slidelock | grep "VT switching locked" | grep -c . | grep -qx 2'
jlog | grep -e "keyboard:" -e "restarting in place" | sed 's/^/vt: /'
# Turned 180 degrees, the track runs right to left on the raw panel.
vm_touch swipe 592 240 40 240 400 12
wait_for 20 logged "unlocked by a" || true
vm_check slide-opens sh -c 'journalctl -q -b -o cat -u slidelock | grep -q "unlocked by a .* ms slide"'
jlog | tail -40 | sed 's/^/journal: /'
vm_touch_stop
exit $VM_FAILED
