#!/usr/bin/env python3
"""check-dark.py BLANK DIM LIT: BLANK is black (an output switched off), DIM is darker than
LIT on average but not black (a frame drawn darker). Prints the mean brightness of each."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmimage  # noqa: E402


def mean(path):
    _, _, rows = vmimage.read_png(path)
    total = sum(sum(row) for row in rows)
    return total / (len(rows) * len(rows[0]))


def main():
    if len(sys.argv) != 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    blank, dim, lit = (mean(p) for p in sys.argv[1:])
    print('mean channel: blank %.1f, dim %.1f, lit %.1f' % (blank, dim, lit))
    if blank > 1:
        print('blank screen is not black', file=sys.stderr)
        return 1
    if not (0 < dim < lit * 0.6):
        print('dim frame is not darker than the lit one', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
