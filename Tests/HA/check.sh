#!/usr/bin/env bash
# Tests/HA/check.sh [--prepare] BRIDGE: Home Assistant's own code judges the discovery messages
# of BRIDGE (a slidelock-mqtt binary): check-discovery.py, with homeassistant==2026.2.3 (the
# last release for Python 3.13, which trixie has) in a venv inside the trixie chroot of
# scripts/chroot.sh, made once and cached there. Two configurations: every entity
# (allow_commands on) and the default (the command entities cleared).
# --prepare only makes the venv (deploy/dev.sh test does it in the background). Needs root.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=../../scripts/lib.sh
. scripts/lib.sh
prepare=
if [ "${1:-}" = --prepare ]; then prepare=yes; shift; fi
{ [ -n "$prepare" ] && [ $# = 0 ]; } || { [ $# = 1 ] && [ -x "$1" ]; } ||
    die "usage: Tests/HA/check.sh --prepare | Tests/HA/check.sh SLIDELOCK-MQTT-BINARY"
venv=/var/cache/slidelock-ha/venv
release=2026.2.3
out=out/ha
mkdir -p "$out"
# pip goes through whatever proxy this machine's trust store knows: the chroot gets that store.
cp "${PIP_CERT:-${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}}" "$out/ca.crt"
# shellcheck disable=SC2016 # expanded by the chroot's sh
scripts/chroot.sh run sh -c '
    set -e
    venv=$1 release=$2
    if ! "$venv/bin/python" -c "import homeassistant.const as c, sys; sys.exit(c.__version__ != \"$release\")" 2>/dev/null; then
        echo "check.sh: homeassistant==$release into $venv (once; a few minutes)" >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv python3-dev gcc libc6-dev >/dev/null
        rm -rf "$venv" && python3 -m venv "$venv"
        # lru-dict has no wheel for this Python: it is compiled, hence gcc and python3-dev.
        "$venv/bin/pip" install -q --cert /src/out/ha/ca.crt "homeassistant==$release"
    fi' sh "$venv" "$release"
[ -z "$prepare" ] || exit 0
bridge=$1
rc=0
for commands in on off; do
    conf=$out/mqtt-commands-$commands.conf
    printf '[mqtt]\nbroker = mqtt://127.0.0.1:1883\nclient_id = panel.site1\nallow_open = on\nallow_commands = %s\n' \
        "$commands" >"$conf"
    chmod 0644 "$conf"
    "$bridge" --config "$conf" --print-discovery >"$out/discovery-commands-$commands.txt" || die "$bridge --print-discovery failed"
    scripts/chroot.sh run "$venv/bin/python" /src/Tests/HA/check-discovery.py "/src/$out/discovery-commands-$commands.txt" || rc=1
done
exit $rc
