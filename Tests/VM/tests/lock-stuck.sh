#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# A stuck contact under real systemd (run.sh -S), slidelock installed by deploy/install.sh
# with the shipped config (hook mode, the door relay on a gpio-sim line), virtio-gpu
# 800x480, a uinput touchscreen; input.stuck_after is 10 s instead of the shipped 30 (the
# rule is the same; 20 s less of a TCG guest drawing). A contact lands at (W-10, H-10) and
# stays there. A full slide of a second finger 7 s later is refused (the pinned contact is
# a finger down); at 10 s the contact is declared stuck (journal line, audit record with
# its place, `ctl status` stuck=); a slide 11 s after it landed opens. The injector keeps
# the time itself (its `sleep`), so a stalled guest shell cannot move the slides.
export SYSTEMD_PAGER='' SYSTEMD_COLORS=0
LINE=3 W=800 H=480
jlog() { journalctl -q -b -o cat -u slidelock; }
jcount() { jlog | grep -c "$1"; }
up() { cut -d' ' -f1 /proc/uptime; }
wait_for() { # wait_for SECS COMMAND...: until COMMAND succeeds
    local n=$(($1 * 20)); shift
    until "$@"; do n=$((n - 1)); [ $n -gt 0 ] || return 1; usleep 50000; done
}
# shellcheck disable=SC2317 # called through wait_for
logged() { jlog | grep -q "$1"; }
# slide MS_BEFORE: after MS_BEFORE ms, a second finger (slot 1) from the thumb's centre
# (208, 240) to past the track's end (592) in 0.35 s at 60 Hz, then lifted.
slide() {
    echo "sleep $1"
    echo "down 208 240 1"
    for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21; do
        echo "sleep $((i % 3 == 0 ? 16 : 17))"
        echo "move $((208 + 400 * i / 21)) 240 1"
    done
    echo "sleep 50"
    echo "up 1"
}

vm_gpio_sim relay || { echo "vm: no gpio-sim"; exit 1; }
sh /e2e/repo/deploy/install.sh --no-build --binary /e2e/bin/slidelock || exit 1
mkdir -p /etc/slidelock/conf.d
printf '[relay]\nline = %s:%s\n' "$VM_GPIO_CHIP" "$LINE" >/etc/slidelock/conf.d/relay.conf
printf '[input]\nstuck_after = 10\n' >/etc/slidelock/conf.d/stuck.conf
vm_touch_start $((W - 1)) $((H - 1)) || exit 1
vm_gpio_sample_start $LINE /tmp/line.txt 20000 || exit 1
systemctl start slidelock || exit 1
sleep 1

# The contact lands, then the two slides at 7 s and 11 s, all timed by the injector.
t0=$(up)
{ echo "down $((W - 10)) $((H - 10)) 0"; slide 7000; slide $((4000 - 50 - 21 * 17)); } >&7
wait_for 20 logged "session: stuck contact at" || echo "vm: no stuck declaration"
declared=$(up)
slidelock ctl status | tee /tmp/status.txt
wait_for 20 logged "unlocked by a" || echo "vm: no unlock"
wait_for 20 logged "session: relock"
vm_gpio_sample_stop
slidelock ctl status --json | tee /tmp/status.json
journalctl -q -b -o json SLIDELOCK_EVENT=stuck-contact | tee /tmp/audit.json
echo "--- journal (slidelock) ---"
journalctl -q -b -o short-monotonic -u slidelock | grep -v Fontconfig | tail -n 60
echo "declared stuck $(awk -v a="$t0" -v b="$declared" 'BEGIN { printf "%.1f", b - a }') s after landing (input.stuck_after = 10)"

# In order: the 7 s slide refused as a second finger, the declaration, the unlock.
order=$(jlog | grep -o -e "ignored-touch extra-finger" -e "stuck contact at" -e "unlocked by a" | uniq | tr '\n' ,)
echo "order: $order"
vm_check slide-at-7s-refused-then-stuck-then-unlock [ "$order" = "ignored-touch extra-finger,stuck contact at,unlocked by a," ]
vm_check declared-once [ "$(jcount 'session: stuck contact at')" = 1 ]
vm_check declared-at-its-place logged "session: stuck contact at 79[01],47[01] for 10 s"
vm_check declared-after-10s awk -v a="$t0" -v b="$declared" 'BEGIN { exit !(b - a >= 10) }'
vm_check status-shows-stuck grep -q " stuck=79[01]x47[01]" /tmp/status.txt
vm_check status-one-unlock grep -q '"unlocks":{"slide":1}' /tmp/status.json
vm_check status-json-stuck grep -q '"stuck_contacts":\[{"x":79[01],"y":47[01]}\]' /tmp/status.json
vm_check audit-stuck-record sh -c "grep '\"SLIDELOCK_X\":\"79[01]\"' /tmp/audit.json | grep '\"SLIDELOCK_Y\":\"47[01]\"' |
    grep -q '\"SLIDELOCK_STUCK_S\":\"10\"'"
vm_check one-relay-pulse [ "$(vm_gpio_pulses /tmp/line.txt | wc -l)" = 1 ]
vm_check still-running [ "$(systemctl is-active slidelock)" = active ]
vm_touch_stop
exit $VM_FAILED
