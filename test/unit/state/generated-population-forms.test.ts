// The one form of "a generator, its parameters and its seed" (core/datasets/population-choice.ts): records
// saved in the older forms read back in it (a run's settings, the Plan screen's draft), and the current form
// passes unchanged through each reader.
import { describe, expect, test } from 'vitest';
import {
  upgradeGeneratedSource,
  upgradePopulationChoice,
  type GeneratedPopulation,
} from '../../../src/core/datasets/population-choice.ts';
import { readDraft } from '../../../src/state/plan/plan-draft.ts';

const draft = (source: unknown) => ({ source, bands: [], choice: 'typed', text: 'state', form: null, name: 'x' });

describe('one form for a generated population', () => {
  test("a Plan draft kept with the generator's name as `name` reads with `generator`", () => {
    const old = { kind: 'generator', name: 'sclm', parameters: { arms: 50 }, seed: 3, weeks: 4 };
    const read = readDraft(draft(old));
    expect(read?.source).toEqual({ kind: 'generator', generator: 'sclm', parameters: { arms: 50 }, seed: 3, weeks: 4 });
  });

  test('a current draft, a file draft and a population draft read as they were kept', () => {
    const current = { kind: 'generator', generator: 'dlm', parameters: {}, seed: 1, weeks: 2 };
    expect(readDraft(draft(current))?.source).toEqual(current);
    const population = { kind: 'population', populationId: 'p1', name: 'Kenya', seed: 0 };
    expect(readDraft(draft(population))?.source).toEqual(population);
    const file = { kind: 'file', file: new Blob(['id']), fileName: 'r.csv', seed: 0 };
    expect(readDraft(draft(file))?.source.kind).toBe('file');
    expect((readDraft(draft(file))?.source as { file: Blob }).file).toBe(file.file);
  });

  test("a run's settings saved as { source: 'generator' } read as the same form", () => {
    const old = { source: 'generator', generator: 'sclm', parameters: { arms: 10 }, seed: 2 };
    const expected: GeneratedPopulation = { kind: 'generator', generator: 'sclm', parameters: { arms: 10 }, seed: 2 };
    expect(upgradePopulationChoice(old)).toEqual(expected);
    expect(upgradePopulationChoice(expected)).toBe(expected);
  });

  test('a value that is not an old generated source is returned as it is', () => {
    for (const v of [null, 3, { kind: 'generator', name: 7 }, { kind: 'file', name: 'a' }])
      expect(upgradeGeneratedSource(v)).toBe(v);
  });
});
