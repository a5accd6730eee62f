// One default budget: a population file without a budget, a register and a saved population get the
// same calls a week on every screen and command (a tenth of the beneficiaries).
import { describe, expect, test } from 'vitest';
import { parsePopulationCsv } from '../../../../src/core/datasets/population-csv.ts';
import { defaultBudget } from '../../../../src/core/limits/default-budget.ts';
import { readRegister } from '../../../../src/pipeline/plan/register-source.ts';

const rows = (n: number) =>
  ['id,q00,q01,q10,q11,age', ...Array.from({ length: n }, (_, i) => `m${i},0.3,0.5,0.6,0.8,${20 + (i % 20)}`)].join(
    '\n',
  );

describe('defaultBudget', () => {
  test('a tenth of the beneficiaries, at least one', () => {
    expect([defaultBudget(1), defaultBudget(8), defaultBudget(3000), defaultBudget(48)]).toEqual([1, 1, 300, 5]);
  });

  test('a population CSV without a budget gets it, and the plan keeps a saved population’s budget', async () => {
    const instance = parsePopulationCsv(rows(3000), { fileName: 'mothers.csv' });
    expect(instance.budget).toBe(300);
    const register = await readRegister({
      kind: 'population',
      instance: { ...instance, budget: 250 },
      name: 'mothers',
      seed: 0,
    });
    expect(register.budget).toBe(250);
  });
});
