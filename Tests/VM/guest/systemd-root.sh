#!/bin/sh
# /e2e/systemd-root.sh - run.sh -S: switch from the busybox initramfs to the cached Debian
# root filesystem (/dev/vda, booted copy-on-write) with systemd as PID 1. Exec'd by /init
# (PID 1) after proc, sys and dev are mounted. Copies in the kernel modules, the helpers and
# the run's payload (/e2e, and every shipped library at its own path), and a unit that runs
# the test and reports on ttyS1 like /init does (vm-test.service, below).
fail() { echo "vm: systemd root: $*"; echo "@@VM exit 125" >/dev/ttyS1; sync; poweroff -f; }
for m in virtio_pci virtio_blk crc32c_generic ext4; do modprobe "$m" || echo "vm: modprobe $m failed"; done
i=0; while [ ! -b /dev/vda ] && [ $i -lt 300 ]; do usleep 10000; i=$((i + 1)); done
mkdir -p /newroot
mount -t ext4 /dev/vda /newroot || fail "cannot mount /dev/vda"
KV=$(uname -r)
rm -rf "/newroot/lib/modules/$KV"; mkdir -p /newroot/lib/modules
cp -a "/lib/modules/$KV" /newroot/lib/modules/
cp -a /usr/bin/uinput-touch /usr/bin/drmgrab /usr/bin/drmsteal /newroot/usr/local/bin/
# The payload, as run.sh listed it (paths relative to /): /e2e/... and the shipped libraries.
(cd / && cpio -o -H newc </e2e/payload.list 2>/dev/null) | (cd /newroot && cpio -idmu 2>/dev/null)
cp -a /e2e/lib.sh /newroot/e2e/
cat >/newroot/etc/systemd/system/vm-test.service <<'UNIT'
[Unit]
Description=slidelock VM test (run.sh -S)
[Service]
Type=simple
ExecStart=/e2e/systemd-test.sh
StandardInput=null
StandardOutput=tty
StandardError=inherit
TTYPath=/dev/ttyS0
UNIT
# Nothing a 1-minute test VM needs, and they cost seconds of boot under TCG.
for u in e2scrub_reap.service getty-static.service; do ln -sf /dev/null "/newroot/etc/systemd/system/$u"; done
mkdir -p /newroot/etc/systemd/system/multi-user.target.wants
ln -sf ../vm-test.service /newroot/etc/systemd/system/multi-user.target.wants/vm-test.service
cat >/newroot/e2e/systemd-test.sh <<'RUN'
#!/bin/sh
# vm-test.service: /init's test runner, under systemd.
TIMEOUT=60 SHARE=0
for arg in $(cat /proc/cmdline); do
    case "$arg" in vm.share=*) SHARE=${arg#*=} ;; vm.timeout=*) TIMEOUT=${arg#*=} ;; esac
done
if [ "$SHARE" = 1 ]; then
    modprobe 9pnet_virtio; modprobe 9p; mkdir -p /out
    mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 out /out || echo "vm: 9p mount failed"
fi
export SYSTEMD_PAGER= SYSTEMD_COLORS=0
echo "vm: systemd ready at uptime $(cut -d' ' -f1 /proc/uptime)s: $(systemctl is-system-running)"
stty -F /dev/ttyS1 raw -echo -echoe -echok 115200 2>/dev/null
echo "@@VM start" >/dev/ttyS1
cd /e2e
timeout -k 2 "$TIMEOUT" /e2e/cmd.sh </dev/null
rc=$?
echo "vm: test finished rc=$rc"
# Acknowledged by the host, as in /init: sent again each second, five times at most. Dash's
# read has no timeout, so coreutils' timeout runs head; --foreground keeps head in this
# process group, which has the tty as its controlling terminal (a background group's read
# from it would stop on SIGTTIN).
exec 9<>/dev/ttyS1
for n in 1 2 3 4 5; do
    echo "@@VM exit $rc" >&9
    case "$(timeout --foreground 1 head -n 1 <&9)" in "OK exit"*) break ;; esac
done
sync
systemctl poweroff -ff
RUN
chmod 755 /newroot/e2e/systemd-test.sh
# A test that needs the system set up before it boots (a service installed and enabled, as
# an owner would leave it) ships /e2e/preboot.sh: run here with the new root as its argument.
if [ -f /e2e/preboot.sh ]; then sh /e2e/preboot.sh /newroot || fail "/e2e/preboot.sh failed"; fi
# Hand /dev, /proc and /sys over; systemd mounts the rest itself.
for d in dev proc sys; do mkdir -p "/newroot/$d"; mount --move "/$d" "/newroot/$d"; done
exec switch_root /newroot /lib/systemd/systemd
