#!/bin/sh
# The renderer's budget: every frame kind (full, thumb, hue) of `slidelock bench`
# at 800x480 and 1920x1080 within 0.35x of the full frame cairo draws of the same scene
# (Tests/Tools/cairo-scene.c), measured side by side in this one run. Prints the ratios;
# never fails on time (a shared machine's numbers are noisy): it fails only when it cannot
# build or run either side.
#
#   Tests/Tools/render-budget.sh [ROUNDS]      (default 3; each side's best median kept)
#
# Needs libcairo2-dev (apt-get install libcairo2-dev): cairo is built into the peer only,
# never linked into slidelock. Builds slidelock as shipped (release, static Swift runtime).
set -eu
rounds=${1:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

pkg-config --exists cairo || { echo "render-budget: cairo not found: apt-get install libcairo2-dev" >&2; exit 1; }
# shellcheck disable=SC2046 # pkg-config's flags are words
gcc -O2 -o "$work/cairo-scene" "$root/Tests/Tools/cairo-scene.c" $(pkg-config --cflags --libs cairo) -lm
(cd "$root" && swift build -c release --static-swift-stdlib >"$work/build.log" 2>&1) || {
    cat "$work/build.log" >&2
    exit 1
}
slidelock="$root/.build/release/slidelock"

# Alternate the two so both see the same machine; keep each number's best median.
i=0
while [ "$i" -lt "$rounds" ]; do
    "$work/cairo-scene" 300 800x480 1920x1080 | awk '{ print $1, "cairo", $5 }' >>"$work/times"
    "$slidelock" bench --frames 300 --sizes 800x480,1920x1080 --startup 0 |
        awk '{ print $1, $2, $4 }' >>"$work/times"
    i=$((i + 1))
done

awk -v rounds="$rounds" '
    { key = $1 " " $2; if (!(key in best) || $3 < best[key]) best[key] = $3 }
    END {
        printf "%-10s %-6s %9s %9s %7s  (best median of %d rounds)\n", "size", "kind", "ms", "cairo ms", "ratio", rounds
        split("800x480 1920x1080", sizes, " ")
        split("full thumb hue", kinds, " ")
        for (s = 1; s <= 2; s++) for (k = 1; k <= 3; k++) {
            c = best[sizes[s] " cairo"]; t = best[sizes[s] " " kinds[k]]
            printf "%-10s %-6s %9.3f %9.3f %6.2fx%s\n", sizes[s], kinds[k], t, c, t / c, t / c <= 0.35 ? "" : "  over the 0.35x budget"
        }
    }' "$work/times"
