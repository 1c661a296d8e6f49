#!/bin/bash
# Tests/VM/run.sh - boot a throw-away QEMU VM (Debian's kernel + a busybox initramfs) with a
# DRM device, run a host-built binary in it, and return the guest command's exit status.
#
#   run.sh [options] [-- 'GUEST SHELL COMMAND']
#   -b PATH      host binary to ship (repeatable): /e2e/bin/NAME, on PATH, plus every library
#                `ldd` lists, at the same absolute paths (the ELF interpreter among them)
#   -f SRC[:DST] extra file to ship (repeatable; default DST /e2e/NAME)
#   -s SCRIPT    guest test script to ship and run (same as -f SCRIPT -- /e2e/NAME ARGS...;
#                the words after -- become its arguments)
#   -g GPU       virtio (default) | vkms | fbdev | none
#                virtio: virtio-gpu-pci, visible to QMP screendump, flips are not vblank-paced
#                vkms:   software KMS with real 60 Hz vblank events; not visible to QEMU (use vm_grab)
#                fbdev:  virtio-gpu with fbdev emulation and /dev/dri removed: only /dev/fb0
#                none:   no display device at all
#   -r WxH       virtio-gpu size (default 800x480)
#   -n N         virtio-gpu max_outputs (default 1); output 2.. must be forced on in the guest
#                kernel with -a 'video=Virtual-2:640x480e' (QEMU only enables output 0 headless)
#   -k           keep the kernel's fbdev emulation + fbcon (default: off, nothing competes for KMS)
#   -a ARGS      extra kernel parameters
#   -o DIR       output directory (default ./out/vm-DATE-PID; console.log, driver.log, *.png)
#   -t SECS      guest command timeout (default 60); the whole VM gets SECS+30 s of wall clock
#   -N           no 9p share of DIR at /out (readbacks then travel base64 over the serial line)
#   -S           systemd: boot the cached Debian root filesystem (setup.sh builds it) with
#                systemd as PID 1, copy-on-write; the test runs as vm-test.service, as root
#   -R SUITE     -S with that root filesystem: bookworm (-S's) or trixie (with mosquitto).
#                Ship no -b binary into trixie: its libraries are bookworm's, copied over
#                trixie's own
#   -A ARCH      amd64 (default) | arm64: QEMU's `virt` machine with a Cortex-A72 and Debian 13's
#                arm64 kernel (setup-arm64.sh; -g virtio|none only, no -S); console ttyAMA0,
#                control channel on a virtio console (hvc0)
#   -L SYSROOT   find the -b binaries' libraries in SYSROOT (readelf) instead of with `ldd`:
#                for binaries of another architecture
#   -T EVENT     QEMU trace EVENT (e.g. virtio_gpu_cmd_res_flush: what the guest sends to its
#                display) into DIR/qemu-trace.log, repeatable
#   -P SECS      a screendump of head 0 every SECS from QEMU's start until the guest sends
#                "@@VM dumps stop" (driver.py --dump-every: DIR/dumps.log, dump-N.png)
# Exit status: the guest command's; 124 = host timeout; 125 = the VM never reported (boot
# failure, panic); 2 = usage.  Run setup.sh once before (cache: $SLIDELOCK_VM_CACHE).
set -euo pipefail
VM=$(cd "$(dirname "$0")" && pwd)
CACHE=${SLIDELOCK_VM_CACHE:-/var/tmp/slidelock-vm}

BINS=() FILES=() SCRIPT='' GPU=virtio RES=800x480 OUTPUTS=1 FBDEV=0 APPEND='' OUT='' TIMEOUT=60 SHARE=1 SYSTEMD=0
ARCH=amd64 SYSROOT='' TRACES=() DUMPS=() ROOTFS=bookworm
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
while getopts "b:f:s:g:r:n:ka:o:t:NSR:A:L:T:P:h" o; do
    case $o in
        b) BINS+=("$OPTARG") ;; f) FILES+=("$OPTARG") ;; s) SCRIPT=$OPTARG ;; g) GPU=$OPTARG ;;
        r) RES=$OPTARG ;; n) OUTPUTS=$OPTARG ;; k) FBDEV=1 ;; a) APPEND=$OPTARG ;; o) OUT=$OPTARG ;;
        t) TIMEOUT=$OPTARG ;; N) SHARE=0 ;; S) SYSTEMD=1 ;; R) SYSTEMD=1 ROOTFS=$OPTARG ;;
        A) ARCH=$OPTARG ;; L) SYSROOT=$OPTARG ;;
        T) TRACES+=(-trace "enable=$OPTARG") ;; P) DUMPS=(--dump-every "$OPTARG") ;; *) usage ;;
    esac
