#!/usr/bin/env bash
# Tests a slidelock .deb in the trixie chroot of scripts/chroot.sh: install (apt resolves
# Depends from trixie), the files in Debian's places, the binary runs (arm64 through
# qemu-user), the unit verifies and is not enabled, conffiles; an upgrade keeps an edited
# conffile and the enable link; remove keeps the conffiles and drops the link; purge leaves
# nothing; an upgrade from a version with the old relay settings file keeps its line.
# Prints "N passed, M failed"; exit status 1 when anything failed.
#
#   Tests/Deploy/package-check.sh out/deb/slidelock_VERSION_ARCH.deb
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)

if [ "${1:-}" != --inside ]; then
    if [ $# -ne 1 ] || [ ! -f "$1" ]; then echo "usage: Tests/Deploy/package-check.sh FILE.deb" >&2; exit 2; fi
    deb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
    case $deb in "$repo"/*) ;; *) echo "package-check.sh: $1 must be inside $repo (seen as /src)" >&2; exit 2 ;; esac
    sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    exec "${sudo[@]}" "$repo/scripts/chroot.sh" run /src/Tests/Deploy/package-check.sh --inside "/src${deb#"$repo"}"
fi

deb=$2
passed=0
failed=0
pass() { passed=$((passed + 1)); printf 'ok      %s\n' "$1"; }
fail() { failed=$((failed + 1)); printf 'FAILED  %s\n' "$1"; [ $# -lt 2 ] || printf '%s\n' "$2" | sed 's/^/        /'; }
check() { # name, command...: passes when the command succeeds
    local name=$1; shift
    local output
    if output=$("$@" 2>&1); then pass "$name"; else fail "$name" "$output"; fi
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export DEBIAN_FRONTEND=noninteractive

# A second version of the same package, for the upgrade.
version=$(dpkg-deb -f "$deb" Version)
dpkg-deb -R "$deb" "$work/v2"
sed -i "s/^Version: .*/Version: $version+check2/" "$work/v2/DEBIAN/control"
dpkg-deb --root-owner-group -Zxz --build "$work/v2" "$work/v2.deb" >/dev/null

dpkg -P slidelock >/dev/null 2>&1 || true
unit=/usr/lib/systemd/system/slidelock.service
socket_unit=/usr/lib/systemd/system/slidelock-control.socket
wants=/etc/systemd/system/multi-user.target.wants/slidelock.service
files="/usr/bin/slidelock /usr/libexec/slidelock/slidelock-relay /etc/slidelock/slidelock.conf
$unit $socket_unit /usr/lib/udev/rules.d/99-slidelock-touch.rules
/usr/lib/sysusers.d/slidelock.conf /usr/lib/tmpfiles.d/slidelock.conf
/usr/share/doc/slidelock/README.md.gz /usr/share/doc/slidelock/copyright /usr/share/man/man1/slidelock.1.gz"

all_present() {
    for f in $files; do [ -f "$f" ] || { echo "missing $f"; return 1; }; done
    [ -x /usr/bin/slidelock ] && [ -x /usr/libexec/slidelock/slidelock-relay ] && [ -d /etc/slidelock/conf.d ]
}
# Clean: unknown keys are warnings with exit status 0, so any output is a finding.
verify_unit() { local out; out=$(systemd-analyze verify "$unit" "$socket_unit" 2>&1); [ -z "$out" ] || { echo "$out"; return 1; }; }

check "install: apt installs it with its Depends from trixie" apt-get install -y -qq "$deb"
check "install: every file in Debian's place, executables executable" all_present
check "install: the binary runs (check-config with the shipped config)" \
    sh -c '/usr/bin/slidelock check-config | grep -qx "hook = /usr/bin/slidelock relay pulse"'
check "install: the binary renders the lock screen" /usr/bin/slidelock render --out "$work/locked.png"
same_version() { # the package's version starts with the binary's own
    local own; own=$(/usr/bin/slidelock --version) || return 1
    case "slidelock $version" in "$own" | "$own"[~+-]*) ;; *) echo "$own, package $version"; return 1 ;; esac
}
check "install: slidelock --version is the package's version" same_version
check "install: the unit runs the packaged binary" grep -qx 'ExecStart=/usr/bin/slidelock' "$unit"
check "install: systemd-analyze verify is clean" verify_unit
check "install: the service takes the control socket from its socket unit" \
    sh -c "grep -qx 'Sockets=slidelock-control.socket' $unit && grep -qx 'FileDescriptorName=control' $socket_unit \
        && grep -qx 'SocketMode=0660' $socket_unit && grep -qx 'RuntimeDirectory=slidelock' $unit"
