#!/usr/bin/env bash
# libFuzzer fuzzers for the parsers and the touch path (hostile input), built with swiftc
# -sanitize=fuzzer,address against the SlideLockCore sources: SwiftPM cannot give one
# target fuzzer flags, so they live outside the package.
#
#   Tests/Fuzz/fuzz.sh [SECONDS] [TARGET...]   build, then run each target SECONDS (default 60)
# Targets: config script evemu session oracle (default all). Corpora grow in .build/fuzz/corpus/;
# a crash leaves .build/fuzz/crash-* and fails the run (copy it to regressions/TARGET/
# once fixed: those are replayed on every run). Prints executions and coverage.
# FUZZ_CORE=DIR fuzzes another checkout's SlideLockCore sources (builds in .build/fuzz-NAME).
# The session and evemu targets judge every unlock with the oracle in Tests/Fuzz/Oracle.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(config script evemu session oracle)
core=${FUZZ_CORE:-Sources/SlideLockCore}
out=.build/fuzz
[ -n "${FUZZ_CORE:-}" ] && out=.build/fuzz-$(basename "$(cd "$core/../.." && pwd)")
mkdir -p "$out"
say() { printf 'fuzz: %s\n' "$*" >&2; }
command -v swiftc >/dev/null || export PATH=/opt/swift/usr/bin:$PATH

# The core once, instrumented, with @testable access; rebuilt when a source is newer.
core_sources=$(find "$core" -name '*.swift' | sort)
flags=('-sanitize=fuzzer,address' -O -swift-version 6 -parse-as-library)
if [ ! -f "$out/libSlideLockCore.a" ] || [ -n "$(find "$core" -newer "$out/libSlideLockCore.a" -name '*.swift')" ]; then
    say "building SlideLockCore (instrumented)"
    # shellcheck disable=SC2086
    swiftc -emit-library -static -emit-module -module-name SlideLockCore -enable-testing "${flags[@]}" \
        $core_sources -emit-module-path "$out/SlideLockCore.swiftmodule" -o "$out/libSlideLockCore.a" \
        >"$out/build-core.log" 2>&1 || { cat "$out/build-core.log" >&2; exit 1; }
fi

