#!/usr/bin/env python3
"""check-pattern.py IMAGE.png [--size WxH] [--tolerance N] - is this the drm-smoke pattern?

The pattern (Sources/slidelock/SmokePattern.swift): six vertical colour bars (red, green,
blue, white, yellow, magenta), bar i spanning x in [i*W/6, (i+1)*W/6), over the top 3/4 of the
height; below, a 0x202020 band holding one cyan (0x00FFFF) square of side H/8, vertically
centred in the band, anywhere horizontally (it moves).  Every pixel away from the edges
between regions must match within the tolerance; prints one line and exits 0 if it does."""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmimage  # noqa: E402

BARS = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (255, 255, 0), (255, 0, 255)]
BAND, SQUARE = (0x20, 0x20, 0x20), (0, 255, 255)


def close(a, b, tol):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def check(path, size, tol):
    w, h, rows = vmimage.read_png(path)
    if size and (w, h) != size:
        return 'size %dx%d, expected %dx%d' % (w, h, size[0], size[1])
    px = lambda x, y: tuple(rows[y][3 * x:3 * x + 3])
    bar_bottom, side = h * 3 // 4, max(1, h // 8)
    for i, colour in enumerate(BARS):                   # a grid of samples inside each bar
        x0, x1 = i * w // 6 + 2, (i + 1) * w // 6 - 3
        for y in range(2, bar_bottom - 2, max(1, bar_bottom // 16)):
            for x in range(x0, x1, max(1, (x1 - x0) // 8)):
                if not close(px(x, y), colour, tol):
                    return 'bar %d at (%d,%d) is %s, expected %s' % (i, x, y, px(x, y), colour)
    top = bar_bottom + (h - bar_bottom - side) // 2
    row = rows[top + side // 2]
    cyan = [x for x in range(w) if close(tuple(row[3 * x:3 * x + 3]), SQUARE, tol)]
    if not cyan:
        return 'no cyan square in the band'
    left = cyan[0]
    if len(cyan) != side or cyan[-1] != left + side - 1:
        return 'cyan run in the band is %d px wide at x=%d, expected one run of %d' % (len(cyan), left, side)
    for y in range(bar_bottom + 1, h - 1, 3):            # band: square or background, nothing else
        inside = top <= y < top + side
        for x in range(1, w - 1, 7):
            want = SQUARE if inside and left <= x < left + side else BAND
            edge = inside and (abs(x - left) <= 1 or abs(x - left - side) <= 1)
            if not edge and not close(px(x, y), want, tol):
                return 'band pixel (%d,%d) is %s, expected %s' % (x, y, px(x, y), want)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('image')
    ap.add_argument('--size', help='expected WxH')
    ap.add_argument('--tolerance', type=int, default=8)
    a = ap.parse_args()
    size = tuple(int(v) for v in a.size.split('x')) if a.size else None
    try:
        problem = check(a.image, size, a.tolerance)
    except (OSError, ValueError) as e:
        problem = str(e)
    print('%s: %s' % (os.path.basename(a.image), problem or 'pattern ok'))
    sys.exit(1 if problem else 0)


if __name__ == '__main__':
    main()
