// `sclm`: the synthetic domain of SCLM (appendix C.3, Table 2). Features A, B, C ~ U[0, 1];
// passive P(engaged next | state) ~ U[0, 1]; active = passive + a feature-driven effect drawn from
// N(mean(w . x), sigma), clipped to [0, 1]. SCLM does not publish N, B, T, the discount or the
// mean of the effect: those are allot's own choices, documented below and exposed as parameters.
import type { FeatureColumn, FeatureGroup, FeatureSchema } from '../../instance/types.ts';
import { seededRandom } from '../../random/seeded-random.ts';
import {
  commonParameters,
  effectParameters,
  generatedInstance,
  resolveParameters,
  type PopulationGenerator,
} from './population-generator.ts';
import { drawEffect, setEffectArm, twoStateArrays } from './two-state.ts';

/** SCLM Table 2: weights of features A, B, C per dataset, and sigma 0.1 for all three. */
export const SCLM_DATASETS: Record<1 | 2 | 3, { weights: [number, number, number]; sigma: number }> = {
  1: { weights: [0.8, -1.5, 1], sigma: 0.1 },
  2: { weights: [10, -1.5, 1], sigma: 0.1 },
  3: { weights: [1, -1.5, 10], sigma: 0.1 },
};

/** Bucket edges for A, B, C: the quintiles of U[0, 1] (allot's choice: 5 buckets). */
export const SCLM_EDGES = [0.2, 0.4, 0.6, 0.8];

export function sclmSchema(): FeatureSchema {
  const columns: FeatureColumn[] = [];
  const groups: FeatureGroup[] = [];
  for (const letter of ['A', 'B', 'C']) {
    const group = `Feature ${letter}`;
    columns.push({
      name: `feature_${letter.toLowerCase()}`,
      label: group,
      description: `Feature ${letter}, a value in [0, 1] (SCLM synthetic domain)`,
      type: 'continuous',
      group,
    });
    groups.push({
      name: group,
      kind: 'bucketed',
      columns: [columns.length - 1],
      ordered: true,
      buckets: ['0-0.2', '0.2-0.4', '0.4-0.6', '0.6-0.8', '0.8-1'].map((b) => `${letter} ${b}`),
      edges: [...SCLM_EDGES],
    });
  }
  return { columns, groups };
}

export const sclmGenerator: PopulationGenerator = {
  name: 'sclm',
  description:
    "SCLM's synthetic domain: features A, B, C ~ U[0, 1] driving the active effect with Table 2's weights " +
    '(datasets 1-3)',
  parameters: [
    {
      name: 'dataset',
      description: 'SCLM Table 2 dataset: 1 weights (0.8, -1.5, 1); 2 (10, -1.5, 1); 3 (1, -1.5, 10)',
      default: 1,
      min: 1,
      max: 3,
      integer: true,
      source: 'SCLM Table 2',
      ownChoice: false,
    },
    ...commonParameters(
      { arms: 100, budget: 10, horizon: 12, discount: 0.9 },
      { arms: 'allot', budget: 'allot', horizon: 'allot', discount: 'allot' },
    ),
    ...effectParameters({ effect: 0.4, sigma: 0.1 }, { effect: 'allot', sigma: 'SCLM Table 2' }),
  ],
  ownChoices: [
    'SCLM does not publish N, B, T or the discount: 100 arms, budget 10, horizon 12, discount 0.9.',
    'Mean effect (not published): effect * (w . x - min) / (max - min), the weighted sum rescaled to [0, 1] over ' +
      'its possible range; the drawn effect is floored at 0.',
    'Each feature is also cut into 5 buckets at 0.2, 0.4, 0.6, 0.8 (the quintiles of U[0, 1]) for distributions ' +
      'and prompts.',
    'Arms start in the stationary distribution of their passive chain.',
  ],
  generate(given, seed) {
    const p = resolveParameters(sclmGenerator, given);
    const { weights } = SCLM_DATASETS[p.dataset as 1 | 2 | 3];
    const N = p.arms;
    const random = seededRandom(seed);
    const { features, transitions, initial } = twoStateArrays(N, 3);
    for (let arm = 0; arm < N; arm++) {
      // SCLM C.3 step 1, then step 2.
      const q00 = random.next();
      const q10 = random.next();
      const x = features.subarray(arm * 3, arm * 3 + 3);
      for (let i = 0; i < 3; i++) x[i] = random.next();
      setEffectArm(transitions, initial, arm, q00, q10, drawEffect(random, weights, x, p.effect, p.sigma));
    }
    return generatedInstance('sclm', p, seed, { numArms: N, transitions, schema: sclmSchema(), features, initial });
  },
};
