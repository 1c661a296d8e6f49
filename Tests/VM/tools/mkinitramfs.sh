#!/bin/bash
# tools/mkinitramfs.sh KROOT KV BINDIR OUT - build the base initramfs of the test VM.
# BUSYBOX (default /bin/busybox): the static busybox to ship (the arm64 guest's is arm64;
# its applet links come from the host's busybox list). MODULES: the modules to ship instead
# of the default set. Compressed modules (.ko.xz) are shipped decompressed.
#
# Contents: static busybox (+ one symlink per applet), /init and /e2e/lib.sh from guest/,
# the kernel modules the tests need (with their dependencies, resolved from modules.dep),
# and the static helpers from BINDIR.  The result is an uncompressed newc archive: run.sh
# appends a per-run payload archive to it, and the kernel unpacks concatenated cpio
# archives in order (later files win), so a run costs no re-packing of the base.
set -euo pipefail
VM=$(cd "$(dirname "$0")/.." && pwd)
KROOT=$1 KV=$2 BINDIR=$3 OUT=$4
STAGE=$(mktemp -d "${TMPDIR:-/tmp}/slidelock-initramfs.XXXXXX")
trap 'rm -rf "$STAGE"' EXIT

# virtio_gpu for screenshots, vkms for real 60 Hz vblank timing, evdev + uinput for touch,
# 9p for the shared output directory, gpio-sim (+ configfs) for a simulated relay GPIO line.
if [ -z "${MODULES:-}" ]; then
    MODULES="virtio_pci virtio-gpu evdev uinput 9p 9pnet_virtio vgem vfb"
    # virtio_blk + ext4 (+ the crc32c it asks the crypto API for): run.sh -S mounts a root disk.
    MODULES="$MODULES virtio_blk ext4 crc32c_generic"
    [ -f "$KROOT/lib/modules/$KV/extra/vkms.ko" ] && MODULES="$MODULES vkms"
    [ -f "$KROOT/lib/modules/$KV/extra/gpio-sim.ko" ] && MODULES="$MODULES gpio-sim"
fi
BUSYBOX=${BUSYBOX:-/bin/busybox}

mkdir -p "$STAGE"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,run,root,etc,e2e,out,"lib/modules/$KV"}
cp "$BUSYBOX" "$STAGE/bin/busybox"
# `busybox --list` names busybox itself: linking that would replace the binary by a
# self-referencing symlink and the kernel fails to run /init with ELOOP (error -40).
for applet in $(/bin/busybox --list); do
    [ "$applet" = busybox ] || ln -s busybox "$STAGE/bin/$applet"
done

for m in $MODULES; do
    modprobe -d "$KROOT" -S "$KV" --show-depends "$m" | awk '$1 == "insmod" { print $2 }'
done | sort -u | while read -r ko; do
    rel=${ko#"$KROOT"/}
    rel=lib/${rel#*lib/}             # usr-merged kernels keep modules in usr/lib
    case $ko in
        *.xz) mkdir -p "$(dirname "$STAGE/$rel")"; xz -dc "$ko" >"$STAGE/${rel%.xz}" ;;
        *) install -D -m644 "$ko" "$STAGE/$rel" ;;
    esac
done
cp "$KROOT/lib/modules/$KV"/modules.{order,builtin,builtin.modinfo} "$STAGE/lib/modules/$KV/"
depmod -b "$STAGE" "$KV"            # a modules.dep for busybox modprobe in the guest

install -m755 "$BINDIR"/uinput-touch "$BINDIR"/drmgrab "$BINDIR"/drmsteal "$BINDIR"/trace-mark "$STAGE/usr/bin/"
install -m755 "$VM/guest/init" "$STAGE/init"
install -m644 "$VM/guest/lib.sh" "$STAGE/e2e/lib.sh"
install -m755 "$VM/guest/systemd-root.sh" "$STAGE/e2e/systemd-root.sh"
# nobody: for tests that run slidelock without permission to open /dev/dri/card*
printf '%s\n' "root:x:0:0:root:/root:/bin/sh" "nobody:x:65534:65534:nobody:/:/bin/sh" >"$STAGE/etc/passwd"
printf '%s\n' "root:x:0:" "video:x:44:" "nogroup:x:65534:" >"$STAGE/etc/group"

(cd "$STAGE" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc -R 0:0 --reproducible --quiet) >"$OUT.tmp.$$"
mv "$OUT.tmp.$$" "$OUT"            # atomic: a VM starting meanwhile reads the old or the new one
echo "mkinitramfs: $OUT ($(du -h "$OUT" | cut -f1), kernel $KV, $(find "$STAGE" -name '*.ko' | wc -l) modules)" >&2
