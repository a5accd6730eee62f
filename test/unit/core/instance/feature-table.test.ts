import { describe, expect, test } from 'vitest';
import {
  appendTables,
  asTable,
  columnValues,
  narrowColumn,
  rowMajor,
  rowsOf,
} from '../../../../src/core/instance/feature-table.ts';
import { compileReward } from '../../../../src/core/reward/compile-reward.ts';
import { groupBuckets } from '../../../../src/core/measures/group-buckets.ts';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';

const same = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  Array.from(a).every((x, i) => Object.is(x, b[i])) && a.length === b.length;

describe('feature columns', () => {
  test('a column is bytes only when every value is a whole number 0..255 and not -0', () => {
    expect(narrowColumn(Float64Array.from([0, 1, 255, 7]))).toBeInstanceOf(Uint8Array);
    for (const odd of [256, -1, 0.5, NaN, -0, Infinity]) {
      expect(narrowColumn(Float64Array.from([1, odd])), String(odd)).toBeInstanceOf(Float64Array);
    }
  });

  test('rows to columns and back give every value bit for bit; rowsOf takes rows in any order', () => {
    const N = 5,
      F = 4;
    const rows = Float64Array.from([1, 0, 2.5, -0, 0, 1, NaN, 3, 1, 0, 1e300, 255, 0, 1, -7, 0, 1, 0, 0, 256]);
    const table = asTable(rows, N, F);
    expect(table.columns.map((c) => c.constructor.name)).toEqual([
      'Uint8Array',
      'Uint8Array',
      'Float64Array',
      'Float64Array',
    ]);
    expect(asTable(rows, N, F)).toBe(table);
    expect(same(rowMajor(table), rows)).toBe(true);
    const picked = rowsOf(table, [3, 0]);
    expect(same(picked, [...rows.subarray(12, 16), ...rows.subarray(0, 4)])).toBe(true);
    const both = appendTables(table, asTable(Float64Array.from([0, 0, 1, 2]), 1, F));
    expect(both.numArms).toBe(6);
    expect(same(rowMajor(both), [...rows, 0, 0, 1, 2])).toBe(true);
    expect(() => asTable(rows, N, 3)).toThrow('expected 5 arms x 3 features');
  });

  test('buckets and rewards are the same from either layout', () => {
    const schema: FeatureSchema = {
      columns: ['a_x', 'a_y', 'n'].map((name, i) => ({
        name,
        label: name,
        description: '',
        type: i < 2 ? 'binary' : 'continuous',
        group: i < 2 ? 'a' : 'n',
      })),
      groups: [
        { name: 'a', kind: 'one-hot', columns: [0, 1], ordered: false, buckets: ['x', 'y'] },
        { name: 'n', kind: 'bucketed', columns: [2], ordered: true, buckets: ['<= 1', '> 1'], edges: [1] },
      ],
    };
    const rows = Float64Array.from([1, 0, 0.5, 0, 1, 2, 0, 1, 3, 1, 0, 1]);
    const copy = { numArms: 4, columns: asTable(rows, 4, 3).columns.map((c) => columnValues(c).slice()) };
    expect(groupBuckets(schema, copy, 4).map((b) => Array.from(b))).toEqual([
      [0, 1, 1, 0],
      [0, 1, 1, 0],
    ]);
    const population = { numArms: 4, numStates: 2, schema };
    const expr = 'state * (1 + agent_feats.a_y) + agent_feats.n';
    const a = compileReward(expr, { ...population, features: rows.slice() });
    const b = compileReward(expr, { ...population, features: copy });
    if (!a.ok || !b.ok) throw new Error('reward failed');
    expect(same(a.table, b.table)).toBe(true);
  });
});
