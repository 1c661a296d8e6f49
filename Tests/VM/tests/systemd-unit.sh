#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The unit as it ships, under real systemd (run.sh -S: Debian 12, systemd PID 1), installed
# with deploy/install.sh. virtio-gpu 800x480, a uinput touchscreen and keyboard, a gpio-sim
# relay line. In order:
#   control   before slidelock runs, Alt+SysRq+H and Ctrl+Alt+Del do reach the kernel/PID 1
#   notify    `systemctl start` returns once the first frame is on screen (READY=1)
#   keyboard  Ctrl+C, Ctrl+\, Ctrl+Z, Ctrl+Alt+F2, Ctrl+Alt+Del, Alt+SysRq+H change nothing
#   security  systemd-analyze security exposure; a hook runs without capabilities
#   relay     held by the lock: an unprivileged process in the chip's group drives the line
#             before the lock starts and gets EBUSY while it runs; a pulse cut by
#             `systemctl stop`, and one cut by kill -9: the line ends inactive
#   crash     kill -9: restarted, lock back on screen (crash-to-lock time)
#   master    another program takes DRM master for 2 s: no restart, the lock comes back
#   watchdog  SIGSTOP: systemd's watchdog restarts it
#   (after security) ctl over the socket unit's socket (a member of control.group may ask,
#             others may not), the audit's journal fields read back
export SYSTEMD_PAGER='' SYSTEMD_COLORS=0
LINE=3
up() { cut -d' ' -f1 /proc/uptime; }
main_pid() { systemctl show -p MainPID --value slidelock; }
jlog() { journalctl -q -b -o cat "$@"; }
jcount() { journalctl -q -b -o cat -u slidelock | grep -c "$1"; }
wait_for() { # wait_for SECS COMMAND...: until COMMAND succeeds
    local n=$(($1 * 20)); shift
    until "$@"; do n=$((n - 1)); [ $n -gt 0 ] || return 1; usleep 50000; done
}
# shellcheck disable=SC2317 # the next four are called through wait_for and vm_check
level() { cat "$VM_GPIO_DIR/sim_gpio$LINE/value"; }
# shellcheck disable=SC2317
is_high() { [ "$(level)" = 1 ]; }
# shellcheck disable=SC2317
is_low() { [ "$(level)" = 0 ]; }
# shellcheck disable=SC2317
new_main() { p=$(main_pid); [ "$p" != 0 ] && [ "$p" != "$1" ] && [ "$(systemctl is-active slidelock)" = active ]; }
slide() { vm_touch swipe 208 240 760 240 400 12; }
keys() { echo "chord $*" >&5; usleep 300000; }

# --- install, as deploy/README.md says -------------------------------------------------------
vm_gpio_sim relay || { echo "vm: no gpio-sim"; exit 1; }
sh /e2e/repo/deploy/install.sh --no-build --binary /e2e/bin/slidelock || exit 1
mkdir -p /etc/slidelock/conf.d
# A pulse long enough to be cut short even on a slow TCG guest (steps take seconds there).
# Everything else as shipped: the hue animates.
# The control group as shipped: slidelock-ctl, made by install.sh (sysusers.d).
printf '%s\n' '[action]' 'timeout = 60' '[relay]' "line = $VM_GPIO_CHIP:$LINE" 'pulse = 40' \
    >/etc/slidelock/conf.d/vm.conf
# The chip as Raspberry Pi OS has it: root:gpio 0660, with a user in the gpio group.
groupadd -f gpio
chgrp gpio "/dev/$VM_GPIO_CHIP" && chmod 0660 "/dev/$VM_GPIO_CHIP"
as_gpio_user() { setpriv --reuid=nobody --regid=gpio --clear-groups "$@"; }
# Before the lock runs the line is free: the unprivileged user can drive it (what the lock
# must prevent while it runs). Set to 1 and released: gpio-sim drops it back to its pull.
as_gpio_user gpioset "$VM_GPIO_CHIP" "$LINE=1" >/tmp/free.out 2>&1; free_rc=$?
cat /tmp/free.out
vm_check relay-free-before-start [ $free_rc = 0 ]
vm_touch_start 799 479 || exit 1
rm -f /tmp/kbd.fifo; mkfifo /tmp/kbd.fifo
uinput-touch -k </tmp/kbd.fifo >/tmp/kbd.out 2>&1 &
exec 5>/tmp/kbd.fifo
vm_wait_ready /tmp/kbd.out || exit 1

