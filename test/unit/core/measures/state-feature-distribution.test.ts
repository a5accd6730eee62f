import { describe, expect, test } from 'vitest';
import { DLM_REFLECTION_LAYOUT } from '../../../../src/core/datasets/dlm-reflection-layout.ts';
import { dlmSchema } from '../../../../src/core/datasets/dlm-schema.ts';
import { bucketOfArms } from '../../../../src/core/measures/bucket-of-arms.ts';
import { distributionCategories } from '../../../../src/core/measures/distribution-categories.ts';
import { distributionText, formatPercent } from '../../../../src/core/measures/distribution-text.ts';
import { stateFeatureDistribution } from '../../../../src/core/measures/state-feature-distribution.ts';
import { utilityPerBucket } from '../../../../src/core/measures/utility-per-bucket.ts';
import { features, occupancy, occupancyOf, schema } from './occupancy-fixture.ts';

describe('bucketOfArms', () => {
  test('puts an arm with no one-hot column set, or a NaN value, in no bucket (-1)', () => {
    const f = Float64Array.from([0, 0, Number.NaN]);
    expect([...bucketOfArms(f, 1, 3, schema.groups[0])]).toEqual([-1]);
    expect([...bucketOfArms(f, 1, 3, schema.groups[1])]).toEqual([-1]);
  });

  test('refuses a bucketed group whose edges do not match its buckets', () => {
    expect(() => bucketOfArms(features, 3, 3, { ...schema.groups[1], edges: [10] })).toThrow(
      '3 buckets but 1 edges (expected 2)',
    );
  });

  test('reads one-hot members and bucket edges (value <= edge falls in the lower bucket)', () => {
    expect([...bucketOfArms(features, 3, 3, schema.groups[0])]).toEqual([0, 1, 1]);
    expect([...bucketOfArms(features, 3, 3, schema.groups[1])]).toEqual([0, 1, 2]);
  });
});

describe('stateFeatureDistribution', () => {
  test('gives zero shares, not NaN, when no arm is ever in a positive state', () => {
    const none = occupancyOf([
      [
        [10, 0],
        [10, 0],
        [10, 0],
      ],
    ]);
    const d = stateFeatureDistribution(none, { features, schema }, { weight: 'positive-states' });
    expect(d[0].shares).toEqual([0, 0]);
  });

  test('shares positive states over buckets as Algorithm 2 does', () => {
    // positive steps 3, 1, 6 of 10 in total
    const d = stateFeatureDistribution(occupancy, { features, schema }, { weight: 'positive-states' });
    expect(d).toEqual([
      { group: 'Age', buckets: ['Young', 'Old'], shares: [0.3, 0.7] },
      { group: 'Income', buckets: ['Low', 'Mid', 'High'], shares: [0.3, 0.1, 0.6] },
    ]);
  });

  test("shares reward instead when asked, with the candidate's own reward table, discounted if asked", () => {
    // reward: 1 in state 1, plus 1 in both states for the old arms -> weights 3, 10+1 = 11, 10+6 = 16 (undiscounted)
    const reward = Float64Array.from([0, 1, 1, 2, 1, 2]);
    const d = stateFeatureDistribution(occupancy, { features, schema }, { weight: 'reward', rewardTable: reward });
    expect(d[1].shares).toEqual([3 / 30, 11 / 30, 16 / 30]);
    // discounted occupancies: 2, 6 + 2 = 8, 3 + 8 = 11
    const disc = stateFeatureDistribution(
      occupancy,
      { features, schema },
      { weight: 'reward', rewardTable: reward, discounted: true },
    );
    expect(disc[1].shares).toEqual([2 / 21, 8 / 21, 11 / 21]);
    expect(() => stateFeatureDistribution(occupancy, { features, schema }, { weight: 'reward' })).toThrow(
      "weight 'reward' needs a reward (or utility) table of 3 arms x 2 states, got none",
    );
  });
});

