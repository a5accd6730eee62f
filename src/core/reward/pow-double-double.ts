// exp(y ln x) in double-double arithmetic (about 100 bits): the fast first attempt of the correctly
// rounded pow (rounded-pow.ts), which checks how close the result lies to a rounding boundary.

/** A double-double number hi + lo with |lo| <= ulp(hi) / 2. */
export type DD = [number, number];

const SPLIT = 134217729; // 2**27 + 1 (Veltkamp)

function twoSum(a: number, b: number): DD {
  const s = a + b,
    bb = s - a;
  return [s, a - (s - bb) + (b - bb)];
}

export function twoProd(a: number, b: number): DD {
  const p = a * b;
  let t = SPLIT * a;
  const ah = t - (t - a),
    al = a - ah;
  t = SPLIT * b;
  const bh = t - (t - b),
    bl = b - bh;
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
}

function add(a: DD, b: DD): DD {
  const [s, e] = twoSum(a[0], b[0]);
  const [t, f] = twoSum(a[1], b[1]);
  const [u, g] = twoSum(s, e + t);
  return twoSum(u, g + f);
}

function mul(a: DD, b: DD): DD {
  const [p, e] = twoProd(a[0], b[0]);
  return twoSum(p, e + (a[0] * b[1] + a[1] * b[0]));
}

function div(a: DD, b: DD): DD {
  const q1 = a[0] / b[0];
  const r = add(a, neg(mul(b, [q1, 0])));
  const q2 = r[0] / b[0];
  const r2 = add(r, neg(mul(b, [q2, 0])));
  const q3 = r2[0] / b[0];
  return add(twoSum(q1, q2), [q3, 0]);
}

const neg = (a: DD): DD => [-a[0], -a[1]];
const LN2: DD = [0.6931471805599453, 2.3190468138462996e-17];

/** log(x) for x > 0, finite. */
function log(x: number): DD {
  // x = m * 2**e with m in [sqrt(1/2), sqrt(2)): log x = e log 2 + 2 atanh((m - 1) / (m + 1)).
  let e = Math.floor(Math.log2(x));
  let m = x / 2 ** e; // exact: a power-of-two scaling (2 ** e is exact for integer e in range)
  if (!Number.isFinite(m) || m === 0) {
    // 2 ** e under/overflows at the ends of the float range: scale in two steps.
    const half = Math.trunc(e / 2);
    m = x / 2 ** half / 2 ** (e - half);
  }
  if (m > Math.SQRT2) {
    m /= 2;
    e += 1;
  } else if (m < Math.SQRT1_2) {
    m *= 2;
    e -= 1;
  }
  const s = div(twoSum(m, -1), twoSum(m, 1));
  const s2 = mul(s, s);
  let term = s,
    sum: DD = s;
  for (let k = 3; k < 80; k += 2) {
    term = mul(term, s2);
    const next = div(term, [k, 0]);
    sum = add(sum, next);
    if (Math.abs(next[0]) < Math.abs(sum[0]) * 1e-34) break;
  }
  return add(mul([2, 0], sum), mul(LN2, [e, 0]));
}

/** exp(t) as [mantissa, k]: mantissa * 2**k. */
function exp(t: DD): [DD, number] {
  const k = Math.round(t[0] / LN2[0]);
  let r = add(t, neg(mul(LN2, [k, 0])));
  r = [r[0] / 256, r[1] / 256]; // exact scaling
  let term: DD = [1, 0],
    sum: DD = [1, 0];
  for (let n = 1; n < 30; n++) {
    term = div(mul(term, r), [n, 0]);
    sum = add(sum, term);
    if (Math.abs(term[0]) < 1e-34) break;
  }
  for (let i = 0; i < 8; i++) sum = mul(sum, sum);
  return [sum, k];
}

/**
 * x ** y = (m[0] + m[1]) 2**k, m[0] in about [0.7, 1.42], for x > 0 finite and |y log2 x| <= 1200.
 * Relative error below 2**-90 (the error analysis and its measurement: rounded-pow.ts).
 */
export function ddPow(x: number, y: number): [m: DD, k: number] {
  return exp(mul(log(x), [y, 0]));
}