# --- control: the attacks are seen when nothing holds the keyboard ----------------------------
echo 1 >/proc/sys/kernel/sysrq
systemctl mask ctrl-alt-del.target          # PID 1 then logs Ctrl+Alt+Del instead of rebooting
dmesg -C
keys 56 99 35                               # Alt+SysRq+H: the kernel prints SysRq's help
keys 29 56 111                              # Ctrl+Alt+Del: SIGINT to systemd
sleep 1
vm_check control-sysrq-seen sh -c 'dmesg | grep -q "sysrq: HELP"'
vm_check control-ctrl-alt-del-seen sh -c 'journalctl -q -b | grep -q "ctrl-alt-del.target"'
CAD_BEFORE=$(journalctl -q -b | grep -c "ctrl-alt-del.target")

# --- Type=notify: active only once the first frame is on screen ------------------------------
t=$(up)
systemctl start slidelock
echo "systemctl start took $(awk -v a="$t" -v b="$(up)" 'BEGIN { printf "%.2f", b - a }') s"
vm_check notify-active [ "$(systemctl is-active slidelock)" = active ]
vm_check notify-after-first-frame sh -c 'journalctl -q -b -o cat -u slidelock | grep -n -e "first frame on screen" -e "^Started " |
    head -2 | grep -q "first frame" '
vm_screenshot locked
PID1=$(main_pid)
jlog -u slidelock | grep -e "keyboard:" -e "input:" -e "relay:"
# While the lock runs the line is its own: no pulse, but still no other process may have it.
as_gpio_user gpioset "$VM_GPIO_CHIP" "$LINE=1" >/tmp/busy.out 2>&1; busy_rc=$?
cat /tmp/busy.out
vm_check relay-held-ebusy-for-others sh -c "[ $busy_rc != 0 ] && grep -q 'Device or resource busy' /tmp/busy.out"
vm_check relay-held-still-low is_low
vm_check relay-held-logged sh -c 'journalctl -q -b -o cat -u slidelock | grep -q "relay: holding /dev/.* line '"$LINE"' (active-high, inactive now)"'

# --- keyboard attacks -----------------------------------------------------------------------
dmesg -C
keys 29 46                                  # Ctrl+C
keys 29 43                                  # Ctrl+\
keys 29 44                                  # Ctrl+Z
keys 29 56 60                               # Ctrl+Alt+F2
keys 56 60                                  # Alt+F2
keys 29 56 111                              # Ctrl+Alt+Del
keys 56 99 35                               # Alt+SysRq+H
keys 56 99 14                               # Alt+SysRq+Backspace
sleep 1
vm_screenshot after-keys
vm_check keys-same-pid [ "$(main_pid)" = "$PID1" ]
vm_check keys-still-active [ "$(systemctl is-active slidelock)" = active ]
vm_check keys-no-restart [ "$(systemctl show -p NRestarts --value slidelock)" = 0 ]
vm_check keys-vt1 [ "$(cat /sys/class/tty/tty0/active)" = tty1 ]
vm_check keys-no-sysrq sh -c '! dmesg | grep -q sysrq'
vm_check keys-no-ctrl-alt-del [ "$(journalctl -q -b | grep -c "ctrl-alt-del.target")" = "$CAD_BEFORE" ]
vm_check keys-grabbed sh -c 'journalctl -q -b -o cat -u slidelock | grep -q "keyboard: locked out .*slidelock-test-keyboard"'
vm_check keys-not-stopped sh -c "! grep -q '^State:.*T' /proc/$PID1/status"

# --- hardening ------------------------------------------------------------------------------
EXPOSURE=$(systemd-analyze security slidelock 2>/dev/null | sed -n 's/.*Overall exposure level for slidelock.service: \([0-9.]*\).*/\1/p')
echo "systemd-analyze security slidelock: exposure $EXPOSURE"
vm_check security-exposure awk -v e="$EXPOSURE" 'BEGIN { exit !(e != "" && e <= 2.5) }'
grep Cap "/proc/$PID1/status" | sed 's/^/slidelock /'

