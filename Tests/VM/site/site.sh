#!/bin/sh
# shellcheck source=../guest/lib.sh # /e2e/lib.sh in the guest
. /e2e/lib.sh
# The site on a real boot (run.sh -R trixie: Debian 13, systemd PID 1): both packages
# installed with dpkg -i (their units, sysusers, postinst and conffiles), Debian's mosquitto
# with a password file and an ACL that lets only user `ha` publish to the panel's command
# topics, and mosquitto_sub/mosquitto_pub as `ha` playing Home Assistant. gpio-sim lines:
# the relay (3), the door's contact (1, high while open), the tamper switch (2). In order:
#   discovery retained; the bridge runs as its own user; a slide -> state UNLOCKED, an
#   unlock event, a relay pulse; the contact -> door ON/OFF; forced, held open, tamper and
#   not-opened -> their events; OPEN refused without allow_open, an anonymous publish
#   refused by the broker, junk (wrong case, a trailing space, a retained OPEN, a wrong
#   topic) does nothing; with allow_open, OPEN opens once, audited with the bridge as peer;
#   kill -9 of the bridge -> its will (bridge offline); the broker restarted -> online again
#   within 65 s and a command works; the bridge stopped -> a slide still opens; an upgrade in
#   place keeps both conffiles and never drives the relay.
export SYSTEMD_PAGER='' SYSTEMD_COLORS=0
RELAY=3 CONTACT=1 TAMPER=2 P=slidelock/site1
up() { cut -d' ' -f1 /proc/uptime; }
pull() { echo "pull-$2" >"$VM_GPIO_DIR/sim_gpio$1/pull"; }
slide() { vm_touch swipe 208 240 760 240 400 12; }
wait_for() { # wait_for SECS COMMAND...: until COMMAND succeeds
    local n=$(($1 * 20)); shift
    until "$@"; do n=$((n - 1)); [ $n -gt 0 ] || return 1; usleep 50000; done
}
# shellcheck disable=SC2317 # called through wait_for and vm_check
heard() { grep -q "$1" /tmp/ha.txt; }
# shellcheck disable=SC2317
heard_n() { [ "$(grep -c "$1" /tmp/ha.txt)" -ge "$2" ]; }
# shellcheck disable=SC2317
locked() { slidelock ctl status --json | grep -q '"state":"locked"'; }
# shellcheck disable=SC2317
unlocks_differ() { usleep 400000; [ "$(unlocks)" != "$1" ]; }   # ctl's rate limit: a few a second
unlocks() { timeout 10 slidelock ctl status --json | sed -n 's/.*"unlocks":{\([^}]*\)}.*/\1/p'; }
ha_pub() { timeout 10 mosquitto_pub -h 127.0.0.1 -u ha -P ha-secret -q 1 "$@"; }
# The bridge's connections to the broker, from its log (availability is retained, and
# mosquitto keeps retained messages across a restart: an "online" proves nothing new).
connections() { journalctl -q -b -o cat -u slidelock-mqtt | grep -c "connected to mqtt://"; }
# shellcheck disable=SC2317
connected_again() { [ "$(connections)" -gt "$1" ]; }
pulses() { vm_gpio_pulses /tmp/relay.txt | wc -l; }
# shellcheck disable=SC2317
pulsed_more_than() { [ "$(pulses)" -gt "$1" ]; }
bridge_pid() { systemctl show -p MainPID --value slidelock-mqtt; }

vm_gpio_sim site || { echo "vm: no gpio-sim"; exit 1; }
pull $CONTACT down; pull $TAMPER down
vm_gpio_sample_start $RELAY /tmp/relay.txt 20000 || exit 1
vm_touch_start 799 479 || exit 1

# --- the packages, as a site installs them ----------------------------------------------------
echo "vm: at $(up) s: the packages, as a site installs them"
t=$(up)
dpkg -i /e2e/debs/slidelock_*.deb /e2e/debs/slidelock-mqtt_*.deb >/tmp/dpkg.txt 2>&1; rc_dpkg=$?
cat /tmp/dpkg.txt
echo "dpkg -i of both packages: rc $rc_dpkg, $(awk -v a="$t" -v b="$(up)" 'BEGIN { printf "%.1f", b - a }') s"
vm_check dpkg-installs-both [ $rc_dpkg = 0 ]
vm_check bridge-user-in-ctl-group sh -c 'id -nG slidelock-mqtt | tr " " "\n" | grep -qx slidelock-ctl'
# The lock: the shipped config, with this guest's lines; the door's times short enough for a
# test (the rule is the same at any length).
cat >/etc/slidelock/conf.d/site.conf <<CONF
[relay]
line = $VM_GPIO_CHIP:$RELAY
[door]
contact = $VM_GPIO_CHIP:$CONTACT
open_window = 4
held_open_after = 3
[tamper]
input = $VM_GPIO_CHIP:$TAMPER
CONF
chmod 0644 /etc/slidelock/conf.d/site.conf

