import { beforeAll, describe, expect, test } from 'vitest';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';
import { compileReward } from '../../../../src/core/reward/compile-reward.ts';
import { compareWithPython } from '../../../reference/compare-with-python.ts';
import { hasPython, pythonOutcomes, type PythonOutcome } from '../../../reference/python-reward.ts';
import { randomExpression, seededRandom } from '../../../reference/random-reward-expression.ts';

// Random expression trees, evaluated by compileReward and by CPython: every entry must be the same
// float to the last bit (Object.is, so -0.0 too), and an expression must fail exactly where Python
// raises (same arm, same state). Two deviations are counted and skipped: allot refuses integers
// beyond MAX_INT_BITS, and a negative number to a fractional power (a complex number in Python,
// which can only matter when it is merely tested for truth, as in `x if (-3) ** 0.5 else y`).
// The Python side uses a correctly rounded pow (see python-reward.py), as allot does.

const schema: FeatureSchema = {
  columns: [
    { name: 'b0', label: 'b0', description: '', type: 'binary', group: null },
    { name: 'b1', label: 'b1', description: '', type: 'binary', group: null },
    { name: 'n0', label: 'n0', description: '', type: 'integer', group: null },
    { name: 'c0', label: 'c0', description: '', type: 'continuous', group: null },
    { name: 'c1', label: 'c1', description: '', type: 'continuous', group: null },
  ],
  groups: [],
};
const arms = [
  [0, 0, -0, 0.3, 1e10], // -0 in an integer column is the int 0
  [1, 0, 3, -2.5, -0],
  [0, 1, 17, 1e-3, 7.25],
  [1, 1, 45, 0, -3],
];
const numStates = 3;
const population = { numArms: arms.length, numStates, schema, features: Float64Array.from(arms.flat()) };
const columns = schema.columns.map((c): [string, boolean] => [c.name, c.type === 'continuous']);
const COUNT = Number(process.env.REWARD_PROPERTY_COUNT ?? 3000);

describe.skipIf(!hasPython)('random expression trees compute what CPython computes (python3 found)', () => {
  const random = seededRandom(20261121);
  const expressions = Array.from({ length: COUNT }, () =>
    randomExpression(random, { features: schema.columns.map((c) => c.name) }, 1 + Math.floor(random() * 5)),
  );
  let python: PythonOutcome[][][];
  beforeAll(() => {
    python = pythonOutcomes(
      columns,
      expressions.map((expr) => ({ expr, arms, states: numStates })),
    );
  }, 300_000);

  test(`${COUNT} random expressions over ${arms.length} arms x ${numStates} states: same floats, same failures`, () => {
    let equalEntries = 0,
      failing = 0,
      syntaxErrors = 0,
      beyondLimit = 0,
      complex = 0;
    const mismatches: string[] = [];
    expressions.forEach((expr, k) => {
      const c = compareWithPython(expr, compileReward(expr, population), python[k], numStates);
      mismatches.push(...c.mismatches);
      equalEntries += c.equalEntries;
      if (c.verdict === 'failing') failing++;
      else if (c.verdict === 'syntax') syntaxErrors++;
      else if (c.verdict === 'beyond-limit') beyondLimit++;
      else if (c.verdict === 'complex') complex++;
    });
    console.log(
      `reward-python: ${equalEntries} entries equal; ${failing} expressions raise at the same arm and state, ` +
        `${syntaxErrors} are refused by both parsers, ${beyondLimit} exceed allot's integer limit, ${complex} ` +
        `would be complex; of ${COUNT}`,
    );
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(equalEntries).toBeGreaterThan(COUNT * 3);
    expect(beyondLimit + complex).toBeLessThan(COUNT / 100);
  });
});

if (!hasPython) console.warn('reward-python.test.ts: python3 not found; the comparison with CPython is skipped');
