import { describe, expect, test } from 'vitest';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';
import { defaultForm, formOf, formSettings } from '../../../../src/state/plan/plan-form.ts';

const schema: FeatureSchema = {
  columns: [
    { name: 'age_young', label: 'young', description: '', type: 'binary', group: 'Ages' },
    { name: 'age_old', label: 'old', description: '', type: 'binary', group: 'Ages' },
  ],
  groups: [{ name: 'Ages', kind: 'one-hot', columns: [0, 1], ordered: true, buckets: ['young', 'old'] }],
};

describe('the plan form', () => {
  test('gives the defaults as settings: no exclusions, no cooldown, the first group for the prior', () => {
    const result = formSettings(defaultForm(10, schema), 'state', schema, 100);
    expect(result).toEqual({
      ok: true,
      settings: {
        reward: 'state',
        budget: 10,
        exclude: [],
        cooldown: 0,
        shares: [],
        seed: 0,
        draws: 20,
        priorGroup: 'Ages',
        level: 0.9,
      },
    });
  });

  test('names every field that is wrong, all at once', () => {
    const form = {
      ...defaultForm(0, schema),
      cooldown: -1,
      priorGroup: 'Nope',
      shares: [
        { group: 'Ages', bucket: 'old', min: 60, max: '50' },
        { group: 'Ages', bucket: 'ancient', min: '10', max: '' },
        { group: 'Ages', bucket: 'young', min: 'lots', max: null },
      ],
    };
    const result = formSettings(form, ' ', schema, 100);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([
      'Budget must be a whole number from 1 to 100, not 0',
      'Cooldown must be a whole number from 0 to 520, not -1',
      'Policy: choose a reward or type one',
      'Prior by group: the register has no group "Nope"',
      'Share 1 (Ages = old): the minimum share is above the maximum share',
      'Share 2 (Ages = ancient): the register has no such group and bucket',
      'Share 3 (Ages = young): the minimum share must be a percentage from 0 to 100, not "lots"',
    ]);
  });

  test('turns percentages into shares, skips empty share rows, and reads exclusions one per line', () => {
    const form = {
      ...defaultForm(10, schema),
      exclusions: 'a\nb\n',
      shares: [
        { group: 'Ages', bucket: 'old', min: 20, max: '' },
        { group: 'Ages', bucket: 'young', min: '', max: null },
      ],
    };
    const result = formSettings(form, 'state * 2', schema, 100);
    expect(result.ok && result.settings.shares).toEqual([{ group: 'Ages', bucket: 'old', min: 0.2 }]);
    expect(result.ok && result.settings.exclude).toEqual(['a', 'b']);
  });

  test("round-trips a plan's settings through the form", () => {
    const settings = {
      reward: 'state',
      budget: 5,
      exclude: ['x'],
      cooldown: 2,
      shares: [{ group: 'Ages', bucket: 'old', min: 0.25, max: 0.5 }],
      seed: 3,
      draws: 10,
      priorGroup: null,
      level: 0.9,
    };
    expect(formSettings(formOf(settings), 'state', schema, 100)).toEqual({ ok: true, settings });
  });
});
