import { describe, expect, test } from 'vitest';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';
import { bandableGroups, reband } from '../../../../src/pipeline/plan/reband.ts';

const schema: FeatureSchema = {
  columns: [
    { name: 'age', label: 'age', description: '', type: 'integer', group: 'age' },
    { name: 'phone', label: 'phone', description: '', type: 'binary', group: 'phone' },
  ],
  groups: [
    { name: 'age', kind: 'bucketed', columns: [0], ordered: true, buckets: ['<= 30', '> 30'], edges: [30] },
    { name: 'phone', kind: 'bucketed', columns: [1], ordered: true, buckets: ['no', 'yes'], edges: [0] },
  ],
};
// ages 18..57 of 40 arms, phone alternating
const features = Float64Array.from({ length: 80 }, (_, k) => (k % 2 === 0 ? 18 + k / 2 : (k - 1) % 4 === 0 ? 1 : 0));

describe('bands of numeric features', () => {
  test('only numeric single-column groups can be re-banded', () => {
    expect(bandableGroups(schema)).toEqual([{ group: 'age', column: 'age', cuts: [30], integer: true }]);
    expect(() => reband(schema, features, 40, 'phone', { bands: 2 })).toThrow(/not a numeric feature with bands/);
  });

  test('cut at typed points, labelled as integer bands, other groups untouched', () => {
    const out = reband(schema, features, 40, 'age', { cuts: [20, 40] });
    expect(out.groups[0]).toMatchObject({ edges: [20, 40], buckets: ['<= 20', '21-40', '> 40'] });
    expect(out.groups[1]).toBe(schema.groups[1]);
    expect(schema.groups[0].edges).toEqual([30]);
  });

  test('refuses cut points that do not increase or are not numbers, naming the feature', () => {
    expect(() => reband(schema, features, 40, 'age', { cuts: [40, 20] })).toThrow(
      'the cut points of "age" must increase: 40 then 20',
    );
    expect(() => reband(schema, features, 40, 'age', { cuts: [NaN] })).toThrow('cut point 1 of "age" is not a number');
  });

  test('cut at quantiles: four bands of ten arms each', () => {
    const out = reband(schema, features, 40, 'age', { bands: 4 });
    expect(out.groups[0].edges).toEqual([27, 37, 47]);
  });
});
