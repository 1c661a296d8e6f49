#!/usr/bin/env bash
# libFuzzer fuzzers for the parsers and the touch path (hostile input), built with swiftc
# -sanitize=fuzzer,address against the SlideLockCore sources: SwiftPM cannot give one
# target fuzzer flags, so they live outside the package.
#
#   Tests/Fuzz/fuzz.sh [SECONDS] [TARGET...]   build, then run each target SECONDS (default 60)
# Targets: config script evemu session oracle render (default all). Corpora grow in .build/fuzz/corpus/;
# a crash leaves .build/fuzz/crash-* (in .build/fuzz-Onone/ with FUZZ_OPT=-Onone: CI's) and fails
# the run (copy it to regressions/TARGET/ once fixed: those are replayed on every run). Prints
# executions and coverage.
# FUZZ_CORE=DIR fuzzes another checkout's SlideLockCore sources (builds in .build/fuzz-NAME).
# FUZZ_OPT=-Onone builds the core, the platform, the oracle and the fuzzers unoptimised: a third
# of the compile time for fewer executions a second, for a few seconds a target (CI's fuzz
# part); the renderer stays optimised, as in every build of the package (Package.swift).
# The session and evemu targets judge every unlock with the oracle in Tests/Fuzz/Oracle.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(config script evemu session oracle render)
core=${FUZZ_CORE:-Sources/SlideLockCore}
opt=${FUZZ_OPT:--O}
case $opt in -O | -Onone) ;; *) printf 'fuzz: FUZZ_OPT is -O or -Onone, not %s\n' "$opt" >&2; exit 2 ;; esac
out=.build/fuzz
[ -n "${FUZZ_CORE:-}" ] && out=.build/fuzz-$(basename "$(cd "$core/../.." && pwd)")
[ "$opt" = -O ] || out=$out$opt
mkdir -p "$out"
say() { printf 'fuzz: %s\n' "$*" >&2; }
command -v swiftc >/dev/null || export PATH=/opt/swift/usr/bin:$PATH
export LSAN_OPTIONS=suppressions=$PWD/Tests/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}

# The modules under test, instrumented, with @testable access: the core always; the renderer
# and what it needs (the platform edge, the C libraries' module maps) for the render target.
# Each is rebuilt when one of its sources, or a module it is built against, is newer.
src=$(dirname "$core")
flags=('-sanitize=fuzzer,address' "$opt" -swift-version 6 -parse-as-library)
c_flags=()
for m in CDRM CEvdev CFreeType CHarfBuzz CFontconfig CPNG CLinux; do c_flags+=(-I "$src/$m"); done
for f in $(pkg-config --cflags-only-I freetype2 harfbuzz fontconfig libpng libdrm libevdev 2>/dev/null); do
    c_flags+=(-Xcc "$f")
done
c_libs=(-lfreetype -lharfbuzz -lfontconfig -lpng16 -ldrm -levdev -lm)
build_module() {  # NAME, then the modules it is built against
    local name=$1 lib=$out/lib$1.a dep stale=
    local module_flags=("${flags[@]}")
    shift
    [ "$name" = SlideLockRender ] && module_flags=("${flags[@]/#-Onone/-O}")
    if [ ! -f "$lib" ] || [ -n "$(find "$src/$name" -newer "$lib" -name '*.swift')" ]; then stale=1; fi
    for dep in "$@"; do if [ "$out/lib$dep.a" -nt "$lib" ]; then stale=1; fi; done
    [ -n "$stale" ] || return 0
    say "building $name (instrumented)"
    local sources
    mapfile -t sources < <(find "$src/$name" -name '*.swift' | sort)
    swiftc -emit-library -static -emit-module -module-name "$name" -enable-testing "${module_flags[@]}" -I "$out" \
        "${c_flags[@]}" "${sources[@]}" -emit-module-path "$out/$name.swiftmodule" -o "$lib" \
        >"$out/build-$name.log" 2>&1 || { cat "$out/build-$name.log" >&2; exit 1; }
}
build_module SlideLockCore
case " ${targets[*]} " in
    *" render "*) build_module SlideLockPlatform SlideLockCore && build_module SlideLockRender SlideLockCore SlideLockPlatform ;;
esac

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
# The render target (Tests/Fuzz/RenderFuzz.swift has the format): 800x480 locked, dragged
# half-way with a message, unlocked with the clock and the identify border; 1x1 turned a
# quarter in RGB565, failed, NaN progress; 2x3 in BGR565 with padded rows; 480x800
# high-contrast, right to left, Hebrew label, every notice; out of service at 320x240.
frame='\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00'
seed render "\x00\x00\x03\x1f\x01\xdf\x00$frame\x02\x02\x01\x64\x00\x00\x00\x00\x01\x00\x00\x02\x06\x00\x01\x02\x03\x04\x05\x04\x01\x00\x00\x00\x00\x00\x00\x01\x00\x20\x01\x05\x11\x12\x1a\x13\x14\x03\x2a\x2b\x2c" \
    '\x14\x00\x00\x00\x00\x00\x03\x05\x05\x00\x00\x06\x00\x00\x00\x01\x00\x00\x00' \
    "\x2c\x00\x00\x01\x00\x02\x10$frame$frame" \
    '\x4b\x1d\x01\xdf\x03\x1f\x00\x04\x1e\x1f\x20\x21\x00\x03\x30\x31\x32\xff\x22\x23\x24\x25\x26\x27\x28\x29\x01\x60\x01\x64\x20\x00\x00\x00\x01\x00\x0d\x02\x10\x22\x23\x24\x25\x26\x27\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05' \
    '\x01\x00\x01\x3f\x00\xef\x05\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x10\x00\x0b\x00\x01\x02\x03\x04\x05\x3a\x3b\x3c\x3d\x3e'

status=0
for t in "${targets[@]}"; do
    case $t in
        config) file=ConfigFuzz.swift ;; script) file=ScriptFuzz.swift ;;
        evemu) file=EvemuFuzz.swift ;; session) file=SessionFuzz.swift ;; oracle) file=OracleFuzz.swift ;;
        render) file=RenderFuzz.swift ;;
        *) say "unknown target $t (config, script, evemu, session, oracle, render)"; exit 2 ;;
    esac
    bin=$out/fuzz-$t
    # The session and evemu targets judge unlocks: the glue to the implementation and the oracle.
    files=("Tests/Fuzz/$file")
    libs=("$out/libSlideLockCore.a")
    # The oracle target checks the oracle alone: no core, no glue.
    case $t in
        evemu | session) files+=(Tests/Fuzz/Glue/*.swift); libs+=("$out/libFuzzOracle.a") ;;
        oracle) libs=("$out/libFuzzOracle.a") ;;
        # The renderer, the platform edge it needs, and the C libraries they call.
        render) libs=("$out/libSlideLockRender.a" "$out/libSlideLockPlatform.a" "${libs[@]}" "${c_libs[@]}") ;;
    esac
    newer_lib=
    for lib in "${libs[@]}"; do if [ -f "$lib" ] && [ "$lib" -nt "$bin" ]; then newer_lib=1; fi; done
    if [ ! -x "$bin" ] || [ -n "$(find "${files[@]}" -newer "$bin")" ] || [ -n "$newer_lib" ] || [ "$out/libFuzzOracle.a" -nt "$bin" ]; then
        say "building $t"
        # (ld.gold warns about every ASan helper symbol: kept in the log, shown on failure.)
        swiftc "${flags[@]}" -I "$out" "${c_flags[@]}" "${files[@]}" "${libs[@]}" -o "$bin" \
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
