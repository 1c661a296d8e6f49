#!/bin/bash
# Tests/VM/tools/hot-functions.sh - regenerates scripts/link/hot-functions.txt, the functions
# the lock screen runs, which the release link places first in .text (Package.swift).
#
#   sudo Tests/VM/tools/hot-functions.sh        (needs valgrind, the VM setup and the trixie
#                                                chroot of scripts/chroot.sh; ~5 minutes)
#
# Why: the kernel maps an executable's pages 64 KB around each page fault (fault-around), so
# the resident size of the lock screen grows with how scattered the code it runs is, not with
# how much it runs. Listed together, the functions it runs fill a few hundred KB.
# How: callgrind names every function that ran in a release build as shipped, built twice:
# with /opt/swift (6.3, the VM suite's) and with Debian trixie's swiftlang 6.0.3 in the chroot
# (the arm64 package's compiler: its runtime and specialisations are named differently).
# Each build is profiled
#   - on this host (in the chroot for the trixie build): `render`, `play` of the test
#     scripts, `check-config`;
#   - in the VM (virtio-gpu, a uinput touchscreen): the lock screen itself from start-up
#     through a slide that springs back, one that unlocks and runs the hook, and SIGTERM
#     (tools/hot-functions-guest.sh).
# Names not in a later build are skipped by the link, so an old list only does less good;
# `lock-virtio`'s resident-size ceiling says when it is time to run this again.
set -euo pipefail
VM=$(cd "$(dirname "$0")/.." && pwd)
ROOT=$(cd "$VM/../.." && pwd)
OUT_FILE=$ROOT/scripts/link/hot-functions.txt
# shellcheck source=../../../scripts/lib.sh
. "$ROOT/scripts/lib.sh"
[ "$(id -u)" -eq 0 ] || die "needs root (the VM harness, the chroot): run it with sudo"
command -v valgrind >/dev/null || die "needs valgrind: apt-get install valgrind"

work=$(mktemp -d /tmp/hot-functions.XXXXXX)
trap 'rm -rf "$work"' EXIT
export PATH=/opt/swift/usr/bin:$PATH
cd "$ROOT"
"$VM/setup.sh" >"$work/setup.log" 2>&1 || { tail -20 "$work/setup.log"; die "VM setup failed"; }
sysroot=$(scripts/chroot.sh setup 2>"$work/chroot.log" | tail -1) || { tail -20 "$work/chroot.log"; die "chroot setup failed"; }
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
scripts="full-slide fail fling"

# profile_host DIR BIN SRC [RUNNER...]: the host runs of BIN in the checkout SRC, through
# RUNNER (none, or the chroot's), profiles in DIR (all three paths as RUNNER sees them).
profile_host() {
    local dir=$1 bin=$2 src=$3 run; shift 3
    local runs=("render render --size 800x480 --out $dir/frame.png" "check-config check-config")
    # Every frame rendered, few written: PNG encoding is not the lock screen's work.
    for s in $scripts; do
        runs+=("play-$s play --frames $dir --every 1000 --on-unlock hook --script Tests/Scripts/$s.txt")
    done
    runs+=("play-exit play --frames $dir --every 1000 --script Tests/Scripts/full-slide.txt")
    for run in "${runs[@]}"; do
        # shellcheck disable=SC2016 # expanded by the inner sh (in the chroot, for RUNNER's)
        "$@" sh -c 'cd "$6" && valgrind --tool=callgrind --demangle=no --callgrind-out-file="$1/$2.callgrind" \
                "$3" $4 --set theme.fonts="$5" >/dev/null 2>&1' \
            sh "$dir" "${run%% *}" "$bin" "${run#* }" "$font" "$src" || die "slidelock ${run#* }: failed under callgrind"
    done
}

# profile_vm OUT BIN SYSROOT [RUN.SH OPTIONS...]: the lock screen in the VM under callgrind
# (valgrind from SYSROOT), its profile in OUT.
profile_vm() {
    local out=$1 bin=$2 root=$3; shift 3
    local files=(-f "$root/usr/bin/valgrind.bin:/e2e/valgrind" -f "$font:/e2e/DejaVuSans-Bold.ttf")
    for f in callgrind-amd64-linux vgpreload_core-amd64-linux.so default.supp; do
        files+=(-f "$root/usr/libexec/valgrind/$f:/e2e/vg/$f")
    done
    "$VM/run.sh" -t 300 -b "$bin" "$@" "${files[@]}" -s "$VM/tools/hot-functions-guest.sh" \
        -o "$work/vm" >"$work/vm.log" 2>&1 || { tail -30 "$work/vm/console.log"; die "the VM run failed"; }
    cp "$work/vm/device.callgrind" "$out"
    rm -rf "$work/vm"
}

# 1. /opt/swift on this host.
release_build 2>"$work/build.log" || { tail -20 "$work/build.log"; die "build failed"; }
bin=$RELEASE_BIN
mkdir "$work/host"
profile_host "$work/host" "$bin" "$ROOT"
profile_vm "$work/host/device.callgrind" "$bin" /

# 2. Debian's Swift in the trixie chroot (its build directory is the chroot's own).
chroot_build=${SLIDELOCK_CHROOT_CACHE:-/var/tmp/slidelock-chroot}/trixie-amd64.build
scripts/chroot.sh run sh -c 'cd /src && . scripts/lib.sh && install_missing valgrind && release_build' hot-functions.sh \
    >"$work/chroot-build.log" 2>&1 ||
    { tail -20 "$work/chroot-build.log"; die "the chroot build failed"; }
rm -rf "$chroot_build/hot-profiles" && mkdir "$chroot_build/hot-profiles"
profile_host /src/.build/hot-profiles /src/.build/x86_64-pc-linux-gnu/release/slidelock /src scripts/chroot.sh run
mv "$chroot_build/hot-profiles" "$work/trixie"
profile_vm "$work/trixie/device.callgrind" "$chroot_build/x86_64-pc-linux-gnu/release/slidelock" "$sysroot" \
    -L "$sysroot"

# Every function callgrind saw run inside a slidelock binary, sorted, once.
python3 - "$work"/*/*.callgrind >"$work/names" <<'EOF'
import re, sys
entry = re.compile(r'(c?)(ob|fn)=\((\d+)\)(?: (.*))?$')
names = set()
for path in sys.argv[1:]:
    objects, functions, current = {}, {}, None
    for line in open(path, errors='replace'):
        m = entry.match(line.rstrip('\n'))
        if not m:
            continue
        called, kind, key, name = m.groups()
        table = objects if kind == 'ob' else functions
        if name:
            table[key] = name
        if called:          # cob=/cfn= name a callee: its own fn= block records its cost
            continue
        if kind == 'ob':
            current = objects.get(key)
        elif current and current.endswith('/slidelock'):
            # Recursion levels come as NAME'2; "(below main)" and bare addresses are no symbols.
            name = re.sub(r"'\d+$", '', functions[key])
            if '(' not in name and not name.startswith('0x'):
                names.add(name)
for name in sorted(names):
    print(name)
EOF
{
    echo "# The functions the lock screen runs, placed first in .text by the release link"
    echo "# (Package.swift). Generated by Tests/VM/tools/hot-functions.sh: do not edit."
    cat "$work/names"
} >"$OUT_FILE"
rm -f "$bin"    # SwiftPM does not relink when only the list changed
echo "hot-functions.sh: $(wc -l <"$work/names") functions -> ${OUT_FILE#"$ROOT"/}"
