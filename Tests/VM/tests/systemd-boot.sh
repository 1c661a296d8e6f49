#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# Boot as a lock screen (run.sh -S -k -P 0.2, the kernel printing on tty1 too): slidelock
# installed and enabled before the machine boots (systemd-boot.preboot), fbcon on the screen.
# The host takes a screendump every 200 ms from QEMU's start and judges them afterwards
# (tools/boot-screens.py); this side runs as vm-test.service once systemd has started it:
#   clock     the guest's uptime sent to the host, to place the dumps on the guest's clock
#   ready     waits for the unit's READY=1, lets the dumps run 1 s more, stops them
#   getty     getty@tty1 never started: it never left "inactive" (InactiveExit, ActiveEnter
#             and ExecMainStart timestamps all 0: no start began, agetty never exec'd), no
#             job queued for it, no journal line about it
#   timings   boot to lock from the journal: slidelock's "first frame on screen" on
#             CLOCK_MONOTONIC, whose 0 is the kernel's start; the unit's own timestamps
#   control   the host's login-prompt detector gets its reference and a positive: slidelock
#             stopped, "login:" printed at the top left of tty1 (glyphs.png), then getty@tty1
#             started for real and its prompt located in /dev/vcs1 (control-getty.png)
export SYSTEMD_PAGER='' SYSTEMD_COLORS=0
# Builtins only between reading the clock and sending it: the host keeps the sample that
# arrived soonest after it was read.
for i in 1 2 3 4 5; do read -r u _ </proc/uptime; echo "@@VM clock $u" >&8; usleep 100000; done

# READY=1: systemd sets the unit's ActiveEnterTimestampMonotonic once it has it.
n=450
while [ "$(systemctl show -p ActiveEnterTimestampMonotonic --value slidelock)" = 0 ] && [ $n -gt 0 ]; do
    n=$((n - 1)); usleep 200000
done
vm_check lock-ready [ $n -gt 0 ]
sleep 1
vm_request dumps stop

# The whole journal, kept with the dumps (9p: /out is the host's output directory).
J=/tmp/journal.txt
journalctl -q -b -o short-monotonic >$J
[ -d /out ] && cp $J /out/journal.txt
vm_check unit-enabled [ "$(systemctl is-enabled slidelock)" = enabled ]
# Never left "inactive" (a start that began, even one still waiting as Type=idle), and agetty
# never exec'd; no start job queued for later, nothing about it in the journal.
GETTY=$(systemctl show -p ActiveState -p InactiveExitTimestampMonotonic -p ExecMainStartTimestampMonotonic \
    -p ActiveEnterTimestampMonotonic getty@tty1 | tr '\n' ' ')
echo "getty@tty1: $GETTY"
vm_check getty-tty1-never-started [ "$(echo "$GETTY" | grep -o 'Monotonic=0 ' | wc -l)" = 3 ]
vm_check getty-tty1-inactive sh -c "echo '$GETTY' | grep -q 'ActiveState=inactive '"
vm_check getty-tty1-no-job sh -c '! systemctl list-jobs --no-legend | grep -q getty@tty1'
vm_check getty-tty1-not-in-journal sh -c "! grep -i 'getty@tty1\|getty on tty1' $J"

# --- timings (CLOCK_MONOTONIC: 0 is the kernel's start) -------------------------------------
LOCK=$(systemctl show -p ActiveState -p NRestarts -p InactiveExitTimestampMonotonic -p ExecMainStartTimestampMonotonic \
    -p ActiveEnterTimestampMonotonic slidelock | tr '\n' ' ')
echo "slidelock.service: $LOCK"
vm_check unit-active sh -c "echo '$LOCK' | grep -q 'ActiveState=active '"
# The unit loads the DRM core first (modprobe@drm): DeviceAllow=char-drm has a major to allow
# even when udev loads the GPU driver after the unit started. Without it the card refused
# slidelock here (EPERM) and the lock came up only after a restart. (A start before the card
# exists is still possible: slidelock then says there is no DRM device and is restarted.)
vm_check lock-card-not-refused sh -c "! grep 'slidelock\[[0-9]*\]: .*permission denied' $J"
us() { echo "$LOCK" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
FRAME=$(grep "slidelock\[[0-9]*\]: .*first frame on screen" $J | head -n 1 | sed 's/^\[ *\([0-9.]*\)\].*/\1/')
echo "boot to lock (journal): ${FRAME:-none} s from kernel start to slidelock's first frame on screen"
awk -v a="$(us InactiveExitTimestampMonotonic)" -v b="$(us ExecMainStartTimestampMonotonic)" \
    -v c="$(us ActiveEnterTimestampMonotonic)" \
    'BEGIN { printf "slidelock: start job %.2f s, exec %.2f s, READY %.2f s\n", a / 1e6, b / 1e6, c / 1e6 }'
systemd-analyze time | head -n 1

# --- control for the host's login-prompt detector --------------------------------------------
systemctl stop slidelock
printf '\033[H\033[2Jlogin:' >/dev/tty1
sleep 1
vm_screenshot glyphs
echo "tty1 size: $(stty -F /dev/tty1 size)"
systemctl start getty@tty1
n=150
until tr '\000' ' ' </dev/vcs1 | grep -q 'slidelock-vm login:' || [ $n = 0 ]; do n=$((n - 1)); usleep 200000; done
vm_check control-getty-prompt [ $n -gt 0 ]
sleep 1
vm_screenshot control-getty
COLS=$(stty -F /dev/tty1 size | cut -d' ' -f2)
AT=$(tr '\000' ' ' </dev/vcs1 | grep -bo 'slidelock-vm login:' | head -n 1 | cut -d: -f1)
[ -n "$AT" ] && echo "control: getty's login: at row $((AT / COLS)) column $(((AT % COLS) + 13))"
exit $VM_FAILED
