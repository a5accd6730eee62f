# Writes test/fixtures/pow-extremes.json: float ** float at the ends of the float range and at its
# rounding edges, with the correctly rounded result (correct_pow.py: exact Fractions, or Decimal at
# growing precision) and, where it differs, CPython's own x ** y (the C library's pow()).
#   python3 test/reference/make-pow-extremes.py        (rewrite after changing the lists)
# Pairs: every x of XS with every y of YS; every x with the y that puts x ** y at the overflow
# threshold, the smallest normal, the smallest subnormal and the underflow midpoint, and the doubles
# either side of each; and seeded random pairs whose results span the whole range, subnormals included.
import json
import math
import os
import platform
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from correct_pow import correct_pow  # noqa: E402

MAX = sys.float_info.max
MIN = sys.float_info.min  # smallest normal
TINY = 5e-324
up, down = (lambda v: math.nextafter(v, math.inf)), (lambda v: math.nextafter(v, 0.0))

XS = [
    # the top of the range
    MAX, down(MAX), down(down(MAX)), 2.0 ** 1023, 1.5 * 2.0 ** 1022, 1e308, 1.7976931348623157e307, 1e300, 1e200,
    1e154, 2.0 ** 512, down(2.0 ** 512), 1e100, 1e50, 1e22, 2.0 ** 53 - 1, 1e16, 1e10, 65536.0, 1000.0, 100.0,
    # ordinary numbers, and the doubles next to 1
    49.0, 10.0, 9.0, 7.0, 4.0, 3.0, math.e, 2.0, 1.5, 1.1, 1.01, 1 + 1e-8, 1 + 2.0 ** -40, up(1.0), up(up(1.0)),
    up(up(up(1.0))), down(1.0), down(down(1.0)), 1 - 1e-8, 0.99, 0.9, 0.75, 0.5, 0.3, 0.25, 0.1, 0.01,
    # the bottom of the range: normal, then subnormal
    1e-5, 1e-10, 1e-16, 1e-50, 1e-100, 1e-154, 2.0 ** -512, 1e-200, 1e-300, 1e-307, MIN, 1.5 * MIN, up(MIN),
    down(MIN), 2.0 ** -1023, 1e-310, 1e-315, 1e-320, 2e-323, 1.5e-323, 1e-323, TINY, 9 * TINY, 25 * TINY,
    49 * TINY, 2.0 ** -1071, 2.0 ** -1000, 2.0 ** -537,
    # perfect squares and higher powers, scaled to the ends of the range
    9 * 2.0 ** -500, 3.0 ** 33, 3.0 ** 33 * 2.0 ** 900, 3.0 ** 33 * 2.0 ** -1000, 7.0 ** 18, 7.0 ** 18 * 2.0 ** -1010,
    float((2 ** 26 + 1) ** 2), float((2 ** 26 + 1) ** 2) * 2.0 ** 960, float((2 ** 26 - 1) ** 2) * 2.0 ** -1060,
    6561.0 * 2.0 ** -1070, 2.0 ** 1010 * 81,
] + [1.2345678901234567 * 2.0 ** k for k in (-1060, -1030, -1010, -700, -300, 300, 700, 1000, 1020)] + [
    0.6666666666666666, 1.4142135623730951, 1.4142135623730951 * 2.0 ** 1000, 0.7071067811865476 * 2.0 ** -1000,
]

_Y = [
    0.5, 0.25, 0.125, 0.0625, 2.0 ** -10, 1.5, 2.5, 0.75, 1 / 3, 2 / 3, 0.1, 0.2, 0.9, 1.1, 0.999, 1.001,
    up(1.0), down(1.0), up(0.5), down(0.5), 2.0 ** -20, 1e-5, 1e-10, 2.0 ** -53, 1e-300, TINY, 63.0, 64.0, 65.0,
    66.5, 100.0, 100.5, 1000.0, 1023.5, 1074.0, 1075.0, 1e10, 2.0 ** 53, 1e20, 1e300, 3.5, 7.25, 15.875, math.e,
    math.pi, 10.1, 33.3, MAX, 64.5,
]
YS = _Y + [-y for y in _Y]

# log2 of the result at each edge: overflow threshold (2**1024 - 2**970: 1024 in doubles), smallest
# normal, smallest subnormal, underflow midpoint (2**-1075), a subnormal halfway point (1.5 * 2**-1074).
EDGES = [1024.0, -1022.0, -1074.0, -1075.0, math.log2(1.5) - 1074]


def expected(x, y):
    r = correct_pow(x, y)
    return 'inf' if r == math.inf else r


def cpython(x, y):
    try:
        return x ** y
    except OverflowError:
        return 'inf'


def main():
    grid = [expected(x, y) for x in XS for y in YS]  # row-major: XS[i] ** YS[j] at i * len(YS) + j
    edges = []  # [index into XS, y, result]
    for i, x in enumerate(XS):
        for edge in EDGES:
            y = edge / math.log2(x)
            for y in math.nextafter(y, -math.inf), y, math.nextafter(y, math.inf):
                if y != 0 and math.isfinite(y):
                    edges.append([i, y, expected(x, y)])
    rng = random.Random(20261126)
    spread = []  # [x, y, result]
    for _ in range(400):  # x anywhere in the range, x ** y anywhere in it
        x = rng.uniform(1, 2) * 2.0 ** rng.randint(-1074, 1022)
        spread.append((x, rng.uniform(-1080, 1030) / math.log2(x)))
    for _ in range(200):  # x within 2**20 units of 1, y large
        x = 1 + rng.choice((-1, 1)) * rng.randint(1, 2 ** 20) * 2.0 ** -53
        spread.append((x, rng.uniform(-1100, 1100) / math.log2(x)))
    spread = [[x, y, expected(x, y)] for x, y in spread if x not in (0.0, 1.0) and y != 0]
    every = [(x, y) for x in XS for y in YS] + [(XS[i], y) for i, y, _ in edges] + [(x, y) for x, y, _ in spread]
    results = grid + [r for *_, r in edges] + [r for *_, r in spread]
    differs = [[k, c] for k, ((x, y), r) in enumerate(zip(every, results)) if (c := cpython(x, y)) != r]
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'fixtures', 'pow-extremes.json')
    about = ('x ** y correctly rounded ("inf": overflow): xs x ys (grid, row-major), '
             'then edges [x index, y, result], '
             'then spread [x, y, result]; cpython_differs [pair number in that order, CPython x ** y]; '
             'written by test/reference/make-pow-extremes.py')
    line = lambda name, value: f'"{name}": {json.dumps(value)}'
    with open(path, 'w') as out:
        out.write('{' + ',\n'.join([
            line('about', about),
            line('cpython', f'Python {platform.python_version()}, {" ".join(platform.libc_ver())}'),
            line('xs', XS), line('ys', YS), line('grid', grid), line('edges', edges), line('spread', spread),
            line('cpython_differs', differs),
        ]) + '}\n')
    print(f'wrote {len(every)} pairs to {os.path.normpath(path)}; CPython differs on {len(differs)}')


if __name__ == '__main__':
    main()
