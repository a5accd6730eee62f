// Her register on the Data screen: the import worker reads it with the weekly plan's own reader and
// estimates its transitions with the plan's estimator, so that What-if and runs compare policies on
// her own beneficiaries at her own budget.
import { describe, expect, test } from 'vitest';
import { parseHistoryCsv } from '../../../../src/core/datasets/register-csv.ts';
import { defaultPriorGroup } from '../../../../src/core/plan/plan-settings.ts';
import { planPosterior } from '../../../../src/core/plan/plan-state.ts';
import { defaultBudget } from '../../../../src/core/datasets/register-csv.ts';
import { readImportFile } from '../../../../src/workers/import/import-population.ts';
import { textFeaturesCsv, textHistoryCsv, TEXT_NUM, TEXT_WEEKS } from '../../../fixtures/text-register.ts';
import { weekBytes } from '../../../../src/core/plan/week-states.ts';

const features = { file: new Blob([textFeaturesCsv()]), fileName: 'features.csv' };
const history = () => new Blob([textHistoryCsv()]);

describe('the Data screen reads her register as the weekly plan does', () => {
  test(
    "a history with its features: guessed as a register, transitions the plan's estimate, her budget, her " +
      'current states',
    async () => {
      const result = await readImportFile(history(), 'history.csv', undefined, { features });
      expect(result.kind).toBe('register');
      if (!result.ok) throw new Error(result.error.message);
      const { instance } = result;
      const register = parseHistoryCsv(textHistoryCsv(), textFeaturesCsv(), {
        fileName: 'history.csv',
        featuresFileName: 'features.csv',
      });
      const posterior = planPosterior(register, defaultPriorGroup(register.schema))!;
      expect(instance.numArms).toBe(TEXT_NUM);
      expect(Array.from(instance.transitions)).toEqual(Array.from(posterior.transitions));
      expect(instance.budget).toBe(defaultBudget(TEXT_NUM));
      const current = weekBytes(register.history.states[TEXT_WEEKS - 1]);
      expect(Array.from({ length: TEXT_NUM }, (_, arm) => instance.initial[arm * 2 + 1])).toEqual(Array.from(current));
      expect(instance.warnings[0]).toBe(
        `transitions estimated from ${TEXT_WEEKS} weeks of history by the weekly plan's estimator`,
      );
    },
  );

  test(
    'its text columns are groups named as written, and its numbers come unbanded, to be banded on ' + 'the preview',
    async () => {
      const result = await readImportFile(history(), 'history.csv', 'register', { features });
      if (!result.ok) throw new Error(result.error.message);
      const { schema } = result.instance;
      expect(schema.groups.map((g) => [g.name, g.buckets])).toEqual([
        ['district', ['पालघर', 'ठाणे', 'नाशिक', 'Mumbai Suburban', 'रत्नागिरी', 'not recorded']],
        ['language', ['ગુજરાતી', 'मराठी', 'Hindi']],
        ['education', ['secondary school', 'primary school', 'graduate', 'none', 'not recorded']], // most held first
      ]);
      expect(schema.columns.find((c) => c.name === 'age_years')!.group).toBeNull();
      const merged = await readImportFile(history(), 'history.csv', 'register', {
        features,
        text: { merge: { district: true } },
      });
      expect(merged.ok && merged.instance.schema.groups[0].buckets).toEqual([
        'पालघर',
        'ठाणे',
        'नाशिक',
        'Mumbai Suburban',
        'other',
        'not recorded',
      ]);
    },
  );

  test('a history without its features file, or a wide register: said in words', async () => {
    const alone = await readImportFile(history(), 'history.csv', 'register');
    if (!alone.ok) throw new Error(alone.error.message);
    expect(alone.instance.schema.groups).toEqual([]);
    expect(alone.instance.warnings[0]).toBe(
      'history.csv came without a features file: the register has no features, so there are no groups to compare ' +
        'or to give shares',
    );
    const wide = await readImportFile(new Blob(['id,district,state\na,पालघर,1\nb,,0\nc,ठाणे,0\n']), 'register.csv');
    expect(wide.kind).toBe('register');
    if (!wide.ok) throw new Error(wide.error.message);
    expect(wide.instance.schema.groups[0].buckets).toEqual(['पालघर', 'ठाणे', 'not recorded']);
    expect(wide.instance.warnings[0]).toBe(
      "transitions estimated from 1 week of history by the weekly plan's estimator",
    );
  });
});