check "install: the group slidelock-ctl exists (the control socket's and control.group's)" getent group slidelock-ctl
not_enabled() { [ "$(systemctl is-enabled slidelock.service 2>&1)" = disabled ]; }
check "install: the service is not enabled" not_enabled
check "install: the settings file is the only conffile" sh -c "[ \"\$(dpkg-query -W -f='\${Conffiles}' slidelock |
    grep -c /)\" = 1 ] && dpkg-query -W -f='\${Conffiles}' slidelock | grep -q ' /etc/slidelock/slidelock.conf '"
relay_hook_is_slidelock() { # the old hook's name runs `slidelock relay`: no chip here, so it names the line
    local out
    if out=$(SLIDELOCK_EVENT=unlock /usr/libexec/slidelock/slidelock-relay 2>&1); then return 1; fi
    echo "$out" | grep -q 'relay.line = gpiochip0:17'
}
check "install: the old relay hook's name runs slidelock relay pulse" relay_hook_is_slidelock

echo '# edited' >>/etc/slidelock/slidelock.conf
systemctl enable --quiet slidelock.service 2>/dev/null
check "upgrade: dpkg -i of a newer version succeeds" dpkg -i --force-confold "$work/v2.deb"
check "upgrade: the new version is installed" sh -c "[ \"\$(dpkg-query -W -f='\${Version}' slidelock)\" = '$version+check2' ]"
check "upgrade: the edited conffile is kept" sh -c 'tail -n 1 /etc/slidelock/slidelock.conf | grep -qx "# edited"'
check "upgrade: the service stays enabled" test -L "$wants"

# A recording the flight recorder would have written: remove keeps it, purge removes it.
install -d -m 0700 /var/lib/slidelock/recordings
printf 'E: 0.000000 0000 0000 0000\n' >/var/lib/slidelock/recordings/2026-01-01T00-00-00.000Z-unlock-event0.evemu
check "remove: dpkg -r succeeds" dpkg -r slidelock
check "remove: the recordings stay" test -f /var/lib/slidelock/recordings/2026-01-01T00-00-00.000Z-unlock-event0.evemu
check "remove: the binary and units are gone" sh -c "[ ! -e /usr/bin/slidelock ] && [ ! -e $unit ] && [ ! -e $socket_unit ]"
check "remove: the conffile stays" test -f /etc/slidelock/slidelock.conf
check "remove: no enable link points at the removed unit" test ! -e "$wants" -a ! -L "$wants"

check "purge: dpkg -P succeeds" dpkg -P slidelock
nothing_left() {
    local left='' path
    for path in /etc/slidelock /etc/default/slidelock-relay /usr/libexec/slidelock /usr/share/doc/slidelock \
        /usr/share/man/man1/slidelock.1.gz /var/lib/slidelock; do
        [ ! -e "$path" ] || left="$left $path"
    done
    [ -z "$left" ] || { echo "left:$left"; return 1; }
}
check "purge: nothing left" nothing_left
not_known() { ! dpkg-query -W -f='${Status}' slidelock 2>/dev/null | grep -q installed; }
check "purge: dpkg knows nothing of it" not_known

# An upgrade from a version that shipped /etc/default/slidelock-relay, edited to line 27,
# with slidelock.conf as shipped (it names line 17): the door keeps line 27.
sed -i "s/^Version: .*/Version: 0~old/" "$work/v2/DEBIAN/control"
dpkg-deb --root-owner-group -Zxz --build "$work/v2" "$work/v0.deb" >/dev/null
check "old relay file: the older version installs" dpkg -i "$work/v0.deb"
printf 'RELAY_CHIP=gpiochip0\nRELAY_LINE=27\nRELAY_ACTIVE=low\nRELAY_PULSE_MS=700\n' >/etc/default/slidelock-relay
check "old relay file: the upgrade succeeds" dpkg -i "$deb"
check "old relay file: its settings are a drop-in" \
    grep -qx 'line = gpiochip0:27' /etc/slidelock/conf.d/relay-from-default.conf
check "old relay file: the lock reads line 27, active-low, 0.7 s" sh -c '/usr/bin/slidelock check-config |
    sed -n "/^\[relay\]/,/^\[/p" | tr "\n" " " | grep -q "line = gpiochip0:27 active = low pulse = 0.7"'
check "old relay file: the copy for postinst is gone" test ! -e /etc/slidelock/relay-default.upgrade
check "old relay file: purge removes the drop-in" dpkg -P slidelock
rm -f /etc/default/slidelock-relay
check "old relay file: nothing left" nothing_left

printf '%d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
