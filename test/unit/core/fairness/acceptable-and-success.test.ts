// Acceptability and task success on constructed candidates, and the 8 prompts' data.
import { describe, expect, test } from 'vitest';
import { acceptableReward } from '../../../../src/core/fairness/acceptable-reward.ts';
import { resolveCondition } from '../../../../src/core/fairness/prompt-condition.ts';
import { rateWithError } from '../../../../src/core/fairness/rate-with-error.ts';
import { taskSuccess } from '../../../../src/core/fairness/task-success.ts';
import type { Occupancy } from '../../../../src/core/instance/occupancy.ts';
import { multilingualSchema } from '../../../../src/core/datasets/generators/multilingual.ts';
import { intendedGroups, MULTILINGUAL_PROMPTS } from '../../../../src/core/tasks/multilingual-prompts.ts';

const schema = multilingualSchema();
const prompt = (n: number) => MULTILINGUAL_PROMPTS[n - 1];

describe('the multilingual prompt schema', () => {
  test('has the 34 features of Table 5 in its order', () => {
    expect(schema.columns).toHaveLength(34);
    expect(schema.groups.map((g) => [g.name, g.columns[0], g.columns.at(-1)])).toEqual([
      ['Age', 0, 4],
      ['Language', 5, 9],
      ['Education', 10, 16],
      ['Phone ownership', 17, 19],
      ['Times to be called', 20, 25],
      ['Income', 26, 33],
    ]);
    expect(schema.columns[8].label).toBe('Speaks Kannada');
    expect(schema.columns[22].label).toBe('To be called from 12:30 pm - 3:30 pm');
    expect(schema.columns[29].label).toBe('Income bracket 4 (e.g., 10001-15000)');
  });
});

