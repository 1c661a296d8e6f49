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
#   CACHE/KV/root/                the unpacked kernel package (+ extra/{vkms,gpio-sim}.ko, modules.dep)
#   CACHE/KV/vmlinux              the ELF kernel for QEMU's PVH entry (no in-guest decompression)
#   CACHE/KV/base.cpio            base initramfs: busybox, modules, helpers, /init (+ .stamp:
#                                 a hash of its inputs; a checkout with other guest files rebuilds it)
#   CACHE/bin/                    static helpers built from Tests/VM/src (uinput-touch, drmgrab, drmsteal, trace-mark)
#   CACHE/rootfs/bookworm.img     Debian 12 root filesystem with systemd for run.sh -S
#                                 (tools/mkrootfs.sh; + .stamp: a hash of the recipe)
#   CACHE/rootfs/trixie.img       Debian 13's, with mosquitto, for run.sh -R trixie (site test)
#
# Environment: SLIDELOCK_VM_CACHE, SLIDELOCK_VM_VKMS=0 (skip building vkms),
#              SLIDELOCK_VM_GPIOSIM=0 (skip building gpio-sim),
#              SLIDELOCK_VM_SKIP_APT=1 (packages are known to be present),
#              SLIDELOCK_VM_SYSTEMD=0 (skip the root filesystem: no systemd tests).
set -euo pipefail
VM=$(cd "$(dirname "$0")" && pwd)
CACHE=${SLIDELOCK_VM_CACHE:-/var/tmp/slidelock-vm}
mkdir -p "$CACHE"/{debs,bin,logs}
export DEBIAN_FRONTEND=noninteractive
log() { echo "setup: $*" >&2; }
# One set-up of a cache at a time (deploy/dev.sh test starts one in the background, and the
# suite's own call waits for it here).
exec 8>"$CACHE/.setup.lock"
flock 8

# --- 1. host packages -------------------------------------------------------------------
# gpiod: its gpioset/gpioget (+ libgpiod) are shipped into the VM for the door-relay test.
PKGS="qemu-system-x86 busybox-static cpio kmod gcc make libc6-dev libdrm-dev libevdev-dev
      pkg-config python3 xz-utils gpiod"
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
    # Into a directory of its own first: an interrupted download leaves no .deb that looks whole.
    local tmp t0=$SECONDS
    tmp=$(mktemp -d "$CACHE/debs/.download.XXXXXX")
    # apt-get download runs as _apt when possible; a root-owned cache dir makes it warn only
    (cd "$tmp" || exit; apt-get download "$1" 2>&1 | grep -v -i unsandboxed >&2 || true)
    ls "$tmp/$1"_*.deb >/dev/null 2>&1 || { rm -rf "$tmp"; echo "setup: could not download $1" >&2; exit 1; }
    mv "$tmp/$1"_*.deb "$CACHE/debs/"
    rm -rf "$tmp"
    log "downloaded $1 ($(du -m "$CACHE/debs/$1"_*.deb | cut -f1) MB) in $((SECONDS - t0)) s"
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
# Compared by content (a copy of the source built from), not by mtime: several checkouts
# (git worktrees) may share one cache, and a newer file elsewhere must not pass for ours.
for tool in uinput-touch drmgrab drmsteal trace-mark; do
    if [ ! -x "$CACHE/bin/$tool" ] || ! cmp -s "$VM/src/$tool.c" "$CACHE/bin/.$tool.c"; then
        log "building $tool"
        read -ra cflags <<<"$(pkg-config --cflags libdrm)"
        gcc -O2 -Wall -Wextra -static -s "${cflags[@]}" -o "$CACHE/bin/$tool" "$VM/src/$tool.c"
        cp "$VM/src/$tool.c" "$CACHE/bin/.$tool.c"
    fi
done