# --- ctl and the audit: the socket from slidelock-control.socket, journal fields back ---------
vm_check ctl-socket-passed sh -c 'journalctl -q -b -o cat -u slidelock | grep -q "control: listening on the socket systemd passed"'
vm_check ctl-socket-mode sh -c 'stat -c "%a %U %G" /run/slidelock-ctl/control | grep -qx "660 root slidelock-ctl"'
vm_check ctl-directory-mode sh -c 'stat -c "%a %U %G" /run/slidelock-ctl | grep -qx "750 root slidelock-ctl"'
vm_check lock-runtime-directory-root-only sh -c 'stat -c %a /run/slidelock | grep -qx 700'
# A member of slidelock-ctl reaches the socket through /run/slidelock-ctl; anyone else does not.
vm_check ctl-group-member-asks setpriv --reuid=nobody --regid=slidelock-ctl --clear-groups slidelock ctl status
setpriv --reuid=nobody --regid=nogroup --clear-groups slidelock ctl status >/tmp/other.out 2>&1; other_rc=$?
cat /tmp/other.out
vm_check ctl-others-refused sh -c "[ $other_rc != 0 ] && grep -qi 'permission denied' /tmp/other.out"
vm_check ctl-lockdown-on slidelock ctl lockdown on
vm_check ctl-unlock-refused-in-lockdown sh -c '! slidelock ctl unlock'
vm_check ctl-lockdown-off slidelock ctl lockdown off
vm_check ctl-status-locked sh -c 'slidelock ctl status --json | grep "\"state\":\"locked\"" | grep -q "\"lockdown\":false"'
vm_check audit-lockdown-fields sh -c "journalctl -q -b -o json SLIDELOCK_EVENT=lockdown-on |
    grep '\"MESSAGE_ID\":\"4a83f02f8b254659b31c50980d10e184\"' | grep '\"SLIDELOCK_SOURCE\":\"ctl\"' | grep -q '\"SLIDELOCK_PEER_UID\":\"0\"'"
vm_check audit-refusal-fields sh -c "journalctl -q -b -o json SLIDELOCK_EVENT=rejected SLIDELOCK_SOURCE=ctl |
    grep '\"MESSAGE_ID\":\"519bb915e36d4b27b557984118f12d77\"' | grep -q '\"SLIDELOCK_REASON\":\"lockdown\"'"
vm_check audit-ctl-request-fields sh -c "journalctl -q -b -o json SLIDELOCK_EVENT=ctl-lockdown | grep -c '\"SLIDELOCK_REQUEST\":\"lockdown o' | grep -qx 2"
vm_check audit-no-status-entries sh -c '! journalctl -q -b -o json SLIDELOCK_EVENT=ctl-status | grep -q .'
vm_check ctl-same-pid [ "$(main_pid)" = "$PID1" ]

# --- relay: a pulse cut short by systemctl stop ------------------------------------------------
slide
vm_check relay-pulse-starts wait_for 10 is_high
# The hook: the unit's other process besides slidelock (the relay script, or its gpioset).
HOOK=$(grep -v -x "$PID1" "/sys/fs/cgroup$(systemctl show -p ControlGroup --value slidelock)/cgroup.procs" | head -1)
grep Cap "/proc/$HOOK/status" | sed 's/^/hook /'
vm_check hook-has-no-capabilities sh -c "grep -q '^CapEff:[[:space:]]*0000000000000000' /proc/$HOOK/status &&
    grep -q '^CapPrm:[[:space:]]*0000000000000000' /proc/$HOOK/status"
t=$(up)
systemctl stop slidelock
echo "systemctl stop mid-pulse took $(awk -v a="$t" -v b="$(up)" 'BEGIN { printf "%.2f", b - a }') s"
vm_check stop-line-inactive is_low
vm_check stop-relay-switched-off sh -c 'journalctl -q -b -o cat -u slidelock | grep -q "stopped by SIGTERM mid-pulse: relay off"'
vm_check stop-poststop-off sh -c 'journalctl -q -b -o cat -u slidelock | grep -q "relay off: .* inactive .*after slidelock stopped"'

