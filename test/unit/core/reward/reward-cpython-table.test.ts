// The attack kept running: a bounded fuzz test against a committed table of CPython results
// (test/fixtures/reward-cpython-table.json, written by test/reference/make-cpython-table.ts), so that
// machines without python3 compare too; where python3 is present the table is checked to still be
// what CPython computes. It holds the edge cases issue 18 found (0.5 ** 1e301, 2**1024 + 1.0/0,
// subnormal powers, comments ended by a bare \r) and 1,000 random expression trees.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';
import { compileReward } from '../../../../src/core/reward/compile-reward.ts';
import { compareWithPython } from '../../../reference/compare-with-python.ts';
import { EDGE_CASES, TABLE_PATH } from '../../../reference/make-cpython-table.ts';
import { hasPython, pythonOutcomes, type PythonOutcome } from '../../../reference/python-reward.ts';

interface Table {
  columns: [string, boolean][];
  arms: string[][];
  states: number;
  cases: { expr: string; python: string[][] }[];
}
const table = JSON.parse(readFileSync(TABLE_PATH, 'utf8')) as Table;
const outcome = (text: string): PythonOutcome => (text.startsWith('error: ') ? { error: text.slice(7) } : Number(text));
const arms = table.arms.map((arm) => arm.map(Number));
const schema: FeatureSchema = {
  columns: table.columns.map(([name, isFloat]) => ({
    name,
    label: name,
    description: '',
    type: isFloat ? 'continuous' : 'integer',
    group: null,
  })),
  groups: [],
};
const population = { numArms: arms.length, numStates: table.states, schema, features: Float64Array.from(arms.flat()) };

describe('reward expressions against the committed CPython table', () => {
  test(
    `the ${table.cases.length} expressions (the edge cases of issue 18 first) compute what CPython computed: ` +
      `same floats to the bit, same failures`,
    () => {
      expect(table.cases.slice(0, EDGE_CASES.length).map((c) => c.expr)).toEqual(EDGE_CASES);
      const mismatches: string[] = [];
      let equalEntries = 0;
      for (const c of table.cases) {
        const result = compareWithPython(
          c.expr,
          compileReward(c.expr, population),
          c.python.map((row) => row.map(outcome)),
          table.states,
        );
        mismatches.push(...result.mismatches);
        equalEntries += result.equalEntries;
      }
      expect(mismatches).toEqual([]);
      expect(equalEntries).toBeGreaterThan(table.cases.length * 6);
    },
  );

  test.skipIf(!hasPython)(
    'the table is still what python3 computes (python3 found)',
    () => {
      const now = pythonOutcomes(
        table.columns,
        table.cases.map((c) => ({ expr: c.expr, arms, states: table.states })),
      );
      const stale = table.cases
        .filter((c, k) => JSON.stringify(c.python.map((row) => row.map(outcome))) !== JSON.stringify(now[k]))
        .map((c) => c.expr);
      expect(stale).toEqual([]);
    },
    120_000,
  );
});
