"""Math.log and Math.exp as V8 computes them (fdlibm's __ieee754_log and __ieee754_exp), in numpy, bit for bit.

The beta-binomial fit (estimate_numpy.py) maximises a likelihood that is flat at its top: a last-bit difference
in one log flips a comparison of the golden-section search and moves the fitted prior by about 1e-7. The
check of estimate-numpy.ts therefore runs the twin with these (checked against Node's on 2 x 10^6 values: all
equal); the timed runs use numpy's own np.log and np.exp. Positive normal arguments (log), |x| < 700 (exp).
"""
import numpy as np
LN2_HI, LN2_LO = 6.93147180369123816490e-01, 1.90821492927058770002e-10
LG = [6.666666666666735130e-01, 3.999999999940941908e-01, 2.857142874366239149e-01, 2.222219843214978396e-01,
      1.818357216161805012e-01, 1.531383769920937332e-01, 1.479819860511658591e-01]

def log(x):
    x = np.asarray(x, np.float64)
    assert (x >= 2.2250738585072014e-308).all() and np.isfinite(x).all()
    bits = x.view(np.int64)
    hx = (bits >> 32).astype(np.int64)
    lo = bits & 0xffffffff
    k = (hx >> 20) - 1023
    hx = hx & 0x000fffff
    i = (hx + 0x95f64) & 0x100000
    xn = (((hx | (i ^ 0x3ff00000)) << 32) | lo).view(np.float64)
    k = k + (i >> 20)
    f = xn - 1.0
    dk = k.astype(np.float64)
    s = f / (2.0 + f)
    z = s * s
    w = z * z
    t1 = w * (LG[1] + w * (LG[3] + w * LG[5]))
    t2 = z * (LG[0] + w * (LG[2] + w * (LG[4] + w * LG[6])))
    R = t2 + t1
    ii = (hx - 0x6147a) | (0x6b851 - hx)
    hfsq = 0.5 * f * f
    big = np.where(k == 0, f - (hfsq - s * (hfsq + R)), dk * LN2_HI - ((hfsq - (s * (hfsq + R) + dk * LN2_LO)) - f))
    small = np.where(k == 0, f - s * (f - R), dk * LN2_HI - ((s * (f - R) - dk * LN2_LO) - f))
    out = np.where(ii > 0, big, small)
    # |f| < 2^-20
    tiny = (0x000fffff & (2 + hx)) < 3
    if tiny.any():
        Rt = f * f * (0.5 - 0.33333333333333333 * f)
        t = np.where(f == 0, np.where(k == 0, 0.0, dk * LN2_HI + dk * LN2_LO),
                     np.where(k == 0, f - Rt, dk * LN2_HI - ((Rt - dk * LN2_LO) - f)))
        out = np.where(tiny, t, out)
    return out

P = [1.66666666666666019037e-01, -2.77777777770155933842e-03, 6.61375632143793436117e-05,
     -1.65339022054652515390e-06, 4.13813679705723846039e-08]
INVLN2 = 1.44269504088896338700e+00

def exp(x):
    x = np.asarray(x, np.float64)
    assert (np.abs(x) < 700).all()
    hx = (x.view(np.int64) >> 32).astype(np.int64)
    xsb = (hx >> 31) & 1
    ahx = hx & 0x7fffffff
    sign = np.where(xsb == 1, -1.0, 1.0)
    # |x| in (0.5 ln2, 1.5 ln2): k = +-1; above: k = (int)(invln2 x +- 0.5)
    mid = (ahx > 0x3fd62e42) & (ahx < 0x3FF0A2B2)
    far = ahx >= 0x3FF0A2B2
    kf = np.trunc(INVLN2 * x + 0.5 * sign)
    k = np.where(mid, 1 - 2 * xsb, np.where(far, kf.astype(np.int64), 0))
    t = k.astype(np.float64)
    hi = np.where(mid, x - sign * LN2_HI, np.where(far, x - t * LN2_HI, x))
    lo = np.where(mid, sign * LN2_LO, np.where(far, t * LN2_LO, 0.0))
    red = ahx > 0x3fd62e42
    xr = np.where(red, hi - lo, x)
    tt = xr * xr
    c = xr - tt * (P[0] + tt * (P[1] + tt * (P[2] + tt * (P[3] + tt * P[4]))))
    y0 = 1.0 - ((xr * c) / (c - 2.0) - xr)
    y = 1.0 - ((lo - (xr * c) / (2.0 - c)) - hi)
    y = (y.view(np.int64) + (k << 52)).view(np.float64)
    out = np.where(k == 0, y0, y)
    tiny = ahx < 0x3e300000
    return np.where(tiny, 1.0 + x, out)
