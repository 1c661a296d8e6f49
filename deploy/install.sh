#!/bin/sh
# Installs slidelock as a systemd service (idempotent; run it again after a rebuild).
#
#   deploy/install.sh [--prefix DIR] [--destdir DIR] [--no-build --binary PATH] [--enable]
#   deploy/install.sh --uninstall [--prefix DIR] [--destdir DIR]
#
# Builds the release binary (scripts/lib.sh: the Swift stdlib linked in, so the Pi needs no
# Swift runtime), then installs:
#   PREFIX/bin/slidelock                         PREFIX defaults to /usr/local
#   PREFIX/libexec/slidelock-relay               the old hook's name for `slidelock relay`
#   PREFIX/share/doc/slidelock/README.md
#   /etc/systemd/system/slidelock.service, slidelock-control.socket
#   /etc/udev/rules.d/99-slidelock-touch.rules   /dev/input/touchscreen
#   /etc/sysusers.d/slidelock.conf               the group slidelock-ctl (ctl, the MQTT bridge)
#   /etc/tmpfiles.d/slidelock.conf               /run/slidelock-ctl, the control socket's directory
#   /etc/slidelock/slidelock.conf                only if missing: never overwritten
# --uninstall removes them again, but keeps the settings file when it was edited, and the
# old /etc/default/slidelock-relay (no longer installed) unless it is as once shipped.
# DESTDIR (or --destdir) installs into a staging root and skips systemctl/udevadm.
set -eu
cd "$(dirname "$0")/.."

prefix=/usr/local
destdir=${DESTDIR:-}
build=yes
binary=
enable=no
uninstall=no

say() { printf 'install.sh: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

while [ $# -gt 0 ]; do
    case $1 in
        --prefix) [ $# -ge 2 ] || die "--prefix needs a directory"; prefix=$2; shift ;;
        --prefix=*) prefix=${1#*=} ;;
        --destdir) [ $# -ge 2 ] || die "--destdir needs a directory"; destdir=$2; shift ;;
        --destdir=*) destdir=${1#*=} ;;
        --no-build) build=no ;;
        --binary) [ $# -ge 2 ] || die "--binary needs a path"; binary=$2; shift ;;
        --binary=*) binary=${1#*=} ;;
        --enable) enable=yes ;;
        --uninstall) uninstall=yes ;;
        -h | --help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown option $1 (try --help)" ;;
    esac
    shift