describe('formatPercent', () => {
  test('prints two decimals as Python\'s "%.2f": exact ties to even, no negative zero', () => {
    expect(formatPercent(0.125)).toBe('0.12');
    expect(formatPercent(0.375)).toBe('0.38');
    expect(formatPercent(12.625)).toBe('12.62');
    expect(formatPercent(-0.125)).toBe('-0.12');
    expect(formatPercent(-0.001)).toBe('0.00');
    expect(formatPercent(100)).toBe('100.00');
    expect(formatPercent(100 / 3)).toBe('33.33');
    expect(formatPercent(2 / 3)).toBe('0.67');
    // 1.005 is stored as 1.00499999999999989...: both languages print 1.00.
    expect(formatPercent(1.005)).toBe('1.00');
  });
});

describe('distributionCategories and distributionText', () => {
  test('prints a heading per group and a line per bucket, schema order by default', () => {
    const d = stateFeatureDistribution(occupancy, { features, schema }, { weight: 'positive-states' });
    expect(distributionText(distributionCategories(d))).toBe(
      'Category: Age\nYoung: 30.00%\nOld: 70.00%\nCategory: Income\nLow: 30.00%\nMid: 10.00%\nHigh: 60.00%',
    );
  });

  test('refuses a layout that names a missing group or the wrong number of labels', () => {
    const d = stateFeatureDistribution(occupancy, { features, schema }, { weight: 'positive-states' });
    expect(() => distributionCategories(d, [{ group: 'Ages', heading: 'Ages' }])).toThrow('names group "Ages"');
    expect(() => distributionCategories(d, [{ group: 'Age', heading: 'Ages', labels: ['a'] }])).toThrow(
      'gives 1 labels for group "Age", which has 2 buckets',
    );
  });

  // DLM NeurIPS appendix L, Index 0 of L.1 (Older Bias; its income lines sum to 100.01%) and of L.2 (Marathi
  // Speakers + Middle Aged), as printed: each line once, with its percentage in each block.
  const PRINTED: [line: string, olderBias: string, marathiMiddleAged: string][] = [
    ['Category: Ages', '', ''],
    ['Ages 10-20', '18.18', '4.02'],
    ['Ages 21-30', '27.75', '12.04'],
    ['Ages 31-40', '22.95', '82.79'],
    ['Ages 41-50', '2.95', '1.16'],
    ['Ages 51-60', '28.17', '0.00'],
    ['Category: Income', '', ''],
    ['Income bracket -1 (no income)', '0.00', '0.00'],
    ['Income bracket 1 (e.g., 0-5000)', '9.13', '2.49'],
    ['Income bracket 2 (e.g., 5001-10000)', '55.81', '62.28'],
    ['Income bracket 3 (e.g., 10001-15000)', '23.35', '32.25'],
    ['Income bracket 4 (e.g., 15001-20000)', '5.85', '2.43'],
    ['Income bracket 5 (e.g., 20001-25000)', '5.87', '0.56'],
    ['Income bracket 6 (e.g., 25001-30000)', '0.00', '0.00'],
    ['Income bracket 7 (e.g., 30000-999999)', '0.00', '0.00'],
    ['Category: Calling Times', '', ''],
    ['8:30am-10:30am', '7.45', '5.45'],
    ['10:30am-12:30pm', '4.68', '13.50'],
    ['12:30pm-3:30pm', '53.17', '32.12'],
    ['3:30pm-5:30pm', '13.74', '17.42'],
    ['5:30pm-7:30pm', '9.48', '1.74'],
    ['7:30pm-9:30pm', '11.48', '29.77'],
    ['Category: Education Levels', '', ''],
    ['Illiterate', '4.75', '1.13'],
    ['1-5th Grade Completed', '6.22', '18.09'],
    ['6-9th Grade Completed', '31.70', '32.36'],
    ['10th Grade Passed', '20.22', '30.49'],
    ['12th Grade Passed', '37.10', '14.38'],
    ['Graduate', '0.00', '0.59'],
    ['Post graduate', '0.00', '2.96'],
    ['Category: Languages Spoken', '', ''],
    ['Speaks Hindi', '35.23', '16.86'],
    ['Speaks Marathi', '64.77', '83.14'],
    ['Speaks Gujurati', '0.00', '0.00'],
    ['Speaks Kannada', '0.00', '0.00'],
    ['Category: Phone Owners', '', ''],
    ['Phone owner - Woman', '91.23', '95.22'],
    ['Phone owner - Husband', '5.72', '3.02'],
    ['Phone owner - Family', '3.05', '1.76'],
    ['Category: Organizations', '', ''],
    ['NGO', '75.58', '92.87'],
    ['ARMMAN', '24.42', '7.13'],
    ['PHC', '0.00', '0.00'],
  ];
  const printedBlock = (column: 1 | 2) =>
    PRINTED.map((row) => (row[column] === '' ? row[0] : `${row[0]}: ${row[column]}%`)).join('\n');

  test.each([
    ['L.1 Index 0', printedBlock(1)],
    ['L.2 Index 0', printedBlock(2)],
  ])(
    "reproduces the paper's printed reflection block (%s) character for character on the 43-feature schema",
    (_, text) => {
      const dlm = dlmSchema();
      const numFeatures = dlm.columns.length;
      // Per category, integer masses (units of 1e-4 %) that round to the printed percentages and sum
      // to the same total; the printed values are themselves rounded, so a category may sum to 100.01.
      const TOTAL = 1_000_000;
      const categories = text
        .split('Category: ')
        .slice(1)
        .map((block) => {
          const [heading, ...lines] = block.trim().split('\n');
          const section = DLM_REFLECTION_LAYOUT.find((s) => s.heading === heading)!;
          const units = lines.map((l) => Math.round(Number(l.slice(l.lastIndexOf(': ') + 2, -1)) * 10_000));
          let excess = units.reduce((a, b) => a + b, 0) - TOTAL;
          for (let b = 0; excess !== 0 && b < units.length; b++) {
            if (units[b] === 0) continue;
            const step = Math.sign(excess) * Math.min(Math.abs(excess), 49);
            units[b] -= step;
            excess -= step;
          }
          expect(excess).toBe(0);
          return { group: dlm.groups.find((g) => g.name === section.group)!, units };
        });
      // Arms: the common refinement of every category's partition of [0, TOTAL); each piece is one arm
      // whose positive-state occupancy is its length.
      const cuts = new Set([0, TOTAL]);
      for (const c of categories) c.units.reduce((acc, u) => (cuts.add(acc + u), acc + u), 0);
      const points = [...cuts].sort((a, b) => a - b);
      const numArms = points.length - 1;
      const feats = new Float64Array(numArms * numFeatures);
      const rows: number[][][] = [[]];
      for (let arm = 0; arm < numArms; arm++) {
        for (const { group, units } of categories) {
          let acc = 0;
          let b = 0;
          while (acc + units[b] <= points[arm]) acc += units[b++];
          feats[arm * numFeatures + group.columns[b]] = 1;
        }
        rows[0].push([1, points[arm + 1] - points[arm]]);
      }
      const d = stateFeatureDistribution(
        occupancyOf(rows),
        { features: feats, schema: dlm },
        { weight: 'positive-states' },
      );
      expect(distributionText(distributionCategories(d, DLM_REFLECTION_LAYOUT))).toBe(text);
    },
  );
});

describe('utilityPerBucket', () => {
  test('sums discounted good-state steps per bucket by default, with arm counts', () => {
    const u = utilityPerBucket(occupancy, { features, schema }, schema.groups[0]);
    expect([...u.utility]).toEqual([2, 5]);
    expect([...u.arms]).toEqual([1, 2]);
  });

  test('uses the undiscounted occupancy and a utility table when asked', () => {
    const table = Float64Array.from([1, 1, 0, 2, 0, 0]);
    const u = utilityPerBucket(occupancy, { features, schema }, schema.groups[1], {
      discounted: false,
      utilityTable: table,
    });
    // arm 0: 7 + 3 = 10; arm 1: 2 * 1 = 2; arm 2: 0
    expect([...u.utility]).toEqual([10, 2, 0]);
  });
});
