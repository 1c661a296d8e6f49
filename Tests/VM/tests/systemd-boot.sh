#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# Boot as a lock screen (run.sh -S -k -P 0.2, console=tty1): slidelock installed and enabled
# before the machine boots (systemd-boot.preboot), fbcon on the screen. The host takes a
# screendump every 200 ms from QEMU's start; this side runs once systemd is up:
#   clock     the guest's uptime sent to the host, to place its dumps on the guest's clock
#   ready     waits for the unit's READY=1, lets the dumps run 1 s more, stops them
#   getty     getty@tty1 never started: no start job, never left "inactive", no agetty exec'd
#   timings   boot to lock from the journal (slidelock's "first frame on screen"), systemd's
#   control   the dumps' login-prompt detector has a reference and a positive: slidelock
#             stopped, "login:" printed at the top left of tty1 (glyphs.png), then getty@tty1
#             started for real and its prompt found in /dev/vcs1 (control-getty.png)
export SYSTEMD_PAGER='' SYSTEMD_COLORS=0
wait_for() { # wait_for SECS COMMAND...: until COMMAND succeeds, every 0.2 s
    local n=$(($1 * 5)); shift
    until "$@"; do n=$((n - 1)); [ $n -gt 0 ] || return 1; usleep 200000; done
}
mono() { systemctl show -p "$1" --value "$2"; }       # a unit's ...TimestampMonotonic, in µs
secs() { awk -v us="$1" 'BEGIN { printf "%.2f", us / 1e6 }'; }

# Builtins only between reading the clock and sending it: the host keeps the sample that
# arrived soonest after it was read.
for i in 1 2 3 4 5; do read -r u _ </proc/uptime; echo "@@VM clock $u" >&8; usleep 100000; done

# shellcheck disable=SC2317 # called through wait_for
ready() { [ "$(mono ActiveEnterTimestampMonotonic slidelock)" != 0 ]; }
vm_check lock-ready wait_for 90 ready
sleep 1
vm_request dumps stop

vm_check unit-enabled [ "$(systemctl is-enabled slidelock)" = enabled ]
vm_check unit-active [ "$(systemctl is-active slidelock)" = active ]
# Never left "inactive" (a start that began, even one still waiting as Type=idle), and
# agetty never exec'd; and no start job queued for later.
GETTY=$(systemctl show -p InactiveExitTimestampMonotonic -p ExecMainStartTimestampMonotonic \
    -p ActiveEnterTimestampMonotonic -p ActiveState getty@tty1 | tr '\n' ' ')
echo "getty@tty1: $GETTY"
vm_check getty-tty1-never-started [ "$(echo "$GETTY" | grep -o 'Monotonic=0 ' | wc -l)" = 3 ]
vm_check getty-tty1-inactive [ "$(systemctl is-active getty@tty1)" = inactive ]
vm_check getty-tty1-no-job sh -c '! systemctl list-jobs --no-legend | grep -q getty@tty1'
vm_check getty-tty1-no-agetty sh -c '! journalctl -q -b -o cat | grep -q "Started getty@tty1\|Started Getty on tty1"'
journalctl -q -b -o short-monotonic | grep -i 'getty@tty1\|Getty on tty1' | sed 's/^/journal: /'

# --- timings (CLOCK_MONOTONIC: 0 is the kernel's start) -------------------------------------
FRAME=$(journalctl -q -b -u slidelock -o short-monotonic | grep "first frame on screen" | head -n 1 |
    sed 's/^\[ *\([0-9.]*\)\].*/\1/')
echo "boot to lock (journal): ${FRAME:-none} s from kernel start to slidelock's first frame on screen"
echo "slidelock: start job $(secs "$(mono InactiveExitTimestampMonotonic slidelock)") s," \
    "slidelock exec'd $(secs "$(mono ExecMainStartTimestampMonotonic slidelock)") s," \
    "READY $(secs "$(mono ActiveEnterTimestampMonotonic slidelock)") s"
systemd-analyze time | head -n 1
systemd-analyze critical-chain slidelock.service 2>/dev/null | tail -n +3 | head -n 12

# --- control for the host's login-prompt detector --------------------------------------------
systemctl stop slidelock
printf '\033[H\033[2Jlogin:' >/dev/tty1
sleep 1
vm_screenshot glyphs
echo "tty1 size: $(stty -F /dev/tty1 size)"
systemctl start getty@tty1
# shellcheck disable=SC2317 # called through wait_for
prompt() { tr '\000' ' ' </dev/vcs1 | grep -q 'slidelock-vm login:'; }
vm_check control-getty-prompt wait_for 30 prompt
sleep 1
vm_screenshot control-getty
COLS=$(stty -F /dev/tty1 size | cut -d' ' -f2)
AT=$(tr '\000' ' ' </dev/vcs1 | grep -bo 'slidelock-vm login:' | head -n 1 | cut -d: -f1)
[ -n "$AT" ] && echo "control: getty's login: at row $((AT / COLS)) column $(((AT % COLS) + 13))"
exit $VM_FAILED