# --- the broker: users ha and panel, and who may write where ----------------------------------
echo "vm: at $(up) s: the broker: users ha and panel, and who may write where"
mosquitto_passwd -c -b /etc/mosquitto/passwd ha ha-secret && mosquitto_passwd -b /etc/mosquitto/passwd panel panel-secret
chown root:mosquitto /etc/mosquitto/passwd && chmod 0640 /etc/mosquitto/passwd
{
    echo "user ha"
    echo "topic readwrite slidelock/#"
    echo "topic read homeassistant/#"
    echo "user panel"
    for t in bridge availability state attributes door tamper lockdown display message rejected 'event/#'; do
        echo "topic write $P/$t"
    done
    for t in set message/set lockdown/set display/set identify/set; do echo "topic read $P/$t"; done
    echo "topic readwrite homeassistant/#"
} >/etc/mosquitto/acl
chown root:mosquitto /etc/mosquitto/acl && chmod 0640 /etc/mosquitto/acl
printf '%s\n' 'listener 1883 127.0.0.1' 'allow_anonymous false' 'password_file /etc/mosquitto/passwd' \
    'acl_file /etc/mosquitto/acl' >/etc/mosquitto/conf.d/site.conf
systemctl start mosquitto || { journalctl -b -u mosquitto --no-pager | tail -20; }

# --- the bridge's settings: allow_open off, as shipped ----------------------------------------
echo "vm: at $(up) s: the bridge's settings: allow_open off, as shipped"
printf 'panel-secret\n' >/etc/slidelock/mqtt.password
chown root:slidelock-mqtt /etc/slidelock/mqtt.password && chmod 0640 /etc/slidelock/mqtt.password
cat >>/etc/slidelock/mqtt.conf <<CONF
broker = mqtt://127.0.0.1:1883
client_id = site1
username = panel
password_file = /etc/slidelock/mqtt.password
CONF
vm_check bridge-check-ok slidelock-mqtt --check

# Type=notify: start returns once the first frame is on the screen.
systemctl start slidelock
systemctl start slidelock-mqtt
mosquitto_sub -h 127.0.0.1 -u ha -P ha-secret -t "$P/#" -v >/tmp/ha.txt 2>&1 &
SUB=$!
vm_check bridge-online wait_for 30 heard "^$P/availability online"
mosquitto_sub -h 127.0.0.1 -u ha -P ha-secret -t 'homeassistant/#' -v -W 5 >/tmp/discovery.txt 2>&1
echo "discovery: $(wc -l </tmp/discovery.txt) retained configs"
vm_check discovery-lock-retained grep -q '^homeassistant/lock/slidelock_site1/.*/config {' /tmp/discovery.txt
vm_check discovery-door-retained grep -q '^homeassistant/binary_sensor/slidelock_site1/.*"device_class":"door"' /tmp/discovery.txt
[ -d /out ] && cp /tmp/discovery.txt /out/discovery.txt
BPID=$(bridge_pid)
vm_check bridge-not-root sh -c "grep '^Uid:' /proc/$BPID/status | awk '{ exit \$2 == 0 }'"
vm_check state-locked wait_for 10 heard "^$P/state LOCKED"

# --- a slide: state, event, relay -------------------------------------------------------------
echo "vm: at $(up) s: a slide: state, event, relay"
slide
vm_check slide-unlock-event wait_for 20 heard "^$P/event/access .*\"event_type\":\"unlock\".*\"source\":\"slide\""
vm_check slide-state-unlocked heard "^$P/state UNLOCKED"
vm_check slide-relay-pulsed wait_for 10 pulsed_more_than 0
pull $CONTACT up
vm_check door-on wait_for 10 heard "^$P/door ON"
pull $CONTACT down
vm_check door-off wait_for 10 heard "^$P/door OFF"
vm_check relocked wait_for 20 heard_n "^$P/state LOCKED" 2

# --- forced, held open, tamper, not-opened ----------------------------------------------------
echo "vm: at $(up) s: forced, held open, tamper, not-opened"
sleep 4
pull $CONTACT up
vm_check forced-event wait_for 10 heard '"event_type":"forced"'
vm_check held-open-event wait_for 15 heard '"event_type":"held-open"'
pull $CONTACT down
pull $TAMPER up
vm_check tamper-on wait_for 10 heard "^$P/tamper ON"
pull $TAMPER down
slidelock ctl tamper-reset
slide
vm_check not-opened-event wait_for 25 heard '"event_type":"not-opened"'
wait_for 20 locked
sleep 1

