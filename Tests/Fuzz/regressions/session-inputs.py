#!/usr/bin/env python3
"""Writes the session fuzzer's hand-made regression inputs (Tests/Fuzz/SessionFuzz.swift
documents the format) into regressions/session/. forged-*: issue 26's forged unlocks,
which the oracle must trap whenever the implementation unlocks; legit-*: real slides the
oracle must accept (the mapping checks: rotations, right to left, calibration), which
should unlock (run them with SLIDELOCK_FUZZ_CONVERSE=1 to check that they do).

Geometry at 800x480 with the defaults: the thumb spans x 81.8...142.2, y 209.8...270.2;
the travel is 576 px. Run: python3 Tests/Fuzz/regressions/session-inputs.py"""
import os
import random
import sys


def config(ghost=True, half=False, rtl=False, quarter=0, fling=False, hook=False, swap=False, three_quarters=False):
    """Bit 1 is threshold 0.5 in exit mode, 0.75 in hook mode (bit 6)."""
    if three_quarters:
        half, hook = True, True
    return (
        (0 if ghost else 1) | (2 if half else 0) | (4 if rtl else 0) | (quarter << 3)
        | (32 if fling else 0) | (64 if hook else 0) | (128 if swap else 0))


class Input:
    def __init__(self, cfg):
        self.bytes = bytearray([cfg])

    def op(self, op, a=0, b=0):
        self.bytes += bytes([op, a & 255, b & 255])
        return self

    def slot(self, n): return self.op(0, n)
    def tid(self, n): return self.op(1, n)
    def lift(self): return self.op(2)
    def syn(self): return self.op(5)

    def x(self, v): return self.op(3, v >> 8, v)
    def y(self, v): return self.op(4, v >> 8, v)

    def wait(self, seconds):
        ticks = round(seconds / 0.0001)
        while ticks > 0:
            step = min(ticks, 65535)
            self.op(6, step >> 8, step)
            ticks -= step
        return self

    def down(self, x, y, tid=1, slot=None):
        if slot is not None: self.slot(slot)
        return self.x(x).y(y).tid(tid).syn()

    def at(self, x=None, y=None):
        """A sample: new position, SYN_REPORT (no time passes)."""
        if x is not None: self.x(x)
        if y is not None: self.y(y)
        return self.syn()

    def up(self, slot=None):
        if slot is not None: self.slot(slot)
        return self.lift().syn()

    def slide_x(self, steps, dx4, ms=16):
        """steps samples, each x += dx4 * 4 px then ms milliseconds."""
        for _ in range(steps): self.op(7, dx4, round(ms / 0.2))
        return self

    def slide_y(self, steps, dy, ms=16):
        for _ in range(steps): self.op(8, dy, round(ms / 0.2))
        return self

    def drop(self): return self.op(9)
    def resync(self): return self.op(10)
    def remove(self): return self.op(11)
    def readopt(self): return self.op(12)
    def remap(self, mode): return self.op(13, mode)
    def reload(self, variant): return self.op(14, variant)
    def usr1(self): return self.op(15)
    def usr2(self): return self.op(16)
    def dim(self): return self.op(17, 0)
    def blank(self): return self.op(17, 1)
    def master_lost(self): return self.op(18)
    def master_back(self): return self.op(19)


def minimum_jerk(u):
    u = min(max(u, 0.0), 1.0)
    return 10 * u ** 3 - 15 * u ** 4 + 6 * u ** 5


def jerk_slide(i, hz, seconds, pause=0.0, quarter=0, seed=1, phase=0.5):
    """From rest on the thumb at (112, 240): a minimum-jerk stroke over the travel and 24 px
    past its end (with `pause`: half the travel, a pause, the rest, each half of `seconds`),
    +-1 px of jitter along the track and +-2 px across it, reported at `hz` (the first
    report `phase` of an interval after the motion starts), then the lift one report after
    the end. quarter=1: the panel turned a quarter (device x = 480 - y, device y = x)."""
    rnd = random.Random(seed)
    length, half = 576 + 24, 288

    def along(t):
        if not pause:
            return length * minimum_jerk(t / seconds)
        leg = seconds / 2
        if t <= leg:
            return half * minimum_jerk(t / leg)
        if t <= leg + pause:
            return half
        return half + (length - half) * minimum_jerk((t - leg - pause) / leg)

    def report(x, y):
        return i.at(x=round(480 - y), y=round(x)) if quarter else i.at(x=round(x), y=round(y))

    if quarter:
        i.down(240, 112)
    else:
        i.down(112, 240)
    i.wait(0.2)
    t = phase / hz
    while True:
        report(112 + along(t) + rnd.uniform(-1, 1), 240 + rnd.uniform(-2, 2))
        if t >= seconds + pause:
            break
        t += 1 / hz
        i.wait(1 / hz)
    return i.wait(1 / hz).up().wait(0.1)