# --- relay: a pulse cut short by kill -9 ------------------------------------------------------
systemctl start slidelock
PID2=$(main_pid)
OFFS=$(jcount "relay off: .* inactive .*after slidelock stopped (signal")
slide
vm_check kill9-pulse-starts wait_for 10 is_high
kill -9 "$PID2"
vm_check kill9-line-inactive wait_for 10 is_low
vm_check kill9-restarted wait_for 20 new_main "$PID2"
# ExecStopPost= ran the relay's off path (gpio-sim also drops a released line to its pull,
# so the level alone would not show it; the journal line does).
vm_check kill9-poststop-off [ "$(jcount "relay off: .* inactive .*after slidelock stopped (signal")" -gt "$OFFS" ]

# --- crash to lock: kill -9 without a hook running --------------------------------------------
wait_for 20 sh -c 'journalctl -q -b -o cat -u slidelock | tail -n 30 | grep -q "first frame on screen"'
sleep 1
PID3=$(main_pid)
FRAMES=$(jcount "first frame on screen")
t=$(up)
kill -9 "$PID3"
vm_check crash-restarted wait_for 20 sh -c "[ \$(journalctl -q -b -o cat -u slidelock | grep -c 'first frame on screen') -gt $FRAMES ]"
LOCK_AT=$(journalctl -q -b -u slidelock -o short-monotonic | grep "first frame on screen" | tail -n 1 | sed 's/^\[ *\([0-9.]*\)\].*/\1/')
CRASH_TO_LOCK=$(awk -v a="$t" -v b="$LOCK_AT" 'BEGIN { printf "%.2f", b - a }')
echo "crash to lock: ${CRASH_TO_LOCK} s (kill -9 at ${t}, first frame at ${LOCK_AT}, TCG)"
# Where the time went (journal, CLOCK_MONOTONIC): each phase is process starts, which TCG
# makes slow; the reference below says how slow.
journalctl -q -b -u slidelock -o short-monotonic | awk -v t="$t" '
    { sub(/^\[ */, ""); ts = $1 + 0 }
    ts < t { next }
    /Main process exited/ && !exited { exited = ts }
    /after slidelock stopped/ && !post { post = ts }
    /Starting slidelock/ && !starting { starting = ts }
    /relay off: .*inactive \(active-[a-z]*\)$/ && !pre { pre = ts }
    /first frame on screen/ && !frame { frame = ts }
    END { printf "crash to lock breakdown: exit seen %.2f s, ExecStopPost relay off %.2f s, restart %.2f s, ExecStartPre prestart %.2f s, slidelock to first frame %.2f s\n",
          exited - t, post - exited, starting - post, pre - starting, frame - pre }'
t=$(up); for i in 1 2 3 4 5 6 7 8 9 10; do /bin/true; done
echo "TCG reference: 10 x /bin/true took $(awk -v a="$t" -v b="$(up)" 'BEGIN { printf "%.2f", b - a }') s"
t=$(up); slidelock relay check >/dev/null
echo "TCG reference: slidelock relay check took $(awk -v a="$t" -v b="$(up)" 'BEGIN { printf "%.2f", b - a }') s"
vm_screenshot restarted
vm_check crash-new-pid [ "$(main_pid)" != "$PID3" ]

# --- DRM master taken by another program (drmsteal, root): the service rides it out -----------
PID5=$(main_pid)
RESTARTS=$(systemctl show -p NRestarts --value slidelock)
drmsteal "$PID5" 2 >/tmp/steal.log 2>&1
cat /tmp/steal.log
vm_check master-taken grep -q holding /tmp/steal.log
vm_check master-loss-logged sh -c 'journalctl -q -b -o cat -u slidelock | grep -q "another program took DRM master"'
vm_check master-back wait_for 10 sh -c 'journalctl -q -b -o cat -u slidelock | grep -q "DRM master is back"'
usleep 500000
vm_screenshot master-back
vm_check master-same-pid [ "$(main_pid)" = "$PID5" ]
vm_check master-no-restart [ "$(systemctl show -p NRestarts --value slidelock)" = "$RESTARTS" ]
vm_check master-still-active [ "$(systemctl is-active slidelock)" = active ]

# --- watchdog: a stopped (hung) slidelock is restarted ----------------------------------------
PID4=$(main_pid)
t=$(up)
kill -STOP "$PID4"
vm_check watchdog-restarts wait_for 25 new_main "$PID4"
echo "watchdog restart after $(awk -v a="$t" -v b="$(up)" 'BEGIN { printf "%.1f", b - a }') s (WatchdogSec=10)"
vm_check watchdog-logged sh -c 'journalctl -q -b -u slidelock | grep -q -i "watchdog timeout"'

echo "--- journal (slidelock) ---"
journalctl -q -b -o short-monotonic -u slidelock | grep -v Fontconfig | tail -n 120
exit $VM_FAILED
