#!/usr/bin/env python3
"""Judges QEMU's virtio_gpu_cmd_res_flush trace of a VM test by the phases the guest logged.

flush-trace.py --refresh HZ --inside X,Y,W,H [--margin PX] DRIVER_LOG TRACE_LOG

The guest marks phases with `vm_log phase NAME` (driver.log, seconds since the driver's
start, whose wall clock it prints first); QEMU's log backend stamps each trace line with
the wall clock (`-msg timestamp=on`: `PID@SECONDS.MICROS:event ...`). For each phase but the last marker: the
flushes per second (at most the refresh rate + 2 %), and every flushed rectangle inside
X,Y,W,H grown by the margin (the region that changes). Prints one line per phase; exit 1
when a phase breaks either rule.
"""
import argparse
import re
import sys

p = argparse.ArgumentParser()
p.add_argument('--refresh', type=float, required=True)
p.add_argument('--inside', required=True)
p.add_argument('--margin', type=int, default=0)
p.add_argument('driver_log')
p.add_argument('trace_log')
a = p.parse_args()

wall0 = None
phases = []
for line in open(a.driver_log):
    m = re.match(r'wall clock at 0: ([0-9.]+)', line)
    if m:
        wall0 = float(m.group(1))
    m = re.match(r'\[\s*([0-9.]+)\] guest: log phase (\S+)', line)
    if m:
        phases.append((float(m.group(1)), m.group(2)))
if wall0 is None or len(phases) < 2:
    sys.exit('flush-trace: driver.log has no wall clock or fewer than two phase markers')

flushes = []
for line in open(a.trace_log):
    m = re.match(r'\d+@([0-9.]+):virtio_gpu_cmd_res_flush res 0x[0-9a-f]+, w (\d+), h (\d+), x (\d+), y (\d+)', line)
    if m:
        t, w, h, x, y = float(m.group(1)) - wall0, *map(int, m.groups()[1:])
        flushes.append((t, x, y, w, h))
if not flushes:
    sys.exit('flush-trace: no virtio_gpu_cmd_res_flush lines in the trace')

bx, by, bw, bh = map(int, a.inside.split(','))
bx, by, bw, bh = bx - a.margin, by - a.margin, bw + 2 * a.margin, bh + 2 * a.margin
failed = False
report = []
for (start, name), (end, _) in zip(phases, phases[1:]):
    inside = [f for f in flushes if start <= f[0] < end]
    rate = len(inside) / (end - start)
    outside = [f for f in inside if f[1] < bx or f[2] < by or f[1] + f[3] > bx + bw or f[2] + f[4] > by + bh]
    mean = sum(f[3] * f[4] for f in inside) / len(inside) if inside else 0
    ok = rate <= a.refresh * 1.02 and not outside and inside
    failed |= not ok
    report.append('%s: %d flushes in %.2f s = %.1f/s (refresh %.2f), %.0f px a flush%s%s' % (
        name, len(inside), end - start, rate, a.refresh, mean,
        ', %d outside %s, e.g. %dx%d at %d,%d' % ((len(outside), a.inside) + outside[0][3:5] + outside[0][1:3])
        if outside else '', '' if inside else ', none'))
print('; '.join(report))
sys.exit(1 if failed else 0)