# --- 5. vkms and gpio-sim, built out of tree from Debian's linux-source -------------------
# Debian's kernel has CONFIG_DRM_VKMS, CONFIG_GPIO_SIM and CONFIG_IRQ_SIM unset. Both modules
# come from one extraction of the linux-source tarball (its xz stream is the slow part).
# gpio-sim needs the irq simulator (kernel/irq/irq_sim.c), which is bool-only in Kconfig, so
# it is linked into the same module: gpio-sim.ko = gpio-sim.c + irq_sim.c.
MODDIR=$KDIR/root/lib/modules/$KV/extra
VKMS=$MODDIR/vkms.ko GPIOSIM=$MODDIR/gpio-sim.ko
WANT=()
[ "${SLIDELOCK_VM_VKMS:-1}" = 1 ] && [ ! -f "$VKMS" ] && WANT+=(vkms)
[ "${SLIDELOCK_VM_GPIOSIM:-1}" = 1 ] && [ ! -f "$GPIOSIM" ] && WANT+=(gpio-sim)
if [ ${#WANT[@]} -gt 0 ]; then
    SER=$(echo "$KV" | cut -d. -f1,2)                       # 6.1
    t0=$SECONDS
    log "building ${WANT[*]} for $KV from linux-source-$SER"
    dpkg-query -W "linux-headers-$KV" >/dev/null 2>&1 || \
        apt-get install -y -q --no-install-recommends "linux-headers-$KV" >>"$CACHE/logs/apt.log" 2>&1
    download "linux-source-$SER"
    SRCVER=$(dpkg-deb -f "$CACHE/debs/linux-source-$SER"_*.deb Version)
    IMGVER=$(dpkg-deb -f "$CACHE/debs/$KPKG"_*.deb Version)
    [ "$SRCVER" = "$IMGVER" ] || log "WARNING: linux-source $SRCVER != kernel $IMGVER (modules may not load)"
    B=$KDIR/mod-build; rm -rf "$B"; mkdir -p "$B"
    S=linux-source-$SER
    MEMBERS=()
    for m in "${WANT[@]}"; do
        case $m in
            vkms) MEMBERS+=("$S/drivers/gpu/drm/vkms") ;;
            gpio-sim) MEMBERS+=("$S/drivers/gpio/gpio-sim.c" "$S/drivers/gpio/gpiolib.h" "$S/kernel/irq/irq_sim.c") ;;
        esac
    done
    dpkg-deb --fsys-tarfile "$CACHE/debs/linux-source-$SER"_*.deb \
        | tar -x -O "./usr/src/$S.tar.xz" | tar -xJ -C "$B" "${MEMBERS[@]}"
    kbuild() {   # kbuild NAME DIR [MAKE ARGS]: build DIR/NAME.ko against the headers, install it
        local name=$1 dir=$2; shift 2
        make -C "/usr/src/linux-headers-$KV" M="$dir" "$@" modules >"$CACHE/logs/$name-build.log" 2>&1 \
            || { tail -20 "$CACHE/logs/$name-build.log" >&2; exit 1; }
        install -D -m644 "$dir/$name.ko" "$MODDIR/$name.ko"
    }
    for m in "${WANT[@]}"; do
        case $m in
            vkms) kbuild vkms "$B/$S/drivers/gpu/drm/vkms" CONFIG_DRM_VKMS=m ;;
            gpio-sim)
                G=$B/gpio-sim; mkdir -p "$G"
                # The object is renamed so the module can keep the name gpio-sim (Kbuild cannot
                # have gpio-sim.o be both the module and one of its parts).
                cp "$B/$S/drivers/gpio/gpio-sim.c" "$G/gpio-sim-main.c"
                cp "$B/$S/drivers/gpio/gpiolib.h" "$B/$S/kernel/irq/irq_sim.c" "$G/"
                # irq_sim.c calls irq_to_desc(), which 6.1 does not export to modules (modpost:
                # undefined). generic_handle_irq() is exported and runs the same handler
                # (handle_simple_irq, set in irq_sim_domain_map) on the same descriptor.
                sed -i 's/handle_simple_irq(irq_to_desc(irqnum))/generic_handle_irq(irqnum)/' "$G/irq_sim.c"
                grep -q 'irq_to_desc' "$G/irq_sim.c" && { log "irq_sim.c: the irq_to_desc() call changed upstream; adapt the patch"; exit 1; }
                printf '%s\n' 'obj-m := gpio-sim.o' 'gpio-sim-y := gpio-sim-main.o irq_sim.o' >"$G/Kbuild"
                kbuild gpio-sim "$G" ;;
        esac
    done
    depmod -b "$KDIR/root" "$KV"
    rm -rf "$B"
    log "built ${WANT[*]} in $((SECONDS - t0)) s (the download included)"
fi

# --- 6. base initramfs (rebuilt when the contents of any of its inputs change) -------------
# A content stamp rather than mtimes, for the same reason as the helpers above.
STAMP=$(cat "$VM"/guest/* "$VM/tools/mkinitramfs.sh" "$CACHE"/bin/uinput-touch "$CACHE"/bin/drmgrab "$CACHE"/bin/drmsteal \
        "$CACHE"/bin/trace-mark "$KDIR/root/lib/modules/$KV/modules.dep" | sha256sum | cut -d' ' -f1)
if [ ! -f "$KDIR/base.cpio" ] || [ "$(cat "$KDIR/base.cpio.stamp" 2>/dev/null)" != "$STAMP" ]; then
    "$VM/tools/mkinitramfs.sh" "$KDIR/root" "$KV" "$CACHE/bin" "$KDIR/base.cpio"
    echo "$STAMP" >"$KDIR/base.cpio.stamp"
fi
# --- 7. the Debian root filesystem for run.sh -S (systemd tests), rebuilt when its recipe changes
if [ "${SLIDELOCK_VM_SYSTEMD:-1}" = 1 ]; then
    mkdir -p "$CACHE/rootfs"
    RSTAMP=$(sha256sum <"$VM/tools/mkrootfs.sh" | cut -d' ' -f1)
    for suite in bookworm trixie; do
        img=$CACHE/rootfs/$suite.img
        [ ! -f "$img" ] || [ "$(cat "$img.stamp" 2>/dev/null)" != "$RSTAMP" ] || continue
        command -v debootstrap >/dev/null || apt-get install -y -q --no-install-recommends debootstrap >>"$CACHE/logs/apt.log" 2>&1
        log "building the Debian $suite root filesystem (debootstrap, about 2 minutes)"
        t0=$SECONDS
        "$VM/tools/mkrootfs.sh" "$img" "$suite"
        log "built the $suite root filesystem in $((SECONDS - t0)) s"
        echo "$RSTAMP" >"$img.stamp"
    done
fi
echo "$KV" >"$CACHE/current"
log "ready: kernel $KV ($(dpkg-deb -f "$CACHE/debs/$KPKG"_*.deb Version)), cache $CACHE"
