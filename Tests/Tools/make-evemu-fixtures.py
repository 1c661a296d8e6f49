#!/usr/bin/env python3
"""Writes the synthetic evemu recordings the touch tests replay.

    python3 Tests/Tools/make-evemu-fixtures.py   # from the package root

Output: Tests/SlideLockCoreTests/Evemu/*.events, in the format evemu-record 1.3 writes
(header comments, N:/I:/P:/B:/A: lines, then `E: sec.usec type code value` lines with hex
type/code and `%04d` values). All gestures are made up here; the devices are modelled on
common panels. Deterministic: rerunning produces identical files.
"""
import os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "SlideLockCoreTests", "Evemu")

EV_SYN, EV_KEY, EV_REL, EV_ABS = 0, 1, 2, 3
SYN_REPORT, SYN_DROPPED = 0, 3
BTN_LEFT, BTN_RIGHT, BTN_MIDDLE, BTN_TOUCH = 0x110, 0x111, 0x112, 0x14a
REL_X, REL_Y, REL_WHEEL = 0, 1, 8
ABS_X, ABS_Y, ABS_PRESSURE = 0x00, 0x01, 0x18
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x2f, 0x35, 0x36, 0x39
INPUT_PROP_DIRECT = 1

TYPE_NAMES = {EV_SYN: "EV_SYN", EV_KEY: "EV_KEY", EV_REL: "EV_REL", EV_ABS: "EV_ABS"}
CODE_NAMES = {
    EV_SYN: {0: "SYN_REPORT", 1: "SYN_CONFIG", 2: "SYN_MT_REPORT", 3: "SYN_DROPPED"},
    EV_KEY: {BTN_LEFT: "BTN_LEFT", BTN_RIGHT: "BTN_RIGHT", BTN_MIDDLE: "BTN_MIDDLE", BTN_TOUCH: "BTN_TOUCH"},
    EV_REL: {REL_X: "REL_X", REL_Y: "REL_Y", REL_WHEEL: "REL_WHEEL"},
    EV_ABS: {ABS_X: "ABS_X", ABS_Y: "ABS_Y", ABS_PRESSURE: "ABS_PRESSURE", ABS_MT_SLOT: "ABS_MT_SLOT",
             ABS_MT_POSITION_X: "ABS_MT_POSITION_X", ABS_MT_POSITION_Y: "ABS_MT_POSITION_Y",
             ABS_MT_TRACKING_ID: "ABS_MT_TRACKING_ID"},
}
# Bytes of each type's bitmask as the kernel sizes them (evemu prints 8 per B: line).
MASK_BYTES = [(0x00, 8), (0x01, 96), (0x02, 8), (0x03, 8), (0x04, 8), (0x05, 8),
              (0x11, 8), (0x12, 8), (0x14, 8), (0x15, 16)]


