// `multilingual`: the correlated synthetic population of the multilingual DLM study (section 2.1).
// Structural equations with strength alpha:
//   Age, Education, Language ~ U[0, 1]
//   Income   <- clip(alpha (Age + Education) / 2 + (1 - alpha) U[0, 1])
//   Phone    <- clip(alpha (1 - Income) + (1 - alpha) U[0, 1])
//   CallTime <- clip(alpha Phone + (1 - alpha) U[0, 1])
// each value cut into its buckets (Table 4) and one-hot encoded as the 34 features of Table 5.
// Transitions as in SCLM (the paper follows Verma et al. 2024) with the Table 1 weights on the
// bucket indices scaled to [0, 1] (negative weight: lower buckets gain more from a call).
import type { FeatureSchema } from '../../instance/types.ts';
import { RANGES } from '../../limits/setting-ranges.ts';
import { seededRandom } from '../../random/seeded-random.ts';
import {
  commonParameters,
  effectParameters,
  generatedInstance,
  resolveParameters,
  type PopulationGenerator,
} from './population-generator.ts';
import { clip01, drawEffect, setEffectArm, twoStateArrays } from './two-state.ts';
import { oneHotSchema } from '../one-hot-schema.ts';

/** [group, ordered, effect weight (Table 1), [name, label][]] in Table 5 order (features 0-33). */
const GROUPS: [string, boolean, number, [string, string][]][] = [
  [
    'Age',
    true,
    0.8,
    [
      ['age_10_20', 'Ages 10-20'],
      ['age_21_30', 'Ages 21-30'],
      ['age_31_40', 'Ages 31-40'],
      ['age_41_50', 'Ages 41-50'],
      ['age_51_60', 'Ages 51-60'],
    ],
  ],
  [
    'Language',
    false,
    -0.3,
    [
      ['speaks_hindi', 'Speaks Hindi'],
      ['speaks_marathi', 'Speaks Marathi'],
      ['speaks_gujarati', 'Speaks Gujarati'],
      ['speaks_kannada', 'Speaks Kannada'],
      ['speaks_tamil', 'Speaks Tamil'],
    ],
  ],
  [
    'Education',
    true,
    1.5,
    [
      ['education_1', 'Education level 1/7 – Illiterate'],
      ['education_2', 'Education level 2/7 – 1-5th Grade Completed'],
      ['education_3', 'Education level 3/7 – 6-9th Grade Completed'],
      ['education_4', 'Education level 4/7 – 10th Grade Passed'],
      ['education_5', 'Education level 5/7 – 12th Grade Passed'],
      ['education_6', 'Education level 6/7 – Graduate'],
      ['education_7', 'Education level 7/7 – Post Graduate'],
    ],
  ],
  [
    'Phone ownership',
    true,
    -1.5,
    [
      ['phone_owner_woman', 'Phone owner 0 (e.g., woman)'],
      ['phone_owner_husband', 'Phone owner 1 (e.g., husband)'],
      ['phone_owner_family', 'Phone owner 2 (e.g., family)'],
    ],
  ],
  [
    'Times to be called',
    true,
    0.3,
    [
      ['call_0830_1030', 'To be called from 8:30 am - 10:30 am'],
      ['call_1030_1230', 'To be called from 10:30 am - 12:30 pm'],
      ['call_1230_1530', 'To be called from 12:30 pm - 3:30 pm'],
      ['call_1530_1730', 'To be called from 3:30 pm - 5:30 pm'],
      ['call_1730_1930', 'To be called from 5:30 pm - 7:30 pm'],
      ['call_1930_2130', 'To be called from 7:30 pm - 9:30 pm'],
    ],
  ],
  [
    'Income',
    true,
    1.5,
    [
      ['income_1', 'Income bracket 1 (no income)'],
      ['income_2', 'Income bracket 2 (e.g., 1-5000)'],
      ['income_3', 'Income bracket 3 (e.g., 5001-10000)'],
      ['income_4', 'Income bracket 4 (e.g., 10001-15000)'],
      ['income_5', 'Income bracket 5 (e.g., 15001-20000)'],
      ['income_6', 'Income bracket 6 (e.g., 20001-25000)'],
      ['income_7', 'Income bracket 7 (e.g., 25001-30000)'],
      ['income_8', 'Income bracket 8 (e.g., 30000-999999)'],
    ],
  ],
];