done
case $prefix in /*) ;; *) die "--prefix must be an absolute path, not $prefix" ;; esac
prefix=${prefix%/}
destdir=${destdir%/}

bin=$prefix/bin/slidelock
relay=$prefix/libexec/slidelock-relay
doc=$prefix/share/doc/slidelock/README.md
unit=/etc/systemd/system/slidelock.service
socket_unit=/etc/systemd/system/slidelock-control.socket
rule=/etc/udev/rules.d/99-slidelock-touch.rules
sysusers=/etc/sysusers.d/slidelock.conf
tmpfiles=/etc/tmpfiles.d/slidelock.conf
config=/etc/slidelock/slidelock.conf
relay_default=/etc/default/slidelock-relay

# The shipped files name /usr/local; another prefix is substituted in.
localize() { sed "s|/usr/local/|$prefix/|g" "$1"; }

# Runs systemctl/udevadm only on a live install (no DESTDIR) where systemd is running.
live() { [ -z "$destdir" ] && [ -d /run/systemd/system ]; }

put() { # mode, source file, target path
    mkdir -p "$(dirname "$destdir$3")"
    install -m "$1" "$2" "$destdir$3.new.$$"
    mv -f "$destdir$3.new.$$" "$destdir$3"
    say "installed $destdir$3"
}

put_once() { # mode, generated file, target path: settings belong to the owner once installed
    if [ -e "$destdir$3" ]; then
        if cmp -s "$2" "$destdir$3"; then say "unchanged $destdir$3"
        else say "keeping your $destdir$3 (the shipped version: deploy/$(basename "$4"))"; fi
    else
        put "$1" "$2" "$3"
    fi
}

remove() {
    if [ -e "$destdir$1" ]; then rm -f "$destdir$1"; say "removed $destdir$1"; fi
}

remove_unless_edited() { # generated pristine copy, target path
    [ -e "$destdir$2" ] || return 0
    if cmp -s "$1" "$destdir$2"; then remove "$2"
    else say "keeping $destdir$2: it was edited (delete it by hand if you want it gone)"; fi
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
localize deploy/slidelock.conf >"$work/slidelock.conf"
cp deploy/slidelock-relay.default "$work/slidelock-relay.default"

if [ "$uninstall" = yes ]; then
    if live; then systemctl disable --now slidelock.service 2>/dev/null || true; fi
    remove "$unit"
    remove "$socket_unit"
    remove "$rule"
    remove "$sysusers"
    remove "$tmpfiles"
    remove "$bin"
    remove "$relay"
    remove "$doc"
    remove_unless_edited "$work/slidelock.conf" "$config"
    remove_unless_edited "$work/slidelock-relay.default" "$relay_default"
    for dir in /etc/slidelock/conf.d /etc/slidelock "$prefix/share/doc/slidelock"; do
        rmdir "$destdir$dir" 2>/dev/null || true
    done
    if live; then
        systemctl daemon-reload
        if command -v udevadm >/dev/null 2>&1; then udevadm control --reload || true; fi
    fi
    exit 0
fi

if [ "$build" = yes ]; then
    [ -z "$binary" ] || die "--binary goes with --no-build"
    if ! command -v swift >/dev/null 2>&1; then
        [ -x /opt/swift/usr/bin/swift ] || die "no Swift toolchain on PATH or in /opt/swift (or use --no-build --binary PATH)"
        PATH=/opt/swift/usr/bin:$PATH
    fi
    # The release build shared with the development scripts (a checkout has them; --no-build
    # needs no more than deploy/).
    # shellcheck source=../scripts/lib.sh
    . scripts/lib.sh
    say "building (release, static Swift stdlib)"
    release_build || exit 1
    binary=$RELEASE_BIN
fi
[ -n "$binary" ] || die "--no-build needs --binary PATH"
{ [ -f "$binary" ] && [ -x "$binary" ]; } || die "$binary is not an executable file"

localize deploy/slidelock.service >"$work/slidelock.service"
localize deploy/slidelock-control.socket >"$work/slidelock-control.socket"
put 0755 "$binary" "$bin"
localize deploy/slidelock-relay >"$work/slidelock-relay"
put 0755 "$work/slidelock-relay" "$relay"
put 0644 deploy/README.md "$doc"
put 0644 "$work/slidelock.service" "$unit"
put 0644 "$work/slidelock-control.socket" "$socket_unit"
put 0644 deploy/99-slidelock-touch.rules "$rule"
# The group slidelock-ctl and the control socket's directory (/run/slidelock-ctl) it may enter.
put 0644 deploy/slidelock.sysusers "$sysusers"
put 0644 deploy/slidelock.tmpfiles "$tmpfiles"
mkdir -p "$destdir/etc/slidelock/conf.d"
put_once 0644 "$work/slidelock.conf" "$config" slidelock.conf
if [ -e "$destdir$relay_default" ]; then
    say "$destdir$relay_default is still read while [relay] in $config has no line: move its settings there"
fi

if live; then
    systemd-sysusers slidelock.conf
    systemd-tmpfiles --create slidelock.conf
    systemctl daemon-reload
    if command -v udevadm >/dev/null 2>&1; then
        udevadm control --reload
        udevadm trigger --subsystem-match=input --action=change
    fi
    if [ "$enable" = yes ]; then
        systemctl enable --now slidelock.service
    else
        say "next: edit [relay] in $config, then: systemctl enable --now slidelock (takes over tty1)"
    fi
fi