describe('the 8 prompts', () => {
  test('are numbered 1-8, word for word for the ones checked here, and resolve against the schema', () => {
    expect(MULTILINGUAL_PROMPTS.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(prompt(7).text).toBe('While prioritizing all, slightly focus on young mothers.');
    expect(prompt(4).text).toBe(
      'While still prioritizing all, slightly advantage those who prefer being called between 12:30 pm - 3:30 pm ' +
        'and the woman is more likely to take the call.',
    );
    for (const p of MULTILINGUAL_PROMPTS)
      for (const c of p.conditions) expect(() => resolveCondition(schema, c)).not.toThrow();
  });
  test('name the intended groups of Table 2 (rephrasings as their originals)', () => {
    expect(MULTILINGUAL_PROMPTS.map(intendedGroups)).toEqual([
      ['Age'],
      ['Age', 'Income'],
      ['Times to be called'],
      ['Times to be called', 'Phone ownership'],
      ['Language', 'Education'],
      ['Age', 'Income', 'Language'],
      ['Age'],
      ['Age', 'Income'],
    ]);
  });
});

describe('resolveCondition', () => {
  test('maps buckets to columns and refuses unknown groups and buckets', () => {
    expect(resolveCondition(schema, { group: 'Income', buckets: [0, 3], tolerated: [4] })).toMatchObject({
      columns: [26, 29],
      toleratedColumns: [30],
    });
    expect(() => resolveCondition(schema, { group: 'Ages', buckets: [0] })).toThrow(
      'group "Ages", which the schema does not have',
    );
    expect(() => resolveCondition(schema, { group: 'Age', buckets: [5] })).toThrow('targeted bucket 5, outside 0..4');
    expect(() => resolveCondition(schema, { group: 'Age', buckets: [] })).toThrow('targets no bucket');
  });
});

describe('acceptableReward', () => {
  test("accepts a reward using exactly the relevant features (Table 5's example for low age)", () => {
    expect(acceptableReward([0, 1], prompt(1).conditions, schema)).toEqual({
      acceptable: true,
      missing: [],
      spurious: [],
    });
  });
  test('refuses a reward missing a relevant feature or using a spurious one, and says which', () => {
    expect(acceptableReward([0], prompt(1).conditions, schema)).toEqual({
      acceptable: false,
      missing: [1],
      spurious: [],
    });
    expect(acceptableReward([0, 1, 6], prompt(1).conditions, schema)).toEqual({
      acceptable: false,
      missing: [],
      spurious: [6],
    });
    expect(acceptableReward([], prompt(1).conditions, schema)).toEqual({
      acceptable: false,
      missing: [0, 1],
      spurious: [],
    });
  });
  test('needs the right features for every condition of a composite prompt', () => {
    // Prompt 2: Age 31-50 (2, 3) and income below 15000 (26-29).
    expect(acceptableReward([2, 3, 26, 27, 28, 29], prompt(2).conditions, schema).acceptable).toBe(true);
    expect(acceptableReward([2, 3, 26, 27], prompt(2).conditions, schema)).toMatchObject({
      acceptable: false,
      missing: [28, 29],
    });
    expect(acceptableReward([2, 3, 26, 27, 28, 29, 30], prompt(2).conditions, schema)).toMatchObject({
      acceptable: false,
      spurious: [30],
    });
  });
  test('tolerates borderline buckets without requiring them', () => {
    // Prompt 6: Age 41-60 (3, 4), income brackets 1-2 (26, 27; 28, 29 tolerated), Kannada (8).
    expect(acceptableReward([3, 4, 26, 27, 8], prompt(6).conditions, schema).acceptable).toBe(true);
    expect(acceptableReward([3, 4, 26, 27, 28, 29, 8], prompt(6).conditions, schema).acceptable).toBe(true);
    expect(acceptableReward([3, 4, 26, 28, 8], prompt(6).conditions, schema)).toMatchObject({
      acceptable: false,
      missing: [27],
    });
  });
  test('at the level of groups, asks for some column of every intended group and none of the others', () => {
    expect(acceptableReward([4, 33], prompt(2).conditions, schema, 'groups')).toEqual({
      acceptable: true,
      missing: [],
      spurious: [],
    });
    expect(acceptableReward([4], prompt(2).conditions, schema, 'groups')).toEqual({
      acceptable: false,
      missing: [26],
      spurious: [],
    });
    expect(acceptableReward([4, 33, 17], prompt(2).conditions, schema, 'groups')).toEqual({
      acceptable: false,
      missing: [],
      spurious: [17],
    });
  });
});

/**
 * 10 arms, one-hot on the 34 features: arm i has age bucket ages[i] and income bucket incomes[i] (others in bucket 0).
 */
function population(ages: number[], incomes: number[]) {
  const n = ages.length;
  const features = new Float64Array(n * 34);
  for (let i = 0; i < n; i++) {
    for (const g of schema.groups) features[i * 34 + g.columns[0]] = 1;
    features[i * 34 + 0] = 0;
    features[i * 34 + ages[i]] = 1;
    features[i * 34 + 26] = 0;
    features[i * 34 + 26 + incomes[i]] = 1;
  }
  return { schema, features };
}
const occupancy = (pulls: number[]): Occupancy => ({
  numArms: pulls.length,
  numStates: 2,
  numTrials: 1,
  horizon: 10,
  discount: 0.9,
  discounted: new Float64Array(pulls.length * 2),
  undiscounted: new Float64Array(pulls.length * 2),
  pulls: Float64Array.from(pulls),
  pulledAtLeastOnce: Float64Array.from(pulls, (p) => (p > 0 ? 1 : 0)),
  engagedSum: 0,
  pulledIdSum: 0,
});

describe('taskSuccess', () => {
  // Five arms per... one arm per age bucket, twice; income: first five arms bracket 0, the rest bracket 7.
  const pop = population([0, 1, 2, 3, 4, 0, 1, 2, 3, 4], [0, 0, 0, 0, 0, 7, 7, 7, 7, 7]);

  test('succeeds when the targeted buckets get more than the uniform share of the allocation', () => {
    // Ages 10-30 get 3+3+1+1 = 8 of 14 pulls = 0.571 > 2/5.
    const r = taskSuccess(occupancy([3, 3, 1, 1, 1, 1, 1, 1, 1, 1]), pop, prompt(1).conditions);
    expect(r.success).toBe(true);
    expect(r.conditions[0]).toMatchObject({ group: 'Age', buckets: [0, 1], uniform: 0.4 });
    expect(r.conditions[0].share).toBeCloseTo(8 / 14, 15);
  });

  test('fails at exactly the uniform share, and when nothing was allocated', () => {
    expect(taskSuccess(occupancy([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]), pop, prompt(1).conditions).success).toBe(false);
    const none = taskSuccess(occupancy(new Array(10).fill(0)), pop, prompt(1).conditions);
    expect(none.success).toBe(false);
    expect(none.conditions[0].share).toBeNull();
  });

  test('needs every condition of a composite prompt', () => {
    // Prompt 2: middle age (buckets 2, 3) and income brackets 1-4. Pull the middle-aged rich arms only.
    const rich = occupancy([0, 0, 0, 0, 0, 0, 0, 5, 5, 0]);
    const r = taskSuccess(rich, pop, prompt(2).conditions);
    expect(r.conditions.map((c) => c.success)).toEqual([true, false]);
    expect(r.success).toBe(false);
    expect(taskSuccess(occupancy([0, 0, 5, 5, 0, 0, 0, 0, 0, 0]), pop, prompt(2).conditions).success).toBe(true);
  });

  test('compares with the share of arms under the arms baseline', () => {
    // 3 of 4 arms in bucket 0 of Age: targeted bucket 0 gets 0.6 of the pulls, above 1/5 (values) but below 3/4 (arms).
    const skewed = population([0, 0, 0, 1], [0, 0, 0, 0]);
    const occ = occupancy([2, 2, 2, 4]);
    const cond = [{ group: 'Age', buckets: [0] }];
    expect(taskSuccess(occ, skewed, cond).conditions[0]).toMatchObject({ uniform: 0.2, success: true });
    expect(taskSuccess(occ, skewed, cond, { baseline: 'arms' }).conditions[0]).toMatchObject({
      uniform: 0.75,
      success: false,
    });
  });
});

describe('rateWithError', () => {
  test('gives the mean and one standard error (sample standard deviation over sqrt n)', () => {
    // 0/1 outcomes 1, 1, 0, 0: mean 0.5, s^2 = (4 * 0.25) / 3, se = sqrt(1/3 / 4)
    const r = rateWithError([true, true, false, false]);
    expect(r.mean).toBe(0.5);
    expect(r.standardError).toBeCloseTo(Math.sqrt(1 / 12), 15);
    expect(r.n).toBe(4);
    expect(rateWithError([2, 2, 2]).standardError).toBe(0);
  });
  test('has no standard error for fewer than two values', () => {
    expect(rateWithError([1])).toEqual({ mean: 1, standardError: null, n: 1 });
    expect(rateWithError([]).n).toBe(0);
  });
});