# --- commands: refused, junk, then allowed ----------------------------------------------------
echo "vm: at $(up) s: commands: refused, junk, then allowed"
before=$(unlocks)
ha_pub -t "$P/set" -m OPEN
mosquitto_pub -h 127.0.0.1 -q 1 -t "$P/set" -m OPEN >/tmp/anon.txt 2>&1; rc_anon=$?
cat /tmp/anon.txt
ha_pub -t "$P/set" -m open; ha_pub -t "$P/set" -m 'OPEN '; ha_pub -t "$P/sett" -m OPEN
ha_pub -t "$P/set" -m "$(printf 'OPEN\n')"; ha_pub -t "$P/set" -r -m OPEN
sleep 3
vm_check open-refused-without-allow-open [ "$(unlocks)" = "$before" ]
vm_check anonymous-refused-by-broker [ $rc_anon != 0 ]
ha_pub -t "$P/set" -r -n    # the retained junk cleared
echo 'allow_open = on' >>/etc/slidelock/mqtt.conf
systemctl restart slidelock-mqtt
wait_for 30 heard_n "^$P/availability online" 2
sleep 1
ha_pub -t "$P/set" -m OPEN
vm_check open-with-allow-open wait_for 20 heard "^$P/event/access .*\"source\":\"ctl\""
BPID=$(bridge_pid); BUID=$(awk '/^Uid:/ { print $2 }' "/proc/$BPID/status")
vm_check open-audited-with-bridge-peer sh -c "journalctl -q -b -o json SLIDELOCK_EVENT=ctl-unlock |
    grep '\"SLIDELOCK_PEER_UID\":\"$BUID\"' | grep -q '\"SLIDELOCK_VIA\":\"mqtt:$P/set=OPEN\"'"
wait_for 20 locked; sleep 2

# --- the bridge killed: its will; the broker restarted: back within 65 s ----------------------
echo "vm: at $(up) s: the bridge killed: its will; the broker restarted: back within 65 s"
n=$(connections)
systemctl kill -s KILL slidelock-mqtt
vm_check will-published wait_for 30 heard "^$P/bridge offline"
kill "$SUB" 2>/dev/null
# The bridge comes back (RestartSec=5s) and connects before the broker goes.
vm_check bridge-restarted-after-kill wait_for 30 connected_again "$n"
n=$(connections)
t=$(up)
systemctl restart mosquitto
wait_for 65 connected_again "$n"; rc_back=$?
echo "broker restart to the bridge connected again: $(awk -v a="$t" -v b="$(up)" 'BEGIN { printf "%.1f", b - a }') s"
vm_check online-after-broker-restart [ $rc_back = 0 ]
vm_check availability-online sh -c "timeout 10 mosquitto_sub -h 127.0.0.1 -u ha -P ha-secret -t '$P/availability' -C 1 | grep -qx online"
before=$(unlocks)
sleep 1
ha_pub -t "$P/set" -m OPEN
vm_check command-after-broker-restart wait_for 20 unlocks_differ "$before"
sleep 3

# --- the bridge stopped: the lock still locks and opens ---------------------------------------
echo "vm: at $(up) s: the bridge stopped: the lock still locks and opens"
systemctl stop slidelock-mqtt
n=$(pulses)
slide
vm_check slide-without-bridge wait_for 20 pulsed_more_than "$n"
sleep 3

# --- an upgrade in place: conffiles kept, the relay never driven ------------------------------
echo "vm: at $(up) s: an upgrade in place: conffiles kept, the relay never driven"
# (the newer build: the same packages with a higher version, made on the host)
n=$(pulses)
dpkg -i --force-confold /e2e/debs-v2/*.deb >/tmp/upgrade.txt 2>&1; rc_up=$?
cat /tmp/upgrade.txt
vm_check upgrade-succeeds [ $rc_up = 0 ]
vm_check upgrade-keeps-mqtt-conf grep -qx 'allow_open = on' /etc/slidelock/mqtt.conf
vm_check upgrade-keeps-password sh -c 'stat -c "%a %U %G" /etc/slidelock/mqtt.password | grep -qx "640 root slidelock-mqtt"'
vm_check upgrade-lock-running [ "$(systemctl is-active slidelock)" = active ]
sleep 2
vm_check upgrade-never-drives-relay [ "$(pulses)" = "$n" ]

vm_gpio_sample_stop
echo "relay pulses (ms): $(vm_gpio_pulses /tmp/relay.txt | tr '\n' ' ')"
echo "--- what ha heard"; cat /tmp/ha.txt
echo "--- bridge log"; journalctl -q -b -o cat -u slidelock-mqtt | tail -40
echo "--- lock log"; journalctl -q -b -o cat -u slidelock | tail -40
exit $VM_FAILED
