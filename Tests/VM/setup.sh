#!/bin/bash
# Tests/VM/setup.sh - one-time, idempotent preparation of the slidelock VM test harness.
#
# Needs root and Debian 12 (bookworm) with its apt sources; no other network access.
# Everything except apt packages (and the kernel headers apt puts in /usr/src) goes to
# the cache directory $SLIDELOCK_VM_CACHE (default /var/tmp/slidelock-vm), keyed by the
# kernel version, so a new Debian kernel simply gets a new subtree and nothing stale is used:
#
#   CACHE/current                 the kernel version run.sh boots (e.g. 6.1.0-57-amd64)
#   CACHE/debs/                   downloaded .debs (kernel image, linux-source)
#   CACHE/KV/root/                the unpacked kernel package (+ extra/vkms.ko, modules.dep)
#   CACHE/KV/vmlinux              the ELF kernel for QEMU's PVH entry (no in-guest decompression)
#   CACHE/KV/base.cpio            base initramfs: busybox, modules, helpers, /init
#   CACHE/bin/                    static helpers built from Tests/VM/src (uinput-touch, drmgrab)
#
# Environment: SLIDELOCK_VM_CACHE, SLIDELOCK_VM_VKMS=0 (skip building vkms),
#              SLIDELOCK_VM_SKIP_APT=1 (packages are known to be present).
set -euo pipefail
VM=$(cd "$(dirname "$0")" && pwd)
CACHE=${SLIDELOCK_VM_CACHE:-/var/tmp/slidelock-vm}
mkdir -p "$CACHE"/{debs,bin,logs}
export DEBIAN_FRONTEND=noninteractive
log() { echo "setup: $*" >&2; }

# --- 1. host packages -------------------------------------------------------------------
PKGS="qemu-system-x86 busybox-static cpio kmod gcc make libc6-dev libdrm-dev libevdev-dev
      pkg-config python3 xz-utils"
if [ "${SLIDELOCK_VM_SKIP_APT:-0}" != 1 ]; then
    # shellcheck disable=SC2086
    if ! dpkg-query -W $PKGS >/dev/null 2>&1; then
        log "installing packages"
        apt-get update -q >"$CACHE/logs/apt.log" 2>&1 || true
        apt-get install -y -q --no-install-recommends $PKGS >>"$CACHE/logs/apt.log" 2>&1 \
            || { tail -20 "$CACHE/logs/apt.log" >&2; exit 1; }
    fi
fi

# --- 2. the guest kernel: whatever linux-image-amd64 currently depends on -----------------
KPKG=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
[ -n "$KPKG" ] || { echo "setup: cannot resolve linux-image-amd64" >&2; exit 1; }
KV=${KPKG#linux-image-}
KDIR=$CACHE/$KV
mkdir -p "$KDIR"
download() {   # download PKG: fetch PKG's .deb into CACHE/debs unless present
    ls "$CACHE/debs/$1"_*.deb >/dev/null 2>&1 && return 0
    # apt-get download runs as _apt when possible; a root-owned cache dir makes it warn only
    (cd "$CACHE/debs" && apt-get download "$1" 2>&1 | grep -v -i unsandboxed >&2 || true)
    ls "$CACHE/debs/$1"_*.deb >/dev/null 2>&1 || { echo "setup: could not download $1" >&2; exit 1; }
}
if [ ! -f "$KDIR/root/lib/modules/$KV/modules.dep" ]; then
    log "unpacking $KPKG"
    download "$KPKG"
    rm -rf "$KDIR/root"
    dpkg-deb -x "$CACHE/debs/$KPKG"_*.deb "$KDIR/root"
    depmod -b "$KDIR/root" "$KV"             # the .deb ships no modules.dep (its postinst makes it)
fi

# --- 3. vmlinux for PVH boot: skips ~3 s of in-guest xz decompression under TCG ----------
[ -s "$KDIR/vmlinux" ] || python3 "$VM/tools/extract-vmlinux.py" "$KDIR/root/boot/vmlinuz-$KV" "$KDIR/vmlinux"

# --- 4. static helpers (rebuilt when their source changes) ---------------------------------
for tool in uinput-touch drmgrab; do
    if [ ! -x "$CACHE/bin/$tool" ] || [ "$VM/src/$tool.c" -nt "$CACHE/bin/$tool" ]; then
        log "building $tool"
        gcc -O2 -Wall -Wextra -static -s $(pkg-config --cflags libdrm) -o "$CACHE/bin/$tool" "$VM/src/$tool.c"
    fi
done

# --- 5. vkms, built out of tree: Debian's kernel has CONFIG_DRM_VKMS unset ----------------
VKMS=$KDIR/root/lib/modules/$KV/extra/vkms.ko
if [ "${SLIDELOCK_VM_VKMS:-1}" = 1 ] && [ ! -f "$VKMS" ]; then
    SER=$(echo "$KV" | cut -d. -f1,2)                       # 6.1
    log "building vkms for $KV from linux-source-$SER"
    dpkg-query -W "linux-headers-$KV" >/dev/null 2>&1 || \
        apt-get install -y -q --no-install-recommends "linux-headers-$KV" >>"$CACHE/logs/apt.log" 2>&1
    download "linux-source-$SER"
    SRCVER=$(dpkg-deb -f "$CACHE/debs/linux-source-$SER"_*.deb Version)
    IMGVER=$(dpkg-deb -f "$CACHE/debs/$KPKG"_*.deb Version)
    [ "$SRCVER" = "$IMGVER" ] || log "WARNING: linux-source $SRCVER != kernel $IMGVER (vkms may not load)"
    B=$KDIR/vkms-build; rm -rf "$B"; mkdir -p "$B"
    dpkg-deb --fsys-tarfile "$CACHE/debs/linux-source-$SER"_*.deb \
        | tar -x -C "$B" "./usr/src/linux-source-$SER.tar.xz"
    tar -xJf "$B/usr/src/linux-source-$SER.tar.xz" -C "$B" "linux-source-$SER/drivers/gpu/drm/vkms"
    make -C "/usr/src/linux-headers-$KV" M="$B/linux-source-$SER/drivers/gpu/drm/vkms" \
        CONFIG_DRM_VKMS=m modules >"$CACHE/logs/vkms-build.log" 2>&1 \
        || { tail -20 "$CACHE/logs/vkms-build.log" >&2; exit 1; }
    install -D -m644 "$B/linux-source-$SER/drivers/gpu/drm/vkms/vkms.ko" "$VKMS"
    depmod -b "$KDIR/root" "$KV"
    rm -rf "$B"
fi

# --- 6. base initramfs (rebuilt when any of its inputs is newer) ---------------------------
if [ ! -f "$KDIR/base.cpio" ] || [ -n "$(find "$VM/guest" "$VM/tools/mkinitramfs.sh" "$CACHE/bin" \
        "$KDIR/root/lib/modules/$KV/modules.dep" -newer "$KDIR/base.cpio" 2>/dev/null | head -1)" ]; then
    "$VM/tools/mkinitramfs.sh" "$KDIR/root" "$KV" "$CACHE/bin" "$KDIR/base.cpio"
fi
echo "$KV" >"$CACHE/current"
log "ready: kernel $KV ($(dpkg-deb -f "$CACHE/debs/$KPKG"_*.deb Version)), cache $CACHE"