# The unlock oracle (Tests/Fuzz/Oracle) on its own, without the core on the module path:
# that it builds alone proves it shares no code with the implementation it judges.
if [ ! -f "$out/libFuzzOracle.a" ] || [ -n "$(find Tests/Fuzz/Oracle -newer "$out/libFuzzOracle.a" -name '*.swift')" ]; then
    say "building the unlock oracle (alone)"
    swiftc -emit-library -static -emit-module -module-name FuzzOracle "${flags[@]}" Tests/Fuzz/Oracle/*.swift \
        -emit-module-path "$out/FuzzOracle.swiftmodule" -o "$out/libFuzzOracle.a" \
        >"$out/build-oracle.log" 2>&1 || { cat "$out/build-oracle.log" >&2; exit 1; }
fi

seed() {  # name, then the seed files' contents
    local dir=$out/corpus/$1 n=0
    shift
    mkdir -p "$dir"
    for text in "$@"; do printf '%b' "$text" > "$dir/seed-$n"; n=$((n + 1)); done
}
seed config "[theme]\nname = mint\nlabel = Hi\n[layout]\ntrack_min_height = 48\n" \
    "$(sed 's/\\/\\\\/g' deploy/slidelock.conf 2>/dev/null || true)" "[input]\ncalibration = 0 -1 1 1 0 0\n"
seed script "$(cat Assets/demo/slide.txt)" "$(cat Tests/Scripts/fail.txt)" "0 down 112 240\n0.3 down 400 240 id=1\n"
seed evemu "$(cat Tests/SlideLockCoreTests/Evemu/mt-slide.events)" \
    "$(cat Tests/SlideLockCoreTests/Evemu/single-touch-slide.events)"
# A real slide for the session target: down on the thumb, 16 ms still, 24 moves of 24 px
# every 16 ms, lift.
slide='\x00\x00\x00\x00\x04\x00\xf0\x03\x00\x70\x01\x01\x00\x05\x00\x00\x06\x00\xa0'
for _ in $(seq 24); do slide+='\x07\x06\x50'; done
slide+='\x06\x03\x00\x02\x00\x00\x05\x00\x00'
seed session "$slide"
# The oracle target: a case byte and a seed.
seed oracle '\x00\x01\x02\x03\x04\x05\x06\x07\x08' '\xff\x01\x02\x03\x04\x05\x06\x07\x08'

status=0
for t in "${targets[@]}"; do
    case $t in
        config) file=ConfigFuzz.swift ;; script) file=ScriptFuzz.swift ;;
        evemu) file=EvemuFuzz.swift ;; session) file=SessionFuzz.swift ;; oracle) file=OracleFuzz.swift ;;
        *) say "unknown target $t (config, script, evemu, session, oracle)"; exit 2 ;;
    esac
    bin=$out/fuzz-$t
    # The session and evemu targets judge unlocks: the glue to the implementation and the oracle.
    files=("Tests/Fuzz/$file")
    libs=("$out/libSlideLockCore.a")
    # The oracle target checks the oracle alone: no core, no glue.
    case $t in
        evemu | session) files+=(Tests/Fuzz/Glue/*.swift); libs+=("$out/libFuzzOracle.a") ;;
        oracle) libs=("$out/libFuzzOracle.a") ;;
    esac
    if [ ! -x "$bin" ] || [ -n "$(find "${files[@]}" -newer "$bin")" ] || [ "$out/libSlideLockCore.a" -nt "$bin" ] || [ "$out/libFuzzOracle.a" -nt "$bin" ]; then
        say "building $t"
        # (ld.gold warns about every ASan helper symbol: kept in the log, shown on failure.)
        swiftc "${flags[@]}" -I "$out" "${files[@]}" "${libs[@]}" -o "$bin" \
            >"$out/build-$t.log" 2>&1 || { cat "$out/build-$t.log" >&2; exit 1; }
    fi
    # Every input that once failed is replayed first (Tests/Fuzz/regressions/TARGET/), one
    # by one so that each failing input is named; they seed the corpus too.
    failed=()
    : >"$out/$t-regressions.log"
    for input in Tests/Fuzz/regressions/"$t"/*; do
        [ -f "$input" ] || continue
        cp "$input" "$out/corpus/$t/"
        SWIFT_BACKTRACE=enable=no "$bin" "$input" >>"$out/$t-regressions.log" 2>&1 || failed+=("${input##*/}")
    done
    if [ ${#failed[@]} -gt 0 ]; then
        say "$t FAILED on ${#failed[@]} regression inputs (log: $out/$t-regressions.log): ${failed[*]}"; status=1
    fi
    # 0 seconds: the saved inputs only.
    [ "$seconds" = 0 ] && continue
    say "running $t for $seconds s"
    log=$out/$t.log
    # FUZZ_KEEP_GOING=1: carry on after a failure (in a forked child), saving every one.
    keep=()
    [ -n "${FUZZ_KEEP_GOING:-}" ] && keep=(-fork=1 -ignore_crashes=1)
    touch "$out/$t.start"
    # (SWIFT_BACKTRACE off: the Swift crash handler trips ASan after a fatalError.)
    if ! SWIFT_BACKTRACE=enable=no "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len=8192 \
            -artifact_prefix="$out/crash-$t-" -print_final_stats=1 "${keep[@]}" "$out/corpus/$t" >"$log" 2>&1; then
        say "$t FAILED (log: $log)"; grep -E 'ERROR|Fatal|crash-' "$log" | head -5 >&2; status=1
    fi
    new=$(find "$out" -maxdepth 1 -name "crash-$t-*" -newer "$out/$t.start" | wc -l)
    if [ "$new" -gt 0 ]; then say "$t: $new new failing inputs in $out/crash-$t-*"; status=1; fi
    execs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' || true)
    # (A forked run prints no final stats: its last '#N:' progress line counts instead.)
    [ -n "$execs" ] || execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
    cov=$(grep -E '#[0-9]+.*cov:' "$log" | tail -1 | sed -E 's/.*cov: ([0-9]+) ft: ([0-9]+).*/cov \1 ft \2/')
    say "$t: ${execs:-?} executions, ${cov:-no coverage line}, corpus $(find "$out/corpus/$t" -type f | wc -l)"
done
exit $status
