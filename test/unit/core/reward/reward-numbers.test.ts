import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { floatRound } from '../../../../src/core/reward/python-float.ts';
import { intTrueDiv } from '../../../../src/core/reward/python-int.ts';
import { ratioToFloat } from '../../../../src/core/reward/ratio-to-float.ts';
import { roundedPow } from '../../../../src/core/reward/rounded-pow.ts';
import { hasPython } from '../../../reference/python-reward.ts';
import { seededRandom } from '../../../reference/random-reward-expression.ts';

/** Runs a Python snippet that reads a JSON list on stdin and prints a JSON list of reprs. */
function python(body: string, input: unknown[]): number[] {
  const result = spawnSync(
    'python3',
    [
      '-c',
      `import sys, json\nfrom decimal import Decimal, getcontext\nfrom fractions import ` +
        `Fraction\ngetcontext().prec = 80\nout = []\nfor item in ` +
        `json.load(sys.stdin):\n${body}\nprint(json.dumps(out))`,
    ],
    { input: JSON.stringify(input), maxBuffer: 1 << 26 },
  );
  if (result.status !== 0) throw new Error(String(result.stderr));
  return (JSON.parse(result.stdout.toString()) as string[]).map((s) => (s === 'inf' ? Infinity : Number(s)));
}

describe('exactly rounded number kernels', () => {
  test('ratioToFloat rounds ties to even and handles subnormals and overflow', () => {
    expect(ratioToFloat(2n ** 53n + 1n, 1n)).toBe(2 ** 53); // tie, to even
    expect(ratioToFloat(2n ** 53n + 3n, 1n)).toBe(2 ** 53 + 4);
    expect(ratioToFloat(1n, 2n ** 1074n)).toBe(5e-324);
    expect(ratioToFloat(1n, 2n ** 1075n)).toBe(0); // exactly half the smallest subnormal: to even (0)
    expect(ratioToFloat(3n, 2n ** 1076n)).toBe(5e-324); // 0.75 of it rounds up
    expect(ratioToFloat(2n ** 1024n, 1n)).toBe(Infinity);
    expect(ratioToFloat(2n ** 1024n - 2n ** 970n, 1n)).toBe(Infinity); // halfway to 2**1024 rounds to even: overflow
    expect(ratioToFloat(2n ** 1024n - 2n ** 970n - 1n, 1n)).toBe(1.7976931348623157e308);
  });

  test('roundedPow is exact for integer exponents and exact squares', () => {
    expect(roundedPow(2, 1.5)).toBe(2.8284271247461903);
    expect(roundedPow(49, 9.5)).toBe(11398895185373144); // 7**19, a tie between two floats, to even
    expect(roundedPow(0.1, 3)).toBe(0.0010000000000000002);
    expect(roundedPow(2, -1074)).toBe(5e-324);
    expect(roundedPow(10, 308)).toBe(1e308);
    expect(roundedPow(10, 309)).toBe(Infinity);
  });
});

describe('powers far outside the float range, and subnormal powers', () => {
  test(
    'a power whose exact value is far below the smallest float is 0, far above it Infinity, as in CPython (0.5 ' +
      '** 1e301 is 0.0)',
    () => {
      expect(roundedPow(0.5, 1e301)).toBe(0);
      expect(roundedPow(0.3, 700.5)).toBe(0);
      expect(roundedPow(1e-300, 1e300)).toBe(0);
      expect(roundedPow(2, 1e301)).toBe(Infinity);
      expect(roundedPow(1.0000001, 1e20)).toBe(Infinity);
      expect(roundedPow(0.9999999, 1e20)).toBe(0);
    },
  );
});

describe.skipIf(!hasPython)('the number kernels against exact Python references (python3 found)', () => {
  const random = seededRandom(31);

  test(
    'roundedPow equals the correctly rounded power on 3,000 pairs whose result is subnormal (one ' +
      'rounding, not two)',
    () => {
      const pairs: [number, number][] = [];
      while (pairs.length < 3000) {
        const x = 0.01 + random() * 0.98;
        pairs.push([x, (-1022 - random() * 52) / Math.log2(x)]);
      }
      const expected = python(
        `    x, y = item
    out.append(repr(float((Decimal(y) * Decimal(x).ln()).exp())))`,
        pairs,
      );
      const wrong = pairs.filter(([x, y], i) => !Object.is(roundedPow(x, y), expected[i]));
      expect(wrong).toEqual([]);
    },
  );

  test(
    'roundedPow equals the correctly rounded power (80-digit Decimal, Fraction for integer exponents) on 5,000 ' +
      'random pairs',
    () => {
      const pairs: [number, number][] = [];
      while (pairs.length < 5000) {
        const kind = pairs.length % 4;
        const x =
          kind === 0
            ? random() * 10
            : kind === 1
              ? Math.floor(random() * 50) + 2
              : kind === 2
                ? random() * 1e6
                : random();
        const y = kind === 1 ? Math.floor(random() * 40) - 20 : (random() - 0.5) * 40;
        if (x > 0 && x !== 1 && y !== 0) pairs.push([x, y]);
      }
      const expected = python(
        `    x, y = item\n    exact = Fraction(x) ** int(y) if y == int(y) else (Decimal(y) * ` +
          `Decimal(x).ln()).exp()\n    try:\n        out.append(repr(float(exact)))\n    except OverflowError:\n   ` +
          `     out.append('inf')`,
        pairs,
      );
      const wrong = pairs.filter(([x, y], i) => !Object.is(roundedPow(x, y), expected[i]));
      expect(wrong).toEqual([]);
    },
  );

  test('int / int and round(float, n) equal CPython on 3,000 random big and small operands', () => {
    const cases = Array.from({ length: 3000 }, () => {
      const digits = (k: number) =>
        Array.from({ length: k }, (_, i) => String(Math.floor(random() * 10) || (i === 0 ? 1 : 0))).join('');
      return [
        digits(1 + Math.floor(random() * 400)),
        (random() < 0.5 ? '-' : '') + digits(1 + Math.floor(random() * 400)),
        (random() - 0.5) * 10 ** Math.floor(random() * 40 - 20),
        Math.floor(random() * 30) - 10,
      ];
    }) as [string, string, number, number][];
    const divisions = python(
      `    a, b, x, n = item\n    try:\n        out.append(repr(int(a) / int(b)))\n    except OverflowError:\n     ` +
        `   out.append('inf')`,
      cases,
    );
    const rounds = python(`    a, b, x, n = item\n    out.append(repr(round(x, n)))`, cases);
    cases.forEach(([a, b, x, n], i) => {
      let ours: number;
      try {
        ours = intTrueDiv(BigInt(a), BigInt(b));
      } catch {
        ours = Infinity;
      }
      expect(Object.is(ours, divisions[i]), `${a} / ${b}`).toBe(true);
      expect(Object.is(floatRound(x, n), rounds[i]), `round(${x}, ${n})`).toBe(true);
    });
  });
});

if (!hasPython) console.warn('reward-numbers.test.ts: python3 not found; the comparisons with Python are skipped');
