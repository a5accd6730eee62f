// The What-if screen's default population choice, as the tests compute it on Node.
import { GENERATORS } from '../../src/core/datasets/generators.ts';
import type { PopulationChoice } from '../../src/core/datasets/population-choice.ts';

export function defaultChoiceForTest(): PopulationChoice {
  const dlm = GENERATORS.find((g) => g.name === 'dlm')!;
  return { kind: 'generator', generator: 'dlm', parameters: Object.fromEntries(dlm.parameters.map((p) => [p.name, p.default])), seed: 0 };
}
