#!/usr/bin/env python3
"""Writes the evemu fuzzer's hand-made regression recordings into regressions/evemu/:
issue 26's forged unlocks as a Goodix panel (1024x600 units, multitouch) or an ADS7846
(4096x4096, single touch) would record them. On the 800x480 screen the thumb's centre is
at (112, 240) and the travel 576 px. Run: python3 Tests/Fuzz/regressions/evemu-inputs.py"""
import os

MT = """# EVEMU 1.3
N: Goodix Capacitive TouchScreen
I: 0018 0416 038f 0000
P: 02 00 00 00 00 00 00 00
B: 00 0b 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 04 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 02 00 00 00 00 00 00 00 00
B: 03 03 00 00 00 00 80 60 02
B: 04 00 00 00 00 00 00 00 00
B: 05 00 00 00 00 00 00 00 00
B: 11 00 00 00 00 00 00 00 00
B: 12 00 00 00 00 00 00 00 00
B: 14 00 00 00 00 00 00 00 00
B: 15 00 00 00 00 00 00 00 00
B: 15 00 00 00 00 00 00 00 00
A: 00 0 1023 0 0 0
A: 01 0 599 0 0 0
A: 2f 0 9 0 0 0
A: 35 0 1023 0 0 0
A: 36 0 599 0 0 0
A: 39 0 65535 0 0 0
"""


class Recording:
    def __init__(self):
        self.lines = []
        self.t = 0.0
        self.slot = 0

    def ev(self, type_, code, value):
        self.lines.append("E: %.6f %04x %04x %04d" % (self.t, type_, code, value))

    def syn(self): self.ev(0, 0, 0)
    def wait(self, s): self.t += s

    def down(self, x, y, tid, slot=0):
        """Screen pixels (800x480) to Goodix units."""
        if slot != self.slot:
            self.ev(3, 0x2f, slot)
            self.slot = slot
        self.ev(3, 0x39, tid)
        self.ev(3, 0x35, round(x * 1023 / 800))
        self.ev(3, 0x36, round(y * 599 / 480))
        self.syn()

    def at(self, x, slot=0):
        if slot != self.slot:
            self.ev(3, 0x2f, slot)
            self.slot = slot
        self.ev(3, 0x35, round(x * 1023 / 800))
        self.syn()

    def up(self, slot=0):
        if slot != self.slot:
            self.ev(3, 0x2f, slot)
            self.slot = slot
        self.ev(3, 0x39, -1)
        self.syn()

    def text(self): return MT + "\n".join(self.lines) + "\n"


def slide(r, x0=112, slot=0):
    """25 moves of 24 px every 16 ms (600 px: the units' rounding may lose a pixel)."""
    for k in range(1, 26):
        r.wait(0.016)
        r.at(x0 + 24 * k, slot)
    r.wait(0.05)
    r.up(slot)
    return r


def cases():
    c = {}
    for name, gap in [("1ms", 0.001), ("same-time", 0.0)]:
        r = Recording()
        r.down(112, 240, 1)
        r.wait(0.5); r.at(114); r.wait(0.5)
        for k in range(1, 5):
            r.at(114 + 150 * k); r.wait(gap)
        r.wait(0.05); r.up()
        c["forged-burst-after-twitch-" + name] = r
    # A second finger slides while the first rests far from the track.
    r = Recording()
    r.down(600, 100, 1, slot=0); r.wait(0.2); r.down(112, 240, 2, slot=1)
    slide(r, slot=1).up(0)
    c["forged-second-finger-while-another-rests"] = r
    # Events dropped in the middle of a slide: what the finger did then is unknown.
    r = Recording()
    r.down(112, 240, 1)
    r.wait(0.1)
    for k in range(1, 12): r.wait(0.016); r.at(112 + 24 * k)
    r.ev(0, 3, 0); r.wait(0.016); r.at(112 + 24 * 20)
    for k in range(21, 25): r.wait(0.016); r.at(112 + 24 * k)
    r.wait(0.05); r.up()
    c["forged-syn-dropped-mid-slide"] = r
    # A real slide (the oracle must accept it at rotation 0).
    r = Recording(); r.down(112, 240, 1); r.wait(0.1)
    c["legit-slide"] = slide(r)
    return c


def main():
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "evemu")
    os.makedirs(here, exist_ok=True)
    for name, r in sorted(cases().items()):
        with open(os.path.join(here, name + ".events"), "w") as f:
            f.write(r.text())


if __name__ == "__main__":
    main()
