#!/bin/bash
# Tests/VM/setup-arm64.sh - one-time, idempotent preparation of the arm64 guest for run.sh -A arm64.
#
# Debian 13 (trixie)'s arm64 kernel and busybox-static, fetched with apt inside the trixie
# chroot of scripts/chroot.sh (which has arm64 enabled for the cross build), and the test
# helpers cross-compiled with aarch64-linux-gnu-gcc. Cached in $SLIDELOCK_VM_CACHE/arm64:
#
#   arm64/current        the kernel version run.sh -A arm64 boots
#   arm64/debs/          the two .debs
#   arm64/KV/root/       the unpacked kernel package; arm64/KV/base.cpio (+ .stamp)
#   arm64/bin/           static arm64 helpers from Tests/VM/src
#   arm64/busybox        the static arm64 busybox
# Needs root; installs what it needs beyond setup.sh's packages (qemu-system-arm, qemu-user-static
# for test-arm64.sh's render check, the aarch64 cross compiler).
set -euo pipefail
VM=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$VM/../.." && pwd)
A=${SLIDELOCK_VM_CACHE:-/var/tmp/slidelock-vm}/arm64
mkdir -p "$A"/{debs,bin,logs}
log() { echo "setup-arm64: $*" >&2; }
exec 8>"$A/.setup.lock"
flock 8
export DEBIAN_FRONTEND=noninteractive

PKGS="qemu-system-arm qemu-user-static gcc-aarch64-linux-gnu libc6-dev-arm64-cross libdrm-dev binutils xz-utils cpio kmod"
# shellcheck disable=SC2086
if ! dpkg-query -W $PKGS >/dev/null 2>&1; then
    log "installing packages"
    apt-get update -q >"$A/logs/apt.log" 2>&1 || true
    apt-get install -y -q --no-install-recommends $PKGS >>"$A/logs/apt.log" 2>&1 || { tail -20 "$A/logs/apt.log" >&2; exit 1; }
fi

# --- the kernel and busybox: whatever trixie's linux-image-arm64 depends on today ----------
if ! ls "$A"/debs/linux-image-*_arm64.deb "$A"/debs/busybox-static_*_arm64.deb >/dev/null 2>&1; then
    log "downloading the arm64 kernel and busybox (trixie)"
    rm -rf "$ROOT/out/arm64-debs"
    # shellcheck disable=SC2016 # expanded by the chroot's sh
    "$ROOT/scripts/chroot.sh" run sh -c 'set -e
        # A fresh chroot knows amd64 only (scripts/package.sh arm64 adds arm64 too).
        if ! dpkg --print-foreign-architectures | grep -qx arm64; then
            dpkg --add-architecture arm64 && apt-get update -qq
        fi
        K=$(apt-cache depends linux-image-arm64:arm64 | awk "/Depends: linux-image-[0-9]/ { print \$2; exit }")
        mkdir -p /src/out/arm64-debs && cd /src/out/arm64-debs
        apt-get download busybox-static:arm64 "$K" 2>&1 | grep -v -i unsandboxed || true' >&2
    mv "$ROOT"/out/arm64-debs/*.deb "$A/debs/"
    rm -rf "$ROOT/out/arm64-debs"
fi
KDEBS=("$A"/debs/linux-image-*_arm64.deb)
KDEB=${KDEBS[0]}
KV=$(dpkg-deb -f "$KDEB" Package); KV=${KV#linux-image-}
KDIR=$A/$KV
if [ ! -f "$KDIR/root/lib/modules/$KV/modules.dep" ]; then
    log "unpacking $(basename "$KDEB")"
    rm -rf "$KDIR/root"; mkdir -p "$KDIR/root"
    dpkg-deb -x "$KDEB" "$KDIR/root"
    [ -e "$KDIR/root/lib" ] || ln -s usr/lib "$KDIR/root/lib"      # trixie is usr-merged
    depmod -b "$KDIR/root" "$KV"
fi
if [ ! -x "$A/busybox" ]; then
    d=$(mktemp -d); dpkg-deb -x "$A"/debs/busybox-static_*_arm64.deb "$d"
    install -m755 "$d/usr/bin/busybox" "$A/busybox"; rm -rf "$d"
fi

# --- static arm64 helpers (rebuilt when their source changes) -------------------------------
for tool in uinput-touch drmgrab drmsteal trace-mark; do
    if [ ! -x "$A/bin/$tool" ] || ! cmp -s "$VM/src/$tool.c" "$A/bin/.$tool.c"; then
        log "cross-compiling $tool"
        aarch64-linux-gnu-gcc -O2 -Wall -Wextra -static -s -I/usr/include/libdrm -o "$A/bin/$tool" "$VM/src/$tool.c"
        cp "$VM/src/$tool.c" "$A/bin/.$tool.c"
    fi
done

# --- base initramfs (virtio-gpu, input and 9p; the arm64 kernel has no vkms or gpio-sim) -----
STAMP=$(cat "$VM"/guest/* "$VM/tools/mkinitramfs.sh" "$A"/bin/uinput-touch "$A"/bin/drmgrab "$A"/bin/drmsteal \
        "$A"/bin/trace-mark "$KDIR/root/lib/modules/$KV/modules.dep" | sha256sum | cut -d' ' -f1)
if [ ! -f "$KDIR/base.cpio" ] || [ "$(cat "$KDIR/base.cpio.stamp" 2>/dev/null)" != "$STAMP" ]; then
    BUSYBOX=$A/busybox MODULES="virtio-gpu evdev uinput 9p 9pnet_virtio" \
        "$VM/tools/mkinitramfs.sh" "$KDIR/root" "$KV" "$A/bin" "$KDIR/base.cpio"
    echo "$STAMP" >"$KDIR/base.cpio.stamp"
fi
echo "$KV" >"$A/current"
log "ready: kernel $KV"