def real_slide(i, rest=0.1):
    """On the thumb at (112, 240): rests, then 24 moves of 24 px every 16 ms, lifts."""
    return i.wait(rest).slide_x(24, 6).wait(0.05).up()


def cases():
    c = {}
    # Issue 26: a finger rests on the thumb, twitches 2 px, then four samples 1 ms apart
    # carry it 600 px.
    i = Input(config()).down(112, 240).wait(0.5).at(x=114).wait(0.5)
    for k in range(1, 5): i.at(x=114 + 150 * k).wait(0.001)
    c["forged-burst-after-twitch-1ms"] = i.wait(0.05).up()
    # The same with one timestamp for the whole burst.
    i = Input(config()).down(112, 240).wait(0.5).at(x=114).wait(0.5)
    for k in range(1, 5): i.at(x=114 + 150 * k)
    c["forged-burst-after-twitch-same-time"] = i.wait(0.05).up()
    # No twitch: 600 px in 17 ms (1 ms samples of 36 px) after resting.
    i = Input(config()).down(112, 240).wait(0.5)
    for k in range(1, 18): i.at(x=112 + 36 * k).wait(0.001)
    c["forged-600px-in-17ms"] = i.wait(0.05).up()
    # ... and straight after landing.
    i = Input(config()).down(112, 240).wait(0.001)
    for k in range(1, 18): i.at(x=112 + 36 * k).wait(0.001)
    c["forged-600px-in-17ms-from-landing"] = i.wait(0.05).up()
    # The wake touch on a dark panel, then events dropped and resynced while it is down:
    # the resync re-reports it as a new contact, which then slides.
    i = Input(config()).blank().down(112, 240).wait(0.1).drop().at(x=113).wait(0.01).resync()
    c["forged-wake-touch-after-syn-dropped"] = real_slide(i)
    # The wake touch while the device is removed and adopted again with the finger down.
    i = Input(config()).blank().down(112, 240).wait(0.1).remove().wait(0.05).readopt()
    c["forged-wake-touch-after-readoption"] = real_slide(i)
    # The wake touch on a dim panel when SIGHUP reloads while it is down.
    i = Input(config()).dim().down(112, 240).wait(0.1).reload(0)
    c["forged-wake-touch-then-sighup"] = real_slide(i)
    # SIGUSR2 within 30 ms of the wake touch, which then slides.
    i = Input(config()).blank().down(112, 240).wait(0.02).usr2()
    c["forged-wake-touch-then-sigusr2"] = real_slide(i)
    # SIGUSR2 while a finger rests on the thumb, then it slides.
    i = Input(config()).down(112, 240).wait(0.05).usr2()
    c["forged-slide-through-sigusr2"] = real_slide(i)
    # The one-finger rule after an uncertain moment: finger A rests on the glass far from
    # the track, something happens, finger B slides while A still rests.
    for name, event in [
        ("sigusr1", lambda i: i.usr1()), ("sighup", lambda i: i.reload(0)),
        ("relayout", lambda i: i.remap(1).remap(0)), ("syn-dropped", lambda i: i.drop().resync()),
        ("readoption", lambda i: i.remove().readopt()), ("master", lambda i: i.master_lost().master_back()),
    ]:
        i = Input(config()).down(600, 100, tid=1, slot=0).wait(0.2)
        event(i)
        i.wait(0.1).down(112, 240, tid=2, slot=1)
        c["forged-second-finger-after-" + name] = real_slide(i).up(slot=0)
    # A second finger's slide while another rests, no event at all (the plain rule).
    i = Input(config()).down(600, 100, tid=1, slot=0).wait(0.2).down(112, 240, tid=2, slot=1)
    c["forged-second-finger-while-another-rests"] = real_slide(i).up(slot=0)
    # A finger resting through DRM master lost and back, then sliding.
    i = Input(config()).down(112, 240).wait(0.1).master_lost().wait(0.1).master_back()
    c["forged-slide-across-master-loss"] = real_slide(i)
    # A finger resting through SIGUSR1 (relock), then sliding.
    i = Input(config()).down(112, 240).wait(0.1).usr1()
    c["forged-slide-across-sigusr1"] = real_slide(i)

    # Found by the fuzzer, then understood: the slot's tracking id changes without a lift in
    # the middle of a slide; the new contact lands on the thumb where the first one left
    # it and itself covers the (half) threshold: a caught thumb, legitimate.
    i = Input(config(half=True)).down(112, 240).wait(0.1).slide_x(4, 6).tid(2).slide_x(21, 6)
    c["legit-tracking-id-change-catches-thumb"] = i.wait(0.05).up()

    # Found by the fuzzer on the authority (aab6338): the finger rests, then one report 30 ms
    # later carries it 300 px past the (half) threshold, then three small steps back: the
    # distance was reached within one report interval and 30 ms, under min_duration.
    i = Input(config(half=True)).down(112, 240).wait(0.33).at(x=412)
    for k in range(3): i.wait(0.016).at(x=412 - 4 * (k + 1))
    c["forged-threshold-in-one-report-then-drift-back"] = i.wait(0.016).up()

    # The slide rule: one report from rest carries the finger past the distance, then it
    # creeps on 2 px a report for 0.3 s at 30 Hz: never opens, whatever comes after.
    for name, cfg, past in [("", config(), 112 + 576 + 10), ("-half", config(half=True), 112 + 288 + 10),
                            ("-three-quarters", config(three_quarters=True), 112 + 432 + 10)]:
        i = Input(cfg).down(112, 240).wait(0.3).at(x=past)
        for k in range(1, 10): i.wait(1 / 30).at(x=past + 2 * k)
        c["forged-one-report-crossing-then-creep-30hz" + name] = i.wait(0.1).up()

    # The same from behind the landing place: 72 px back, 40 px forward again, then one report
    # past the (half) distance and the creep: behind where it landed is still there.
    i = Input(config(half=True)).down(112, 240).wait(0.3).at(x=40).wait(0.016).at(x=64).wait(0.016).at(x=80)
    i.wait(0.3).at(x=408)
    for k in range(1, 10): i.wait(1 / 30).at(x=408 + 2 * k)
    c["forged-back-then-one-report-crossing-then-creep"] = i.wait(0.1).up()

    # The open set of the slide rule: minimum-jerk slides from rest.
    c["legit-jerk-60hz-90ms"] = jerk_slide(Input(config()), 60, 0.09)
    c["legit-jerk-60hz-90ms-rotate-90-three-quarters"] = jerk_slide(
        Input(config(quarter=1, three_quarters=True)), 60, 0.09, quarter=1, seed=2)
    c["legit-jerk-30hz-100ms"] = jerk_slide(Input(config()), 30, 0.1, seed=3)
    c["legit-jerk-30hz-100ms-half"] = jerk_slide(Input(config(half=True)), 30, 0.1, seed=4, phase=0.2)
    c["legit-jerk-200hz-65ms"] = jerk_slide(Input(config()), 200, 0.065, seed=5)
    c["legit-jerk-200hz-65ms-half"] = jerk_slide(Input(config(half=True)), 200, 0.065, seed=6, phase=0.8)
    c["legit-jerk-60hz-pause-at-half"] = jerk_slide(Input(config()), 60, 0.6, pause=1, seed=7)
    c["legit-jerk-60hz-pause-at-half-half"] = jerk_slide(Input(config(half=True)), 60, 0.6, pause=1, seed=8)

    # Real slides: the oracle must accept them wherever they unlock.
    c["legit-slide"] = real_slide(Input(config()).down(112, 240))
    c["legit-slide-half-threshold"] = real_slide(Input(config(half=True)).down(112, 240))
    c["legit-slide-no-ghost-filter"] = real_slide(Input(config(ghost=False)).down(112, 240))
    c["legit-slide-rtl"] = Input(config(rtl=True)).down(688, 240).wait(0.1).slide_x(24, -6).wait(0.05).up()
    # Turned a quarter (device 480x800): logical x is device y, logical y is 480 - device x.
    c["legit-slide-rotate-90"] = Input(config(quarter=1)).down(240, 112).wait(0.1).slide_y(24, 24).wait(0.05).up()
    c["legit-slide-rotate-180"] = Input(config(quarter=2)).down(688, 240).wait(0.1).slide_x(24, -6).wait(0.05).up()
    c["legit-slide-rotate-270"] = Input(config(quarter=3)).down(240, 688).wait(0.1).slide_y(24, -24).wait(0.05).up()
    # Swapped axes: logical x from device y (0...479 over 800 px), logical y from device x.
    c["legit-slide-swapped-axes"] = Input(config(swap=True)).down(400, 67).wait(0.1).slide_y(26, 14).wait(0.05).up()
    # A touch 50 ms after SIGUSR2 woke the panel landed on a lit lock (10 ms after, the
    # first frame may not be on the panel yet: the lock rightly refuses that one).
    c["legit-touch-after-sigusr2-wake"] = real_slide(Input(config()).blank().usr2().wait(0.05).down(112, 240))
    # A finger slides 400 px and lifts; another catches the thumb on its way home 50 ms
    # later and carries it the whole (half) threshold itself.
    i = Input(config(half=True)).down(112, 240).wait(0.1).slide_x(17, 6).up().wait(0.05).down(400, 240, tid=2)
    c["legit-catch-springing-thumb"] = i.wait(0.05).slide_x(16, 6).wait(0.05).up()
    c["legit-slide-after-wake"] = real_slide(Input(config()).blank().down(112, 240).wait(0.1).up().wait(0.5)
                                             .down(112, 240))
    # Tap-to-open (issue 30; the fuzzer turns it on with SLIDELOCK_FUZZ_TAP=1): a tap on the
    # thumb, then one on the Open button at the track's end (x 688).
    def first_tap(i): return i.down(112, 240).wait(0.1).up().wait(0.5)
    c["legit-double-tap"] = first_tap(Input(config())).down(688, 240, tid=2).wait(0.1).up().wait(0.3)
    c["forged-tap-second-finger"] = (first_tap(Input(config())).down(688, 240, tid=2, slot=0).wait(0.02)
                                     .down(400, 100, tid=3, slot=1).wait(0.08).up(slot=0).wait(0.05)
                                     .up(slot=1).wait(0.3))
    c["forged-tap-resync-between"] = (first_tap(Input(config())).drop().resync().wait(0.1)
                                      .down(688, 240, tid=2).wait(0.1).up().wait(0.3))
    c["forged-tap-usr1-between"] = first_tap(Input(config())).usr1().down(688, 240, tid=2).wait(0.1).up().wait(0.3)
    c["forged-tap-wake-taps"] = (first_tap(Input(config()).blank()).down(688, 240, tid=2).wait(0.1).up()
                                 .wait(0.3))
    c["forged-tap-too-long"] = (Input(config()).down(112, 240).wait(0.9).up().wait(0.5).down(688, 240, tid=2)
                                .wait(0.1).up().wait(0.3))
    c["forged-tap-expired"] = first_tap(Input(config())).wait(5).down(688, 240, tid=2).wait(0.1).up().wait(0.3)
    c["forged-tap-moved"] = (Input(config()).down(112, 240).wait(0.03).at(112, 260).wait(0.07).up().wait(0.5)
                             .down(688, 240, tid=2).wait(0.1).up().wait(0.3))
    return c


def main():
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "session")
    os.makedirs(here, exist_ok=True)
    for name, i in sorted(cases().items()):
        with open(os.path.join(here, name + ".bin"), "wb") as f:
            f.write(i.bytes)
        print(name, len(i.bytes), file=sys.stderr)


if __name__ == "__main__":
    main()