/** Table 1 weights, in GROUPS order: Age, Language, Education, Phone ownership, Times to be called, Income. */
export const MULTILINGUAL_WEIGHTS = GROUPS.map(([, , w]) => w);

/** The 34 one-hot features of the multilingual paper's Table 5, in its order. */
export function multilingualSchema(): FeatureSchema {
  return oneHotSchema(GROUPS.map(([group, ordered, , members]) => [group, ordered, members] as const));
}

/** Bucket of a value in [0, 1] among k equal-width buckets (allot's choice; the paper only says "bucketed"). */
export const bucketOf = (value: number, k: number) => Math.min(k - 1, Math.floor(value * k));

export const multilingualGenerator: PopulationGenerator = {
  name: 'multilingual',
  description:
    "The multilingual DLM study's correlated population: a graphical model over age, education, income, phone " +
    'ownership and call time with strength --alpha, 34 one-hot features',
  parameters: [
    {
      name: 'alpha',
      description: 'strength of the relationships in the graphical model, in [0, 1] (the paper studies 0.2 and 0.8)',
      default: 0.2,
      ...RANGES.probability,
      source: 'multilingual paper section 2.1 (0.2 and 0.8)',
      ownChoice: false,
    },
    ...commonParameters(
      { arms: 100, budget: 10, horizon: 12, discount: 0.9 },
      { arms: 'allot', budget: 'allot', horizon: 'allot', discount: 'allot' },
    ),
    ...effectParameters(
      { effect: 0.4, sigma: 0.1 },
      { effect: 'allot', sigma: 'SCLM Table 2 (the paper follows Verma et al. 2024)' },
    ),
  ],
  ownChoices: [
    'The paper does not publish N, B, T or the discount: 100 arms, budget 10, horizon 12, discount 0.9; default ' +
      "alpha 0.2 (the first of the paper's two values).",
    'Each value in [0, 1] falls into equal-width buckets (value * k, rounded down); Phone ownership 0 woman, 1 ' +
      'husband, 2 family.',
    'Passive P(engaged next | state) ~ U[0, 1] and the effect as in sclm: mean effect * (w . x - min) / (max - ' +
      'min) with x the bucket index / (k - 1), floored at 0.',
    'Arms start in the stationary distribution of their passive chain.',
  ],
  generate(given, seed) {
    const p = resolveParameters(multilingualGenerator, given);
    const schema = multilingualSchema();
    const alpha = p.alpha;
    const N = p.arms;
    const F = schema.columns.length;
    const random = seededRandom(seed);
    const { features, transitions, initial } = twoStateArrays(N, F);
    const values = new Float64Array(GROUPS.length);
    const x = new Float64Array(GROUPS.length);
    for (let arm = 0; arm < N; arm++) {
      const age = random.next();
      const language = random.next();
      const education = random.next();
      const income = clip01((alpha * (age + education)) / 2 + (1 - alpha) * random.next());
      const phone = clip01(alpha * (1 - income) + (1 - alpha) * random.next());
      const callTime = clip01(alpha * phone + (1 - alpha) * random.next());
      values.set([age, language, education, phone, callTime, income]);
      for (let g = 0; g < GROUPS.length; g++) {
        const k = schema.groups[g].columns.length;
        const bucket = bucketOf(values[g], k);
        features[arm * F + schema.groups[g].columns[bucket]] = 1;
        x[g] = bucket / (k - 1);
      }
      const q00 = random.next();
      const q10 = random.next();
      setEffectArm(transitions, initial, arm, q00, q10, drawEffect(random, MULTILINGUAL_WEIGHTS, x, p.effect, p.sigma));
    }
    return generatedInstance('multilingual', p, seed, { numArms: N, transitions, schema, features, initial });
  },
};
