#!/bin/bash
# tools/mkrootfs.sh OUT.img [SUITE] - a small Debian root filesystem with systemd as PID 1, for
# the systemd VM tests (tests/systemd-*.sh: bookworm, the default, run.sh -S) and the site
# test (tests/site.sh: trixie, run.sh -R trixie, where the packages built against trixie
# install with dpkg -i). Built once and cached by setup.sh.
#
# debootstrap --variant=minbase plus systemd, udev, gpiod, the libraries slidelock links
# against and one font; busybox supplies the few applets the guest scripts use that Debian's
# coreutils lacks (usleep, ...). The image is ext4 made with `mkfs.ext4 -d` (no loop mount,
# no root-only kernel features); run.sh boots it copy-on-write (-snapshot), so every run
# starts from the same clean system. Needs root, debootstrap and Debian's mirror.
set -euo pipefail
OUT=$1
SUITE=${2:-bookworm}
MIRROR=${SLIDELOCK_VM_MIRROR:-http://deb.debian.org/debian}
STAGE=$(mktemp -d "${TMPDIR:-/var/tmp}/slidelock-rootfs.XXXXXX")
trap 'rm -rf "$STAGE"' EXIT
PKGS=systemd,systemd-sysv,udev,kmod,gpiod,busybox,libdrm2,libevdev2,libfreetype6,libharfbuzz0b
# fontconfig (fc-cache): a system font cache, as on Raspberry Pi OS; without one every
# fontconfig start scans the fonts and complains that no cache directory is writable.
PKGS=$PKGS,libfontconfig1,fontconfig,fonts-dejavu-core
case $SUITE in
    bookworm) PKGS=$PKGS,libpng16-16 ;;
    # The site: the packages' Depends (dpkg -i resolves nothing), and Debian's broker and
    # its clients standing in for the site's broker and Home Assistant.
    trixie) PKGS=$PKGS,libpng16-16t64,libmosquitto1,mosquitto,mosquitto-clients ;;
    *) echo "mkrootfs: no recipe for $SUITE" >&2; exit 2 ;;
esac

debootstrap --variant=minbase --include="$PKGS" "$SUITE" "$STAGE" "$MIRROR" >"$OUT.log" 2>&1 \
    || { tail -20 "$OUT.log" >&2; exit 1; }

in_root() { chroot "$STAGE" /bin/sh -c "$1"; }
echo slidelock-vm >"$STAGE/etc/hostname"
# Root without a password: the VM has no network and lives for one test.
in_root 'passwd -d root >/dev/null'
# The console is the test's output (ttyS0) and the control channel (ttyS1): no gettys there.
in_root 'systemctl mask serial-getty@ttyS0.service serial-getty@ttyS1.service >/dev/null 2>&1'
# Nothing that wakes up on timers or looks for a network in a 30 s VM.
in_root 'systemctl mask apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer fstrim.timer \
    systemd-timesyncd.service systemd-networkd.service >/dev/null 2>&1 || true'
# The broker starts when a test starts it, with the test's own configuration.
[ "$SUITE" != trixie ] || in_root 'systemctl disable mosquitto.service >/dev/null 2>&1 || true'
mkdir -p "$STAGE/etc/systemd/journald.conf.d"
printf '[Journal]\nStorage=volatile\nForwardToConsole=no\n' >"$STAGE/etc/systemd/journald.conf.d/vm.conf"
# busybox applets the guest scripts use and Debian lacks (usleep), never shadowing Debian's.
for applet in $(chroot "$STAGE" /bin/busybox --list); do
    in_root "command -v $applet >/dev/null 2>&1" || ln -s /bin/busybox "$STAGE/usr/local/bin/$applet"
done
rm -rf "$STAGE"/var/cache/apt/archives/*.deb "$STAGE"/var/lib/apt/lists/*
# 1 GiB, sparse: about 300 MB of it is used.
rm -f "$OUT.tmp"
mkfs.ext4 -q -F -L slidelock-root -d "$STAGE" "$OUT.tmp" 1G
mv "$OUT.tmp" "$OUT"
echo "mkrootfs: $OUT ($(du -h --apparent-size "$STAGE" -s | cut -f1) of files)" >&2
