#!/usr/bin/env python3
"""compare-images.py A.png B.png [--max-fraction F] [--channel-tolerance T] - the same picture?

Exits 0 when at most F (default 0.01) of the pixels differ by more than T (default 16) in
any channel: room for a blinking console cursor, nothing more. The golden tolerance of the
unit tests is T=4, F=0.001."""
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
opt = ap.parse_args()
wa, ha, ra = vmimage.read_png(opt.a)
wb, hb, rb = vmimage.read_png(opt.b)
if (wa, ha) != (wb, hb):
    sys.exit('%s vs %s: sizes differ (%dx%d, %dx%d)' % (opt.a, opt.b, wa, ha, wb, hb))
differing = sum(1 for y in range(ha) for x in range(0, wa * 3, 3)
                if max(abs(ra[y][x + i] - rb[y][x + i]) for i in range(3)) > opt.channel_tolerance)
fraction = differing / float(wa * ha)
print('%s vs %s: %.4f of the pixels differ' % (os.path.basename(opt.a), os.path.basename(opt.b), fraction))
sys.exit(0 if fraction <= opt.max_fraction else 1)
