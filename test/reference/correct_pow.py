# The correctly rounded x ** y (x > 0 finite, x != 1, y finite, y != 0), computed in Python
# without the C library's pow(): exactly with Fractions where the power is a rational number, and
# otherwise with Decimal ln/exp at growing precision until the whole error interval rounds to one
# float (Ziv's strategy). Returns inf where the rounded result overflows, 0.0 where it underflows.
# The reference for allot's roundedPow (src/core/reward/rounded-pow.ts); test use only.
import math
from decimal import Decimal, localcontext
from fractions import Fraction


def _exact_root(q, k):
    """The 2**k-th root of the Fraction q when it is rational, else None."""
    for _ in range(k):
        n, d = q.numerator, q.denominator
        rn, rd = math.isqrt(n), math.isqrt(d)
        if rn * rn != n or rd * rd != d:
            return None
        q = Fraction(rn, rd)
    return q


def _is_power_of_two(n):
    return n & (n - 1) == 0


def _ratio_to_float(q):
    try:
        return q.numerator / q.denominator  # int / int is correctly rounded in CPython, subnormals included
    except OverflowError:
        return math.inf


def correct_pow(x, y):
    fy = Fraction(y)
    k = fy.denominator.bit_length() - 1  # y = n / 2**k
    root = _exact_root(Fraction(x), k)
    if root is not None:
        n = fy.numerator
        if _is_power_of_two(root.numerator) and _is_power_of_two(root.denominator):
            e = (root.numerator.bit_length() - root.denominator.bit_length()) * n  # x ** y = 2 ** e
            if e >= 1024:
                return math.inf
            return 0.0 if e < -1100 else _ratio_to_float(Fraction(2) ** e)
        if abs(n) <= 2000:
            return _ratio_to_float(root ** n)
        # root ** n has more than 54 significant bits (or is not dyadic): not a float, not a midpoint.
    for prec in (40, 80, 160, 320, 640, 1280, 2560):
        with localcontext() as ctx:
            ctx.prec = prec
            t = Decimal(y) * Decimal(x).ln()
            if t > 800:
                return math.inf
            if t < -800:
                return 0.0
            v = t.exp()
            # ln and exp are correctly rounded, the product rounded once: |t| <= 800 bounds the
            # relative error of v by 2 * 10**(4 - prec).
            ctx.prec = prec + 10
            eps = Decimal(10) ** (5 - prec)
            lo, hi = float(v * (1 - eps)), float(v * (1 + eps))
        if lo == hi:
            return lo
    raise ArithmeticError(f'{x!r} ** {y!r} did not resolve at {prec} digits')
