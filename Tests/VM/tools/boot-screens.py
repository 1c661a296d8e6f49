#!/usr/bin/env python3
"""boot-screens.py DIR --lock LOCK.png --glyphs GLYPHS.png --grid COLSxROWS
                   --control CONTROL.png --control-at ROW,COL [--text login:]
- judges the periodic screendumps of a boot (run.sh -P: DIR/dumps.log, DIR/dump-N.png) and
places them on the guest's clock (the "guest clock" lines of DIR/driver.log).

Every dump must be one of three pictures, in this order and never back:
  placeholder  QEMU's own surface while the guest drives no display (its size differs)
  console      a text console: nothing but the 16 colours of the Linux console palette
  lock         LOCK.png, the lock's render, hue-invariant as test-all.sh's `golden`
and once the lock is shown, every later dump is the lock. Anything else fails, by file name.

No dump may show TEXT (default "login:", what agetty's prompt ends with). The check is by the
console's own glyphs, no OCR: GLYPHS.png is the same VM's tty1 with TEXT printed at its top
left; the screen is cut into the console's COLSxROWS character cells, each cell reduced to
its ink (a channel above 64), and TEXT is found where consecutive cells equal GLYPHS.png's
first len(TEXT) cells. The positive control: CONTROL.png is the VM's tty1 with a real getty
prompt, whose TEXT the guest located at ROW,COL through /dev/vcs1; it must be found there.

Kernel start on the driver's clock is the smallest (arrival time - guest uptime) over the
guest clock samples. Exit status 0 with a summary as the last line, 1 with the reason.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmimage  # noqa: E402

# The Linux console's default palette (drivers/tty/vt: the VGA colours), as a 32-bit fbcon
# draws them.
PALETTE = {bytes(c) for c in ((0, 0, 0), (0, 0, 0xaa), (0, 0xaa, 0), (0, 0xaa, 0xaa), (0xaa, 0, 0), (0xaa, 0, 0xaa),
                              (0xaa, 0x55, 0), (0xaa, 0xaa, 0xaa), (0x55, 0x55, 0x55), (0x55, 0x55, 0xff),
                              (0x55, 0xff, 0x55), (0x55, 0xff, 0xff), (0xff, 0x55, 0x55), (0xff, 0x55, 0xff),
                              (0xff, 0xff, 0x55), (0xff, 0xff, 0xff))}
INK = bytes(1 if v > 64 else 0 for v in range(256))

ap = argparse.ArgumentParser()
ap.add_argument('dir')
ap.add_argument('--lock', required=True)
ap.add_argument('--glyphs', required=True)
ap.add_argument('--grid', required=True, help='the console size in characters, COLSxROWS')
ap.add_argument('--control', required=True)
ap.add_argument('--control-at', required=True, help='ROW,COL of TEXT in CONTROL')
ap.add_argument('--text', default='login:')
opt = ap.parse_args()


def fail(why):
    print('boot-screens: ' + why)
    sys.exit(1)


def path(name):
    return name if os.path.isabs(name) else os.path.join(opt.dir, name)


cols, rows = (int(n) for n in opt.grid.split('x'))


def cells(image):
    """The ink of every character cell, as {(row, col): bytes}."""
    w, h, lines = image
    cw, ch = w // cols, h // rows
    ink = []
    for line in lines:
        t = line.translate(INK)
        ink.append(bytes(a | b | c for a, b, c in zip(t[0::3], t[1::3], t[2::3])))
    return {(r, c): b''.join(ink[r * ch + y][c * cw:(c + 1) * cw] for y in range(ch))
            for r in range(h // ch) for c in range(w // cw)}


template = cells(vmimage.read_png(path(opt.glyphs)))
template = [template[(0, c)] for c in range(len(opt.text))]
if not all(any(cell) for cell in template[:len(opt.text.strip())]):
    fail('%s: no ink where "%s" was printed (top left): no reference glyphs' % (opt.glyphs, opt.text))


def find_text(image):
    """Where TEXT appears, as [(row, col)]."""
    grid = cells(image)
    n = len(template)
    return [(r, c) for (r, c) in grid if all(grid.get((r, c + i)) == template[i] for i in range(n))]


control = find_text(vmimage.read_png(path(opt.control)))
want = tuple(int(n) for n in opt.control_at.split(','))
if want not in control:
    fail('the detector misses the real getty prompt: "%s" expected at %s in %s, found at %s'
         % (opt.text, want, opt.control, control))

lock = vmimage.read_png(path(opt.lock))


def luma(p):
    return 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]


def is_lock(lines, tolerance=4, max_fraction=0.001):
    """compare-images.py --hue-invariant --channel-tolerance 4 --max-fraction 0.001 against
    the render, which is read once here (the hue only moves the track's rows)."""
    w, h, want = lock
    differing = 0
    for got_row, want_row in zip(lines, want):
        if got_row == want_row:
            continue
        for x in range(0, w * 3, 3):
            a, b = got_row[x:x + 3], want_row[x:x + 3]
            if max(abs(a[i] - b[i]) for i in range(3)) <= tolerance:
                continue
            if max(b) - min(b) <= 16 or abs(luma(a) - luma(b)) > tolerance:   # greys keep every channel
                differing += 1
    return differing <= max_fraction * w * h


def classify(name):
    image = vmimage.read_png(path(name))
    w, h, lines = image
    if (w, h) != lock[:2]:
        kind = 'placeholder'
    elif all(line[i:i + 3] in PALETTE for line in lines for i in range(0, len(line), 3)):
        kind = 'console'
    else:
        kind = 'lock' if is_lock(lines) else 'other'
    return kind, (find_text(image) if kind != 'lock' else [])


# --- the dumps, in order --------------------------------------------------------------------
dumps = []
for line in open(path('dumps.log')):
    words = line.split()
    if len(words) == 4 and words[3].endswith('.png'):
        dumps.append((float(words[0]), words[3]))
if not dumps:
    fail('no screendumps in %s' % path('dumps.log'))
offsets = []
for line in open(path('driver.log')):
    words = line.replace('[', ' ').replace(']', ' ').split()
    if words[1:3] == ['guest', 'clock']:
        offsets.append(float(words[0]) - float(words[3]))
if not offsets:
    fail('no guest clock samples in driver.log')
kernel = min(offsets)

kinds, order, counts = {}, ['placeholder', 'console', 'lock'], {}
stage, first_lock, last_before = 0, None, None
for t, name in dumps:
    if name not in kinds:
        kinds[name] = classify(name)
        counts[kinds[name][0]] = counts.get(kinds[name][0], 0) + 1
    kind, found = kinds[name]
    at = t - kernel
    if found:
        fail('%s (%.2f s after kernel start) shows "%s" at %s' % (name, at, opt.text, found))
    if kind == 'other':
        fail('%s (%.2f s after kernel start) is neither the console nor the lock' % (name, at))
    if order.index(kind) < stage:
        fail('%s (%.2f s after kernel start): %s after the %s' % (name, at, kind, order[stage]))
    stage = order.index(kind)
    if kind == 'lock' and first_lock is None:
        first_lock = at
    if first_lock is None:
        last_before = (at, kind)
if first_lock is None:
    fail('no dump shows the lock')
gaps = [b[0] - a[0] for a, b in zip(dumps, dumps[1:])]
print('kernel start: %.2f s after QEMU started (guest clock, %d samples; spread %.3f s)'
      % (kernel, len(offsets), max(offsets) - kernel))
print('%d dumps over %.1f s, every %.2f s on average, longest gap %.2f s; pictures: %s'
      % (len(dumps), dumps[-1][0] - dumps[0][0], sum(gaps) / max(1, len(gaps)), max(gaps or [0]),
         ', '.join('%d %s' % (counts[k], k) for k in order if k in counts)))
if last_before:
    print('last dump before the lock: %s at %.2f s after kernel start' % (last_before[1], last_before[0]))
print('detector control: "%s" found at %s in %s (getty\'s prompt)' % (opt.text, want, opt.control))
print('boot to lock (screendumps): %.2f s after kernel start; no dump shows "%s"' % (first_lock, opt.text))
