#!/bin/bash
# Tests/VM/test-all.sh - the VM test suite of slidelock's DRM/KMS output.
#
#   Tests/VM/test-all.sh [-o OUTDIR] [TEST...]      (default: every test; needs root)
#   Tests/VM/test-all.sh lock-relay-latency          a benchmark (bench/NAME.sh): by name only
#   Tests/VM/test-all.sh site                        the site on the packages (site/site.sh):
#                                                    by name only (deploy/dev.sh test's site part)
#
# Runs setup.sh (idempotent, cached), builds slidelock (release with a static Swift stdlib,
# or debug if that fails), then boots one VM per test (Tests/VM/tests/NAME.sh in the guest;
# Tests/VM/bench/NAME.sh, measurements that gate nothing, run only when named)
# and checks screenshots on the host. Prints one line per test and a final
# "N passed, M failed"; exits 1 if anything failed. Artefacts (console.log, PNGs) are in
# OUTDIR/NAME/ (default ./out/vm-tests).
set -uo pipefail
VM=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$VM/../.." && pwd)
OUT=$PWD/out/vm-tests
if [ "${1:-}" = -o ]; then OUT=$2; shift 2; fi
mkdir -p "$OUT"; OUT=$(realpath "$OUT")
T0=$(date +%s.%N)
elapsed() { awk -v now="$(date +%s.%N)" -v t="$1" 'BEGIN { printf "%.1f", now - t }'; }

"$VM/setup.sh" >"$OUT/setup.log" 2>&1 || { cat "$OUT/setup.log"; echo "0 passed, 1 failed"; exit 1; }
echo "setup: $(elapsed "$T0") s"

T=$(date +%s.%N)
export PATH=/opt/swift/usr/bin:$PATH
# shellcheck source=../../scripts/lib.sh
. "$ROOT/scripts/lib.sh"
# The release build as shipped (linked afresh, so lock-virtio measures the current
# scripts/link/hot-functions.txt), or a debug build if that fails.
if (cd "$ROOT" && release_build && echo "$RELEASE_BIN" >"$OUT/bin") 2>"$OUT/build.log"; then
    BIN=$(cat "$OUT/bin"); KIND="release, static stdlib"
elif (cd "$ROOT" && swift_build && swift build --show-bin-path >"$OUT/bin") 2>>"$OUT/build.log"; then
    BIN=$(cat "$OUT/bin")/slidelock; KIND=debug
else
    tail -30 "$OUT/build.log"; echo "0 passed, 1 failed"; exit 1
fi
echo "build: $KIND, $(elapsed "$T") s"

PASSED=0 FAILED=0 WHY=
# Helpers for the tests' host sides (tests/NAME.host defines host_test; without one the
# guest's own checks decide). Flags every test shares are added here, once.
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
# What QEMU's virtio-gpu reports at 800x480 through its EDID (100 dpi, in whole cm: 20x12;
# the lock logs "layout: panel 200x120 mm, 102 dpi"): the lock sizes its thumb from it, so
# every render a virtio screendump is compared with takes it too. vkms and fbdev report no
# size (proportional, no flag).
# shellcheck disable=SC2034 # used by the tests' host sides (tests/*.host)
VIRTIO_MM=(--physical-size 200x120)
vm() {          # vm NAME [run.sh options]: boot, run tests/NAME.sh, note failed guest checks
    local name=$1; shift
    rm -rf "${OUT:?}/$name"
    # The label font rides along in every guest as /e2e/DejaVuSans-Bold.ttf.
    boot() { "$VM/run.sh" -o "$OUT/$name" ${VM_BIN_ARGS[@]+"${VM_BIN_ARGS[@]}"} -s "$DIR/$name.sh" -t 90 \
        -f "$FONT:/e2e/DejaVuSans-Bold.ttf" "$@"; }
    boot "$@"
    local rc=$?
    # A guest that froze whole says nothing about slidelock: the host's timeout (124) with
    # the guest's own 90 s watchdog silent means its kernel or QEMU stopped (seen once under
    # TCG, in lock-latency: no output after the start). Boot it once more, and say so; a
    # hung slidelock is killed by that watchdog, which reports it, and fails as before.
    if [ $rc = 124 ] && ! grep -q "vm: guest timeout" "$OUT/$name/console.log" 2>/dev/null; then
        echo "note $name: the guest froze (its own watchdog silent); booting it once more"
        rm -rf "${OUT:?}/$name.frozen" && mv "$OUT/$name" "$OUT/$name.frozen"
        boot "$@"
        rc=$?
    fi
    [ $rc = 0 ] && return 0
    WHY="guest exit $rc $(grep -ho 'check [^ ]*: FAILED' "$OUT/$name/console.log" | tr '\n' ' ')"
    return 1
}
pattern() {     # pattern TEST FILE WxH: the PNG shows the drm-smoke pattern
    local msg
    msg=$(python3 "$VM/tools/check-pattern.py" "$OUT/$1/$2" --size "$3") || { WHY=$msg; return 1; }
}
same() {        # same TEST A B: two screenshots show the same picture (a cursor may blink)
    local msg
    msg=$(python3 "$VM/tools/compare-images.py" --max-fraction 0.001 "$OUT/$1/$2" "$OUT/$1/$3") || { WHY=$msg; return 1; }
}
note() { grep -aho "$2" "$OUT/$1/console.log" | tr -d '\r' | head -1; }

golden() {      # golden TEST SHOT EXPECTED [TOLERANCE]: a screenshot equals a headless render (unit-test tolerance, 4)
    local msg
    msg=$(python3 "$VM/tools/compare-images.py" --hue-invariant --channel-tolerance "${4:-4}" --max-fraction 0.001 \
        "$OUT/$1/$2" "$OUT/$1/$3") || { WHY=$msg; return 1; }
    INFO=$msg
}

# Every tests/NAME.sh is a test, unless names are given (a bench/NAME.sh only then).
TESTS=${*:-$(cd "$VM/tests" && for f in *.sh; do printf '%s ' "${f%.sh}"; done)}
for t in $TESTS; do
    WHY='' INFO=''
    T=$(date +%s.%N)
    DIR=$VM/tests
    [ -f "$DIR/$t.sh" ] || DIR=$VM/bench
    [ -f "$DIR/$t.sh" ] || DIR=$VM/site
    [ -f "$DIR/$t.sh" ] || { FAILED=$((FAILED + 1)); echo "FAIL $t: no such test (Tests/VM/tests/$t.sh)"; continue; }
    host_test() { vm "$t"; }
    VM_BIN_ARGS=(-b "$BIN")     # the binary under test, unless the host side says otherwise
    # shellcheck source=/dev/null # each test's own host half, checked on its own
    [ -f "$DIR/$t.host" ] && . "$DIR/$t.host"
    if host_test; then
        PASSED=$((PASSED + 1)); echo "PASS $t ($(elapsed "$T") s)${INFO:+: $INFO}"
    else
        FAILED=$((FAILED + 1)); echo "FAIL $t ($(elapsed "$T") s): $WHY (see $OUT/$t/console.log)"
    fi
done
echo "suite time: $(elapsed "$T0") s"
echo "$PASSED passed, $FAILED failed"
[ $FAILED = 0 ]
