#!/usr/bin/env python3
"""compare-images.py A.png B.png [--max-fraction F] [--channel-tolerance T] - the same picture?

Exits 0 when at most F (default 0.01) of the pixels differ by more than T (default 16) in
any channel: room for a blinking console cursor, nothing more. The golden tolerance of the
unit tests is T=4, F=0.001.

--hue-invariant compares a screendump of the lock screen as it ships (the track's hue
animating) with a render at any hue: the W3C hue rotation keeps each pixel's luma (Rec. 709
weights, up to clipping: measured <= 1.2 of 255 over the whole +-20 degree sweep), so a pixel
matches when its luma is within T and, where the expected pixel is grey (hue rotation leaves
greys alone: background, white thumb and label), every channel is within T too. A thumb or
label in the wrong place still differs by up to 200 in luma."""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmimage  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument('a')
ap.add_argument('b')
ap.add_argument('--max-fraction', type=float, default=0.01)
ap.add_argument('--channel-tolerance', type=int, default=16)
ap.add_argument('--hue-invariant', action='store_true')
opt = ap.parse_args()
wa, ha, ra = vmimage.read_png(opt.a)
wb, hb, rb = vmimage.read_png(opt.b)
if (wa, ha) != (wb, hb):
    sys.exit('%s vs %s: sizes differ (%dx%d, %dx%d)' % (opt.a, opt.b, wa, ha, wb, hb))
T = opt.channel_tolerance


def luma(p):
    return 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]


def differs(pa, pb):
    if max(abs(pa[i] - pb[i]) for i in range(3)) <= T:
        return False
    if not opt.hue_invariant:
        return True
    if max(pb) - min(pb) <= 16:         # a grey: hue rotation does not touch it
        return True
    return abs(luma(pa) - luma(pb)) > T


differing = sum(1 for y in range(ha) if ra[y] != rb[y] for x in range(0, wa * 3, 3)   # equal rows: no pixel differs
                if differs(ra[y][x:x + 3], rb[y][x:x + 3]))
fraction = differing / float(wa * ha)
print('%s vs %s: %.4f of the pixels differ' % (os.path.basename(opt.a), os.path.basename(opt.b), fraction))
sys.exit(0 if fraction <= opt.max_fraction else 1)