done
shift $((OPTIND - 1))
case $ARCH in
    amd64) KCACHE=$CACHE SETUP=setup.sh ;;
    arm64) KCACHE=$CACHE/arm64 SETUP=setup-arm64.sh
           case $GPU in virtio|none) ;; *) echo "run.sh: -A arm64 takes -g virtio or none" >&2; exit 2 ;; esac
           [ "$SYSTEMD" = 0 ] || { echo "run.sh: -A arm64 has no -S" >&2; exit 2; } ;;
    *) echo "run.sh: unknown architecture $ARCH" >&2; exit 2 ;;
esac
[ -f "$KCACHE/current" ] || { echo "run.sh: no VM cache in $KCACHE; run $VM/$SETUP first" >&2; exit 125; }
KV=$(cat "$KCACHE/current")
KDIR=$KCACHE/$KV
OUT=${OUT:-$PWD/out/vm-$(date +%Y%m%d-%H%M%S)-$$}
mkdir -p "$OUT"
OUT=$(realpath "$OUT")
# unix socket paths are limited to 108 bytes (sun_path)
[ ${#OUT} -lt 95 ] || { echo "run.sh: output path too long for QEMU's sockets: $OUT" >&2; exit 2; }

# --- payload: a second cpio appended to the cached base (the kernel unpacks both in order) ---
P=$OUT/payload
rm -rf "$P"; mkdir -p "$P/e2e/bin"
for b in ${BINS[@]+"${BINS[@]}"}; do
    install -m755 "$b" "$P/e2e/bin/"
    if [ -n "$SYSROOT" ]; then
        python3 "$VM/tools/elfdeps.py" "$SYSROOT" "$b" | while read -r host guest; do
            [ -e "$P$guest" ] || install -D -m755 "$host" "$P$guest"
        done
    else
        ldd "$b" 2>/dev/null | grep -oE '/[^ ]+' | while read -r lib; do
            [ -e "$P$lib" ] || install -D -m755 "$(readlink -f "$lib")" "$P$lib"
        done
    fi
done
if [ -n "$SCRIPT" ]; then FILES+=("$SCRIPT"); fi
for f in ${FILES[@]+"${FILES[@]}"}; do
    src=${f%%:*} dst=${f#*:}
    [ "$dst" = "$f" ] && dst=/e2e/$(basename "$src")
    install -D -m755 "$src" "$P$dst"
done
if [ -n "$SCRIPT" ]; then
    CMD="/e2e/$(basename "$SCRIPT")$(printf ' %q' "$@")"
else
    CMD=${*:-true}
fi
# the shipped libraries' directories also go on LD_LIBRARY_PATH, for $ORIGIN-relative RUNPATHs
LIBDIRS=$(cd "$P" && find . -name '*.so*' ! -path './e2e/*' -printf '/%h\n' | sed 's|^/\./|/|' | sort -u | paste -sd: -)
cat >"$P/e2e/cmd.sh" <<CMD
#!/bin/sh
export PATH=/e2e/bin:\$PATH${LIBDIRS:+ LD_LIBRARY_PATH=$LIBDIRS}
. /e2e/lib.sh
$CMD
CMD
chmod +x "$P/e2e/cmd.sh"
# -S copies exactly these into the root filesystem
(cd "$P" && find . -mindepth 1 | sed 's|^\./||' | LC_ALL=C sort) >"$P/e2e/payload.list"
echo e2e/payload.list >>"$P/e2e/payload.list"
(cd "$P" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) >"$OUT/payload.cpio"
cat "$KDIR/base.cpio" "$OUT/payload.cpio" >"$OUT/initrd.img"
rm -rf "$P" "$OUT/payload.cpio"

# --- QEMU -------------------------------------------------------------------------------------
XRES=${RES%x*} YRES=${RES#*x}
DISPLAY_DEV=()
case $GPU in
    virtio|fbdev) DEV=(-device "virtio-gpu-pci,id=gpu0,xres=$XRES,yres=$YRES,max_outputs=$OUTPUTS")
                  DISPLAY_DEV=(--display-device gpu0) ;;
    vkms|none) DEV=() ;;
    *) echo "run.sh: unknown GPU $GPU" >&2; exit 2 ;;
esac
[ "$GPU" = fbdev ] && FBDEV=1
ROOTDISK=() MEM=512
if [ "$SYSTEMD" = 1 ]; then
    IMG=$CACHE/rootfs/$ROOTFS.img
    [ -f "$IMG" ] || { echo "run.sh: no root filesystem $IMG; run $VM/setup.sh first" >&2; exit 125; }
    # snapshot=on: writes go to a temporary overlay, the cached image stays clean
    ROOTDISK=(-drive "file=$IMG,format=raw,if=virtio,snapshot=on")
    MEM=1024
fi
SHAREDEV=()
[ "$SHARE" = 1 ] && SHAREDEV=(-virtfs "local,path=$OUT,mount_tag=out,security_model=none,id=out")
# Two initcalls that only test themselves (the crypto manager's self-tests, and the SP800-108
# KDF's, which runs even without them; kprobe events' set-up, no test uses one) take about
# 0.7 s of each TCG boot: skipped.
KAPPEND="console=ttyS0 quiet panic=-1 cryptomgr.notests initcall_blacklist=crypto_kdf108_init,init_kprobe_trace"
KAPPEND="$KAPPEND vm.gpu=$GPU vm.timeout=$TIMEOUT vm.share=$SHARE vm.systemd=$SYSTEMD"
[ "$FBDEV" = 0 ] && KAPPEND="$KAPPEND drm_kms_helper.fbdev_emulation=0"
# KVM only where it can run a stock kernel: /dev/kvm alone is not enough (a nested PVM
# /dev/kvm without vmx/svm aborts QEMU or emulates a hundred times slower than TCG).
if [ -w /dev/kvm ] && grep -qwE 'vmx|svm' /proc/cpuinfo; then ACCEL=(-accel kvm -cpu host)
else ACCEL=(-accel 'tcg,thread=multi' -cpu max); fi
if [ "$ARCH" = arm64 ]; then
    # virt has one UART (the console): the control channel is a virtio console, hvc0.
    QEMU=(qemu-system-aarch64 -M virt -cpu cortex-a72 -accel 'tcg,thread=multi' -m 1024 -smp 2 -nodefaults
          -no-user-config -display none -no-reboot
          -kernel "$KDIR/root/boot/vmlinuz-$KV" -initrd "$OUT/initrd.img"
          -append "${KAPPEND/console=ttyS0/console=ttyAMA0} vm.ctl=hvc0 $APPEND"
          ${DEV[@]+"${DEV[@]}"} ${SHAREDEV[@]+"${SHAREDEV[@]}"}
          -serial stdio -device virtio-serial-pci -chardev "socket,id=ctl,path=$OUT/ctl.sock"
          -device 'virtconsole,chardev=ctl' -chardev "socket,id=qmp,path=$OUT/qmp.sock" -mon 'chardev=qmp,mode=control')
else
QEMU=(qemu-system-x86_64 "${ACCEL[@]}" -m "$MEM" -smp 2 -nodefaults -no-user-config -display none -no-reboot
      -kernel "$KDIR/vmlinux" -initrd "$OUT/initrd.img" -append "$KAPPEND $APPEND"
      ${DEV[@]+"${DEV[@]}"} ${SHAREDEV[@]+"${SHAREDEV[@]}"} ${ROOTDISK[@]+"${ROOTDISK[@]}"}
      -serial stdio -chardev "socket,id=ctl,path=$OUT/ctl.sock" -serial chardev:ctl
      -chardev "socket,id=qmp,path=$OUT/qmp.sock" -mon 'chardev=qmp,mode=control')
fi
# QEMU's log trace backend writes to the -D file, each line stamped with the wall clock.
[ ${#TRACES[@]} -gt 0 ] && QEMU+=("${TRACES[@]}" -D "$OUT/qemu-trace.log" -msg timestamp=on)
set +e
python3 "$VM/tools/driver.py" --out "$OUT" --timeout $((TIMEOUT + 30)) ${DISPLAY_DEV[@]+"${DISPLAY_DEV[@]}"} \
    ${DUMPS[@]+"${DUMPS[@]}"} -- "${QEMU[@]}"
RC=$?
set -e
rm -f "$OUT/ctl.sock" "$OUT/qmp.sock" "$OUT/initrd.img"
exit $RC