class Device:
    def __init__(self, name, bus, vendor, product, keys=(), rels=(), axes=(), direct=False):
        self.name, self.ident = name, (bus, vendor, product, 0)
        self.keys, self.rels, self.direct = list(keys), list(rels), direct
        self.axes = list(axes)  # (code, min, max, fuzz, flat, resolution)

    def header(self):
        out = ["# EVEMU 1.3", "# Kernel: 6.1.0-28-arm64",
               '# Input device name: "%s"' % self.name,
               "# Input device ID: bus %#x vendor %#06x product %#06x version %#06x" % self.ident,
               "# Supported events:", "#   Event type 0 (EV_SYN)"]
        for c in range(16):
            label = CODE_NAMES[EV_SYN].get(c, "SYN_MAX" if c == 15 else "(null)")
            out.append("#     Event code %d (%s)" % (c, label))
        if self.keys:
            out.append("#   Event type 1 (EV_KEY)")
            out += ["#     Event code %d (%s)" % (k, CODE_NAMES[EV_KEY][k]) for k in self.keys]
        if self.rels:
            out.append("#   Event type 2 (EV_REL)")
            out += ["#     Event code %d (%s)" % (r, CODE_NAMES[EV_REL][r]) for r in self.rels]
        if self.axes:
            out.append("#   Event type 3 (EV_ABS)")
            for code, lo, hi, fuzz, flat, res in self.axes:
                out.append("#     Event code %d (%s)" % (code, CODE_NAMES[EV_ABS][code]))
                for label, v in (("Value", 0), ("Min", lo), ("Max", hi), ("Fuzz", fuzz), ("Flat", flat),
                                 ("Resolution", res)):
                    out.append("#       %-10s %5d" % (label, v))
        out.append("# Properties:")
        if self.direct:
            out.append("#   Property  type 1 (INPUT_PROP_DIRECT)")
        out.append("N: " + self.name)
        out.append("I: %04x %04x %04x %04x" % self.ident)
        out.append("P: " + " ".join("%02x" % b for b in self.mask(8, [INPUT_PROP_DIRECT] if self.direct else [])))
        codes = {0x00: [EV_SYN] + ([EV_KEY] if self.keys else []) + ([EV_REL] if self.rels else [])
                 + ([EV_ABS] if self.axes else []),
                 0x01: self.keys, 0x02: self.rels, 0x03: [a[0] for a in self.axes]}
        for t, size in MASK_BYTES:
            mask = self.mask(size, codes.get(t, []))
            for i in range(0, size, 8):
                out.append("B: %02x " % t + " ".join("%02x" % b for b in mask[i:i + 8]))
        for code, lo, hi, fuzz, flat, res in self.axes:
            out.append("A: %02x %d %d %d %d %d" % (code, lo, hi, fuzz, flat, res))
        out += ["################################", "#      Waiting for events      #",
                "################################"]
        return out

    @staticmethod
    def mask(size, bits):
        m = [0] * size
        for b in bits:
            m[b // 8] |= 1 << (b % 8)
        return m


class Recording:
    """Collects frames; `t` is microseconds from `base` (epoch seconds, or 0 like evemu 2)."""

    def __init__(self, device, base_us=0):
        self.device, self.base, self.lines, self.last_syn = device, base_us, [], None

    def ev(self, t, type_, code, value):
        us = self.base + t
        stamp = "E: %d.%06d %04x %04x %04d\t" % (us // 1000000, us % 1000000, type_, code, value)
        if type_ == EV_SYN and code == SYN_REPORT:
            delta = 0 if self.last_syn is None else (t - self.last_syn) // 1000
            self.last_syn = t
            self.lines.append(stamp + "# ------------ SYN_REPORT (0) ---------- +%dms" % delta)
        elif type_ == EV_SYN:
            self.lines.append(stamp + "# ++++++++++++ %s (%d) ++++++++++" % (CODE_NAMES[EV_SYN][code], code))
        else:
            self.lines.append(stamp + "# %s / %-20s %d" % (TYPE_NAMES[type_], CODE_NAMES[type_][code], value))

    def frame(self, t, *events):
        for type_, code, value in events:
            self.ev(t, type_, code, value)
        self.ev(t, EV_SYN, SYN_REPORT, 0)

    def write(self, name):
        with open(os.path.join(OUT, name), "w") as f:
            f.write("\n".join(self.device.header() + self.lines) + "\n")


def mt_device(name="Goodix Capacitive TouchScreen", w=1024, h=600, slots=10):
    return Device(name, 0x18, 0x0416, 0x038f, keys=[BTN_TOUCH], direct=True, axes=[
        (ABS_X, 0, w - 1, 0, 0, 0), (ABS_Y, 0, h - 1, 0, 0, 0), (ABS_MT_SLOT, 0, slots - 1, 0, 0, 0),
        (ABS_MT_POSITION_X, 0, w - 1, 0, 0, 0), (ABS_MT_POSITION_Y, 0, h - 1, 0, 0, 0),
        (ABS_MT_TRACKING_ID, 0, 65535, 0, 0, 0)])


def mt_down(tid, x, y, slot=None):
    ev = [] if slot is None else [(EV_ABS, ABS_MT_SLOT, slot)]
    return ev + [(EV_ABS, ABS_MT_TRACKING_ID, tid), (EV_ABS, ABS_MT_POSITION_X, x),
                 (EV_ABS, ABS_MT_POSITION_Y, y), (EV_KEY, BTN_TOUCH, 1), (EV_ABS, ABS_X, x), (EV_ABS, ABS_Y, y)]


def mt_move(x, y, slot=None, emulate=True):
    ev = [] if slot is None else [(EV_ABS, ABS_MT_SLOT, slot)]
    ev += [(EV_ABS, ABS_MT_POSITION_X, x), (EV_ABS, ABS_MT_POSITION_Y, y)]
    return ev + ([(EV_ABS, ABS_X, x), (EV_ABS, ABS_Y, y)] if emulate else [])


def mt_up(slot=None, last=True):
    ev = [] if slot is None else [(EV_ABS, ABS_MT_SLOT, slot)]
    return ev + [(EV_ABS, ABS_MT_TRACKING_ID, -1)] + ([(EV_KEY, BTN_TOUCH, 0)] if last else [])


def mt_slide():
    """One finger: down at (100, 300), 30 steps of +25 px every 12 ms, lift at (850, 300)."""
    r = Recording(mt_device())
    r.frame(0, *mt_down(41, 100, 300))
    for i in range(1, 31):
        r.frame(i * 12000, *mt_move(100 + 25 * i, 300 + (i % 2)))
    r.frame(31 * 12000 + 20000, *mt_up())
    r.write("mt-slide.events")


def mt_syn_dropped():
    """Down at (100, 300), 10 steps of +20 px; SYN_DROPPED mid-frame; after the gap the
    finger is at (600, 310) and keeps moving +20 px for 5 frames, then lifts."""
    r = Recording(mt_device())
    r.frame(0, *mt_down(7, 100, 300))
    for i in range(1, 11):
        r.frame(i * 12000, *mt_move(100 + 20 * i, 300))
    t = 11 * 12000
    r.ev(t, EV_ABS, ABS_MT_POSITION_X, 320)
    r.ev(t, EV_SYN, SYN_DROPPED, 0)
    r.ev(t + 40000, EV_ABS, ABS_MT_POSITION_X, 580)
    r.ev(t + 40000, EV_SYN, SYN_REPORT, 0)
    for i in range(1, 6):
        r.frame(t + 40000 + i * 12000, *mt_move(580 + 20 * i, 310))
    r.frame(t + 40000 + 6 * 12000 + 15000, *mt_up())
    r.write("mt-syn-dropped.events")


def mt_two_fingers():
    """Finger A (slot 0) slides right from (100, 300); at frame 5 finger B lands in
    slot 1 at (700, 100), moves 4 times by +10 px down, lifts at frame 12; A lifts at 20."""
    r = Recording(mt_device())
    r.frame(0, *mt_down(100, 100, 300, slot=0))
    bx, by = 700, 100
    for i in range(1, 20):
        ev = mt_move(100 + 20 * i, 300, slot=0)
        if i == 5:
            ev += [(EV_ABS, ABS_MT_SLOT, 1), (EV_ABS, ABS_MT_TRACKING_ID, 101),
                   (EV_ABS, ABS_MT_POSITION_X, bx), (EV_ABS, ABS_MT_POSITION_Y, by)]
        elif 5 < i < 10:
            by += 10
            ev += [(EV_ABS, ABS_MT_SLOT, 1), (EV_ABS, ABS_MT_POSITION_Y, by)]
        elif i == 12:
            ev += [(EV_ABS, ABS_MT_SLOT, 1), (EV_ABS, ABS_MT_TRACKING_ID, -1)]
        r.frame(i * 12000, *ev)
    r.frame(20 * 12000, *mt_up(slot=0))
    r.write("mt-two-fingers.events")


def single_touch_slide():
    """Resistive 12-bit panel, no MT: down at (400, 2000), 20 steps of +150 units every
    10 ms, lift. Absolute timestamps like older evemu-record."""
    dev = Device("ADS7846 Touchscreen", 0x1c, 0x0000, 0x1e96, keys=[BTN_TOUCH], direct=True,
                 axes=[(ABS_X, 0, 4095, 0, 0, 0), (ABS_Y, 0, 4095, 0, 0, 0), (ABS_PRESSURE, 0, 255, 0, 0, 0)])
    r = Recording(dev, base_us=1733143201250000)
    r.frame(0, (EV_KEY, BTN_TOUCH, 1), (EV_ABS, ABS_X, 400), (EV_ABS, ABS_Y, 2000), (EV_ABS, ABS_PRESSURE, 180))
    for i in range(1, 21):
        r.frame(i * 10000, (EV_ABS, ABS_X, 400 + 150 * i), (EV_ABS, ABS_PRESSURE, 180 + i % 3))
    r.frame(21 * 10000, (EV_KEY, BTN_TOUCH, 0), (EV_ABS, ABS_PRESSURE, 0))
    r.write("single-touch-slide.events")


def ghost_corner_taps():
    """800x480 panel pinning ghost contacts at its corners about 2.2 times a second for
    5 s: each lasts 60 ms with 5 samples jittering by a pixel, so only the corner rule
    catches them."""
    r = Recording(mt_device("Ilitek ILITEK-TP", 800, 480))
    corners = [(0, 0), (799, 0), (799, 479), (0, 479)]
    tid = 1
    for n in range(11):
        t0 = int(n * 1000000 / 2.2)
        cx, cy = corners[n % 4] if n % 3 else (0, 0)
        r.frame(t0, *mt_down(tid, cx, cy))
        for k in range(1, 5):
            dx = (k % 2) * (1 if cx == 0 else -1)
            r.frame(t0 + k * 15000, *mt_move(cx + dx, cy))
        r.frame(t0 + 60000, *mt_up())
        tid += 1
    r.write("ghost-corner-taps.events")


def ghost_short_taps():
    """Blips in the middle of an 800x480 panel: a lone down+up 8 ms apart, and a down,
    one move and up within 16 ms. Neither lasts 30 ms nor reaches 3 samples."""
    r = Recording(mt_device("Ilitek ILITEK-TP", 800, 480))
    r.frame(0, *mt_down(1, 300, 200))
    r.frame(8000, *mt_up())
    r.frame(500000, *mt_down(2, 420, 260))
    r.frame(508000, *mt_move(423, 262))
    r.frame(516000, *mt_up())
    r.write("ghost-short-taps.events")


def ghost_teleport():
    """A real slide on 800x480 from (100, 240) in +10 px steps; sample 8 teleports to
    (700, 40) (far beyond 25 % of the 933 px diagonal), then the finger is back."""
    r = Recording(mt_device("Ilitek ILITEK-TP", 800, 480))
    r.frame(0, *mt_down(5, 100, 240))
    for i in range(1, 16):
        x, y = (700, 40) if i == 8 else (100 + 10 * i, 240)
        r.frame(i * 14000, *mt_move(x, y))
    r.frame(16 * 14000, *mt_up())
    r.write("ghost-teleport.events")


def mouse():
    """USB mouse: 10 moves of (-10, +5) with the button up, press, 8 moves of +15 px right,
    release, then a wheel click (ignored)."""
    dev = Device("Logitech USB Optical Mouse", 0x03, 0x046d, 0xc077, keys=[BTN_LEFT, BTN_RIGHT, BTN_MIDDLE],
                 rels=[REL_X, REL_Y, REL_WHEEL])
    r = Recording(dev)
    t = 0
    for _ in range(10):
        r.frame(t, (EV_REL, REL_X, -10), (EV_REL, REL_Y, 5))
        t += 8000
    r.frame(t, (EV_KEY, BTN_LEFT, 1))
    for _ in range(8):
        t += 8000
        r.frame(t, (EV_REL, REL_X, 15))
    t += 8000
    r.frame(t, (EV_KEY, BTN_LEFT, 0))
    r.frame(t + 100000, (EV_REL, REL_WHEEL, -1))
    r.write("mouse.events")


def tablet():
    """QEMU-style absolute tablet (ABS_X/Y 0..32767 + BTN_LEFT, no BTN_TOUCH): hover to the
    centre, press, drag to three quarters across, release."""
    dev = Device("QEMU QEMU USB Tablet", 0x03, 0x0627, 0x0001, keys=[BTN_LEFT, BTN_RIGHT, BTN_MIDDLE],
                 rels=[REL_WHEEL], axes=[(ABS_X, 0, 32767, 0, 0, 0), (ABS_Y, 0, 32767, 0, 0, 0)])
    r = Recording(dev)
    r.frame(0, (EV_ABS, ABS_X, 16384), (EV_ABS, ABS_Y, 16384))
    r.frame(10000, (EV_KEY, BTN_LEFT, 1))
    for i in range(1, 9):
        r.frame(10000 + i * 10000, (EV_ABS, ABS_X, 16384 + 1024 * i))
    r.frame(100000, (EV_KEY, BTN_LEFT, 0))
    r.write("tablet.events")


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for make in (mt_slide, mt_syn_dropped, mt_two_fingers, single_touch_slide, ghost_corner_taps,
                 ghost_short_taps, ghost_teleport, mouse, tablet):
        make()
