#!/bin/sh
# Instructions per frame of each kind (full, thumb, hue) at 800x480 and 1920x1080, counted
# by callgrind in `SceneRenderer.render` of the release build: the difference between a
# run of 50 frames and one of 250, so start-up and warm-up (fonts, glyphs) cancel out.
#
#   Tests/Tools/render-instructions.sh      (after swift build -c release --static-swift-stdlib)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
slidelock="$root/.build/release/slidelock"

count() { # size kind frames -> instructions inside render
    valgrind --tool=callgrind --callgrind-out-file="$work/out" --collect-atstart=no \
        --toggle-collect='*SceneRendererC6renderySay*' \
        "$slidelock" bench --frames "$3" --sizes "$1" --kinds "$2" --startup 0 >/dev/null 2>&1
    callgrind_annotate "$work/out" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}

printf "%-10s %-6s %12s\n" size kind "instr/frame"
for size in 800x480 1920x1080; do
    for kind in full thumb hue; do
        a=$(count "$size" "$kind" 50)
        b=$(count "$size" "$kind" 250)
        # Each frame of a kind is rendered twice by bench (timed, then for its damage).
        printf "%-10s %-6s %12d\n" "$size" "$kind" $(((b - a) / 400))
    done
done
