#!/bin/bash
# Tests/VM/test-arm64.sh [DEB] - the arm64 package on a real arm64 kernel (needs root).
#
# Builds the arm64 .deb (scripts/package.sh arm64: a cross build in the trixie chroot) unless
# DEB is given, then:
#   - renders the lock screen with the arm64 binary under qemu-user and with the x86 binary:
#     the PNGs must be byte-identical;
#   - boots QEMU's arm64 `virt` machine (Cortex-A72, TCG) with Debian 13's arm64 kernel,
#     virtio-gpu and a uinput touchscreen (run.sh -A arm64) and runs arm64/lock-arm64.sh:
#     the screendump must equal the x86 render (the VM suite's tolerance), a slide exits 0 in
#     exit mode and runs the hook in hook mode, and `slidelock selftest --inject` passes.
# Prints one line per check and "N passed, M failed"; artefacts in ./out/vm-arm64.
set -uo pipefail
VM=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$VM/../.." && pwd)
OUT=$PWD/out/vm-arm64
rm -rf "$OUT"; mkdir -p "$OUT"
T0=$SECONDS
PASSED=0 FAILED=0
check() {       # check NAME CONDITION...
    local name=$1; shift
    if "$@"; then PASSED=$((PASSED + 1)); echo "PASS $name"; else FAILED=$((FAILED + 1)); echo "FAIL $name"; fi
}
finish() { echo "arm64: $((SECONDS - T0)) s"; echo "$PASSED passed, $FAILED failed"; [ "$FAILED" = 0 ]; exit; }

"$VM/setup-arm64.sh" >"$OUT/setup.log" 2>&1 || { tail -20 "$OUT/setup.log"; FAILED=1; finish; }
SYSROOT=$("$ROOT/scripts/chroot.sh" setup 2>>"$OUT/setup.log" | tail -1)
echo "setup: $((SECONDS - T0)) s"

T=$SECONDS
DEB=${1:-}
if [ -z "$DEB" ]; then
    DEB=$("$ROOT/scripts/package.sh" arm64 2>"$OUT/package.log" | tail -1) || { tail -20 "$OUT/package.log"; FAILED=1; finish; }
fi
# The arm64 libraries qemu-user and the guest load come from the chroot, where the cross build
# installs them: a fresh chroot (a fresh CI machine) has none before package.sh arm64 ran.
[ -d "$SYSROOT/usr/lib/aarch64-linux-gnu" ] ||
    { echo "no arm64 libraries in $SYSROOT: scripts/package.sh arm64 installs them"; FAILED=1; finish; }
dpkg-deb -x "$DEB" "$OUT/pkg" || { FAILED=1; finish; }
BIN=$OUT/pkg/usr/bin/slidelock
echo "package: $(basename "$DEB"), $((SECONDS - T)) s"

# The x86 reference, as the VM suite builds it.
export PATH=/opt/swift/usr/bin:$PATH
# shellcheck source=../../scripts/lib.sh
. "$ROOT/scripts/lib.sh"
(cd "$ROOT" && release_build && echo "$RELEASE_BIN" >"$OUT/xbin") 2>"$OUT/build.log" ||
    { tail -20 "$OUT/build.log"; FAILED=1; finish; }
XBIN=$(cat "$OUT/xbin")
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
# The shipped defaults, hue on: both renders are at the animation clock's 0, and the
# guest's animating screen is compared hue-invariantly. The size is what QEMU's virtio-gpu
# reports (test-all.sh's VIRTIO_MM), which the lock's default display.physical_size = auto takes.
R=(render --size 800x480 --physical-size 200x120 --set "theme.fonts=$FONT")
"$XBIN" "${R[@]}" --out "$OUT/expected.png"

T=$SECONDS
# qemu-user's -L resolves `/` in the sysroot, so the output's walk from `/` goes on there:
# the same directory is made in the sysroot, and the render is fetched from it.
mkdir -p "$SYSROOT$OUT" && rm -f "$SYSROOT$OUT/qemu-user.png"
qemu-aarch64-static -L "$SYSROOT" "$BIN" "${R[@]}" --out "$OUT/qemu-user.png" 2>"$OUT/qemu-user.log"
[ -f "$SYSROOT$OUT/qemu-user.png" ] && mv "$SYSROOT$OUT/qemu-user.png" "$OUT/qemu-user.png"
check "render under qemu-user equals the x86 render byte for byte ($((SECONDS - T)) s)" cmp -s "$OUT/qemu-user.png" "$OUT/expected.png"

T=$SECONDS
"$VM/run.sh" -A arm64 -L "$SYSROOT" -b "$BIN" -o "$OUT/vm" -t 150 -s "$VM/arm64/lock-arm64.sh" \
    -f "$VM/arm64/hook.sh:/e2e/hook.sh" -f "$FONT:/e2e/DejaVuSans-Bold.ttf" >/dev/null 2>&1
rc=$?
grep -a '^check \|^resident size\|^\(PASS\|FAIL\|SKIP\) [a-z]*: ' "$OUT/vm/console.log" | tr -d '\r' | sed 's/^/  guest /'
check "arm64 guest: every guest check ($((SECONDS - T)) s, exit $rc)" [ $rc = 0 ]
check "arm64 guest: the lock screen on virtio-gpu equals the x86 render" \
    python3 "$VM/tools/compare-images.py" --hue-invariant --channel-tolerance 4 --max-fraction 0.001 \
    "$OUT/vm/locked.png" "$OUT/expected.png"
finish
